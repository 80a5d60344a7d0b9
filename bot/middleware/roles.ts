import { actorInTx, authorize, may, type Authorized, type StaffRight } from '../../src/services/staff';
import type { BotContext } from '../context';

/**
 * Checks the sender's right (at a case's pound, if given) with the one rights table (src/services/staff/actor.ts)
 * and answers a refusal in the user's language: an owner (or a role without the right) gets
 * `common:error.not_allowed`, staff of another pound `common:error.wrong_pound`. Returns what the sender acts as,
 * or undefined after replying — on the grants the update path cached, so only for choosing what to show; every act
 * is decided again by its service on the grants read inside its transaction (`authorizeInTx`).
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

/**
 * `requireStaff` on the sender's grants read from the database now (one small SELECT), not on the copy the update
 * path caches: for an action that writes or hands out a document outside a service transaction (a register
 * export), so a revoked official gets nothing from the moment the revocation commits.
 */
export async function requireStaffNow(
  ctx: BotContext,
  right: StaffRight,
  scope?: { poundId: number; caseNumber: string },
): Promise<Authorized | undefined> {
  ctx.actor = await actorInTx(ctx.deps.db, ctx.actor);
  return requireStaff(ctx, right, scope);
}
