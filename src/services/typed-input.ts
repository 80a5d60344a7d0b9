import { isLocalDate, toIstDate, type LocalDate } from '../law';

/**
 * The one reading of amounts, dates and times that people type — owners, keepers, officers and the admin CLI
 * alike, so the same words give the same paise or the same day whoever types them. Pure; `now` is passed in.
 *
 * What is refused rather than guessed at: digits split by spaces ("12 34" — 1234 or two numbers?), irregular
 * grouping ("12,34" — 1234 or 12.34?), more than two decimals, signs, words for numbers ("ek hazaar").
 */

const DEVANAGARI_ZERO = 0x0966;

/** Replaces Devanagari digits ०-९ with 0-9 (Hindi keyboards type them). */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - DEVANAGARI_ZERO));
}

/** NFC, ASCII digits, the dashes Hindi keyboards produce as "-", single spaces, trimmed. */
export function normaliseTyped(text: string): string {
  return asciiDigits(text.normalize('NFC'))
    .replace(/[\u2010-\u2015\u2212\uFE63\uFF0D]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words people put around a figure: ₹, Rs, INR, rupees, रुपये, रु, and the "/-" of a written amount. */
const AMOUNT_NOISE = /(₹|\brs\.?|\brupees?\b|\brupaye\b|\binr\b|रुपये|रुपए|रूपये|रुपया|रु\.?|\/-)/giu;

/** Plain digits, international grouping (1,250,000) or Indian lakh grouping (12,50,000); nothing else. */
const WHOLE = /^(\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})$/;

/** More than ₹999,99,99,999.99 is no amount anyone owes a pound; refused rather than risked in arithmetic. */
const MAX_WHOLE_DIGITS = 11;

/**
 * Rupees typed by a person → paise, or null when it is not an amount. Accepts "1250", "1,250.50",
 * "₹1,25,000", "Rs 1250/-", "१२५०", "1250 रुपये", "Rs. 1,250,000". Zero only with `allowZero` (the expenses
 * of a sale may be nil). No floating point: the paise are computed from the digits.
 */
export function parseRupees(text: string, opts: { allowZero?: boolean } = {}): number | null {
  const s = normaliseTyped(text).replace(AMOUNT_NOISE, ' ').trim();
  const m = /^([\d,]+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m || !WHOLE.test(m[1]!)) return null;
  const whole = m[1]!.replace(/,/g, '');
  if (whole.length > MAX_WHOLE_DIGITS) return null;
  const paise = Number(whole) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(paise)) return null;
  return paise > 0 || (opts.allowZero && paise === 0) ? paise : null;
}

function localDate(y: string, m: string, d: string): LocalDate | null {
  const date = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isLocalDate(date) ? date : null;
}

/** "28.11.2026", "28/11/2026", "28-11-2026" (day first, as in India) or "2026-11-28" → '2026-11-28'. */
export function parseDate(text: string): LocalDate | null {
  const s = normaliseTyped(text);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (iso) return localDate(iso[1]!, iso[2]!, iso[3]!);
  const dmy = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(s);
  return dmy ? localDate(dmy[3]!, dmy[2]!, dmy[1]!) : null;
}

/** 24-hour "14:30" / "14.30" or 12-hour "2:30 pm" → minutes after midnight; null when no such time. */
function minutesOf(h: string, m: string, ampm: string | undefined): number | null {
  let hour = Number(h);
  const minute = Number(m);
  if (ampm) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (ampm === 'pm' ? 12 : 0);
  }
  return hour > 23 || minute > 59 ? null : hour * 60 + minute;
}

const TIME = /(\d{1,2})[:.](\d{2})\s*(am|pm)?/;

/**
 * A day and hour in India time → the instant: "29.11.2026 14:30", "29/11/2026 2:30 pm", "2026-11-29 14:30".
 * With `today` (the India date of now) a bare time ("14:30") means that day; without it the date is required
 * (the s. 8 register needs the day and the hour, never a guess).
 */
export function parseDateTime(text: string, today?: Date): Date | null {
  const s = normaliseTyped(text).toLowerCase();
  const at = (date: LocalDate, minutes: number | null) => (minutes === null ? null : new Date(Date.parse(`${date}T00:00:00+05:30`) + minutes * 60_000));
  const withDate = new RegExp(`^(\\S+?),?\\s+${TIME.source}$`).exec(s);
  if (withDate) {
    const date = parseDate(withDate[1]!);
    return date ? at(date, minutesOf(withDate[2]!, withDate[3]!, withDate[4])) : null;
  }
  const time = today ? new RegExp(`^${TIME.source}$`).exec(s) : null;
  return time ? at(toIstDate(today!), minutesOf(time[1]!, time[2]!, time[3])) : null;
}
