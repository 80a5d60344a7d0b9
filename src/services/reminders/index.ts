import type { DeadlineStep } from '../deadlines';
import { auctionDayBeforeMessages, auctionMorningMessages } from './auction';
import { complaintEarlyMessages, complaintLastDayMessages } from './complaint-window';
import type { ReminderBuilder, ReminderContext } from './context';
import { noticeOverdueMessages } from './notice-overdue';
import { paymentNudgeMessages } from './payment-nudge';
import { s14ReportStep, type StepResult } from '../notice';
import { surplusLapsedMessages, surplusOwnerMessages } from './surplus';

export type { ReminderBuilder, ReminderContext } from './context';
export { ownerChats, staffChats } from './recipients';
export { broadcastMessages, BROADCAST_KINDS, type BroadcastKind } from './broadcast';

/** The message builder of each deadline step. */
export const REMINDERS: Record<DeadlineStep, ReminderBuilder> = {
  's14-report': async (ctx, caseId, now) => (await s14ReportStep(ctx, caseId, now)).messages,
  'notice-overdue': noticeOverdueMessages,
  'auction-day-before': auctionDayBeforeMessages,
  'auction-morning': auctionMorningMessages,
  's20-complaint-early': complaintEarlyMessages,
  's20-complaint-last-day': complaintLastDayMessages,
  's17-surplus-owner': surplusOwnerMessages,
  's17-surplus-lapsed': surplusLapsedMessages,
  'payment-nudge': paymentNudgeMessages,
};

/**
 * Runs one deadline step's logic: its messages and what the run is to be recorded as. A statutory step
 * (the s. 14 report) is 'pending' when its person cannot be reached (src/services/notice/report.ts); a
 * reminder is 'sent' when it has anyone to tell, else the case has moved on.
 */
export async function runDeadlineStep(
  step: DeadlineStep,
  ctx: ReminderContext,
  caseId: number,
  now: Date,
  ref?: number,
): Promise<StepResult> {
  if (step === 's14-report') return s14ReportStep(ctx, caseId, now);
  const messages = await REMINDERS[step](ctx, caseId, now, ref);
  return { outcome: messages.length > 0 ? 'sent' : 'moved_on', messages };
}
