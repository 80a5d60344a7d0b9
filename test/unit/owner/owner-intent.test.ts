import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../../../src/services/case-search';
import { languageAsked } from '../../../src/services/nlu/language';
import { latinKey } from '../../../src/services/nlu/normalise';
import { loadCorpus, OWNER_INTENTS } from '../../../src/services/nlu/corpus';
import { isTypedCancel, trainOwnerNlu, type OwnerNlu } from '../../../src/services/owner-intent';

const NOW = new Date('2026-11-29T10:00:00+05:30');

/** The labelled owner messages (test/unit/owner/data/owner-messages.tsv), written apart from the training corpus. */
function labelled(): Array<{ label: string; context: 'open' | 'none'; text: string }> {
  return readFileSync(path.join(import.meta.dirname, 'data/owner-messages.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [label, context, text] = l.split('\t');
      return { label: label!, context: context as 'open' | 'none', text: text! };
    });
}

/** Screens one tap away from recording something (a claim's owner/agent, a deposit's "I mean to complain"). */
const ONE_TAP_FROM_A_RECORD = new Set(['claim', 'protest']);

describe('owner intents (NLP.js, trained from locales/nlu/)', () => {
  let nlu: OwnerNlu;
  beforeAll(async () => {
    nlu = await trainOwnerNlu();
  });

  it('trains at start within 2 s', () => {
    console.log(`owner words model: ${nlu.utterances} utterances, trained in ${nlu.trainingMs.toFixed(0)} ms`);
    expect(nlu.trainingMs).toBeLessThan(2000);
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

  it('routes ≥ 95 % of the labelled owner messages to the right intent or to search, none wrongly to a claim or a deposit', async () => {
    const rows = labelled();
    expect(rows.length).toBeGreaterThanOrEqual(200);
    const labels = [...OWNER_INTENTS, 'search'];
    const columns = [...labels, 'unsure'];
    const matrix = new Map(labels.map((l) => [l, new Map(columns.map((c) => [c, 0]))]));
    const misses: string[] = [];
    const harmful: string[] = [];
    let right = 0;
    for (const r of rows) {
      expect(labels, r.text).toContain(r.label);
      const u = await nlu.understand(r.text, NOW);
      const got = u.kind === 'intent' ? u.intent : u.kind === 'case_number' ? 'search' : u.kind;
      matrix.get(r.label)!.set(got, matrix.get(r.label)!.get(got)! + 1);
      if (got === r.label) right++;
      else {
        misses.push(`${r.label} (${r.context}) "${r.text}" → ${got}`);
        if (ONE_TAP_FROM_A_RECORD.has(got)) harmful.push(`"${r.text}" → ${got}`);
      }
    }
    const short = (s: string) => s.slice(0, 7).padStart(7);
    const lines = [
      `confusion matrix (rows: meant, columns: routed), ${right}/${rows.length} = ${((100 * right) / rows.length).toFixed(1)} % right`,
      `${''.padStart(9)}${columns.map(short).join(' ')}`,
      ...labels.map(
        (l) =>
          `${l.slice(0, 8).padEnd(9)}${columns.map((c) => String(matrix.get(l)!.get(c) || '.').padStart(7)).join(' ')}`,
      ),
      ...(misses.length ? ['misrouted:', ...misses.map((m) => `  ${m}`)] : []),
    ];
    console.log(lines.join('\n'));
    expect(right / rows.length).toBeGreaterThanOrEqual(0.95);
    expect(harmful).toEqual([]);
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

  it('a case number is a case number', async () => {
    expect(await nlu.understand('JAI1-2026-1', NOW)).toEqual({ kind: 'case_number' });
    expect(await nlu.understand('jai1 2026 1', NOW)).toEqual({ kind: 'case_number' });
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
