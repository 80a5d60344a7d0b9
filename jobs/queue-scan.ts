import type { Job } from 'bullmq';
import type { CoreDeps } from '../src/deps';
import type { Queues } from './dispatcher';
import { QUEUE_NAMES } from './queues';

const PAGE = 500;

/**
 * Jobs whose time has come by deps.clock but whose BullMQ timer (real time) has not: a test's ManualClock
 * or the local demo's OffsetClock moved on. Deadline steps, and messages queued for later, run now.
 * (Short real-time delays — the per-chat interval, a 429 pause — are left alone.)
 */
export async function promoteDue(deps: CoreDeps, q: Queues): Promise<number> {
  const now = deps.clock.now().getTime();
  let promoted = 0;
  for (const name of ['deadline', 'send'] as const) {
    for (let start = 0; ; start += PAGE) {
      const jobs = (await q[name].getDelayed(start, start + PAGE - 1)) as Job<{ runAt?: string }>[];
      for (const job of jobs) {
        if (!job?.data.runAt || new Date(job.data.runAt).getTime() > now) continue;
        if (name === 'send' && job.timestamp + (job.opts.delay ?? 0) <= Date.now() + 5000) continue;
        await job.promote().catch(() => {});
        promoted++;
      }
      if (jobs.length < PAGE) break;
    }
  }
  return promoted;
}

/**
 * The database is back after an outage: jobs waiting out a retry backoff (up to MAX_BACKOFF_MS, 60 s) run
 * now instead of when their backoff ends. Those are delayed jobs whose last attempt failed (attemptsMade > 0
 * and a failedReason); a send held back by a 429 is left alone (the limiter's pause and the chat's own wait
 * must hold). Deadline steps that fell due during the outage are thus seconds late, not a minute.
 */
export async function promoteRetrying(q: Queues): Promise<number> {
  let promoted = 0;
  for (const name of ['deadline', 'send', 'broadcast', 'sms'] as const) {
    for (let start = 0; ; start += PAGE) {
      const jobs = (await q[name].getDelayed(start, start + PAGE - 1)) as Job[];
      let here = 0;
      for (const job of jobs) {
        if (!job || job.attemptsMade === 0 || !job.failedReason || /\b429\b/.test(job.failedReason)) continue;
        await job.promote().catch(() => {});
        here++;
      }
      promoted += here;
      // Promoting removes from the delayed set: read the same page again until nothing more moves.
      if (jobs.length < PAGE) break;
      if (here > 0) start -= PAGE;
    }
  }
  return promoted;
}

/** Work that drain() waits for: anything running or due by deps.clock within the next minute. */
export async function queuesBusy(deps: CoreDeps, q: Queues): Promise<boolean> {
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
}
