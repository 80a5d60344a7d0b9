import type { Job } from 'bullmq';
import type { CoreDeps } from '../src/deps';
import { broadcastMessages } from '../src/services/reminders';
import type { Queues } from './dispatcher';
import type { Prisma } from '../src/db';
import { deliveryJobIdFor, KEEP, priorityOf, RETRY, type BroadcastJobData, type SendJobData } from './queues';

const CHUNK = 500;

/** What a fan-out did (its BullMQ return value). */
export interface FanOutResult {
  recipients: number;
  enqueued: number;
}

/**
 * Fans a broadcast out: a PENDING Delivery row per recipient (unique per message and recipient, so a
 * re-run adds nobody twice), then one bulk-priority send job per recipient still PENDING, with a
 * deterministic id. Run again (a retry, the reconciler after a Redis loss) it re-enqueues only what has
 * not been delivered. Nothing when the case has moved on (claimed, auction cancelled).
 * The message is stored once on the broadcast's outbox row; each send job carries only its Delivery id.
 */
export async function fanOut(deps: CoreDeps, queues: Queues, d: BroadcastJobData): Promise<FanOutResult> {
  const b = await broadcastMessages(
    { db: deps.db, config: deps.config, translator: deps.translator },
    d.kind,
    d.caseId,
    deps.clock.now(),
  );
  if (!b) return { recipients: 0, enqueued: 0 };
  const payload = { kind: d.kind, caseId: d.caseId, message: b.message } as unknown as Prisma.InputJsonValue;
  const now = deps.clock.now();
  await deps.db.outboxEntry.upsert({
    where: { jobKey: d.key },
    create: { jobName: 'broadcast', jobKey: d.key, payload, runAt: now, dispatchedAt: now },
    update: { payload },
  });
  for (let i = 0; i < b.recipients.length; i += CHUNK) {
    await deps.db.delivery.createMany({
      data: b.recipients.slice(i, i + CHUNK).map((r) => ({ messageKey: d.key, telegramUserId: BigInt(r) })),
      skipDuplicates: true,
    });
  }
  const pending = await deps.db.delivery.findMany({
    where: { messageKey: d.key, status: 'PENDING' },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  const priority = priorityOf(b.message);
  const runAt = now.toISOString();
  for (let i = 0; i < pending.length; i += CHUNK) {
    await queues.send.addBulk(
      pending.slice(i, i + CHUNK).map((p) => {
        const data: SendJobData = { deliveryId: String(p.id), runAt };
        return { name: 'send', data, opts: { jobId: deliveryJobIdFor(p.id), priority, ...KEEP, ...RETRY } };
      }),
    );
  }
  return { recipients: b.recipients.length, enqueued: pending.length };
}

/** The broadcast queue's processor. */
export function createBroadcastProcessor(deps: CoreDeps, queues: () => Queues) {
  return (job: Job<BroadcastJobData>) => fanOut(deps, queues(), job.data);
}
