import { randomUUID } from 'node:crypto';
import { lettersOnly } from './letters';
import type { Api } from 'grammy';
import { Redis } from 'ioredis';
import { createJobRuntime, type JobRuntime } from '../../jobs/runtime';
import type { CoreDeps } from '../../src/deps';
import type { WorkerTuning } from '../../jobs/workers';

/** Redis the end-to-end tests' job runtimes run on (each harness under its own BullMQ prefix). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A BullMQ prefix no other test uses: tests share one Redis and must never touch each other's keys. Letters only
 * (48 random bits): the prefix is logged, and a run of ten hex digits starting 6–9 reads as an Indian mobile number to
 * the suite's log scan (a clean CI run failed on "e2e6372126517a3").
 */
export function uniqueQueuePrefix(tag = 'e2e'): string {
  return `${tag}${lettersOnly(randomUUID().replace(/-/g, '').slice(0, 12))}`;
}

/** Every key under `prefix:` (SCAN, never KEYS: other tests share the server). */
export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const out: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    out.push(...keys);
  } while (cursor !== '0');
  return out;
}

/** Deletes every key under `prefix:` through `redis` (SCAN + DEL; never FLUSHALL — other tests share the server). */
export async function deleteKeysUnder(redis: Redis, prefix: string): Promise<number> {
  const keys = await keysUnder(redis, prefix);
  let n = 0;
  for (let i = 0; i < keys.length; i += 1000) n += await redis.del(...keys.slice(i, i + 1000));
  return n;
}

/** Deletes every key under `prefix:` on the Redis at `redisUrl` (a connection of its own, closed after). */
export async function deleteRedisPrefix(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    return await deleteKeysUnder(redis, prefix);
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}

/** A started jobs runtime belonging to one harness. */
export interface HarnessJobs {
  runtime: JobRuntime;
  prefix: string;
  /** Dispatches the due outbox and waits until the queues are idle (deadline steps due by deps.clock included). */
  drain(timeoutMs?: number): Promise<void>;
  /** Stops the runtime and deletes its Redis keys. */
  close(): Promise<void>;
}

/**
 * Starts the real jobs runtime (dispatcher, send/deadline/broadcast workers, rate-limited sender,
 * reconciler) for a test, on real Redis under a fresh prefix. The background outbox poll is an hour
 * by default so that jobs move only when the test calls drain(): what other people receive, and when
 * deadline steps fire, must not depend on timing between two assertions.
 */
export async function startHarnessJobs(
  deps: CoreDeps,
  api: Api,
  opts: { pollMs?: number; redisUrl?: string; tuning?: WorkerTuning } = {},
): Promise<HarnessJobs> {
  const redisUrl = opts.redisUrl ?? TEST_REDIS_URL;
  const prefix = uniqueQueuePrefix();
  const runtime = createJobRuntime({
    deps,
    api,
    redisUrl,
    prefix,
    pollMs: opts.pollMs ?? 3_600_000,
    ...(opts.tuning ? { tuning: opts.tuning } : {}),
  });
  try {
    await runtime.start();
  } catch (err) {
    await runtime.stop().catch(() => {});
    await deleteRedisPrefix(redisUrl, prefix).catch(() => {});
    throw err;
  }
  let closed = false;
  return {
    runtime,
    prefix,
    drain: (timeoutMs) => runtime.drain(timeoutMs),
    async close() {
      if (closed) return;
      closed = true;
      await runtime.stop();
      await deleteRedisPrefix(redisUrl, prefix);
    },
  };
}
