import { StaffScopeError } from '../../src/services/staff-scope';
import type { BotContext } from '../context';

/** Answers a StaffScopeError from a service (role or pound no longer held) in the user's language. */
export async function replyScopeError(ctx: BotContext, e: unknown, caseNumber: string): Promise<boolean> {
  if (!(e instanceof StaffScopeError)) return false;
  await ctx.reply(e.refusal === 'NOT_STAFF' ? ctx.t('common:error.not_allowed') : ctx.t('common:error.wrong_pound', { number: caseNumber }));
  return true;
}
