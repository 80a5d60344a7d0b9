import { isLocalDate, toIstDate } from '../law';
import type { Db, Prisma } from '../db';
import { audit } from './audit';
import { loadCaseAs, requireText, caseTransaction } from './case-transition';
import { Refusal } from './refusal';
import type { StaffActor } from './staff';
import type { Tx } from './outbox';

/** Orders the Magistrate's office records for a case (OrderKind values recorded through /orders). */
export const ORDER_KINDS = [
  'RELEASE',
  'PROVISO_DISPOSAL',
  'AUCTION_DIRECTION',
  'DEPOSIT_REFUND',
  'DEPOSIT_APPLY',
] as const;
/** One of the order kinds recorded through /orders. */
export type OrderKindCode = (typeof ORDER_KINDS)[number];

/** Who made the order: the District Magistrate or a Civil Court (s. 19). */
export type OrderAuthorityCode = 'MAGISTRATE' | 'CIVIL_COURT';

/** An order as the Magistrate's office enters it. */
export interface OrderInput {
  caseId: number;
  kind: OrderKindCode;
  authority: OrderAuthorityCode;
  /** The order's reference, e.g. "DM/JPR/Pound/112/2026" or "CMA 12/2026, Civil Judge Amer". */
  reference: string;
  /** India date of the order, 'YYYY-MM-DD'; not after today. */
  orderedOn: string;
  /** Free text kept with the order (e.g. the manner of disposal directed under the s. 14 proviso). */
  note?: string | null;
}

/** Longest order reference kept. */
export const MAX_ORDER_REFERENCE = 120;

/** Checks an order date: a real India date, not in the future. */
export function checkOrderDate(orderedOn: string, now: Date): void {
  if (!isLocalDate(orderedOn) || orderedOn > toIstDate(now))
    throw new Refusal('ORDER_DATE_INVALID', null, { date: String(orderedOn) });
}

/**
 * Records an order of a Magistrate or Civil Court on a case (release s. 19, s. 14 proviso disposal,
 * auction directions s. 14, refund or application of a s. 15 deposit under ss. 20–22). Only the
 * Magistrate's office (or an admin) records orders, for pounds in its grant. Recording the same
 * kind and reference again returns the first record (`created: false`).
 */
export async function recordOrder(db: Db, act: StaffActor, input: OrderInput, now: Date) {
  return caseTransaction(db, (tx) => recordOrderTx(tx, act, input, now));
}

/** `recordOrder` inside the caller's transaction. */
export async function recordOrderTx(tx: Tx, act: StaffActor, input: OrderInput, now: Date) {
  if (!ORDER_KINDS.includes(input.kind)) throw new Refusal('TEXT_REQUIRED');
  if (input.authority !== 'MAGISTRATE' && input.authority !== 'CIVIL_COURT') throw new Refusal('TEXT_REQUIRED');
  const reference = requireText(input.reference, MAX_ORDER_REFERENCE);
  checkOrderDate(input.orderedOn, now);
  const { c, who } = await loadCaseAs(tx, act, 'magistrate', input.caseId);
  const existing = await tx.courtOrder.findUnique({
    where: { caseId_kind_reference: { caseId: c.id, kind: input.kind, reference } },
  });
  if (existing) return { caseNumber: c.number, order: existing, created: false };
  const note = input.note ? requireText(input.note, 500) : null;
  const order = await tx.courtOrder.create({
    data: {
      caseId: c.id,
      kind: input.kind,
      authority: input.authority,
      reference,
      orderedOn: new Date(`${input.orderedOn}T00:00:00Z`),
      recordedAt: now,
      recordedByStaffId: who.grant.staffId,
      details: (note ? { note } : undefined) as Prisma.InputJsonValue | undefined,
    },
  });
  await audit(tx, who.audit, 'ORDER_RECORDED', c.id, {
    orderId: order.id,
    kind: input.kind,
    authority: input.authority,
    reference,
    orderedOn: input.orderedOn,
  });
  return { caseNumber: c.number, order, created: true };
}

/** The orders recorded on a case, oldest first. */
export function ordersOfCase(db: Db, caseId: number) {
  return db.courtOrder.findMany({ where: { caseId }, orderBy: [{ orderedOn: 'asc' }, { id: 'asc' }] });
}
