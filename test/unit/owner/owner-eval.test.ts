import { beforeAll, describe, expect, it } from 'vitest';
import { latinKey, loadCorpus, type OwnerNlu, trainOwnerNlu } from '../../../src/services/owner-text';
import { evaluate, foldsOf, type Labelled, labelledSet } from './eval-report';

const NOW = new Date('2026-11-29T10:00:00+05:30');
const FOLDS = 5;
/**
 * The second and third sets' misrouted lines are printed only with OWNER_EVAL_LINES=1: whoever adds corpus lines
 * should not read them, or the sets stop measuring messages written apart from the corpus. Their matrices always print.
 */
const SHOW_HELD_OUT = process.env.OWNER_EVAL_LINES === '1';

/**
 * The honest measure: messages the model never trained on. (1) k-fold over the corpus — each fifth of
 * locales/nlu/ is held out in turn and read by a model trained on the other four fifths, a line and its twin (a
 * Hindi line and the Hinglish one that reads the same once normalised) held out together; (2) a second set of
 * owner messages written apart from the corpus (test/unit/owner/data/owner-messages-2.tsv: other wording,
 * dialects, spellings, code-mixing; no line of it is a corpus line); (3) a third set written before any tuning
 * against it and never tuned on (owner-messages-3.tsv: phone typing — vowels left out, SMS short forms, scripts
 * mixed). Each prints its confusion matrix; docs/OWNER-WORDS.md "Evaluation" has the numbers.
 */
/**
 * The lines of a set that are no corpus line (spelling by ear folded): a short, common message written apart may
 * still be one the corpus has ("kanji house kaha h"); it is set aside, so each set measures only what the model never
 * trained on, however the corpus grows.
 */
function notTrainedOn(rows: readonly Labelled[]): Labelled[] {
  const corpus = new Set(loadCorpus().map((u) => latinKey(u.text)));
  const unseen = rows.filter((r) => !corpus.has(latinKey(r.text)));
  console.log(`${rows.length - unseen.length} of ${rows.length} lines set aside: corpus lines`);
  return unseen;
}

describe('owner words: evaluation on messages not trained on', () => {
  let full: OwnerNlu;
  beforeAll(async () => {
    full = await trainOwnerNlu();
  });

  // The goal: 92 % of held-out corpus lines, none towards a record. A thin corpus (a word added once, not in its
  // every sentence) measured 83 %; with three times the sentences, words of one meaning folded and the bars of
  // intent.ts set on this measure, 94.5 %. The misses are mostly "did you mean" for the claim, the deposit
  // and the payment choice, whose bar is high. NLP.js trains the same way each run, so this figure is stable until
  // the corpus or the code changes: a sentence added that pulls others off their intent shows here.
  it(`${FOLDS}-fold over the corpus, twins together: ≥ 92 % of held-out corpus lines, none towards a record`, async () => {
    const corpus = loadCorpus();
    const rows = corpus.map((u) => ({ label: u.intent as string, context: 'open' as const, text: u.text }));
    const fold = foldsOf(corpus, FOLDS);
    const models: OwnerNlu[] = [];
    for (let k = 0; k < FOLDS; k++) models.push(await trainOwnerNlu(corpus.filter((_, i) => fold[i] !== k)));
    const r = await evaluate(`${FOLDS}-fold over the corpus`, rows, (i) => models[fold[i]!]!, NOW);
    console.log(r.report);
    expect(r.right / r.total).toBeGreaterThanOrEqual(0.92);
    expect(r.harmful, r.harmful.join('\n')).toEqual([]);
  }, 60_000);

  // The same without keeping twins together, as first measured (72 % before the normaliser read Devanagari as spoken
  // and folded words of one meaning): a held-out Hindi line may meet its Hinglish twin here, so it reads higher.
  it(`${FOLDS}-fold over the corpus, lines in turn: ≥ 92 %, none towards a record`, async () => {
    const corpus = loadCorpus();
    const rows = corpus.map((u) => ({ label: u.intent as string, context: 'open' as const, text: u.text }));
    const models: OwnerNlu[] = [];
    for (let k = 0; k < FOLDS; k++) models.push(await trainOwnerNlu(corpus.filter((_, i) => i % FOLDS !== k)));
    const r = await evaluate(`${FOLDS}-fold, lines in turn`, rows, (i) => models[i % FOLDS]!, NOW);
    console.log(r.report.split('\n')[0]);
    expect(r.right / r.total).toBeGreaterThanOrEqual(0.92);
    expect(r.harmful, r.harmful.join('\n')).toEqual([]);
  }, 60_000);

  /**
   * The sets written apart from the corpus: file, title, how many lines it must have (of those not corpus lines, or
   * in all), and the share it must read right. None may be led towards a record.
   */
  const SETS: Array<{ file: string; title: string; lines: number; of: 'unseen' | 'all'; right: number }> = [
    // Written apart from the corpus (other wording, dialects, spellings, code-mixing); sentences were added to the
    // corpus after a first reading showed its weak classes, so it is not blind.
    { file: 'owner-messages-2.tsv', title: 'second set', lines: 300, of: 'unseen', right: 0.92 },
    // Read blind once before any tuning (89 %, 2 towards a record) and once after the tuning on the corpus and the
    // second set (92 %, 2 towards a record: "payment kar di" — a finished payment in the feminine — read as the
    // payment choice); the feminine past was then added to the money words (owner-text/money-words.ts), the one
    // change made after reading this set: 93 %, none. Its misrouted lines have been read since: no longer blind.
    { file: 'owner-messages-3.tsv', title: 'third set', lines: 150, of: 'unseen', right: 0.92 },
    // Written by someone who had read neither the corpus, the other sets nor the code, and read once, blind, with the
    // corpus and bars as they stood: 227/257 = 88.3 %, 3 towards a record ("last date for payment kya hai" and "by
    // when should I pay the money" → the payment choice; "कांजी घर थाने के पास है क्या" → the deposit: थाने, a police
    // station, was read as Marwari "to you"). Those three were then fixed (money-words.ts "until when"; थाने out of
    // the dialect list), so the figure printed now is no longer blind. The goal, 92 %, is not met on it.
    { file: 'owner-messages-4.tsv', title: 'fourth set, written blind', lines: 300, of: 'all', right: 0.88 },
    // Written blind like the fourth, by another writer (sons and daughters writing for a parent, agents, a widow, a
    // student; stories before the question; formal Hindi and SMS style), and read once with the corpus, the code and
    // the bars as they stood after the fourth: 246/286 = 86.0 %, 5 towards a record — "जुर्माने की रकम कितनी है? …
    // अलग लगेगा क्या?" → the payment choice (कितनी was not a "how much" word there), "… 2000 de diye" → the deposit
    // (a sum in figures was not money), a story ending "where exactly is the kanji house?" → the deposit (she, was,
    // at leaned to it), and two descriptions of the seizure ("2 काली भैंस, मंगलवार को … पकड़ी गई") → the deposit.
    // Those were fixed (money-words.ts; evidence.ts: function words and the seizure's own words lean to no intent,
    // and a description by colour or day is a search), so the figure printed now is no longer blind.
    { file: 'owner-messages-5.tsv', title: 'fifth set, written blind', lines: 300, of: 'all', right: 0.86 },
  ];

  for (const set of SETS)
    it(`the ${set.title}: ≥ ${set.lines} messages, ≥ ${set.right * 100} % of those not in the corpus right, none towards a record`, async () => {
      const all = labelledSet(set.file);
      const rows = notTrainedOn(all);
      expect((set.of === 'all' ? all : rows).length).toBeGreaterThanOrEqual(set.lines);
      const r = await evaluate(set.title, rows, () => full, NOW, SHOW_HELD_OUT);
      console.log(r.report);
      expect(r.right / r.total).toBeGreaterThanOrEqual(set.right);
      expect(r.harmful).toEqual([]);
    });
});
