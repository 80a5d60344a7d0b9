import { describe, expect, it } from 'vitest';
import { computeTimeline, type Timeline, type TimelineInput } from '../../../src/law';
import { ist } from './fixtures';

function timeline(input: TimelineInput, windows?: Parameters<typeof computeTimeline>[1]): Timeline {
  const r = computeTimeline(input, windows);
  if (!r.ok) throw r.error;
  return r.value;
}

describe('s. 14: report due 7 days from impounding (first day excluded, India time)', () => {
  it.each([
    // impounded (IST)         last claim day   report due at (UTC)          reportable from
    ['2026-05-31T11:00', '2026-06-07', '2026-06-07T18:30:00.000Z', '2026-06-08'],
    ['2026-05-31T23:59', '2026-06-07', '2026-06-07T18:30:00.000Z', '2026-06-08'], // late evening: same India day
    ['2026-06-01T00:01', '2026-06-08', '2026-06-08T18:30:00.000Z', '2026-06-09'],
    ['2026-12-28T10:00', '2027-01-04', '2027-01-04T18:30:00.000Z', '2027-01-05'],
    ['2028-02-25T10:00', '2028-03-03', '2028-03-03T18:30:00.000Z', '2028-03-04'], // leap February
  ])('impounded %s: claims until the end of %s, report due at %s', (at, lastDay, dueAt, from) => {
    const t = timeline({ impoundedAt: ist(at) });
    expect(t.s14ReportDue).toMatchObject({
      rule: 'S14_REPORT_DUE',
      section: 's. 14',
      date: lastDay,
      actionableFrom: from,
    });
    expect(t.s14ReportDue.dueAt.toISOString()).toBe(dueAt);
  });

  it('states its basis as data', () => {
    const t = timeline({ impoundedAt: ist('2026-05-31T11:00') });
    expect(t.s14ReportDue.basis).toEqual({
      event: 'IMPOUNDED',
      from: '2026-05-31',
      period: { days: 7 },
      convention: 'GCA_S9_FIRST_DAY_EXCLUDED_IST',
    });
    expect(t.s14ReportDue.basisNote).toContain('7 days from impounding on 2026-05-31');
  });
});

describe('s. 14: auction eligible 7 days from the notice', () => {
  it('no notice, no date', () => {
    expect(timeline({ impoundedAt: ist('2026-05-31T11:00') }).auctionEligible).toBeNull();
  });
  it('notice on 9 June 2026: sale not before 17 June', () => {
    const t = timeline({ impoundedAt: ist('2026-05-31T11:00'), noticePostedAt: ist('2026-06-09T15:00') });
    expect(t.auctionEligible).toMatchObject({
      rule: 'S14_AUCTION_ELIGIBLE',
      section: 's. 14',
      date: '2026-06-16',
      actionableFrom: '2026-06-17',
    });
    expect(t.auctionEligible!.dueAt.toISOString()).toBe('2026-06-16T18:30:00.000Z');
  });
});

describe('s. 20 window for a s. 15 deposit: 10 days from seizure (configurable)', () => {
  it('defaults to the impounding date', () => {
    const t = timeline({ impoundedAt: ist('2026-05-31T11:00') });
    expect(t.s20ComplaintWindowEnd).toMatchObject({ section: 's. 20', date: '2026-06-10' });
  });
  it('counts from a seizure the evening before impounding', () => {
    const t = timeline({ impoundedAt: ist('2026-05-31T08:00'), seizedAt: ist('2026-05-30T21:00') });
    expect(t.s20ComplaintWindowEnd.date).toBe('2026-06-09');
  });
  it('follows a configured window', () => {
    const t = timeline({ impoundedAt: ist('2026-05-31T11:00') }, { s20ComplaintDays: 15 });
    expect(t.s20ComplaintWindowEnd.date).toBe('2026-06-15');
  });
});

describe('s. 17 surplus hold: 3 calendar months from the deposit, month-end and leap-day cases', () => {
  it.each([
    ['2025-11-30T12:00', '2026-02-28'], // 30 Nov → 28 Feb (2026 not leap)
    ['2023-11-30T12:00', '2024-02-29'], // 30 Nov → 29 Feb (2024 leap)
    ['2024-02-29T12:00', '2024-05-29'], // from a leap day
    ['2026-03-31T12:00', '2026-06-30'], // 31 Mar → 30 Jun
    ['2025-12-31T12:00', '2026-03-31'], // across the year
  ])('deposited %s: hold ends with %s', (at, end) => {
    const t = timeline({ impoundedAt: ist('2023-01-01T10:00'), surplusDepositedAt: ist(at) });
    expect(t.surplusHoldEnd).toMatchObject({ rule: 'S17_SURPLUS_HOLD_END', section: 's. 17', date: end });
    expect(t.surplusHoldEnd!.basis.period).toEqual({ months: 3 });
  });
});

describe('timeline errors', () => {
  it('a notice before impounding is refused', () => {
    const r = computeTimeline({ impoundedAt: ist('2026-05-31T11:00'), noticePostedAt: ist('2026-05-30T11:00') });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'DATE_BEFORE_IMPOUNDING', details: { field: 'noticePostedAt' } });
  });
  it('a seizure after impounding is refused', () => {
    const r = computeTimeline({ impoundedAt: ist('2026-05-31T11:00'), seizedAt: ist('2026-05-31T12:00') });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('DATE_ORDER');
  });
  it('a zero-day window is refused', () => {
    const r = computeTimeline({ impoundedAt: ist('2026-05-31T11:00') }, { s14ClaimDays: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('INVALID_RULE');
  });
  it('entries are in date order', () => {
    const t = timeline({
      impoundedAt: ist('2026-05-31T11:00'),
      noticePostedAt: ist('2026-06-09T15:00'),
      surplusDepositedAt: ist('2026-06-20T12:00'),
    });
    expect(t.entries.map((e) => e.rule)).toEqual([
      'S14_REPORT_DUE',
      'S20_COMPLAINT_WINDOW_END',
      'S14_AUCTION_ELIGIBLE',
      'S17_SURPLUS_HOLD_END',
    ]);
  });
});
