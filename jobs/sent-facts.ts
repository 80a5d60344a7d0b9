import type { Redis } from 'ioredis';
import type { CoreDeps } from '../src/deps';

/**
 * "Telegram accepted this message" is a fact that must not be lost when the database cannot be written at
 * that moment (an outage): the job would fail, be retried and send the message a second time. The sender
 * keeps the fact in Redis instead (one hash per deployment) and acks the job; the sender checks it before
 * sending, and the reconciler writes the facts into their Delivery rows once the database is back.
 */
const FIELD_SEP = '\u0000';

function hashKey(prefix: string): string {
  return `${prefix}:sent-facts`;
}

/** Remembers in Redis that `messageKey` reached `chatId` (Telegram message id `messageId`) at `at`. */
export async function rememberSent(redis: Redis, prefix: string, messageKey: string, chatId: string, messageId: number, at: Date): Promise<void> {
  await redis.hset(hashKey(prefix), `${messageKey}${FIELD_SEP}${chatId}`, JSON.stringify({ messageId, at: at.toISOString() }));
}

/** Whether Redis holds the fact that `messageKey` reached `chatId`. */
export async function wasSent(redis: Redis, prefix: string, messageKey: string, chatId: string): Promise<boolean> {
  return (await redis.hexists(hashKey(prefix), `${messageKey}${FIELD_SEP}${chatId}`)) === 1;
}

/** Writes the facts kept in Redis into their Delivery rows (SENT) and forgets them; returns how many. */
export async function flushSentFacts(deps: CoreDeps, redis: Redis, prefix: string): Promise<number> {
  const all = await redis.hgetall(hashKey(prefix));
  let n = 0;
  for (const [field, value] of Object.entries(all)) {
    const [messageKey, chatId] = field.split(FIELD_SEP) as [string, string];
    const { at } = JSON.parse(value) as { messageId: number; at: string };
    const where = { messageKey_telegramUserId: { messageKey, telegramUserId: BigInt(chatId) } };
    await deps.db.delivery.upsert({ where, create: { messageKey, telegramUserId: BigInt(chatId), status: 'SENT', attempts: 1, sentAt: new Date(at) }, update: { status: 'SENT', sentAt: new Date(at), lastError: null } });
    await redis.hdel(hashKey(prefix), field);
    n++;
  }
  return n;
}
