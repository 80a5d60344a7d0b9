import { authorize, may, type Authorized, type StaffRight } from '../../src/services/staff-actor';
import type { BotContext } from '../context';

/**
 * Checks the sender's right (at a case's pound, if given) with the one rights table (src/services/staff-actor.ts)
 * and answers a refusal in the user's language: an owner (or a role without the right) gets
 * `common:error.not_allowed`, staff of another pound `common:error.wrong_pound`. Returns what the sender acts as,
 * or undefined after replying. The services check again (`authorize`) inside their transaction.
 */
export async function requireStaff(
  ctx: BotContext,
  right: StaffRight,
  scope?: { poundId: number; caseNumber: string },
): Promise<Authorized | undefined> {
  if (!may(ctx.actor, right)) {
    await ctx.reply(ctx.t('common:error.not_allowed'));
    return undefined;
  }
  if (scope && !may(ctx.actor, right, scope.poundId)) {
    await ctx.reply(ctx.t('common:error.wrong_pound', { number: scope.caseNumber }));
    return undefined;
  }
  return authorize(ctx.actor, right, scope?.poundId);
}
