import { paiseOf } from '../../db';
import type { Tx } from '../outbox';
import { salePathOf, storedClockColumns, type StoredClock } from '../law-case';
import type { ConfirmationCase } from '../part-claim';
import { grantsInTxSql, type GrantRow } from '../staff';

/**
 * What the keeper's confirmation (src/services/payments/confirm.ts) reads before it judges: one statement, typed
 * SQL through the Prisma client like every other read, because what it needs spans seven tables and the keeper's
 * update has a statement budget (docs/MONEY.md). Everything it then writes goes through the services' own writers.
 */

/** The payment as the confirming transaction reads it, with its case, pound, claim heads and receipt (if any). */
export interface ConfirmationFacts {
  id: number;
  caseId: number;
  claimId: number | null;
  kind: 'S13_PAYMENT' | 'S15_DEPOSIT';
  status: 'PENDING' | 'CONFIRMED' | 'REJECTED' | 'CANCELLED';
  part: boolean;
  amountPaise: number;
  duesSnapshot: unknown;
  payerTelegramId: bigint;
  receiptNumber: string | null;
  pound: { id: number; code: string };
  c: ConfirmationCase;
  /** The Head ids the payment's claim names (empty: every head still in the pound). */
  claimHeadIds: number[];
  /** The confirming keeper's active grants, read FOR SHARE in the same statement (`grantsInTxSql`). */
  grantRows: GrantRow[];
}

type FactsRow = StoredClock & {
  id: number;
  caseId: number;
  claimId: number | null;
  kind: ConfirmationFacts['kind'];
  status: ConfirmationFacts['status'];
  part: boolean;
  amountPaise: bigint;
  duesSnapshot: unknown;
  payerTelegramId: bigint;
  receiptNumber: string | null;
  number: string;
  poundId: number;
  poundCode: string;
  caseStatus: string;
  version: number;
  noticeStuckUpAt: Date | null;
  proclaimedVillageAt: Date | null;
  proclaimedMarketAt: Date | null;
  auctionScheduledFor: Date | null;
  auctionStatus: string | null;
  heads: ConfirmationCase['heads'];
  confirmed: Array<{ kind: string; part: boolean }>;
  claimHeadIds: number[];
  grants: GrantRow[];
};

/**
 * Everything a confirmation judges, in one statement: the payment, its receipt number, the case's statutory facts
 * (status and version, dates, heads, the notice, the current auction, its confirmed payments), the pound, the heads
 * the claim names — what `loadCase` and the payment's relations would read in ten — and the keeper's grants as they
 * stand now, locked FOR SHARE (`grantsInTxSql`, the rows `authorizeInTx` reads: a keeper revoked a moment ago is
 * refused, and a revocation waits for this transaction).
 */
export async function confirmationFacts(tx: Tx, paymentId: number, keeper: bigint): Promise<ConfirmationFacts | null> {
  const rows = await tx.$queryRaw<FactsRow[]>`
    WITH g AS (${grantsInTxSql(keeper)})
    SELECT p."id", p."caseId", p."claimId", p."kind"::text AS "kind", p."status"::text AS "status", p."part",
      p."amountPaise", p."duesSnapshot", p."payerTelegramId",
      (SELECT r."number" FROM "Receipt" r WHERE r."paymentId" = p."id") AS "receiptNumber",
      c."number", c."poundId", po."code" AS "poundCode", c."status"::text AS "caseStatus", c."version",
      ${storedClockColumns('c')},
      n."postedAt" AS "noticeStuckUpAt", n."proclaimedVillageAt", n."proclaimedMarketAt",
      a."scheduledFor" AS "auctionScheduledFor", a."status"::text AS "auctionStatus",
      (SELECT coalesce(json_agg(json_build_object('id', h."id", 'index', h."index", 'cattleClass', h."cattleClass",
          'description', h."description", 'status', h."status") ORDER BY h."index"), '[]'::json)
        FROM "Head" h WHERE h."caseId" = c."id") AS "heads",
      (SELECT coalesce(json_agg(json_build_object('kind', q."kind", 'part', q."part")), '[]'::json)
        FROM "Payment" q WHERE q."caseId" = c."id" AND q."status" = 'CONFIRMED') AS "confirmed",
      (SELECT coalesce(json_agg(ch."headId" ORDER BY ch."headId"), '[]'::json)
        FROM "ClaimHead" ch WHERE ch."claimId" = p."claimId") AS "claimHeadIds",
      (SELECT coalesce(json_agg(g ORDER BY g."staffId", g."poundId"), '[]'::json) FROM g) AS "grants"
    FROM "Payment" p
      JOIN "Case" c ON c."id" = p."caseId"
      JOIN "Pound" po ON po."id" = c."poundId"
      LEFT JOIN "Notice" n ON n."caseId" = c."id"
      LEFT JOIN "Auction" a ON a."id" = c."currentAuctionId"
    WHERE p."id" = ${paymentId}`;
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    caseId: r.caseId,
    claimId: r.claimId,
    kind: r.kind,
    status: r.status,
    part: r.part,
    amountPaise: paiseOf(r.amountPaise),
    duesSnapshot: r.duesSnapshot,
    payerTelegramId: r.payerTelegramId,
    receiptNumber: r.receiptNumber,
    pound: { id: r.poundId, code: r.poundCode },
    claimHeadIds: r.claimHeadIds,
    grantRows: r.grants,
    c: {
      id: r.caseId,
      number: r.number,
      poundId: r.poundId,
      version: r.version,
      status: r.caseStatus,
      impoundedAt: r.impoundedAt,
      seizedAt: r.seizedAt,
      reportedAt: r.reportedAt,
      noticePostedAt: r.noticePostedAt,
      ...salePathOf(r),
      surplusDepositedAt: r.surplusDepositedAt,
      heads: r.heads,
      notice:
        r.noticeStuckUpAt === null
          ? null
          : {
              postedAt: r.noticeStuckUpAt,
              proclaimedVillageAt: r.proclaimedVillageAt,
              proclaimedMarketAt: r.proclaimedMarketAt,
            },
      auction:
        r.auctionScheduledFor === null || r.auctionStatus === null
          ? null
          : { scheduledFor: r.auctionScheduledFor, status: r.auctionStatus },
      payments: r.confirmed.map((q) => ({ kind: q.kind, status: 'CONFIRMED', part: q.part })),
    },
  };
}
