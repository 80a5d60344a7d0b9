import { describe, expect, it } from 'vitest';
import { computeSplit, splitClaimPayment, type SplitInput } from '../../../src/law';
import { ist } from './fixtures';

const base: SplitInput = {
  proceedsPaise: 0,
  saleExpensesPaise: 1000,
  finePaise: 5000,
  feedingPaise: 9000,
  securityPaise: 0,
  balanceTo: 'MAGISTRATE_DEPOSIT',
  saleAt: ist('2026-07-10T12:00'),
};

describe('s. 17: who gets what, in the order of priority', () => {
  it.each([
    // proceeds, expenses, fine, feeding, balance, unrecovered   (owed: 1000 + 5000 + 9000 = 15 000)
    [20_000, 1000, 5000, 9000, 5000, 0], // everything met, 5 000 surplus
    [15_000, 1000, 5000, 9000, 0, 0], // exactly met
    [14_999, 1000, 5000, 8999, 0, 1], // one paisa short: feeding bears it
    [4000, 1000, 3000, 0, 0, 11_000], // fines only partly met, nothing for feeding
    [700, 700, 0, 0, 0, 14_300], // not even the expenses of sale
    [0, 0, 0, 0, 0, 15_000],
  ])(
    'proceeds %i → expenses %i, fine %i, feeding %i, balance %i (unrecovered %i)',
    (proceeds, exp, fine, feed, bal, unrec) => {
      const r = computeSplit({ ...base, proceedsPaise: proceeds });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value.parts.map((p) => p.amountPaise)).toEqual([exp, fine, feed, 0, bal]);
      expect(r.value.unrecoveredPaise).toBe(unrec);
      expect(r.value.balancePaise).toBe(bal);
      expect(exp + fine + feed + bal).toBe(proceeds); // conservation, from the table itself
    },
  );

  it('routes each part to its payee under its section', () => {
    const r = computeSplit({ ...base, proceedsPaise: 40_000, securityPaise: 2000, balanceTo: 'OWNER' });
    expect(r.ok && r.value.parts.map((p) => [p.kind, p.payee, p.section])).toEqual([
      ['sale_expenses', 'SALE_EXPENSES', 's. 16'],
      ['fine', 'DISTRICT_MAGISTRATE', 's. 17'],
      ['feeding', 'POUND_KEEPER', 's. 17'],
      ['security', 'S12A_SECURITY', 's. 12A'],
      ['balance', 'OWNER', 's. 16'],
    ]);
    // owner present: no deposit, no hold
    expect(r.ok && r.value.surplusHold).toBeNull();
  });

  it('a surplus held by the Magistrate gets its hold end (provisionally from the sale date)', () => {
    const r = computeSplit({ ...base, proceedsPaise: 20_000, saleAt: ist('2026-03-31T12:00') });
    expect(r.ok && r.value.surplusHold).toMatchObject({ date: '2026-06-30', section: 's. 17' });
    expect(r.ok && r.value.surplusHoldProvisional).toBe(true);
  });

  it('a deposit dated before the sale is refused', () => {
    const r = computeSplit({ ...base, proceedsPaise: 20_000, surplusDepositedAt: ist('2026-07-09T12:00') });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('DATE_ORDER');
  });

  it('negative or fractional amounts are refused', () => {
    for (const patch of [{ proceedsPaise: -1 }, { finePaise: 0.5 }, { feedingPaise: Number.NaN }]) {
      const r = computeSplit({ ...base, ...patch });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('INVALID_AMOUNT');
    }
  });
});

describe('s. 13 payment: the fine to the Magistrate, the feeding to the pound-keeper (s. 17)', () => {
  it('splits a payment of 17 500 + 10 000', () => {
    const r = splitClaimPayment({ finePaise: 17_500, feedingPaise: 10_000 });
    expect(r.ok && r.value).toEqual([
      { kind: 'fine', payee: 'DISTRICT_MAGISTRATE', section: 's. 13', amountPaise: 17_500 },
      { kind: 'feeding', payee: 'POUND_KEEPER', section: 's. 17', amountPaise: 10_000 },
      { kind: 'security', payee: 'S12A_SECURITY', section: 's. 12A', amountPaise: 0 },
    ]);
  });
});
