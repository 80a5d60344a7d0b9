import { addCalendarMonths, addDays, daysBetween, isLocalDate, type LocalDate, toIstDate } from '../../law';
import { countOfWord } from './cattle-words';
import { findDate, normaliseTyped } from '../typed-input';

/**
 * The day an owner asks about in a question ("if I come tomorrow, how much?", "परसों आऊं तो कितना लगेगा",
 * "somvar ko kitna", "5 tarikh ko", "in 3 days", "agle hafte"): the India date, always today or later, and the
 * text with the day taken out. The calendar arithmetic is src/law's (addDays, addCalendarMonths, dayIndex).
 */
export interface AskedDay {
  date: LocalDate;
  rest: string;
}

/** Weekday names, Sunday first. */
const WEEKDAYS: ReadonlyArray<readonly string[]> = [
  ['sunday', 'sun', 'ravivar', 'raviwar', 'itvar', 'itwar', 'etwar', 'aitvar', 'aitwar', 'रविवार', 'इतवार', 'एतवार'],
  ['monday', 'mon', 'somvar', 'somwar', 'सोमवार'],
  ['tuesday', 'tue', 'tues', 'mangalvar', 'mangalwar', 'mangal', 'मंगलवार', 'मंगल'],
  ['wednesday', 'wed', 'budhvar', 'budhwar', 'budh', 'बुधवार', 'बुध'],
  [
    'thursday',
    'thu',
    'thurs',
    'guruvar',
    'guruwar',
    'brihaspativar',
    'veervar',
    'virvar',
    'गुरुवार',
    'बृहस्पतिवार',
    'वीरवार',
  ],
  ['friday', 'fri', 'shukravar', 'shukrawar', 'sukravar', 'shukar', 'शुक्रवार', 'शुक्र'],
  ['saturday', 'sat', 'shanivar', 'shaniwar', 'shanichar', 'shani', 'शनिवार', 'शनिचर', 'शनि'],
];
/** 0 for a Sunday … 6 for a Saturday (4 January 1970 was a Sunday). */
const weekdayOf = (d: LocalDate) => ((daysBetween('1970-01-04' as LocalDate, d) % 7) + 7) % 7;
const WEEKDAY_OF = new Map<string, number>(WEEKDAYS.flatMap((names, i) => names.map((n) => [n, i] as const)));

const TOMORROW = /^(tomorrow|tmrw|tmr|kal|kaal|कल|काल)$/;
const DAY_AFTER = /^(parso|parson|parsoon|parsu|परसों|परसो|परसूं)$/;
const NEXT = /^(next|agle|agale|agla|agli|अगले|अगला|अगली|aane|aanewale|आने)$/;
const WEEK = /^(week|hafte|hafta|haftey|saptah|हफ्ते|हफ़्ते|हफ्ता|सप्ताह)$/;
const DAYS = /^(days?|din|dino|dinon|दिन|दिनों)$/;
const DATE_WORD = /^(tarikh|tareekh|tarik|tarkh|tarikh|तारीख|तारीख़|तारिख|tarik)$/;
const ORDINAL = /^(\d{1,2})(st|nd|rd|th)$/;

/** The text's words in their typed spelling (digits as ASCII, lower case). */
const tokens = (text: string) =>
  normaliseTyped(text)
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);

/** The India day `ofMonth` of this month, or of the next when it has passed; null when no such day. */
function dayOfMonth(today: LocalDate, ofMonth: number): LocalDate | null {
  if (ofMonth < 1 || ofMonth > 31) return null;
  for (const months of [0, 1, 2]) {
    const first = addCalendarMonths(`${today.slice(0, 8)}01` as LocalDate, months);
    const d = `${first.slice(0, 8)}${String(ofMonth).padStart(2, '0')}`;
    if (isLocalDate(d) && d >= today) return d;
  }
  return null;
}

/** Reads the day asked about in `text` (see `AskedDay`); null when it names none. */
export function askedDay(text: string, now: Date): AskedDay | null {
  const today = toIstDate(now);
  const w = tokens(text);
  const rest = (from: number, count: number) => [...w.slice(0, from), ...w.slice(from + count)].join(' ');
  for (let i = 0; i < w.length; i++) {
    const word = w[i]!;
    const next = w[i + 1] ?? '';
    // "day after tomorrow", "the day after"
    if (word === 'day' && next === 'after') {
      const n = w[i + 2] === 'tomorrow' ? 3 : 2;
      return { date: addDays(today, 2), rest: rest(i, n) };
    }
    if (DAY_AFTER.test(word)) return { date: addDays(today, 2), rest: rest(i, 1) };
    if (TOMORROW.test(word)) return { date: addDays(today, 1), rest: rest(i, 1) };
    // "next week", "agle hafte", "अगले हफ्ते"; "next monday", "agle somvar"
    if (NEXT.test(word) && WEEK.test(next)) return { date: addDays(today, 7), rest: rest(i, 2) };
    if (NEXT.test(word) && WEEKDAY_OF.has(next)) {
      const ahead = (WEEKDAY_OF.get(next)! - weekdayOf(today) + 7) % 7 || 7;
      return { date: addDays(today, ahead), rest: rest(i, 2) };
    }
    const weekday = WEEKDAY_OF.get(word);
    // "mangal"/"budh"/"shani"/"shukar" alone are names too: a short form counts only with "ko"/"को"/"on".
    if (weekday !== undefined && (word.length > 5 || /^(ko|को|on|wale|vale|वाले)$/.test(next) || w[i - 1] === 'on')) {
      const ahead = (weekday - weekdayOf(today) + 7) % 7;
      return { date: addDays(today, ahead), rest: rest(i, 1) };
    }
    // "in 3 days", "3 din baad", "तीन दिन में", "do din"
    const n = countOfWord(word);
    if (n !== null && n > 0 && DAYS.test(next)) {
      const tail = /^(baad|bad|bād|बाद|me|mein|में|later|after|mai)$/.test(w[i + 2] ?? '') ? 1 : 0;
      const lead = w[i - 1] === 'in' || w[i - 1] === 'after' ? 1 : 0;
      return { date: addDays(today, n), rest: rest(i - lead, 2 + tail + lead) };
    }
    // "5 tarikh", "तारीख 5", "on the 5th", "5th ko"
    const ord = ORDINAL.exec(word);
    if (ord || (/^\d{1,2}$/.test(word) && DATE_WORD.test(next)) || (DATE_WORD.test(word) && /^\d{1,2}$/.test(next))) {
      const day = Number(ord ? ord[1] : /^\d/.test(word) ? word : next);
      const date = dayOfMonth(today, day);
      if (date) return { date, rest: rest(i, ord ? 1 : 2) };
    }
  }
  // A whole date with digits or a month's name ("5/12", "5 dec"), towards the future.
  // Further than two months ahead ("27 nov" read as next year's) is no owner's question about his dues.
  const found = findDate(text, now, 'future');
  if (found && found.date >= today && daysBetween(today, found.date) <= 60)
    return { date: found.date, rest: found.rest };
  return null;
}
