import type { Db } from '../../../src/db';
import { caseFixture, type ForcedState } from '../../support/case-builder';
import { seed } from '../../support/fixtures';

/**
 * A register entry for the jobs tests: the s. 8 entry through `caseFixture`, a later state (if any) written directly by
 * its `forcedState` step (why: see there), and the deadlines planned last, as the staff flows plan them.
 */
export interface CaseSpec {
  pound?: string;
  impoundedAt: Date;
  /** The register's time of seizure (default: none recorded = when impounded). */
  seizedAt?: Date;
  place?: string;
  heads?: Array<{ cls: string; desc: string }>;
  status?: 'IMPOUNDED' | ForcedState['status'];
  ownerTelegramId?: bigint;
  reportedAt?: Date;
  noticePostedAt?: Date;
  surplusDepositedAt?: Date;
  /** Plan the deadlines at this instant (default: the impounding). */
  planAt?: Date;
}

/**
 * Seeds the demo district (pounds, rates) and closes its four demo cases, so that the reconciler's
 * pass over open cases only finds the cases a test creates.
 */
export async function seedPounds(db: Db, now: Date): Promise<void> {
  const { cases } = await seed(db, now);
  await db.case.updateMany({ where: { number: { in: cases } }, data: { status: 'CLOSED' } });
}

/** Creates a case and plans its deadlines. Returns the case id and number. */
export async function createCase(db: Db, spec: CaseSpec): Promise<{ id: number; number: string }> {
  const heads = spec.heads ?? [
    { cls: 'buffalo', desc: 'black, curved horns' },
    { cls: 'cow', desc: 'brown, white forehead' },
  ];
  const fixture = caseFixture(db, {
    pound: spec.pound ?? 'JAI1',
    impoundedAt: spec.impoundedAt,
    seizedAt: spec.seizedAt ?? null,
    place: spec.place ?? 'Kunda',
    heads: heads.map((h): [string, string] => [h.cls, h.desc]),
    ownerTelegramId: spec.ownerTelegramId ?? null,
    ownerName: null,
    seizerName: 'Test Seizer',
  });
  const { status, reportedAt, noticePostedAt, surplusDepositedAt } = spec;
  if (status && status !== 'IMPOUNDED') fixture.forcedState({ status, reportedAt, noticePostedAt, surplusDepositedAt });
  const c = await fixture.planned(spec.planAt ?? spec.impoundedAt).build();
  return { id: c.id, number: c.number };
}

/**
 * A case taken to its s. 14 auction as of `now`: impounded 20 days before, reported 12 and noticed 10 days before
 * (the auction itself is the test's: `addAuction`).
 */
export function caseAtAuction(db: Db, now: Date, spec: Partial<CaseSpec> = {}) {
  const day = 86_400_000;
  return createCase(db, {
    impoundedAt: new Date(now.getTime() - 20 * day),
    status: 'AUCTION_SCHEDULED',
    reportedAt: new Date(now.getTime() - 12 * day),
    noticePostedAt: new Date(now.getTime() - 10 * day),
    ...spec,
  });
}

/** Schedules an auction on a case (the officer's flow records it so). */
export function addAuction(db: Db, caseId: number, scheduledFor: Date, place = 'Amer Haat') {
  return db.auction.create({ data: { caseId, scheduledFor, place, conditions: 'Cash on the fall of the hammer' } });
}
