import { paiseOf, Prisma } from '../db';
import type { SqlTx } from '../db/direct';
import { auditInsertSql, type Actor } from './audit';
import { ledgerInsertSql, type LedgerPosting } from './ledger';
import { outboxInsertSql, type OutboxItem } from './outbox';
import { salePathOf, storedClockColumns, type StoredClock } from './law-case';
import type { ConfirmationCase } from './part-claim';
import { Refusal } from './refusal';
import { grantsInTxSql, type GrantRow } from './staff-actor';

/**
 * The statements of the keeper's confirmation (src/services/payment-confirmation.ts), in raw SQL so that on Postgres
 * they run on one pooled connection without Prisma's work per statement (`sqlTransaction`). Each statement does what
 * the services' own helpers do (`authorizeInTx`'s grant read, `transition`, `postLedger`, `addAllToOutbox`, `audit`),
 * several to a statement, in the order those took their locks: the grants, the payment, the case, then (in
 * `issueReceipt`) the pound.
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
export async function confirmationFacts(
  tx: SqlTx,
  paymentId: number,
  keeper: bigint,
): Promise<ConfirmationFacts | null> {
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

/** The payment's confirmation as recorded, with the case's change and the money it is for. */
export interface ConfirmationWrite {
  paymentId: number;
  caseId: number;
  part: boolean;
  amountPaise: number;
  confirmedSlot: string;
  staffId: number;
  messageId: number | null;
  receiptBookNo: string | null;
  now: Date;
  /** The case as read (its version guards the write) and its status before and after (`from` = `to`: a part payment). */
  c: { version: number };
  caseChange: { from: string; to: string };
  ledger: readonly LedgerPosting[];
}

/**
 * Records the confirmation in one statement: the payment PENDING → CONFIRMED (conditional: a concurrent confirmation
 * waits for this row and then finds it confirmed), then the case, guarded by the version read (as `transition`), then
 * the ledger (received and the s. 17 division; skipped keys as `postLedger`) — each only if the one before was made.
 * False: the payment was no longer pending (nothing written). A case changed meanwhile is refused as a CONFLICT
 * (thrown: the transaction rolls back).
 */
export async function recordConfirmation(tx: SqlTx, w: ConfirmationWrite): Promise<boolean> {
  const [r] = await tx.$queryRaw<Array<{ paid: number; cased: number }>>`
    WITH paid AS (
      UPDATE "Payment" SET "status" = 'CONFIRMED', "part" = ${w.part}::boolean,
        "amountPaise" = ${BigInt(w.amountPaise)}::bigint, "confirmedSlot" = ${w.confirmedSlot}::text,
        "confirmedAt" = ${w.now}::timestamptz, "confirmedByStaffId" = ${w.staffId}::int,
        "confirmedViaMessageId" = ${w.messageId}::int, "receiptBookNo" = ${w.receiptBookNo}::text
      WHERE "id" = ${w.paymentId}::int AND "status" = 'PENDING'
      RETURNING "id"
    ), cased AS (
      UPDATE "Case" SET "status" = CAST(${w.caseChange.to}::text AS "CaseStatus"), "version" = "version" + 1
      WHERE "id" = ${w.caseId}::int AND "version" = ${w.c.version}::int
        AND "status" = CAST(${w.caseChange.from}::text AS "CaseStatus") AND EXISTS (SELECT 1 FROM paid)
      RETURNING "id"
    ), posted AS (
      ${ledgerInsertSql(w.caseId, w.now, w.ledger, Prisma.sql`EXISTS (SELECT 1 FROM cased)`)}
    )
    SELECT (SELECT count(*) FROM paid)::int AS "paid", (SELECT count(*) FROM cased)::int AS "cased"`;
  if (!r || r.paid === 0) return false;
  if (r.cased !== 1) throw new Refusal('CONFLICT');
  return true;
}

/** Queues every message and the deadline replan (`addAllToOutbox`) and appends the audit event (`audit`): one statement. */
export async function queueAndAudit(
  tx: SqlTx,
  items: readonly OutboxItem[],
  audit: { actor: Actor; action: string; caseId: number; details: Prisma.InputJsonValue },
): Promise<void> {
  await tx.$executeRaw`WITH queued AS (${outboxInsertSql(items)})
    ${auditInsertSql(audit.actor, audit.action, audit.caseId, audit.details)}`;
}
