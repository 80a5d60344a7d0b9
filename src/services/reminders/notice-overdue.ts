import type { OutgoingMessage } from '../outbox';
import type { ReminderBuilder } from './context';
import { staffChats } from './recipients';

/**
 * s. 14: the case was reported but no notice has been recorded within NOTICE_GRACE_HOURS. The officers
 * of the pound and the District Magistrate's office are told. Nothing once the notice is posted or the
 * case has moved on (claimed, released).
 */
export const noticeOverdueMessages: ReminderBuilder = async (ctx, caseId) => {
  const c = await ctx.db.case.findUnique({ where: { id: caseId }, include: { pound: true } });
  if (!c || c.status !== 'REPORTED_S14' || c.noticePostedAt || !c.reportedAt) return [];
  const params = {
    number: c.number,
    reportedAt: c.reportedAt.toISOString(),
    hours: ctx.config.NOTICE_GRACE_HOURS,
    pound: c.pound.name,
    'pound@hi': c.pound.nameHi,
  };
  const officers = await staffChats(ctx.db, c.poundId, ['OFFICER']);
  const office = (await staffChats(ctx.db, c.poundId, ['MAGISTRATE'])).filter((m) => !officers.includes(m));
  const out: OutgoingMessage[] = [];
  for (const chatId of officers) out.push({ chatId, key: 'jobs:notice_overdue.to_officer', params, priority: 'official' });
  for (const chatId of office) out.push({ chatId, key: 'jobs:notice_overdue.to_magistrate', params, priority: 'official' });
  return out;
};
