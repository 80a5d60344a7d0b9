import type { DbReader } from '../dues';

type StaffRole = 'POUND_KEEPER' | 'OFFICER' | 'MAGISTRATE';

/** Chat ids of the active staff holding one of `roles` for the pound (enrolled, not revoked), each once. */
export async function staffChats(db: DbReader, poundId: number, roles: readonly StaffRole[]): Promise<string[]> {
  const rows = await db.staffMember.findMany({
    where: { role: { in: [...roles] }, revokedAt: null, pounds: { some: { poundId } } },
    select: { telegramUserId: true },
    orderBy: { id: 'asc' },
  });
  return [...new Set(rows.map((r) => String(r.telegramUserId)))];
}

/**
 * Chat ids of the owner as far as the bot knows them: the Telegram account recorded as owner on the
 * register entry, and whoever appeared for the owner (claims under ss. 13, 15, 16), each once.
 */
export async function ownerChats(db: DbReader, caseId: number): Promise<string[]> {
  const c = await db.case.findUnique({
    where: { id: caseId },
    select: { ownerTelegramId: true, claims: { select: { telegramUserId: true }, orderBy: { id: 'asc' } } },
  });
  if (!c) return [];
  const ids = [...(c.ownerTelegramId != null ? [c.ownerTelegramId] : []), ...c.claims.map((x) => x.telegramUserId)];
  return [...new Set(ids.map(String))];
}

/**
 * Chat ids of whoever follows the case (🔔 on the card), each once: an owner the register does not name often follows
 * his case instead of claiming it, and must hear of the sale as the recorded owner does.
 */
export async function followerChats(db: DbReader, caseId: number): Promise<string[]> {
  const rows = await db.subscription.findMany({
    where: { kind: 'CASE', caseId, cancelledAt: null },
    select: { telegramUserId: true },
    orderBy: { id: 'asc' },
  });
  return [...new Set(rows.map((r) => String(r.telegramUserId)))];
}
