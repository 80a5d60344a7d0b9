import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { officeWordsIn } from '../../../scripts/check-words';
import { createTranslator, type Lang, type Translator } from '../../../src/i18n';
import { EXPORT_RECORDS } from '../../../src/services/register';

/**
 * What an owner reads about money, deadlines and his own animals (locales/README.md, "Plain words for owners"):
 * a count that reads singular for one animal, the last day to complain instead of "in time", a declared
 * payment that does not pass for a receipt, a rejected payment that is checked before it is paid again, a
 * s. 15 deposit that is the full amount, times as people say them, and one word for each thing.
 */
const root = path.join(__dirname, '../../../locales');
type Tree = { [k: string]: string | Tree };
const flat = (t: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(t).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flat(v, `${prefix}${k}.`),
  );
const load = (lang: Lang) =>
  new Map(
    readdirSync(path.join(root, lang))
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => flat(JSON.parse(readFileSync(path.join(root, lang, f), 'utf8')) as Tree, `${f.slice(0, -5)}:`)),
  );

describe('plain words for owners', () => {
  let tr: Translator;
  beforeAll(async () => {
    tr = await createTranslator({ strict: true });
  });
  const at = '2026-11-29T10:35:00.000Z';

  it('a one-head case reads singular in both languages, and several read plural', () => {
    const report = { number: 'JAI1-2026-7', impoundedAt: at, lastDay: '2026-12-06', place: 'Kunda', pound: 'Amer' };
    const one = (lang: Lang, key: string, p: object) => tr.t(lang, key, { ...p, count: 1 });
    const two = (lang: Lang, key: string, p: object) => tr.t(lang, key, { ...p, count: 2 });
    expect(one('en', 'jobs:s14_report.to_officer', report)).toContain('1 head of cattle impounded at Amer');
    expect(one('en', 'jobs:s14_report.to_officer', report)).toContain(') was not claimed within seven days');
    expect(two('en', 'jobs:s14_report.to_officer', report)).toContain(') were not claimed within seven days');
    expect(one('hi', 'jobs:s14_report.to_officer', report)).toContain('बंद किए गए 1 पशु (जब्ती का स्थान: Kunda)');
    expect(two('hi', 'jobs:s14_report.to_officer', report)).toContain('बंद किए गए 2 पशुओं (जब्ती का स्थान: Kunda)');
    expect(one('hi', 'jobs:s14_report.pending_to_magistrate', report)).not.toContain('पशुओं (');

    const released = {
      caseNumber: 'JAI1-2026-7',
      at,
      receiptNumber: 'R-1',
      lastDay: '2026-12-06',
      orderReference: 'O',
    };
    expect(one('en', 'staff:owner.released_s13', released)).toMatch(/^Your animal of case JAI1-2026-7 was handed over/);
    expect(two('en', 'staff:owner.released_s13', released)).toMatch(/^Your 2 animals of case JAI1-2026-7 were handed/);
    expect(one('hi', 'staff:owner.released_s13', released)).toMatch(/^प्रकरण JAI1-2026-7 का आपका पशु .* सौंप दिया गया/);
    expect(two('hi', 'staff:owner.released_s13', released)).toMatch(/^प्रकरण JAI1-2026-7 के आपके 2 पशु .* सौंप दिए गए/);
    expect(one('hi', 'staff:release.done_S13_PAYMENT', released)).toContain('का 1 पशु भुगतान पर स्वामी को सौंपा गया');

    const alert = {
      number: 'N',
      place: 'Kunda',
      pound: 'Amer',
      cattle: '1 cow',
      impoundedAt: at,
      claimBy: '2026-12-06',
    };
    expect(one('en', 'jobs:broadcast.new_case', alert)).toContain('(1 animal)');
    expect(one('en', 'jobs:broadcast.new_case', alert)).toContain('If it is yours, claim it');
    expect(two('en', 'jobs:broadcast.new_case', alert)).toContain('(2 animals)');
    expect(one('hi', 'jobs:broadcast.new_case', alert)).toContain('यदि यह आपका है');
    expect(two('hi', 'jobs:broadcast.new_case', alert)).toContain('यदि ये आपके हैं');

    expect(one('en', 'owner:heads.ask', { number: 'N' })).toContain('1 animal is still in the pound. Is it yours?');
    expect(one('hi', 'owner:heads.ask', { number: 'N' })).toContain('कांजी हाउस में अभी 1 पशु है। क्या यह आपका है?');
    expect(one('en', 'owner:case.more_cattle', {})).toBe('• … and 1 more animal');
    expect(two('en', 'owner:case.more_cattle', {})).toBe('• … and 2 more animals');
    expect(one('en', 'jobs:complaint.early', { number: 'N', amount: 100, lastDay: '2026-12-06' })).toContain(
      'within 1 day of the seizure',
    );
    expect(one('en', 'jobs:payment_nudge.payment', { number: 'N', amount: 100, declaredAt: at })).toContain(
      'not been confirmed in 1 hour.',
    );
  });

  it('the s. 15 release message names the last day to complain (s. 20) instead of "in time"', () => {
    const p = { caseNumber: 'JAI1-2026-7', at, receiptNumber: 'R-1', lastDay: '2026-12-07', count: 2, list: 'x' };
    for (const key of ['staff:owner.released_s15', 'staff:owner.released_part_s15']) {
      expect(tr.t('en', key, p)).toContain('Complain to the Magistrate by 7 Dec 2026 (s. 20)');
      expect(tr.t('hi', key, p)).toContain('मजिस्ट्रेट को अपना परिवाद (शिकायत) 7 दिसंबर 2026 तक करें (धारा 20)');
    }
    for (const lang of ['en', 'hi'] as const)
      for (const [key, text] of load(lang))
        if (/released|s15|complaint/.test(key)) expect(text, key).not.toMatch(/in time|समय पर दायर/);
  });

  it('a payment recorded without a keeper on the bot says it is not a receipt', () => {
    const p = { amount: 123_450, number: 'JAI1-2026-7', method: 'UPI' };
    expect(tr.t('en', 'owner:pay.declared_no_keeper', p)).toContain('This message is NOT a receipt');
    expect(tr.t('hi', 'owner:pay.declared_no_keeper', p)).toContain('यह संदेश रसीद नहीं है');
  });

  it('a rejected UPI payment: check the UPI app before paying again, and take the UTR to the keeper', () => {
    const p = { caseNumber: 'JAI1-2026-7', amount: 123_450, reason: 'not received' };
    for (const key of ['staff:owner.payment_rejected_UPI', 'staff:owner.deposit_rejected_UPI']) {
      const en = tr.t('en', key, p);
      expect(en).toContain('Do not pay again before you check');
      expect(en).toContain('take the UTR');
      expect(en).not.toMatch(/, or pay again\./);
      const hi = tr.t('hi', key, p);
      expect(hi).toContain('जाँचे बिना दोबारा भुगतान न करें');
      expect(hi).toContain('UTR');
    }
  });

  it('a rejected cash payment sends the owner to the pound-keeper first, with no word of UPI', () => {
    const p = { caseNumber: 'JAI1-2026-7', amount: 123_450, reason: 'not received' };
    for (const key of ['staff:owner.payment_rejected_CASH', 'staff:owner.deposit_rejected_CASH']) {
      const en = tr.t('en', key, p);
      expect(en).toContain('go to the pound-keeper at the pound first');
      expect(en).not.toMatch(/UPI|UTR/);
      const hi = tr.t('hi', key, p);
      expect(hi).toContain('पहले कांजी हाउस पर प्रभारी के पास जाएँ');
      expect(hi).not.toMatch(/UPI|UTR/);
    }
  });

  it('the s. 15 explanation says the full amount is deposited, under protest — not that nothing is paid', () => {
    const p = { number: 'N', fine: 'fine', date: '2026-12-07', count: 10 };
    const en = tr.t('en', 'owner:protest.explain', p);
    expect(en).toContain('but not without paying');
    expect(en).toContain('you pay the full fine and charges as a deposit, under protest');
    expect(en).not.toContain('you do not have to pay');
    const hi = tr.t('hi', 'owner:protest.explain', { ...p, fine: 'जुर्माना' });
    expect(hi).toContain('पूरा जुर्माना और खर्च आपत्ति सहित जमा करते हैं');
    expect(hi).not.toContain('भुगतान करना आवश्यक नहीं है');
  });

  it('times as people say them: no "IST", and no को after a date-time in Hindi', () => {
    expect(tr.t('hi', 'owner:ack.done', { number: 'N', at })).toContain('29 नवंबर 2026, शाम 4:05 बजे प्रकरण N');
    expect(tr.t('en', 'owner:ack.done', { number: 'N', at })).toContain('29 Nov 2026, 4:05 pm');
    for (const [key, text] of load('hi')) expect(text, key).not.toMatch(/datetime\}\} को/);
  });

  it('परिवाद is explained where an owner first meets it', () => {
    const hi = load('hi');
    const first = [
      'owner:help.text',
      'owner:protest.explain_one',
      'owner:next.complaint_by',
      'owner:case.complaint_line',
      'owner:complaint.none',
      'owner:complaint.choose',
      'refusal:owner.COMPLAINT_WINDOW_CLOSED',
      'common:commands.complaint',
      'jobs:complaint.early_one',
      'jobs:complaint.last_day_one',
      'receipt:owner.s15',
      'staff:owner.released_s15_one',
      'staff:owner.released_part_s15_one',
    ];
    for (const key of first) expect(hi.get(key), key).toMatch(/^(?:(?!परिवाद)[\s\S])*परिवाद \(शिकायत[,)]/);
  });

  it('one word for each thing: पावती for the acknowledgement, रसीद for money; one enrolment; one surplus', () => {
    const hi = load('hi');
    const en = load('en');
    // The owner's tap records his acknowledgement (पावती) in the register; a रसीद is always for money.
    expect(hi.get('owner:ack.done')).toContain('पावती');
    expect(hi.get('owner:ack.done')).not.toContain('रसीद');
    expect(en.get('owner:ack.done')).toContain('acknowledgement');
    for (const [key, text] of hi) {
      expect(text, key).not.toContain('रजिस्टर में आपकी रसीद');
      expect(text, key).not.toContain('अधिशेष');
      // नामांकन in the chat, the desk and the admin commands alike; पंजीकरण is a bidder's, for an auction
      if (
        /^(staff:(enrol|admin)|refusal:(ENROL|STAFF_)|desk:|deskbrowser:)/.test(key) ||
        key === 'common:error.wrong_pound'
      )
        expect(text, key).not.toMatch(/पंजीक/);
    }
    for (const key of [
      'common:status.SURPLUS_HELD',
      'owner:verify.kind_SURPLUS_CLAIM',
      'owner:verify.kind_S16_BALANCE',
    ])
      expect(hi.get(key), key).toContain('बिक्री से बची राशि');
  });

  it('"fine" in ss. 12–15 and the s. 17 remittance; never "fines or penalties" in one clause', () => {
    for (const lang of ['en', 'hi'] as const)
      for (const [key, text] of load(lang))
        expect(text, key).not.toMatch(/fines? or penalt|penalt\w* or fines?|जुर्मान[ाे] या शास्ति/i);
    expect(tr.t('en', 'documents:remittance.kind_FINES_TO_MAGISTRATE')).toBe(
      'Fines (s. 17) to the District Magistrate',
    );
    expect(tr.t('hi', 'documents:remittance.kind_FINES_TO_MAGISTRATE')).toBe('जुर्माने (धारा 17), जिला मजिस्ट्रेट को');
    const apply = { number: 'N', reference: 'R', amount: 100 };
    expect(tr.t('en', 'officer:outcome.to_depositor_apply', apply)).toContain('kept as the fine and charges (s. 15)');
  });

  it('English an owner follows: "your animal", "did not pay" — not "head of case", "refused or omitted"', () => {
    const en = load('en');
    const ownerFacing = [...en].filter(
      ([key]) =>
        /^(owner|receipt|web):/.test(key) ||
        /^staff:owner\./.test(key) ||
        /^jobs:(broadcast|complaint|surplus\.to_owner|auction\.\w+\.to_owner)/.test(key) ||
        /^officer:(refusal_note\.to_owner|surplus_owner|surplus\.to_claimant|outcome\.to_depositor)/.test(key),
    );
    for (const [key, text] of ownerFacing)
      expect(text, key).not.toMatch(/head of case|refused or omitted|of the entry|heads? (of|were|are)\b/);
  });

  it('no office word in a text an owner reads (the words check, scripts/check-words.ts), in either language', () => {
    // नियत, प्रायः, संभवतः, सिद्ध, प्रस्तुत, "दिन की समाप्ति", अधिशेष, an unglossed अभिकर्ता or शास्ति, the status
    // "बंद", English "head(s)" — in the owner's chat, his receipts, the public pages and the jobs' messages to him
    expect(officeWordsIn(load('hi'))).toEqual([]);
    expect(officeWordsIn(load('en'))).toEqual([]);
    const hi = load('hi');
    expect(hi.get('common:status.CLOSED')).toBe('प्रकरण निपट गया');
    expect(hi.get('owner:claim.agent_button')).toBe('मैं स्वामी की ओर से आया हूँ (अभिकर्ता)');
    expect(hi.get('common:term.penalty_glossed')).toBe('शास्ति (यानी दंड की राशि)');
    expect(hi.get('documents:release.sign_owner')).toMatch(/^स्वामी, या उनकी ओर से आया व्यक्ति \(अभिकर्ता\)/);
  });

  it('UPI and QR stay in Latin letters in Hindi (as on the phone), never यूपीआई or क्यूआर', () => {
    for (const [key, text] of load('hi')) expect(text, key).not.toMatch(/यूपीआई|क्यूआर/);
    expect(load('hi').get('intent:paid.choice_button')).toBe('💳 नकद या UPI');
  });

  it('the refusals an owner meets in a claim of some animals speak of animals, and a case is a प्रकरण', () => {
    const en = load('en');
    const hi = load('hi');
    for (const reason of ['NO_HEADS_CLAIMED', 'HEAD_NOT_IN_CUSTODY', 'PART_CLAIM_AFTER_SALE']) {
      expect(en.get(`refusal:owner.${reason}`), reason).toMatch(/animal/);
      expect(en.get(`refusal:owner.${reason}`), reason).not.toMatch(/\bheads?\b|Refused under/);
      expect(hi.get(`refusal:owner.${reason}`), reason).not.toMatch(/अस्वीकार|मामला/);
    }
    for (const [key, text] of hi) expect(text, key).not.toMatch(/मामला \{\{number\}\}/);
  });

  it('the help text: the sentence about s. 16 is a whole sentence, with the word of s. 16 glossed', () => {
    const help = (lang: Lang) =>
      tr.t(lang, 'owner:help.text', {
        fine: tr.t(lang, 'common:term.fine'),
        deducted: tr.t(lang, 'common:term.penalty_glossed'),
        saleDay: 16,
      });
    // it begins after a full stop, has its subject and verb, and ends with its own full stop
    expect(help('en')).toContain(
      'later if the notice is late. The penalty and charges are then taken from the sale money (s. 16). So come early',
    );
    expect(help('hi')).toContain(
      'के भी बाद। फिर बिक्री से मिली राशि से शास्ति (यानी दंड की राशि) और खर्च काट लिए जाते हैं (धारा 16)। इसलिए जल्दी आएँ',
    );
  });

  it('the register extract gives every status in words in both languages; only the CSV keeps the codes', () => {
    // The status codes of each record, as the schema has them (prisma/schema.prisma); a case's are `common:status`.
    const schema = readFileSync(path.join(__dirname, '../../../prisma/schema.prisma'), 'utf8');
    const codes = (name: string) => {
      const body = new RegExp(`enum ${name} \\{([^}]*)\\}`).exec(schema)?.[1] ?? '';
      return body
        .split('\n')
        .map((l) => l.replace(/\/\/.*$/, '').trim())
        .filter((l) => /^[A-Z0-9_]+$/.test(l));
    };
    const ENUM: Record<string, string> = {
      case: 'CaseStatus',
      head: 'HeadStatus',
      payment: 'PaymentStatus',
      receipt: 'ReceiptKind',
      release: 'ReleaseBasis',
      order: 'OrderKind',
      auction: 'AuctionStatus',
      ledger: 'LedgerAccount',
      remittance: 'RemittanceKind',
    };
    for (const lang of ['en', 'hi'] as const) {
      const keys = load(lang);
      for (const [record, name] of Object.entries(ENUM)) {
        expect(EXPORT_RECORDS as readonly string[]).toContain(record);
        expect(codes(name).length, name).toBeGreaterThan(0);
        for (const code of codes(name)) {
          const key = record === 'case' ? `common:status.${code}` : `documents:register.status.${record}.${code}`;
          expect(keys.get(key), `${lang} ${key}`).toBeTruthy();
          if (lang === 'hi') expect(keys.get(key), key).not.toMatch(/[A-Z]{3,}/);
        }
      }
    }
  });
});
