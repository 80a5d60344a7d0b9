import type { BotContext, StaffGrant } from '../context';

import type { StaffRoleCode } from '../../src/services/staff-scope';
export type { StaffRoleCode };

/**
 * The sender's grant for one of `roles` covering `poundId` (or any pound when poundId is omitted);
 * undefined when they have none. Admins pass every check.
 */
export function grantFor(ctx: BotContext, roles: readonly StaffRoleCode[], poundId?: number): StaffGrant | undefined {
  return ctx.staff.find((g) => (g.role === 'ADMIN' || roles.includes(g.role)) && (poundId === undefined || g.role === 'ADMIN' || g.poundIds.includes(poundId)));
}

/** True when the sender holds any of `roles` at all (for showing staff commands). */
export function hasRole(ctx: BotContext, roles: readonly StaffRoleCode[]): boolean {
  return grantFor(ctx, roles) !== undefined;
}

/**
 * Checks role (and pound, if given) and answers the refusal in the user's language when it fails:
 * an owner gets `common:error.not_allowed`, staff of another pound `common:error.wrong_pound`.
 * Returns the grant to act under, or undefined after replying.
 */
export async function requireStaff(ctx: BotContext, roles: readonly StaffRoleCode[], scope?: { poundId: number; caseNumber: string }): Promise<StaffGrant | undefined> {
  if (!hasRole(ctx, roles)) {
    await ctx.reply(ctx.t('common:error.not_allowed'));
    return undefined;
  }
  if (!scope) return grantFor(ctx, roles);
  const grant = grantFor(ctx, roles, scope.poundId);
  if (!grant) await ctx.reply(ctx.t('common:error.wrong_pound', { number: scope.caseNumber }));
  return grant;
}
