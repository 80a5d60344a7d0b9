// Reconciler benchmark: 10^4 open cases (inserted set-based), on Postgres when it answers (a throwaway
// database) else PGlite. Measures: start-up of the jobs runtime, a full pass with Redis empty (every
// deadline job added again), a full pass with nothing missing, an incremental pass, and how late a message
// due now leaves while a full pass runs. Run: npm run bench, or npx tsx bench/reconcile.ts.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { Api } from 'grammy';
import { Redis } from 'ioredis';
import { createJobRuntime } from '../jobs/runtime';
import { ManualClock } from '../src/clock';
import { createConfig } from '../src/config';
import { applyMigrations, openDatabase } from '../src/db';
import { seedDemo } from '../src/db/seed';
import { createTranslator } from '../src/i18n';
import { createLogger } from '../src/logging';
import { queueMessage } from '../src/services/outbox';
import { serveStandIn } from '../bot/local/telegram/http';
import { TelegramStandIn } from '../bot/local/telegram/stand-in';
import { benchDatabase } from './bench-database';

const N = Number(process.env.BENCH_OPEN_CASES ?? 10_000);

async function deletePrefix(redis: Redis, prefix: string) {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
}

export interface ReconcileBenchResult {
  openCases: number;
  database: string;
  startMs: number;
  fullEmptyMs: number;
  fullEmptySteps: number;
  fullNothingMissingMs: number;
  incrementalMs: number;
  messageDelayDuringPassMs: number;
}

export async function measureReconcile(): Promise<ReconcileBenchResult> {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const benchDb = await benchDatabase('rbench');
  const dbUrl = benchDb?.url;
  const db = await openDatabase(dbUrl ? { kind: 'postgres', url: dbUrl } : { kind: 'memory' });
  await applyMigrations(db.adapter);
  const clock = new ManualClock('2026-11-29T10:00:00+05:30');
  const config = createConfig({
    LOG_LEVEL: 'silent',
    BOT_TOKEN: '123456:BENCH-TOKEN-BENCH-TOKEN-BENCH-TOKEN-BE',
    REDIS_URL: redisUrl,
  });
  const deps = { config, db: db.prisma, clock, logger: createLogger('silent'), translator: await createTranslator() };
  const tg = await serveStandIn(new TelegramStandIn({ strictState: false }));
  const api = new Api(config.BOT_TOKEN!, { apiRoot: tg.url });
  const prefix = `rbench${randomUUID().slice(0, 8)}`;
  const redis = new Redis(redisUrl);
  const runtime = createJobRuntime({ deps, api, redisUrl, prefix, pollMs: 200 });
  try {
    await seedDemo(db.prisma, clock.now());
    const pound = await db.prisma.pound.findFirstOrThrow({ where: { code: 'JAI1' } });
    // 10^4 unclaimed cases impounded two days ago: each has its s. 14 report step pending (set-based SQL).
    const impounded = new Date(clock.now().getTime() - 2 * 86_400_000);
    await db.prisma.$executeRawUnsafe(
      `INSERT INTO "Case" ("number", "poundId", "year", "seq", "status", "impoundedAt", "placeOfSeizure", "villageKey", "seizerName", "seizerResidence")
       SELECT 'BENCH-' || g, $1, 2031, g, 'IMPOUNDED', $2::timestamptz, 'Kunda', 'kunda', 'Bench Seizer', 'Kunda' FROM generate_series(1, $3) g`,
      pound.id,
      impounded.toISOString(),
      N,
    );
    await db.prisma.$executeRawUnsafe(
      `INSERT INTO "Head" ("caseId", "index", "cattleClass", "description") SELECT "id", 1, 'cow', 'brown' FROM "Case" WHERE "year" = 2031`,
    );

    let t = Date.now();
    await runtime.start();
    const startMs = Date.now() - t;
    await runtime.drain(600_000);

    await deletePrefix(redis, prefix);
    // A message due now, queued while the full pass (Redis empty: every job added again) runs.
    t = Date.now();
    const pass = runtime.reconcile({ full: true });
    await new Promise((r) => setTimeout(r, 200));
    const queuedAt = Date.now();
    await queueMessage(
      db.prisma,
      { chatId: '7800001', key: 'common:cancelled', priority: 'official' },
      'bench:during-pass',
      clock.now(),
    );
    let messageDelayDuringPassMs = -1;
    const watch = (async () => {
      for (;;) {
        const d = await db.prisma.delivery.findFirst({ where: { messageKey: 'bench:during-pass', status: 'SENT' } });
        if (d) return (messageDelayDuringPassMs = Date.now() - queuedAt);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const full = await pass;
    const fullEmptyMs = Date.now() - t;
    await watch;

    t = Date.now();
    await runtime.reconcile({ full: true });
    const fullNothingMissingMs = Date.now() - t;
    t = Date.now();
    await runtime.reconcile({ full: false });
    const incrementalMs = Date.now() - t;
    return {
      openCases: N,
      database: dbUrl ? 'Postgres' : 'PGlite',
      startMs,
      fullEmptyMs,
      fullEmptySteps: full.deadlineSteps,
      fullNothingMissingMs,
      incrementalMs,
      messageDelayDuringPassMs,
    };
  } finally {
    await runtime.stop().catch(() => {});
    await deletePrefix(redis, prefix);
    await redis.quit();
    await db.close();
    await tg.stop();
    await benchDb?.drop();
  }
}

/** Lines for bench/index.ts. */
export async function run(): Promise<string> {
  const r = await measureReconcile();
  const ok = (b: boolean) => (b ? 'ok' : 'MISSED');
  return [
    `reconcile: ${r.openCases} open cases on ${r.database}`,
    `  start-up of the jobs runtime ${r.startMs} ms (target < 5000: ${ok(r.startMs < 5000)})`,
    `  full pass, Redis empty: ${r.fullEmptyMs} ms, ${r.fullEmptySteps} deadline jobs added (target < 5000: ${ok(r.fullEmptyMs < 5000)})`,
    `  full pass, nothing missing: ${r.fullNothingMissingMs} ms; incremental pass: ${r.incrementalMs} ms`,
    `  a message due now, queued during the full pass, sent after ${r.messageDelayDuringPassMs} ms (target < 5000: ${ok(r.messageDelayDuringPassMs >= 0 && r.messageDelayDuringPassMs < 5000)})`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    (line) => {
      console.log(line);
      process.exit(0);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
