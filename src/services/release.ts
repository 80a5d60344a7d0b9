import { checkTransition, toIstDate, type StatutoryWindows } from '../law';
import { Refusal, refusalOf } from './refusal';
import { type Db, paiseOf } from '../db';
import { audit } from './audit';
import { caseStateOf, caseTransaction, loadCase, transition } from './case-transition';
import { caseNumberKey, parseCaseNumber } from './cases';
import { planDeadlines } from './deadlines';
import { s20LastDay } from './next-deadline';
import { queueMessage } from './outbox';
import { issueReceipt, receiptItemsFromSnapshot } from './receipts';
import { queueOwnerSms } from './sms';
import { authorize, authorizeInTx, type StaffActor } from './staff';

/** A s. 19 order: by a Magistrate or a Civil Court, with its reference. */
export interface ReleaseOrderInput {
  authority: 'MAGISTRATE' | 'CIVIL_COURT';
  reference: string;
  /** India date of the order; defaults to the day it is recorded. */
  orderedOn?: string;
}

/**
 * What a /release led to: delivered (on which basis) or delivered before. Refused (a Refusal): CASE_NOT_FOUND, the
 * rights, or the statute engine (s. 19: no confirmed payment or deposit and no order).
 */
export type ReleaseOutcome =
  | {
      status: 'released';
      releaseId: number;
      caseId: number;
      caseNumber: string;
      basis: 'S13_PAYMENT' | 'S15_DEPOSIT' | 'S19_ORDER';
      headCount: number;
      receiptNumber: string | null;
      orderReference: string | null;
      ownerNotified: boolean;
    }
  | { status: 'already'; caseNumber: string; releaseId: number; basis: string; releasedAt: Date };

/** Longest order reference kept (a court's case number, e.g. "CMA 123/2026, Civil Judge Amer"). */
export const MAX_ORDER_REFERENCE = 120;

/**
 * Delivers the impounded cattle to the owner. Allowed only when the statute engine says so: on a confirmed
 * s. 13 payment, a confirmed s. 15 deposit, or an order of a Magistrate or Civil Court (s. 19, the order and
 * its reference are recorded); anything else is refused citing s. 19. The owner's receipt for the money is
 * issued if it was not already; the owner is sent a message with an acknowledgement button (the receipt in
 * the register, s. 13). One release per case: asking again returns the first.
 */
export async function releaseCattle(
  db: Db,
  input: {
    caseNumber: string;
    actor: StaffActor;
    now: Date;
    order?: ReleaseOrderInput | null;
    /** The configured statutory periods (the s. 20 window told to a s. 15 depositor); the Act's when absent. */
    windows?: Partial<StatutoryWindows>;
  },
): Promise<ReleaseOutcome> {
  const { now, order } = input;
  const parsed = parseCaseNumber(input.caseNumber);
  const c = parsed
    ? await db.case.findUnique({ where: { numberKey: caseNumberKey(parsed) }, include: { pound: true } })
    : null;
  if (!c) throw new Refusal('CASE_NOT_FOUND', null, { number: input.caseNumber });
  const right = order ? 'release.order' : 'release';
  // An early answer on the bot's grants; the release itself is decided on the grants inside its transaction.
  authorize(input.actor, right, c.poundId);
  // The release of the case itself (an owner's part release, `claimId`, delivered only his heads).
  const prior = await db.release.findFirst({ where: { caseId: c.id, claimId: null }, orderBy: { id: 'asc' } });
  if (prior)
    return {
      status: 'already',
      caseNumber: c.number,
      releaseId: prior.id,
      basis: prior.basis,
      releasedAt: prior.releasedAt,
    };
  const reference = order?.reference.replace(/\s+/g, ' ').trim().slice(0, MAX_ORDER_REFERENCE) ?? '';

  const result = await caseTransaction(db, async (tx) => {
    // The grants as they stand now: a keeper revoked a moment ago releases nothing.
    const who = await authorizeInTx(tx, input.actor, right, c.poundId);
    const grant = who.grant;
    const stored = await loadCase(tx, c.id);
    const state = caseStateOf(stored);
    // The keeper hands over the cattle against the owner's signature in the paper register (s. 13); the
    // owner's tap on the acknowledgement button records the same receipt electronically.
    const check = order
      ? checkTransition(state, 'ORDER_RELEASE', who.lawRole, now, { order: { by: order.authority, ref: reference } })
      : checkTransition(state, 'RELEASE', who.lawRole, now, { receiptSigned: true });
    if (!check.ok) throw refusalOf(check.error);
    const basis: 'S13_PAYMENT' | 'S15_DEPOSIT' | 'S19_ORDER' = order
      ? 'S19_ORDER'
      : state.status === 'PAYMENT_PENDING'
        ? 'S13_PAYMENT'
        : 'S15_DEPOSIT';
    let orderId: number | null = null;
    if (order) {
      const orderedOn = order.orderedOn ?? toIstDate(now);
      const row = await tx.courtOrder.upsert({
        where: { caseId_kind_reference: { caseId: c.id, kind: 'RELEASE', reference } },
        create: {
          caseId: c.id,
          kind: 'RELEASE',
          authority: order.authority,
          reference,
          orderedOn: new Date(`${orderedOn}T00:00:00Z`),
          recordedAt: now,
          recordedByStaffId: grant.staffId,
        },
        update: {},
      });
      orderId = row.id;
    }
    const heads = await tx.head.findMany({ where: { caseId: c.id, status: 'IMPOUNDED' } });
    const release = await tx.release.create({
      data: {
        caseId: c.id,
        basis,
        headCount: heads.length,
        releasedAt: now,
        releasedByStaffId: grant.staffId,
        viaMessageId: input.actor.messageId,
        orderId,
      },
    });
    await tx.head.updateMany({ where: { caseId: c.id, status: 'IMPOUNDED' }, data: { status: 'RELEASED' } });
    await transition(tx, stored, check.value);

    const payment = await tx.payment.findFirst({
      where: { caseId: c.id, status: 'CONFIRMED', part: false },
      orderBy: { id: 'desc' },
    });
    let receiptNumber: string | null = null;
    let receiptId: number | null = null;
    if (payment) {
      const kind = payment.kind === 'S13_PAYMENT' ? 'S13_PAYMENT' : 'S15_DEPOSIT';
      const receipt = await issueReceipt(tx, {
        caseId: c.id,
        pound: c.pound,
        kind,
        amountPaise: paiseOf(payment.amountPaise),
        items: receiptItemsFromSnapshot(
          payment.duesSnapshot,
          paiseOf(payment.amountPaise),
          kind,
          payment.confirmedAt ?? now,
        ),
        paymentId: payment.id,
        issuedToTelegramId: payment.payerTelegramId,
        now,
      });
      receiptNumber = receipt.number;
      receiptId = receipt.id;
    }
    const claim = await tx.claim.findFirst({ where: { caseId: c.id }, orderBy: { id: 'desc' } });
    const ownerChat = payment?.payerTelegramId ?? c.ownerTelegramId ?? claim?.telegramUserId ?? null;
    if (ownerChat != null) {
      await queueMessage(
        tx,
        {
          chatId: String(ownerChat),
          key:
            basis === 'S13_PAYMENT'
              ? 'staff:owner.released_s13'
              : basis === 'S15_DEPOSIT'
                ? 'staff:owner.released_s15'
                : 'staff:owner.released_s19',
          params: {
            caseNumber: c.number,
            count: heads.length,
            at: now.toISOString(),
            // s. 15: the last day to complain (s. 20), from the engine's window that gated the deposit.
            ...(basis === 'S15_DEPOSIT' ? { lastDay: s20LastDay(c, input.windows ?? {}) } : {}),
            receiptNumber: receiptNumber ?? '',
            orderReference: reference,
            pound: c.pound.name,
            poundHi: c.pound.nameHi,
          },
          buttons: [
            [
              {
                key: 'staff:owner.ack_button',
                params: { count: heads.length },
                action: { kind: 'acknowledge_release', releaseId: release.id },
              },
            ],
          ],
          priority: 'personal',
        },
        `release:${release.id}:owner`,
        now,
      );
    }
    // SMS to owners' mobiles: the receipt's code and its verification link; on an order, the order.
    if (receiptId !== null) await queueOwnerSms(tx, c.id, 'released', now, receiptId);
    else if (basis === 'S19_ORDER') await queueOwnerSms(tx, c.id, 'released_order', now, release.id);
    await planDeadlines(tx, c.id, now);
    await audit(tx, who.audit, 'case.release', c.id, {
      releaseId: release.id,
      basis,
      headCount: heads.length,
      receiptNumber,
      order: order ? { authority: order.authority, reference } : null,
    });
    return {
      kind: 'released' as const,
      release,
      basis,
      headCount: heads.length,
      receiptNumber,
      ownerNotified: ownerChat != null,
    };
  });
  return {
    status: 'released',
    releaseId: result.release.id,
    caseId: c.id,
    caseNumber: c.number,
    basis: result.basis,
    headCount: result.headCount,
    receiptNumber: result.receiptNumber,
    orderReference: order ? reference : null,
    ownerNotified: result.ownerNotified,
  };
}
