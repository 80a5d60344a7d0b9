import type { LocalDate } from '../law';
import { normaliseTyped, parseDate, parseDateTime, parseRupees } from './typed-input';

/**
 * Reading what staff type: a reply to a payment card, the day and hour cattle were brought in, export
 * dates, head counts. Pure functions; the clock is passed in where needed.
 */

/** NFC, ASCII digits, single spaces (src/services/typed-input.ts: one reading for everyone). */
export const cleanTyped = normaliseTyped;

/** Rupees typed by a keeper → paise (zero refused): the same reading as everyone's (`parseRupees`). */
export function parseRupeesTyped(text: string): number | null {
  return parseRupees(text);
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

/** "28.11.2026 14:30" → the instant in India time; the date is required (the s. 8 entry needs day and hour). */
export function parseIstDateTime(text: string): Date | null {
  return parseDateTime(text);
}

/** "28.11.2026", "28/11/2026" or "2026-11-28" → '2026-11-28'; null otherwise. */
export function parseDateTyped(text: string): LocalDate | null {
  return parseDate(text);
}

/** A whole number of heads from 1 to `max`; null otherwise. */
export function parseCount(text: string, max: number): number | null {
  const s = cleanTyped(text);
  if (!/^\d{1,4}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= max ? n : null;
}
