import type { Prisma } from '../db';
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
