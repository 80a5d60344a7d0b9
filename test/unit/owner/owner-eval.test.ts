import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../src/services/nlu/corpus';
import { trainOwnerNlu, type OwnerNlu } from '../../../src/services/owner-intent';
import { evaluate, labelledSet } from './eval-report';

const NOW = new Date('2026-11-29T10:00:00+05:30');
const FOLDS = 5;

/**
 * The honest measure: messages the model never trained on. (1) k-fold over the corpus — each fifth of
 * locales/nlu/ is held out in turn and read by a model trained on the other four fifths; (2) a second set of
 * owner messages written apart from the corpus (test/unit/owner/data/owner-messages-2.tsv: other wording,
 * dialects, spellings, code-mixing; no line of it is a corpus line). Both print their confusion matrix.
 */
describe('owner words: evaluation on messages not trained on', () => {
  let full: OwnerNlu;
  beforeAll(async () => {
    full = await trainOwnerNlu();
  });

  // Held-out corpus lines are each the only sentence with their words (the corpus adds a word once, not its every
  // sentence), so this measure is harder than real messages: measured 72 %, 1 of 931 towards a record (a deposit
  // line, "this is unfair my cattle did no damage", read as the claim). The bars hold that ground; the goal is 92 % and 0.
  it(`${FOLDS}-fold over the corpus: ≥ 70 % of held-out corpus lines, at most 1 towards a record`, async () => {
    const corpus = loadCorpus();
    const rows = corpus.map((u) => ({ label: u.intent as string, context: 'open' as const, text: u.text }));
    const models: OwnerNlu[] = [];
    for (let k = 0; k < FOLDS; k++) models.push(await trainOwnerNlu(corpus.filter((_, i) => i % FOLDS !== k)));
    const r = await evaluate(`${FOLDS}-fold over the corpus`, rows, (i) => models[i % FOLDS]!, NOW);
    console.log(r.report);
    expect(r.right / r.total).toBeGreaterThanOrEqual(0.7);
    expect(r.harmful.length, r.harmful.join('\n')).toBeLessThanOrEqual(1);
  }, 60_000);

  it('the second, independent set: ≥ 300 messages, ≥ 92 % right, none wrongly towards a record', async () => {
    const rows = labelledSet('owner-messages-2.tsv');
    expect(rows.length).toBeGreaterThanOrEqual(300);
    const r = await evaluate('independent set', rows, () => full, NOW);
    console.log(r.report);
    expect(r.right / r.total).toBeGreaterThanOrEqual(0.92);
    expect(r.harmful).toEqual([]);
  });
});
