import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { determined, secondaryCells, type Relation } from '../../../src/services/open-data';
import { knownSums, plainSubtractions, recoverable } from '../../integration/open-data/recover';

// Secondary suppression on small tables whose answers are worked out by hand.

const row = (sum: string, ...parts: string[]): Relation => ({ sum, parts });

describe('which hidden cells the published sums determine', () => {
  it('a total with one hidden part gives it away; with two, neither; with the total hidden too, neither', () => {
    const r = [row('t', 'a', 'b', 'c')];
    expect([...determined(r, new Set(['a']))]).toEqual(['a']);
    expect(determined(r, new Set(['a', 'b'])).size).toBe(0);
    expect(determined(r, new Set(['a', 't'])).size).toBe(0);
  });

  it('a chain of sums gives both away: the year shows this year’s month, then the total last year’s', () => {
    // m1 last year, m2 and m3 this year: total = m1 + m2 + m3, year = m2 + m3; m1 and m2 hidden.
    const r = [row('total', 'm1', 'm2', 'm3'), row('year', 'm2', 'm3')];
    expect([...determined(r, new Set(['m1', 'm2']))].sort()).toEqual(['m1', 'm2']);
  });

  it('a rectangle of four hidden cells in two rows and two columns hides them all', () => {
    const r = [row('r1', 'a', 'b', 'c'), row('r2', 'd', 'e', 'f'), row('c1', 'a', 'd'), row('c2', 'b', 'e')];
    expect(determined(r, new Set(['a', 'b', 'd', 'e'])).size).toBe(0);
    expect([...determined(r, new Set(['a', 'b', 'd']))].sort()).toEqual(['a', 'b', 'd']);
  });
});

describe('the cells withheld beside a "< 3"', () => {
  const values: Record<string, number> = { t: 20, a: 2, b: 9, c: 5, z: 0 };
  const value = (k: string) => values[k] ?? 0;

  it('none when nothing is "< 3"', () => {
    expect(secondaryCells([row('t', 'a', 'b', 'c')], new Set(), value).size).toBe(0);
  });

  it('the smallest other part, not a zero and not the total', () => {
    expect([...secondaryCells([row('t', 'a', 'b', 'c', 'z')], new Set(['a']), value)]).toEqual(['c']);
  });

  it('the total when the other parts are zeros', () => {
    expect([...secondaryCells([row('t', 'a', 'z')], new Set(['a']), value)]).toEqual(['t']);
  });

  it('as many as it takes over a chain of sums, and then none is determined', () => {
    const r = [row('total', 'm1', 'm2', 'm3', 'm4'), row('year', 'm3', 'm4'), row('d', 'm3', 'p3')];
    const v: Record<string, number> = { total: 30, m1: 7, m2: 8, m3: 2, m4: 13, year: 15, d: 6, p3: 4 };
    const out = secondaryCells(r, new Set(['m3']), (k) => v[k] ?? 0);
    expect(determined(r, new Set(['m3', ...out])).has('m3')).toBe(false);
    // The total first asks for m1 (the smallest), the year for m4, the district's month for p3; with m4 and p3
    // withheld, m3 is covered in all three sums, so m1 is published again.
    expect([...out].sort()).toEqual(['m4', 'p3']);
  });
});

describe('random district tables', () => {
  // Pounds × months with the district's row, each scope's year and total; the sums written by the test's own
  // reader (test/integration/open-data/recover.ts), the values and the "< 3" cells at random.
  const months = ['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];
  const table = fc
    .tuple(fc.integer({ min: 1, max: 6 }), fc.infiniteStream(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.boolean())))
    .map(([n, stream]) => {
      const pounds = Array.from({ length: n }, (_, i) => `P${i + 1}`);
      const it = stream[Symbol.iterator]();
      const value = new Map<string, number>();
      const small = new Set<string>();
      for (const p of pounds)
        for (const m of months) {
          const [v, s] = it.next().value as [number, boolean];
          value.set(`${p}|${m}`, v);
          if (v > 0 && s && v < 3) small.add(`${p}|${m}`);
        }
      return { pounds, value, small };
    });

  it('no "< 3" cell is determined by what is published, and only cells of a sum with one are withheld', () => {
    fc.assert(
      fc.property(table, ({ pounds, value, small }) => {
        const cells = new Map<string, number | string>(value);
        const scopes = ['d', ...pounds];
        for (const m of months)
          cells.set(
            `d|${m}`,
            pounds.reduce((s, p) => s + value.get(`${p}|${m}`)!, 0),
          );
        for (const s of scopes) {
          const of = (ms: string[]) => ms.reduce((t, m) => t + (cells.get(`${s}|${m}`) as number), 0);
          cells.set(`${s}|total`, of(months));
          cells.set(`${s}|year`, of(months.filter((m) => m.startsWith('2026'))));
        }
        const relations: Relation[] = [...months, 'year', 'total'].map((k) => ({
          sum: `d|${k}`,
          parts: pounds.map((p) => `${p}|${k}`),
        }));
        for (const s of scopes) {
          relations.push({ sum: `${s}|total`, parts: months.map((m) => `${s}|${m}`) });
          relations.push({
            sum: `${s}|year`,
            parts: months.filter((m) => m.startsWith('2026')).map((m) => `${s}|${m}`),
          });
        }
        // A district cell of one or two entries in all is "< 3" too (here a value under 3 stands for its entries).
        const primary = new Set(small);
        for (const m of months) {
          const v = cells.get(`d|${m}`) as number;
          if (v > 0 && v < 3 && pounds.some((p) => small.has(`${p}|${m}`))) primary.add(`d|${m}`);
        }
        const out = secondaryCells(relations, primary, (k) => cells.get(k) as number);
        for (const k of primary) cells.set(k, '< 3');
        for (const k of out) {
          expect(primary.has(k)).toBe(false);
          cells.set(k, 'x');
        }
        const sums = knownSums(cells, pounds, months, '2026');
        expect(plainSubtractions(cells, sums)).toEqual([]);
        expect(recoverable(cells, sums, [...primary])).toEqual([]);
        if (primary.size === 0) expect(out.size).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
