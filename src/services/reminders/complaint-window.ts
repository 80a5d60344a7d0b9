import { poundParams } from '../../i18n';
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
      include: {
        pound: true,
        complaints: { select: { telegramUserId: true } },
        payments: { where: { kind: 'S15_DEPOSIT', status: 'CONFIRMED' }, orderBy: { id: 'asc' } },
        claims: { where: { kind: 'S15_PROTEST' } },
      },
    });
    if (!c) return [];
    const whole = c.payments.find((p) => !p.part);
    const parts = c.payments.filter((p) => p.part);
    if (c.status !== 'DEPOSITED_S15' && parts.length === 0) return [];
    const tl = caseTimeline(c, windowsFromConfig(ctx.config));
    if (!tl.ok) return [];
    const w = tl.value.s20ComplaintWindowEnd;
    if (now.getTime() >= w.dueAt.getTime()) return [];
    const params = {
      number: c.number,
      lastDay: w.date,
      count: ctx.config.S20_COMPLAINT_WINDOW_DAYS,
      ...poundParams(c.pound),
    };
    const out: OutgoingMessage[] = [];
    const tell = (chatId: string, amountPaise: number) => {
      if (!out.some((m) => m.chatId === chatId))
        out.push({
          chatId,
          key: `jobs:complaint.${which}`,
          params: { ...params, amount: amountPaise },
          priority: 'personal',
        });
    };
    // The whole entry's deposit: its depositor (and whoever made the s. 15 claim), until a complaint is recorded.
    if (c.status === 'DEPOSITED_S15' && c.complaints.length === 0) {
      const amount = paiseOf(whole?.amountPaise ?? null) ?? 0;
      for (const chatId of new Set([
        ...(whole ? [String(whole.payerTelegramId)] : []),
        ...c.claims.map((x) => String(x.telegramUserId)),
      ]))
        tell(chatId, amount);
    }
    // An owner's deposit for his own heads: he is reminded of his own amount until he records his complaint.
    const complained = new Set(c.complaints.map((x) => String(x.telegramUserId)));
    for (const p of parts)
      if (!complained.has(String(p.payerTelegramId))) tell(String(p.payerTelegramId), paiseOf(p.amountPaise));
    return out;
  };
}

/** A few days before the last day of the s. 20 window. */
export const complaintEarlyMessages = complaintReminder('early');
/** On the last day of the s. 20 window. */
export const complaintLastDayMessages = complaintReminder('last_day');
