import { addDays, daysBetween, toIstDate, type CattleClassCode, type LocalDate } from '../law';
import { classOfWord, colourOfWord, coloursIn, countOfWord, isStopWord, samePlaceWord, words } from './cattle-words';
import type { DbReader } from './dues';
import { findDate, normaliseTyped } from './typed-input';

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
  for (const w of words(rest)) {
    const cls = classOfWord(w);
    if (cls) {
      const existing = classes.find((c) => c.cattleClass === cls);
      if (existing) {
        if (pendingCount !== null) existing.count = (existing.count ?? 0) + pendingCount;
      } else classes.push({ cattleClass: cls, count: pendingCount });
      pendingCount = null;
      continue;
    }
    const count = countOfWord(w);
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
  id: number;
  number: string;
  impoundedAt: Date;
  placeOfSeizure: string;
  pound: { name: string; nameHi: string; code: string };
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
    const relevant = q.classes.length > 0 ? c.heads.filter((h) => q.classes.some((w) => w.cattleClass === h.cattleClass)) : c.heads;
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

/**
 * Cases matching the search, best first (at most `limit`). Searches cases impounded in the last
 * SEARCH_WINDOW_DAYS before `now`, around the date if one was given.
 */
export async function searchCases(db: DbReader, query: SearchQuery, now: Date, limit = SEARCH_LIMIT): Promise<SearchHit[]> {
  if (isEmptyQuery(query)) return [];
  const today = toIstDate(now);
  const from = query.date ? addDays(query.date, -2) : addDays(today, -SEARCH_WINDOW_DAYS);
  const to = query.date ? addDays(query.date, 2) : addDays(today, 1);
  const rows = await db.case.findMany({
    where: { impoundedAt: { gte: new Date(`${from}T00:00:00+05:30`), lt: new Date(`${to}T00:00:00+05:30`) } },
    include: { heads: { select: { cattleClass: true, description: true } }, pound: { select: { name: true, nameHi: true, code: true } } },
    orderBy: { impoundedAt: 'desc' },
    take: 2000,
  });
  const hits: Array<SearchHit & { at: number }> = [];
  for (const c of rows) {
    const score = scoreCase(query, c);
    if (score !== null) hits.push({ caseId: c.id, number: c.number, score, at: c.impoundedAt.getTime() });
  }
  hits.sort((a, b) => b.score - a.score || b.at - a.at);
  return hits.slice(0, limit).map(({ caseId, number, score }) => ({ caseId, number, score }));
}
