import { Prisma } from '../db';
import type { Tx } from './outbox';

/** Who did something, and through which Telegram message (s. 7 register; staff actions are audited). */
export interface Actor {
  telegramId?: bigint | null;
  staffId?: number | null;
  role: 'owner' | 'pound_keeper' | 'officer' | 'magistrate' | 'admin' | 'system';
  chatId?: bigint | number | null;
  messageId?: number | null;
}

/** Appends an audit event (the table is append-only: a trigger refuses UPDATE and DELETE). */
export async function audit(
  tx: Tx,
  actor: Actor,
  action: string,
  caseId: number | null,
  details?: Prisma.InputJsonValue,
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
    },
  });
}

/** The INSERT of `audit` as raw SQL, for a transaction of raw SQL (the keeper's confirmation, `sqlTransaction`). */
export function auditInsertSql(
  actor: Actor,
  action: string,
  caseId: number | null,
  details?: Prisma.InputJsonValue,
): Prisma.Sql {
  return Prisma.sql`INSERT INTO "AuditEvent"
      ("actorTelegramId", "actorStaffId", "actorRole", "action", "caseId", "chatId", "messageId", "details")
    VALUES (${actor.telegramId ?? null}::bigint, ${actor.staffId ?? null}::int, ${actor.role}::text, ${action}::text,
      ${caseId}::int, ${actor.chatId == null ? null : BigInt(actor.chatId)}::bigint, ${actor.messageId ?? null}::int,
      ${details == null ? null : JSON.stringify(details)}::jsonb)`;
}
