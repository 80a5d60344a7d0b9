import { Queue, type Worker } from 'bullmq';
import type { Api, Transformer } from 'grammy';
import type { Redis } from 'ioredis';
import type { CoreDeps } from '../src/deps';
import type { DeadlineHooks } from './deadline-worker';
import { dispatchDue, type Queues } from './dispatcher';
import { promoteDue, queuesBusy } from './queue-scan';
import { type ReconcileResult, reconcileLoop } from './reconcile';
import { dispatchLoop } from './dispatch-loop';
import { rateLimitedReplies } from './reply-limiter';
import { QUEUE_NAMES } from './queues';
import { chatTagSecret, TelegramRateLimiter } from './rate-limit';
import { createRedis, probeRedis, redactRedisUrl } from './redis';
import { sendRate } from './send-rate';
import { collectStatus, type JobsStatus } from './status';
import { startWorkers, type WorkerTuning } from './workers';
import { planSnapshotOnStart } from '../src/services/open-data';

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
  tuning?: WorkerTuning;
  /** Fault injection for tests (a worker process that dies mid-job). */
  hooks?: DeadlineHooks;
}

/** The running jobs part: queues, workers, outbox dispatcher and reconciler. */
export interface JobRuntime {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<JobsStatus>;
  /**
   * Dispatch the outbox now rather than at the next poll: a change that owes someone a message at once (a keeper's
   * confirmation owes the owner his receipt) has just committed. Does nothing without the dispatcher.
   */
  nudge(): void;
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

export { LOCK_DURATION_MS, STALLED_INTERVAL_MS } from './workers';

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
  let stopping = false;
  /** Set when the Redis connection was lost; the next 'ready' reconciles at once. */
  let redisLost = false;

  const requireQueues = (): Queues => {
    if (!queues) throw new Error('jobs runtime not started');
    return queues;
  };

  const reconciler = reconcileLoop({
    deps,
    prefix: o.prefix,
    log,
    connection: () => conn,
    queues: requireQueues,
    stopping: () => stopping,
  });
  const reconcileNow = reconciler.now;
  const dispatcher = dispatchLoop({
    deps,
    log,
    pollMs,
    connection: () => conn,
    queues: requireQueues,
    stopping: () => stopping,
    reconcileNow,
  });

  return {
    get queues() {
      return requireQueues();
    },

    replyTransformer,

    nudge() {
      if (!runDispatcher || stopping || !queues) return;
      dispatcher.nudge();
    },

    async start() {
      const probe = await probeRedis(o.redisUrl);
      if (probe.maxmemoryPolicy && probe.maxmemoryPolicy !== 'noeviction') {
        log.warn(
          { policy: probe.maxmemoryPolicy },
          'Redis maxmemory-policy should be noeviction: evicted keys are lost jobs',
        );
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
      queues = Object.fromEntries(
        QUEUE_NAMES.map((n) => {
          const q = new Queue(n, { connection, prefix: o.prefix });
          // A queue re-emits its connection's errors; with no listener BullMQ prints each to stderr, past the
          // logger. The shared connection logs them once (above).
          q.on('error', () => {});
          return [n, q];
        }),
      ) as unknown as Queues;
      limiter = new TelegramRateLimiter(conn, {
        perSecond: deps.config.TELEGRAM_GLOBAL_PER_SECOND,
        perChatIntervalMs: deps.config.TELEGRAM_PER_CHAT_INTERVAL_MS,
        prefix: o.prefix,
        chatKeySecret: chatTagSecret(deps.config, o.prefix),
        ...(o.tuning?.pace !== undefined ? { pace: o.tuning.pace } : {}),
      });
      if (runWorkers) {
        workers.push(
          ...(await startWorkers({
            deps,
            api: o.api,
            connection,
            prefix: o.prefix,
            limiter,
            queues: requireQueues,
            ...(o.tuning ? { tuning: o.tuning } : {}),
            ...(o.hooks ? { hooks: o.hooks } : {}),
          })),
        );
      }
      if (runDispatcher) {
        // The open pound data's daily snapshot: today's, unless planned already (each run plans the next day's).
        await planSnapshotOnStart(deps.db, deps.clock.now());
        await dispatchDue(deps, requireQueues());
        // The full pass runs in the background: start-up does not wait for it (the workers already run the
        // jobs Redis kept; the pass only adds what is missing).
        reconcileNow({ full: true }).catch((err) => log.error({ err }, 'reconcile on start failed'));
        dispatcher.start();
        reconciler.start();
      }
      log.info(
        { redis: redisShown, prefix: o.prefix, workers: runWorkers, dispatcher: runDispatcher },
        'jobs runtime started',
      );
    },

    async stop() {
      stopping = true;
      dispatcher.stop();
      reconciler.stop();
      // Redis away: nothing can finish, and every command waits in ioredis's offline queue for a server that
      // may not come back. Closing the connection first fails those commands (jobs/redis.ts ClosableRedis),
      // so the dispatcher's tick and a reconcile pass end at once, and the workers are closed without waiting.
      const redisUp = conn?.status === 'ready';
      if (!redisUp) conn?.disconnect();
      if (dispatcher.tick) await dispatcher.tick.catch(() => {});
      if (reconciler.running) await reconciler.running.catch(() => {});
      // close() lets active jobs finish; a job still running when the process dies is handed back by the
      // stalled-job check of the next worker.
      await Promise.all(
        workers.map((w) =>
          w.close(!redisUp).catch((err) => log.warn({ err: (err as Error).message }, 'worker close failed')),
        ),
      );
      workers.length = 0;
      if (queues) await Promise.all(Object.values(queues).map((q) => q.close().catch(() => {})));
      queues = undefined;
      limiter = undefined;
      if (conn) {
        if (conn.status === 'ready') await conn.quit().catch(() => conn?.disconnect());
        else conn.disconnect();
      }
      conn = undefined;
    },

    reconcile: async (opts = {}) => {
      // A pass already running may have started before the caller's change: wait for it, then run one.
      if (reconciler.running) await reconciler.running.catch(() => {});
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
        const promoted = await promoteDue(deps, requireQueues());
        if (moved === 0 && promoted === 0 && !(await queuesBusy(deps, requireQueues()))) {
          // Idle, but a reconciler pass (the one on start) may still add work: wait for it, look again.
          if (reconciler.running) {
            await reconciler.running;
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
      throw new Error(
        `jobs drain: queues still busy after ${timeoutMs} ms: ${JSON.stringify((await collectStatus(deps, requireQueues(), redisShown)).queues)}`,
      );
    },
  };
}
