import { Prisma } from '../db';
import { s16RefusedAt, type CaseState, type SalePathFacts, type StatutoryWindows, type TimelineInput } from '../law';

/**
 * The one mapping from a stored case row to the statute engine's case. Which columns hold the case's clock (the
 * instants that start or move its statutory periods: ss. 8, 14, 16, 17, 20) and how they reach src/law is written
 * here once: the Prisma `select` fragment, the column list for hand-written SQL, the row's type and the mappers.
 * A loader spreads these instead of naming the columns, so the s. 14 / s. 16 path is read in src/law alone
 * (`salePath`, `s16RefusedAt`) and only the services that record the owner's refusal write it.
 */

/** The case facts the statutory timeline depends on (the sale path: s. 14, or s. 16 from the owner's refusal). */
export interface TimelineFacts extends SalePathFacts {
  impoundedAt: Date;
  /** When the cattle were seized (the register's time of seizure; null: taken as `impoundedAt`) — start of the s. 20 window. */
  seizedAt?: Date | null;
  noticePostedAt?: Date | null;
  surplusDepositedAt?: Date | null;
}

/**
 * The case's own instants that start or move its statutory periods (ss. 14, 16, 17, 20), as a row that loads
 * them all has them (null: not yet). Declared once for every read model that selects these columns.
 */
export interface StoredClock extends TimelineFacts {
  /** s. 20: when the cattle were seized (the complaint window runs from it); null on entries made before it was asked. */
  seizedAt: Date | null;
  reportedAt: Date | null;
  noticePostedAt: Date | null;
  ownerRefusedAt: Date | null;
  surplusDepositedAt: Date | null;
}

export type { SalePathFacts };

/** The s. 16 fact alone, for a loader that needs only the sale path (`salePath`, `isS16Path` in src/law). */
export const SALE_PATH_SELECT = { ownerRefusedAt: true } as const satisfies Prisma.CaseSelect;

/** The columns of `StoredClock` as a Prisma `select` (spread into a loader's own select). */
export const STORED_CLOCK_SELECT = {
  impoundedAt: true,
  seizedAt: true,
  reportedAt: true,
  noticePostedAt: true,
  ...SALE_PATH_SELECT,
  surplusDepositedAt: true,
} as const satisfies Prisma.CaseSelect;

const CLOCK_COLUMNS = Object.keys(STORED_CLOCK_SELECT);
const SALE_PATH_COLUMNS = Object.keys(SALE_PATH_SELECT);

function aliasOf(alias: string): string {
  if (!/^[a-z]\w*$/.test(alias)) throw new Error(`not a table alias: ${alias}`);
  return alias;
}

/** The same columns for hand-written SQL on the "Case" table aliased `alias`. */
export function storedClockColumns(alias = 'c'): Prisma.Sql {
  return Prisma.raw(CLOCK_COLUMNS.map((col) => `${aliasOf(alias)}."${col}"`).join(', '));
}

/** The sale path's columns for hand-written SQL on the "Case" table (or a subquery of it) aliased `alias`. */
export function salePathColumns(alias = 'c'): Prisma.Sql {
  return Prisma.raw(SALE_PATH_COLUMNS.map((col) => `${aliasOf(alias)}."${col}"`).join(', '));
}

/** The same as `json_build_object` pairs (`'name', alias."name"`), for a row read as JSON. */
export function salePathJsonPairs(alias = 'c'): Prisma.Sql {
  return Prisma.raw(SALE_PATH_COLUMNS.map((col) => `'${col}', ${aliasOf(alias)}."${col}"`).join(', '));
}

/** The sale path of a row read as JSON (its instants as text), as the engine's case carries it. */
export function salePathOfJson(row: { readonly [column: string]: unknown }): SalePathFacts {
  const facts = Object.fromEntries(
    SALE_PATH_COLUMNS.map((col) => [col, typeof row[col] === 'string' ? new Date(row[col]) : null]),
  ) as unknown as SalePathFacts;
  return salePathOf(facts);
}

/** The stored clock of a row that holds more (a card, a register line): exactly the `StoredClock` fields. */
export function storedClockOf(row: StoredClock): StoredClock {
  return {
    impoundedAt: row.impoundedAt,
    seizedAt: row.seizedAt,
    reportedAt: row.reportedAt,
    noticePostedAt: row.noticePostedAt,
    ...salePathOf(row),
    surplusDepositedAt: row.surplusDepositedAt,
  };
}

/** The s. 16 fact of a row, as the engine's case carries it (null: the s. 14 path). */
export function salePathOf(row: SalePathFacts): { readonly ownerRefusedAt: Date | null } {
  return { ownerRefusedAt: s16RefusedAt(row) };
}

/** The timeline's input (src/law `computeTimeline`) from what a row has of the clock. */
export function timelineInputOf(facts: TimelineFacts): TimelineInput {
  return {
    impoundedAt: facts.impoundedAt,
    seizedAt: facts.seizedAt ?? null,
    ...salePathOf(facts),
    noticePostedAt: facts.noticePostedAt ?? null,
    surplusDepositedAt: facts.surplusDepositedAt ?? null,
  };
}

/** The stored facts `caseStateOf` reads (a `CaseForLaw` has them all; a lighter row may omit `payments`). */
export interface CaseFacts extends SalePathFacts {
  status: string;
  impoundedAt: Date;
  /** s. 20 runs from the seizure; absent on rows that do not load it (the engine then uses the impounding). */
  seizedAt?: Date | null;
  reportedAt: Date | null;
  noticePostedAt: Date | null;
  surplusDepositedAt?: Date | null;
  heads: ReadonlyArray<{ status: string }>;
  auction?: { scheduledFor: Date; status: string } | null;
  /** The s. 14 notice and its drum proclamations (the Notice row), if loaded. */
  notice?: { postedAt: Date; proclaimedVillageAt: Date | null; proclaimedMarketAt: Date | null } | null;
  /**
   * Confirmed payments (s. 13 payment, s. 15 deposit); when absent the engine is not told either fact. A part
   * payment (one owner's heads, `part`) is settled on its own and says nothing about the case's own payment.
   */
  payments?: ReadonlyArray<{ kind: string; status?: string; part?: boolean }>;
}

/** The statute engine's view of a stored case (statuses mirror the DB enum) — the one mapper. */
export function caseStateOf(c: CaseFacts, windows?: Partial<StatutoryWindows>): CaseState {
  const confirmed = c.payments?.filter((p) => (p.status === undefined || p.status === 'CONFIRMED') && p.part !== true);
  return {
    status: c.status as CaseState['status'],
    impoundedAt: c.impoundedAt,
    seizedAt: c.seizedAt ?? null,
    heads: c.heads.length,
    headsRemaining: c.heads.filter((h) => h.status === 'IMPOUNDED').length,
    // Delivered on an owner's part claim (ss. 13, 15) while others stay; after the whole release every head is.
    headsReleased: c.heads.filter((h) => h.status === 'RELEASED').length,
    ...(confirmed
      ? {
          paymentReceived: confirmed.some((p) => p.kind === 'S13_PAYMENT'),
          depositReceived: confirmed.some((p) => p.kind === 'S15_DEPOSIT'),
        }
      : {}),
    reportedAt: c.reportedAt,
    noticePostedAt: c.noticePostedAt,
    ...(c.notice
      ? {
          notice: {
            stuckUpAt: c.notice.postedAt,
            proclaimedInVillageAt: c.notice.proclaimedVillageAt,
            proclaimedAtMarketAt: c.notice.proclaimedMarketAt,
          },
        }
      : {}),
    ...salePathOf(c),
    auctionAt: c.auction?.status === 'SCHEDULED' ? c.auction.scheduledFor : null,
    surplusDepositedAt: c.surplusDepositedAt ?? null,
    ...(windows ? { windows } : {}),
  };
}

/** An entry not yet made, as the engine sees it: impounded at `impoundedAt`, nothing done since. */
export function newEntryFacts(impoundedAt: Date): CaseFacts {
  return {
    status: 'IMPOUNDED',
    impoundedAt,
    reportedAt: null,
    noticePostedAt: null,
    ownerRefusedAt: null,
    heads: [{ status: 'IMPOUNDED' }],
  };
}
