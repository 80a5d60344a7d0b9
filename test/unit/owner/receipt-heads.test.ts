import { beforeAll, describe, expect, it } from 'vitest';
import { messageText } from '../../../jobs/deliver';
import { verifiedReceiptText } from '../../../bot/views/owner/verify';
import { createTranslator, type Translator } from '../../../src/i18n';
import { headsListText } from '../../../src/services/head-label';
import type { VerifiedReceipt } from '../../../src/services/verify';

/**
 * A receipt for one owner's heads of a register entry names those heads — class in the reader's
 * language and the register's description — and says it covers only them: the chat receipt (rendered when sent,
 * jobs/deliver.ts) and the /verify answer (bot/views/owner/verify.ts). A receipt of the whole entry names none,
 * like the receipt PDF (src/documents/receipt.ts: lines by section only).
 */
describe('receipts that cover only some heads of an entry name them', () => {
  let tr: Translator;
  beforeAll(async () => {
    tr = await createTranslator({ strict: true });
  });
  const cow = { cattleClass: 'cow', description: 'black, white star' };
  const buffalo = { cattleClass: 'buffalo', description: 'brown' };
  const params = {
    number: 'JAI1-R-2026-000001',
    caseNumber: 'JAI1-2026-9',
    amount: 78000,
    fine: 30000,
    feeding: 48000,
    security: 0,
    term: 'Fine',
    at: '2026-11-29T04:30:00.000Z',
    code: 'AB12CD34',
    link: 'https://t.me/bot?start=verify_AB12CD34',
    context: 'itemised',
  };

  it('heads in words: the class in the reader’s language, capitalised where the script has capitals', () => {
    expect(headsListText(tr.forLang('en'), [cow, buffalo])).toBe('Cow, black, white star; Buffalo, brown');
    expect(headsListText(tr.forLang('hi'), [cow, buffalo])).toBe('गाय, black, white star; भैंस, brown');
  });

  it('the chat receipt of a part payment lists the owner’s heads and says it covers only them, in en and hi (plural by count)', () => {
    const part = { key: 'receipt:owner.s13_part', params: { ...params, headCount: 2 }, heads: [cow, buffalo] };
    const en = messageText(tr.forLang('en'), 'en', part);
    expect(en).toContain(
      'For your 2 animals of the case only: Cow, black, white star; Buffalo, brown. This receipt does not cover the other animals of the case.',
    );
    expect(en).toContain('Total received: ₹780.00');
    const hi = messageText(tr.forLang('hi'), 'hi', part);
    expect(hi).toContain(
      'प्रकरण के केवल आपके 2 पशुओं के लिए: गाय, black, white star; भैंस, brown। यह रसीद प्रकरण के अन्य पशुओं के लिए नहीं है।',
    );
    const one = messageText(tr.forLang('hi'), 'hi', {
      key: 'receipt:owner.s15_part',
      params: { ...params, context: undefined as unknown as string, headCount: 1, lastDay: '2026-12-07' },
      heads: [cow],
    });
    expect(one).toContain('प्रकरण के केवल आपके 1 पशु के लिए: गाय, black, white star।');
    expect(one).toContain('आपत्ति सहित जमा (धारा 15)');
    // The s. 15 receipt names the last day to complain (s. 20), not "in time".
    expect(one).toContain('मजिस्ट्रेट को परिवाद (शिकायत) 7 दिसंबर 2026 तक करें (धारा 20)।');
  });

  it('the chat receipt of the whole entry names no heads (as the receipt PDF)', () => {
    const whole = messageText(tr.forLang('en'), 'en', { key: 'receipt:owner.s13', params });
    expect(whole).not.toContain('of the case only');
    expect(whole).not.toContain('Cow');
  });

  it('/verify: a part receipt names its heads and that it covers only them; a whole receipt does not', () => {
    const r: VerifiedReceipt = {
      number: 'JAI1-R-2026-000001',
      caseNumber: 'JAI1-2026-9',
      amountPaise: 31000,
      issuedAt: new Date('2026-11-29T04:30:00Z'),
      kind: 'S15_DEPOSIT',
      heads: [cow],
    };
    const en = verifiedReceiptText({ t: tr.forLang('en') }, r);
    expect(en.split('\n').at(-1)).toBe(
      'Only for 1 animal of the case: Cow, black, white star. It does not cover the other animals of the case.',
    );
    const hi = verifiedReceiptText({ t: tr.forLang('hi') }, { ...r, heads: [cow, buffalo] });
    expect(hi.split('\n').at(-1)).toBe(
      'प्रकरण के केवल 2 पशुओं के लिए: गाय, black, white star; भैंस, brown। यह प्रकरण के अन्य पशुओं के लिए नहीं है।',
    );
    const { heads: _none, ...whole } = r;
    expect(verifiedReceiptText({ t: tr.forLang('en') }, whole)).toBe(
      tr.t('en', 'owner:verify.ok', {
        receipt: r.number,
        number: r.caseNumber,
        amount: 31000,
        at: r.issuedAt.toISOString(),
        kind: tr.t('en', 'owner:verify.kind_S15_DEPOSIT'),
      }),
    );
  });
});
