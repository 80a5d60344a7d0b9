import { describe, expect, it } from 'vitest';
import {
  checkPartClaim,
  checkTransition,
  computeDues,
  computeSale,
  computeSplit,
  computeTimeline,
  duesAfterPartialSale,
  findDeductionOrder,
  splitClaimPayment,
  termFor,
  type DeductionKind,
  type DeductionOrderRow,
  type DuesInput,
  type Section,
} from '../../../src/law';
import { ist, JAI1, JAI2, PUN1, RULES } from './fixtures';

/**
 * GOLDEN TABLE — every expected number below was worked out BY HAND from the statute text
 * (/work/shared/statute: ss. 13–17 and the s. 16 page with Act 8 of 2026) and the rates listed in
 * ./fixtures.ts, with the derivation written beside it. None was produced by running the engine.
 * Conventions used by hand (src/law/README.md "Open readings"): General Clauses Act s. 9 (the day of the
 * event excluded; "N days from D" ends with D+N, India time); feeding counted for every India calendar day
 * in the pound, both ends included, at the rate in force that day; the s. 12 scale in force on the day of
 * impounding; 3 months = calendar months, clamped to the month's end. Amounts in paise.
 *
 * Fixture rates (paise): s. 12 RJ-JAIPUR cow 5000 (from 1.1.2020), cow 6000 (from 1.6.2026), buffalo 7500,
 * goat 2000, calf 2500; MH-PUNE cow 4000. s. 5 area RJ-JAIPUR cow 3000/day, buffalo 4000, goat 1000,
 * calf 1500; pound JAI1 cow 3500/day from 1.10.2026; PUN1 cow 2500/day. s. 12A (MH) cow 10000 per head.
 */

const dues = (input: Partial<DuesInput> & Pick<DuesInput, 'asOf' | 'impoundedAt' | 'herd'>) => {
  const r = computeDues({ pound: JAI1, ...input }, RULES);
  if (!r.ok) throw new Error(r.error.code);
  return r.value.totals;
};

describe('golden: s. 12 fine and s. 5 feeding (claim under s. 13)', () => {
  it.each([
    // [case, input, fine, feeding, total, derivation]
    [
      'G1 same-day claim',
      { herd: [{ cattleClass: 'cow', heads: 1 }], impoundedAt: ist('2026-03-10T10:00'), asOf: ist('2026-03-10T17:00') },
      5000,
      3000,
      8000,
      'one India day in the pound (10 Mar) → 1 × 3000 feeding; fine 5000 (2020 scale, in force on 10 Mar)',
    ],
    [
      'G2 a week',
      { herd: [{ cattleClass: 'cow', heads: 1 }], impoundedAt: ist('2026-03-10T10:00'), asOf: ist('2026-03-16T09:00') },
      5000,
      21000,
      26000,
      'days 10,11,12,13,14,15,16 Mar = 7 → 7 × 3000 = 21000; + 5000',
    ],
    [
      'G3 two buffaloes',
      {
        herd: [{ cattleClass: 'buffalo', heads: 2 }],
        impoundedAt: ist('2026-04-01T08:00'),
        asOf: ist('2026-04-03T18:00'),
      },
      15000,
      24000,
      39000,
      '2 × 7500 = 15000; 1,2,3 Apr = 3 days → 2 × 3 × 4000 = 24000',
    ],
    [
      'G4 scale of the impounding day',
      { herd: [{ cattleClass: 'cow', heads: 1 }], impoundedAt: ist('2026-05-31T11:00'), asOf: ist('2026-06-02T10:00') },
      5000,
      9000,
      14000,
      'impounded 31 May → the 2020 scale (5000), not the 1 June row (6000); 31 May, 1, 2 Jun = 3 × 3000',
    ],
    [
      'G5 new scale from its first day',
      { herd: [{ cattleClass: 'cow', heads: 1 }], impoundedAt: ist('2026-06-01T00:10'), asOf: ist('2026-06-01T09:00') },
      6000,
      3000,
      9000,
      'impounded 1 Jun 00:10 IST → the 1 June row, 6000; 1 day × 3000',
    ],
    [
      'G6 rate change mid-stay (JAI1)',
      { herd: [{ cattleClass: 'cow', heads: 1 }], impoundedAt: ist('2026-09-29T10:00'), asOf: ist('2026-10-02T10:00') },
      6000,
      13000,
      19000,
      '29, 30 Sep at 3000 = 6000; 1, 2 Oct at JAI1’s 3500 = 7000 → 13000; fine 6000',
    ],
    [
      'G8 India day boundary',
      { herd: [{ cattleClass: 'cow', heads: 1 }], impoundedAt: ist('2026-03-10T23:30'), asOf: ist('2026-03-11T00:30') },
      5000,
      6000,
      11000,
      'one hour, but two India calendar days (10 and 11 Mar) → 2 × 3000',
    ],
    [
      'G9 mixed herd',
      {
        herd: [
          { cattleClass: 'cow', heads: 1 },
          { cattleClass: 'goat', heads: 2 },
          { cattleClass: 'calf', heads: 1 },
        ],
        impoundedAt: ist('2026-03-01T09:00'),
        asOf: ist('2026-03-04T09:00'),
      },
      11500,
      26000,
      37500,
      'fine 5000 + 2×2000 + 2500 = 11500; 1–4 Mar = 4 days: cow 4×3000=12000, goats 2×4×1000=8000, calf 4×1500=6000 → 26000',
    ],
  ] as const)('%s', (_name, input, fine, feeding, total, _why) => {
    expect(dues(input)).toMatchObject({ finePaise: fine, feedingPaise: feeding, totalPaise: total });
  });

  it('G7 another pound of the same area keeps the area rate: 29 Sep–2 Oct at JAI2 = 4 × 3000 + 6000 = 18000', () => {
    const r = computeDues(
      {
        pound: JAI2,
        herd: [{ cattleClass: 'cow', heads: 1 }],
        impoundedAt: ist('2026-09-29T10:00'),
        asOf: ist('2026-10-02T10:00'),
      },
      RULES,
    );
    expect(r.ok && r.value.totals).toMatchObject({ finePaise: 6000, feedingPaise: 12000, totalPaise: 18000 });
  });

  it('G10 Maharashtra claim: 2 cows, 1–3 Jul → fine 2×4000=8000, feeding 2×3×2500=15000, s. 12A security 2×10000=20000 → 43000', () => {
    const r = computeDues(
      {
        pound: PUN1,
        herd: [{ cattleClass: 'cow', heads: 2 }],
        impoundedAt: ist('2026-07-01T09:00'),
        asOf: ist('2026-07-03T17:00'),
      },
      RULES,
    );
    expect(r.ok && r.value.totals).toMatchObject({
      finePaise: 8000,
      feedingPaise: 15000,
      securityPaise: 20000,
      totalPaise: 43000,
    });
  });

  it('G11 Maharashtra s. 15 deposit with the s. 12A declaration: the security is not deposited → 8000 + 15000 = 23000', () => {
    const r = computeDues(
      {
        pound: PUN1,
        herd: [{ cattleClass: 'cow', heads: 2 }],
        impoundedAt: ist('2026-07-01T09:00'),
        asOf: ist('2026-07-03T17:00'),
        mode: 'deposit',
        s12aDeclaration: true,
      },
      RULES,
    );
    expect(r.ok && r.value.totals).toMatchObject({ securityPaise: 0, totalPaise: 23000 });
  });

  it('G12 s. 17: a s. 13 payment of 5000 fine + 21000 feeding → 5000 to the District Magistrate, 21000 kept by the keeper', () => {
    const r = splitClaimPayment({ finePaise: 5000, feedingPaise: 21000 });
    expect(r.ok && r.value.map((p) => [p.payee, p.amountPaise])).toEqual([
      ['DISTRICT_MAGISTRATE', 5000],
      ['POUND_KEEPER', 21000],
      ['S12A_SECURITY', 0],
    ]);
  });
});

describe('golden: dates (s. 14, s. 17, s. 20) — General Clauses Act s. 9, India time', () => {
  const tl = (input: Parameters<typeof computeTimeline>[0]) => {
    const r = computeTimeline(input);
    if (!r.ok) throw new Error(r.error.code);
    return r.value;
  };
  it.each([
    [
      'T1 report due: impounded 1 Nov 10:00 → 7 days = 2..8 Nov; reportable from 9 Nov 00:00 IST',
      ist('2026-11-01T10:00'),
      '2026-11-08',
      '2026-11-09',
    ],
    ['T2 impounded 1 Nov 23:59 IST → still 1 Nov: last day 8 Nov', ist('2026-11-01T23:59'), '2026-11-08', '2026-11-09'],
    [
      'T3 impounded 31 Oct 20:00 UTC = 1 Nov 01:30 IST → India date 1 Nov: last day 8 Nov',
      new Date('2026-10-31T20:00:00Z'),
      '2026-11-08',
      '2026-11-09',
    ],
    ['T4 impounded 28 Feb 2027 → 1..7 Mar: last day 7 Mar', ist('2027-02-28T12:00'), '2027-03-07', '2027-03-08'],
  ] as const)('%s', (_why, impoundedAt, date, from) => {
    const t = tl({ impoundedAt });
    expect([t.s14ReportDue.date, t.s14ReportDue.actionableFrom]).toEqual([date, from]);
    expect(t.s14ReportDue.dueAt.toISOString()).toBe(ist(`${from}T00:00`).toISOString());
  });

  it('T5 auction: notice posted 9 Nov 11:00 → 7 days from the notice = 10..16 Nov; sale from 17 Nov 00:00 IST', () => {
    const t = tl({ impoundedAt: ist('2026-11-01T10:00'), noticePostedAt: ist('2026-11-09T11:00') });
    expect([t.auctionEligible!.date, t.auctionEligible!.actionableFrom]).toEqual(['2026-11-16', '2026-11-17']);
    expect(t.auctionEligible!.dueAt.toISOString()).toBe(ist('2026-11-17T00:00').toISOString());
  });

  it('T6 s. 20 window: seizure 27 Nov → 10 days = 28 Nov..7 Dec', () => {
    expect(tl({ impoundedAt: ist('2026-11-27T15:00') }).s20ComplaintWindowEnd.date).toBe('2026-12-07');
  });

  it('T7 s. 20 runs from the seizure, not the impounding: seized 26 Nov 22:00, impounded 27 Nov 08:00 → 6 Dec', () => {
    expect(
      tl({ impoundedAt: ist('2026-11-27T08:00'), seizedAt: ist('2026-11-26T22:00') }).s20ComplaintWindowEnd.date,
    ).toBe('2026-12-06');
  });

  it('T7a the s. 15 deposit (ground: a s. 20 complaint) is gated by the same window: seized 26 Nov 22:00, impounded 27 Nov 08:00 → allowed 6 Dec 23:59 IST, refused 7 Dec 00:00 IST (impounding would give 7 Dec)', () => {
    const state = {
      status: 'IMPOUNDED' as const,
      impoundedAt: ist('2026-11-27T08:00'),
      seizedAt: ist('2026-11-26T22:00'),
      heads: 1,
    };
    expect(checkTransition(state, 'DEPOSIT_UNDER_PROTEST', 'owner', ist('2026-12-06T23:59')).ok).toBe(true);
    const late = checkTransition(state, 'DEPOSIT_UNDER_PROTEST', 'owner', ist('2026-12-07T00:00'));
    expect(!late.ok && [late.error.code, late.error.section]).toEqual(['TRANSITION_REFUSED', 's. 20']);
    expect(
      checkTransition({ ...state, seizedAt: null }, 'DEPOSIT_UNDER_PROTEST', 'owner', ist('2026-12-07T00:00')).ok,
    ).toBe(true);
  });

  it('T7b a seizure after the impounding is bad register data (cattle are seized, then brought in): DATE_ORDER, no date is told', () => {
    const r = computeTimeline({ impoundedAt: ist('2026-11-27T08:00'), seizedAt: ist('2026-11-27T08:01') });
    expect(!r.ok && r.error.code).toBe('DATE_ORDER');
  });

  it.each([
    ['T8 surplus deposited 17 Nov 2026 → three calendar months → 17 Feb 2027', ist('2026-11-17T12:00'), '2027-02-17'],
    ['T9 30 Nov 2026 + 3 months: no 30 Feb → 28 Feb 2027', ist('2026-11-30T12:00'), '2027-02-28'],
    ['T10 31 Mar 2027 + 3 months: no 31 Jun → 30 Jun 2027', ist('2027-03-31T12:00'), '2027-06-30'],
    ['T11 30 Nov 2027 + 3 months in a leap year → 29 Feb 2028', ist('2027-11-30T12:00'), '2028-02-29'],
  ] as const)('%s', (_why, depositedAt, holdEnd) => {
    expect(tl({ impoundedAt: ist('2026-11-01T10:00'), surplusDepositedAt: depositedAt }).surplusHoldEnd!.date).toBe(
      holdEnd,
    );
  });
});

describe('golden: s. 16 deductions and the s. 17 division of the proceeds', () => {
  const split = (p: {
    proceeds: number;
    expenses: number;
    fine: number;
    feeding: number;
    security?: number;
    owner: boolean;
    order?: DeductionKind[];
  }) => {
    const r = computeSplit({
      proceedsPaise: p.proceeds,
      saleExpensesPaise: p.expenses,
      finePaise: p.fine,
      feedingPaise: p.feeding,
      securityPaise: p.security ?? 0,
      balanceTo: p.owner ? 'OWNER' : 'MAGISTRATE_DEPOSIT',
      saleAt: ist('2026-11-17T12:00'),
      ...(p.order ? { deductionOrder: p.order } : {}),
    });
    if (!r.ok) throw new Error(r.error.code);
    return {
      ...Object.fromEntries(r.value.parts.map((x) => [x.kind, x.amountPaise])),
      unrecovered: r.value.unrecoveredPaise,
      to: r.value.balanceTo,
      hold: r.value.surplusHold?.date ?? null,
    };
  };

  it.each([
    [
      'S1 enough: 250000 − 10000 − 50000 − 88000 = 102000 to the owner (s. 16 ¶3)',
      { proceeds: 250000, expenses: 10000, fine: 50000, feeding: 88000, owner: true },
      {
        sale_expenses: 10000,
        fine: 50000,
        feeding: 88000,
        security: 0,
        balance: 102000,
        unrecovered: 0,
        to: 'OWNER',
        hold: null,
      },
    ],
    [
      'S2 short, default order: 30000 → expenses 5000, fine 10000, feeding 15000 of 119000; 104000 unrecovered',
      { proceeds: 30000, expenses: 5000, fine: 10000, feeding: 119000, owner: false },
      {
        sale_expenses: 5000,
        fine: 10000,
        feeding: 15000,
        security: 0,
        balance: 0,
        unrecovered: 104000,
        to: 'MAGISTRATE_DEPOSIT',
        hold: null,
      },
    ],
    [
      'S3 short, feeding directed before fines: 30000 → expenses 5000, feeding 25000, fine 0; still 104000 unrecovered',
      {
        proceeds: 30000,
        expenses: 5000,
        fine: 10000,
        feeding: 119000,
        owner: false,
        order: ['sale_expenses', 'feeding', 'fine', 'security'] as DeductionKind[],
      },
      {
        sale_expenses: 5000,
        feeding: 25000,
        fine: 0,
        security: 0,
        balance: 0,
        unrecovered: 104000,
        to: 'MAGISTRATE_DEPOSIT',
        hold: null,
      },
    ],
    [
      'S4 proceeds below the expenses of sale: 3000 → expenses 3000; 2000 + 10000 + 119000 = 131000 unrecovered',
      { proceeds: 3000, expenses: 5000, fine: 10000, feeding: 119000, owner: false },
      { sale_expenses: 3000, fine: 0, feeding: 0, balance: 0, unrecovered: 131000 },
    ],
    [
      'S5 owner absent: 200000 − 5000 − 10000 = 185000 held by the Magistrate 3 months from the sale (17 Nov → 17 Feb 2027)',
      { proceeds: 200000, expenses: 0, fine: 5000, feeding: 10000, owner: false },
      { fine: 5000, feeding: 10000, balance: 185000, to: 'MAGISTRATE_DEPOSIT', hold: '2027-02-17' },
    ],
    [
      'S6 Maharashtra: security deducted too: 100000 − 5000 − 8000 − 15000 − 20000 = 52000',
      { proceeds: 100000, expenses: 5000, fine: 8000, feeding: 15000, security: 20000, owner: true },
      { sale_expenses: 5000, fine: 8000, feeding: 15000, security: 20000, balance: 52000, unrecovered: 0 },
    ],
    [
      'S7 security short under a directed order that puts it before feeding: 40000 → 5000, 8000, 20000 security, 7000 of 15000 feeding',
      {
        proceeds: 40000,
        expenses: 5000,
        fine: 8000,
        feeding: 15000,
        security: 20000,
        owner: true,
        order: ['sale_expenses', 'fine', 'security', 'feeding'] as DeductionKind[],
      },
      { sale_expenses: 5000, fine: 8000, security: 20000, feeding: 7000, balance: 0, unrecovered: 8000 },
    ],
  ] as const)('%s', (_why, input, expected) => {
    expect(split(input as Parameters<typeof split>[0])).toMatchObject(expected);
  });

  const sale = (mode: 'S16_AS_MANY_AS_NECESSARY' | 'S14_ALL', prices: number[], owner: boolean) => {
    const r = computeSale({
      mode,
      herdHeads: prices.length,
      impoundedAt: ist('2026-11-01T10:00'),
      saleAt: ist('2026-11-04T15:30'),
      lots: prices.map((p, i) => ({ id: `L${i + 1}`, pricePaise: p })),
      dues: { finePaise: 50000, feedingPaise: 88000 },
      saleExpensesPaise: 10000,
      ownerPresent: owner,
    });
    if (!r.ok) throw new Error(r.error.code);
    return r.value;
  };

  it('S8 s. 16 "as many as necessary": target 50000 + 88000 + 10000 = 148000; lots 300000/250000/150000 → one head suffices, the cheapest that covers (150000); balance 2000; 2 heads back', () => {
    const s = sale('S16_AS_MANY_AS_NECESSARY', [300000, 250000, 150000], true);
    expect([
      s.sold.heads,
      s.sold.proceedsPaise,
      s.split.balancePaise,
      s.remaining.heads,
      s.sold.lots.map((l) => l.id),
    ]).toEqual([1, 150000, 2000, 2, ['L3']]);
  });

  it('S9 s. 16 when no single lot covers 148000: lots 100000/90000/60000 → two heads; the pair with least proceeds is 90000+60000 = 150000; balance 2000; the 100000 head goes back', () => {
    const s = sale('S16_AS_MANY_AS_NECESSARY', [100000, 90000, 60000], true);
    expect([s.sold.heads, s.sold.proceedsPaise, s.split.balancePaise, s.remaining.heads]).toEqual([2, 150000, 2000, 1]);
  });

  it('S10 s. 14 sells every lot: 300000 + 250000 + 150000 = 700000; − 148000 = 552000 surplus held (owner absent)', () => {
    const s = sale('S14_ALL', [300000, 250000, 150000], false);
    expect([s.sold.heads, s.sold.proceedsPaise, s.split.balancePaise, s.split.balanceTo]).toEqual([
      3,
      700000,
      552000,
      'MAGISTRATE_DEPOSIT',
    ]);
  });

  it('S11 account (a)–(e): 3 seized; (b) 1–4 Nov = 4 days both counted; (c) 50000 + 88000 = 138000; (d) 1 sold; (e) 150000', () => {
    const a = sale('S16_AS_MANY_AS_NECESSARY', [300000, 250000, 150000], true).account;
    expect([
      a.a_cattleSeized,
      a.b_timeImpounded.days,
      a.c_finesAndCharges.totalPaise,
      a.d_cattleSold,
      a.e_proceedsPaise,
    ]).toEqual([3, 4, 138000, 1, 150000]);
  });
});

describe('golden: words (Act 8 of 2026 substitutes "penalties" in s. 16 only, from 1 June 2026)', () => {
  it.each([
    ['W1 s. 16 account dated 31 May 2026 → "fines" (before the commencement)', '2026-05-31', 's. 16', 'fine'],
    ['W2 s. 16 account dated 1 June 2026 → "penalties" (footnotes 1–5)', '2026-06-01', 's. 16', 'penalty'],
    ['W3 s. 17 remittance on 1 June 2026 → "the fines so deducted" (s. 17 not amended)', '2026-06-01', 's. 17', 'fine'],
    ['W4 s. 13 receipt in 2027 → "the fines and charges" (s. 13 not amended)', '2027-01-15', 's. 13', 'fine'],
    ['W5 s. 15 deposit in 2027 → "the fines and expenses" (s. 15 not amended)', '2027-01-15', 's. 15', 'fine'],
    ['W6 s. 12 scale line in 2027 → not among the substitutions → "fine"', '2027-01-15', 's. 12', 'fine'],
  ] as const)('%s', (_why, date, section, term) => {
    const r = termFor(date, section as Section);
    expect(r.ok && r.value.term).toBe(term);
  });
});

describe('golden: the order of deductions in force (dated, per area)', () => {
  const rows: DeductionOrderRow[] = [
    {
      id: 'a',
      state: 'RJ',
      area: 'RJ-JAIPUR',
      effectiveFrom: '2026-11-15',
      order: ['sale_expenses', 'feeding', 'fine', 'security'],
      reference: 'DM Jaipur 7/2026',
    },
    {
      id: 's',
      state: 'RJ',
      area: '*',
      effectiveFrom: '2026-01-01',
      order: ['fine', 'sale_expenses', 'feeding', 'security'],
      reference: 'RJ state 1/2026',
    },
  ];
  it.each([
    [
      'O1 no row at all → the default: expenses, fines, feeding, security',
      [],
      '2026-11-20',
      ['sale_expenses', 'fine', 'feeding', 'security'],
      'default',
    ],
    [
      'O2 the day before the area row: the state-wide row',
      rows,
      '2026-11-14',
      ['fine', 'sale_expenses', 'feeding', 'security'],
      'state',
    ],
    [
      'O3 from the area row’s first day: the area row wins over the state-wide one',
      rows,
      '2026-11-15',
      ['sale_expenses', 'feeding', 'fine', 'security'],
      'area',
    ],
    [
      'O4 before any row (2025): the default',
      rows,
      '2025-12-31',
      ['sale_expenses', 'fine', 'feeding', 'security'],
      'default',
    ],
  ] as const)('%s', (_why, r, date, order, scope) => {
    const x = findDeductionOrder(r as DeductionOrderRow[], JAI1, date);
    expect(x.ok && [x.value.order, x.value.scope]).toEqual([order, scope]);
  });
});

describe('golden: s. 13 claim of the heads left unsold at a s. 14 auction', () => {
  const cow = {
    pound: JAI1,
    herd: [{ cattleClass: 'cow' as const, heads: 1 }],
    impoundedAt: ist('2026-09-28T10:00'),
    mode: 'claim' as const,
  };
  const unrecovered = { finePaise: 2000, feedingPaise: 5000, securityPaise: 0 };
  it('P1 sale 30 Sep left fine 2000 + feeding 5000 unrecovered; claim 2 Oct → feeding since the sale day: 1, 2 Oct at JAI1’s cow rate 3500 = 7000 (the 3000 days before are the sale’s); 2000 + 12000 = 14000', () => {
    const r = duesAfterPartialSale(
      { ...cow, asOf: ist('2026-10-02T09:00') },
      RULES,
      ist('2026-09-30T12:00'),
      unrecovered,
    );
    if (!r.ok) throw new Error(r.error.code);
    expect(
      r.value.lines.map((l) => [
        l.kind,
        l.kind === 'feeding' ? [l.from, l.to, l.days, l.ratePaise, l.amountPaise] : null,
      ]),
    ).toEqual([['feeding', ['2026-10-01', '2026-10-02', 2, 3500, 7000]]]);
    expect(r.value.totals).toEqual({ finePaise: 2000, feedingPaise: 12000, securityPaise: 0, totalPaise: 14000 });
    expect(r.value.afterSale.accrued).toEqual({ finePaise: 0, feedingPaise: 7000, securityPaise: 0 });
  });
  it('P2 claimed on the sale day itself: nothing accrued since, only what the sale money left → 7000', () => {
    const r = duesAfterPartialSale(
      { ...cow, asOf: ist('2026-09-30T18:00') },
      RULES,
      ist('2026-09-30T12:00'),
      unrecovered,
    );
    expect(r.ok && [r.value.lines.length, r.value.totals.totalPaise]).toEqual([0, 7000]);
  });
  it('P3 a valuation before the sale is bad data: DATE_ORDER', () => {
    const r = duesAfterPartialSale(
      { ...cow, asOf: ist('2026-09-29T18:00') },
      RULES,
      ist('2026-09-30T12:00'),
      unrecovered,
    );
    expect(!r.ok && r.error.code).toBe('DATE_ORDER');
  });
  it('P4 the state machine: claim from PARTLY_SOLD on the s. 14 path (s. 13); refused on the s. 16 path; release → ACCOUNT_DELIVERED (the sale’s s. 17 division follows); unpaid → back to PARTLY_SOLD; no s. 16 refusal after a s. 14 round', () => {
    const partly = {
      status: 'PARTLY_SOLD' as const,
      impoundedAt: ist('2026-11-01T10:00'),
      heads: 3,
      headsRemaining: 1,
      reportedAt: ist('2026-11-09T10:00'),
      noticePostedAt: ist('2026-11-09T10:00'),
    };
    const at = ist('2026-11-20T10:00');
    expect(checkTransition(partly, 'CLAIM_AND_PAY', 'owner', at).ok).toBe(true);
    const s16 = checkTransition({ ...partly, ownerRefusedAt: ist('2026-11-10T10:00') }, 'CLAIM_AND_PAY', 'owner', at);
    expect(!s16.ok && s16.error.section).toBe('s. 16');
    const pending = { ...partly, status: 'PAYMENT_PENDING' as const };
    const release = checkTransition({ ...pending, paymentReceived: true }, 'RELEASE', 'pound_keeper', at, {
      receiptSigned: true,
    });
    expect(release.ok && release.value.to).toBe('ACCOUNT_DELIVERED');
    const back = checkTransition(pending, 'PAYMENT_NOT_RECEIVED', 'pound_keeper', at);
    expect(back.ok && back.value.to).toBe('PARTLY_SOLD');
    const refuse = checkTransition(pending, 'REFUSE_TO_PAY', 'pound_keeper', at);
    expect(!refuse.ok && refuse.error.section).toBe('s. 14');
  });
});

describe('golden: the interval before a s. 16 sale (Open readings 7)', () => {
  const refused = {
    status: 'IMPOUNDED' as const,
    impoundedAt: ist('2026-11-01T10:00'),
    ownerRefusedAt: ist('2026-11-03T16:00'),
    heads: 2,
  };
  it('R1 refusal 3 Nov 16:00 → not on the day of the refusal: a sale fixed for 3 Nov 23:59 is refused (s. 16), for 4 Nov 00:00 allowed', () => {
    const early = checkTransition(refused, 'SCHEDULE_AUCTION', 'officer', ist('2026-11-03T16:05'), {
      auctionAt: ist('2026-11-03T23:59'),
    });
    expect(!early.ok && [early.error.code, early.error.section]).toEqual(['TRANSITION_REFUSED', 's. 16']);
    expect(
      checkTransition(refused, 'SCHEDULE_AUCTION', 'officer', ist('2026-11-03T16:05'), {
        auctionAt: ist('2026-11-04T00:00'),
      }).ok,
    ).toBe(true);
  });
  it('R2 a Magistrate’s direction of 2 clear days (window data): refusal 3 Nov → 4, 5 Nov clear → sale from 6 Nov', () => {
    const w = { ...refused, windows: { s16SaleAfterRefusalDays: 2 } };
    expect(
      checkTransition(w, 'SCHEDULE_AUCTION', 'officer', ist('2026-11-03T16:05'), { auctionAt: ist('2026-11-05T23:59') })
        .ok,
    ).toBe(false);
    expect(
      checkTransition(w, 'SCHEDULE_AUCTION', 'officer', ist('2026-11-03T16:05'), { auctionAt: ist('2026-11-06T00:00') })
        .ok,
    ).toBe(true);
    const t = computeTimeline(
      { impoundedAt: refused.impoundedAt, ownerRefusedAt: refused.ownerRefusedAt },
      { s16SaleAfterRefusalDays: 2 },
    );
    expect(t.ok && t.value.s16SaleEligible!.actionableFrom).toBe('2026-11-06');
  });
});

describe('golden: one register entry, several owners — each claims and pays for his own heads', () => {
  // The entry: impounded 1 Mar 2026 09:00 at JAI1 (before JAI1's own rate of 1 Oct and before the 1 June scale):
  // owner A's cow, owner B's 2 goats, owner C's buffalo. s. 13: the owner pays "the fines and charges incurred in
  // respect of" HIS cattle; s. 12 fines are per head by class, s. 5 feeding per head per day by class.
  const entry = ist('2026-03-01T09:00');
  const owe = (herd: DuesInput['herd'], asOf: Date, mode: DuesInput['mode'] = 'claim') =>
    dues({ herd, impoundedAt: entry, asOf, mode });
  it.each([
    [
      'M1 A’s cow claimed 3 Mar 17:00: fine 5000; 1, 2, 3 Mar = 3 days × 3000 = 9000 → 14000',
      [{ cattleClass: 'cow', heads: 1 }],
      ist('2026-03-03T17:00'),
      5000,
      9000,
      14000,
    ],
    [
      'M2 B’s 2 goats claimed 5 Mar 10:00: fine 2 × 2000 = 4000; 1..5 Mar = 5 days × 2 × 1000 = 10000 → 14000',
      [{ cattleClass: 'goat', heads: 2 }],
      ist('2026-03-05T10:00'),
      4000,
      10000,
      14000,
    ],
    [
      'M3 C’s buffalo claimed 3 Mar: 7500; 3 days × 4000 = 12000 → 19500',
      [{ cattleClass: 'buffalo', heads: 1 }],
      ist('2026-03-03T12:00'),
      7500,
      12000,
      19500,
    ],
    [
      'M4 the whole entry on 3 Mar = the owners’ shares on that day added: fines 5000 + 4000 + 7500 = 16500; feeding 3 × (3000 + 2000 + 4000) = 27000 → 43500 = 14000 + 10000 + 19500 (goats on 3 Mar: 4000 + 3 × 2 × 1000)',
      [
        { cattleClass: 'cow', heads: 1 },
        { cattleClass: 'goat', heads: 2 },
        { cattleClass: 'buffalo', heads: 1 },
      ],
      ist('2026-03-03T12:00'),
      16500,
      27000,
      43500,
    ],
  ] as const)('%s', (_why, herd, asOf, fine, feeding, total) => {
    expect(owe(herd as unknown as DuesInput['herd'], asOf)).toMatchObject({
      finePaise: fine,
      feedingPaise: feeding,
      totalPaise: total,
    });
  });

  it('M5 after A took his cow home, a s. 14 sale on 10 Mar deducts only what the heads sold owe: goats 4000 + buffalo 7500 = 11500 fines; 1..10 Mar = 10 days × (2 × 1000 + 4000) = 60000 → 71500 (the cow’s dues were paid by A)', () => {
    expect(
      owe(
        [
          { cattleClass: 'goat', heads: 2 },
          { cattleClass: 'buffalo', heads: 1 },
        ],
        ist('2026-03-10T15:00'),
        'sale',
      ),
    ).toMatchObject({ finePaise: 11500, feedingPaise: 60000, totalPaise: 71500 });
  });

  const state = { status: 'IMPOUNDED' as const, impoundedAt: entry, heads: 4 };
  const judge = (
    s: Parameters<typeof checkPartClaim>[0],
    basis: 's13' | 's15',
    claimed: number,
    inCustody: number,
    at: Date,
  ) => {
    const r = checkPartClaim(s, basis, { claimed, claimedInCustody: inCustody }, at);
    return r.ok ? r.value : [r.error.code, (r.error as { reason?: string }).reason ?? null, r.error.section];
  };
  it('M6 which path: A names 1 of the 4 heads in the pound → a part claim (the case stays impounded); after A (and B) took theirs, C naming the 1 head left → the whole, the case’s own path', () => {
    expect(judge(state, 's13', 1, 1, ist('2026-03-03T12:00'))).toBe('part');
    expect(judge({ ...state, headsRemaining: 1, headsReleased: 3 }, 's13', 1, 1, ist('2026-03-05T12:00'))).toBe(
      'whole',
    );
  });
  it('M7 refusals, each with its section: a head already delivered on another claim (s. 13); nothing named (s. 13); a part claim once a s. 14 sale left dues on the heads together (s. 13)', () => {
    expect(judge(state, 's13', 2, 1, ist('2026-03-03T12:00'))).toEqual([
      'TRANSITION_REFUSED',
      'HEAD_NOT_IN_CUSTODY',
      's. 13',
    ]);
    expect(judge(state, 's13', 0, 0, ist('2026-03-03T12:00'))).toEqual([
      'TRANSITION_REFUSED',
      'NO_HEADS_CLAIMED',
      's. 13',
    ]);
    expect(judge({ ...state, status: 'PARTLY_SOLD', headsRemaining: 2 }, 's13', 1, 1, ist('2026-03-20T12:00'))).toEqual(
      ['TRANSITION_REFUSED', 'PART_CLAIM_AFTER_SALE', 's. 13'],
    );
  });
  it('M8 a part deposit under protest (s. 15) rests on a s. 20 complaint: seized = impounded 1 Mar → 10 days = 2..11 Mar; allowed 11 Mar 23:59 IST, refused 12 Mar 00:00 IST (s. 20)', () => {
    expect(judge(state, 's15', 1, 1, ist('2026-03-11T23:59'))).toBe('part');
    expect(judge(state, 's15', 1, 1, ist('2026-03-12T00:00'))).toEqual([
      'TRANSITION_REFUSED',
      'COMPLAINT_WINDOW_CLOSED',
      's. 20',
    ]);
  });
});
