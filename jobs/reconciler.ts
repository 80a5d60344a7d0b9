import type { CoreDeps } from '../src/deps';
import { FINISHED_STATUSES } from '../src/services/deadlines';
import { fanOut } from './broadcast-worker';
import { scheduleCase } from './deadline-worker';
import { enqueueRow, type Queues } from './dispatcher';
import { jobIdFor, sendJobIdFor } from './queues';

/** Work the reconciler looks back over (older undelivered rows are left to an operator). */
export const RECONCILE_LOOKBACK_MS = 7 * 24 * 3_600_000;
const PAGE = 500;

/** What one reconciler pass restored. */
export interface ReconcileResult {
  openCases: number;
  /** Deadline steps put (back) into the queue; a no-op in Redis when the job was still there. */
  deadlineSteps: number;
  /** Undelivered send rows re-enqueued (their job was missing). */
  sends: number;
  /** Broadcasts fanned out again (undelivered recipients re-enqueued). */
  broadcasts: number;
}

/**
 * Rebuilds the queues from the database, which is the source of truth: after a Redis flush or failover
 * every pending deadline of every open case, every undelivered message and every unfinished broadcast is
 * back, and because job ids are deterministic and run/delivery rows guard each effect, nothing is doubled.
 * Runs on start and every RECONCILE_INTERVAL_MINUTES.
 */
export async function reconcile(deps: CoreDeps, queues: Queues): Promise<ReconcileResult> {
  const result: ReconcileResult = { openCases: 0, deadlineSteps: 0, sends: 0, broadcasts: 0 };
  for (let cursor = 0; ; ) {
    const cases = await deps.db.case.findMany({
      where: { status: { notIn: [...FINISHED_STATUSES] }, id: { gt: cursor } },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: PAGE,
    });
    for (const c of cases) result.deadlineSteps += (await scheduleCase(deps, queues, c.id)).length;
    result.openCases += cases.length;
    if (cases.length < PAGE) break;
    cursor = cases[cases.length - 1]!.id;
  }

  const since = new Date(deps.clock.now().getTime() - RECONCILE_LOOKBACK_MS);
  for (let cursor = 0n; ; ) {
    const rows = await deps.db.outboxEntry.findMany({
      where: { dispatchedAt: { not: null, gte: since }, jobName: { in: ['send', 'broadcast'] }, id: { gt: cursor } },
      orderBy: { id: 'asc' },
      take: PAGE,
    });
    if (rows.length === 0) break;
    cursor = rows[rows.length - 1]!.id;
    const sends = rows.filter((r) => r.jobName === 'send');
    const finals = await deps.db.delivery.findMany({
      where: { messageKey: { in: sends.map((r) => r.jobKey) }, status: { in: ['SENT', 'UNREACHABLE', 'FAILED'] } },
      select: { messageKey: true, telegramUserId: true },
    });
    const done = new Set(finals.map((f) => `${f.messageKey}\u0000${f.telegramUserId}`));
    for (const row of sends) {
      const chatId = (row.payload as { chatId?: string }).chatId;
      if (done.has(`${row.jobKey}\u0000${chatId}`)) continue;
      if (await queues.send.getJob(sendJobIdFor(row.id))) continue;
      await enqueueRow(deps, queues, row);
      result.sends++;
    }
    for (const row of rows.filter((r) => r.jobName === 'broadcast')) {
      const p = row.payload as { kind: string; caseId: number };
      const deliveries = await deps.db.delivery.count({ where: { messageKey: row.jobKey } });
      const pending = await deps.db.delivery.count({ where: { messageKey: row.jobKey, status: 'PENDING' } });
      if (deliveries === 0) {
        // Never fanned out (or nobody to tell): put the fan-out job back unless it is still there.
        if (!(await queues.broadcast.getJob(jobIdFor(row.jobKey)))) {
          await enqueueRow(deps, queues, row);
          result.broadcasts++;
        }
      } else if (pending > 0) {
        await fanOut(deps, queues, { key: row.jobKey, kind: p.kind, caseId: p.caseId });
        result.broadcasts++;
      }
    }
    if (rows.length < PAGE) break;
  }
  return result;
}
