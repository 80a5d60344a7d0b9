import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  addDays,
  daysBetween,
  endOfIstDay,
  isLocalDate,
  periodFrom,
  startOfIstDay,
  toIstDate,
} from '../../../src/law';
import { ist } from './fixtures';

describe('India time: instants to India dates (+05:30, no DST)', () => {
  it.each([
    // [instant (UTC ISO), India date]        why
    ['2026-05-31T18:29:59.999Z', '2026-05-31'], // 23:59:59.999 IST on 31 May
    ['2026-05-31T18:30:00.000Z', '2026-06-01'], // 00:00 IST on 1 June
    ['2026-05-30T18:30:00.000Z', '2026-05-31'], // 00:00 IST on 31 May
    ['2026-12-31T20:00:00.000Z', '2027-01-01'], // 01:30 IST on New Year's day
    ['2028-02-28T19:00:00.000Z', '2028-02-29'], // 00:30 IST on a leap day
  ])('%s falls on %s in India', (utc, date) => {
    expect(toIstDate(new Date(utc))).toBe(date);
  });

  it('a day starts at 18:30 UTC of the previous day and ends (exclusive) 24 hours later', () => {
    expect(startOfIstDay('2026-06-01').toISOString()).toBe('2026-05-31T18:30:00.000Z');
    expect(endOfIstDay('2026-06-01').toISOString()).toBe('2026-06-01T18:30:00.000Z');
    expect(toIstDate(new Date(endOfIstDay('2026-06-01').getTime() - 1))).toBe('2026-06-01');
    expect(toIstDate(endOfIstDay('2026-06-01'))).toBe('2026-06-02');
  });

  it('reads wall-clock fixtures as India time', () => {
    expect(ist('2026-06-01T00:00').toISOString()).toBe('2026-05-31T18:30:00.000Z');
  });
});

describe('day arithmetic', () => {
  it.each([
    ['2026-05-31', 7, '2026-06-07'],
    ['2026-12-28', 7, '2027-01-04'], // across the year end
    ['2028-02-25', 7, '2028-03-03'], // 26, 27, 28, 29 Feb (leap year), 1, 2, 3 Mar
    ['2027-02-25', 7, '2027-03-04'], // 26, 27, 28 Feb, 1–4 Mar
    ['2026-03-10', -10, '2026-02-28'],
  ])('%s + %i days = %s', (d, n, out) => {
    expect(addDays(d, n)).toBe(out);
    expect(daysBetween(d, out)).toBe(n);
  });

  it.each([
    ['2025-11-30', 3, '2026-02-28'], // 30 Nov + 3 months, February clamped
    ['2023-11-30', 3, '2024-02-29'], // … in a leap year
    ['2024-02-29', 3, '2024-05-29'], // from a leap day
    ['2026-03-31', 3, '2026-06-30'], // 31 → 30
    ['2025-12-31', 3, '2026-03-31'],
    ['2024-08-31', 3, '2024-11-30'],
    ['2026-06-15', 3, '2026-09-15'],
    ['2026-11-15', 3, '2027-02-15'], // across the year end
  ])('%s + %i calendar months = %s (clamped to month end)', (d, m, out) => {
    expect(addCalendarMonths(d, m)).toBe(out);
  });

  it('validates India dates strictly', () => {
    expect(isLocalDate('2026-02-29')).toBe(false); // 2026 is not a leap year
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2026-6-1')).toBe(false);
    expect(isLocalDate('2026-13-01')).toBe(false);
    expect(() => addDays('2026-02-30', 1)).toThrowError(/INVALID_DATE/);
  });
});

describe('General Clauses Act s. 9: "within N days from D" excludes D and ends when D+N ends', () => {
  it('7 days from 31 May 2026 run 1–7 June and end at 00:00 IST on 8 June', () => {
    const p = periodFrom('2026-05-31', { days: 7 });
    expect(p.lastDay).toBe('2026-06-07');
    expect(p.firstDayAfter).toBe('2026-06-08');
    expect(p.endsAt.toISOString()).toBe('2026-06-07T18:30:00.000Z');
  });

  it('3 months from 30 Nov 2025 end when 28 Feb 2026 ends', () => {
    const p = periodFrom('2025-11-30', { months: 3 });
    expect(p.lastDay).toBe('2026-02-28');
    expect(p.endsAt.toISOString()).toBe('2026-02-28T18:30:00.000Z');
  });
});
