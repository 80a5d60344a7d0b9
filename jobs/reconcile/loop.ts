import type { Redis } from 'ioredis';
import type { CoreDeps } from '../../src/deps';
import type { Queues } from '../dispatcher';
import { reconcile, type ReconcileResult } from './reconciler';

/** The incremental reconciler pass (failed jobs, rows dispatched since the last pass) runs this often. */
export const RECONCILE_INCREMENTAL_MS = 30_000;

/** The reconciler as the runtime runs it: one pass at a time, on its own timer. */
export interface ReconcileLoop {
  /**
   * One pass at a time (a second caller gets the running pass). Full when asked, when the interval is up, or
   * when the sentinel key a full pass leaves in Redis is gone (Redis restarted empty or was flushed).
   */
  now(want?: { full?: boolean }): Promise<ReconcileResult>;
  /** The pass running now, if any. */
  readonly running: Promise<ReconcileResult> | undefined;
  /** The reconciler's own loop, apart from the dispatcher's tick: a slow pass never delays dispatching. */
  start(): void;
  /** Clears the loop's timer (a pass running is left to finish: `running`). */
  stop(): void;
}

/** The runtime's reconciler loop; `connection`, `queues` and `stopping` are read at each pass. */
export function reconcileLoop(o: {
  deps: CoreDeps;
  prefix: string;
  log: CoreDeps['logger'];
  connection: () => Redis | undefined;
  queues: () => Queues;
  stopping: () => boolean;
}): ReconcileLoop {
  const { deps, log } = o;
  let lastFull = 0;
  let lastPassAt: Date | undefined;
  let reconciling: Promise<ReconcileResult> | undefined;
  let reconcileTimer: NodeJS.Timeout | undefined;
  const reconcileEveryMs = deps.config.RECONCILE_INTERVAL_MINUTES * 60_000;
  const requireQueues = o.queues;
  const sentinelKey = `${o.prefix}:reconciled`;
  /**
   * One pass at a time (a second caller gets the running pass). Full when asked, when the interval is up, or
   * when the sentinel key a full pass leaves in Redis is gone (Redis restarted empty or was flushed).
   */
  const reconcileNow = (want: { full?: boolean } = {}): Promise<ReconcileResult> => {
    if (reconciling) return reconciling;
    const run = async () => {
      const redis = o.connection()!;
      const startedAt = deps.clock.now();
      const full =
        want.full ??
        (Date.now() - lastFull >= reconcileEveryMs || !lastPassAt || (await redis.exists(sentinelKey)) === 0);
      const r = await reconcile(deps, requireQueues(), {
        redis,
        prefix: o.prefix,
        full,
        ...(lastPassAt ? { since: new Date(lastPassAt.getTime() - 60_000) } : {}),
      });
      lastPassAt = startedAt;
      if (full) {
        lastFull = Date.now();
        await redis.set(sentinelKey, startedAt.toISOString());
      }
      const restored = r.deadlineSteps + r.sends + r.broadcasts + r.revived + r.sentFacts + r.sms;
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
    if (o.stopping()) return;
    reconcileTimer = setTimeout(() => {
      reconcileNow()
        .catch((err) => log.error({ err }, 'reconcile failed'))
        .finally(scheduleReconcile);
    }, RECONCILE_INCREMENTAL_MS);
  };

  return {
    now: reconcileNow,
    get running() {
      return reconciling;
    },
    start: scheduleReconcile,
    stop() {
      if (reconcileTimer) clearTimeout(reconcileTimer);
    },
  };
}
