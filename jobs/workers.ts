import { Worker, type Processor } from 'bullmq';
import type { Api } from 'grammy';
import type { Redis } from 'ioredis';
import type { CoreDeps } from '../src/deps';
import { runInScope } from '../src/observability/scope';
import { createBroadcastProcessor } from './broadcast-worker';
import { createDeadlineProcessor, type DeadlineHooks } from './deadline-worker';
import { createPhotoProcessor } from './photo-worker';
import type { Queues } from './dispatcher';
import { cappedBackoff, type QueueName } from './queues';
import type { TelegramRateLimiter } from './rate-limit';
import { recordSent } from './send-rate';
import { createSendProcessor } from './sender';
import { createSmsProcessor, smsBackoff } from './sms-sender';

/**
 * Worker lock: a job whose worker died (kill -9) is handed back by another worker's stalled check once
 * its lock expires, i.e. after at most LOCK_DURATION_MS + STALLED_INTERVAL_MS (15 s). The lock is renewed
 * every LOCK_DURATION_MS / 2 while the job runs (sleeping in the rate limiter does not block the event
 * loop), so only an event loop blocked for 5 s or more would let a live job be taken as stalled.
 */
export const LOCK_DURATION_MS = 10_000;
export const STALLED_INTERVAL_MS = 5_000;

/** Worker tuning (tests shorten the lock so a killed worker's job comes back quickly). */
export interface WorkerTuning {
  sendConcurrency?: number;
  deadlineConcurrency?: number;
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** Fraction of the Telegram limits actually used (default DEFAULT_PACE = 0.97, headroom for jitter). */
  pace?: number;
  /** First wait before an SMS is tried again (default 2000 ms; doubles up to smsMaxBackoffMs, default 60 s). */
  smsBackoffBaseMs?: number;
  smsMaxBackoffMs?: number;
}

/** What the three workers need. */
export interface WorkersOptions {
  deps: CoreDeps;
  api: Api;
  connection: Redis;
  prefix: string;
  limiter: TelegramRateLimiter;
  queues: () => Queues;
  tuning?: WorkerTuning;
  hooks?: DeadlineHooks;
}

/** Starts the send, deadline, broadcast and photo workers (each job in its own log scope) and waits until they are ready. */
export async function startWorkers(o: WorkersOptions): Promise<Worker[]> {
  const { deps, connection } = o;
  const log = deps.logger.child({ part: 'jobs' });
  const workers: Worker[] = [];
  const common = {
    connection,
    prefix: o.prefix,
    lockDuration: o.tuning?.lockDurationMs ?? LOCK_DURATION_MS,
    stalledInterval: o.tuning?.stalledIntervalMs ?? STALLED_INTERVAL_MS,
    // A job whose worker died is put back once; a second death marks it failed, and the reconciler
    // adds it again while its work is owed (a job that kills every worker is retried every pass).
    maxStalledCount: 1,
    settings: { backoffStrategy: cappedBackoff },
  };
  const add = (name: QueueName, processor: Processor, concurrency: number, extra: Partial<typeof common> = {}) => {
    // Each job runs in its own log scope: every line logged while it runs carries queue and job_id.
    const scoped: Processor = (job, token) => runInScope({ queue: name, job_id: job.id }, () => processor(job, token));
    const w = new Worker(name, scoped, { ...common, ...extra, concurrency });
    w.on('error', (err) => log.error({ err: err.message, queue: name }, 'worker error'));
    w.on('failed', (job, err) => {
      log.warn({ queue: name, job_id: job?.id, attempts: job?.attemptsMade, err: err.message }, 'job failed');
      const final = err.name === 'UnrecoverableError' || (job?.attemptsMade ?? 0) >= (job?.opts.attempts ?? 1);
      if (name === 'send' && final) deps.metrics?.deliveries.inc({ outcome: 'failed' });
    });
    if (name === 'send') {
      w.on('completed', (_job, result) => {
        if (result === 'sent' || result === 'unreachable') deps.metrics?.deliveries.inc({ outcome: result });
        if (result === 'sent') recordSent(connection, o.prefix).catch(() => {});
      });
    }
    if (name === 'deadline') {
      w.on('active', (job) => {
        const runAt = (job.data as { runAt?: string }).runAt;
        if (runAt)
          deps.metrics?.deadlineLateness.observe(
            { step: String((job.data as { step?: string }).step ?? '') },
            Math.max(0, deps.clock.now().getTime() - Date.parse(runAt)) / 1000,
          );
      });
    }
    workers.push(w);
  };
  add(
    'send',
    createSendProcessor(
      deps,
      o.api,
      o.limiter,
      { redis: connection, prefix: o.prefix },
      common.lockDuration,
    ) as Processor,
    o.tuning?.sendConcurrency ?? 8,
  );
  add('deadline', createDeadlineProcessor(deps, o.queues, o.hooks) as Processor, o.tuning?.deadlineConcurrency ?? 4);
  add('broadcast', createBroadcastProcessor(deps, o.queues) as Processor, 2);
  // SMS to owners, only where a provider is configured: its own budget (BullMQ's limiter is global across the
  // deployment's workers: SMS_PER_SECOND) and its own backoff, apart from Telegram's.
  if (deps.sms)
    add('sms', createSmsProcessor(deps) as Processor, 4, {
      limiter: { max: deps.config.SMS_PER_SECOND, duration: 1000 },
      settings: {
        backoffStrategy: smsBackoff(o.tuning?.smsBackoffBaseMs ?? 2000, o.tuning?.smsMaxBackoffMs),
      },
    } as Partial<typeof common>);
  add('photo', createPhotoProcessor(deps, o.api) as Processor, 2);
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  return workers;
}
