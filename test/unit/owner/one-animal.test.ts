import { beforeAll, describe, expect, it } from 'vitest';
import type { BotContext } from '../../../bot/context';
import { replyOwnerRefusal } from '../../../bot/features/claim-payment';
import { statusText } from '../../../bot/views/owner/text';
import { verifiedReceiptText } from '../../../bot/views/owner/verify';
import { renderReceiptPage } from '../../../src/http/receipt-page';
import { createTranslator, type Lang, refusalText, type Translator } from '../../../src/i18n';
import { TransitionRefused } from '../../../src/law';
import { ownerRefusalOf } from '../../../src/services/claims';
import { amountRefused } from '../../../src/services/payments';
import { Refusal } from '../../../src/services/refusal';
import { receiptHeads, type PublicReceipt } from '../../../src/services/verify';

/**
 * An owner with one animal reads of "your animal", not "your cattle", even where the text shows no count
 * (locales/README.md, "One animal reads singular"): the texts about the cattle of his case or claim are called
 * with `count` and have a `_one` form in both languages; two animals read plural.
 */
describe('one animal reads singular in the texts an owner reads', () => {
  let tr: Translator;
  beforeAll(async () => {
    tr = await createTranslator({ strict: true });
  });
  const at = '2026-11-29T10:35:00.000Z';

  it('the dues of a case whose cattle have left the pound', () => {
    const p = { number: 'JAI1-2026-7', status: 'x' };
    expect(tr.t('en', 'owner:dues.released', { ...p, count: 1 })).toContain(
      'The animal of case JAI1-2026-7 has left the pound',
    );
    expect(tr.t('en', 'owner:dues.released', { ...p, count: 2 })).toContain(
      'The cattle of case JAI1-2026-7 have left the pound',
    );
    expect(tr.t('hi', 'owner:dues.released', { ...p, count: 1 })).toContain(
      'प्रकरण JAI1-2026-7 का पशु कांजी हाउस से जा चुका है',
    );
    expect(tr.t('hi', 'owner:dues.released', { ...p, count: 2 })).toContain(
      'प्रकरण JAI1-2026-7 के पशु कांजी हाउस से जा चुके हैं',
    );
  });

  it('the acknowledgement the owner gives, and its button', () => {
    const p = { number: 'N', at };
    expect(tr.t('en', 'owner:ack.done', { ...p, count: 1 })).toContain('you took back the animal of case N');
    expect(tr.t('en', 'owner:ack.done', { ...p, count: 2 })).toContain('you took back the cattle of case N');
    expect(tr.t('hi', 'owner:ack.done', { ...p, count: 1 })).toContain('प्रकरण N का पशु वापस ले लिया');
    expect(tr.t('hi', 'owner:ack.done', { ...p, count: 2 })).toContain('प्रकरण N के पशु वापस ले लिए');
    expect(tr.t('en', 'staff:owner.ack_button', { count: 1 })).toBe('I have received my animal');
    expect(tr.t('en', 'staff:owner.ack_button', { count: 2 })).toBe('I have received my cattle');
    expect(tr.t('hi', 'staff:owner.ack_button', { count: 1 })).toBe('मुझे मेरा पशु मिल गया');
    expect(tr.t('hi', 'staff:owner.ack_button', { count: 2 })).toBe('मुझे मेरे पशु मिल गए');
  });

  it('the money left over from the sale (s. 17)', () => {
    const p = { number: 'N', amount: 345_600, lastDay: '2027-03-01' };
    expect(tr.t('en', 'jobs:surplus.to_owner', { ...p, count: 1 })).toContain('the sale of the animal of case N');
    expect(tr.t('en', 'jobs:surplus.to_owner', { ...p, count: 2 })).toContain('the sale of the cattle of case N');
    expect(tr.t('hi', 'jobs:surplus.to_owner', { ...p, count: 1 })).toContain('प्रकरण N के पशु की बिक्री');
    expect(tr.t('hi', 'jobs:surplus.to_owner', { ...p, count: 2 })).toContain('प्रकरण N के पशुओं की बिक्री');
    // without a count (no head recorded sold) the plain text, which is the plural
    expect(tr.t('en', 'jobs:surplus.to_owner', p)).toContain('the sale of the cattle of case N');
  });

  it('the next step after a partial sale (s. 14): the animals left without a bid', () => {
    expect(tr.t('en', 'owner:next.claim_rest', { count: 1 })).toContain(
      'The animal left without a bid is still in the pound and you can still claim it (s. 13) until it is sold',
    );
    expect(tr.t('en', 'owner:next.claim_rest', { count: 2 })).toContain(
      'Those left without a bid are still in the pound and you can still claim them (s. 13) until they are sold',
    );
    expect(tr.t('hi', 'owner:next.claim_rest', { count: 1 })).toContain('जिस पशु की बोली नहीं लगी, वह अभी कांजी हाउस में है');
    expect(tr.t('hi', 'owner:next.claim_rest', { count: 2 })).toContain('जिनकी बोली नहीं लगी, वे अभी कांजी हाउस में हैं');
  });

  it('a payment short of the dues, as the owner reads it', () => {
    const text = (lang: 'en' | 'hi', heads?: number) =>
      refusalText(tr.forLang(lang), amountRefused(10_000, 50_000, false, heads), 'owner');
    expect(text('en', 1)).toContain('the whole sum is needed before the animal can be handed over');
    expect(text('en', 2)).toContain('the whole sum is needed before the cattle can be handed over');
    expect(text('hi', 1)).toContain('आपका पशु सौंपे जाने से पहले पूरी राशि चुकानी होती है');
    expect(text('hi', 2)).toContain('): पशु सौंपे जाने से पहले पूरी राशि चुकानी होती है');
    // no count known: the plain text, which is the plural
    expect(text('en')).toBe(text('en', 2));
  });

  it('the account of a s. 16 sale sent to the owner', () => {
    const p = {
      number: 'N',
      term: 'fine',
      remainingTo: 'OWNER',
      balanceTo: 'OWNER',
      orderScope: 'default',
      o1: 'sale_expenses',
      o2: 'fine',
      o3: 'feeding',
      o4: 'security',
    };
    const one = (lang: 'en' | 'hi') => tr.t(lang, 'officer:account.to_owner', { ...p, count: 1 });
    const two = (lang: 'en' | 'hi') => tr.t(lang, 'officer:account.to_owner', { ...p, count: 2 });
    expect(one('en')).toMatch(
      /^Your animal of case N was sold by public auction\. The account:\nAccount under section 16/,
    );
    expect(two('en')).toMatch(/^Your cattle of case N were sold by public auction\./);
    expect(one('hi')).toMatch(/^प्रकरण N का आपका पशु सार्वजनिक नीलामी द्वारा बेचा गया।/);
    expect(two('hi')).toMatch(/^प्रकरण N के आपके पशु सार्वजनिक नीलामी द्वारा बेचे गए।/);
    // the account itself is the same for one and for two (the count does not reach its lines)
    expect(one('en').split('\n').slice(1)).toEqual(two('en').split('\n').slice(1));
  });

  it('the note that someone came for the owner and did not pay (s. 16)', () => {
    const p = { number: 'N', pound: 'Amer', name: 'Ramesh', at, saleFrom: '2026-12-01' };
    expect(tr.t('en', 'officer:refusal_note.to_owner', { ...p, count: 1 })).toContain(
      'What follows: the animal may be sold by public auction',
    );
    expect(tr.t('en', 'officer:refusal_note.to_owner', { ...p, count: 1 })).toContain('take the animal back');
    expect(tr.t('en', 'officer:refusal_note.to_owner', { ...p, count: 2 })).toContain(
      'What follows: the cattle, or as many of them as are needed for the dues, may be sold',
    );
    expect(tr.t('hi', 'officer:refusal_note.to_owner', { ...p, count: 1 })).toContain(
      'आगे क्या होगा: पशु 1 दिसंबर 2026 से धारा 14 में बताए गए स्थान, समय और शर्तों पर सार्वजनिक नीलामी में बेचा जा सकता है',
    );
    expect(tr.t('hi', 'officer:refusal_note.to_owner', { ...p, count: 2 })).toContain(
      'आगे क्या होगा: पशु, या देय राशि के लिए जितने आवश्यक हों उतने पशु',
    );
  });

  it('a claim refused before the cattle are recorded as brought in, as the owner is told it', async () => {
    // The law refuses without a count (src/law/lifecycle.ts); the reply counts the case's animals still in the pound.
    const refusal = ownerRefusalOf(new TransitionRefused('BEFORE_IMPOUNDING', null, 'CLAIM_AND_PAY', 'IMPOUNDED'), 'N');
    const told = async (lang: Lang, heads: string[]) => {
      const said: string[] = [];
      const ctx = { t: tr.forLang(lang), reply: async (text: string) => void said.push(text) };
      await replyOwnerRefusal(ctx as unknown as BotContext, refusal, {
        number: 'N',
        heads: heads.map((status) => ({ status })),
      });
      return said.join('\n');
    };
    expect(await told('en', ['IMPOUNDED'])).toBe(
      'Case N cannot be claimed now: the animal is not yet recorded as brought in (s. 13). Nothing was changed.',
    );
    expect(await told('en', ['IMPOUNDED', 'IMPOUNDED'])).toContain('the cattle are not yet recorded as brought in');
    // a head that has left the pound is not one of those the claim is about
    expect(await told('en', ['IMPOUNDED', 'RELEASED'])).toContain('the animal is not yet recorded');
    expect(await told('hi', ['IMPOUNDED'])).toContain(': पशु के कांजी हाउस में लाए जाने की प्रविष्टि अभी नहीं हुई है');
    expect(await told('hi', ['IMPOUNDED', 'IMPOUNDED'])).toContain(': पशुओं के कांजी हाउस में लाए जाने की प्रविष्टि');
    // no case known, or none in the pound (Hindi would read 0 as singular): the plain text, which is the plural
    expect(refusalText(tr.forLang('hi'), refusal, 'owner')).toBe(await told('hi', ['IMPOUNDED', 'IMPOUNDED']));
    expect(refusalText(tr.forLang('hi'), refusal, 'owner', { count: 0 })).toContain(': पशुओं के');
  });

  it('what a receipt for taking the cattle back was for: /verify and the receipt page', () => {
    const fine = (cattleClass: string, heads: number) => ({
      kind: 'fine',
      section: 's. 12',
      amountPaise: 100,
      cattleClass,
      heads,
    });
    const feeding = { kind: 'feeding', section: 's. 5', amountPaise: 50, heads: 3, days: 2 };
    // the heads a receipt is for are those its s. 12 lines charge (feeding lines count the same heads again)
    expect(receiptHeads([fine('cow', 1), feeding])).toBe(1);
    expect(receiptHeads([fine('cow', 1), fine('buffalo', 2), feeding])).toBe(3);
    expect(receiptHeads([{ kind: 'total', section: 's. 13', amountPaise: 150 }])).toBe(0);
    const receipt: PublicReceipt = {
      number: 'JAI1-R-2026-000001',
      caseNumber: 'N',
      amountPaise: 150,
      issuedAt: new Date(at),
      kind: 'S13_PAYMENT',
      pound: { code: 'JAI1', name: 'Amer', nameHi: 'आमेर' },
      confirmedByRole: 'POUND_KEEPER',
    };
    const verify = (lang: Lang, headCount?: number) =>
      verifiedReceiptText({ t: tr.forLang(lang) }, { ...receipt, ...(headCount ? { headCount } : {}) });
    expect(verify('en', 1)).toContain('For: payment of dues to take the animal back (s. 13)');
    expect(verify('en', 2)).toContain('For: payment of dues to take the cattle back (s. 13)');
    expect(verify('en')).toContain('to take the cattle back');
    expect(verify('hi', 1)).toContain('किसलिए: पशु वापस लेने के लिए देय राशि का भुगतान (धारा 13)');
    expect(verify('hi', 2)).toContain('किसलिए: पशु वापस लेने के लिए देय राशि का भुगतान (धारा 13)');
    const page = (lang: Lang, headCount: number) => renderReceiptPage(tr, lang, { ...receipt, headCount });
    expect(page('en', 1)).toContain('payment of dues to take the animal back (s. 13)');
    expect(page('en', 2)).toContain('payment of dues to take the cattle back (s. 13)');
    expect(page('hi', 1)).toContain('पशु वापस लेने के लिए देय राशि का भुगतान (धारा 13)');
  });

  it('a partly sold case: the one animal left, on the s. 14 path and after a s. 16 sale', () => {
    const say = (lang: Lang, ownerRefusedAt: Date | null, left?: number) =>
      statusText({ t: tr.forLang(lang) }, { status: 'PARTLY_SOLD', ownerRefusedAt }, left);
    const s16 = new Date(at);
    expect(say('en', null, 1)).toBe(
      'Partly sold; the animal without a bid is still in the pound and may be offered at a further auction (s. 14)',
    );
    expect(say('en', null, 2)).toMatch(/^Partly sold; the animals without a bid are still in the pound/);
    expect(say('hi', null, 1)).toMatch(/^कुछ बेचे गए; जिस पशु की बोली नहीं लगी वह कांजी हाउस में ही है और उसकी फिर/);
    expect(say('hi', null, 2)).toMatch(/^कुछ बेचे गए; जिन पशुओं की बोली नहीं लगी वे कांजी हाउस में ही हैं/);
    expect(say('en', s16, 1)).toBe('Partly sold; the unsold animal returned (s. 16)');
    expect(say('en', s16, 2)).toBe('Partly sold; the rest returned (s. 16)');
    expect(say('hi', s16, 1)).toBe('कुछ बेचे गए; बचा हुआ पशु लौटाया गया (धारा 16)');
    expect(say('hi', s16, 2)).toBe('कुछ बेचे गए; शेष लौटाए गए (धारा 16)');
    // none left in the pound, or not known: the plain text (Hindi reads 0 as singular)
    expect(say('hi', null, 0)).toBe(say('hi', null, 2));
    expect(say('hi', null)).toBe(say('hi', null, 2));
    // the status an owner's refusal names counts the same way
    const wrong = ownerRefusalOf(new TransitionRefused('WRONG_STATUS', 's. 15', 'X', 'PARTLY_SOLD'), 'N');
    expect(refusalText(tr.forLang('en'), wrong, 'owner', { count: 1 })).toContain(
      '"Partly sold; the unsold animal returned',
    );
    expect(refusalText(tr.forLang('en'), wrong, 'owner', { count: 2 })).toContain('"Partly sold; the rest returned');
  });

  it('someone else tapping the acknowledgement of the animals handed over', () => {
    const refused = (lang: Lang, count?: number) =>
      refusalText(
        tr.forLang(lang),
        new Refusal('ACK_NOT_YOURS', 's. 13', { number: 'N', ...(count ? { count } : {}) }),
        'owner',
      );
    expect(refused('en', 1)).toBe(
      'Only the person who claimed this animal can confirm taking it back. Nothing was changed.',
    );
    expect(refused('en', 2)).toBe(
      'Only the person who claimed these cattle can confirm taking them back. Nothing was changed.',
    );
    expect(refused('hi', 1)).toContain('जिसने उसका दावा किया था');
    expect(refused('hi', 2)).toContain('जिसने उनका दावा किया था');
    expect(refused('en')).toBe(refused('en', 2));
  });
});
