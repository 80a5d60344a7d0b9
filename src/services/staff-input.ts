import { isLocalDate, startOfIstDay, type LocalDate } from '../law';
import { parseAmount } from './officer-input';

/**
 * Reading what staff type: a reply to a payment card, the day and hour cattle were brought in, export
 * dates, head counts. Pure functions; the clock is passed in where needed.
 */

/** Devanagari digits ०-९ → 0-9 (Hindi keyboards type them), NFC, single spaces. */
export function cleanTyped(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x0966))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Rupees typed by a keeper → paise, or null when it is not an amount (or zero). "1250", "1,250.50", "₹1250",
 * "Rs 1250/-". The same reading as the officers' amounts (`parseAmount`), so a keeper and an officer typing
 * the same words get the same paise.
 */
export function parseRupeesTyped(text: string): number | null {
  return parseAmount(text);
}

/** What a keeper's reply to a payment card means. */
export type KeeperReply =
  | { kind: 'ok'; receiptBookNo: string | null }
  | { kind: 'amount'; paise: number }
  | { kind: 'no'; reason: string }
  | { kind: 'bad_amount'; input: string }
  | { kind: 'unknown' };

const OK_WORDS = /^(ok|okay|okk|yes|y|done|received|haan|ha|han|हाँ|हां|हा|ठीक|ठीक है|ओके|मिल गया|मिला|प्राप्त)$/iu;
const NO_WORDS = /^(no|nahi|nahin|नहीं|नही|ना)(?:\s+|[:,.-]\s*|$)(.*)$/iu;
const BOOK_NO = /^(?:rb|r\.b\.|book|receipt|rcpt|रसीद|बुक)\s*(?:no\.?|नं\.?|#|:)?\s*([A-Za-z0-9][A-Za-z0-9/-]{0,29})$/iu;

/**
 * A keeper's reply: "ok" (optionally followed by the receipt book number) confirms; a bare amount confirms
 * that amount; "RB 1234" / "#1234" / "रसीद 1234" confirms with the receipt book number; "no <reason>" rejects.
 * Something that looks like an amount but is not one ("12a0") is reported as a bad amount.
 */
export function parseKeeperReply(text: string): KeeperReply {
  const s = cleanTyped(text);
  if (!s) return { kind: 'unknown' };
  if (OK_WORDS.test(s)) return { kind: 'ok', receiptBookNo: null };
  const okWith = /^(ok|okay|haan|हाँ|हां|ठीक)[\s,:-]+(.+)$/iu.exec(s);
  if (okWith) {
    const rest = okWith[2]!.trim();
    const book = BOOK_NO.exec(rest)?.[1] ?? (/^[A-Za-z0-9][A-Za-z0-9/-]{0,29}$/.test(rest) ? rest.replace(/^#/, '') : null);
    if (book) return { kind: 'ok', receiptBookNo: book };
  }
  const no = NO_WORDS.exec(s);
  if (no) return { kind: 'no', reason: no[2]!.trim() };
  const book = BOOK_NO.exec(s) ?? /^#\s*([A-Za-z0-9][A-Za-z0-9/-]{0,29})$/.exec(s);
  if (book) return { kind: 'ok', receiptBookNo: book[1]! };
  const paise = parseRupeesTyped(s);
  if (paise !== null) return { kind: 'amount', paise };
  // Mostly digits with a stray letter or symbol: a mistyped amount, not a random message.
  if (/^[₹\s]*\d[\d\s,.]*[^\d\s,.]+[\d\s,.]*$/u.test(s) || /^(₹|rs\.?)\s*\S+$/iu.test(s)) return { kind: 'bad_amount', input: s };
  return { kind: 'unknown' };
}

/**
 * "28.11.2026 14:30" (also with / or -, and "2:30 pm") → the instant in India time; null if not a real date
 * and time. The date alone means 00:00 is NOT assumed: the hour is part of the s. 8 entry.
 */
export function parseIstDateTime(text: string): Date | null {
  const s = cleanTyped(text).toLowerCase();
  const m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4}),?\s+(\d{1,2})[:.](\d{2})\s*(am|pm)?$/.exec(s);
  if (!m) return null;
  const date = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  if (!isLocalDate(date)) return null;
  let hour = Number(m[4]);
  const minute = Number(m[5]);
  if (m[6]) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (m[6] === 'pm' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  return new Date(startOfIstDay(date).getTime() + (hour * 60 + minute) * 60_000);
}

/** "28.11.2026", "28/11/2026" or "2026-11-28" → '2026-11-28'; null otherwise. */
export function parseDateTyped(text: string): LocalDate | null {
  const s = cleanTyped(text);
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  const date = m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : (m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(s)) ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : null;
  return date && isLocalDate(date) ? date : null;
}

/** A whole number of heads from 1 to `max`; null otherwise. */
export function parseCount(text: string, max: number): number | null {
  const s = cleanTyped(text);
  if (!/^\d{1,4}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= max ? n : null;
}
