import { describe, expect, it } from 'vitest';
import {
  computeDues,
  LawError,
  type DuesBreakdown,
  type DuesInput,
  type FeedingLine,
  type LawRules,
} from '../../../src/law';
import { FEEDING_RATES, FINE_SCALE, JAI1, JAI2, PUN1, RULES, ist } from './fixtures';

function dues(input: Partial<DuesInput> & Pick<DuesInput, 'asOf'>, rules: LawRules = RULES): DuesBreakdown {
  const r = computeDues(
    { pound: JAI1, herd: [{ cattleClass: 'cow', heads: 1 }], impoundedAt: ist('2026-03-10T10:00'), ...input },
    rules,
  );
  if (!r.ok) throw r.error;
  return r.value;
}

function failure(input: Partial<DuesInput>, rules: LawRules = RULES): LawError {
  const r = computeDues(
    {
      pound: JAI1,
      herd: [{ cattleClass: 'cow', heads: 1 }],
      impoundedAt: ist('2026-03-10T10:00'),
      asOf: ist('2026-03-12T10:00'),
      ...input,
    },
    rules,
  );
  expect(r.ok).toBe(false);
  if (r.ok) throw new Error('expected a failure');
  return r.error;
}

describe('s. 13 claim: fines (s. 12) and feeding charges (s. 5) on day 0, 6, 7 and 8', () => {
  // Herd: 2 cows + 1 buffalo at JAI1, impounded 10 March 2026 at 10:00 IST.
  // s. 12 (RJ/2020/1): 2 × 5000 + 1 × 7500 = 17 500 paise, whatever the day of the claim.
  // s. 5 per day for the herd: 2 × 3000 + 1 × 4000 = 10 000 paise; days counted from the day of
  // impounding to the day of the claim, both included.
  const herd = [
    { cattleClass: 'cow', heads: 2 },
    { cattleClass: 'buffalo', heads: 1 },
  ];
  it.each([
    // day, claim moment (IST),  feeding days, feeding,  total
    [0, '2026-03-10T18:00', 1, 10_000, 27_500],
    [6, '2026-03-16T09:00', 7, 70_000, 87_500],
    [7, '2026-03-17T23:59', 8, 80_000, 97_500], // last day of the s. 14 claim period
    [8, '2026-03-18T00:00', 9, 90_000, 107_500], // first day the s. 14 report is due
  ])('claim on day %i (%s): %i feeding days, feeding %i, total %i', (_day, at, days, feeding, total) => {
    const d = dues({ herd, asOf: ist(at) });
    expect(d.section).toBe('s. 13');
    expect(d.feedingDays).toBe(days);
    expect(d.totals).toEqual({ finePaise: 17_500, feedingPaise: feeding, securityPaise: 0, totalPaise: total });
  });

  it('itemises per class with the section and rule row on every line', () => {
    const d = dues({ herd, asOf: ist('2026-03-12T12:00') }); // 3 days
    expect(d.lines).toEqual([
      expect.objectContaining({
        kind: 'fine',
        section: 's. 12',
        cattleClass: 'buffalo',
        heads: 1,
        ratePaise: 7500,
        amountPaise: 7500,
        scaleDate: '2026-03-10',
        term: 'fine',
      }),
      expect.objectContaining({
        kind: 'fine',
        section: 's. 12',
        cattleClass: 'cow',
        heads: 2,
        ratePaise: 5000,
        amountPaise: 10_000,
      }),
      expect.objectContaining({
        kind: 'feeding',
        section: 's. 5',
        cattleClass: 'buffalo',
        heads: 1,
        days: 3,
        ratePaise: 4000,
        amountPaise: 12_000,
        from: '2026-03-10',
        to: '2026-03-12',
      }),
      expect.objectContaining({
        kind: 'feeding',
        section: 's. 5',
        cattleClass: 'cow',
        heads: 2,
        days: 3,
        ratePaise: 3000,
        amountPaise: 18_000,
      }),
    ]);
    // s. 3 order: buffalo is listed before cow.
    expect(d.lines[0]!.ruleRef).toEqual({
      table: 'fine_scale',
      id: 'f-buf-2020',
      reference: 'RJ/2020/1',
      effectiveFrom: '2020-01-01',
      effectiveTo: null,
      scope: 'area',
    });
    expect(d.lines[3]!.ruleRef).toMatchObject({ table: 'feeding_rate', id: 'r-cow', reference: 'JPR/5/2019' });
    // per head: cow 5000 + 3 × 3000 = 14 000; buffalo 7500 + 3 × 4000 = 19 500
    expect(d.perClass).toEqual([
      {
        cattleClass: 'buffalo',
        heads: 1,
        finePerHeadPaise: 7500,
        feedingPerHeadPaise: 12_000,
        securityPerHeadPaise: 0,
        perHeadPaise: 19_500,
        totalPaise: 19_500,
      },
      {
        cattleClass: 'cow',
        heads: 2,
        finePerHeadPaise: 5000,
        feedingPerHeadPaise: 9000,
        securityPerHeadPaise: 0,
        perHeadPaise: 14_000,
        totalPaise: 28_000,
      },
    ]);
  });

  it('counts India calendar days, not 24-hour periods: 23:30 IST to 00:30 IST next day is 2 days', () => {
    const d = dues({ impoundedAt: ist('2026-03-10T23:30'), asOf: ist('2026-03-11T00:30') });
    expect(d.feedingDays).toBe(2);
    expect(d.totals.feedingPaise).toBe(2 * 3000);
  });

  it('merges repeated classes of the herd', () => {
    const d = dues({
      herd: [
        { cattleClass: 'cow', heads: 1 },
        { cattleClass: 'cow', heads: 2 },
      ],
      asOf: ist('2026-03-10T12:00'),
    });
    expect(d.heads).toBe(3);
    expect(d.totals.totalPaise).toBe(3 * 5000 + 3 * 3000);
  });
});

describe('s. 5: the rate in force on each day; a change mid-stay splits the charge', () => {
  // 3 cows at JAI1 impounded 28 Sep 2026 10:00 IST, valued 3 Oct 2026 12:00 IST.
  // 28, 29, 30 Sep at the area rate 3000 (JPR/5/2019): 3 heads × 3 days × 3000 = 27 000
  // 1, 2, 3 Oct at JAI1's own rate 3500 (JPR/5/2026):   3 heads × 3 days × 3500 = 31 500
  // s. 12: impounded after 1 June 2026, so the RJ/2026/7 cow scale 6000: 3 × 6000 = 18 000
  it('splits the feeding line at 1 October and totals 76 500', () => {
    const d = dues({
      herd: [{ cattleClass: 'cow', heads: 3 }],
      impoundedAt: ist('2026-09-28T10:00'),
      asOf: ist('2026-10-03T12:00'),
    });
    const feeding = d.lines.filter((l): l is FeedingLine => l.kind === 'feeding');
    expect(
      feeding.map((l) => [l.from, l.to, l.days, l.ratePaise, l.amountPaise, l.ruleRef.reference, l.ruleRef.scope]),
    ).toEqual([
      ['2026-09-28', '2026-09-30', 3, 3000, 27_000, 'JPR/5/2019', 'area'],
      ['2026-10-01', '2026-10-03', 3, 3500, 31_500, 'JPR/5/2026', 'pound'],
    ]);
    expect(d.lines[0]).toMatchObject({
      kind: 'fine',
      ratePaise: 6000,
      amountPaise: 18_000,
      ruleRef: { reference: 'RJ/2026/7' },
    });
    expect(d.totals.totalPaise).toBe(76_500);
    expect(d.perClass[0]!.feedingPerHeadPaise).toBe(3 * 3000 + 3 * 3500);
  });

  it('the pound-specific order does not reach another pound of the same area', () => {
    const d = dues({
      pound: JAI2,
      herd: [{ cattleClass: 'cow', heads: 3 }],
      impoundedAt: ist('2026-09-28T10:00'),
      asOf: ist('2026-10-03T12:00'),
    });
    expect(d.totals.feedingPaise).toBe(3 * 6 * 3000);
  });

  it('a closed row and its successor: effectiveTo is inclusive', () => {
    const rules: LawRules = {
      fineScale: FINE_SCALE,
      feedingRates: [
        {
          id: 'a',
          poundCode: 'JAI1',
          cattleClass: 'goat',
          effectiveFrom: '2026-01-01',
          effectiveTo: '2026-03-11',
          paisePerDay: 1000,
          order: 'A',
        },
        { id: 'b', poundCode: 'JAI1', cattleClass: 'goat', effectiveFrom: '2026-03-12', paisePerDay: 1200, order: 'B' },
      ],
    };
    // 10, 11 March at 1000; 12 March at 1200 → 2 goats × (2000 + 1200) = 6400
    const d = dues({ herd: [{ cattleClass: 'goat', heads: 2 }], asOf: ist('2026-03-12T08:00') }, rules);
    expect(d.totals.feedingPaise).toBe(6400);
  });
});

describe('Act 8 of 2026: impounded 31 May 2026, valued on 2 June 2026', () => {
  // 1 cow at JAI1 impounded 31 May 2026 11:00 IST.
  // The amount comes from the scale in force on the impounding date (RJ/2020/1: 5000, not the
  // RJ/2026/7 6000 that starts on 1 June); the word comes from the date of the valuation.
  it('on 31 May it is a "fine" of 5000 under the 1871 wording', () => {
    const d = dues({ impoundedAt: ist('2026-05-31T11:00'), asOf: ist('2026-05-31T20:00') });
    expect(d.term).toMatchObject({ term: 'fine', ruleVersion: 'ACT-1-1871' });
    expect(d.lines[0]).toMatchObject({ kind: 'fine', term: 'fine', ratePaise: 5000 });
    expect(d.totals.totalPaise).toBe(5000 + 3000);
  });

  it('on 2 June a claim (s. 13) still says "fine" — Act 8 of 2026 amends s. 16 only; the s. 16 valuation says "penalty"', () => {
    const claim = dues({ impoundedAt: ist('2026-05-31T11:00'), asOf: ist('2026-06-02T10:00') });
    expect(claim.term).toMatchObject({ term: 'fine', ruleVersion: 'ACT-1-1871', section: 's. 13' });
    expect(claim.lines[0]).toMatchObject({ kind: 'fine', term: 'fine', ratePaise: 5000, scaleDate: '2026-05-31' });
    const sale = dues({ impoundedAt: ist('2026-05-31T11:00'), asOf: ist('2026-06-02T10:00'), mode: 'sale' });
    expect(sale.term).toMatchObject({
      term: 'penalty',
      ruleVersion: 'ACT-8-2026',
      act: 'Act 8 of 2026',
      inForceFrom: '2026-06-01',
      section: 's. 16',
    });
    expect(sale.lines[0]).toMatchObject({
      kind: 'fine',
      term: 'penalty',
      termVersion: 'ACT-8-2026',
      ratePaise: 5000,
      scaleDate: '2026-05-31',
    });
    expect(sale.totals.totalPaise).toBe(5000 + 3 * 3000);
  });
});

describe('Maharashtra (Bombay Act XIII of 1959): s. 12A security with the dues', () => {
  // 2 cows at PUN1 impounded 1 July 2026 09:00 IST, valued 3 July 2026: 3 feeding days.
  //   s. 12:  2 × 4000        =  8 000
  //   s. 5:   2 × 3 × 2500    = 15 000
  //   s. 12A: 2 × 10 000      = 20 000   → 43 000
  const base = {
    pound: PUN1,
    herd: [{ cattleClass: 'cow', heads: 2 }],
    impoundedAt: ist('2026-07-01T09:00'),
    asOf: ist('2026-07-03T17:00'),
  };

  it('a claim needs the security as well', () => {
    const d = dues({ ...base, mode: 'claim' });
    expect(d.stateVariant).toEqual({ id: 'MH-BOM-XIII-1959-S8', act: 'Bombay Act XIII of 1959, s. 8' });
    expect(d.totals).toEqual({ finePaise: 8000, feedingPaise: 15_000, securityPaise: 20_000, totalPaise: 43_000 });
    expect(d.lines.at(-1)).toMatchObject({
      kind: 'security',
      section: 's. 12A',
      stateVariant: 'MH-BOM-XIII-1959-S8',
      ratePaise: 10_000,
      ruleRef: { scope: 'state' },
    });
  });

  it('in the s. 15 case the s. 12A declaration replaces the security', () => {
    const d = dues({ ...base, mode: 'deposit', s12aDeclaration: true });
    expect(d.section).toBe('s. 15');
    expect(d.securityWaivedByDeclaration).toBe(true);
    expect(d.totals).toEqual({ finePaise: 8000, feedingPaise: 15_000, securityPaise: 0, totalPaise: 23_000 });
  });

  it('the declaration is not available on a plain claim, nor outside Maharashtra', () => {
    expect(failure({ ...base, mode: 'claim', s12aDeclaration: true })).toMatchObject({
      code: 'DECLARATION_NOT_ALLOWED',
      section: 's. 12A',
    });
    expect(failure({ mode: 'deposit', s12aDeclaration: true })).toMatchObject({ code: 'DECLARATION_NOT_ALLOWED' });
  });

  it('Rajasthan has no security line', () => {
    const d = dues({ asOf: ist('2026-03-10T12:00') });
    expect(d.stateVariant).toBeNull();
    expect(d.lines.some((l) => l.kind === 'security')).toBe(false);
  });

  it('a Maharashtra case without a security scale fails rather than charging nothing', () => {
    expect(failure({ ...base }, { fineScale: FINE_SCALE, feedingRates: FEEDING_RATES })).toMatchObject({
      code: 'SECURITY_SCALE_MISSING',
      section: 's. 12A',
    });
  });
});

describe('bad input is a typed error naming the problem, never a number', () => {
  it.each([
    [
      'negative count',
      { herd: [{ cattleClass: 'cow', heads: -1 }] },
      'NEGATIVE_COUNT',
      { field: 'herd[0].heads', value: -1 },
    ],
    ['fractional count', { herd: [{ cattleClass: 'cow', heads: 1.5 }] }, 'INVALID_COUNT', { value: 1.5 }],
    ['unknown class', { herd: [{ cattleClass: 'yak', heads: 1 }] }, 'UNKNOWN_CLASS', { value: 'yak' }],
    ['empty herd', { herd: [] }, 'EMPTY_HERD', {}],
    ['only zero counts', { herd: [{ cattleClass: 'cow', heads: 0 }] }, 'EMPTY_HERD', {}],
    ['valuation before impounding', { asOf: ist('2026-03-10T09:59') }, 'DATE_BEFORE_IMPOUNDING', { field: 'asOf' }],
    ['invalid instant', { asOf: new Date('nonsense') }, 'INVALID_INSTANT', { field: 'asOf' }],
    // The 2020 Jaipur scale starts on 1 Jan 2020: no scale on 31 Dec 2019.
    [
      'scale missing for the date',
      { impoundedAt: ist('2019-12-31T10:00'), asOf: ist('2020-01-02T10:00') },
      'SCALE_MISSING',
      { cattleClass: 'cow', date: '2019-12-31', area: 'RJ-JAIPUR' },
    ],
    [
      'no feeding rate for the class',
      { herd: [{ cattleClass: 'horse', heads: 1 }] },
      'RATE_MISSING',
      { cattleClass: 'horse', date: '2026-03-10' },
    ],
    [
      'unknown pound area',
      { pound: { code: 'X', state: 'RJ', area: 'RJ-NOWHERE' } },
      'SCALE_MISSING',
      { area: 'RJ-NOWHERE' },
    ],
    ['pound without an area', { pound: { code: 'X', state: 'RJ', area: '' } }, 'INVALID_POUND', {}],
  ] as const)('%s → %s', (_name, input, code, details) => {
    const e = failure(input as Partial<DuesInput>);
    expect(e).toBeInstanceOf(LawError);
    expect(e.code).toBe(code);
    expect(e.details).toMatchObject(details);
  });

  it('a scale missing in the middle of the stay (feeding) names the day', () => {
    const rules: LawRules = {
      fineScale: FINE_SCALE,
      feedingRates: [
        {
          poundCode: 'JAI1',
          cattleClass: 'cow',
          effectiveFrom: '2026-01-01',
          effectiveTo: '2026-03-11',
          paisePerDay: 100,
          order: 'A',
        },
      ],
    };
    expect(failure({ asOf: ist('2026-03-13T10:00') }, rules)).toMatchObject({
      code: 'RATE_MISSING',
      section: 's. 5',
      details: { date: '2026-03-12' },
    });
  });

  it('two rows of the same scope starting the same day are ambiguous', () => {
    const rules: LawRules = {
      fineScale: [
        ...FINE_SCALE,
        {
          id: 'dup',
          state: 'RJ',
          area: 'RJ-JAIPUR',
          cattleClass: 'cow',
          effectiveFrom: '2020-01-01',
          paisePerHead: 9999,
          notification: 'X',
        },
      ],
      feedingRates: FEEDING_RATES,
    };
    expect(failure({}, rules)).toMatchObject({ code: 'AMBIGUOUS_RULE', section: 's. 12' });
  });

  it('a rule row with a negative or fractional amount is rejected', () => {
    const bad = (paisePerHead: number): LawRules => ({
      fineScale: [
        {
          state: 'RJ',
          area: 'RJ-JAIPUR',
          cattleClass: 'cow',
          effectiveFrom: '2020-01-01',
          paisePerHead,
          notification: 'X',
        },
      ],
      feedingRates: FEEDING_RATES,
    });
    expect(failure({}, bad(-5))).toMatchObject({ code: 'INVALID_RULE' });
    expect(failure({}, bad(10.5))).toMatchObject({ code: 'INVALID_RULE' });
  });

  it('an overflow of safe integers is an error, not a rounded number', () => {
    const rules: LawRules = {
      fineScale: [
        {
          state: 'RJ',
          area: 'RJ-JAIPUR',
          cattleClass: 'cow',
          effectiveFrom: '2020-01-01',
          paisePerHead: Number.MAX_SAFE_INTEGER,
          notification: 'X',
        },
      ],
      feedingRates: FEEDING_RATES,
    };
    expect(failure({ herd: [{ cattleClass: 'cow', heads: 2 }] }, rules)).toMatchObject({ code: 'AMOUNT_OVERFLOW' });
  });
});
