import type { Db, Prisma } from '../../db';
import {
  endOfIstDay,
  isLocalDate,
  startOfIstDay,
  type CaseStatus,
  type LocalDate,
  type StatutoryWindows,
} from '../../law';
import { placeKey, hasDevanagari, romanise } from '../owner-text';
import { afterSaleFacts, duesOfLoaded } from '../dues';
import { rulesForPound, type PoundRules } from '../pound-rules';
import { STORED_CLOCK_SELECT } from '../law-case';
import { nextDeadline, type NextDeadline } from '../next-deadline';
import { paperSerialOf, paperSerialSearch } from '../register';
import { spelledLike, spelledWhere } from './name-search';
import { DUES_RUN, OPEN_STATUSES } from './pounds';

// The register (s. 7)

export const REGISTER_PAGE_SIZE = 25;
export const REGISTER_SORTS = ['number', 'date', 'status', 'seizer'] as const;
export type RegisterSort = (typeof REGISTER_SORTS)[number];
/** The status filter: one status, every open one, or all. */
export type StatusFilter = CaseStatus | 'open' | 'all';
/** Longest search text looked at. */
export const MAX_SEARCH_LENGTH = 60;

export interface RegisterQuery {
  poundId: number;
  status: StatusFilter;
  from?: LocalDate | undefined;
  to?: LocalDate | undefined;
  /**
   * Words, each found in the number, the seizer, the place or a head's description (ear tag), in either script; or
   * the paper register's serial (its beginning).
   */
  q?: string | undefined;
  sort: RegisterSort;
  dir: 'asc' | 'desc';
  /** 1-based. */
  page: number;
}

export interface RegisterRow {
  id: number;
  number: string;
  /** The serial in the pound's paper register, for an entry brought in from it (src/services/register/paper-serial.ts). */
  paperSerial: string | null;
  impoundedAt: Date;
  /** Heads by class, in register order of the class's first head. */
  cattle: Array<{ cattleClass: string; count: number }>;
  seizerName: string;
  status: CaseStatus;
  /** s. 14 steps taken on paper and entered later (src/services/register/back-entry.ts): when and by which role. */
  backEntry: { at: Date; role: string } | null;
  /** What the owner would pay today under s. 13 (cattle in the pound only); null when none runs or cannot be valued. */
  duesTodayPaise: number | null;
  /** The next statutory step and its date (src/law); null when the facts are inconsistent. */
  next: NextDeadline | null;
}

export interface RegisterPage {
  rows: RegisterRow[];
  total: number;
  page: number;
  pages: number;
}

const ORDER: Record<RegisterSort, (dir: 'asc' | 'desc') => Prisma.CaseOrderByWithRelationInput[]> = {
  number: (dir) => [{ year: dir }, { seq: dir }],
  date: (dir) => [{ impoundedAt: dir }, { id: dir }],
  status: (dir) => [{ status: dir }, { impoundedAt: 'desc' }, { id: 'desc' }],
  seizer: (dir) => [{ seizerName: dir }, { id: 'desc' }],
};

/**
 * One page of a pound's register: filtered by status and India dates of impounding, searched (`registerSearch`, or
 * the paper serial's beginning), sorted and paginated (REGISTER_PAGE_SIZE rows). Two statements for the page — the
 * count, then the rows of the page asked or of the last one, on the (poundId, status, impoundedAt) index — and one for
 * the pound's rules; dues and the next step are computed by src/law for the page's rows only.
 */
export async function registerPage(
  db: Db,
  query: RegisterQuery,
  now: Date,
  windows: Partial<StatutoryWindows>,
): Promise<RegisterPage> {
  const where: Prisma.CaseWhereInput = { poundId: query.poundId };
  if (query.status === 'open') where.status = { in: [...OPEN_STATUSES] };
  else if (query.status !== 'all') where.status = query.status;
  if (query.from || query.to)
    where.impoundedAt = {
      ...(query.from ? { gte: startOfIstDay(query.from) } : {}),
      ...(query.to ? { lt: endOfIstDay(query.to) } : {}),
    };
  const search = registerSearch(query.q, await spelledLike(db, query.poundId, searchWords(query.q)));
  const serial = query.q?.trim().slice(0, MAX_SEARCH_LENGTH);
  if (search.length && serial) where.OR = [{ AND: search }, paperSerialSearch(query.poundId, likeLiteral(serial))];
  // The page asked for and the count of entries at once (a search reads the pound's entries for each); when fewer
  // entries remain than that page needs, the last page is read instead ("page 2 of 1" is never shown).
  const read = (pageNo: number) =>
    db.case.findMany({
      where,
      orderBy: ORDER[query.sort](query.dir),
      skip: (pageNo - 1) * REGISTER_PAGE_SIZE,
      take: REGISTER_PAGE_SIZE,
      select: {
        id: true,
        number: true,
        poundId: true,
        registerKey: true,
        status: true,
        ...STORED_CLOCK_SELECT,
        backEntryAt: true,
        backEntryRole: true,
        seizerName: true,
        heads: { select: { id: true, cattleClass: true, status: true }, orderBy: { index: 'asc' } },
        auction: { select: { scheduledFor: true, place: true, status: true } },
      },
    });
  const [total, asked] = await Promise.all([db.case.count({ where }), read(query.page)]);
  const pages = Math.max(1, Math.ceil(total / REGISTER_PAGE_SIZE));
  const pageNo = Math.min(query.page, pages);
  const cases = pageNo === query.page ? asked : await read(pageNo);
  let rules: PoundRules | null = null;
  if (cases.some((c) => DUES_RUN.has(c.status))) rules = await rulesForPound(db, query.poundId);
  const rows: RegisterRow[] = [];
  for (const c of cases) {
    let duesTodayPaise: number | null = null;
    if (rules && DUES_RUN.has(c.status)) {
      // After a s. 14 partial sale the dues are what the sale left unrecovered (one more statement, rare).
      const afterSale = c.status === 'PARTLY_SOLD' ? await afterSaleFacts(db, c.id, c.heads) : null;
      const d = duesOfLoaded(c, rules, now, { afterSale });
      duesTodayPaise = d.ok ? d.value.breakdown.totals.totalPaise : null;
    }
    const next = nextDeadline(c, now, windows);
    rows.push({
      id: c.id,
      number: c.number,
      paperSerial: paperSerialOf(c.registerKey, c.poundId),
      impoundedAt: c.impoundedAt,
      cattle: countByClass(c.heads),
      seizerName: c.seizerName,
      status: c.status,
      backEntry: c.backEntryAt ? { at: c.backEntryAt, role: c.backEntryRole ?? 'pound_keeper' } : null,
      duesTodayPaise,
      next: next.ok ? next.value : null,
    });
  }
  return { rows, total, page: pageNo, pages };
}

/** Most words of a search looked at. */
const MAX_SEARCH_WORDS = 4;

/** `text` for LIKE as it is: `%`, `_` and the escape character itself are letters, not patterns. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The words of a search text as the register looks for them (at most MAX_SEARCH_WORDS). */
export function searchWords(q: string | undefined): string[] {
  const typed = q?.trim().slice(0, MAX_SEARCH_LENGTH) ?? '';
  return typed.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

/**
 * The register's search: every word must be found in the entry — in its number, the seizer's name and residence, the
 * owner's name and residence, the place of seizure or a head's description (colour, marks, the ear tag), as typed
 * (`%` and `_` are letters). A word in Devanagari is looked for in Latin letters too (कुकस finds "Kukas", the one
 * table of src/services/owner-text/transliterate), and a word with letters by its place key among the entry's search keys
 * (Case.searchKeys: the place and the descriptions), so "Kukas" finds "कुकस" and "Kundaa" finds "Kunda"; and, with
 * `spelled` (name-search.ts `spelledLike`), among the names, residences and places spelt like it in either script.
 */
export function registerSearch(
  q: string | undefined,
  spelled: ReadonlyMap<string, readonly string[]> = new Map(),
): Prisma.CaseWhereInput[] {
  return searchWords(q).map((part) => {
    const spellings = new Set([part]);
    if (hasDevanagari(part)) spellings.add(romanise(part));
    const or: Prisma.CaseWhereInput[] = [];
    for (const s of spellings) {
      const like = likeLiteral(s);
      const has = { contains: like, mode: 'insensitive' } as const;
      or.push(
        { numberKey: { contains: likeLiteral(s.toUpperCase()) } },
        { seizerName: has },
        { seizerResidence: has },
        { ownerName: has },
        { ownerResidence: has },
        { placeOfSeizure: has },
        { heads: { some: { description: has } } },
      );
    }
    // By ear, a word of letters only: a number's key ("4411" → "41") would find other numbers, and "horn_broken"
    // is not "horn broken".
    const key = /^[\p{L}\p{M}]+$/u.test(part) ? placeKey(part) : '';
    if (key.length >= 2) or.push({ searchKeys: { hasSome: [key] } });
    or.push(...spelledWhere(spelled.get(part) ?? []));
    return { OR: or };
  });
}

function countByClass(heads: ReadonlyArray<{ cattleClass: string }>): Array<{ cattleClass: string; count: number }> {
  const out: Array<{ cattleClass: string; count: number }> = [];
  for (const h of heads) {
    const seen = out.find((x) => x.cattleClass === h.cattleClass);
    if (seen) seen.count++;
    else out.push({ cattleClass: h.cattleClass, count: 1 });
  }
  return out;
}

/** True for a valid India date text (yyyy-mm-dd) — the register's date filter. */
export function isDeskDate(s: unknown): s is LocalDate {
  return isLocalDate(s);
}
