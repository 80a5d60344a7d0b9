import { poundParams } from '../../i18n';
import type { OutgoingMessage } from '../outbox';
import type { ReminderBuilder } from './context';
import { staffChats } from './recipients';

/**
 * s. 14: the case was reported but the notice is not complete within NOTICE_GRACE_HOURS. The officers
 * of the pound and the District Magistrate's office are told — that no notice was posted, or, when it was
 * posted, which drum proclamation (village, market) is still to be recorded: the notice counts only
 * when both are done. Nothing once it is complete or the case has moved on (claimed, released).
 */
export const noticeOverdueMessages: ReminderBuilder = async (ctx, caseId) => {
  const c = await ctx.db.case.findUnique({ where: { id: caseId }, include: { pound: true, notice: true } });
  if (c?.status !== 'REPORTED_S14' || c.noticePostedAt || !c.reportedAt) return [];
  const params = {
    number: c.number,
    reportedAt: c.reportedAt.toISOString(),
    count: ctx.config.NOTICE_GRACE_HOURS,
    ...poundParams(c.pound),
  };
  const officers = await staffChats(ctx.db, c.poundId, ['OFFICER']);
  const office = (await staffChats(ctx.db, c.poundId, ['MAGISTRATE'])).filter((m) => !officers.includes(m));
  const out: OutgoingMessage[] = [];
  if (c.notice) {
    const missing =
      !c.notice.proclaimedVillageAt && !c.notice.proclaimedMarketAt
        ? 'both'
        : !c.notice.proclaimedVillageAt
          ? 'village'
          : 'market';
    const pending = { ...params, postedAt: c.notice.postedAt.toISOString() };
    for (const chatId of [...officers, ...office])
      out.push({
        chatId,
        key: `jobs:notice_overdue.proclamation_pending.${missing}`,
        params: pending,
        priority: 'official',
        deskEntry: caseId,
      });
    return out;
  }
  for (const chatId of officers)
    out.push({ chatId, key: 'jobs:notice_overdue.to_officer', params, priority: 'official', deskEntry: caseId });
  for (const chatId of office)
    out.push({ chatId, key: 'jobs:notice_overdue.to_magistrate', params, priority: 'official', deskEntry: caseId });
  return out;
};
