import type { LocalDate } from '../law';
import { normaliseTyped, parseDate, parseDateTime, parseRupees } from './typed-input';

/**
 * Reading what officers and the Magistrate's office type in the notice, auction, sale and order flows:
 * times in India time, dates, rupee amounts, case numbers. Pure functions; `now` is passed in.
 */

/** Devanagari digits → ASCII, NFC, single spaces, Hindi-keyboard dashes → "-" (one reading: typed-input.ts). */
export const cleanInput = normaliseTyped;

/** A day and hour in India time, or a bare time meaning today in India (`parseDateTime`). */
export function parseIstWhen(text: string, now: Date): Date | null {
  return parseDateTime(text, now);
}

/** An India date: "16.11.2026", "16/11/2026", "2026-11-16" (`parseDate`). */
export function parseIstDate(text: string): LocalDate | null {
  return parseDate(text);
}

/** Rupees → paise (`parseRupees`); `allowZero` for the expenses of sale. */
export function parseAmount(text: string, allowZero = false): number | null {
  return parseRupees(text, { allowZero });
}

/** A case number as staff type it: "jai1-2026-17", "JAI1 2026 17", "JAI1–२०२६–१७" → "JAI1-2026-17"; else null. */
export function parseCaseArg(text: string): string | null {
  const s = cleanInput(text).toUpperCase();
  const m = /^([A-Z]{1,8}\d{0,3})\s*[-/ ]\s*(\d{4})\s*[-/ ]\s*0*(\d{1,7})$/.exec(s);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}
