import type { Prisma } from '../db';
import type { Tx } from './outbox';

/** Who did something, and through which Telegram message (s. 7 register; staff actions are audited). */
export interface Actor {
  telegramId?: bigint | null;
  staffId?: number | null;
  role: 'owner' | 'pound_keeper' | 'officer' | 'magistrate' | 'admin' | 'system';
  chatId?: bigint | number | null;
  messageId?: number | null;
}

/** The owner (or his agent) acting from his chat, as the audit names him. */
export function ownerActor(input: {
  telegramUserId: bigint;
  chatId?: bigint | number | null;
  messageId?: number | null;
}): Actor {
  return {
    telegramId: input.telegramUserId,
    role: 'owner',
    chatId: input.chatId ?? null,
    messageId: input.messageId ?? null,
  };
}

/**
 * Appends an audit event (the table is append-only: a trigger refuses UPDATE and DELETE), at `at` when the event's
 * instant is published (the s. 14 proviso disposal in open pound data), else at the database's instant.
 */
export async function audit(
  tx: Tx,
  actor: Actor,
  action: string,
  caseId: number | null,
  details?: Prisma.InputJsonValue,
  at?: Date,
): Promise<void> {
  await tx.auditEvent.create({
    data: {
      actorTelegramId: actor.telegramId ?? null,
      actorStaffId: actor.staffId ?? null,
      actorRole: actor.role,
      action,
      caseId,
      chatId: actor.chatId == null ? null : BigInt(actor.chatId),
      messageId: actor.messageId ?? null,
      details: details ?? undefined,
      ...(at ? { at } : {}),
    },
  });
}
