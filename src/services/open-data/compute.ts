import { Prisma, type PrismaClient } from '../../db';
import type { Tx } from '../outbox';
import type { Cells } from './figures';

// The figures read from the raw rows: the register (Case, Head), the releases, the auctions' sales, the ledger, the
// remittances and the s. 20 complaints. Flow figures for a window of time, per pound and India month; stock figures
// at an instant, per pound. The daily snapshot reads whole months with these; a request reads only today's window.

type Db = PrismaClient | Tx;

/** Flow cells per pound and period (an India month 'YYYY-MM', an India year 'YYYY', or '' for the whole window). */
export type MonthCells = Map<number, Map<string, Cells>>;

interface Row {
  poundId: number;
  month: string;
  fig: string;
  value: bigint | number;
  cases: bigint | number;
}

const IST = Prisma.sql`'Asia/Kolkata'`;
/** How flow cells are grouped in time: per India month ('YYYY-MM'), per India year ('YYYY'), or the whole window (''). */
export type Period = 'month' | 'year' | 'all';

/**
 * Every flow event in `from` ≤ instant < `to`, one row each: (pound, instant, figure, value, register entry). The
 * ledger's accounts map to figures as docs/MONEY.md books them: DISTRICT_MAGISTRATE the fines and penalties (ss. 12,
 * 17, also out of a s. 15 deposit applied), POUND_KEEPER the feeding charges, SALE_PROCEEDS a sale (ss. 14, 16),
 * MAGISTRATE_DEPOSIT the s. 17 surplus held, SURPLUS_CLAIMANT paid out of it, GOVERNMENT_REVENUE lapsed to Government,
 * OWNER_DEPOSIT a s. 15 deposit, DEPOSIT_REFUND returned on the Magistrate's outcome; the postings of a deposit applied
 * (keys `…:deposit:apply:…`, src/services/deposit-outcome.ts) count once more as "applied". A disposal under the s. 14
 * proviso (src/services/sale/proviso.ts) is its append-only audit row S14_PROVISO_DISPOSAL, at the service's instant of it,
 * with the entry's heads it marked DISPOSED.
 */
function flowEvents(from: Date, to: Date, few: boolean): Prisma.Sql {
  const w = (col: Prisma.Sql) => Prisma.sql`${col} >= ${from} AND ${col} < ${to}`;
  // The pound of each event's register entry: for a window of few events (today's) looked up by the entry's key one
  // by one — a join would let the planner hash the whole register; for the snapshot's window, joined.
  const pound = (alias: string) =>
    few
      ? Prisma.sql`(SELECT p."poundId" FROM "Case" p WHERE p.id = ${Prisma.raw(`${alias}."caseId"`)})`
      : Prisma.sql`c."poundId"`;
  const join = (alias: string) => (few ? Prisma.empty : Prisma.raw(`JOIN "Case" c ON c.id = ${alias}."caseId"`));
  return Prisma.sql`
    SELECT c."poundId", c."impoundedAt" AS at, 'impounded' AS fig,
        (SELECT count(*) FROM "Head" h WHERE h."caseId" = c.id) AS value, c.id AS "caseId"
      FROM "Case" c WHERE ${w(Prisma.sql`c."impoundedAt"`)}
    UNION ALL
    SELECT ${pound('r')}, r."releasedAt", CASE r.basis WHEN 'S13_PAYMENT' THEN 'released_s13'
        WHEN 'S15_DEPOSIT' THEN 'released_s15' WHEN 'S16_REMAINING' THEN 'released_s16' ELSE 'released_s19' END,
        r."headCount", r."caseId"
      FROM "Release" r ${join('r')} WHERE ${w(Prisma.sql`r."releasedAt"`)}
    UNION ALL
    SELECT ${pound('a')}, a."completedAt", 'sold', (SELECT count(*) FROM "Sale" s WHERE s."auctionId" = a.id), a."caseId"
      FROM "Auction" a ${join('a')}
      WHERE a.status = 'COMPLETED' AND ${w(Prisma.sql`a."completedAt"`)}
    UNION ALL
    SELECT ${pound('x')}, x.at, 'disposed_s14_proviso',
        (SELECT count(*) FROM "Head" h WHERE h."caseId" = x."caseId" AND h.status = 'DISPOSED'), x."caseId"
      FROM "AuditEvent" x ${join('x')} WHERE x.action = 'S14_PROVISO_DISPOSAL' AND ${w(Prisma.sql`x.at`)}
    UNION ALL
    SELECT ${pound('l')}, l."createdAt", f.fig, l."amountPaise", l."caseId"
      FROM "LedgerEntry" l ${join('l')}
      CROSS JOIN LATERAL (VALUES
        (CASE l.account WHEN 'DISTRICT_MAGISTRATE' THEN 'fines_paise' WHEN 'POUND_KEEPER' THEN 'feeding_paise'
          WHEN 'SALE_PROCEEDS' THEN 'sale_proceeds_paise' WHEN 'MAGISTRATE_DEPOSIT' THEN 'surplus_held_paise'
          WHEN 'SURPLUS_CLAIMANT' THEN 'surplus_claimed_paise' WHEN 'GOVERNMENT_REVENUE' THEN 'surplus_lapsed_paise'
          WHEN 'OWNER_DEPOSIT' THEN 'deposits_paise' WHEN 'DEPOSIT_REFUND' THEN 'deposits_refunded_paise' END),
        (CASE WHEN l."idempotencyKey" LIKE '%:deposit:apply:%' THEN 'deposits_applied_paise' END)) AS f(fig)
      WHERE f.fig IS NOT NULL AND ${w(Prisma.sql`l."createdAt"`)}
    UNION ALL
    SELECT ${pound('m')}, m."confirmedAt", 'fines_remitted_paise', m."amountPaise", m."caseId"
      FROM "Remittance" m ${join('m')}
      WHERE m.kind = 'FINES_TO_MAGISTRATE' AND ${w(Prisma.sql`m."confirmedAt"`)}
    UNION ALL
    SELECT ${pound('k')}, k."recordedAt", 'complaints_filed', 1, k."caseId"
      FROM "Complaint" k ${join('k')} WHERE ${w(Prisma.sql`k."recordedAt"`)}
    UNION ALL
    SELECT ${pound('k')}, k."outcomeAt", 'complaints_decided', 1, k."caseId"
      FROM "Complaint" k ${join('k')}
      WHERE k.outcome IS NOT NULL AND ${w(Prisma.sql`k."outcomeAt"`)}`;
}

/** Flow cells of every pound per India month, per India year and over the whole window, from one scan. */
export type FlowCells = Record<Period, MonthCells>;

/**
 * Flow cells of every pound for `from` ≤ instant < `to`: per India month, per India year, and over the whole window —
 * one statement (grouping sets over the events). A cell of a year or of the window counts each register entry once,
 * however many months it appears in.
 */
export async function flowCells(db: Db, from: Date, to: Date, few = false): Promise<FlowCells> {
  const rows = await db.$queryRaw<Array<Row & { set: number }>>(Prisma.sql`
    SELECT "poundId", coalesce(month, year, '') AS month, fig, sum(value) AS value, count(DISTINCT "caseId") AS cases,
        GROUPING(month, year) AS set
      FROM (SELECT e.*, to_char(e.at AT TIME ZONE ${IST}, 'YYYY-MM') AS month,
          to_char(e.at AT TIME ZONE ${IST}, 'YYYY') AS year FROM (${flowEvents(from, to, few)}) e) x
      GROUP BY GROUPING SETS (("poundId", fig, month), ("poundId", fig, year), ("poundId", fig))`);
  const out: FlowCells = { month: new Map(), year: new Map(), all: new Map() };
  // GROUPING(month, year): 1 = grouped by month (year rolled up), 2 = by year, 3 = neither.
  const SET: Record<number, Period> = { 1: 'month', 2: 'year', 3: 'all' };
  for (const r of rows) {
    const period = out[SET[Number(r.set)]!];
    const pound = period.get(r.poundId) ?? new Map<string, Cells>();
    period.set(r.poundId, pound);
    const cells = (pound.get(r.month) ?? {}) as Record<string, readonly [number, number]>;
    pound.set(r.month, cells);
    cells[r.fig] = [Number(r.value), Number(r.cases)];
  }
  return out;
}

/**
 * Stock cells of every pound at `at`: the heads still in the pound (Head IMPOUNDED, s. 8), the register entries with
 * any of them by whole India days since impounding (0–7, 8–14, 15–30, more than 30), and the s. 20 complaints recorded
 * without an outcome. The heads in the pound are found on the index of Head (status, caseId); the planner then joins
 * their entries by key or, when the heads in the pound are a large share of the register, by one scan of it.
 */
export async function stockCells(db: Db, at: Date): Promise<Map<number, Cells>> {
  const rows = await db.$queryRaw<Row[]>(Prisma.sql`
    SELECT "poundId", '' AS month,
        CASE WHEN days <= 7 THEN 'pending_0_7' WHEN days <= 14 THEN 'pending_8_14' WHEN days <= 30 THEN 'pending_15_30'
          ELSE 'pending_over_30' END AS fig,
        sum(heads) AS value, count(*) AS cases
      FROM (SELECT c."poundId", c.id, count(*) AS heads,
          (${at}::timestamptz AT TIME ZONE ${IST})::date - (c."impoundedAt" AT TIME ZONE ${IST})::date AS days
        FROM "Head" h JOIN "Case" c ON c.id = h."caseId"
        WHERE h.status = 'IMPOUNDED' AND c."impoundedAt" < ${at} GROUP BY c."poundId", c.id) p
      GROUP BY 1, 2, 3
    UNION ALL
    SELECT "poundId", '' AS month, 'complaints_pending' AS fig, count(*) AS value, count(DISTINCT "caseId") AS cases
      FROM (SELECT (SELECT c."poundId" FROM "Case" c WHERE c.id = k."caseId") AS "poundId", k."caseId"
        FROM "Complaint" k WHERE k."recordedAt" < ${at} AND (k.outcome IS NULL OR k."outcomeAt" >= ${at})) k
      GROUP BY 1`);
  const out = new Map<number, Record<string, readonly [number, number]>>();
  for (const r of rows) {
    const cells = out.get(r.poundId) ?? {};
    out.set(r.poundId, cells);
    const value = Number(r.value);
    const cases = Number(r.cases);
    if (r.fig === 'complaints_pending') cells[r.fig] = [value, cases];
    else {
      // A pending bucket counts register entries; the heads of all buckets are the cattle in the pound.
      cells[r.fig] = [cases, cases];
      const inPound = cells.in_pound ?? [0, 0];
      cells.in_pound = [inPound[0] + value, inPound[1] + cases];
    }
  }
  return out;
}
