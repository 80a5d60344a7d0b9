import { Prisma } from '../../db';
import type { Tx } from '../outbox';
import { Refusal } from '../refusal';
import type { StaffRoleCode } from './actor';

/**
 * The grants that administer pounds — the District Magistrate's office (its pounds) and administrators (every
 * pound) — and the rule that a revocation never leaves a pound without one: whoever else is dismissed, someone can
 * still enrol and revoke its staff without the server's shell.
 */

/** An active grant able to administer staff: its role and pounds (an administrator's pounds do not matter). */
export interface AdministeringGrant {
  id: number;
  role: 'MAGISTRATE' | 'ADMIN';
  poundIds: number[];
}

/**
 * Every active MAGISTRATE and ADMIN grant, locked FOR UPDATE until the transaction ends, in id order. Every
 * revocation takes these locks first, so two of them run one after the other and the second decides on what the
 * first left: two Magistrate's offices revoking each other at once end with one of them, never with none.
 */
export async function lockAdministeringGrants(tx: Tx): Promise<AdministeringGrant[]> {
  const rows = await tx.$queryRaw<Array<{ id: number; role: AdministeringGrant['role']; poundId: number | null }>>(
    Prisma.sql`SELECT s."id", s."role"::text AS "role", p."poundId"
      FROM "StaffMember" s LEFT JOIN "StaffPound" p ON p."staffId" = s."id"
      WHERE s."revokedAt" IS NULL AND s."role"::text IN ('MAGISTRATE', 'ADMIN')
      ORDER BY s."id", p."poundId"
      FOR UPDATE OF s`,
  );
  const grants: AdministeringGrant[] = [];
  for (const r of rows) {
    let g = grants.at(-1);
    if (g?.id !== r.id) grants.push((g = { id: r.id, role: r.role, poundIds: [] }));
    if (r.poundId !== null) g.poundIds.push(r.poundId);
  }
  return grants;
}

/**
 * Refuses ending `ending` when that would remove the last administrator (STAFF_LAST_ADMIN), or — with no
 * administrator left — the last Magistrate's office grant of a pound (STAFF_LAST_MAGISTRATE, `pounds`: their codes).
 * `held` is what `lockAdministeringGrants` read in the same transaction.
 */
export async function mustKeepAdministrators(
  tx: Tx,
  held: readonly AdministeringGrant[],
  ending: ReadonlyArray<{ id: number; role: StaffRoleCode; poundIds: readonly number[] }>,
): Promise<void> {
  const endingIds = new Set(ending.map((e) => e.id));
  const left = held.filter((g) => !endingIds.has(g.id));
  const adminLeft = left.some((g) => g.role === 'ADMIN');
  if (ending.some((e) => e.role === 'ADMIN') && !adminLeft) throw new Refusal('STAFF_LAST_ADMIN');
  if (adminLeft) return;
  const orphaned = [...new Set(ending.filter((e) => e.role === 'MAGISTRATE').flatMap((e) => e.poundIds))].filter(
    (p) => !left.some((g) => g.role === 'MAGISTRATE' && g.poundIds.includes(p)),
  );
  if (!orphaned.length) return;
  const pounds = await tx.pound.findMany({ where: { id: { in: orphaned } }, select: { code: true } });
  throw new Refusal('STAFF_LAST_MAGISTRATE', null, {
    pounds: pounds
      .map((p) => p.code)
      .sort()
      .join(', '),
  });
}
