import { Queue, Worker, type Job, type Processor } from 'bullmq';
import type { Api, Transformer } from 'grammy';
import type { Redis } from 'ioredis';
import { systemClock } from '../src/clock';
import type { CoreDeps } from '../src/deps';
import { createBroadcastProcessor } from './broadcast-worker';
import { createDeadlineProcessor, type DeadlineHooks } from './deadline-worker';
import { dispatchDue, type Queues } from './dispatcher';
import { reconcile, type ReconcileResult } from './reconciler';
import { rateLimitedReplies } from './reply-limiter';
import { cappedBackoff, QUEUE_NAMES, type QueueName } from './queues';
import { chatTagSecret, TelegramRateLimiter } from './rate-limit';
import { createRedis, probeRedis, redactRedisUrl } from './redis';
import { createSendProcessor } from './sender';
import { recordSent, sendRate } from './send-rate';
import { runInScope } from '../src/observability/scope';
import { collectStatus, type JobsStatus } from './status';

export type { JobsStatus } from './status';

/** How the composition root (src/app.ts, src/main.ts, src/worker.ts) and tests build the jobs part. */
export interface JobRuntimeOptions {
  /** config, db, clock, logger, translator */
  deps: CoreDeps;
  /** grammY Api used to send (bot.api in production; FakeBotApi-backed in tests). */
  api: Api;
  /** config.REDIS_URL */
  redisUrl: string;
  /** BullMQ prefix (config.QUEUE_PREFIX; unique per test). */
  prefix: string;
  /** Run workers (default true). */
  workers?: boolean;
  /** Run the outbox dispatcher + reconciler (default true). */
  dispatcher?: boolean;
  /** Outbox poll interval in ms (default 1000; tests: small). */
  pollMs?: number;
  /** Worker tuning (tests shorten the lock so a killed worker's job comes back quickly). */
  tuning?: {
    sendConcurrency?: number;
    deadlineConcurrency?: number;
    lockDurationMs?: number;
    stalledIntervalMs?: number;
    /** Fraction of the Telegram limits actually used (default DEFAULT_PACE = 0.97, headroom for jitter). */
    pace?: number;
  };
  /** Fault injection for tests (a worker process that dies mid-job). */
  hooks?: DeadlineHooks;
}

/** The running jobs part: queues, workers, outbox dispatcher and reconciler. */
export interface JobRuntime {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<JobsStatus>;
  /** Tests: dispatch the due outbox now and wait until the queues are idle. */
  drain(timeoutMs?: number): Promise<void>;
  /**
   * Rebuilds missing jobs from the database: a full pass (runs in the background on start, after Redis
   * comes back empty, and every RECONCILE_INTERVAL_MINUTES); `{ full: false }` is the incremental pass
   * that runs every RECONCILE_INCREMENTAL_MS.
   */
  reconcile(opts?: { full?: boolean }): Promise<ReconcileResult>;
  /** The queues (tests and the admin command inspect them). */
  readonly queues: Queues;
  /** Messages per second the whole deployment sent lately (all sender processes, counted in Redis). */
  sendRate(): Promise<number>;
  /**
   * For the bot's direct replies (installed on ctx.api per update): the shared Telegram budget and 429
   * retries of jobs/reply-limiter.ts; passes calls through while the runtime is not started.
   */
  readonly replyTransformer: Transformer;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The incremental reconciler pass (failed jobs, rows dispatched since the last pass) runs this often. */
export const RECONCILE_INCREMENTAL_MS = 30_000;
/**
 * Worker lock: a job whose worker died (kill -9) is handed back by another worker's stalled check once
 * its lock expires, i.e. after at most LOCK_DURATION_MS + STALLED_INTERVAL_MS (15 s). The lock is renewed
 * every LOCK_DURATION_MS / 2 while the job runs (sleeping in the rate limiter does not block the event
 * loop), so only an event loop blocked for 5 s or more would let a live job be taken as stalled.
 */
export const LOCK_DURATION_MS = 10_000;
export const STALLED_INTERVAL_MS = 5_000;

/** Builds the jobs runtime; nothing connects until start(). */
export function createJobRuntime(o: JobRuntimeOptions): JobRuntime {
  const { deps } = o;
  const log = deps.logger.child({ part: 'jobs' });
  const redisShown = redactRedisUrl(o.redisUrl);
  const pollMs = o.pollMs ?? 1000;
  const runWorkers = o.workers ?? true;
  const runDispatcher = o.dispatcher ?? true;
  let conn: Redis | undefined;
  let queues: Queues | undefined;
  let limiter: TelegramRateLimiter | undefined;
  const replyTransformer = rateLimitedReplies(() => limiter, deps.logger);
  const workers: Worker[] = [];
  let timer: NodeJS.Timeout | undefined;
  let tick: Promise<void> | undefined;
  let lastFull = 0;
  let lastPassAt: Date | undefined;
  let reconciling: Promise<ReconcileResult> | undefined;
  let reconcileTimer: NodeJS.Timeout | undefined;
  const reconcileEveryMs = deps.config.RECONCILE_INTERVAL_MINUTES * 60_000;
  let stopping = false;
  /** Set when the Redis connection was lost; the next 'ready' reconciles at once. */
  let redisLost = false;

  const requireQueues = (): Queues => {
    if (!queues) throw new Error('jobs runtime not started');
    return queues;
  };

  const sentinelKey = `${o.prefix}:reconciled`;
  /**
   * One pass at a time (a second caller gets the running pass). Full when asked, when the interval is up, or
   * when the sentinel key a full pass leaves in Redis is gone (Redis restarted empty or was flushed).
   */
  const reconcileNow = (want: { full?: boolean } = {}): Promise<ReconcileResult> => {
    if (reconciling) return reconciling;
    const run = async () => {
      const redis = conn!;
      const startedAt = deps.clock.now();
      const full = want.full ?? (Date.now() - lastFull >= reconcileEveryMs || !lastPassAt || (await redis.exists(sentinelKey)) === 0);
      const r = await reconcile(deps, requireQueues(), { redis, prefix: o.prefix, full, ...(lastPassAt ? { since: new Date(lastPassAt.getTime() - 60_000) } : {}) });
      lastPassAt = startedAt;
      if (full) {
        lastFull = Date.now();
        await redis.set(sentinelKey, startedAt.toISOString());
      }
      const restored = r.deadlineSteps + r.sends + r.broadcasts + r.revived + r.sentFacts;
      log[restored > 0 || full ? 'info' : 'debug'](r, 'reconciled queues with the database');
      return r;
    };
    reconciling = run().finally(() => {
      reconciling = undefined;
    });
    return reconciling;
  };

  /** The reconciler's own loop, apart from the dispatcher's tick: a slow pass never delays dispatching. */
  const scheduleReconcile = () => {
    if (stopping) return;
    reconcileTimer = setTimeout(() => {
      reconcileNow()
        .catch((err) => log.error({ err }, 'reconcile failed'))
        .finally(scheduleReconcile);
    }, RECONCILE_INCREMENTAL_MS);
  };

  const dispatchOnce = async () => {
    await dispatchDue(deps, requireQueues());
    // A clock that is not the system clock (the local demo's /time +8d) moves statutory time without
    // BullMQ's real-time timers noticing: release the deadlines it has reached.
    if (deps.clock !== systemClock) await promoteDue();
  };

  const schedule = () => {
    if (stopping) return;
    timer = setTimeout(() => {
      tick = dispatchOnce()
        .catch((err) => log.error({ err }, 'outbox dispatch failed'))
        .finally(() => {
          tick = undefined;
          schedule();
        });
    }, pollMs);
  };

  /**
   * Jobs whose time has come by deps.clock but whose BullMQ timer (real time) has not: a test's ManualClock
   * or the local demo's OffsetClock moved on. Deadline steps, and messages queued for later, run now.
   * (Short real-time delays — the per-chat interval, a 429 pause — are left alone.)
   */
  const promoteDue = async (): Promise<number> => {
    const q = requireQueues();
    const now = deps.clock.now().getTime();
    let promoted = 0;
    for (const name of ['deadline', 'send'] as const) {
      for (let start = 0; ; start += 500) {
        const jobs = (await q[name].getDelayed(start, start + 499)) as Job<{ runAt?: string }>[];
        for (const job of jobs) {
          if (!job?.data.runAt || new Date(job.data.runAt).getTime() > now) continue;
          if (name === 'send' && job.timestamp + (job.opts.delay ?? 0) <= Date.now() + 5000) continue;
          await job.promote().catch(() => {});
          promoted++;
        }
        if (jobs.length < 500) break;
      }
    }
    return promoted;
  };

  /** Work that drain() waits for: anything running or due by deps.clock within the next minute. */
  const busy = async (): Promise<boolean> => {
    const q = requireQueues();
    const horizon = deps.clock.now().getTime() + 60_000;
    for (const name of QUEUE_NAMES) {
      const c = await q[name].getJobCounts('waiting', 'active', 'prioritized');
      if ((c.waiting ?? 0) + (c.active ?? 0) + (c.prioritized ?? 0) > 0) return true;
      for (const job of (await q[name].getDelayed(0, -1)) as Job<{ runAt?: string }>[]) {
        if (!job) continue;
        const at = job.data.runAt ? new Date(job.data.runAt).getTime() : 0;
        if (name === 'deadline' ? at <= deps.clock.now().getTime() : at <= horizon) return true;
      }
    }
    const due = await deps.db.outboxEntry.count({ where: { dispatchedAt: null, runAt: { lte: deps.clock.now() } } });
    return due > 0;
  };

  return {
    get queues() {
      return requireQueues();
    },

    replyTransformer,

    async start() {
      const probe = await probeRedis(o.redisUrl);
      if (probe.maxmemoryPolicy && probe.maxmemoryPolicy !== 'noeviction') {
        log.warn({ policy: probe.maxmemoryPolicy }, 'Redis maxmemory-policy should be noeviction: evicted keys are lost jobs');
      }
      conn = createRedis(o.redisUrl);
      conn.on('error', (err) => log.error({ err: err.message }, 'redis connection error'));
      conn.on('close', () => {
        if (!stopping) redisLost = true;
      });
      // Redis is back (perhaps empty: a restart without persistence, a failover): reconcile now rather
      // than at the next interval, so deadlines and broadcasts resume within seconds.
      conn.on('ready', () => {
        if (!redisLost || stopping || !runDispatcher) return;
        redisLost = false;
        log.warn('redis connection re-established: reconciling');
        reconcileNow().catch((err) => log.error({ err }, 'reconcile after reconnect failed'));
      });
      const connection = conn;
      queues = Object.fromEntries(QUEUE_NAMES.map((n) => [n, new Queue(n, { connection, prefix: o.prefix })])) as unknown as Queues;
      limiter = new TelegramRateLimiter(conn, {
        perSecond: deps.config.TELEGRAM_GLOBAL_PER_SECOND,
        perChatIntervalMs: deps.config.TELEGRAM_PER_CHAT_INTERVAL_MS,
        prefix: o.prefix,
        chatKeySecret: chatTagSecret(deps.config, o.prefix),
        ...(o.tuning?.pace !== undefined ? { pace: o.tuning.pace } : {}),
      });
      if (runWorkers) {
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
        const add = (name: QueueName, processor: Processor, concurrency: number) => {
          // Each job runs in its own log scope: every line logged while it runs carries queue and job_id.
          const scoped: Processor = (job, token) => runInScope({ queue: name, job_id: job.id }, () => processor(job, token));
          const w = new Worker(name, scoped, { ...common, concurrency });
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
              if (runAt) deps.metrics?.deadlineLateness.observe({ step: String((job.data as { step?: string }).step ?? '') }, Math.max(0, deps.clock.now().getTime() - Date.parse(runAt)) / 1000);
            });
          }
          workers.push(w);
        };
        add('send', createSendProcessor(deps, o.api, limiter, { redis: connection, prefix: o.prefix }, common.lockDuration) as Processor, o.tuning?.sendConcurrency ?? 8);
        add('deadline', createDeadlineProcessor(deps, requireQueues, o.hooks) as Processor, o.tuning?.deadlineConcurrency ?? 4);
        add('broadcast', createBroadcastProcessor(deps, requireQueues) as Processor, 2);
        await Promise.all(workers.map((w) => w.waitUntilReady()));
      }
      if (runDispatcher) {
        await dispatchDue(deps, requireQueues());
        // The full pass runs in the background: start-up does not wait for it (the workers already run the
        // jobs Redis kept; the pass only adds what is missing).
        reconcileNow({ full: true }).catch((err) => log.error({ err }, 'reconcile on start failed'));
        schedule();
        scheduleReconcile();
      }
      log.info({ redis: redisShown, prefix: o.prefix, workers: runWorkers, dispatcher: runDispatcher }, 'jobs runtime started');
    },

    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      if (reconcileTimer) clearTimeout(reconcileTimer);
      if (tick) await tick;
      if (reconciling) await reconciling.catch(() => {});
      // close() lets active jobs finish; a job still running when the process dies is handed back by the
      // stalled-job check of the next worker.
      await Promise.all(workers.map((w) => w.close()));
      workers.length = 0;
      if (queues) await Promise.all(Object.values(queues).map((q) => q.close()));
      queues = undefined;
      limiter = undefined;
      if (conn) await conn.quit().catch(() => conn?.disconnect());
      conn = undefined;
    },

    reconcile: async (opts = {}) => {
      // A pass already running may have started before the caller's change: wait for it, then run one.
      if (reconciling) await reconciling.catch(() => {});
      return reconcileNow({ full: opts.full ?? true });
    },

    async sendRate() {
      return conn ? sendRate(conn, o.prefix) : 0;
    },

    async status() {
      return collectStatus(deps, requireQueues(), redisShown);
    },

    async drain(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      let idleRounds = 0;
      while (Date.now() < until) {
        const moved = await dispatchDue(deps, requireQueues());
        const promoted = await promoteDue();
        if (moved === 0 && promoted === 0 && !(await busy())) {
          // Idle, but a reconciler pass (the one on start) may still add work: wait for it, look again.
          if (reconciling) {
            await reconciling;
            idleRounds = 0;
            continue;
          }
          // Twice in a row: a job finishing between the checks may just have queued more work.
          if (++idleRounds >= 2) return;
        } else {
          idleRounds = 0;
        }
        await sleep(20);
      }
      throw new Error(`jobs drain: queues still busy after ${timeoutMs} ms: ${JSON.stringify((await collectStatus(deps, requireQueues(), redisShown)).queues)}`);
    },
  };
}
