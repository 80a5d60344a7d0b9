import { auctionPlaceIn } from '../../i18n';
import { toIstDate, type CaseAction } from '../../law';
import type { Db } from '../../db';
import { audit } from '../audit';
import { caseStateOf, isDatabaseConflict, loadCase, mustAllow, transition } from '../case-transition';
import { planDeadlines } from '../deadlines';
import { queueMessage } from '../outbox';
import { loadPayment } from './confirm';
import { Refusal } from '../refusal';
import { authorize, authorizeInTx, type StaffActor } from '../staff';

/**
 * What the keeper's rejection led to: rejected, or rejected or cancelled before (`current`). Refused (a Refusal):
 * PAYMENT_NOT_FOUND, REJECT_AFTER_CONFIRM (the payment is confirmed: the money was received).
 */
export type RejectOutcome =
  | { status: 'rejected'; paymentId: number; caseNumber: string; reason: string }
  | { status: 'already'; paymentId: number; caseNumber: string; current: 'REJECTED' | 'CANCELLED' };

const REJECT_ACTION = {
  S13_PAYMENT: 'PAYMENT_NOT_RECEIVED',
  S15_DEPOSIT: 'DEPOSIT_NOT_RECEIVED',
} as const satisfies Record<string, CaseAction>;
/**
 * A keeper says the money did not come ("no <reason>"). The payment becomes REJECTED with the reason and
 * the case returns to where it was before the claim (the statute engine decides); the owner is told why.
 */
export async function rejectPayment(
  db: Db,
  input: { paymentId: number; actor: StaffActor; reason: string; now: Date },
): Promise<RejectOutcome> {
  const { paymentId, now } = input;
  const reason = input.reason.trim().slice(0, 500);
  const p = await loadPayment(db, paymentId);
  if (!p) throw new Refusal('PAYMENT_NOT_FOUND');
  authorize(input.actor, 'payment.confirm', p.case.poundId);
  const caseNumber = p.case.number;
  if (p.status === 'CONFIRMED') throw new Refusal('REJECT_AFTER_CONFIRM', null, { caseNumber });
  if (p.status !== 'PENDING') return { status: 'already', paymentId, caseNumber, current: p.status };
  try {
    const done = await db.$transaction(async (tx) => {
      const who = await authorizeInTx(tx, input.actor, 'payment.confirm', p.case.poundId);
      // A part payment (one owner's heads) never moved the case: rejecting it leaves the case as it is.
      const c = p.part ? null : await loadCase(tx, p.caseId);
      const judged = c && { c, allowed: mustAllow(caseStateOf(c), REJECT_ACTION[p.kind], 'pound_keeper', now) };
      const claimed = await tx.payment.updateMany({
        where: { id: paymentId, status: 'PENDING' },
        data: { status: 'REJECTED', rejectedReason: reason },
      });
      if (claimed.count !== 1) return false;
      if (judged) await transition(tx, judged.c, judged.allowed);
      // The advice follows the way he paid: the UPI app and the UTR, or the pound-keeper for cash. One animal
      // (the heads the payment was for) reads singular.
      const kind = p.kind === 'S13_PAYMENT' ? 'payment' : 'deposit';
      const count = p.claimId ? await tx.claimHead.count({ where: { claimId: p.claimId } }) : 0;
      const heads: Record<string, number> = count > 0 ? { count } : {};
      await queueMessage(
        tx,
        {
          chatId: String(p.payerTelegramId),
          key: `staff:owner.${kind}_rejected_${p.method}`,
          params: { caseNumber, amount: p.amountPaise, reason, ...heads },
          priority: 'personal',
        },
        `payment:${paymentId}:rejected`,
        now,
      );
      // On the day of the auction (s. 14) the time left is what matters: the owner is told when it is.
      const auction = await tx.auction.findFirst({
        where: { caseId: p.caseId, status: 'SCHEDULED', scheduledFor: { gt: now } },
        orderBy: { scheduledFor: 'asc' },
      });
      if (auction && toIstDate(auction.scheduledFor) === toIstDate(now))
        await queueMessage(
          tx,
          {
            chatId: String(p.payerTelegramId),
            key: `staff:owner.rejected_auction_today_${p.method}`,
            params: {
              caseNumber,
              ...heads,
              at: auction.scheduledFor.toISOString(),
              place: auctionPlaceIn('en', auction.place, p.case.pound),
              'place@hi': auctionPlaceIn('hi', auction.place, p.case.pound),
            },
            priority: 'personal',
          },
          `payment:${paymentId}:rejected:auction`,
          now,
        );
      await planDeadlines(tx, p.caseId, now);
      await audit(tx, who.audit, p.kind === 'S13_PAYMENT' ? 'payment.reject' : 'deposit.reject', p.caseId, {
        paymentId,
        reason,
      });
      return true;
    });
    if (!done) {
      const now2 = await loadPayment(db, paymentId);
      if (now2?.status === 'CONFIRMED') throw new Refusal('REJECT_AFTER_CONFIRM', null, { caseNumber });
      return {
        status: 'already',
        paymentId,
        caseNumber,
        current: (now2?.status ?? 'REJECTED') as 'REJECTED' | 'CANCELLED',
      };
    }
    return { status: 'rejected', paymentId, caseNumber, reason };
  } catch (e) {
    if (isDatabaseConflict(e)) throw new Refusal('CONFLICT');
    throw e;
  }
}
