import { pathToFileURL } from 'node:url';
import { computeDues, type DuesInput, type LawRules } from '../src/law';

/**
 * Benchmark: dues computations per second for a 20-head, 90-day case of four classes at a pound
 * whose feeding rates change mid-stay (so each class has two feeding lines).
 */
const RULES: LawRules = {
  fineScale: (['cow', 'buffalo', 'goat', 'calf'] as const).map((cattleClass, i) => ({
    state: 'RJ',
    area: 'RJ-JAIPUR',
    cattleClass,
    effectiveFrom: '2020-01-01',
    paisePerHead: 2000 + 1000 * i,
    notification: 'RJ/2020/1',
  })),
  feedingRates: (['cow', 'buffalo', 'goat', 'calf'] as const).flatMap((cattleClass, i) => [
    {
      area: 'RJ-JAIPUR',
      state: 'RJ',
      cattleClass,
      effectiveFrom: '2019-04-01',
      paisePerDay: 1000 + 500 * i,
      order: 'JPR/5/2019',
    },
    { poundCode: 'JAI1', cattleClass, effectiveFrom: '2026-08-15', paisePerDay: 1200 + 500 * i, order: 'JPR/5/2026' },
  ]),
};

const INPUT: DuesInput = {
  pound: { code: 'JAI1', state: 'RJ', area: 'RJ-JAIPUR' },
  herd: [
    { cattleClass: 'cow', heads: 8 },
    { cattleClass: 'buffalo', heads: 6 },
    { cattleClass: 'goat', heads: 4 },
    { cattleClass: 'calf', heads: 2 },
  ],
  impoundedAt: new Date('2026-07-01T10:00:00+05:30'),
  asOf: new Date('2026-09-28T12:00:00+05:30'), // 90 India days, both ends counted
};

export async function run(durationMs = 1500): Promise<string> {
  const check = computeDues(INPUT, RULES);
  if (!check.ok) throw check.error;
  if (check.value.feedingDays !== 90 || check.value.heads !== 20)
    throw new Error('benchmark case is not 20 heads × 90 days');
  for (let i = 0; i < 200; i++) computeDues(INPUT, RULES); // warm-up
  let n = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < durationMs) {
    for (let i = 0; i < 100; i++) computeDues(INPUT, RULES);
    n += 100;
    elapsed = performance.now() - start;
  }
  const perSecond = Math.round((n / elapsed) * 1000);
  return `law-dues: ${perSecond.toLocaleString('en-US')} dues computations/s (20 heads, 4 classes, 90 days, mid-stay rate change; ${check.value.lines.length} lines, total ${check.value.totals.totalPaise} paise; ${n} runs in ${Math.round(elapsed)} ms)`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    (line) => console.log(line),
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
