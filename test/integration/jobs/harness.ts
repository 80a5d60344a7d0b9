import { Api } from 'grammy';
import { Redis } from 'ioredis';
import { afterEach } from 'vitest';
import { chatTag, chatTagSecret } from '../../../jobs/rate-limit';
import { createJobRuntime, type JobRuntime, type JobRuntimeOptions } from '../../../jobs/runtime';
import { ManualClock } from '../../../src/clock';
import { createConfig } from '../../../src/config';
import type { CoreDeps } from '../../../src/deps';
import { createTranslator } from '../../../src/i18n';
import { createTestDatabase, type DbKind, type TestDatabase } from '../../support/db';
import { testLogger } from '../../support/test-logs';
import { FakeBotApi } from '../../support/fake-bot-api';
import { deleteKeysUnder, keysUnder, TEST_REDIS_URL, uniqueQueuePrefix } from '../../support/jobs-harness';

/** Redis the jobs tests run on (each test uses its own key prefix). */
export const REDIS_URL = TEST_REDIS_URL;

export interface JobsHarness {
  db: TestDatabase;
  deps: CoreDeps;
  clock: ManualClock;
  fake: FakeBotApi;
  api: Api;
  prefix: string;
  runtime: JobRuntime;
  redis: Redis;
  /** A second runtime on the same Redis prefix and database (another process, as far as BullMQ knows). */
  another(opts?: Partial<JobRuntimeOptions>): JobRuntime;
  /** Every Redis key under this test's prefix. */
  keys(): Promise<string[]>;
  /** The rate limiter's Redis key of a per-chat fact (`429`, `chat`, `departed`): the chat named by its tag. */
  chatKey(kind: string, chatId: string): string;
  /** Deletes every Redis key under this test's prefix (a flush, for this test only). */
  flushPrefix(): Promise<number>;
  close(): Promise<void>;
}

/** A unique BullMQ prefix per test: tests share one Redis and never touch each other's keys. */
export const uniquePrefix = () => uniqueQueuePrefix('kt');
/** Deletes every key under `prefix:` (SCAN + DEL; never FLUSHALL — other tests share the server). */
export const deletePrefix = deleteKeysUnder;

/**
 * A Redis connection and a fresh prefix for one test (the limiter's tests): after the test its keys are deleted and
 * the connection closed. Call the returned function inside the test.
 */
export function redisPerTest(): () => { redis: Redis; prefix: string } {
  let current: { redis: Redis; prefix: string } | undefined;
  afterEach(async () => {
    if (!current) return;
    await deleteKeysUnder(current.redis, current.prefix);
    await current.redis.quit();
    current = undefined;
  });
  return () => (current = { redis: new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }), prefix: uniquePrefix() });
}

/** What a jobs harness is made with: the database kind (or a Postgres the test owns), config, the clock's start, runtime options. */
export interface JobsHarnessOptions {
  dbKind?: DbKind;
  postgresAdminUrl?: string;
  env?: Record<string, string>;
  start?: string;
  runtime?: Partial<JobRuntimeOptions>;
}

/**
 * The harness of each test of a file: `const harness = harnessPerTest()` at the top of the file, then
 * `const h = await harness(opts)` in a test. Whatever the test did, the harness is closed after it (runtimes
 * stopped, its Redis keys and database dropped), so one test's jobs never run into the next.
 */
export function harnessPerTest(): (opts?: JobsHarnessOptions) => Promise<JobsHarness> {
  let current: JobsHarness | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async (opts) => (current = await createJobsHarness(opts));
}

/** A test database, deps with a ManualClock, a FakeBotApi-backed grammY Api and a jobs runtime (not started). */
export async function createJobsHarness(opts: JobsHarnessOptions = {}): Promise<JobsHarness> {
  // postgresAdminUrl: a Postgres the test owns (test/support/own-services.ts), for database outages.
  const db = await createTestDatabase(
    opts.dbKind ?? 'pglite',
    ...(opts.postgresAdminUrl ? [opts.postgresAdminUrl] : []),
  );
  const clock = new ManualClock(opts.start ?? '2026-11-29T10:00:00+05:30');
  const config = createConfig({
    LOG_LEVEL: 'silent',
    BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST',
    ...opts.env,
  });
  const deps: CoreDeps = {
    config,
    db: db.prisma,
    clock,
    logger: testLogger(),
    translator: await createTranslator({ strict: true }),
  };
  const fake = new FakeBotApi();
  const api = new Api(config.BOT_TOKEN!, fake.client);
  const prefix = uniquePrefix();
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const base: JobRuntimeOptions = { deps, api, redisUrl: REDIS_URL, prefix, pollMs: 50, ...opts.runtime };
  const runtime = createJobRuntime(base);
  const extra: JobRuntime[] = [];
  return {
    db,
    deps,
    clock,
    fake,
    api,
    prefix,
    runtime,
    redis,
    another(more = {}) {
      const r = createJobRuntime({ ...base, ...more });
      extra.push(r);
      return r;
    },
    keys: () => keysUnder(redis, prefix),
    chatKey: (kind, chatId) => `${prefix}:tg:${kind}:${chatTag(chatTagSecret(config, prefix), chatId)}`,
    flushPrefix: () => deletePrefix(redis, prefix),
    async close() {
      for (const r of [runtime, ...extra]) await r.stop().catch(() => {});
      await deletePrefix(redis, prefix);
      await redis.quit();
      await db.destroy();
    },
  };
}
