import type { Db } from '../db';
import type { Actor } from './audit';

/** A staff role as stored (StaffRole enum). */
export type StaffRoleCode = 'POUND_KEEPER' | 'OFFICER' | 'MAGISTRATE' | 'ADMIN';

/** An active grant: a role bound to a Telegram user id, for some pounds. */
export interface Grant {
  staffId: number;
  role: StaffRoleCode;
  name: string;
  poundIds: number[];
}

/** The Telegram message a staff action came through (audit: who, when, via which message). */
export interface Via {
  telegramId: bigint;
  chatId: bigint | number | null;
  messageId: number | null;
}

/** Why a staff action was refused before any law was applied. */
export type ScopeRefusal = 'NOT_STAFF' | 'WRONG_POUND';

/** The sender holds none of the roles (an owner running a staff command), or not for this pound. */
export class StaffScopeError extends Error {
  constructor(
    readonly refusal: ScopeRefusal,
    readonly poundId?: number,
  ) {
    super(`staff scope refused: ${refusal}${poundId === undefined ? '' : ` (pound ${poundId})`}`);
    this.name = 'StaffScopeError';
  }
}

/** Active (not revoked) grants of a Telegram user. */
export async function loadGrants(db: Db, telegramId: bigint): Promise<Grant[]> {
  const rows = await db.staffMember.findMany({ where: { telegramUserId: telegramId, revokedAt: null }, include: { pounds: true }, orderBy: { id: 'asc' } });
  return rows.map((s) => ({ staffId: s.id, role: s.role, name: s.name, poundIds: s.pounds.map((p) => p.poundId) }));
}

/**
 * The grant to act under for `roles` at `poundId` (any pound when omitted). Admins pass every check.
 * Throws StaffScopeError: NOT_STAFF when no grant has the role at all, WRONG_POUND when none covers the pound.
 */
export function requireGrant(grants: readonly Grant[], roles: readonly StaffRoleCode[], poundId?: number): Grant {
  const withRole = grants.filter((g) => g.role === 'ADMIN' || roles.includes(g.role));
  if (withRole.length === 0) throw new StaffScopeError('NOT_STAFF', poundId);
  if (poundId === undefined) return withRole.find((g) => g.role !== 'ADMIN') ?? withRole[0]!;
  // A person who is both a keeper and an admin acts as the keeper: the statute engine knows no 'admin' role.
  const grant = withRole.find((g) => g.role !== 'ADMIN' && g.poundIds.includes(poundId)) ?? withRole.find((g) => g.role === 'ADMIN');
  if (!grant) throw new StaffScopeError('WRONG_POUND', poundId);
  return grant;
}

/** Pound ids a set of grants may act on for `roles`; 'all' for an admin. */
export function poundsInScope(grants: readonly Grant[], roles: readonly StaffRoleCode[]): number[] | 'all' {
  const withRole = grants.filter((g) => g.role === 'ADMIN' || roles.includes(g.role));
  if (withRole.some((g) => g.role === 'ADMIN')) return 'all';
  return [...new Set(withRole.flatMap((g) => g.poundIds))].sort((a, b) => a - b);
}

const AUDIT_ROLE = { POUND_KEEPER: 'pound_keeper', OFFICER: 'officer', MAGISTRATE: 'magistrate', ADMIN: 'admin' } as const;

/** The statute engine's role name for a staff role. */
export function lawRole(role: StaffRoleCode): (typeof AUDIT_ROLE)[StaffRoleCode] {
  return AUDIT_ROLE[role];
}

/** The audit actor for a staff action made under `grant` through message `via`. */
export function staffActor(grant: Grant, via: Via): Actor {
  return { telegramId: via.telegramId, staffId: grant.staffId, role: AUDIT_ROLE[grant.role], chatId: via.chatId, messageId: via.messageId };
}
