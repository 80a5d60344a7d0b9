import { Prisma } from '../db';
import {
  CLAIMABLE,
  computeTimeline,
  IN_CUSTODY,
  type CaseStatus,
  type LawResult,
  type StatutoryWindows,
  isS16Path,
} from '../law';
import { caseNumberKey, type CaseNumber } from './cases';
import { afterSaleFactsOf, duesOfLoaded, type CaseDues, type DbReader, type DuesOptions } from './dues';
import { jsonOf, RULES_JSON_SQL, rulesFromJson, type PoundRules } from './pound-rules';
import { storedClockColumns, storedClockOf, type StoredClock } from './law-case';
import { nextDeadline, type NextDeadline } from './next-deadline';

/**
 * Read models of the owner's case screens: everything the case card and the dues screen show, for
 * one viewer at one instant, in ONE statement (the case, its pound, heads, current auction round, s. 20
 * complaints, whether the viewer follows it or may ask for the s. 17 surplus — and for the dues screen the
 * pound's dated rule rows). Views and keyboards are pure functions of these (bot/views/owner/case-card.ts).
 */

/** A button the viewer may press under the card (the bot encodes it). */
export type CaseCardAction = 'dues' | 'claim' | 'protest' | 'follow' | 'unfollow' | 'request_surplus';

/** The case's own columns, as the card's statement reads them and the card returns them. */
interface CaseColumns extends StoredClock {
  id: number;
  number: string;
  poundId: number;
  placeOfSeizure: string;
}

export interface CaseCard extends CaseColumns {
  status: CaseStatus;
  pound: {
    id: number;
    code: string;
    name: string;
    nameHi: string;
    address: string;
    /** When the pound is open, in English and in Hindi; where it is; its public office phone (null: not recorded). */
    openingHours?: string | null;
    openingHoursHi?: string | null;
    latitude?: number | null;
    longitude?: number | null;
    publicPhone?: string | null;
  };
  /** In register order. */
  heads: Array<{ cattleClass: string; description: string; status: string; photoId?: number | null }>;
  /**
   * The groups' photos, one per photographed group in register order (src/services/photos.ts): Telegram's file_id
   * when the bot has one, and whether the bytes are kept (a photo made here has bytes only).
   */
  photos: CardPhoto[];
  /** The current auction round, if any. */
  auction: { scheduledFor: Date; place: string; status: string } | null;
  /** s. 20 complaints recorded on the case, oldest first (filedOn: India date). */
  complaints: Array<{ reference: string; filedOn: string; outcome: string | null }>;
  /** What happens next if nothing is done (null when the case facts are inconsistent). */
  next: NextDeadline | null;
  claimable: boolean;
  inCustody: boolean;
  /** Buttons for this viewer, in the order shown. */
  actions: CaseCardAction[];
}

/** A photo shown with the card. */
export interface CardPhoto {
  id: number;
  fileId: string | null;
  stored: boolean;
}

/** Which case: by id or by a parsed case number. */
export type CaseRef = { id: number } | { number: CaseNumber };

interface CardRow extends CaseColumns {
  status: string;
  pound: unknown;
  heads: unknown;
  photos: unknown;
  auction: unknown;
  complaints: unknown;
  following: boolean;
  claimed: boolean;
  surplusRequested: boolean;
  rules?: unknown;
  lastRoundAccount?: unknown;
}

/**
 * The one statement behind a case card (and, `withRules`, the dues screen): the case, its pound, heads, photos,
 * auction, complaints and what `viewer` did with it (read by `caseCard` and `duesScreen`).
 */
function caseCardSql(ref: CaseRef, viewer: bigint | null, withRules: boolean): Prisma.Sql {
  const where = 'id' in ref ? Prisma.sql`c."id" = ${ref.id}` : Prisma.sql`c."numberKey" = ${caseNumberKey(ref.number)}`;
  const v = viewer ?? -1n; // no Telegram id is negative for a user: "nobody"
  // The dues screen also reads the last completed auction round's stored sale (s. 13 after a partial s. 14 sale).
  const rules = withRules
    ? Prisma.sql`, ${RULES_JSON_SQL} AS "rules",
        (SELECT a."account" FROM "Auction" a WHERE a."caseId" = c."id" AND a."status" = 'COMPLETED' ORDER BY a."round" DESC LIMIT 1) AS "lastRoundAccount"`
    : Prisma.empty;
  return Prisma.sql`
    SELECT c."id", c."number", c."status"::text AS "status", c."poundId", ${storedClockColumns('c')}, c."placeOfSeizure",
           json_build_object('id', p."id", 'code', p."code", 'name', p."name", 'nameHi', p."nameHi", 'address', p."address",
                             'openingHours', p."openingHours", 'openingHoursHi', p."openingHoursHi", 'latitude', p."latitude",
                             'longitude', p."longitude", 'publicPhone', p."publicPhone") AS "pound",
           (SELECT coalesce(json_agg(json_build_object('cattleClass', h."cattleClass", 'description', h."description", 'status', h."status", 'photoId', h."photoId") ORDER BY h."index"), '[]'::json)
              FROM "Head" h WHERE h."caseId" = c."id") AS "heads",
           (SELECT coalesce(json_agg(json_build_object('id', ph."id", 'fileId', ph."fileId", 'stored', ph."status" = 'STORED') ORDER BY ph."id"), '[]'::json)
              FROM "Photo" ph WHERE ph."caseId" = c."id" AND ph."status" <> 'REFUSED'
                AND ph."id" IN (SELECT h2."photoId" FROM "Head" h2 WHERE h2."caseId" = c."id")) AS "photos",
           (SELECT json_build_object('scheduledFor', a."scheduledFor", 'place', a."place", 'status', a."status") FROM "Auction" a WHERE a."id" = c."currentAuctionId") AS "auction",
           (SELECT coalesce(json_agg(json_build_object('reference', k."reference", 'filedOn', k."filedOn", 'outcome', k."outcome") ORDER BY k."id"), '[]'::json)
              FROM "Complaint" k WHERE k."caseId" = c."id") AS "complaints",
           EXISTS (SELECT 1 FROM "Subscription" s WHERE s."telegramUserId" = ${v} AND s."kind" = 'CASE' AND s."caseId" = c."id" AND s."cancelledAt" IS NULL) AS "following",
           (c."ownerTelegramId" IS NOT DISTINCT FROM ${v} OR EXISTS (SELECT 1 FROM "Claim" m WHERE m."caseId" = c."id" AND m."telegramUserId" = ${v})) AS "claimed",
           EXISTS (SELECT 1 FROM "SurplusRequest" r WHERE r."caseId" = c."id" AND r."telegramUserId" = ${v}) AS "surplusRequested"
           ${rules}
      FROM "Case" c JOIN "Pound" p ON p."id" = c."poundId" JOIN "Area" ar ON ar."id" = p."areaId"
     WHERE ${where}`;
}

function cardQuery(db: DbReader, ref: CaseRef, viewer: bigint | null, withRules: boolean) {
  return db.$queryRaw<CardRow[]>(caseCardSql(ref, viewer, withRules));
}

/** s. 17: the surplus is held now (three months from its deposit, by the statute engine's timeline). */
function surplusHeld(row: CardRow, now: Date): boolean {
  if (row.status !== 'SURPLUS_HELD' || !row.surplusDepositedAt) return false;
  const t = computeTimeline({ impoundedAt: row.impoundedAt, surplusDepositedAt: row.surplusDepositedAt });
  return t.ok && !!t.value.surplusHoldEnd && now.getTime() < t.value.surplusHoldEnd.dueAt.getTime();
}

const date = (v: string | Date) => new Date(v);

function cardOf(row: CardRow, viewer: bigint | null, now: Date, windows: Partial<StatutoryWindows>): CaseCard {
  const status = row.status as CaseStatus;
  const auctionJson = jsonOf<{ scheduledFor: string; place: string; status: string } | null>(row.auction);
  const auction = auctionJson
    ? { scheduledFor: date(auctionJson.scheduledFor), place: auctionJson.place, status: auctionJson.status }
    : null;
  const facts = { status: row.status, ...storedClockOf(row), auction };
  const next = nextDeadline(facts, now, windows);
  const heads = jsonOf<CaseCard['heads']>(row.heads);
  const claimable = CLAIMABLE.includes(status);
  const inCustody = IN_CUSTODY.includes(status);
  const actions: CaseCardAction[] = [];
  if (inCustody) actions.push('dues');
  if (claimable) actions.push('claim', 'protest');
  // s. 13 after a partial s. 14 sale: the heads left without a bid may still be claimed (no s. 15 deposit now).
  if (status === 'PARTLY_SOLD' && !isS16Path(row)) actions.push('claim');
  actions.push(row.following ? 'unfollow' : 'follow');
  // s. 17: whoever claimed the case may ask for the surplus (once) while the District Magistrate holds it.
  if (viewer !== null && row.claimed && !row.surplusRequested && surplusHeld(row, now)) actions.push('request_surplus');
  return {
    id: row.id,
    number: row.number,
    status,
    poundId: row.poundId,
    ...storedClockOf(row),
    placeOfSeizure: row.placeOfSeizure,
    pound: jsonOf(row.pound),
    heads,
    photos: photosInGroupOrder(heads, jsonOf<CardPhoto[]>(row.photos)),
    auction,
    complaints: jsonOf<Array<{ reference: string; filedOn: string; outcome: string | null }>>(row.complaints).map(
      (k) => ({ ...k, filedOn: k.filedOn.slice(0, 10) }),
    ),
    next: next.ok ? next.value : null,
    claimable,
    inCustody,
    actions,
  };
}

/** The photos in the order of the groups they show (the first head of each photographed group). */
function photosInGroupOrder(heads: CaseCard['heads'], photos: CardPhoto[]): CardPhoto[] {
  const out: CardPhoto[] = [];
  for (const h of heads) {
    const p = h.photoId == null ? undefined : photos.find((x) => x.id === h.photoId);
    if (p && !out.includes(p)) out.push(p);
  }
  return out;
}

/** The public case card of `ref` as `viewer` (a Telegram user id, or null) sees it at `now`; null if no such case. One statement. */
export async function caseCard(
  db: DbReader,
  ref: CaseRef | number,
  viewer: bigint | null,
  now: Date,
  windows: Partial<StatutoryWindows> = {},
): Promise<CaseCard | null> {
  const rows = await cardQuery(db, typeof ref === 'number' ? { id: ref } : ref, viewer, false);
  return rows[0] ? cardOf(rows[0], viewer, now, windows) : null;
}

/** The dues screen of a case: its card, the dues at `at` and what one more day adds, from one load of the case and its pound's rules. */
export interface DuesScreen {
  card: CaseCard;
  rules: PoundRules;
  dues: LawResult<CaseDues>;
  /** How much the dues grow if paid a day after `at` (null when either valuation fails). */
  nextDayPaise: number | null;
}

/**
 * The dues of `ref` at `at` (s. 13 claim by default), for the viewer at `now`: one statement loads the case and
 * the pound's dated rule rows; the statute engine values it at `at` and a day later (src/law). Null if no such case.
 */
export async function duesScreen(
  db: DbReader,
  ref: CaseRef | number,
  viewer: bigint | null,
  at: Date,
  now: Date,
  windows: Partial<StatutoryWindows> = {},
  options: DuesOptions = {},
): Promise<DuesScreen | null> {
  const rows = await cardQuery(db, typeof ref === 'number' ? { id: ref } : ref, viewer, true);
  const row = rows[0];
  if (!row) return null;
  const card = cardOf(row, viewer, now, windows);
  const rules = rulesFromJson(row.rules);
  const forDues = {
    id: card.id,
    number: card.number,
    poundId: card.poundId,
    impoundedAt: card.impoundedAt,
    heads: card.heads,
  };
  // Heads left unsold at a s. 14 auction, claimed under s. 13: what the sale money left unrecovered plus the charges since.
  const partlySold = card.heads.some((h) => h.status === 'SOLD') && card.heads.some((h) => h.status === 'IMPOUNDED');
  const afterSale =
    options.mode === 'sale' || !partlySold
      ? null
      : afterSaleFactsOf(row, row.lastRoundAccount == null ? null : jsonOf(row.lastRoundAccount));
  const opts = { ...options, afterSale };
  const dues = duesOfLoaded(forDues, rules, at, opts);
  const tomorrow = dues.ok ? duesOfLoaded(forDues, rules, new Date(at.getTime() + 86_400_000), opts) : dues;
  return {
    card,
    rules,
    dues,
    nextDayPaise:
      dues.ok && tomorrow.ok
        ? tomorrow.value.breakdown.totals.totalPaise - dues.value.breakdown.totals.totalPaise
        : null,
  };
}
