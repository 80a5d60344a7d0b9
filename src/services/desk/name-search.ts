import { type Db, Prisma } from '../../db';
import { editDistance, placeKey, words } from '../owner-text';

/**
 * The register's search as people spell names: a word typed in Latin letters finds a name or village written in
 * Devanagari and the other way round ("Kukas" finds कुकस, "सुरेश" finds "Suresh", "Kundaa" finds "Kunda") — for the
 * seizer's name and residence, the owner's name and residence and the place of seizure. Both sides are brought to
 * the same key by the one transliteration of the project (src/services/owner-text/transliterate.ts, through `placeKey`:
 * vowel length, the inherent "a", aspiration and doubled letters set aside); a key of five letters or more allows
 * one slip, as the owners' search does.
 *
 * The names are read as they stand (no keys stored that a change of name could leave behind): the distinct values of
 * those columns in the pound, each value's keys made once per process and remembered.
 */

/** The columns a spelling is looked for in. */
export const SPELLED_COLUMNS = [
  'seizerName',
  'seizerResidence',
  'ownerName',
  'ownerResidence',
  'placeOfSeizure',
] as const;
/** Most values one word may stand for (a search for "Ram" in a big pound): the rest are not looked for. */
export const MAX_SPELLED_VALUES = 500;
/** Most values whose keys are remembered (then forgotten all at once and made again as needed). */
const MAX_REMEMBERED = 50_000;
const remembered = new Map<string, string[]>();

/** The place keys of the words of a value, remembered. */
function keysOf(value: string): string[] {
  let keys = remembered.get(value);
  if (!keys) {
    keys = [...new Set(words(value).map(placeKey).filter(Boolean))];
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(value, keys);
  }
  return keys;
}

/** True when a value's word keys hold `key`, or one a slip away when both are long enough. */
function spelledAs(key: string, keys: readonly string[]): boolean {
  return keys.some(
    (k) =>
      k === key ||
      (Math.max(k.length, key.length) >= 5 && Math.abs(k.length - key.length) <= 1 && editDistance(k, key) <= 1),
  );
}

/**
 * The search word's key when it is a word of letters long enough to look for by ear; else ''. A key of one letter
 * only for a word of three or more ("Lal", लाल: l), never for a word of two ("Ra").
 */
export function spellingKey(word: string): string {
  if (!/^[\p{L}\p{M}]+$/u.test(word)) return '';
  const key = placeKey(word);
  return key.length >= 2 || (key.length === 1 && [...word].length >= 3) ? key : '';
}

/**
 * For each word of letters, the values of the pound's names, residences and places that are spelt like it (in either
 * script). One statement reads the pound's distinct values; the keys are made here.
 */
export async function spelledLike(db: Db, poundId: number, typed: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const wanted = typed.map((w) => [w, spellingKey(w)] as const).filter(([, k]) => k !== '');
  if (!wanted.length) return out;
  const rows = await db.$queryRaw<Array<{ v: string }>>(Prisma.sql`
    SELECT DISTINCT x.v FROM "Case" c
      CROSS JOIN LATERAL (VALUES (c."seizerName"), (c."seizerResidence"), (c."ownerName"), (c."ownerResidence"),
                                 (c."placeOfSeizure")) AS x(v)
     WHERE c."poundId" = ${poundId}::int AND x.v IS NOT NULL AND x.v <> ''`);
  for (const [word, key] of wanted) {
    const found: string[] = [];
    for (const { v } of rows) {
      if (spelledAs(key, keysOf(v))) found.push(v);
      if (found.length >= MAX_SPELLED_VALUES) break;
    }
    out.set(word, found);
  }
  return out;
}

/** The condition "one of these columns holds one of `values`". */
export function spelledWhere(values: readonly string[]): Prisma.CaseWhereInput[] {
  if (!values.length) return [];
  const list = [...values];
  return SPELLED_COLUMNS.map((c) => ({ [c]: { in: list } }) as Prisma.CaseWhereInput);
}
