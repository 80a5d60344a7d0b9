import type { Redis } from 'ioredis';
import type { CoreDeps } from '../../src/deps';
import { photoFetchKey } from '../../src/services/photos';
import { fanOut } from '../broadcast-worker';
import { enqueueRow, type OutboxRow, type Queues } from '../dispatcher';
import { deliveryJobIdFor, jobIdFor, sendJobIdFor, smsJobIdFor } from '../queues';
import { jobStates, RECONCILE_PAGE as PAGE, removeJobs } from './state';

/** What the outbox part of a pass restored. */
export interface OutboxReconciled {
  sends: number;
  sms: number;
  broadcasts: number;
}

/**
 * Outbox rows dispatched since `since` whose work is still owed: sends and SMS without a final delivery row whose
 * job is missing or finished, and broadcasts with recipients still PENDING (or whose fan-out never ran).
 */
export async function reconcileOutbox(
  deps: CoreDeps,
  queues: Queues,
  redis: Redis,
  since: Date,
): Promise<OutboxReconciled> {
  const result: OutboxReconciled = { sends: 0, sms: 0, broadcasts: 0 };
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
  return result;
}

/**
 * Photos whose bytes are still owed (PENDING) since `since`: their fetch job back when Redis lost it or its retries
 * ran out (a Telegram outage longer than ~17 minutes). The outbox row is the job's record, so the id is the same.
 */
export async function reconcilePhotos(deps: CoreDeps, queues: Queues, redis: Redis, since: Date): Promise<number> {
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
