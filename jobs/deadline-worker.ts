import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { CoreDeps } from '../src/deps';
import { audit } from '../src/services/audit';
import {
  DEADLINE_STEPS,
  loadCaseForDeadlines,
  planSteps,
  type DeadlineStep,
  type PlannedStep,
} from '../src/services/deadlines';
import { addToOutbox } from '../src/services/outbox';
import { OPEN_DATA_STEP, takeSnapshot, type SnapshotResult } from '../src/services/open-data';
import { runDeadlineStep } from '../src/services/reminders';
import { PENDING_OUTCOME } from '../src/services/notice';
import { enqueueRow, type Queues } from './dispatcher';
import { deadlineJob, jobIdFor, type DeadlineJobData } from './queues';

/** What a deadline job did (its BullMQ return value). */
export type DeadlineOutcome =
  | { planned: number }
  | { outcome: 'sent' | 'moved_on' | 'pending'; messages: number }
  | { outcome: 'already_ran' }
  | SnapshotResult;

/** Run outcomes a replan may run again: the case had moved on, or the step's person was not reachable. */
const RERUNNABLE: string[] = ['moved_on', PENDING_OUTCOME];

/**
 * Puts the case's pending deadline steps into the deadline queue as delayed jobs; the job id is the step
 * key, so scheduling twice (a replan and the reconciler, two processes) leaves one job. Past-due steps get
 * no delay and run at once. A step that has sent its messages (DeadlineRun 'sent') is never scheduled again.
 * A step that found the case moved on ('moved_on') is scheduled again only on a replan (`afterChange`): the
 * facts changed and may call for it after all (a rejected payment puts an unclaimed case back on the s. 14
 * path); its finished BullMQ job is removed first, or the add would be a no-op.
 */
export async function scheduleCase(
  deps: CoreDeps,
  queues: Queues,
  caseId: number,
  afterChange = false,
): Promise<PlannedStep[]> {
  const c = await loadCaseForDeadlines(deps.db, caseId);
  if (!c) return [];
  const steps = planSteps(c, deps.config);
  if (steps.length === 0) return [];
  const runs = new Map(
    (
      await deps.db.deadlineRun.findMany({
        where: { key: { in: steps.map((s) => s.key) } },
        select: { key: true, outcome: true },
      })
    ).map((r) => [r.key, r.outcome]),
  );
  const pending = steps.filter((s) => !runs.has(s.key) || (afterChange && RERUNNABLE.includes(runs.get(s.key)!)));
  for (const s of pending) {
    if (!runs.has(s.key)) continue;
    const old = await queues.deadline.getJob(jobIdFor(s.key));
    if (old && ((await old.isCompleted()) || (await old.isFailed()))) await old.remove();
  }
  const now = deps.clock.now().getTime();
  await queues.deadline.addBulk(pending.map((s) => deadlineJob(s, now)));
  return pending;
}

/** Test hooks: a fault injected between the database effect and the end of the job (process-kill tests). */
export interface DeadlineHooks {
  afterCommit?: (data: DeadlineJobData) => void | Promise<void>;
}

/**
 * Runs one deadline step. In one transaction: the DeadlineRun row (unique key — a re-run or a second
 * worker inserts nothing and stops), the step's messages as outbox rows with deterministic keys, the
 * step's own effect (the s. 14 report marks the case reported) and an audit event. After the commit the
 * messages are enqueued at once (the dispatcher would find them too; the ids make that harmless).
 * The step re-checks the case: if the present facts no longer call for it (claimed, notice posted,
 * auction moved), it records 'moved_on' and sends nothing.
 */
export async function runStep(
  deps: CoreDeps,
  queues: Queues,
  d: DeadlineJobData,
  hooks: DeadlineHooks = {},
): Promise<DeadlineOutcome> {
  if (!(DEADLINE_STEPS as readonly string[]).includes(d.step))
    throw new UnrecoverableError(`unknown deadline step ${d.step}`);
  const step = d.step as DeadlineStep;
  const now = deps.clock.now();
  const ctx = { config: deps.config, translator: deps.translator };
  const res = await deps.db.$transaction(
    async (tx) => {
      const before = await tx.deadlineRun.findUnique({ where: { key: d.key } });
      if (before?.outcome === 'sent') return null;
      const c = await loadCaseForDeadlines(tx, d.caseId);
      const stillPlanned = c !== null && planSteps(c, deps.config).some((s) => s.key === d.key);
      // The step decides what it is recorded as: a statutory step whose person cannot be reached (no officer
      // for the s. 14 report) is 'pending' and done only when it reaches them (src/services/notice/report.ts).
      const { outcome, messages } = stillPlanned
        ? await runDeadlineStep(step, { ...ctx, db: tx }, d.caseId, now, d.ref)
        : { outcome: 'moved_on' as const, messages: [] };
      // The run row is the guard: inserted once, or turned from 'moved_on'/'pending' once. A concurrent run
      // of the same key matches nothing here (unique key; the outcome no longer re-runnable) and stops.
      const claimed = before
        ? await tx.deadlineRun.updateMany({
            where: { key: d.key, outcome: { in: RERUNNABLE } },
            data: { ranAt: now, outcome, messages: messages.length },
          })
        : await tx.deadlineRun.createMany({
            data: [
              {
                key: d.key,
                caseId: d.caseId,
                step,
                dueAt: new Date(d.runAt),
                ranAt: now,
                outcome,
                messages: messages.length,
              },
            ],
            skipDuplicates: true,
          });
      if (claimed.count === 0) return null;
      const keys: string[] = [];
      // Several messages to one chat (report, notice, proclamation, PDFs) are one bundle, read in the order the
      // step gave them: each waits for the one before it (`after`, enforced by the sender) and is spaced by the
      // per-chat interval, so it comes due about when its turn does.
      const perChat = new Map<string, { count: number; lastKey: string }>();
      for (const m of messages) {
        const before = perChat.get(m.chatId);
        const key = `${d.key}:${m.chatId}:${m.key}`;
        const k = before?.count ?? 0;
        perChat.set(m.chatId, { count: k + 1, lastKey: key });
        await addToOutbox(
          tx,
          { name: 'send', payload: before ? { ...m, after: before.lastKey } : m },
          key,
          new Date(now.getTime() + k * deps.config.TELEGRAM_PER_CHAT_INTERVAL_MS),
        );
        keys.push(key);
      }
      if (outcome !== 'moved_on') {
        const action = `DEADLINE_${step.toUpperCase().replace(/-/g, '_')}${outcome === 'pending' ? '_PENDING' : ''}`;
        await audit(tx, { role: 'system' }, action, d.caseId, { key: d.key, messages: messages.length, by: 'jobs' });
      }
      return { outcome, keys } as const;
    },
    { timeout: 20_000 },
  );
  if (!res) return { outcome: 'already_ran' };
  if (res.outcome === 'moved_on') return { outcome: 'moved_on', messages: 0 };
  // Ids only: which case and step waits for an official who is not enrolled (shown on /status).
  if (res.outcome === 'pending')
    deps.logger.warn(
      { caseId: d.caseId, step, key: d.key, messages: res.keys.length },
      'deadline step pending: nobody to reach',
    );
  await hooks.afterCommit?.(d);
  await dispatchKeys(deps, queues, res.keys);
  return { outcome: res.outcome, messages: res.keys.length };
}

/** Enqueues the given outbox rows now and marks them dispatched (the poller would, a tick later). */
export async function dispatchKeys(deps: CoreDeps, queues: Queues, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const rows = await deps.db.outboxEntry.findMany({ where: { jobKey: { in: keys }, dispatchedAt: null } });
  for (const row of rows) await enqueueRow(deps, queues, row);
  await deps.db.outboxEntry.updateMany({
    where: { id: { in: rows.map((r) => r.id) }, dispatchedAt: null },
    data: { dispatchedAt: deps.clock.now() },
  });
}

/**
 * The deadline queue's processor: 'replan' reschedules a case; a step runs when due by deps.clock (a job
 * that BullMQ's real-time timer releases before the deployment's clock says so goes back to wait).
 */
export function createDeadlineProcessor(deps: CoreDeps, queues: () => Queues, hooks: DeadlineHooks = {}) {
  return async function processDeadline(job: Job<DeadlineJobData>, token?: string): Promise<DeadlineOutcome> {
    const d = job.data;
    const early = new Date(d.runAt).getTime() - deps.clock.now().getTime();
    if (early > 1000) {
      await job.moveToDelayed(Date.now() + early, token);
      throw new DelayedError();
    }
    // The open pound data's daily snapshot (src/services/open-data): no case, and it plans the next day's itself.
    if (d.step === OPEN_DATA_STEP) return takeSnapshot(deps);
    if (d.step === 'replan') return { planned: (await scheduleCase(deps, queues(), d.caseId, true)).length };
    return runStep(deps, queues(), d, hooks);
  };
}
