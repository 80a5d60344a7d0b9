import type { Redis } from 'ioredis';
import type { CoreDeps } from '../../src/deps';
import { sweepOwnerMobiles } from '../../src/services/sms';
import type { Queues } from '../dispatcher';
import { reconcileDeadlines } from './deadlines';
import { reconcileOutbox, reconcilePhotos } from './outbox';
import { reviveFailed } from './revive';
import { flushSentFacts } from '../sent-facts';

/** Work the reconciler looks back over (older undelivered rows are left to an operator). */
export const RECONCILE_LOOKBACK_MS = 7 * 24 * 3_600_000;

/** What one reconciler pass restored. */
export interface ReconcileResult {
  /** 'full': every open case and every owed message of the lookback; 'incremental': what changed since the last pass. */
  mode: 'full' | 'incremental';
  openCases: number;
  /** Finished entries planned again for a part depositor's s. 20 reminders. */
  finishedWithPartDeposits: number;
  /** Deadline steps put (back) into the queue (missing, or failed and removed first). */
  deadlineSteps: number;
  /** Undelivered send rows re-enqueued (their job was missing or had failed). */
  sends: number;
  /** Broadcasts fanned out again (undelivered recipients re-enqueued), or their fan-out job put back. */
  broadcasts: number;
  /** Failed jobs whose work is still owed, removed and added again under the same id. */
  revived: number;
  /** Photo fetches put back (the photo still has no bytes and its job was missing or had failed). */
  photos: number;
  /** "Sent" facts kept in Redis while the database was down, written into Delivery rows. */
  sentFacts: number;
  /** Owed SMS re-enqueued (their job was missing or had failed). */
  sms: number;
  /** Owners' mobile numbers erased this pass (their case ended SMS_RETENTION_DAYS ago). */
  mobilesErased: number;
  ms: number;
}

/** Options of one pass. */
export interface ReconcileOptions {
  /** Every open case and owed message (else only failed jobs and rows dispatched since `since`). */
  full?: boolean;
  /** Incremental pass: outbox rows dispatched since this instant (deps.clock time). */
  since?: Date;
  /** The runtime's Redis connection (job states in one pipeline, the sent facts). */
  redis: Redis;
  /** The BullMQ prefix. */
  prefix: string;
}

/**
 * Rebuilds the queues from the database, which is the source of truth: after a Redis flush or failover
 * every pending deadline of every open case, every undelivered message and every unfinished broadcast is
 * back; jobs that failed for a transient reason (an outage outlasting their retries, a worker killed twice)
 * are added again; and because job ids are deterministic and run/delivery rows guard each effect, nothing
 * is doubled. A full pass pages open cases by id (the status index) and checks each page with a handful
 * of statements and one Redis pipeline, then the finished entries whose part s. 15 deposits still await their
 * s. 20 complaint (from the Payment side); an incremental pass looks only at failed jobs and at outbox rows
 * dispatched since the last pass. The runtime runs it off the dispatcher's tick (jobs/runtime.ts).
 */
export async function reconcile(deps: CoreDeps, queues: Queues, opts: ReconcileOptions): Promise<ReconcileResult> {
  const { redis } = opts;
  const t0 = Date.now();
  const full = opts.full ?? true;
  const result: ReconcileResult = {
    mode: full ? 'full' : 'incremental',
    openCases: 0,
    finishedWithPartDeposits: 0,
    deadlineSteps: 0,
    sends: 0,
    broadcasts: 0,
    revived: 0,
    photos: 0,
    sentFacts: 0,
    sms: 0,
    mobilesErased: 0,
    ms: 0,
  };
  result.sentFacts = await flushSentFacts(deps, redis, opts.prefix);
  result.revived = await reviveFailed(deps, queues);

  if (full) {
    const planned = await reconcileDeadlines(deps, queues, redis);
    result.openCases = planned.openCases;
    result.finishedWithPartDeposits = planned.finishedWithPartDeposits;
    result.deadlineSteps = planned.deadlineSteps;
    // Owners' mobile numbers are kept SMS_RETENTION_DAYS after their case ends, by deps.clock.
    result.mobilesErased = (await sweepOwnerMobiles(deps.db, deps.clock.now(), deps.config.SMS_RETENTION_DAYS)).erased;
  }

  const since = full || !opts.since ? new Date(deps.clock.now().getTime() - RECONCILE_LOOKBACK_MS) : opts.since;
  const owed = await reconcileOutbox(deps, queues, redis, since);
  result.sends = owed.sends;
  result.sms = owed.sms;
  result.broadcasts = owed.broadcasts;
  result.photos = await reconcilePhotos(deps, queues, redis, since);
  result.ms = Date.now() - t0;
  return result;
}
