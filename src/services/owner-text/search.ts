import { addDays, daysBetween, toIstDate, type CattleClassCode, type LocalDate } from '../../law';
import { classOfWord, colourOfWord, coloursIn, countOfWord, isStopWord, words } from './cattle-words';
import { samePlaceWord, wordSearchKeys } from './place-words';
import { Prisma } from '../../db';
import type { DbReader } from '../dues';
import { jsonOf } from '../pound-rules';
import { findDate, normaliseTyped } from '../typed-input';

/**
 * Owners' search for their cattle: by village / place of seizure and date, and by class, count and
 * description — "Kunda 27 Nov", "2 buffaloes, black", "2 भैंस काली", "do bhains kali kunda".
 * Only cases impounded in the last SEARCH_WINDOW_DAYS are searched; results show public facts only.
 */

/** How far back a search looks. Older cases are found by number. */
export const SEARCH_WINDOW_DAYS = 120;
/** Most results returned (each is a button in a Telegram message). */
export const SEARCH_LIMIT = 5;

/** What a search text asks for. */
export interface SearchQuery {
  date: LocalDate | null;
  /** Classes with the count the owner gave (null when no count was given). */
  classes: Array<{ cattleClass: CattleClassCode; count: number | null }>;
  colours: string[];
  /** Everything else: village / place names, description words. */
  words: string[];
}

/** Reads a search text (English, Hindi, or Hindi in Latin letters). */
export function parseSearchQuery(text: string, now: Date): SearchQuery {
  const found = findDate(text, now, 'past');
  const rest = normaliseTyped(found ? found.rest : text);
  const classes: SearchQuery['classes'] = [];
  const colours: string[] = [];
  const free: string[] = [];
  let pendingCount: number | null = null;
  const all = words(rest);
  for (const [i, w] of all.entries()) {
    const cls = classOfWord(w);
    if (cls) {
      const existing = classes.find((c) => c.cattleClass === cls);
      if (existing) {
        if (pendingCount !== null) existing.count = (existing.count ?? 0) + pendingCount;
      } else classes.push({ cattleClass: cls, count: pendingCount });
      pendingCount = null;
      continue;
    }
    // "do bhains": a number word that is also an everyday word counts only right before a class ("do" = two).
    const count = countOfWord(w) ?? (classOfWord(all[i + 1] ?? '') ? countBeforeClass(w) : null);
    if (count !== null) {
      // "भैंस 2" puts the number after the class.
      const last = classes[classes.length - 1];
      if (last && last.count === null && pendingCount === null) last.count = count;
      else pendingCount = count;
      continue;
    }
    const colour = colourOfWord(w);
    if (colour) {
      if (!colours.includes(colour)) colours.push(colour);
      continue;
    }
    if (isStopWord(w) || w.length < 2) continue;
    free.push(w);
  }
  return { date: found?.date ?? null, classes, colours, words: free };
}

/** Hindi number words in Latin letters that are also everyday words ("do" = two, "do" = give): counts only before a class. */
const COUNTS_BEFORE_CLASS: Record<string, number> = {
  do: 2,
  doh: 2,
  che: 6,
  chhe: 6,
  chah: 6,
  chhah: 6,
  no: 9,
  nau: 9,
};
const countBeforeClass = (w: string): number | null => COUNTS_BEFORE_CLASS[w.toLowerCase()] ?? null;

/** True when the query has anything to search on. */
export function isEmptyQuery(q: SearchQuery): boolean {
  return q.date === null && q.classes.length === 0 && q.colours.length === 0 && q.words.length === 0;
}

/** One search result. */
export interface SearchHit {
  caseId: number;
  number: string;
  score: number;
}

interface Candidate {
  impoundedAt: Date;
  placeOfSeizure: string;
  pound: { code: string };
  heads: Array<{ cattleClass: string; description: string }>;
}

/**
 * Scores one case against the query; null when it cannot be the owner's (a class they named is not in
 * the case, the date is off by more than a day, or none of their words matches the place or cattle).
 */
export function scoreCase(q: SearchQuery, c: Candidate): number | null {
  let score = 0;
  if (q.date) {
    const off = Math.abs(daysBetween(q.date, toIstDate(c.impoundedAt)));
    // The seizure can be the evening before the cattle reach the pound.
    if (off > 1) return null;
    score += off === 0 ? 4 : 2;
  }
  for (const want of q.classes) {
    const have = c.heads.filter((h) => h.cattleClass === want.cattleClass).length;
    if (have === 0) return null;
    score += 3;
    if (want.count !== null) score += want.count === have ? 2 : want.count < have ? 0 : -1;
  }
  if (q.colours.length > 0) {
    const relevant =
      q.classes.length > 0 ? c.heads.filter((h) => q.classes.some((w) => w.cattleClass === h.cattleClass)) : c.heads;
    const present = new Set<string>();
    for (const h of relevant) for (const col of coloursIn(h.description)) present.add(col);
    for (const col of q.colours) score += present.has(col) ? 2 : -1;
  }
  if (q.words.length > 0) {
    const placeWords = words(c.placeOfSeizure);
    const descWords = c.heads.flatMap((h) => words(h.description));
    // Pound names are not matched loosely ("pound" is one letter from "kund"); the code must be exact.
    const poundCode = c.pound.code.toLowerCase();
    let matched = 0;
    for (const w of q.words) {
      if (placeWords.some((p) => samePlaceWord(p, w))) {
        score += 5;
        matched++;
      } else if (descWords.some((d) => d === w || samePlaceWord(d, w))) {
        score += 1;
        matched++;
      } else if (w === poundCode) {
        score += 1;
        matched++;
      }
    }
    // A place was named and this case is from elsewhere (with a class named, the extra words may be noise).
    if (matched === 0 && q.classes.length === 0) return null;
  }
  return score > 0 ? score : null;
}

/** The most recent cases in the search window that are scored; in a busier window older ones are found by number. */
export const SEARCH_CANDIDATES = 2000;

/** Midnight IST starting a day, as an instant (IST has no daylight saving). */
const istMidnight = (d: LocalDate): string => new Date(`${d}T00:00:00+05:30`).toISOString();

type Ranked = SearchHit & { at: number };
const rank = (a: Ranked, b: Ranked) => b.score - a.score || b.at - a.at || b.caseId - a.caseId;
const hitsOf = (ranked: Ranked[], limit: number): SearchHit[] =>
  ranked.slice(0, limit).map(({ caseId, number, score }) => ({ caseId, number, score }));

interface CandidateRow {
  id: number;
  number: string;
  impoundedAt: Date;
  /** The most `scoreCase` can give the case: the date and class parts, exact; 2 a colour; 5 a word if the word can match. */
  ub: number;
  placeOfSeizure?: string;
  poundCode?: string;
  heads?: unknown;
}

/**
 * The statement reading the search's candidates highest bound first (`take` of them after `skip`): for a search by
 * date alone, `searchByDateSql` (read once, `skip` 0: its bound is the score); otherwise the SEARCH_CANDIDATES newest
 * cases of the window with the date and class parts of `scoreCase` (a named class not in the case rules it out), plus
 * 2 for each colour and, when the case's search keys meet the words' (or a word is its pound's code; a code not in
 * ASCII, which SQL's lower() may fold otherwise than JS, always counts), 5 for each word —
 * a case they do not meet scores nothing on words, and without a named class is ruled out. With colours or words, the
 * place, pound code and heads come too for `scoreCase`. Exported for bench/scale.ts to EXPLAIN.
 */
export function searchSql(query: SearchQuery, now: Date, take: number, skip = 0): Prisma.Sql {
  const unsure = query.colours.length + query.words.length > 0;
  if (!unsure && query.classes.length === 0 && query.date) return searchByDateSql(query.date, take);
  const today = toIstDate(now);
  const from = query.date ? addDays(query.date, -2) : addDays(today, -SEARCH_WINDOW_DAYS);
  const to = query.date ? addDays(query.date, 2) : addDays(today, 1);

  const dateScore = query.date
    ? Prisma.sql`CASE WHEN w."impoundedAt" >= ${istMidnight(query.date)}::timestamptz AND w."impoundedAt" < ${istMidnight(addDays(query.date, 1))}::timestamptz THEN 4 ELSE 2 END`
    : Prisma.sql`0`;
  const classScores = query.classes.map((c, i) => {
    const have = Prisma.raw(`hc."n${i}"`);
    return c.count === null
      ? Prisma.sql`3`
      : Prisma.sql`3 + CASE WHEN ${have} = ${c.count}::int THEN 2 WHEN ${c.count}::int < ${have} THEN 0 ELSE -1 END`;
  });
  const keys = [...new Set(query.words.flatMap(wordSearchKeys))];
  const wordHit =
    query.words.length > 0
      ? Prisma.sql`(coalesce(cardinality(w."searchKeys"), 0) = 0 OR w."searchKeys" && ${keys}::text[]
          OR EXISTS (SELECT 1 FROM "Pound" p WHERE p."id" = w."poundId"
                      AND (lower(p."code") = ANY(${query.words}::text[]) OR octet_length(p."code") <> char_length(p."code"))))`
      : Prisma.sql`false`;
  const filters = [
    ...(query.date
      ? [
          Prisma.sql`w."impoundedAt" >= ${istMidnight(addDays(query.date, -1))}::timestamptz AND w."impoundedAt" < ${istMidnight(addDays(query.date, 2))}::timestamptz`,
        ]
      : []),
    ...query.classes.map((_, i) => Prisma.sql`${Prisma.raw(`hc."n${i}"`)} > 0`),
    // Without a named class, a case no word can match is ruled out.
    ...(query.words.length > 0 && query.classes.length === 0 ? [wordHit] : []),
  ];
  const headCounts =
    query.classes.length > 0
      ? Prisma.sql`CROSS JOIN LATERAL (SELECT ${Prisma.join(
          query.classes.map(
            (c, i) =>
              Prisma.sql`count(*) FILTER (WHERE h."cattleClass" = ${c.cattleClass})::int AS ${Prisma.raw(`"n${i}"`)}`,
          ),
        )} FROM "Head" h WHERE h."caseId" = w."id") hc`
      : Prisma.empty;
  const ub = Prisma.join(
    [
      dateScore,
      ...classScores,
      Prisma.sql`${2 * query.colours.length}::int`,
      ...(query.words.length > 0
        ? [Prisma.sql`CASE WHEN ${wordHit} THEN ${5 * query.words.length}::int ELSE 0 END`]
        : []),
    ],
    ' + ',
  );
  return Prisma.sql`
      WITH win AS (
        SELECT c."id", c."number", c."impoundedAt", c."placeOfSeizure", c."poundId", c."searchKeys" FROM "Case" c
         WHERE c."impoundedAt" >= ${istMidnight(from)}::timestamptz AND c."impoundedAt" < ${istMidnight(to)}::timestamptz
         ORDER BY c."impoundedAt" DESC, c."id" DESC LIMIT ${SEARCH_CANDIDATES}::int
      ), cand AS (
        SELECT w."id", w."number", w."impoundedAt", w."placeOfSeizure", w."poundId", (${ub})::int AS "ub" FROM win w ${headCounts}
        ${filters.length > 0 ? Prisma.sql`WHERE ${Prisma.join(filters, ' AND ')}` : Prisma.empty}
      )
      SELECT cand."id", cand."number", cand."impoundedAt", cand."ub"${
        unsure
          ? Prisma.sql`, cand."placeOfSeizure", (SELECT p."code" FROM "Pound" p WHERE p."id" = cand."poundId") AS "poundCode",
        (SELECT coalesce(json_agg(json_build_object('cattleClass', h."cattleClass", 'description', h."description") ORDER BY h."index"), '[]'::json)
           FROM "Head" h WHERE h."caseId" = cand."id") AS "heads"`
          : Prisma.empty
      }
        FROM cand ORDER BY cand."ub" DESC, cand."impoundedAt" DESC, cand."id" DESC LIMIT ${take}::int OFFSET ${skip}::int`;
}

/**
 * Cases matching the search, best first (at most `limit`; equal scores newest impounding first). Searches the
 * SEARCH_CANDIDATES most recent cases impounded in the last SEARCH_WINDOW_DAYS before `now`, around the date if one was given.
 *
 * The database does the selecting: the date and class parts of `scoreCase` are exact in SQL, so a search by
 * date and class reads only the best `limit` rows. Colours and words (spelt loosely, across scripts) are scored by
 * `scoreCase` here over candidates read highest bound first (`searchSql`), in growing batches, until no case not yet
 * read can outrank the results; cases that no search word can match (by their search keys) are not read at all.
 */
export async function searchCases(
  db: DbReader,
  query: SearchQuery,
  now: Date,
  limit = SEARCH_LIMIT,
): Promise<SearchHit[]> {
  if (isEmptyQuery(query) || limit <= 0) return [];
  const page = (take: number, skip: number) => db.$queryRaw<CandidateRow[]>(searchSql(query, now, take, skip));
  if (query.colours.length + query.words.length === 0) {
    // Date and classes only: the bound is the score.
    const rows = await page(limit, 0);
    return rows.filter((r) => r.ub > 0).map((r) => ({ caseId: r.id, number: r.number, score: r.ub }));
  }
  const ranked: Ranked[] = [];
  for (let skip = 0, take = 4 * limit; ; take *= 10) {
    const rows = await page(take, skip);
    skip += rows.length;
    for (const r of rows) {
      const c = {
        impoundedAt: r.impoundedAt,
        placeOfSeizure: r.placeOfSeizure!,
        pound: { code: r.poundCode! },
        heads: jsonOf<Candidate['heads']>(r.heads),
      };
      const score = scoreCase(query, c);
      if (score !== null) ranked.push({ caseId: r.id, number: r.number, score, at: r.impoundedAt.getTime() });
    }
    if (rows.length < take) break;
    ranked.sort(rank);
    // A case not yet read has a bound at most the last one read's, so scores at most it; one that scores as much has
    // the same bound and so comes after the last one read (impounded earlier, or a lower id).
    const last = rows[rows.length - 1]!;
    const kth = ranked[limit - 1];
    if (
      kth &&
      (kth.score > last.ub ||
        (kth.score === last.ub &&
          rank(kth, { caseId: last.id, number: last.number, score: last.ub, at: last.impoundedAt.getTime() }) <= 0))
    )
      break;
  }
  return hitsOf(ranked.sort(rank), limit);
}

/**
 * A search by date alone: the newest cases impounded that day (score 4), then the day after and the day before (2) —
 * three index range scans on Case_impoundedAt_idx of at most `limit` rows each, whatever the size of the register.
 * The same as scoring the window's SEARCH_CANDIDATES newest cases unless more than that many were impounded from two
 * days before the date to the day after it (then that cap would have dropped the day's own cases for later ones).
 */
function searchByDateSql(date: LocalDate, limit: number): Prisma.Sql {
  const day = (d: LocalDate, score: number) => Prisma.sql`(
    SELECT c."id", c."number", c."impoundedAt", ${score}::int AS "ub" FROM "Case" c
     WHERE c."impoundedAt" >= ${istMidnight(d)}::timestamptz AND c."impoundedAt" < ${istMidnight(addDays(d, 1))}::timestamptz
     ORDER BY c."impoundedAt" DESC, c."id" DESC LIMIT ${limit}::int)`;
  return Prisma.sql`SELECT x."id", x."number", x."impoundedAt", x."ub" FROM (${day(date, 4)} UNION ALL ${day(addDays(date, 1), 2)} UNION ALL ${day(addDays(date, -1), 2)}) x
     ORDER BY x."ub" DESC, x."impoundedAt" DESC, x."id" DESC LIMIT ${limit}::int`;
}
