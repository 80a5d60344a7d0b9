import type { Redis } from 'ioredis';
import { systemClock } from '../src/clock';
import type { CoreDeps } from '../src/deps';
import { dispatchDue, type Queues } from './dispatcher';
import { promoteDue, promoteRetrying } from './queue-scan';

/** The outbox dispatcher as the runtime runs it: a tick every `pollMs`, or at once when nudged. */
export interface DispatchLoop {
  /** The first tick after `pollMs`. */
  start(): void;
  /** A tick now (or right after the one running ends). */
  nudge(): void;
  /** Clears the timer of the next tick (a tick running is left to finish: `tick`). */
  stop(): void;
  /** The tick running now, if any. */
  readonly tick: Promise<void> | undefined;
}

/** The runtime's dispatcher loop; `connection`, `queues` and `stopping` are read at each tick. */
export function dispatchLoop(o: {
  deps: CoreDeps;
  log: CoreDeps['logger'];
  pollMs: number;
  connection: () => Redis | undefined;
  queues: () => Queues;
  stopping: () => boolean;
  /** A reconcile pass, run when the database is reachable again. */
  reconcileNow: () => Promise<unknown>;
}): DispatchLoop {
  const { deps, log, pollMs } = o;
  const requireQueues = o.queues;
  const reconcileNow = o.reconcileNow;
  let timer: NodeJS.Timeout | undefined;
  let tick: Promise<void> | undefined;

  const dispatchOnce = async () => {
    await dispatchDue(deps, requireQueues());
    // A clock that is not the system clock (the local demo's /time +8d) moves statutory time without
    // BullMQ's real-time timers noticing: release the deadlines it has reached.
    if (deps.clock !== systemClock) await promoteDue(deps, requireQueues());
  };

  /**
   * The dispatcher's tick is also the database's heartbeat: a tick that fails marks it down, and the first
   * one that succeeds after that catches up at once — jobs waiting out a retry backoff (up to 60 s) run now
   * and a reconcile pass revives what ran out of attempts — so a deadline step that fell due during a
   * Postgres outage runs within a tick or two of the recovery.
   */
  let dbDown = false;
  const tickOnce = async () => {
    try {
      await dispatchOnce();
    } catch (err) {
      if (!dbDown && o.connection()?.status === 'ready')
        log.warn({ err: (err as Error).message }, 'outbox dispatch failed: database unavailable?');
      dbDown = o.connection()?.status === 'ready' || dbDown;
      throw err;
    }
    if (!dbDown) return;
    dbDown = false;
    const promoted = await promoteRetrying(requireQueues());
    log.warn({ promoted }, 'database reachable again: retrying jobs now');
    reconcileNow().catch((err) => log.error({ err }, 'reconcile after the database came back failed'));
  };

  /** A nudge arrived while a tick ran: run another as soon as it ends (what it committed may have missed that tick). */
  let nudged = false;
  const runTick = () => {
    timer = undefined;
    tick = tickOnce()
      .catch((err) => log.error({ err }, 'outbox dispatch failed'))
      .finally(() => {
        tick = undefined;
        if (nudged && !o.stopping()) {
          nudged = false;
          runTick();
        } else schedule();
      });
  };
  const schedule = () => {
    if (o.stopping()) return;
    timer = setTimeout(runTick, pollMs);
  };

  return {
    start: schedule,
    nudge() {
      if (tick) {
        nudged = true;
        return;
      }
      if (timer) clearTimeout(timer);
      runTick();
    },
    stop() {
      if (timer) clearTimeout(timer);
    },
    get tick() {
      return tick;
    },
  };
}
