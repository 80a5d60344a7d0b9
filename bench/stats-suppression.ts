// Secondary suppression of open pound data (src/services/open-data/secondary.ts) on made-up districts: 3, 10 and 30
// pounds of 24 months, each pound-month 0–7 at random, 5 % or 30 % of the non-zero ones "< 3". Measures the first
// decision of one figure's table (after a warm-up) and checks that no "< 3" cell is then determined.
// Run: part of bench/stats.ts (npm run bench), or npx tsx bench/stats-suppression.ts.
import { pathToFileURL } from 'node:url';
import { determined, districtRelations, secondaryCells } from '../src/services/open-data';

const MONTHS = Array.from(
  { length: 24 },
  (_, i) => `20${25 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
);

export function measureSuppression(): string[] {
  let seed = 7;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const once = (pounds: number, share: number) => {
    const names = Array.from({ length: pounds }, (_, i) => String(i + 1));
    const relations = districtRelations(names, MONTHS, '2026', false);
    const value = new Map<string, number>();
    const small = new Set<string>();
    for (const p of names)
      for (const m of MONTHS) {
        const v = Math.floor(rnd() * 8);
        value.set(`${p}|${m}`, v);
        if (v > 0 && rnd() < share) small.add(`${p}|${m}`);
      }
    const t = performance.now();
    const out = secondaryCells(relations, small, (c) => value.get(c) ?? 100);
    const ms = performance.now() - t;
    const known = determined(relations, new Set([...small, ...out]));
    const leaks = [...small].filter((c) => known.has(c)).length;
    return { ms, small: small.size, withheld: out.size, leaks };
  };
  once(3, 0.3); // warm-up
  const lines: string[] = [];
  for (const pounds of [3, 10, 30])
    for (const share of [0.05, 0.3]) {
      const r = once(pounds, share);
      lines.push(
        `  secondary suppression, ${pounds} pounds, ${r.small} cells "< 3": ${r.ms.toFixed(1)} ms, ${r.withheld} withheld, ${r.leaks} determined`,
      );
    }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(measureSuppression().join('\n'));
