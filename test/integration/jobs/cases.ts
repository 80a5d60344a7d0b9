import type { Db } from '../../../src/db';
import { allocateCaseNumber, villageKey } from '../../../src/services/case-numbers';
import { planDeadlines } from '../../../src/services/deadlines';
import { seed } from '../../support/fixtures';

/** A register entry for the jobs tests, written as the staff flows would (with planDeadlines in the same transaction). */
export interface CaseSpec {
  pound?: string;
  impoundedAt: Date;
  /** The register's time of seizure (default: none recorded = when impounded). */
  seizedAt?: Date;
  place?: string;
  heads?: Array<{ cls: string; desc: string }>;
  status?:
    | 'IMPOUNDED'
    | 'PAYMENT_PENDING'
    | 'RELEASED_S13'
    | 'REPORTED_S14'
    | 'NOTICE_POSTED'
    | 'AUCTION_SCHEDULED'
    | 'DEPOSITED_S15'
    | 'SURPLUS_HELD';
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

/** Creates a case and plans its deadlines, in one transaction. Returns the case id and number. */
export async function createCase(db: Db, spec: CaseSpec): Promise<{ id: number; number: string }> {
  const pound = await db.pound.findUniqueOrThrow({ where: { code: spec.pound ?? 'JAI1' } });
  const place = spec.place ?? 'Kunda';
  const heads = spec.heads ?? [
    { cls: 'buffalo', desc: 'black, curved horns' },
    { cls: 'cow', desc: 'brown, white forehead' },
  ];
  return db.$transaction(async (tx) => {
    const { number, seq } = await allocateCaseNumber(tx, pound, 2026);
    const c = await tx.case.create({
      data: {
        number,
        poundId: pound.id,
        year: 2026,
        seq,
        impoundedAt: spec.impoundedAt,
        seizedAt: spec.seizedAt ?? null,
        placeOfSeizure: place,
        villageKey: villageKey(place),
        seizerName: 'Test Seizer',
        seizerResidence: place,
        status: spec.status ?? 'IMPOUNDED',
        ownerTelegramId: spec.ownerTelegramId ?? null,
        reportedAt: spec.reportedAt ?? null,
        noticePostedAt: spec.noticePostedAt ?? null,
        surplusDepositedAt: spec.surplusDepositedAt ?? null,
        heads: { create: heads.map((h, i) => ({ index: i + 1, cattleClass: h.cls, description: h.desc })) },
      },
    });
    await planDeadlines(tx, c.id, spec.planAt ?? spec.impoundedAt);
    return { id: c.id, number };
  });
}

/** A payment declared by an owner (PENDING) or confirmed by a keeper, as the owner and keeper flows record it. */
export async function addPayment(
  db: Db,
  caseId: number,
  p: {
    kind: 'S13_PAYMENT' | 'S15_DEPOSIT';
    status: 'PENDING' | 'CONFIRMED';
    amountPaise: number;
    declaredAt: Date;
    payer: bigint;
  },
) {
  await db.telegramUser.upsert({ where: { id: p.payer }, create: { id: p.payer }, update: {} });
  return db.payment.create({
    data: {
      caseId,
      kind: p.kind,
      method: 'CASH',
      amountPaise: p.amountPaise,
      duesSnapshot: {},
      status: p.status,
      payerTelegramId: p.payer,
      declaredAt: p.declaredAt,
      ...(p.status === 'CONFIRMED' ? { confirmedAt: p.declaredAt, confirmedSlot: `${caseId}:${p.kind}` } : {}),
    },
  });
}

/** Schedules an auction on a case (the officer's flow records it so). */
export function addAuction(db: Db, caseId: number, scheduledFor: Date, place = 'Amer Haat') {
  return db.auction.create({ data: { caseId, scheduledFor, place, conditions: 'Cash on the fall of the hammer' } });
}
