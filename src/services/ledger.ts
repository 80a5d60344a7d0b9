import { Prisma } from '../db';
import type { Tx } from './outbox';

/** One ledger entry as a service posts it: the case and the time are the posting's. */
export type LedgerPosting = Omit<Prisma.LedgerEntryCreateManyInput, 'caseId' | 'createdAt'> & {
  idempotencyKey: string;
};

/**
 * Posts `entries` to the ledger of case `caseId` at `now`. The ledger is append-only and every entry carries
 * its idempotency key, so a retried job, a replayed update or a second tap writes nothing twice
 * (`skipDuplicates`); every service posts through here so that rule is kept in one place.
 */
export async function postLedger(tx: Tx, caseId: number, now: Date, entries: readonly LedgerPosting[]): Promise<void> {
  await tx.ledgerEntry.createMany({
    data: entries.map((e) => ({ ...e, caseId, createdAt: now })),
    skipDuplicates: true,
  });
}

/**
 * The INSERT of `postLedger` as raw SQL, for a transaction of raw SQL (the keeper's confirmation, `sqlTransaction`):
 * the same rows, and the same rule — an entry whose key is already posted is skipped (ON CONFLICT DO NOTHING, what
 * `skipDuplicates` sends). `onlyIf`: a condition the rows are written under (a statement that also makes the change
 * the money is for writes them only if that change was made).
 */
export function ledgerInsertSql(
  caseId: number,
  now: Date,
  entries: readonly LedgerPosting[],
  onlyIf: Prisma.Sql = Prisma.sql`true`,
): Prisma.Sql {
  if (entries.length === 0) return Prisma.sql`SELECT 1 WHERE false`;
  const rows = entries.map(
    (e) =>
      Prisma.sql`(${caseId}::int, CAST(${e.account}::text AS "LedgerAccount"), ${BigInt(e.amountPaise)}::bigint,
        ${e.section}::text, ${e.memo ?? null}::text, ${e.idempotencyKey}::text, ${now}::timestamptz)`,
  );
  return Prisma.sql`INSERT INTO "LedgerEntry"
      ("caseId", "account", "amountPaise", "section", "memo", "idempotencyKey", "createdAt")
    SELECT * FROM (VALUES ${Prisma.join(rows)}) AS posting WHERE ${onlyIf}
    ON CONFLICT DO NOTHING`;
}
