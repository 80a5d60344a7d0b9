import { addDays, isLocalDate, toIstDate, type LocalDate } from '../law';

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

const MONTHS: Record<string, number> = {};
const MONTH_NAMES: Array<[number, string[]]> = [
  [1, ['jan', 'january', 'जनवरी']],
  [2, ['feb', 'february', 'फरवरी', 'फ़रवरी']],
  [3, ['mar', 'march', 'मार्च']],
  [4, ['apr', 'april', 'अप्रैल', 'अप्रेल']],
  [5, ['may', 'मई']],
  [6, ['jun', 'june', 'जून']],
  [7, ['jul', 'july', 'जुलाई']],
  [8, ['aug', 'august', 'अगस्त']],
  [9, ['sep', 'sept', 'september', 'सितंबर', 'सितम्बर']],
  [10, ['oct', 'october', 'अक्टूबर', 'अक्तूबर']],
  [11, ['nov', 'november', 'नवंबर', 'नवम्बर']],
  [12, ['dec', 'december', 'दिसंबर', 'दिसम्बर']],
];
for (const [n, names] of MONTH_NAMES) for (const name of names) MONTHS[name] = n;
const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** Whether an ambiguous date ("5/12", "कल") means the past (search) or the future (what-if). */
export type DateLean = 'past' | 'future';

/** A date found in a text, and the text with it removed. */
export interface FoundDate {
  date: LocalDate;
  rest: string;
}

function ymd(y: number, m: number, d: number): LocalDate | null {
  const s = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isLocalDate(s) ? s : null;
}

/**
 * The year of a date written without one (or with two digits): this year, or the one before / after when
 * `lean` says the person means the past / the future. Null when the date must be complete (`today` absent).
 */
function yearOf(y: string | undefined, m: number, d: number, today: LocalDate | null, lean: DateLean): number | null {
  if (y?.length === 4) return Number(y);
  if (today === null) return null;
  if (y) return 2000 + Number(y);
  const thisYear = Number(today.slice(0, 4));
  const candidate = ymd(thisYear, m, d);
  if (!candidate) return thisYear;
  if (lean === 'past' && candidate > today) return thisYear - 1;
  if (lean === 'future' && candidate < today) return thisYear + 1;
  return thisYear;
}

const RELATIVE: Array<[RegExp, (lean: DateLean) => number]> = [
  [/(^|\s)(today|aaj|आज)(?=\s|$)/iu, () => 0],
  [/(^|\s)(yesterday)(?=\s|$)/iu, () => -1],
  [/(^|\s)(tomorrow)(?=\s|$)/iu, () => 1],
  // "कल"/"kal" means yesterday or tomorrow; the context decides.
  [/(^|\s)(kal|कल)(?=\s|$)/iu, (lean) => (lean === 'past' ? -1 : 1)],
  [/(^|\s)(parso|parson|परसों|परसो)(?=\s|$)/iu, (lean) => (lean === 'past' ? -2 : 2)],
];

/**
 * The one reading of a typed date. With `today` null only a complete date is a date (an official record —
 * the day of an order, of a notice, of the s. 8 entry — is never guessed at): "28.11.2026", "28/11/2026",
 * "28-11-2026", "2026-11-28", "28 Nov 2026", "28 नवंबर 2026". With `today` (an owner's search or what-if)
 * also "27.11", "27-11-26", "27 Nov", "आज", "कल", "+3", "3 दिन", resolved towards `lean`.
 */
function scanDate(text: string, today: LocalDate | null, lean: DateLean): FoundDate | null {
  const s = normaliseTyped(text);
  const cut = (m: RegExpExecArray) =>
    `${s.slice(0, m.index)} ${s.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim();
  const dated = (m: RegExpExecArray, y: number | null, mo: number, d: number) => {
    const date = y === null ? null : ymd(y, mo, d);
    return date ? { date, rest: cut(m) } : null;
  };

  let m = /(^|\D)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/.exec(s);
  if (m) return dated(m, Number(m[2]), Number(m[3]), Number(m[4]));
  m = /(^|[^\d])(\d{1,2})\s*[/.-]\s*(\d{1,2})(?:\s*[/.-]\s*(\d{2}|\d{4}))?(?![\d-])/.exec(s);
  if (m) return dated(m, yearOf(m[4], Number(m[3]), Number(m[2]), today, lean), Number(m[3]), Number(m[2]));
  m = new RegExp(`(^|\\s)(\\d{1,2})\\s*(${MONTH_ALT})\\.?(?:,?\\s*(\\d{4}))?(?=\\s|$|,)`, 'iu').exec(s);
  if (m) {
    const mo = MONTHS[m[3]!.toLowerCase()]!;
    return dated(m, yearOf(m[4], mo, Number(m[2]), today, lean), mo, Number(m[2]));
  }
  if (today === null) return null;
  m =
    /(^|\s)\+\s*(\d{1,3})(?=\s|$)/.exec(s) ??
    /(^|\s)(\d{1,3})\s*(days?|din|दिन)(\s*(baad|बाद|later))?(?=\s|$)/iu.exec(s);
  if (m) return { date: addDays(today, Number(m[2])), rest: cut(m) };
  for (const [re, offset] of RELATIVE) {
    m = re.exec(s);
    if (m) return { date: addDays(today, offset(lean)), rest: cut(m) };
  }
  return null;
}

/**
 * Finds one date in what an owner typed ("cow brought 27 Nov", "कल", "+3") and returns it with the rest of
 * the text. `now` anchors relative and year-less dates; `lean` picks the past or the future for the ambiguous.
 */
export function findDate(text: string, now: Date, lean: DateLean): FoundDate | null {
  return scanDate(text, toIstDate(now), lean);
}

/** A complete date and nothing else: "28.11.2026", "28/11/2026", "2026-11-28", "28 Nov 2026", "२८ नवंबर २०२६". */
export function parseDate(text: string): LocalDate | null {
  const found = scanDate(text, null, 'past');
  return found && found.rest === '' ? found.date : null;
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
 * A day and hour in India time → the instant: "29.11.2026 14:30", "29/11/2026 2:30 pm", "29 Nov 2026 14:30".
 * With `today` (now) a bare time ("14:30") means that India day; without it the date is required (the s. 8
 * register needs the day and the hour, never a guess). The date part is always complete (`parseDate`).
 */
export function parseDateTime(text: string, today?: Date): Date | null {
  const s = normaliseTyped(text).toLowerCase();
  const at = (date: LocalDate, minutes: number | null) =>
    minutes === null ? null : new Date(Date.parse(`${date}T00:00:00+05:30`) + minutes * 60_000);
  const withDate = new RegExp(`^(.+?),?\\s+${TIME.source}$`).exec(s);
  if (withDate) {
    const date = parseDate(withDate[1]!);
    return date ? at(date, minutesOf(withDate[2]!, withDate[3]!, withDate[4])) : null;
  }
  const time = today ? new RegExp(`^${TIME.source}$`).exec(s) : null;
  return time ? at(toIstDate(today!), minutesOf(time[1]!, time[2]!, time[3])) : null;
}

/**
 * Control and format characters (Unicode Cc and Cf): NUL, BEL, ESC, the bidi overrides and isolates that reorder what
 * a reader sees (U+202E), zero-width spaces. No field typed into a form holds one; the staff desk's form refuses
 * them, and so does every other door that stores free text for others to read (the chat's register entry, the paper
 * register's import). Except the zero-width non-joiner and joiner (U+200C, U+200D): Hindi keyboards type them to
 * choose how a conjunct is drawn (क्‍ष), so they are part of the word.
 */
export const CONTROL_OR_FORMAT = /(?![\u200C\u200D])[\p{Cc}\p{Cf}]/u;

/** The first control or format character of `text` as U+XXXX, or null when it has none. */
export function controlCharIn(text: string): string | null {
  const m = CONTROL_OR_FORMAT.exec(text);
  return m ? `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : null;
}
