import { classOfWord, coloursIn, samePlaceWord, words, parseSearchQuery } from './owner-text';
import { villageKey } from './case-numbers';
import type { DbReader } from './dues';
import { jsonOf } from './pound-rules';
import { Prisma } from '../db';
import { salePathColumns, salePathJsonPairs, salePathOfJson } from './law-case';
import type { SalePathFacts } from '../law';

/**
 * Following a case, and subscribing to new impoundings and notices in a village with an optional
 * description filter ("buffalo", "भैंस काली"). Subscriptions are soft-cancelled (cancelledAt), so
 * following again revives the same row (unique per user, kind and target).
 */

/** Follows a case (idempotent). */
export async function followCase(db: DbReader, telegramUserId: bigint, caseId: number) {
  const existing = await db.subscription.findFirst({ where: { telegramUserId, kind: 'CASE', caseId } });
  if (existing) return db.subscription.update({ where: { id: existing.id }, data: { cancelledAt: null } });
  return db.subscription.create({ data: { telegramUserId, kind: 'CASE', caseId } });
}

/** Stops following a case; true when there was something to stop. */
export async function unfollowCase(db: DbReader, telegramUserId: bigint, caseId: number, now: Date): Promise<boolean> {
  const r = await db.subscription.updateMany({
    where: { telegramUserId, kind: 'CASE', caseId, cancelledAt: null },
    data: { cancelledAt: now },
  });
  return r.count > 0;
}

/** True when the user follows the case. */
export async function isFollowing(db: DbReader, telegramUserId: bigint, caseId: number): Promise<boolean> {
  return (await db.subscription.count({ where: { telegramUserId, kind: 'CASE', caseId, cancelledAt: null } })) > 0;
}

/** A description filter as stored: words in lower case, single spaces (may be empty = everything). */
export function normaliseFilter(filter: string): string {
  return words(filter).join(' ').slice(0, 100);
}

/** Subscribes to impoundings and notices in a village (idempotent). Null when the place name is unusable. */
export async function subscribeVillage(db: DbReader, telegramUserId: bigint, place: string, filter: string) {
  const key = villageKey(place);
  if (key.length < 2 || key.length > 80) return null;
  const f = normaliseFilter(filter);
  const existing = await db.subscription.findFirst({
    where: { telegramUserId, kind: 'VILLAGE', villageKey: key, filter: f },
  });
  if (existing) return db.subscription.update({ where: { id: existing.id }, data: { cancelledAt: null } });
  return db.subscription.create({ data: { telegramUserId, kind: 'VILLAGE', villageKey: key, filter: f } });
}

/** Cancels one of the user's subscriptions by id; true when it was theirs and active. */
export async function cancelSubscription(
  db: DbReader,
  telegramUserId: bigint,
  id: number,
  now: Date,
): Promise<boolean> {
  const r = await db.subscription.updateMany({
    where: { id, telegramUserId, cancelledAt: null },
    data: { cancelledAt: now },
  });
  return r.count > 0;
}

/** True when two village keys name the same place (spelling and script tolerated: "kunda" ~ "कुंडा"). */
export function sameVillage(a: string, b: string): boolean {
  const wa = words(a);
  const wb = words(b);
  if (wa.length === 0 || wb.length === 0) return false;
  // Every word of the shorter name must be in the longer one ("loni" matches "loni kalbhor").
  const [short, long] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  return short.every((w) => long.some((x) => samePlaceWord(w, x)));
}

/**
 * Does a village subscription's description filter match a case's cattle? Every class named must be in
 * the case, every colour/mark named must be in a description of those heads, and other words must
 * appear in some description. An empty filter matches everything.
 */
export function filterMatches(filter: string, heads: Array<{ cattleClass: string; description: string }>): boolean {
  if (!filter.trim()) return true;
  const q = parseSearchQuery(filter, new Date(0));
  const relevant =
    q.classes.length > 0 ? heads.filter((h) => q.classes.some((c) => c.cattleClass === h.cattleClass)) : heads;
  if (q.classes.some((c) => !heads.some((h) => h.cattleClass === c.cattleClass))) return false;
  const colours = new Set<string>();
  for (const h of relevant) for (const c of coloursIn(h.description)) colours.add(c);
  if (q.colours.some((c) => !colours.has(c))) return false;
  const desc = relevant.flatMap((h) => words(h.description));
  return q.words.every((w) => classOfWord(w) !== null || desc.some((d) => d === w || samePlaceWord(d, w)));
}

/**
 * Telegram user ids to alert about a case: followers of the case, and village subscribers whose village
 * is the case's place of seizure and whose filter matches its cattle. For the broadcasts of new
 * impoundings (staff flows) and notices/auctions (jobs). Each user once.
 */
export async function subscribersForCase(db: DbReader, caseId: number): Promise<bigint[]> {
  const c = await db.case.findUniqueOrThrow({ where: { id: caseId }, include: { heads: true } });
  const followers = await db.subscription.findMany({
    where: { kind: 'CASE', caseId, cancelledAt: null },
    select: { telegramUserId: true },
  });
  const villageSubs = await db.subscription.findMany({
    where: { kind: 'VILLAGE', cancelledAt: null },
    select: { telegramUserId: true, villageKey: true, filter: true },
  });
  const out = new Set<bigint>(followers.map((f) => f.telegramUserId));
  for (const s of villageSubs) {
    if (s.villageKey && sameVillage(s.villageKey, c.villageKey) && filterMatches(s.filter, c.heads))
      out.add(s.telegramUserId);
  }
  return [...out];
}

/** How many cases /mycases lists (one button each); older ones are opened by number. */
export const MY_CASES_SHOWN = 20;

/** What /mycases shows: the cases the user claimed or follows (newest impounding first) and their village alerts. */
export interface MyCases {
  /** The newest MY_CASES_SHOWN (or `limit`) of them. */
  cases: Array<
    {
      id: number;
      number: string;
      status: string;
      placeOfSeizure: string;
      impoundedAt: Date;
      /** Its animals still in the pound (one reads singular in the status). */
      inPound: number;
      claimed: boolean;
      complaints: Array<{ reference: string; outcome: string | null }>;
      // …and the sale path (s. 14, or s. 16 from the owner's refusal), for the status in words
    } & SalePathFacts
  >;
  /** How many cases the user claimed or follows in all (≥ cases.length). */
  total: number;
  villages: Array<{ id: number; villageKey: string | null; filter: string }>;
}

/**
 * The one statement of `myCases`.
 * Only the newest `limit` cases are built (and their complaints read): a user who has claimed or followed many over
 * the years costs the same as one with a few (bench/scale.ts: /mycases at 10⁶ cases).
 */
function myCasesSql(telegramUserId: bigint, limit = MY_CASES_SHOWN): Prisma.Sql {
  return Prisma.sql`
    WITH mine AS (
      SELECT x."caseId", bool_or(x."claimed") AS "claimed" FROM (
        SELECT m."caseId", true AS "claimed" FROM "Claim" m WHERE m."telegramUserId" = ${telegramUserId}
        UNION ALL
        SELECT s."caseId", false FROM "Subscription" s
         WHERE s."telegramUserId" = ${telegramUserId} AND s."kind" = 'CASE' AND s."cancelledAt" IS NULL AND s."caseId" IS NOT NULL
      ) x GROUP BY x."caseId"
    )
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', c."id", 'number', c."number", 'status', c."status", 'placeOfSeizure', c."placeOfSeizure",
                 'impoundedAt', c."impoundedAt", 'claimed', c."mineClaimed", ${salePathJsonPairs('c')},
                 'inPound', (SELECT count(*)::int FROM "Head" h WHERE h."caseId" = c."id" AND h."status" = 'IMPOUNDED'),
                 'complaints', (SELECT coalesce(json_agg(json_build_object('reference', k."reference", 'outcome', k."outcome") ORDER BY k."id"), '[]'::json)
                                  FROM "Complaint" k WHERE k."caseId" = c."id"))
               ORDER BY c."impoundedAt" DESC, c."id" DESC), '[]'::json)
         FROM (SELECT c0."id", c0."number", c0."status", c0."placeOfSeizure", c0."impoundedAt", ${salePathColumns('c0')},
                      mine."claimed" AS "mineClaimed"
                 FROM mine JOIN "Case" c0 ON c0."id" = mine."caseId"
                ORDER BY c0."impoundedAt" DESC, c0."id" DESC LIMIT ${limit}) c) AS "cases",
      (SELECT count(*)::int FROM mine) AS "total",
      (SELECT coalesce(json_agg(json_build_object('id', s."id", 'villageKey', s."villageKey", 'filter', s."filter") ORDER BY s."id"), '[]'::json)
         FROM "Subscription" s WHERE s."telegramUserId" = ${telegramUserId} AND s."kind" = 'VILLAGE' AND s."cancelledAt" IS NULL) AS "villages"`;
}

/**
 * The cases a user claimed (ss. 13, 15, 16) or follows, with any s. 20 complaint on them, and the user's village
 * subscriptions — in one statement (claims and subscriptions by `telegramUserId`, both indexed).
 */
export async function myCases(db: DbReader, telegramUserId: bigint, limit = MY_CASES_SHOWN): Promise<MyCases> {
  const rows = await db.$queryRaw<{ cases: unknown; total: number; villages: unknown }[]>(
    myCasesSql(telegramUserId, limit),
  );
  const row = rows[0]!;
  type Row = Omit<MyCases['cases'][number], 'impoundedAt' | keyof SalePathFacts> & { impoundedAt: string };
  const cases = jsonOf<Row[]>(row.cases);
  return {
    cases: cases.map((c) => ({ ...c, impoundedAt: new Date(c.impoundedAt), ...salePathOfJson(c) })),
    total: Number(row.total),
    villages: jsonOf(row.villages),
  };
}
