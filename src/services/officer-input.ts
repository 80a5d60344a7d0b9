import { isLocalDate, toIstDate, type LocalDate } from '../law';

/**
 * Reading what officers and the Magistrate's office type in the notice, auction, sale and order flows:
 * times in India time, dates, rupee amounts, case numbers. Pure functions; `now` is passed in.
 */

/** Devanagari digits → ASCII, NFC, single spaces, Hindi-keyboard dashes → "-". */
export function cleanInput(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x0966))
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

function instant(date: LocalDate, hour: number, minute: number): Date | null {
  if (!isLocalDate(date) || hour > 23 || minute > 59) return null;
  return new Date(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+05:30`);
}

function hourOf(h: string, ampm: string | undefined): number | null {
  let hour = Number(h);
  if (ampm) {
    if (hour < 1 || hour > 12) return null;
    if (ampm === 'pm' && hour !== 12) hour += 12;
    if (ampm === 'am' && hour === 12) hour = 0;
  }
  return hour;
}

/**
 * A day and hour in India time: "29.11.2026 14:30", "29/11/2026 2:30 pm", "2026-11-29 14:30", or just
 * "14:30" / "2:30 pm" for today (India date of `now`). Null when it is not a real date and time.
 */
export function parseIstWhen(text: string, now: Date): Date | null {
  const s = cleanInput(text).toLowerCase();
  const time = /(\d{1,2})[:.](\d{2})\s*(am|pm)?$/;
  const dmy = new RegExp(`^(\\d{1,2})[./-](\\d{1,2})[./-](\\d{4}),?\\s+${time.source}`).exec(s);
  if (dmy) {
    const hour = hourOf(dmy[4]!, dmy[6]);
    return hour === null ? null : instant(`${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`, hour, Number(dmy[5]));
  }
  const ymd = new RegExp(`^(\\d{4})-(\\d{1,2})-(\\d{1,2}),?\\s+${time.source}`).exec(s);
  if (ymd) {
    const hour = hourOf(ymd[4]!, ymd[6]);
    return hour === null ? null : instant(`${ymd[1]}-${ymd[2]!.padStart(2, '0')}-${ymd[3]!.padStart(2, '0')}`, hour, Number(ymd[5]));
  }
  const only = new RegExp(`^${time.source}`).exec(s);
  if (only) {
    const hour = hourOf(only[1]!, only[3]);
    return hour === null ? null : instant(toIstDate(now), hour, Number(only[2]));
  }
  return null;
}

/** An India date: "16.11.2026", "16/11/2026", "2026-11-16"; null when it is not a real date. */
export function parseIstDate(text: string): LocalDate | null {
  const s = cleanInput(text);
  const dmy = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(s);
  const d = dmy ? `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}` : /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : null;
  return d && isLocalDate(d) ? d : null;
}

/**
 * Rupees → paise ("1250", "1,250.50", "₹ 1250", "Rs 1250/-", "१२५०"); `allowZero` for the expenses of
 * sale. Null when it is not an amount (letters, more than two decimals, negative). No floating point.
 */
export function parseAmount(text: string, allowZero = false): number | null {
  const s = cleanInput(text).replace(/₹|\brs\.?|\/-|रु\.?|रुपये|रुपए/giu, '').replace(/\s+/g, '');
  const m = /^(\d{1,3}(?:,\d{2,3})+|\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const whole = m[1]!.replace(/,/g, '');
  if (whole.length > 11) return null;
  const paise = Number(whole) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(paise)) return null;
  return paise > 0 || (allowZero && paise === 0) ? paise : null;
}

/** A case number as staff type it: "jai1-2026-17", "JAI1 2026 17", "JAI1–२०२६–१७" → "JAI1-2026-17"; else null. */
export function parseCaseArg(text: string): string | null {
  const s = cleanInput(text).toUpperCase();
  const m = /^([A-Z]{1,8}\d{0,3})\s*[-/ ]\s*(\d{4})\s*[-/ ]\s*0*(\d{1,7})$/.exec(s);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}
