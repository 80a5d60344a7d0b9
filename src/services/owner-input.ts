import { addDays, isLocalDate, toIstDate, type LocalDate } from '../law';

/**
 * Reading what owners type: Devanagari digits, amounts in rupees, dates in Indian formats (English and
 * Hindi month names, "today"/"आज"), UPI references. Pure functions; nothing here reads the clock.
 */

// One reading of amounts for everyone (owners, keepers, officers): src/services/typed-input.ts.
export { asciiDigits, normaliseTyped, parseRupees } from './typed-input';
import { normaliseTyped } from './typed-input';

/**
 * A UPI transaction reference (UTR / RRN) as typed: letters and digits, 6–35 characters once spaces and
 * dashes are removed, at least 6 of them digits (every UPI app's reference is mostly digits, so a name
 * typed by mistake — "Ramesh Kumar" — is not taken for one); null otherwise.
 */
export function parseUpiRef(text: string): string | null {
  const s = normaliseTyped(text).replace(/[\s-]+/g, '').toUpperCase();
  return /^[A-Z0-9]{6,35}$/.test(s) && (s.match(/\d/g) ?? []).length >= 6 ? s : null;
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

function fullYear(y: string | undefined, m: number, d: number, today: LocalDate, lean: DateLean): number {
  if (y) return y.length === 2 ? 2000 + Number(y) : Number(y);
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
 * Finds one date in `text` (India dates): "27/11/2026", "27-11-26", "27.11", "27 Nov", "27 नवंबर 2026",
 * "2026-11-27", "today"/"आज", "कल", "+3", "3 days"/"3 दिन". `now` anchors relative and year-less dates;
 * `lean` picks the past or the future for the ambiguous ones.
 */
export function findDate(text: string, now: Date, lean: DateLean): FoundDate | null {
  const s = normaliseTyped(text);
  const today = toIstDate(now);
  const cut = (m: RegExpExecArray) => (s.slice(0, m.index) + ' ' + s.slice(m.index + m[0].length)).replace(/\s+/g, ' ').trim();

  let m = /(^|\D)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/.exec(s);
  if (m) {
    const date = ymd(Number(m[2]), Number(m[3]), Number(m[4]));
    return date ? { date, rest: cut(m) } : null;
  }
  m = /(^|[^\d])(\d{1,2})\s*[/.-]\s*(\d{1,2})(?:\s*[/.-]\s*(\d{2}|\d{4}))?(?![\d-])/.exec(s);
  if (m) {
    const d = Number(m[2]);
    const mo = Number(m[3]);
    const date = ymd(fullYear(m[4], mo, d, today, lean), mo, d);
    return date ? { date, rest: cut(m) } : null;
  }
  m = new RegExp(`(^|\\s)(\\d{1,2})\\s*(${MONTH_ALT})\\.?(?:,?\\s*(\\d{4}))?(?=\\s|$|,)`, 'iu').exec(s);
  if (m) {
    const d = Number(m[2]);
    const mo = MONTHS[m[3]!.toLowerCase()]!;
    const date = ymd(fullYear(m[4], mo, d, today, lean), mo, d);
    return date ? { date, rest: cut(m) } : null;
  }
  m = /(^|\s)\+\s*(\d{1,3})(?=\s|$)/.exec(s) ?? /(^|\s)(\d{1,3})\s*(days?|din|दिन)(\s*(baad|बाद|later))?(?=\s|$)/iu.exec(s);
  if (m) return { date: addDays(today, Number(m[2])), rest: cut(m) };
  for (const [re, offset] of RELATIVE) {
    m = re.exec(s);
    if (m) return { date: addDays(today, offset(lean)), rest: cut(m) };
  }
  return null;
}
