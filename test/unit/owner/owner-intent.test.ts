import { beforeAll, describe, expect, it } from 'vitest';
import {
  parseSearchQuery,
  languageAsked,
  latinKey,
  loadCorpus,
  moneyTalk,
  OWNER_INTENTS,
  isTypedCancel,
  trainOwnerNlu,
  type OwnerNlu,
} from '../../../src/services/owner-text';
import { evaluate, labelledSet } from './eval-report';

const NOW = new Date('2026-11-29T10:00:00+05:30');

describe('owner intents (NLP.js, trained from locales/nlu/)', () => {
  let nlu: OwnerNlu;
  beforeAll(async () => {
    nlu = await trainOwnerNlu();
  });

  // How long it takes is measured, not asserted (docs/MEASUREMENTS.md, "owner words model"): it depends on the load.
  it('trains at start, and says how long it took', () => {
    const how = nlu.fromSaved ? 'loaded as saved' : 'trained';
    console.log(`owner words model: ${nlu.utterances} utterances, ${how} in ${nlu.trainingMs.toFixed(0)} ms`);
    expect(nlu.utterances).toBe(loadCorpus().length);
    expect(nlu.trainingMs).toBeGreaterThan(0);
  });

  it('has a corpus for every intent in each of the three forms', () => {
    const corpus = loadCorpus();
    for (const intent of OWNER_INTENTS)
      for (const form of ['en', 'hi', 'hinglish'] as const)
        expect(
          corpus.filter((u) => u.intent === intent && u.corpus === form).length,
          `${form}/${intent}`,
        ).toBeGreaterThan(4);
  });

  it('routes every corpus utterance to its intent (the model itself, not a look-up of the line)', async () => {
    const wrong: string[] = [];
    for (const u of loadCorpus()) {
      const [top] = await nlu.classify(u.text);
      if (top?.intent !== u.intent) wrong.push(`${u.where} "${u.text}" → ${top?.intent ?? 'none'}`);
      const understood = await nlu.understand(u.text, NOW);
      if (understood.kind !== 'intent' || understood.intent !== u.intent)
        wrong.push(`${u.where} "${u.text}" understood as ${JSON.stringify(understood)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('routes ≥ 95 % of the labelled owner messages to the right intent or to search, none wrongly towards a record', async () => {
    const rows = labelledSet('owner-messages.tsv');
    expect(rows.length).toBeGreaterThanOrEqual(200);
    const r = await evaluate('first labelled set', rows, () => nlu, NOW);
    console.log(r.report);
    expect(r.right / r.total).toBeGreaterThanOrEqual(0.95);
    expect(r.harmful).toEqual([]);
  });

  it('an unclear message is "did you mean" with two or three intents, never a search that finds nothing', async () => {
    for (const text of ['paisa', 'kya']) {
      const u = await nlu.understand(text, NOW);
      expect(u.kind, text).toBe('unsure');
      if (u.kind === 'unsure') {
        expect(u.choices.length, text).toBeGreaterThanOrEqual(2);
        expect(u.choices.length, text).toBeLessThanOrEqual(3);
      }
    }
  });

  it('small talk and calls for attention are small talk (answered with "did you mean"), never a search', async () => {
    for (const text of ['suno', 'कैसे हो', 'are you there', 'koi hai kya', 'aap kaun ho'])
      expect(await nlu.understand(text, NOW), text).toMatchObject({ kind: 'intent', intent: 'smalltalk' });
  });

  it('a claim asked for today is the claim; for a later day, the dues of that day', async () => {
    for (const text of ['bhains le jani h aaj', 'आज भैंस छुड़ानी है', 'I want to collect my cow today'])
      expect(await nlu.understand(text, NOW), text).toMatchObject({ kind: 'intent', intent: 'claim' });
    for (const text of ['kal bhains le jani hai', 'कल भैंस छुड़ानी है', 'I want to collect my cow tomorrow'])
      expect(await nlu.understand(text, NOW), text).toMatchObject({
        kind: 'intent',
        intent: 'dues',
        day: '2026-11-30',
      });
  });

  it('a payment told as done in more words is "paid": ho gai, kat gaye, successful', async () => {
    for (const text of ['पेमेंट हो गई है', 'paise kat gaye', 'payment successful', 'UPI payment debited'])
      expect(await nlu.understand(text, NOW), text).toMatchObject({ kind: 'intent', intent: 'paid' });
    expect(await nlu.understand('meri gai ka kitna paisa', NOW)).toMatchObject({ kind: 'intent', intent: 'dues' });
  });

  it('"ram ram" is the greeting and "safed ram" a search; "ka no" is the number; "kha", "kahwa" are where', async () => {
    for (const text of ['ram ram bhai', 'राम राम सा', 'jai shri ram', 'khamma ghani hukum', 'good morning sir'])
      expect(await nlu.understand(text, NOW), text).toMatchObject({ kind: 'intent', intent: 'greeting' });
    for (const text of ['safed ram', 'सफेद राम', 'do ram aur ek bhains'])
      expect(await nlu.understand(text, NOW), text).toEqual({ kind: 'search' });
    expect(await nlu.understand('rakhwale ka no do', NOW)).toMatchObject({ kind: 'intent', intent: 'keeper' });
    for (const text of ['kanji house kha h', 'kanji house kahwa ba'])
      expect(await nlu.understand(text, NOW), text).toMatchObject({ kind: 'intent', intent: 'pound' });
    // "kitni der" (how long) is no question of money: the money words leave it to the model.
    expect(moneyTalk('kitni der tak khula rahega')).toBeNull();
  });

  it('"until when" in more words is the dues; days before "kitne" are no money; थाने is a police station', async () => {
    for (const text of ['last date for payment kya hai', 'by when should I pay the money', 'पैसे जमा करने की आखिरी तारीख'])
      expect(moneyTalk(text), text).toBe('dues');
    expect(moneyTalk('din kitne bache hai')).toBeNull();
    expect(await nlu.understand('कांजी घर थाने के पास है क्या', NOW)).not.toMatchObject({ intent: 'protest' });
    for (const text of ['samajh gaye ji', 'समझ गए', 'थैंक्यू जी'])
      expect(await nlu.understand(text, NOW), text).toMatchObject({ kind: 'intent', intent: 'thanks' });
    expect(await nlu.understand('samajh nahi aaya', NOW)).not.toMatchObject({ intent: 'thanks' });
  });

  it('a sum in figures paid is paid; "kitni" is how much; a description of the seizure is a search, not a protest', async () => {
    expect(moneyTalk('agent bhai ne mere taraf se 2000 de diye')).toBe('paid');
    expect(moneyTalk('2000 kaise')).toBeNull();
    expect(moneyTalk('जुर्माने की रकम कितनी है क्या')).not.toBe('pay');
    for (const text of ['2 काली भैंस, मंगलवार को नहर के पास से पकड़ी गई', 'meri kali bhains bina wajah pakdi'])
      expect(await nlu.understand(text, NOW), text).toEqual({ kind: 'search' });
    expect(await nlu.understand('meri do bhains chhudani hai', NOW)).toMatchObject({ intent: 'claim' });
    const story = "My mother's goats were taken while she was at the well. Where exactly is the kanji house?";
    expect(await nlu.understand(story, NOW)).not.toMatchObject({ intent: 'protest' });
  });

  it('a case number is a case number', async () => {
    const jai1 = { number: 'JAI1-2026-1', poundCode: 'JAI1', year: 2026, seq: 1 };
    expect(await nlu.understand('JAI1-2026-1', NOW)).toEqual({ kind: 'case_number', number: jai1 });
    expect(await nlu.understand('jai1 2026 1', NOW)).toEqual({ kind: 'case_number', number: jai1 });
  });
});

describe('spelling by ear, numbers as words, language and cancel words', () => {
  it('gives one key to the spellings of one word', () => {
    for (const [a, b] of [
      ['jurmaana', 'jurmana'],
      ['neelami', 'nilami'],
      ['raseed', 'rasid'],
      ['wapas', 'vapas'],
      ['zabt', 'jabt'],
      ['kitna h', 'kitna hai'],
    ] as const)
      expect(latinKey(a), a).toBe(latinKey(b));
    // Devanagari in a Latin text is romanised: "जुर्माना" and "jurmana" meet.
    expect(latinKey('जुर्माना')).toBe(latinKey('jurmaana'));
  });

  it('counts "do", "दो" and "two" before a class of cattle, and not elsewhere', () => {
    for (const text of ['do bhains kali', 'दो भैंस काली', 'two buffaloes black'])
      expect(parseSearchQuery(text, NOW).classes, text).toEqual([{ cattleClass: 'buffalo', count: 2 }]);
    expect(parseSearchQuery('bhains do', NOW).classes).toEqual([{ cattleClass: 'buffalo', count: null }]);
  });

  it('reads the language asked for', () => {
    expect(languageAsked('English please')).toBe('en');
    expect(languageAsked('angrezi me')).toBe('en');
    expect(languageAsked('अंग्रेज़ी में')).toBe('en');
    expect(languageAsked('हिंदी में')).toBe('hi');
    expect(languageAsked('hindi me batao')).toBe('hi');
    expect(languageAsked('change language')).toBeNull();
  });

  it('takes only a whole cancel line as a typed cancel', () => {
    for (const text of ['cancel', 'रुको', 'rehne do', 'Cancel!', 'रहने दो']) expect(isTypedCancel(text), text).toBe(true);
    for (const text of ['Ramesh', 'cancel my claim and pay', 'Kunda', 'रमेश कुमार'])
      expect(isTypedCancel(text), text).toBe(false);
  });
});
