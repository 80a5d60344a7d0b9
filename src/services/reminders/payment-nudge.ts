import { poundParams } from '../../i18n';
import type { OutgoingMessage } from '../outbox';
import type { ReminderBuilder } from './context';
import { staffChats } from './recipients';
import { paiseOf } from '../../db';

/**
 * s. 13 / s. 15: an owner declared a payment (or deposit) and no pound-keeper has confirmed or rejected it
 * within PAYMENT_NUDGE_HOURS. The keepers of the pound are reminded; the owner is waiting for the cattle.
 * Nothing once the payment is confirmed, rejected or cancelled.
 */
export const paymentNudgeMessages: ReminderBuilder = async (ctx, caseId, _now, paymentId) => {
  if (paymentId === undefined) return [];
  const p = await ctx.db.payment.findUnique({
    where: { id: paymentId },
    include: { case: { include: { pound: true } } },
  });
  if (!p || p.caseId !== caseId || p.status !== 'PENDING') return [];
  const params = {
    number: p.case.number,
    amount: paiseOf(p.amountPaise),
    declaredAt: p.declaredAt.toISOString(),
    count: ctx.config.PAYMENT_NUDGE_HOURS,
    section: p.kind === 'S15_DEPOSIT' ? '15' : '13',
    ...poundParams(p.case.pound),
  };
  const key = p.kind === 'S15_DEPOSIT' ? 'jobs:payment_nudge.deposit' : 'jobs:payment_nudge.payment';
  return (await staffChats(ctx.db, p.case.poundId, ['POUND_KEEPER'])).map(
    (chatId): OutgoingMessage => ({ chatId, key, params, priority: 'official', deskEntry: caseId }),
  );
};
