import type { Job } from 'bullmq';
import type { CoreDeps } from '../../src/deps';
import type { Queues } from '../dispatcher';
import { keyFromJobId, type QueueName, type SendJobData } from '../queues';
import { RECONCILE_PAGE as PAGE } from './state';
import { resolveSendJob } from '../send-job';

/**
 * Failed jobs whose work the database still owes are removed and added again with the same id: retries
 * exhausted by an outage (the database down, Telegram failing) or a job that stalled twice (its worker
 * killed twice). A job failed on purpose (UnrecoverableError: a 400 from Telegram, an unknown step) is
 * left for an operator: it used fewer attempts than it had and was not stalled.
 */
export async function reviveFailed(deps: CoreDeps, queues: Queues): Promise<number> {
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
