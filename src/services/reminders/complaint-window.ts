import { windowsFromConfig } from '../dues';
import { caseTimeline } from '../next-deadline';
import type { OutgoingMessage } from '../outbox';
import type { ReminderBuilder } from './context';
import { paiseOf } from '../../db';

/**
 * s. 15: cattle released on a deposit under protest because the owner means to complain under s. 20. The
 * depositor is reminded that the complaint must reach the Magistrate within the window from the seizure
 * (S20_COMPLAINT_WINDOW_DAYS, from src/law's timeline). Nothing once a complaint is recorded or the window is over.
 */
function complaintReminder(which: 'early' | 'last_day'): ReminderBuilder {
  return async (ctx, caseId, now) => {
    const c = await ctx.db.case.findUnique({
      where: { id: caseId },
      include: { pound: true, complaints: { select: { id: true } }, payments: { where: { kind: 'S15_DEPOSIT', status: 'CONFIRMED' } }, claims: { where: { kind: 'S15_PROTEST' } } },
    });
    if (!c || c.status !== 'DEPOSITED_S15' || c.complaints.length > 0) return [];
    const tl = caseTimeline(c, windowsFromConfig(ctx.config));
    if (!tl.ok) return [];
    const w = tl.value.s20ComplaintWindowEnd;
    if (now.getTime() >= w.dueAt.getTime()) return [];
    const depositors = [...new Set([...c.payments.map((p) => String(p.payerTelegramId)), ...c.claims.map((x) => String(x.telegramUserId))])];
    const deposited = paiseOf(c.payments[0]?.amountPaise ?? null);
    const params = {
      number: c.number,
      lastDay: w.date,
      days: ctx.config.S20_COMPLAINT_WINDOW_DAYS,
      amount: deposited ?? 0,
      pound: c.pound.name,
      'pound@hi': c.pound.nameHi,
    };
    const out: OutgoingMessage[] = [];
    for (const chatId of depositors) out.push({ chatId, key: `jobs:complaint.${which}`, params, priority: 'personal' });
    return out;
  };
}

/** A few days before the last day of the s. 20 window. */
export const complaintEarlyMessages = complaintReminder('early');
/** On the last day of the s. 20 window. */
export const complaintLastDayMessages = complaintReminder('last_day');
