import type { DeadlineStep } from '../deadlines';
import { auctionDayBeforeMessages, auctionMorningMessages } from './auction';
import { complaintEarlyMessages, complaintLastDayMessages } from './complaint-window';
import type { ReminderBuilder } from './context';
import { noticeOverdueMessages } from './notice-overdue';
import { paymentNudgeMessages } from './payment-nudge';
import { s14ReportMessages } from './s14-report';
import { surplusLapsedMessages, surplusOwnerMessages } from './surplus';

export type { ReminderBuilder, ReminderContext } from './context';
export { broadcastMessages, BROADCAST_KINDS, type BroadcastKind } from './broadcast';

/** The message builder of each deadline step. */
export const REMINDERS: Record<DeadlineStep, ReminderBuilder> = {
  's14-report': s14ReportMessages,
  'notice-overdue': noticeOverdueMessages,
  'auction-day-before': auctionDayBeforeMessages,
  'auction-morning': auctionMorningMessages,
  's20-complaint-early': complaintEarlyMessages,
  's20-complaint-last-day': complaintLastDayMessages,
  's17-surplus-owner': surplusOwnerMessages,
  's17-surplus-lapsed': surplusLapsedMessages,
  'payment-nudge': paymentNudgeMessages,
};
