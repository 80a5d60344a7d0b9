import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeDues, splitClaimPayment, type DuesMode } from '../../../src/law';
import { JAI1, PUN1, RULES } from './fixtures';

/**
 * Per-owner money at the law level: one register entry's heads split among 1–4 owners, each
 * valued on his own day. Checked against hand rules, not the engine:
 *  - an owner's dues are Σ over HIS heads of (the s. 12 rate of the impounding date + each India day's s. 5 rate),
 *    JAI1 fixture rates (test/unit/law/fixtures.ts);
 *  - valued at one instant, the owners' dues add up, kind by kind, to the dues of the whole entry (no paisa created
 *    or lost by splitting a herd among owners), in Rajasthan and in Maharashtra (s. 12A security on a deposit);
 *  - the s. 17 division of each owner's payment adds up to it.
 */
const DAY = 86_400_000;
const IST = 330 * 60_000;
const istDate = (d: Date) => new Date(d.getTime() + IST).toISOString().slice(0, 10);
const FINE = (cls: string, on: string) =>
  ({ cow: on >= '2026-06-01' ? 6000 : 5000, buffalo: 7500, goat: 2000, calf: 2500 })[cls as 'cow']!;
const FEED = (cls: string, on: string) =>
  ({ cow: on >= '2026-10-01' ? 3500 : 3000, buffalo: 4000, goat: 1000, calf: 1500 })[cls as 'cow']!;

/** Hand rule for one head in JAI1: fine of the impounding date; feeding for every India date from it to `asOf`, both counted. */
function handDues(cls: string, impoundedAt: Date, asOf: Date): { fine: number; feeding: number } {
  const first = istDate(impoundedAt);
  let feeding = 0;
  for (
    let d = first, t = Date.parse(`${first}T00:00:00Z`);
    d <= istDate(asOf);
    t += DAY, d = new Date(t).toISOString().slice(0, 10)
  )
    feeding += FEED(cls, d);
  return { fine: FINE(cls, first), feeding };
}

const scenario = fc.record({
  heads: fc.array(
    fc.record({ cls: fc.constantFrom('cow', 'buffalo', 'goat', 'calf'), owner: fc.integer({ min: 0, max: 3 }) }),
    { minLength: 1, maxLength: 12 },
  ),
  impoundedAt: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31) }).map((t) => new Date(t)),
  /** Each owner's hours after the impounding. */
  after: fc.array(fc.integer({ min: 0, max: 40 * 24 }), { minLength: 4, maxLength: 4 }),
  mode: fc.constantFrom<DuesMode>('claim', 'deposit'),
});

const herdOf = (classes: string[]) => classes.map((cattleClass) => ({ cattleClass, heads: 1 }));

describe('per-owner dues of a multi-owner entry (law level)', () => {
  it("each owner's dues are his heads' by the hand rule; the s. 17 division adds up to each payment", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        for (const o of new Set(s.heads.map((h) => h.owner))) {
          const mine = s.heads.filter((h) => h.owner === o).map((h) => h.cls);
          const asOf = new Date(s.impoundedAt.getTime() + s.after[o]! * 3_600_000);
          const r = computeDues(
            { pound: JAI1, herd: herdOf(mine), impoundedAt: s.impoundedAt, asOf, mode: s.mode },
            RULES,
          );
          if (!r.ok) throw r.error;
          const hand = mine.map((cls) => handDues(cls, s.impoundedAt, asOf));
          const fine = hand.reduce((x, h) => x + h.fine, 0);
          const feeding = hand.reduce((x, h) => x + h.feeding, 0);
          expect([r.value.totals.finePaise, r.value.totals.feedingPaise, r.value.totals.totalPaise]).toEqual([
            fine,
            feeding,
            fine + feeding,
          ]);
          const parts = splitClaimPayment(r.value.totals);
          if (!parts.ok) throw parts.error;
          expect(parts.value.reduce((x, p) => x + p.amountPaise, 0)).toBe(fine + feeding);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('valued at one instant, the owners’ dues add up kind by kind to the whole entry’s (RJ and MH, claim and deposit)', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom(JAI1, PUN1), (s, pound) => {
        const heads =
          pound === PUN1 ? s.heads.map((h) => ({ ...h, cls: h.cls === 'buffalo' ? 'buffalo' : 'cow' })) : s.heads;
        const asOf = new Date(s.impoundedAt.getTime() + s.after[0]! * 3_600_000);
        const value = (classes: string[]) => {
          const r = computeDues(
            { pound, herd: herdOf(classes), impoundedAt: s.impoundedAt, asOf, mode: s.mode },
            RULES,
          );
          if (!r.ok) throw r.error;
          return r.value.totals;
        };
        const whole = value(heads.map((h) => h.cls));
        const owners = [...new Set(heads.map((h) => h.owner))].map((o) =>
          value(heads.filter((h) => h.owner === o).map((h) => h.cls)),
        );
        for (const k of ['finePaise', 'feedingPaise', 'securityPaise', 'totalPaise'] as const) {
          expect(owners.reduce((x, t) => x + t[k], 0)).toBe(whole[k]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
