import type { Queue } from 'bullmq';
import type { CoreDeps } from '../src/deps';
import type { OutgoingMessage } from '../src/services/outbox';
import {
  jobIdFor,
  KEEP,
  priorityOf,
  RETRY,
  sendJobIdFor,
  smsJobIdFor,
  type BroadcastJobData,
  type SmsJobData,
  type PhotoJobData,
  deadlineJob,
  type QueueName,
  type SendJobData,
} from './queues';

/** An outbox row as the dispatcher reads it. */
export interface OutboxRow {
  id: bigint;
  jobName: string;
  jobKey: string;
  payload: unknown;
  runAt: Date;
}

/** The queues the dispatcher writes to. */
export type Queues = Record<QueueName, Queue>;

const BATCH = 500;
/** Rows due within this horizon go to BullMQ now (as delayed jobs); later ones wait in the database. */
export const LOOKAHEAD_MS = 5 * 60_000;
/** A row that could not be enqueued this many times is left for an operator (it shows in /status). */
export const MAX_ENQUEUE_ATTEMPTS = 20;

/**
 * Adds one outbox row's job to its queue. The job id is derived from the row's jobKey, so adding the
 * same row twice (two dispatchers, a crash between enqueue and marking the row) leaves one job.
 */
export async function enqueueRow(deps: CoreDeps, queues: Queues, row: OutboxRow): Promise<void> {
  const delay = Math.max(0, row.runAt.getTime() - deps.clock.now().getTime());
  const jobId = jobIdFor(row.jobKey);
  switch (row.jobName) {
    case 'send': {
      const message = row.payload as OutgoingMessage;
      // Ids only in Redis: the sender reads the message (and its recipient) from this row.
      const data: SendJobData = { outboxId: String(row.id), runAt: row.runAt.toISOString() };
      await queues.send.add('send', data, {
        jobId: sendJobIdFor(row.id),
        delay,
        priority: priorityOf(message),
        ...KEEP,
        ...RETRY,
      });
      return;
    }
    case 'deadline': {
      const p = row.payload as { caseId: number; step: string; ref?: number };
      const job = deadlineJob(
        { key: row.jobKey, caseId: p.caseId, step: p.step, runAt: row.runAt, ref: p.ref },
        deps.clock.now().getTime(),
      );
      await queues.deadline.add(job.name, job.data, job.opts);
      return;
    }
    case 'broadcast': {
      const p = row.payload as { kind: string; caseId: number };
      const data: BroadcastJobData = { key: row.jobKey, kind: p.kind, caseId: p.caseId };
      await queues.broadcast.add(p.kind, data, { jobId, delay, ...KEEP, ...RETRY });
      return;
    }
    case 'sms': {
      // Ids only: the sender reads the payload (the mobile row, the event) from this row and the number from its table.
      const data: SmsJobData = { outboxId: String(row.id), runAt: row.runAt.toISOString() };
      await queues.sms.add('sms', data, { jobId: smsJobIdFor(row.id), delay, priority: 5, ...KEEP, ...RETRY });
      return;
    }
    case 'photo': {
      const p = row.payload as { photoId: number };
      const data: PhotoJobData = { photoId: p.photoId };
      await queues.photo.add('photo', data, { jobId, delay, ...KEEP, ...RETRY });
      return;
    }
    default:
      throw new Error(`unknown outbox job name "${row.jobName}" (key ${row.jobKey})`);
  }
}

/**
 * Moves due outbox rows into BullMQ and marks them dispatched. Safe to run in many processes at once:
 * the job ids are deterministic and marking is conditional on the row still being undispatched.
 * Returns the number of rows moved.
 */
export async function dispatchDue(deps: CoreDeps, queues: Queues): Promise<number> {
  const log = deps.logger.child({ part: 'jobs.dispatcher' });
  let moved = 0;
  for (;;) {
    const now = deps.clock.now();
    const rows = await deps.db.outboxEntry.findMany({
      where: {
        dispatchedAt: null,
        attempts: { lt: MAX_ENQUEUE_ATTEMPTS },
        runAt: { lte: new Date(now.getTime() + LOOKAHEAD_MS) },
      },
      orderBy: { id: 'asc' },
      take: BATCH,
    });
    if (rows.length === 0) return moved;
    const done: bigint[] = [];
    const failed: bigint[] = [];
    for (const row of rows) {
      try {
        await enqueueRow(deps, queues, row);
        done.push(row.id);
      } catch (err) {
        failed.push(row.id);
        log.error({ err, key: row.jobKey }, 'could not enqueue outbox row');
      }
    }
    if (done.length) {
      await deps.db.outboxEntry.updateMany({
        where: { id: { in: done }, dispatchedAt: null },
        data: { dispatchedAt: now },
      });
    }
    if (failed.length) {
      await deps.db.outboxEntry.updateMany({ where: { id: { in: failed } }, data: { attempts: { increment: 1 } } });
      // Redis is failing: leave the rest for the next tick rather than spin.
      return moved + done.length;
    }
    moved += done.length;
    if (rows.length < BATCH) return moved;
  }
}
