import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  addDays,
  computeDues,
  computeSale,
  computeSplit,
  computeTimeline,
  daysBetween,
  endOfIstDay,
  selectS16Lots,
  startOfIstDay,
  toIstDate,
  type FeedingRateRow,
  type FineScaleRow,
  type LawRules,
} from '../../../src/law';
import { JAI1 } from './fixtures';

const RUNS = { numRuns: 300 };
const DAY = 86_400_000;
const CLASSES = ['cow', 'buffalo', 'goat', 'calf'] as const;

// ---------- generators ----------
const instant = (from = Date.UTC(2020, 0, 1), to = Date.UTC(2030, 11, 31)) =>
  fc.integer({ min: from, max: to }).map((t) => new Date(t));

const herd = fc
  .array(fc.record({ cattleClass: fc.constantFrom(...CLASSES), heads: fc.integer({ min: 0, max: 40 }) }), {
    minLength: 1,
    maxLength: 6,
  })
  .filter((h) => h.some((e) => e.heads > 0));

const dateIn2020s = fc.integer({ min: 0, max: 11 * 365 }).map((n) => addDays('2020-01-01', n));

/** Per class: a base row from 2019 plus up to 4 later orders, each for the pound or the area. */
const feedingRows = fc
  .tuple(
    ...CLASSES.map((cattleClass) =>
      fc
        .tuple(
          fc.integer({ min: 0, max: 20_000 }),
          fc.uniqueArray(
            fc.record({ from: dateIn2020s, rate: fc.integer({ min: 0, max: 20_000 }), pound: fc.boolean() }),
            { maxLength: 4, selector: (r) => `${r.from}|${r.pound}` },
          ),
        )
        .map(([base, changes]): FeedingRateRow[] => [
          {
            id: `${cattleClass}-base`,
            area: JAI1.area,
            state: JAI1.state,
            cattleClass,
            effectiveFrom: '2019-01-01',
            paisePerDay: base,
            order: 'base',
          },
          ...changes.map((c, i) => ({
            id: `${cattleClass}-${i}`,
            ...(c.pound ? { poundCode: JAI1.code } : { area: JAI1.area }),
            cattleClass,
            effectiveFrom: c.from,
            paisePerDay: c.rate,
            order: `o${i}`,
          })),
        ]),
    ),
  )
  .map((rows) => rows.flat());

const fineRows = fc
  .tuple(
    ...CLASSES.map((cattleClass) =>
      fc
        .tuple(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: 50_000 }), dateIn2020s)
        .map(([a, b, from]): FineScaleRow[] => [
          {
            id: `${cattleClass}-f0`,
            state: JAI1.state,
            area: JAI1.area,
            cattleClass,
            effectiveFrom: '2019-01-01',
            paisePerHead: a,
            notification: 'n0',
          },
          {
            id: `${cattleClass}-f1`,
            state: JAI1.state,
            area: JAI1.area,
            cattleClass,
            effectiveFrom: from,
            paisePerHead: b,
            notification: 'n1',
          },
        ]),
    ),
  )
  .map((rows) => rows.flat());

const rules = fc.record({ fineScale: fineRows, feedingRates: feedingRows }) as fc.Arbitrary<LawRules>;

// ---------- an independent oracle for the dues ----------
/** Rate in force on `date`: pound rows beat area rows; then the latest effectiveFrom (ISO dates compare as strings). */
function oracleRate(rows: readonly FeedingRateRow[], cattleClass: string, date: string): number {
  const covering = rows.filter(
    (r) => r.cattleClass === cattleClass && r.effectiveFrom <= date && (r.effectiveTo == null || date <= r.effectiveTo),
  );
  const rank = (r: FeedingRateRow) => (r.poundCode ? 2 : 1);
  covering.sort((a, b) => rank(b) - rank(a) || (a.effectiveFrom < b.effectiveFrom ? 1 : -1));
  return covering[0]!.paisePerDay;
}
function oracleFine(rows: readonly FineScaleRow[], cattleClass: string, date: string): number {
  const covering = rows
    .filter((r) => r.cattleClass === cattleClass && r.effectiveFrom <= date)
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1));
  return covering[0]!.paisePerHead;
}
/** India date by shifting 5 h 30 min and reading the UTC date. */
function oracleIstDate(t: Date): string {
  return new Date(t.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

describe('dues properties', () => {
  it('equal an independent day-by-day recomputation (s. 12 scale on impounding day, s. 5 rate each day, both ends counted)', () => {
    fc.assert(
      fc.property(rules, herd, instant(), fc.integer({ min: 0, max: 120 * DAY }), (r, h, impoundedAt, stay) => {
        const asOf = new Date(impoundedAt.getTime() + stay);
        const res = computeDues({ pound: JAI1, herd: h, impoundedAt, asOf }, r);
        if (!res.ok) throw res.error;
        const from = oracleIstDate(impoundedAt);
        const to = oracleIstDate(asOf);
        let fine = 0;
        let feeding = 0;
        for (const { cattleClass, heads } of h) {
          fine += heads * oracleFine(r.fineScale, cattleClass, from);
          for (let d = from; d <= to; d = new Date(Date.parse(d) + DAY).toISOString().slice(0, 10)) {
            feeding += heads * oracleRate(r.feedingRates, cattleClass, d);
          }
        }
        expect(res.value.totals.finePaise).toBe(fine);
        expect(res.value.totals.feedingPaise).toBe(feeding);
      }),
      { numRuns: 150 },
    );
  });

  it('never decrease with time, and no amount is negative', () => {
    fc.assert(
      fc.property(
        rules,
        herd,
        instant(),
        fc.integer({ min: 0, max: 60 * DAY }),
        fc.integer({ min: 0, max: 60 * DAY }),
        (r, h, impoundedAt, a, b) => {
          const early = computeDues(
            { pound: JAI1, herd: h, impoundedAt, asOf: new Date(impoundedAt.getTime() + Math.min(a, b)) },
            r,
          );
          const late = computeDues(
            { pound: JAI1, herd: h, impoundedAt, asOf: new Date(impoundedAt.getTime() + Math.max(a, b)) },
            r,
          );
          if (!early.ok) throw early.error;
          if (!late.ok) throw late.error;
          const e = early.value.totals;
          const l = late.value.totals;
          expect(l.finePaise).toBe(e.finePaise);
          expect(l.feedingPaise).toBeGreaterThanOrEqual(e.feedingPaise);
          expect(l.totalPaise).toBeGreaterThanOrEqual(e.totalPaise);
          for (const v of [early.value, late.value]) {
            for (const line of v.lines) {
              expect(line.amountPaise).toBeGreaterThanOrEqual(0);
              expect(Number.isSafeInteger(line.amountPaise)).toBe(true);
            }
            expect(v.lines.reduce((s, x) => s + x.amountPaise, 0)).toBe(v.totals.totalPaise);
            expect(v.perClass.reduce((s, x) => s + x.totalPaise, 0)).toBe(v.totals.totalPaise);
            // feeding lines tile the stay: consecutive, no gaps, days add up per class
            for (const c of v.perClass) {
              const lines = v.lines.filter((x) => x.kind === 'feeding' && x.cattleClass === c.cattleClass);
              expect(lines.reduce((s, x) => s + (x.kind === 'feeding' ? x.days : 0), 0)).toBe(v.feedingDays);
            }
          }
        },
      ),
      RUNS,
    );
  });

  it('reject any negative head count', () => {
    fc.assert(
      fc.property(rules, herd, fc.integer({ min: -1000, max: -1 }), instant(), (r, h, bad, impoundedAt) => {
        const res = computeDues(
          { pound: JAI1, herd: [...h, { cattleClass: 'cow', heads: bad }], impoundedAt, asOf: impoundedAt },
          r,
        );
        expect(res.ok).toBe(false);
        if (!res.ok) expect(res.error.code).toBe('NEGATIVE_COUNT');
      }),
      { numRuns: 50 },
    );
  });
});

describe('s. 17 split properties', () => {
  const amount = fc.integer({ min: 0, max: 10_000_000 });
  it('conserves the proceeds to the paisa, never negative, in priority order', () => {
    fc.assert(
      fc.property(
        amount,
        amount,
        amount,
        amount,
        amount,
        fc.boolean(),
        (proceeds, expenses, fine, feeding, security, owner) => {
          const r = computeSplit({
            proceedsPaise: proceeds,
            saleExpensesPaise: expenses,
            finePaise: fine,
            feedingPaise: feeding,
            securityPaise: security,
            balanceTo: owner ? 'OWNER' : 'MAGISTRATE_DEPOSIT',
            saleAt: new Date(Date.UTC(2026, 6, 1)),
          });
          if (!r.ok) throw r.error;
          const parts = r.value.parts;
          expect(parts.reduce((s, p) => s + p.amountPaise, 0)).toBe(proceeds);
          for (const p of parts) {
            expect(p.amountPaise).toBeGreaterThanOrEqual(0);
            expect(p.unrecoveredPaise).toBeGreaterThanOrEqual(0);
            expect(p.amountPaise + p.unrecoveredPaise).toBe(p.duePaise);
          }
          // a later deduction receives something only if every earlier one is fully met
          for (let i = 1; i < parts.length; i++) {
            if (parts[i]!.amountPaise > 0) for (let j = 0; j < i; j++) expect(parts[j]!.unrecoveredPaise).toBe(0);
          }
          expect(r.value.unrecoveredPaise).toBe(Math.max(0, expenses + fine + feeding + security - proceeds));
        },
      ),
      RUNS,
    );
  });
});

// ---------- s. 16 selection against brute force ----------
interface Lot {
  id: string;
  heads: number;
  pricePaise: number;
}
const lotsArb = fc
  .array(
    fc.record({
      heads: fc.integer({ min: 1, max: 3 }),
      pricePaise: fc.constantFrom(0, 100, 200, 250, 300, 300, 500, 700, 1000),
    }),
    { minLength: 0, maxLength: 9 },
  )
  .map((ls) => ls.map((l, i): Lot => ({ id: `L${String.fromCharCode(97 + ((i * 7) % 26))}${i}`, ...l })));

/** The rule, spelled out naively: fewest heads, then least proceeds, then earliest in price-desc/id-asc listing. */
function bruteForce(lots: Lot[], target: number): string[] {
  const listing = [...lots].sort((a, b) => b.pricePaise - a.pricePaise || (a.id < b.id ? -1 : 1));
  const total = listing.reduce((s, l) => s + l.pricePaise, 0);
  if (target <= 0) return [];
  if (total < target) return listing.map((l) => l.id);
  let best: { heads: number; sum: number; idx: number[] } | null = null;
  for (let mask = 0; mask < 1 << listing.length; mask++) {
    const idx = listing.map((_, i) => i).filter((i) => mask & (1 << i));
    const sum = idx.reduce((s, i) => s + listing[i]!.pricePaise, 0);
    if (sum < target) continue;
    const heads = idx.reduce((s, i) => s + listing[i]!.heads, 0);
    const better =
      best === null ||
      heads < best.heads ||
      (heads === best.heads && (sum < best.sum || (sum === best.sum && lexLess(idx, best.idx))));
    if (better) best = { heads, sum, idx };
  }
  return best!.idx.map((i) => listing[i]!.id);
}
function lexLess(a: number[], b: number[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return a.length < b.length;
}

describe('s. 16 selection properties', () => {
  it('is minimal: equals a brute-force search of every subset (fewest heads, least proceeds, listing order)', () => {
    fc.assert(
      fc.property(lotsArb, fc.integer({ min: 0, max: 4000 }), (lots, target) => {
        const r = selectS16Lots(lots, target);
        if (!r.ok) throw r.error;
        expect(r.value.chosen.map((l) => l.id)).toEqual(bruteForce(lots, target));
      }),
      { numRuns: 1000 },
    );
  });

  it('does not depend on the order of the bids', () => {
    fc.assert(
      fc.property(
        lotsArb.chain((ls) =>
          fc.tuple(fc.constant(ls), fc.shuffledSubarray(ls, { minLength: ls.length, maxLength: ls.length })),
        ),
        fc.integer({ min: 0, max: 4000 }),
        ([lots, shuffled], target) => {
          const a = selectS16Lots(lots, target);
          const b = selectS16Lots(shuffled, target);
          expect(a.ok && b.ok).toBe(true);
          if (a.ok && b.ok) expect(b.value.chosen.map((l) => l.id)).toEqual(a.value.chosen.map((l) => l.id));
        },
      ),
      RUNS,
    );
  });

  it('stays fast and exact on a 60-head herd of single-head lots with many equal bids', () => {
    const lots = Array.from({ length: 60 }, (_, i) => ({
      id: `h${String(i).padStart(2, '0')}`,
      pricePaise: 5000 + (i % 4) * 10,
    }));
    const r = selectS16Lots(lots, 155_000);
    expect(r.ok).toBe(true);
    // Bids: 15 heads each at 5000, 5010, 5020, 5030. 31 heads are needed (30 × 5030 = 150 900 < 155 000).
    // The cheapest 31 heads, 15 × 5000 + 15 × 5010 + 5020 = 155 170, already cover, so that is the answer:
    // all the 5000 and 5010 heads and the lowest-id 5020 head (h02).
    if (r.ok) {
      expect(r.value.heads).toBe(31);
      expect(r.value.proceedsPaise).toBe(155_170);
      expect(r.value.chosen.filter((l) => l.pricePaise === 5020).map((l) => l.id)).toEqual(['h02']);
    }
  });
});

describe('s. 16 sale properties', () => {
  it('conserves money, accounts for every head and never goes negative', () => {
    fc.assert(
      fc.property(
        lotsArb,
        fc.integer({ min: 0, max: 5 }),
        fc.record({
          fine: fc.integer({ min: 0, max: 2000 }),
          feeding: fc.integer({ min: 0, max: 2000 }),
          security: fc.integer({ min: 0, max: 500 }),
          expenses: fc.integer({ min: 0, max: 500 }),
        }),
        fc.boolean(),
        fc.constantFrom('S16_AS_MANY_AS_NECESSARY' as const, 'S14_ALL' as const),
        (lots, unbid, d, owner, mode) => {
          const herdHeads = lots.reduce((s, l) => s + l.heads, 0) + unbid;
          if (herdHeads === 0) return;
          const r = computeSale({
            mode,
            herdHeads,
            impoundedAt: new Date(Date.UTC(2026, 0, 1)),
            saleAt: new Date(Date.UTC(2026, 0, 20)),
            lots,
            dues: { finePaise: d.fine, feedingPaise: d.feeding, securityPaise: d.security },
            saleExpensesPaise: d.expenses,
            ownerPresent: owner,
          });
          if (!r.ok) throw r.error;
          const v = r.value;
          expect(v.split.parts.reduce((s, p) => s + p.amountPaise, 0)).toBe(v.sold.proceedsPaise);
          expect(v.sold.heads + v.remaining.heads).toBe(herdHeads);
          expect(v.account.d_cattleSold + v.account.remainingCattle).toBe(v.account.a_cattleSeized);
          expect(v.split.balancePaise).toBeGreaterThanOrEqual(0);
          expect(v.shortfallPaise).toBe(Math.max(0, v.target.totalPaise - v.sold.proceedsPaise));
          for (const l of v.sold.lots) expect(l.perHeadPaise.reduce((s, x) => s + x, 0)).toBe(l.pricePaise);
          // covered means balance = proceeds - everything owed
          if (v.covered) expect(v.split.balancePaise).toBe(v.sold.proceedsPaise - v.target.totalPaise);
        },
      ),
      RUNS,
    );
  });
});

describe('calendar and timeline properties', () => {
  it('India days round-trip and addDays / daysBetween / addCalendarMonths agree', () => {
    fc.assert(
      fc.property(dateIn2020s, fc.integer({ min: -800, max: 800 }), fc.integer({ min: 0, max: 36 }), (d, n, m) => {
        expect(toIstDate(startOfIstDay(d))).toBe(d);
        expect(toIstDate(new Date(endOfIstDay(d).getTime() - 1))).toBe(d);
        expect(endOfIstDay(d).getTime() - startOfIstDay(d).getTime()).toBe(DAY);
        expect(daysBetween(d, addDays(d, n))).toBe(n);
        const later = addCalendarMonths(d, m);
        expect(daysBetween(d, later)).toBeGreaterThanOrEqual(m * 28);
        expect(daysBetween(d, later)).toBeLessThanOrEqual(m * 31);
        // same day-of-month unless clamped to a shorter month's end
        const day = Number(d.slice(8));
        const laterDay = Number(later.slice(8));
        expect(laterDay === day || (laterDay < day && addDays(later, 1).slice(8) === '01')).toBe(true);
      }),
      RUNS,
    );
  });

  it('the s. 14 report falls due exactly at the start of the 8th India day after impounding', () => {
    fc.assert(
      fc.property(instant(), (impoundedAt) => {
        const t = computeTimeline({ impoundedAt });
        if (!t.ok) throw t.error;
        const due = t.value.s14ReportDue.dueAt.getTime();
        expect(due).toBe(startOfIstDay(oracleIstDate(impoundedAt)).getTime() + 8 * DAY);
        expect(due - impoundedAt.getTime()).toBeGreaterThan(7 * DAY);
        expect(due - impoundedAt.getTime()).toBeLessThanOrEqual(8 * DAY);
      }),
      RUNS,
    );
  });
});
