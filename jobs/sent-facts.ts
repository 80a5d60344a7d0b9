import type { Redis } from 'ioredis';
import type { CoreDeps } from '../src/deps';

/**
 * "Telegram accepted this message" is a fact that must not be lost when the database cannot be written at
 * that moment (an outage): the job would fail, be retried and send the message a second time. The sender
 * keeps the fact in Redis instead (one hash per deployment) and acks the job; the sender checks it before
 * sending, and the reconciler writes the facts into their Delivery rows once the database is back.
 * The fact is named by the Delivery row's id (the sender upserts the row before it sends), never by the
 * message key or the chat: Redis holds ids only (docs/JOBS.md), and message keys name chats.
 */
function hashKey(prefix: string): string {
  return `${prefix}:sent-facts`;
}

/** Remembers in Redis that Delivery `deliveryId` reached Telegram (message id `messageId`) at `at`. */
export async function rememberSent(
  redis: Redis,
  prefix: string,
  deliveryId: bigint,
  messageId: number,
  at: Date,
): Promise<void> {
  await redis.hset(hashKey(prefix), String(deliveryId), JSON.stringify({ messageId, at: at.toISOString() }));
}

/** Whether Redis holds the fact that Delivery `deliveryId` was sent. */
export async function wasSent(redis: Redis, prefix: string, deliveryId: bigint): Promise<boolean> {
  return (await redis.hexists(hashKey(prefix), String(deliveryId))) === 1;
}

/** Writes the facts kept in Redis into their Delivery rows (SENT) and forgets them; returns how many. */
export async function flushSentFacts(deps: CoreDeps, redis: Redis, prefix: string): Promise<number> {
  const all = await redis.hgetall(hashKey(prefix));
  let n = 0;
  for (const [field, value] of Object.entries(all)) {
    const { at } = JSON.parse(value) as { messageId: number; at: string };
    const data = { status: 'SENT' as const, sentAt: new Date(at), lastError: null };
    // A field written before facts were named by the Delivery id is '<messageKey>\0<chatId>': still honoured.
    const [messageKey, chatId] = field.split('\u0000');
    const where =
      chatId === undefined ? { id: BigInt(field) } : { messageKey: messageKey!, telegramUserId: BigInt(chatId) };
    await deps.db.delivery.updateMany({ where, data });
    await redis.hdel(hashKey(prefix), field);
    n++;
  }
  return n;
}
