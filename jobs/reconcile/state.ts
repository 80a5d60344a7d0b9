import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/** Rows, cases and failed jobs the reconciler reads at a time. */
export const RECONCILE_PAGE = 1000;

export type JobState = 'missing' | 'failed' | 'completed' | 'live';

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
export async function removeJobs(queue: Queue, ids: string[]): Promise<void> {
  for (const id of ids) await queue.remove(id).catch(() => 0);
}
