import { caseUrl } from '../case-url';
import type { DbReader } from './dues';
import { normaliseTyped } from './typed-input';

export { searchCases, parseSearchQuery, type SearchHit, type SearchQuery } from './owner-text';

/**
 * Case numbers and case look-up. A case number is "<pound code>-<year>-<serial>", e.g. JAI1-2026-17
 * (src/services/case-numbers.ts allocates them). Owners type them from a paper slip, often on a Hindi
 * keyboard: any case, spaces or other separators, Devanagari digits, and the Latin letters of the pound
 * code spelt out in Devanagari ("जे ए आई 1") are all understood. `parseCaseNumber` is the one parser — owners,
 * staff commands and the admin CLI alike — and every look-up goes through its key (`caseNumberKey`, the indexed
 * `Case.numberKey`), so a number that finds a case for one finds it for all.
 */

/** A parsed case number. */
export interface CaseNumber {
  /** Canonical form, as stored: "JAI1-2026-17". */
  number: string;
  poundCode: string;
  year: number;
  seq: number;
}

/** A pound code, the first part of a case number: 1–8 letters and up to 3 digits ("JAI1"). */
export const POUND_CODE = /^[A-Z]{1,8}\d{0,3}$/;

/** Latin letter names as a Hindi speaker writes them (longest first when matching). */
const LETTER_NAMES: Array<[string, string]> = (
  [
    ['डब्ल्यू', 'W'],
    ['डब्लू', 'W'],
    ['एक्स', 'X'],
    ['वाई', 'Y'],
    ['वाय', 'Y'],
    ['ज़ेड', 'Z'],
    ['जेड', 'Z'],
    ['क्यू', 'Q'],
    ['क्यु', 'Q'],
    ['एच', 'H'],
    ['एफ', 'F'],
    ['एफ़', 'F'],
    ['एल', 'L'],
    ['एम', 'M'],
    ['एन', 'N'],
    ['एस', 'S'],
    ['आर', 'R'],
    ['आई', 'I'],
    ['बी', 'B'],
    ['सी', 'C'],
    ['डी', 'D'],
    ['जी', 'G'],
    ['जे', 'J'],
    ['के', 'K'],
    ['पी', 'P'],
    ['टी', 'T'],
    ['वी', 'V'],
    ['यू', 'U'],
    ['ई', 'E'],
    ['ए', 'A'],
    ['ओ', 'O'],
  ] as Array<[string, string]>
).sort((a, b) => b[0].length - a[0].length);

/** Words people put before a number: "case", "no.", "प्रकरण", "संख्या", "नंबर", "क्रमांक". */
const PREFIX_WORDS = /^(?:(?:case|no\.?|number|num|#|prakaran|प्रकरण|मामला|केस|संख्या|नंबर|नम्बर|क्रमांक|सं\.?)\s*[:.-]?\s*)+/iu;

function spellOutLatin(text: string): string | null {
  let out = '';
  let i = 0;
  const s = text.replace(/[\s.]+/g, '');
  while (i < s.length) {
    const hit = LETTER_NAMES.find(([hi]) => s.startsWith(hi, i));
    if (!hit) return null;
    out += hit[1];
    i += hit[0].length;
  }
  return out;
}

/**
 * Parses a typed case number; null when it is not one. "jai1-2026-17", "JAI 1 / 2026 / 017",
 * "JAI1–२०२६–१७", "प्रकरण JAI1-2026-17", "जेएआई1-2026-17" → JAI1-2026-17.
 */
export function parseCaseNumber(input: string): CaseNumber | null {
  const s = normaliseTyped(input).trim();
  // A pound code may itself begin like a prefix word ("NO1-..."): try the text as it is first.
  return parseNormalised(s) ?? parseNormalised(s.replace(PREFIX_WORDS, ''));
}

function parseNormalised(text: string): CaseNumber | null {
  let s = text;
  // Devanagari letter names for the pound code, before the first digit.
  const firstDigit = s.search(/\d/);
  if (firstDigit > 0 && /[\u0900-\u097F]/.test(s.slice(0, firstDigit))) {
    const latin = spellOutLatin(s.slice(0, firstDigit).replace(/[-/_]+$/, ''));
    if (!latin) return null;
    s = latin + s.slice(firstDigit);
  }
  const tokens = s
    .toUpperCase()
    .split(/[^A-Z0-9]+|(?<=[A-Z])(?=\d)|(?<=\d)(?=[A-Z])/)
    .filter(Boolean);
  if (tokens.length < 3 || tokens.length > 4) return null;
  const [letters, ...rest] = tokens as [string, ...string[]];
  let unit = '';
  if (rest.length === 3) {
    unit = rest.shift()!;
    if (!/^\d{1,3}$/.test(unit)) return null;
  }
  const [yearText, seqText] = rest as [string, string];
  if (!/^\d{4}$/.test(yearText) || !/^\d{1,7}$/.test(seqText)) return null;
  const year = Number(yearText);
  const seq = Number(seqText);
  if (year < 1990 || year > 2200 || seq < 1) return null;
  const poundCode = `${letters}${unit}`;
  if (!POUND_CODE.test(poundCode)) return null;
  return { number: `${poundCode}-${year}-${seq}`, poundCode, year, seq };
}

/** The payload of a case's deep link (`/start case_<number>`), read back by the bot's /start. */
export const CASE_START_PREFIX = 'case_';

/** The case's deep link, t.me/<bot>?start=case_<number>: on the owner's seizure slip and the s. 14 notice alike. */
export function caseLink(botUsername: string, number: string): string {
  return `https://t.me/${botUsername}?start=${CASE_START_PREFIX}${number}`;
}

/**
 * What the QR code of the owner's slip and of the s. 14 notice opens: the public case page when PUBLIC_URL is set
 * (any phone browser, no Telegram needed), else the case in the bot.
 */
export function slipLink(publicUrl: string | undefined, botUsername: string, number: string): string {
  return publicUrl ? caseUrl(publicUrl, number) : caseLink(botUsername, number);
}

/**
 * The key a case is looked up by: `Case.numberKey` = upper(number), kept by the trigger Case_number_key and
 * uniquely indexed — one index probe at any register size.
 */
export function caseNumberKey(parsed: CaseNumber): string {
  return parsed.number.toUpperCase();
}

/**
 * A case number at the start of a command's words and the words after it: "JAI1-2026-17 order X",
 * "jai1 २०२६ १७ 5/12/2026" (the number may take several words). Null when the text does not start with one.
 */
export function splitCaseNumber(text: string): { number: CaseNumber; rest: string } | null {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  for (let i = Math.min(tokens.length, 6); i >= 1; i--) {
    const number = parseCaseNumber(tokens.slice(0, i).join(' '));
    if (number) return { number, rest: tokens.slice(i).join(' ') };
  }
  return null;
}

/** The id of the case with this number (as typed, or parsed); null if none or not a case number. */
export async function findCaseIdByNumber(db: DbReader, typed: string | CaseNumber): Promise<number | null> {
  const parsed = typeof typed === 'string' ? parseCaseNumber(typed) : typed;
  if (!parsed) return null;
  const row = await db.case.findUnique({ where: { numberKey: caseNumberKey(parsed) }, select: { id: true } });
  return row?.id ?? null;
}

/** The case with this number (as typed), with what the public card and the dues need; null if none. */
export async function findCaseByNumber(db: DbReader, typed: string | CaseNumber) {
  const parsed = typeof typed === 'string' ? parseCaseNumber(typed) : typed;
  if (!parsed) return null;
  return db.case.findUnique({ where: { numberKey: caseNumberKey(parsed) }, include: caseCardInclude });
}

/** The case with this id, with what the public card and the dues need; null if none. */
export function findCaseById(db: DbReader, id: number) {
  return db.case.findUnique({ where: { id }, include: caseCardInclude });
}

/** True when the case exists (one index probe; for a button or flow that only needs to know it is not stale). */
export async function caseExists(db: DbReader, ref: { id: number } | { number: CaseNumber }): Promise<boolean> {
  const where = 'id' in ref ? { id: ref.id } : { numberKey: caseNumberKey(ref.number) };
  return (await db.case.findUnique({ where, select: { id: true } })) !== null;
}

/** What a case card loads: heads, pound, auction, the latest complaint. */
export const caseCardInclude = {
  heads: { orderBy: { index: 'asc' as const } },
  pound: true,
  auction: true,
} as const;

/** A case row as loaded by `findCaseByNumber` / `findCaseById`. */
export type CaseWithCard = NonNullable<Awaited<ReturnType<typeof findCaseById>>>;

/** Heads grouped by class and description, in register order, for "2 × buffalo — black". */
export function groupHeads(
  heads: Array<{ cattleClass: string; description: string; status?: string }>,
): Array<{ cattleClass: string; description: string; count: number }> {
  const groups: Array<{ cattleClass: string; description: string; count: number }> = [];
  for (const h of heads) {
    const g = groups.find(
      (x) =>
        x.cattleClass === h.cattleClass && x.description.trim().toLowerCase() === h.description.trim().toLowerCase(),
    );
    if (g) g.count += 1;
    else groups.push({ cattleClass: h.cattleClass, description: h.description.trim(), count: 1 });
  }
  return groups;
}
