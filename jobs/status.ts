import type { Job, Queue } from 'bullmq';
import type { CoreDeps } from '../src/deps';
import { pendingSteps } from '../src/services/notice';
import { MAX_ENQUEUE_ATTEMPTS, type Queues } from './dispatcher';
import { PERMANENT_KINDS, type PermanentKind } from './permanent';
import { keyFromJobId, QUEUE_NAMES, type QueueName } from './queues';

/** Job counts of one queue. */
export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  prioritized: number;
  failed: number;
  completed: number;
}

/** The oldest piece of work that should have run by now and has not. */
export interface OverdueItem {
  key: string;
  /**
   * Where it is stuck: an undispatched outbox row, a job waiting (or failed) in a queue, or a message the
   * database says is owed (a PENDING Delivery row) that has not gone.
   */
  where: 'outbox' | 'delivery' | QueueName;
  dueAt: string;
  lateMs: number;
}

/** What /status and `npm run admin -- jobs` show. */
export interface JobsStatus {
  at: string;
  /** REDIS_URL without its password. */
  redis: string;
  queues: Record<QueueName, QueueCounts>;
  /** Failed jobs across the queues (retried with backoff, then kept for an operator). */
  failedTotal: number;
  outbox: { undispatchedDue: number; stuck: number };
  deliveries: { pending: number; unreachable: number; failed: number };
  /**
   * Messages whose error retrying would not cure, by kind (jobs/permanent.ts): sent without their PDF or photo, or
   * given up. `gone` is never counted here (no Delivery row is left to count); kanji_send_permanent_errors_total is.
   */
  permanent: Record<Exclude<PermanentKind, 'gone'>, number>;
  oldestOverdue: OverdueItem | null;
  /** Statutory steps waiting for an official nobody could reach (e.g. no officer for the s. 14 report). */
  pendingSteps: { total: number; steps: Array<{ caseNumber: string; step: string; dueAt: string }> };
}

/** Work counts as overdue only after this much lateness (a poll interval is not an incident). */
export const OVERDUE_AFTER_MS = 60_000;

async function countsOf(q: Queue): Promise<QueueCounts> {
  const c = await q.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed');
  return {
    waiting: c.waiting ?? 0,
    active: c.active ?? 0,
    delayed: c.delayed ?? 0,
    prioritized: c.prioritized ?? 0,
    failed: c.failed ?? 0,
    completed: c.completed ?? 0,
  };
}

function dueOf(name: QueueName, job: Job): number {
  if (name === 'deadline' && typeof job.data?.runAt === 'string') return new Date(job.data.runAt).getTime();
  return job.timestamp + (job.opts.delay ?? 0);
}

/** Queue depths, failures, undispatched outbox rows and the oldest overdue item. */
export async function collectStatus(deps: CoreDeps, queues: Queues, redis: string): Promise<JobsStatus> {
  const now = deps.clock.now();
  const entries = await Promise.all(QUEUE_NAMES.map(async (n) => [n, await countsOf(queues[n])] as const));
  const counts = Object.fromEntries(entries) as Record<QueueName, QueueCounts>;
  const [undispatchedDue, stuck, oldestRow, pending, unreachable, failed, oldestOwed] = await Promise.all([
    deps.db.outboxEntry.count({ where: { dispatchedAt: null, runAt: { lte: now } } }),
    deps.db.outboxEntry.count({ where: { dispatchedAt: null, attempts: { gte: MAX_ENQUEUE_ATTEMPTS } } }),
    deps.db.outboxEntry.findFirst({
      where: { dispatchedAt: null, runAt: { lte: new Date(now.getTime() - OVERDUE_AFTER_MS) } },
      orderBy: { runAt: 'asc' },
    }),
    deps.db.delivery.count({ where: { status: 'PENDING' } }),
    deps.db.delivery.count({ where: { status: 'UNREACHABLE' } }),
    deps.db.delivery.count({ where: { status: 'FAILED' } }),
    // Delivery rows are stamped by the database (real time), so their lateness is measured in real time.
    deps.db.delivery.findFirst({
      where: { status: 'PENDING', createdAt: { lte: new Date(Date.now() - OVERDUE_AFTER_MS) } },
      orderBy: { createdAt: 'asc' },
    }),
  ]);
  const candidates: OverdueItem[] = [];
  if (oldestRow)
    candidates.push({
      key: oldestRow.jobKey,
      where: 'outbox',
      dueAt: oldestRow.runAt.toISOString(),
      lateMs: now.getTime() - oldestRow.runAt.getTime(),
    });
  if (oldestOwed) {
    candidates.push({
      key: `${oldestOwed.messageKey}#${oldestOwed.telegramUserId}`,
      where: 'delivery',
      dueAt: oldestOwed.createdAt.toISOString(),
      lateMs: Date.now() - oldestOwed.createdAt.getTime(),
    });
  }
  for (const name of QUEUE_NAMES) {
    const q = queues[name];
    // A failed job is overdue too (the reconciler adds it again while its work is owed).
    const jobs = [
      ...(await q.getJobs(['waiting', 'prioritized'], 0, 0, true)),
      ...(await q.getJobs(['delayed'], 0, 0, true)),
      ...(await q.getJobs(['failed'], 0, 0, true)),
    ];
    for (const job of jobs) {
      if (!job?.id) continue;
      const due = dueOf(name, job);
      const ref = name === 'deadline' ? now.getTime() : Date.now();
      candidates.push({
        key: keyFromJobId(job.id),
        where: name,
        dueAt: new Date(due).toISOString(),
        lateMs: ref - due,
      });
    }
  }
  const overdue = candidates.filter((c) => c.lateMs > OVERDUE_AFTER_MS).sort((a, b) => b.lateMs - a.lateMs);
  return {
    at: now.toISOString(),
    redis,
    queues: counts,
    failedTotal: QUEUE_NAMES.reduce((s, n) => s + counts[n].failed, 0),
    outbox: { undispatchedDue, stuck },
    deliveries: { pending, unreachable, failed },
    oldestOverdue: overdue[0] ?? null,
    permanent: await permanentCounts(deps),
    pendingSteps: await pendingStepsShown(deps),
  };
}

/** Delivery rows by the kind their lastError starts with (jobs/permanent.ts permanentError). */
async function permanentCounts(deps: CoreDeps): Promise<JobsStatus['permanent']> {
  const kinds = PERMANENT_KINDS.filter((k): k is Exclude<PermanentKind, 'gone'> => k !== 'gone');
  const counts = await Promise.all(
    kinds.map((k) => deps.db.delivery.count({ where: { lastError: { startsWith: `${k}: ` } } })),
  );
  return Object.fromEntries(kinds.map((k, i) => [k, counts[i]!])) as JobsStatus['permanent'];
}

/** Most pending steps listed by name on /status (the total is always shown). */
export const PENDING_STEPS_SHOWN = 10;

async function pendingStepsShown(deps: CoreDeps): Promise<JobsStatus['pendingSteps']> {
  const p = await pendingSteps(deps.db, 'all', PENDING_STEPS_SHOWN);
  return {
    total: p.total,
    steps: p.steps.map((s) => ({ caseNumber: s.caseNumber, step: s.step, dueAt: s.dueAt.toISOString() })),
  };
}

/** The status as lines of text in the reader's language (jobs:status.*), for /status and the CLI. */
export function statusLines(t: (key: string, options?: Record<string, unknown>) => string, s: JobsStatus): string[] {
  const lines = [t('jobs:status.title', { at: s.at }), t('jobs:status.redis', { url: s.redis })];
  for (const name of QUEUE_NAMES) {
    const c = s.queues[name];
    lines.push(
      t('jobs:status.queue', {
        name: t(`jobs:status.queue_name.${name}`),
        waiting: c.waiting + c.prioritized,
        active: c.active,
        delayed: c.delayed,
        failed: c.failed,
      }),
    );
  }
  lines.push(t('jobs:status.failed_total', { n: s.failedTotal }));
  lines.push(t('jobs:status.outbox', { due: s.outbox.undispatchedDue, stuck: s.outbox.stuck }));
  lines.push(t('jobs:status.deliveries', s.deliveries));
  lines.push(t('jobs:permanent.status', s.permanent));
  lines.push(
    s.oldestOverdue
      ? t('jobs:status.overdue', {
          key: s.oldestOverdue.key,
          where: s.oldestOverdue.where,
          dueAt: s.oldestOverdue.dueAt,
          count: Math.round(s.oldestOverdue.lateMs / 60_000),
        })
      : t('jobs:status.no_overdue'),
  );
  if (s.pendingSteps.total === 0) lines.push(t('jobs:status.no_pending_steps'));
  else {
    lines.push(t('jobs:status.pending_steps', { count: s.pendingSteps.total }));
    for (const p of s.pendingSteps.steps)
      lines.push(
        t('jobs:status.pending_step', {
          number: p.caseNumber,
          step: t(`jobs:status.step_name.${p.step}`),
          dueAt: p.dueAt,
        }),
      );
  }
  return lines;
}
