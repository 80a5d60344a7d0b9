import type { Redis } from 'ioredis';
import type { CoreDeps } from '../../src/deps';
import {
  DEADLINE_CASE_INCLUDE,
  finishedCasesAwaitingComplaint,
  FINISHED_STATUSES,
  planSteps,
  type CaseForDeadlines,
  type PlannedStep,
} from '../../src/services/deadlines';
import { STORED_CLOCK_SELECT } from '../../src/services/law-case';
import type { Queues } from '../dispatcher';
import { deadlineJob, jobIdFor } from '../queues';
import { jobStates, RECONCILE_PAGE as PAGE, removeJobs } from './state';

/** Only the columns the planner reads (CaseForDeadlines), not the whole register row: a page loads in a fraction. */
const PLAN_SELECT = {
  id: true,
  status: true,
  ...STORED_CLOCK_SELECT,
  auction: { select: { status: true, scheduledFor: true } },
  ...{ payments: DEADLINE_CASE_INCLUDE.payments, complaints: DEADLINE_CASE_INCLUDE.complaints },
} as const;

/**
 * Deadline steps of one page of open cases: planned steps without a DeadlineRun whose job is missing or
 * finished are (re)added with addBulk. Set-based: one query for the cases (with their relations), one for
 * the runs, one Redis pipeline for the job states, one addBulk.
 */
async function scheduleCases(deps: CoreDeps, queues: Queues, redis: Redis, cases: CaseForDeadlines[]): Promise<number> {
  const steps: PlannedStep[] = cases.flatMap((c) => planSteps(c, deps.config));
  if (steps.length === 0) return 0;
  const ran = new Set(
    (
      await deps.db.deadlineRun.findMany({ where: { key: { in: steps.map((s) => s.key) } }, select: { key: true } })
    ).map((r) => r.key),
  );
  const pending = steps.filter((s) => !ran.has(s.key));
  const states = await jobStates(
    redis,
    queues.deadline,
    pending.map((s) => jobIdFor(s.key)),
  );
  const todo = pending.filter((s) => states.get(jobIdFor(s.key)) !== 'live');
  await removeJobs(
    queues.deadline,
    todo.filter((s) => states.get(jobIdFor(s.key)) !== 'missing').map((s) => jobIdFor(s.key)),
  );
  const now = deps.clock.now().getTime();
  await queues.deadline.addBulk(todo.map((s) => deadlineJob(s, now)));
  return todo.length;
}

/** What the deadline part of a full pass restored. */
export interface DeadlinesReconciled {
  openCases: number;
  finishedWithPartDeposits: number;
  deadlineSteps: number;
}

/**
 * Every open case's pending deadline steps, paged by id (the status index), then the finished entries whose part
 * s. 15 deposits still await their s. 20 complaint.
 */
export async function reconcileDeadlines(deps: CoreDeps, queues: Queues, redis: Redis): Promise<DeadlinesReconciled> {
  const result: DeadlinesReconciled = { openCases: 0, finishedWithPartDeposits: 0, deadlineSteps: 0 };
  for (let cursor = 0; ; ) {
    const cases = await deps.db.case.findMany({
      where: { status: { notIn: [...FINISHED_STATUSES] }, id: { gt: cursor } },
      select: PLAN_SELECT,
      orderBy: { id: 'asc' },
      take: PAGE,
    });
    result.deadlineSteps += await scheduleCases(deps, queues, redis, cases satisfies CaseForDeadlines[]);
    result.openCases += cases.length;
    if (cases.length < PAGE) break;
    cursor = cases[cases.length - 1]!.id;
  }
  // A finished entry may still owe an owner who deposited under protest for his own heads his s. 20 reminders
  // Found from the deposits' side (a few recent rows on their index), not by reading finished cases.
  const owed = await finishedCasesAwaitingComplaint(deps.db, deps.clock.now(), deps.config);
  for (let i = 0; i < owed.length; i += PAGE) {
    const cases = await deps.db.case.findMany({
      where: { id: { in: owed.slice(i, i + PAGE) } },
      select: PLAN_SELECT,
      orderBy: { id: 'asc' },
    });
    result.deadlineSteps += await scheduleCases(deps, queues, redis, cases satisfies CaseForDeadlines[]);
    result.finishedWithPartDeposits += cases.length;
  }
  return result;
}
