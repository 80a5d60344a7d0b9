import type { Db } from '../db';
import { audit } from './audit';
import { Refusal } from './refusal';

/**
 * What an owner's "I have taken my cattle back" tap led to: recorded, or recorded before (when). Refused (a Refusal):
 * RELEASE_NOT_FOUND (the button is out of date), ACK_NOT_YOURS (s. 13: only who paid or claimed acknowledges).
 */
export type AcknowledgeOutcome =
  | { status: 'already'; at: Date }
  | { status: 'recorded'; caseNumber: string; at: Date; heads: number };

/**
 * The owner's receipt of his cattle in the register (s. 13), given with one tap on the message his release sent.
 * Only the person who paid (or whose claim was paid) may give it; after an order's release (s. 19), anyone who
 * claimed the case. It is recorded once — who, when, via which message — with its audit; a second tap is told when.
 */
export async function acknowledgeRelease(
  db: Db,
  input: { releaseId: number; telegramId: bigint; chatId: number | bigint | null; messageId: number | null; now: Date },
): Promise<AcknowledgeOutcome> {
  const { telegramId: me, messageId, now } = input;
  const release = await db.release.findUnique({ where: { id: input.releaseId }, include: { case: true } });
  if (!release) throw new Refusal('RELEASE_NOT_FOUND');
  // The claimant whose payment was confirmed; failing that (e.g. a s. 19 order), anyone who claimed the case.
  // A part release (one owner's heads) is acknowledged by that claim's payer only.
  const paidWhere =
    release.claimId !== null
      ? { claimId: release.claimId, status: 'CONFIRMED' as const }
      : { caseId: release.caseId, status: 'CONFIRMED' as const, part: false };
  const paid = await db.payment.findFirst({ where: paidWhere, include: { claim: true }, orderBy: { id: 'desc' } });
  const allowed = paid
    ? [paid.payerTelegramId, paid.claim?.telegramUserId].filter((x): x is bigint => x != null)
    : [
        ...(await db.claim.findMany({ where: { caseId: release.caseId }, select: { telegramUserId: true } })).map(
          (c) => c.telegramUserId,
        ),
        ...(release.case.ownerTelegramId != null ? [release.case.ownerTelegramId] : []),
      ];
  // The heads released, so that one reads singular to whoever tapped ("who claimed this animal").
  const heads: Record<string, number> = release.headCount > 0 ? { count: release.headCount } : {};
  if (!allowed.includes(me)) throw new Refusal('ACK_NOT_YOURS', 's. 13', { number: release.case.number, ...heads });
  const recorded = await db.$transaction(async (tx) => {
    const r = await tx.release.updateMany({
      where: { id: release.id, acknowledgedAt: null },
      data: { acknowledgedAt: now, acknowledgedByTelegramId: me, acknowledgedViaMessageId: messageId },
    });
    if (r.count !== 1) return false;
    await audit(
      tx,
      { telegramId: me, role: 'owner', chatId: input.chatId, messageId },
      'S13_RECEIPT_SIGNED',
      release.caseId,
      { releaseId: release.id, basis: release.basis },
    );
    return true;
  });
  if (!recorded) {
    const again = await db.release.findUnique({ where: { id: release.id }, select: { acknowledgedAt: true } });
    return { status: 'already', at: again?.acknowledgedAt ?? now };
  }
  return { status: 'recorded', caseNumber: release.case.number, at: now, heads: release.headCount };
}
