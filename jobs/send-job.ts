import { UnrecoverableError } from 'bullmq';
import type { CoreDeps } from '../src/deps';
import type { OutgoingMessage } from '../src/services/outbox';
import type { SendJobData } from './queues';

/** What a send job stands for, read back from the database: the Delivery key and the message. */
export interface ResolvedSend {
  key: string;
  message: OutgoingMessage;
}

// A broadcast's message is the same for every recipient: read once per process and database, not once per send.
// Keyed by the database too: a message key (`case:<id>:broadcast:…`) names a row of one database only.
const TEMPLATE_CACHE_MAX = 64;
const templatesOf = new WeakMap<object, Map<string, Omit<OutgoingMessage, 'chatId'>>>();

async function broadcastTemplate(deps: CoreDeps, messageKey: string): Promise<Omit<OutgoingMessage, 'chatId'>> {
  let templates = templatesOf.get(deps.db);
  if (!templates) templatesOf.set(deps.db, (templates = new Map()));
  const cached = templates.get(messageKey);
  if (cached) return cached;
  const row = await deps.db.outboxEntry.findUnique({ where: { jobKey: messageKey }, select: { payload: true } });
  const message = (row?.payload as { message?: Omit<OutgoingMessage, 'chatId'> } | null)?.message;
  if (!message) throw new UnrecoverableError(`broadcast ${messageKey} has no stored message`);
  if (templates.size >= TEMPLATE_CACHE_MAX) templates.clear();
  templates.set(messageKey, message);
  return message;
}

/**
 * Turns a send job's ids into the message to send. Job data in Redis holds ids only (jobs/queues.ts):
 * the recipient, the words and their parameters (names, UPI references) are read from the outbox row
 * or the broadcast's Delivery row. A row that is gone cannot come back: the job fails for good.
 */
export async function resolveSendJob(deps: CoreDeps, data: SendJobData): Promise<ResolvedSend> {
  try {
    return await resolve(deps, data);
  } catch (err) {
    if (err instanceof UnrecoverableError) deps.metrics?.sendPermanent.inc({ kind: 'gone' });
    throw err;
  }
}

async function resolve(deps: CoreDeps, data: SendJobData): Promise<ResolvedSend> {
  if (data.outboxId !== undefined) {
    const row = await deps.db.outboxEntry.findUnique({
      where: { id: BigInt(data.outboxId) },
      select: { jobKey: true, payload: true },
    });
    if (!row) throw new UnrecoverableError(`outbox row ${data.outboxId} not found`);
    return { key: row.jobKey, message: row.payload as unknown as OutgoingMessage };
  }
  if (data.deliveryId !== undefined) {
    const d = await deps.db.delivery.findUnique({
      where: { id: BigInt(data.deliveryId) },
      select: { messageKey: true, telegramUserId: true },
    });
    if (!d) throw new UnrecoverableError(`delivery ${data.deliveryId} not found`);
    return {
      key: d.messageKey,
      message: { ...(await broadcastTemplate(deps, d.messageKey)), chatId: String(d.telegramUserId) },
    };
  }
  // A job written before payloads became ids-only.
  if (data.key !== undefined && data.message) return { key: data.key, message: data.message };
  throw new UnrecoverableError('send job without an outbox row or a delivery');
}
