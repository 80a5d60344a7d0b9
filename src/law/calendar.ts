import { LawError } from './errors';

/**
 * All India-time conversion and day arithmetic lives here (and nowhere else).
 *
 * - An instant is a JS `Date` (a UTC instant) passed in by the caller; the engine never reads the clock.
 * - A statutory date is an India calendar date, Asia/Kolkata, written `LocalDate` = 'YYYY-MM-DD'.
 *   India has a fixed offset of +05:30 and no daylight saving, so conversion is plain arithmetic.
 * - Day-counting convention (General Clauses Act, 1897, s. 9): in "within N days from D" the day D
 *   of the event is EXCLUDED; the period's last day is D+N and it ends when D+N ends in India, i.e. at
 *   00:00 IST of D+N+1. "N calendar months from D" ends at the end of the same day-of-month N months
 *   later, clamped to the month's last day (30 Nov + 3 months = 28 Feb, or 29 Feb in a leap year).
 */

/** An India (IST) calendar date, 'YYYY-MM-DD'. */
export type LocalDate = string;

/** India Standard Time offset from UTC, in minutes (fixed; no DST). */
export const IST_OFFSET_MINUTES = 330;

const MS_PER_DAY = 86_400_000;
const IST_OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
const LOCAL_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MIN_YEAR = 1000;
const MAX_YEAR = 9999;

interface Ymd {
  y: number;
  m: number; // 1..12
  d: number; // 1..31
}

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** Number of days in month `m` (1..12) of year `y`. */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

function splitYmd(s: unknown): Ymd | null {
  if (typeof s !== 'string') return null;
  const match = LOCAL_DATE_RE.exec(s);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (y < MIN_YEAR || y > MAX_YEAR || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

/** True when `s` is a real calendar date written 'YYYY-MM-DD' (years 1000–9999). */
export function isLocalDate(s: unknown): s is LocalDate {
  return splitYmd(s) !== null;
}

/** Throws `INVALID_DATE` unless `s` is a valid `LocalDate`. `field` names the input for the error. */
export function assertLocalDate(s: unknown, field: string): asserts s is LocalDate {
  if (!isLocalDate(s)) throw new LawError('INVALID_DATE', { field, value: s });
}

/** True when `x` is a `Date` holding a real instant. */
export function isInstant(x: unknown): x is Date {
  return x instanceof Date && !Number.isNaN(x.getTime());
}

/** Throws `INVALID_INSTANT` unless `x` is a valid `Date`. */
export function assertInstant(x: unknown, field: string): asserts x is Date {
  if (!isInstant(x)) throw new LawError('INVALID_INSTANT', { field, value: String(x) });
}

function ymdOf(s: LocalDate): Ymd {
  const ymd = splitYmd(s);
  if (!ymd) throw new LawError('INVALID_DATE', { value: s });
  return ymd;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function fromYmd({ y, m, d }: Ymd): LocalDate {
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

/** Days since 1970-01-01 (may be negative). */
function dayNumber(s: LocalDate): number {
  const { y, m, d } = ymdOf(s);
  const utc = new Date(0);
  utc.setUTCFullYear(y, m - 1, d);
  return Math.round(utc.getTime() / MS_PER_DAY);
}

function fromDayNumber(n: number): LocalDate {
  const t = new Date(n * MS_PER_DAY);
  const out = fromYmd({ y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() });
  if (!isLocalDate(out)) throw new LawError('INVALID_DATE', { reason: 'out_of_range', dayNumber: n });
  return out;
}

/** Days since 1970-01-01 of a valid India date (for fast comparisons of many dates). */
export function dayIndex(d: LocalDate): number {
  return dayNumber(d);
}

/** The India date with the given `dayIndex`. */
export function dateFromDayIndex(n: number): LocalDate {
  if (!Number.isSafeInteger(n)) throw new LawError('INVALID_COUNT', { field: 'dayIndex', value: n });
  return fromDayNumber(n);
}

/** The India calendar date on which `instant` falls. */
export function toIstDate(instant: Date): LocalDate {
  assertInstant(instant, 'instant');
  const shifted = new Date(instant.getTime() + IST_OFFSET_MS);
  const out = fromYmd({ y: shifted.getUTCFullYear(), m: shifted.getUTCMonth() + 1, d: shifted.getUTCDate() });
  if (!isLocalDate(out))
    throw new LawError('INVALID_INSTANT', { reason: 'out_of_range', value: instant.toISOString() });
  return out;
}

/** The instant at which India date `d` begins (00:00 IST = 18:30 UTC of the previous day). */
export function startOfIstDay(d: LocalDate): Date {
  return new Date(dayNumber(d) * MS_PER_DAY - IST_OFFSET_MS);
}

/**
 * The instant at which India date `d` ends, i.e. 00:00 IST of the next day. This is an EXCLUSIVE
 * bound: a moment `t` is still within day `d` iff `t < endOfIstDay(d)`; a deadline falling on `d`
 * has passed iff `t >= endOfIstDay(d)`.
 */
export function endOfIstDay(d: LocalDate): Date {
  return new Date((dayNumber(d) + 1) * MS_PER_DAY - IST_OFFSET_MS);
}

/** The India date `n` days after `d` (before, if `n` is negative). */
export function addDays(d: LocalDate, n: number): LocalDate {
  if (!Number.isSafeInteger(n)) throw new LawError('INVALID_COUNT', { field: 'days', value: n });
  return fromDayNumber(dayNumber(d) + n);
}

/**
 * The same day-of-month `months` calendar months after `d`, clamped to the last day of the target
 * month when it is shorter: 2025-11-30 + 3 = 2026-02-28; 2023-11-30 + 3 = 2024-02-29;
 * 2024-02-29 + 3 = 2024-05-29; 2026-03-31 + 3 = 2026-06-30.
 */
export function addCalendarMonths(d: LocalDate, months: number): LocalDate {
  if (!Number.isSafeInteger(months)) throw new LawError('INVALID_COUNT', { field: 'months', value: months });
  const { y, m, d: day } = ymdOf(d);
  const zeroBased = y * 12 + (m - 1) + months;
  const ty = Math.floor(zeroBased / 12);
  const tm = zeroBased - ty * 12 + 1;
  const out = fromYmd({ y: ty, m: tm, d: Math.min(day, daysInMonth(ty, tm)) });
  if (!isLocalDate(out)) throw new LawError('INVALID_DATE', { reason: 'out_of_range', from: d, months });
  return out;
}

/** Whole India days from `a` to `b` (`b - a`; negative when `b` is earlier). */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return dayNumber(b) - dayNumber(a);
}

/** -1, 0 or 1 as `a` is before, equal to or after `b`. */
export function compareLocalDate(a: LocalDate, b: LocalDate): -1 | 0 | 1 {
  const diff = daysBetween(b, a);
  return diff < 0 ? -1 : diff > 0 ? 1 : 0;
}

/** A statutory period counted from an event under the General Clauses Act, s. 9 convention. */
export interface StatutoryPeriod {
  /** India date of the event the period runs from (itself excluded). */
  readonly from: LocalDate;
  /** The length of the period. */
  readonly length: { readonly days: number } | { readonly months: number };
  /** The last India day of the period (D+N, or D + N calendar months, clamped). */
  readonly lastDay: LocalDate;
  /** The instant the period ends: 00:00 IST after `lastDay` (exclusive). */
  readonly endsAt: Date;
  /** The first India day after the period, when its consequence applies. */
  readonly firstDayAfter: LocalDate;
}

/**
 * THE day-counting convention: the event day is excluded, so "N days from D" runs over D+1 … D+N and
 * ends when D+N ends in India; "N months from D" ends when D + N calendar months (clamped) ends.
 */
export function periodFrom(
  from: LocalDate,
  length: { readonly days: number } | { readonly months: number },
): StatutoryPeriod {
  assertLocalDate(from, 'from');
  const lastDay = 'days' in length ? addDays(from, length.days) : addCalendarMonths(from, length.months);
  return { from, length, lastDay, endsAt: endOfIstDay(lastDay), firstDayAfter: addDays(lastDay, 1) };
}
