import type { CleanProblem } from './photo-clean';
import { addToOutbox, type Tx } from './outbox';

/**
 * A photo sent in the chat is fetched and cleaned by a job after the chat has moved on; when it is refused, the person
 * who sent it is told, in his language, which case and why (photos:refused.*), so he can send it again. Who sent it:
 * the owner of the claim it goes with, the keeper whose /photo it was (its audit), or the keeper who registered the
 * entry. Nobody found (a photo made here): nothing is sent.
 */
export async function tellPhotoRefused(tx: Tx, photoId: number, problem: CleanProblem, now: Date): Promise<void> {
  const p = await tx.photo.findUnique({
    where: { id: photoId },
    select: {
      source: true,
      case: { select: { number: true, registeredByStaffId: true } },
      claims: { select: { telegramUserId: true }, take: 1 },
    },
  });
  if (!p) return;
  let to: bigint | null = null;
  if (p.source === 'owner') to = p.claims[0]?.telegramUserId ?? null;
  else if (p.source === 'keeper') {
    const a = await tx.auditEvent.findFirst({
      where: {
        action: { in: ['photo.add', 'photo.replace'] },
        details: { path: ['photoId'], equals: photoId },
      },
      select: { actorTelegramId: true },
    });
    to = a?.actorTelegramId ?? null;
  } else if (p.case.registeredByStaffId !== null) {
    const s = await tx.staffMember.findUnique({
      where: { id: p.case.registeredByStaffId },
      select: { telegramUserId: true },
    });
    to = s?.telegramUserId ?? null;
  }
  if (to === null) return;
  await addToOutbox(
    tx,
    {
      name: 'send',
      payload: {
        chatId: String(to),
        key: `photos:refused.${problem}`,
        params: { number: p.case.number },
        priority: 'personal',
      },
    },
    `photo:${photoId}:refused`,
    now,
  );
}
