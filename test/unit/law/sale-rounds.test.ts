import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkTransition,
  computeDues,
  computeSale,
  computeSplit,
  laterRoundDues,
  type CaseState,
  type SaleResult,
  type SplitPart,
  type SplitResult,
} from '../../../src/law';
import { JAI2, RULES, ist } from './fixtures';

// s. 14: heads left without a bid at one auction stay in the pound and may be offered at a further
// auction. The engine is told how many heads went at earlier rounds (`headsSoldEarlier`): they are
// neither offered again nor "remaining". What a later round deducts is the engine's `laterRoundDues`
// (src/law/rounds.ts): what the earlier rounds left unrecovered plus the charges accrued since, never
// what an earlier round already deducted — checked here against amounts worked by hand.

function ok<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw r.error;
  return r.value;
}

function feedingOf(heads: number, asOf: Date): number {
  return ok(
    computeDues(
      { pound: JAI2, herd: [{ cattleClass: 'cow', heads }], impoundedAt: ist('2026-03-01T10:00'), asOf, mode: 'sale' },
      RULES,
    ),
  ).totals.feedingPaise;
}

describe('s. 14 auction rounds', () => {
  // Three cows at JAI2 (area rates: s. 12 ₹50 a head, s. 5 ₹30 a head a day), impounded 1 Mar 2026.
  // Round 1, 15 Mar (15 days): dues 3 × 5 000 + 3 × 15 × 3 000 = 15 000 + 135 000. Cows 1 and 2 sell for
  //   1 00 000 + 90 000 = 1 90 000, expenses 5 000 → balance 35 000; cow 3 has no bid and stays.
  // Round 2, 25 Mar: cow 3 alone accrued 10 more days (16–25 Mar) = 30 000; fines were met in round 1.
  //   It sells for 20 000, expenses 2 000 → feeding 18 000, 12 000 not recovered, balance 0.
  const impoundedAt = ist('2026-03-01T10:00');
  let round1: SaleResult;

  it('round 1 sells the heads bid for; the head without a bid remains', () => {
    round1 = ok(
      computeSale({
        mode: 'S14_ALL',
        herdHeads: 3,
        impoundedAt,
        saleAt: ist('2026-03-15T11:00'),
        lots: [
          { id: 'c1', pricePaise: 100_000 },
          { id: 'c2', pricePaise: 90_000 },
        ],
        dues: { finePaise: 15_000, feedingPaise: 135_000 },
        saleExpensesPaise: 5000,
        ownerPresent: false,
      }),
    );
    expect(round1.account.a_cattleSeized).toBe(3);
    expect(round1.account.d_cattleSold).toBe(2);
    expect(round1.account.remainingCattle).toBe(1);
    expect(round1.split.parts.map((p) => [p.kind, p.amountPaise])).toEqual([
      ['sale_expenses', 5000],
      ['fine', 15_000],
      ['feeding', 135_000],
      ['security', 0],
      ['balance', 35_000],
    ]);
  });

  it('round 2 deducts what round 1 left unrecovered (nothing) plus what cow 3 accrued since: 10 days × ₹30', () => {
    // By hand: cow 3 alone, valued 25 Mar: fine 5 000 + 25 days × 3 000 = 75 000 feeding; on 15 Mar: 5 000 + 45 000.
    expect(feedingOf(1, ist('2026-03-25T11:00'))).toBe(75_000);
    expect(feedingOf(1, ist('2026-03-15T11:00'))).toBe(45_000);
    const r = ok(
      laterRoundDues({
        previousParts: round1.split.parts,
        duesNow: { finePaise: 5000, feedingPaise: 75_000 },
        duesAtPreviousSale: { finePaise: 5000, feedingPaise: 45_000 },
        saleExpensesPaise: 2000,
      }),
    );
    expect(r.dues).toEqual({ finePaise: 0, feedingPaise: 30_000, securityPaise: 0 });
    expect(r.saleExpensesPaise).toBe(2000);
    expect(r.carried).toEqual({ expensesPaise: 0, finePaise: 0, feedingPaise: 0, securityPaise: 0 });
    expect(r.accrued).toEqual({ finePaise: 0, feedingPaise: 30_000, securityPaise: 0 });
  });

  it('a later round carries forward what the previous one left unrecovered, expenses into its own expenses', () => {
    // By hand: the previous round met expenses 4 000 of 5 000, fines 3 000 of 5 000, feeding 0 of 12 000.
    const previousParts: SplitPart[] = [
      {
        kind: 'sale_expenses',
        payee: 'SALE_EXPENSES',
        section: 's. 16',
        amountPaise: 4000,
        duePaise: 5000,
        unrecoveredPaise: 1000,
      },
      {
        kind: 'fine',
        payee: 'DISTRICT_MAGISTRATE',
        section: 's. 17',
        amountPaise: 3000,
        duePaise: 5000,
        unrecoveredPaise: 2000,
      },
      {
        kind: 'feeding',
        payee: 'POUND_KEEPER',
        section: 's. 17',
        amountPaise: 0,
        duePaise: 12_000,
        unrecoveredPaise: 12_000,
      },
      {
        kind: 'balance',
        payee: 'MAGISTRATE_DEPOSIT',
        section: 's. 17',
        amountPaise: 0,
        duePaise: 0,
        unrecoveredPaise: 0,
      },
    ];
    // Since then: feeding 60 000 → 66 000 (2 days × ₹30 a head), the fine unchanged.
    const r = ok(
      laterRoundDues({
        previousParts,
        duesNow: { finePaise: 5000, feedingPaise: 66_000 },
        duesAtPreviousSale: { finePaise: 5000, feedingPaise: 60_000 },
        saleExpensesPaise: 500,
      }),
    );
    expect(r.dues).toEqual({ finePaise: 2000, feedingPaise: 18_000, securityPaise: 0 });
    expect(r.saleExpensesPaise).toBe(1500);
  });

  it('round 2 offers only what is left, and the account still counts every head seized', () => {
    const { dues: roundDues } = ok(
      laterRoundDues({
        previousParts: round1.split.parts,
        duesNow: { finePaise: 5000, feedingPaise: 75_000 },
        duesAtPreviousSale: { finePaise: 5000, feedingPaise: 45_000 },
        saleExpensesPaise: 2000,
      }),
    );
    const round2 = ok(
      computeSale({
        mode: 'S14_ALL',
        herdHeads: 3,
        headsSoldEarlier: 2,
        impoundedAt,
        saleAt: ist('2026-03-25T11:00'),
        lots: [{ id: 'c3', pricePaise: 20_000 }],
        dues: roundDues,
        saleExpensesPaise: 2000,
        ownerPresent: false,
      }),
    );
    expect(round2.account.a_cattleSeized).toBe(3);
    expect(round2.account.d_cattleSold).toBe(1);
    expect(round2.account.remainingCattle).toBe(0);
    expect(round2.split.parts.map((p) => [p.kind, p.amountPaise, p.unrecoveredPaise])).toEqual([
      ['sale_expenses', 2000, 0],
      ['fine', 0, 0],
      ['feeding', 18_000, 12_000],
      ['security', 0, 0],
      ['balance', 0, 0],
    ]);
    // Across the rounds every rupee of proceeds is accounted for, once.
    const all = [...round1.split.parts, ...round2.split.parts].reduce((s, p) => s + p.amountPaise, 0);
    expect(all).toBe(190_000 + 20_000);
  });

  it('refuses to offer more heads than are left after the earlier rounds', () => {
    const r = computeSale({
      mode: 'S14_ALL',
      herdHeads: 3,
      headsSoldEarlier: 2,
      impoundedAt,
      saleAt: ist('2026-03-25T11:00'),
      lots: [
        { id: 'c2', pricePaise: 20_000 },
        { id: 'c3', pricePaise: 20_000 },
      ],
      dues: { finePaise: 0, feedingPaise: 0 },
      saleExpensesPaise: 0,
      ownerPresent: false,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('INVALID_COUNT');
  });

  it.each([3, 4, -1, 1.5])('refuses headsSoldEarlier = %s for a herd of 3', (earlier) => {
    const r = computeSale({
      mode: 'S14_ALL',
      herdHeads: 3,
      headsSoldEarlier: earlier,
      impoundedAt,
      saleAt: ist('2026-03-25T11:00'),
      lots: [],
      dues: { finePaise: 0, feedingPaise: 0 },
      saleExpensesPaise: 0,
      ownerPresent: false,
    });
    expect(r.ok).toBe(false);
  });
});

describe('s. 17 across rounds: carried forward, nothing deducted twice', () => {
  const split = (proceeds: number, expenses: number, fine: number, feeding: number): SplitResult =>
    ok(
      computeSplit({
        proceedsPaise: proceeds,
        saleExpensesPaise: expenses,
        finePaise: fine,
        feedingPaise: feeding,
        balanceTo: 'MAGISTRATE_DEPOSIT',
        saleAt: ist('2026-03-15T11:00'),
      }),
    );
  const part = (s: SplitResult, kind: string) => s.parts.find((p) => p.kind === kind)!;

  it('for any two rounds, each kind deducted at round 1 + round 2 + still unrecovered = what was owed', () => {
    const paise = fc.integer({ min: 0, max: 5_000_000 });
    fc.assert(
      fc.property(paise, paise, paise, paise, paise, paise, paise, (p1, p2, e1, e2, fine, feed1, accrued) => {
        const r1 = split(p1, e1, fine, feed1);
        // Round 2 is owed what the engine says: round 1's unrecovered plus what accrued since — never the whole dues again.
        const later = ok(
          laterRoundDues({
            previousParts: r1.parts,
            duesNow: { finePaise: fine, feedingPaise: feed1 + accrued },
            duesAtPreviousSale: { finePaise: fine, feedingPaise: feed1 },
            saleExpensesPaise: e2,
          }),
        );
        const r2 = split(p2, later.saleExpensesPaise, later.dues.finePaise, later.dues.feedingPaise);
        const owed = { sale_expenses: e1 + e2, fine, feeding: feed1 + accrued };
        for (const kind of ['sale_expenses', 'fine', 'feeding'] as const) {
          expect(part(r1, kind).amountPaise + part(r2, kind).amountPaise + part(r2, kind).unrecoveredPaise).toBe(
            owed[kind],
          );
        }
        const sum = (s: SplitResult) => s.parts.reduce((t, p) => t + p.amountPaise, 0);
        expect(sum(r1) + sum(r2)).toBe(p1 + p2);
      }),
    );
  });
});

describe('s. 14: an auction at which no one bid is adjourned to another day', () => {
  // Notice 9 Nov 2026; auction fixed for 17 Nov 11:00 (the first day allowed).
  const state: CaseState = {
    status: 'AUCTION_SCHEDULED',
    impoundedAt: ist('2026-11-01T10:00'),
    heads: 2,
    reportedAt: ist('2026-11-09T00:00'),
    noticePostedAt: ist('2026-11-09T10:00'),
    auctionAt: ist('2026-11-17T11:00'),
  };

  it('stands until its time: fixing another is refused before the auction is held', () => {
    const r = checkTransition(state, 'SCHEDULE_AUCTION', 'officer', ist('2026-11-16T10:00'), {
      auctionAt: ist('2026-11-20T11:00'),
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ reason: 'AUCTION_NOT_STARTED', section: 's. 14' });
  });

  it('once held without a sale, another day may be fixed (not in the past)', () => {
    const r = checkTransition(state, 'SCHEDULE_AUCTION', 'officer', ist('2026-11-17T13:00'), {
      auctionAt: ist('2026-11-20T11:00'),
    });
    expect(r.ok && r.value.to).toBe('AUCTION_SCHEDULED');
    const past = checkTransition(state, 'SCHEDULE_AUCTION', 'officer', ist('2026-11-17T13:00'), {
      auctionAt: ist('2026-11-17T12:00'),
    });
    expect(past.ok).toBe(false);
    if (!past.ok) expect(past.error).toMatchObject({ reason: 'AUCTION_TIME_IN_PAST' });
  });

  it('the Magistrate may still order disposal under the proviso while an auction is fixed', () => {
    const r = checkTransition(state, 'DISPOSE_PROVISO', 'magistrate', ist('2026-11-17T09:00'), {
      notLikelyToFetchFairPrice: true,
    });
    expect(r.ok && r.value.to).toBe('DISPOSED_PROVISO');
  });
});
