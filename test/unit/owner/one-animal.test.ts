import { beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, refusalText, type Translator } from '../../../src/i18n';
import { amountRefused } from '../../../src/services/payments';

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
});
