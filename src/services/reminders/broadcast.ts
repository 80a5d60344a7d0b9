import { auctionParams, poundParams, type Translator } from '../../i18n';
import { isS16Path } from '../../law';
import { auctionEligibleOf, loadNoticeFacts, cattleSummary } from '../notice';
import { windowsFromConfig } from '../dues';
import { caseTimeline } from '../next-deadline';
import type { OutgoingMessage } from '../outbox';
import { subscribersForCase } from '../subscriptions';
import type { ReminderContext } from './context';

/** Broadcast kinds the staff flows write to the outbox. */
export const BROADCAST_KINDS = ['new_case', 'notice', 'auction'] as const;
/** One of the broadcast kinds. */
export type BroadcastKind = (typeof BROADCAST_KINDS)[number];

/** One broadcast: the same message (without chatId) to every recipient. */
export interface Broadcast {
  message: Omit<OutgoingMessage, 'chatId'>;
  recipients: string[];
}

function summaryParams(translator: Translator, groups: Parameters<typeof cattleSummary>[2]) {
  return { cattle: cattleSummary(translator, 'en', groups), 'cattle@hi': cattleSummary(translator, 'hi', groups) };
}

/**
 * The alert for a new impounding (village subscribers whose filter matches the cattle, Hindi words too),
 * a posted s. 14 notice or a scheduled auction (village subscribers and the case's followers), built from
 * the case as it is at `now`; null when the case has moved on (claimed, released, auction cancelled) or the
 * kind is unknown. Recipients come from subscribersForCase (each user once).
 */
export async function broadcastMessages(
  ctx: ReminderContext,
  kind: string,
  caseId: number,
  now: Date,
): Promise<Broadcast | null> {
  const c = await ctx.db.case.findUnique({ where: { id: caseId }, include: { pound: true, auction: true } });
  const facts = await loadNoticeFacts(ctx.db, caseId);
  if (!c || !facts) return null;
  const base = {
    number: c.number,
    place: c.placeOfSeizure,
    ...poundParams(c.pound),
    count: facts.headCount,
    ...summaryParams(ctx.translator, facts.groups),
  };
  let message: Omit<OutgoingMessage, 'chatId'>;
  switch (kind) {
    case 'new_case': {
      if (!['IMPOUNDED', 'PAYMENT_PENDING', 'DEPOSIT_PENDING'].includes(c.status)) return null;
      const tl = caseTimeline(c, windowsFromConfig(ctx.config));
      if (!tl.ok) return null;
      // A back-dated entry whose seven days have run: no "claim by" a past day — claimable until sold (s. 14).
      const due = tl.value.s14ReportDue;
      const key =
        now.getTime() < due.dueAt.getTime() ? 'jobs:broadcast.new_case' : 'jobs:broadcast.new_case_period_over';
      message = {
        key,
        params: { ...base, impoundedAt: c.impoundedAt.toISOString(), claimBy: due.date },
        priority: 'bulk',
      };
      break;
    }
    case 'notice': {
      const eligible = auctionEligibleOf(c);
      if (!eligible || !['NOTICE_POSTED', 'AUCTION_SCHEDULED'].includes(c.status)) return null;
      message = {
        key: 'jobs:broadcast.notice',
        params: { ...base, auctionFrom: eligible.actionableFrom },
        priority: 'bulk',
      };
      break;
    }
    case 'auction': {
      if (c.status !== 'AUCTION_SCHEDULED' || !c.auction || c.auction.status !== 'SCHEDULED') return null;
      message = {
        key: isS16Path(c) ? 'jobs:broadcast.auction_s16' : 'jobs:broadcast.auction',
        params: {
          ...base,
          at: c.auction.scheduledFor.toISOString(),
          // Place and conditions in each reader's language (the officer's button words are recognised in either).
          ...auctionParams(c.auction, c.pound, (l, k) => ctx.translator.t(l, k)),
        },
        priority: 'bulk',
      };
      break;
    }
    default:
      return null;
  }
  const recipients = (await subscribersForCase(ctx.db, caseId)).map(String);
  return { message, recipients };
}
