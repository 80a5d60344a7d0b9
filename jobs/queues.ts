import type { JobsOptions } from 'bullmq';
import type { OutgoingMessage } from '../src/services/outbox';

/** The queues: one Telegram sender, the statutory deadline steps, broadcast fan-out, SMS to owners and photo fetches. */
export const QUEUE_NAMES = ['send', 'deadline', 'broadcast', 'sms', 'photo'] as const;
/** One of the queue names. */
export type QueueName = (typeof QUEUE_NAMES)[number];

/**
 * Data of a 'send' job: ids only. Job data sits in Redis for a week (KEEP) and is read by anyone with
 * access to it; names, UPI references and chat ids stay in the database, which the sender reads
 * (jobs/send-job.ts). One of:
 * - `outboxId`: an outbox 'send' row, whose payload is the message and whose jobKey is the Delivery key;
 * - `deliveryId`: one recipient's Delivery row of a broadcast (the message is stored on the broadcast's row).
 */
export interface SendJobData {
  outboxId?: string;
  deliveryId?: string;
  /** When the message is due by deps.clock (ISO); absent = at once. */
  runAt?: string;
  /** Only in jobs written before payloads became ids-only (still in Redis at an upgrade): read, never written. */
  key?: string;
  message?: OutgoingMessage;
}

/** Data of an 'sms' job: the outbox row only (its payload names the owner's mobile row, never the number). */
export interface SmsJobData {
  outboxId: string;
  runAt?: string;
}

/** BullMQ job id of an outbox 'sms' row: its row id (the key names the mobile row; ids only all the same). */
export function smsJobIdFor(outboxId: bigint | string): string {
  return `m.${outboxId}`;
}

/** Data of a 'deadline' job: a statutory step of a case, due at `runAt` (ISO instant, deps.clock time). */
export interface DeadlineJobData {
  key: string;
  caseId: number;
  step: string;
  runAt: string;
  /** Step-specific reference (e.g. the payment id of a nudge). */
  ref?: number;
}

/** What a deadline job is made from: a planned step (src/services/deadlines.ts) or a 'deadline' outbox row. */
export interface DeadlineStepRef {
  key: string;
  caseId: number;
  step: string;
  runAt: Date;
  ref?: number | undefined;
}

/**
 * A deadline step as a BullMQ job — its name, its data (ids only) and its options: the job id is the step's key, so
 * adding it twice leaves one job, and it waits until `runAt` (a step already due runs at once). The one builder for
 * the replan after a change, the reconciler and the outbox dispatcher.
 */
export function deadlineJob(
  s: DeadlineStepRef,
  nowMs: number,
): { name: string; data: DeadlineJobData; opts: JobsOptions } {
  const data: DeadlineJobData = {
    key: s.key,
    caseId: s.caseId,
    step: s.step,
    runAt: s.runAt.toISOString(),
    ...(s.ref !== undefined ? { ref: s.ref } : {}),
  };
  return {
    name: s.step,
    data,
    opts: { jobId: jobIdFor(s.key), delay: Math.max(0, s.runAt.getTime() - nowMs), ...KEEP, ...RETRY },
  };
}

/** Data of a 'broadcast' job: a notice/auction/new-case fan-out written by the staff flows. */
export interface BroadcastJobData {
  key: string;
  kind: string;
  caseId: number;
}

/** Data of a 'photo' job: fetch one photo's bytes from Telegram (src/services/photos.ts). Its id only. */
export interface PhotoJobData {
  photoId: number;
}

/**
 * BullMQ job id for a deterministic outbox/Delivery key. BullMQ 6 refuses ids that are integers or
 * that contain ':' (unless they split into exactly three parts, a legacy repeatable-job form), and our
 * keys are colon-separated ("payment:17:card:123"). Percent-encoding '%' and ':' is injective, so two
 * different keys never share a job id and the same key always maps to the same id.
 */
export function jobIdFor(key: string): string {
  return `k.${key.replace(/%/g, '%25').replace(/:/g, '%3A')}`;
}

/** The key a job id was made from (inverse of jobIdFor); other ids (outbox row, delivery) are shown as they are. */
export function keyFromJobId(id: string): string {
  if (!id.startsWith('k.')) return id;
  return id.slice(2).replace(/%3A/g, ':').replace(/%25/g, '%');
}

/**
 * BullMQ job id of an outbox 'send' row: its row id. Send keys name the recipient (a chat id), and job ids
 * are as visible in Redis as job data; the row id is as deterministic (one row per jobKey, so enqueueing
 * the same row twice adds one job).
 */
export function sendJobIdFor(outboxId: bigint | string): string {
  return `o.${outboxId}`;
}

/** BullMQ job id of one broadcast recipient's send: the Delivery row id (unique per message and recipient). */
export function deliveryJobIdFor(deliveryId: bigint | string): string {
  return `d.${deliveryId}`;
}

/**
 * BullMQ priority per message class: lower runs first. Officials' deadlines go ahead of everything, so a
 * long broadcast never holds up an officer's reminder by more than the jobs already taken by workers.
 */
export function priorityOf(message: Pick<OutgoingMessage, 'priority'>): number {
  switch (message.priority) {
    case 'official':
      return 1;
    case 'bulk':
      return 20;
    default:
      return 5;
  }
}

/**
 * Completed jobs are kept for a week so a second dispatch of the same key, while the first job is still
 * remembered, is a no-op in Redis too (the Delivery and DeadlineRun rows guard beyond that).
 * Failed jobs stay until an operator retries them (`npm run admin -- jobs retry`).
 */
export const KEEP: Pick<JobsOptions, 'removeOnComplete' | 'removeOnFail'> = {
  removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
  removeOnFail: false,
};

/**
 * Retries with capped exponential backoff: 2 s, 4 s, 8 s, 16 s, 32 s, then every 60 s, 20 attempts
 * (~17 minutes) — an outage of the database or of Telegram is outlasted without an operator. A job that
 * still fails is kept failed (visible in /status), and the reconciler adds it again while the database
 * says its work is owed, so a transient fault is retried without limit.
 */
export const RETRY: Pick<JobsOptions, 'attempts' | 'backoff'> = {
  attempts: 20,
  backoff: { type: 'capped', delay: 2000 },
};

/** Longest wait between two attempts of a job. */
export const MAX_BACKOFF_MS = 60_000;

/** The 'capped' backoff of RETRY (BullMQ worker settings.backoffStrategy): exponential, at most MAX_BACKOFF_MS. */
export function cappedBackoff(attemptsMade: number, type?: string): number {
  if (type !== 'capped') return -1;
  return Math.min(2000 * 2 ** Math.max(0, attemptsMade - 1), MAX_BACKOFF_MS);
}
