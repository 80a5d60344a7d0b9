import type { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { CoreDeps } from '../src/deps';
import {
  DEADLINE_CASE_INCLUDE,
  finishedCasesAwaitingComplaint,
  FINISHED_STATUSES,
  planSteps,
  type CaseForDeadlines,
  type PlannedStep,
} from '../src/services/deadlines';
import { STORED_CLOCK_SELECT } from '../src/services/law-case';
import { fanOut } from './broadcast-worker';
import { enqueueRow, type OutboxRow, type Queues } from './dispatcher';
import {
  deliveryJobIdFor,
  jobIdFor,
  keyFromJobId,
  sendJobIdFor,
  smsJobIdFor,
  deadlineJob,
  type QueueName,
  type SendJobData,
} from './queues';
import { photoFetchKey } from '../src/services/photos';
import { resolveSendJob } from './send-job';
import { flushSentFacts } from './sent-facts';
import { sweepOwnerMobiles } from '../src/services/sms/owner-mobile';

/** Work the reconciler looks back over (older undelivered rows are left to an operator). */
export const RECONCILE_LOOKBACK_MS = 7 * 24 * 3_600_000;
const PAGE = 1000;

/** Only the columns the planner reads (CaseForDeadlines), not the whole register row: a page loads in a fraction. */
const PLAN_SELECT = {
  id: true,
  status: true,
  ...STORED_CLOCK_SELECT,
  auction: { select: { status: true, scheduledFor: true } },
  ...{ payments: DEADLINE_CASE_INCLUDE.payments, complaints: DEADLINE_CASE_INCLUDE.complaints },
} as const;

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

type JobState = 'missing' | 'failed' | 'completed' | 'live';

/**
 * The state of many jobs of one queue in two Redis round trips: the job hash exists or not, and whether
 * the id is in the failed or completed set. (BullMQ's getJobState is several calls per job.)
 */
export async function jobStates(redis: Redis, queue: Queue, ids: string[]): Promise<Map<string, JobState>> {
  const out = new Map<string, JobState>();
  if (ids.length === 0) return out;
  const base = queue.toKey('');
  const pipe = redis.pipeline();
  for (const id of ids) {
    pipe.exists(`${base}${id}`);
    pipe.zscore(`${base}failed`, id);
    pipe.zscore(`${base}completed`, id);
  }
  const res = (await pipe.exec()) ?? [];
  ids.forEach((id, i) => {
    const exists = res[3 * i]?.[1] === 1;
    const failed = res[3 * i + 1]?.[1] != null;
    const completed = res[3 * i + 2]?.[1] != null;
    out.set(id, !exists ? 'missing' : failed ? 'failed' : completed ? 'completed' : 'live');
  });
  return out;
}

/** Removes the given finished jobs (failed, or completed while their work is still owed) so they can be added again. */
async function removeJobs(queue: Queue, ids: string[]): Promise<void> {
  for (const id of ids) await queue.remove(id).catch(() => 0);
}

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

/**
 * Failed jobs whose work the database still owes are removed and added again with the same id: retries
 * exhausted by an outage (the database down, Telegram failing) or a job that stalled twice (its worker
 * killed twice). A job failed on purpose (UnrecoverableError: a 400 from Telegram, an unknown step) is
 * left for an operator: it used fewer attempts than it had and was not stalled.
 */
async function reviveFailed(deps: CoreDeps, queues: Queues): Promise<number> {
  let revived = 0;
  for (const name of ['deadline', 'send', 'broadcast', 'sms'] as QueueName[]) {
    const q = queues[name];
    for (let start = 0; ; start += PAGE) {
      const jobs = (await q.getFailed(start, start + PAGE - 1)).filter((j): j is Job => Boolean(j?.id));
      const again = jobs.filter(
        (j) => /stalled/i.test(j.failedReason ?? '') || j.attemptsMade >= (j.opts.attempts ?? 1),
      );
      let owed = again;
      if (again.length === 0) {
        owed = [];
      } else if (name === 'deadline') {
        const done = new Set(
          (
            await deps.db.deadlineRun.findMany({
              where: { key: { in: again.map((j) => keyFromJobId(j.id!)) }, outcome: 'sent' },
              select: { key: true },
            })
          ).map((r) => r.key),
        );
        owed = again.filter((j) => !done.has(keyFromJobId(j.id!)));
      } else if (name === 'send') {
        // Job data is ids only: the Delivery key and recipient are read back from the database.
        const resolved = await Promise.all(
          again.map((j) => resolveSendJob(deps, j.data as SendJobData).catch(() => null)),
        );
        const pairs = resolved.flatMap((r) =>
          r ? [{ messageKey: r.key, telegramUserId: BigInt(r.message.chatId) }] : [],
        );
        const finals = pairs.length
          ? await deps.db.delivery.findMany({
              where: { OR: pairs, status: { not: 'PENDING' } },
              select: { messageKey: true, telegramUserId: true },
            })
          : [];
        const done = new Set(finals.map((f) => `${f.messageKey}\u0000${f.telegramUserId}`));
        // A job whose row is gone owes nothing; otherwise it is owed until its Delivery row is final.
        owed = again.filter(
          (_, i) =>
            resolved[i] !== null && !done.has(`${resolved[i]!.key}\u0000${BigInt(resolved[i]!.message.chatId)}`),
        );
      } else if (name === 'sms') {
        // Owed while the event's SmsDelivery row is not final (and the outbox row still exists).
        const ids = again.map((j) => BigInt((j.data as { outboxId: string }).outboxId));
        const rows = await deps.db.outboxEntry.findMany({
          where: { id: { in: ids } },
          select: { id: true, jobKey: true },
        });
        const finals = new Set(
          (
            await deps.db.smsDelivery.findMany({
              where: { key: { in: rows.map((r) => r.jobKey) }, status: { not: 'PENDING' } },
              select: { key: true },
            })
          ).map((d) => d.key),
        );
        const owedIds = new Set(rows.filter((r) => !finals.has(r.jobKey)).map((r) => String(r.id)));
        owed = again.filter((j) => owedIds.has((j.data as { outboxId: string }).outboxId));
      }
      for (const j of owed) {
        await q.remove(j.id!).catch(() => 0);
        const { attempts, backoff, priority, removeOnComplete, removeOnFail } = j.opts;
        await q.add(j.name, j.data, { jobId: j.id!, attempts, backoff, priority, removeOnComplete, removeOnFail });
        revived++;
      }
      // Removing shifts the set: read the same page again until nothing more is revived from it.
      if (jobs.length < PAGE) break;
      if (owed.length > 0) start -= PAGE;
    }
  }
  return revived;
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
    // Owners' mobile numbers are kept SMS_RETENTION_DAYS after their case ends, by deps.clock.
    result.mobilesErased = (await sweepOwnerMobiles(deps.db, deps.clock.now(), deps.config.SMS_RETENTION_DAYS)).erased;
  }

  const since = full || !opts.since ? new Date(deps.clock.now().getTime() - RECONCILE_LOOKBACK_MS) : opts.since;
  for (let cursor = 0n; ; ) {
    // Send rows with no final Delivery row (SENT, UNREACHABLE, or FAILED = refused by Telegram), in one query.
    const rows = await deps.db.$queryRaw<OutboxRow[]>`
      SELECT o."id", o."jobName", o."jobKey", o."payload", o."runAt" FROM "OutboxEntry" o
      WHERE o."dispatchedAt" >= ${since} AND o."jobName" IN ('send', 'broadcast', 'sms') AND o."id" > ${cursor}
        AND (o."jobName" = 'broadcast'
          OR (o."jobName" = 'send' AND NOT EXISTS (
            SELECT 1 FROM "Delivery" d WHERE d."messageKey" = o."jobKey" AND d."status" <> 'PENDING'
              AND d."telegramUserId"::text = o."payload"->>'chatId'))
          OR (o."jobName" = 'sms' AND NOT EXISTS (
            SELECT 1 FROM "SmsDelivery" s WHERE s."key" = o."jobKey" AND s."status" <> 'PENDING')))
      ORDER BY o."id" LIMIT ${PAGE}`;
    if (rows.length === 0) break;
    cursor = rows[rows.length - 1]!.id;
    const sends = rows.filter((r) => r.jobName === 'send');
    // Send jobs are named by their outbox row (ids only in Redis: jobs/queues.ts sendJobIdFor).
    const states = await jobStates(
      redis,
      queues.send,
      sends.map((r) => sendJobIdFor(r.id)),
    );
    for (const row of sends) {
      const state = states.get(sendJobIdFor(row.id));
      if (state === 'live') continue;
      if (state !== 'missing') await removeJobs(queues.send, [sendJobIdFor(row.id)]);
      await enqueueRow(deps, queues, row);
      result.sends++;
    }
    const smsRows = rows.filter((r) => r.jobName === 'sms');
    const smsStates = await jobStates(
      redis,
      queues.sms,
      smsRows.map((r) => smsJobIdFor(r.id)),
    );
    for (const row of smsRows) {
      const state = smsStates.get(smsJobIdFor(row.id));
      if (state === 'live') continue;
      if (state !== 'missing') await removeJobs(queues.sms, [smsJobIdFor(row.id)]);
      await enqueueRow(deps, queues, row);
      result.sms++;
    }
    for (const row of rows.filter((r) => r.jobName === 'broadcast'))
      result.broadcasts += await reconcileBroadcast(deps, queues, redis, row);
    if (rows.length < PAGE) break;
  }
  result.photos = await reconcilePhotos(deps, queues, redis, since);
  result.ms = Date.now() - t0;
  return result;
}

/**
 * Photos whose bytes are still owed (PENDING) since `since`: their fetch job back when Redis lost it or its retries
 * ran out (a Telegram outage longer than ~17 minutes). The outbox row is the job's record, so the id is the same.
 */
async function reconcilePhotos(deps: CoreDeps, queues: Queues, redis: Redis, since: Date): Promise<number> {
  const pending = await deps.db.photo.findMany({
    where: { status: 'PENDING', createdAt: { gte: since }, fileId: { not: null } },
    select: { id: true },
    orderBy: { id: 'asc' },
    take: PAGE,
  });
  if (pending.length === 0) return 0;
  const rows = await deps.db.outboxEntry.findMany({
    where: { jobKey: { in: pending.map((p) => photoFetchKey(p.id)) }, dispatchedAt: { not: null } },
    select: { id: true, jobName: true, jobKey: true, payload: true, runAt: true },
  });
  const states = await jobStates(
    redis,
    queues.photo,
    rows.map((r) => jobIdFor(r.jobKey)),
  );
  let n = 0;
  for (const row of rows) {
    const state = states.get(jobIdFor(row.jobKey));
    if (state === 'live') continue;
    if (state !== 'missing') await removeJobs(queues.photo, [jobIdFor(row.jobKey)]);
    await enqueueRow(deps, queues, row);
    n++;
  }
  return n;
}

/** One broadcast: its fan-out job back if it never ran; else its PENDING recipients' jobs back. */
async function reconcileBroadcast(deps: CoreDeps, queues: Queues, redis: Redis, row: OutboxRow): Promise<number> {
  const p = row.payload as { kind: string; caseId: number };
  const rows = await deps.db.delivery.findMany({
    where: { messageKey: row.jobKey, status: 'PENDING' },
    select: { id: true },
  });
  if (rows.length === 0) {
    if ((await deps.db.delivery.count({ where: { messageKey: row.jobKey } })) > 0) return 0;
    const state = (await jobStates(redis, queues.broadcast, [jobIdFor(row.jobKey)])).get(jobIdFor(row.jobKey));
    if (state === 'live' || state === 'completed') return 0;
    if (state === 'failed') await removeJobs(queues.broadcast, [jobIdFor(row.jobKey)]);
    await enqueueRow(deps, queues, row);
    return 1;
  }
  // One recipient's send is named by its Delivery row (jobs/queues.ts deliveryJobIdFor).
  const ids = rows.map((r) => deliveryJobIdFor(r.id));
  const states = await jobStates(redis, queues.send, ids);
  const dead = ids.filter((id) => states.get(id) !== 'live');
  if (dead.length === 0) return 0;
  await removeJobs(
    queues.send,
    dead.filter((id) => states.get(id) !== 'missing'),
  );
  await fanOut(deps, queues, { key: row.jobKey, kind: p.kind, caseId: p.caseId });
  return 1;
}
