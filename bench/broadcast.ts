// Broadcast benchmark: 2,000 village subscribers get a s. 14 notice through the real jobs runtime (two
// sender "processes" sharing one Redis budget) against a fake Bot API that enforces Telegram's limits and
// answers 429 when they are exceeded. Mid-broadcast an officer's reminder is enqueued; its delay is measured.
// Run: npm run bench (all benches) or npx tsx bench/broadcast.ts. Needs Redis (REDIS_URL or 127.0.0.1:6379).
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { Api } from 'grammy';
import { Redis } from 'ioredis';
import pg from 'pg';
import { enqueueRow } from '../jobs/dispatcher';
import { createJobRuntime } from '../jobs/runtime';
import { ManualClock } from '../src/clock';
import { createConfig } from '../src/config';
import { applyMigrations, openDatabase } from '../src/db';
import { seedDemo } from '../src/db/seed';
import { createTranslator } from '../src/i18n';
import { createHttpServer } from '../src/http/server';
import { createLogger } from '../src/logging';
import { Metrics } from '../src/observability/metrics';
import { villageKey } from '../src/services/case-numbers';
import { addToOutbox, queueMessage } from '../src/services/outbox';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

interface FakeTelegramHandle {
  url: string;
  count(): Promise<{ now: number; accepted: number }>;
  stats(): Promise<{
    now: number;
    accepted: Array<{ chatId: string; at: number }>;
    rejected429: Array<{ chatId: string; at: number; retryAfter: number }>;
  }>;
  stop(): Promise<void>;
}

/** Starts bench/fake-telegram-process.ts in its own process and talks to it over HTTP. */
async function startFakeTelegram(env: Record<string, string>): Promise<FakeTelegramHandle> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'fake-telegram-process.ts')],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
    });
    child.on('exit', (code) => reject(new Error(`fake Telegram exited (${code})`)));
  });
  const get = async (p: string) => (await fetch(`${url}${p}`)).json();
  return {
    url,
    count: () => get('/__count') as ReturnType<FakeTelegramHandle['count']>,
    stats: () => get('/__stats') as ReturnType<FakeTelegramHandle['stats']>,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** What the broadcast benchmark measured. */
export interface BroadcastBenchResult {
  recipients: number;
  configuredPerSecond: number;
  achievedPerSecond: number;
  percentOfLimit: number;
  accepted: number;
  duplicates: number;
  received429: number;
  received429SteadyState: number;
  officerDelayMs: number;
  officerEnqueuedAfter: number;
  elapsedMs: number;
  /** Mean of kanji_sender_rate_per_second scraped from GET /metrics during the steady state, and how many scrapes. */
  metricsRatePerSecond: number;
  metricsScrapes: number;
  database: string;
  senderProcesses: number;
}

const OFFICER = 9_000_000_001;

/** Starts bench/sender-process.ts (workers only) and resolves when its workers are up. */
async function startSenderProcess(env: Record<string, string>): Promise<{ stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'sender-process.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`sender process exited (${code})`)));
  });
  return {
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** The admin URL when that Postgres answers (the bench then runs on a throwaway database there), else undefined. */
async function postgresIfReachable(url: string): Promise<string | undefined> {
  if (process.env.BENCH_DB === 'pglite') return undefined;
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await c.end().catch(() => {});
  }
}

/** Runs the benchmark and returns its figures. */
export async function measureBroadcast(
  recipients = Number(process.env.BENCH_RECIPIENTS ?? 2000),
): Promise<BroadcastBenchResult> {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  // BENCH_RATE: the configured global rate (default Telegram's 30/s); the officer's reminder is measured at it.
  const config = createConfig({
    LOG_LEVEL: 'silent',
    BOT_TOKEN: '123456:BENCH-TOKEN-BENCH-TOKEN-BENCH-TOKEN-BE',
    REDIS_URL: redisUrl,
    TELEGRAM_GLOBAL_PER_SECOND: process.env.BENCH_RATE,
  });
  const tg = await startFakeTelegram({
    FAKE_TG_PER_SECOND: String(config.TELEGRAM_GLOBAL_PER_SECOND),
    FAKE_TG_PER_CHAT_MS: String(config.TELEGRAM_PER_CHAT_INTERVAL_MS),
    FAKE_TG_LATENCY_MS: '15',
    FAKE_TG_JITTER_MS: '25',
  });
  const pgAdmin = await postgresIfReachable(
    process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  );
  const dbName = `kanji_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let dbUrl: string | undefined;
  if (pgAdmin) {
    // Postgres in its own process, as in production; the embedded PGlite shares the event loop with the sender.
    const admin = new pg.Client({ connectionString: pgAdmin });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(pgAdmin);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
  }
  const db = await openDatabase(dbUrl ? { kind: 'postgres', url: dbUrl } : { kind: 'memory' });
  await applyMigrations(db.adapter);
  const clock = new ManualClock('2026-11-29T10:00:00+05:30');
  const metrics = new Metrics();
  const deps = {
    config,
    db: db.prisma,
    clock,
    logger: createLogger('silent'),
    translator: await createTranslator(),
    metrics,
  };
  const prefix = `bench${randomUUID().slice(0, 8)}`;
  const redis = new Redis(redisUrl);
  try {
    const { cases } = await seedDemo(db.prisma, clock.now());
    const c = await db.prisma.case.findUniqueOrThrow({ where: { number: cases[0]! } });
    // The notice of the first demo case is posted; everyone subscribed to its village hears of it.
    await db.prisma.case.update({
      where: { id: c.id },
      data: { status: 'NOTICE_POSTED', reportedAt: clock.now(), noticePostedAt: clock.now() },
    });
    await db.prisma.telegramUser.createMany({
      data: Array.from({ length: recipients }, (_, i) => ({
        id: BigInt(1_000_000 + i),
        language: i % 3 === 0 ? 'en' : 'hi',
      })),
    });
    await db.prisma.subscription.createMany({
      data: Array.from({ length: recipients }, (_, i) => ({
        telegramUserId: BigInt(1_000_000 + i),
        kind: 'VILLAGE' as const,
        villageKey: villageKey(c.placeOfSeizure),
        filter: '',
      })),
    });
    await db.prisma.telegramUser.create({ data: { id: BigInt(OFFICER), language: 'en' } });
    await addToOutbox(
      db.prisma,
      { name: 'broadcast', payload: { kind: 'notice', caseId: c.id } },
      `case:${c.id}:broadcast:notice`,
      clock.now(),
    );

    const api = new Api(config.BOT_TOKEN!, { apiRoot: tg.url });
    // Two sender processes on one Redis: the budget is global, not per process.
    const a = createJobRuntime({
      deps,
      api,
      redisUrl,
      prefix,
      pollMs: 200,
      ...(process.env.BENCH_CONCURRENCY ? { tuning: { sendConcurrency: Number(process.env.BENCH_CONCURRENCY) } } : {}),
    });
    // A second sender process on the same Redis and database (Postgres only: PGlite lives in one process).
    const b =
      dbUrl && process.env.BENCH_SENDERS !== '1'
        ? await startSenderProcess({
            DATABASE_URL: dbUrl,
            REDIS_URL: redisUrl,
            PREFIX: prefix,
            API_ROOT: tg.url,
            NOW: clock.now().toISOString(),
            BENCH_BOT_TOKEN: config.BOT_TOKEN!,
          })
        : null;
    const t0 = (await tg.count()).now;
    await a.start();
    // This process's GET /metrics, scraped every second as Prometheus would: the sender rate it reports is the
    // whole deployment's (both sender processes count their sends in the shared Redis).
    metrics.bind({ db: db.prisma, clock, queues: () => a.queues, sendRate: () => a.sendRate() });
    const http = await createHttpServer({ config, deps, metrics });
    const metricsUrl = `${await http.app.listen({ port: 0, host: '127.0.0.1' })}/metrics`;
    const scrapes: number[] = [];
    let scraping = true;
    const scraper = (async () => {
      let firstAt: number | undefined;
      while (scraping) {
        await new Promise((r) => setTimeout(r, 1000));
        const c = await tg.count();
        if (c.accepted > 0) firstAt ??= c.now;
        // Only windows wholly inside the steady state: 11 s after the first message, until 95% are out.
        if (firstAt === undefined || c.now - firstAt < 11_000 || c.accepted >= recipients * 0.95) continue;
        const text = await (await fetch(metricsUrl)).text();
        const v = Number(/^kanji_sender_rate_per_second (\S+)$/m.exec(text)?.[1]);
        if (Number.isFinite(v)) scrapes.push(v);
      }
    })();

    const half = Math.floor(recipients / 2);
    let progress = await tg.count();
    while (progress.accepted < half) {
      await new Promise((r) => setTimeout(r, 20));
      progress = await tg.count();
    }
    // An officer's deadline reminder, enqueued as a deadline step does it (outbox row, then straight into the queue).
    const officerKey = 'bench:officer-reminder';
    const enqueuedAt = progress.now;
    const officerEnqueuedAfter = progress.accepted;
    await queueMessage(
      db.prisma,
      { chatId: String(OFFICER), key: 'common:cancelled', priority: 'official' },
      officerKey,
      clock.now(),
    );
    await enqueueRow(deps, a.queues, await db.prisma.outboxEntry.findUniqueOrThrow({ where: { jobKey: officerKey } }));
    // Wait on the fake's count (not drain(), whose polling of the queues would compete with the senders).
    const deadline = Date.now() + 600_000;
    while ((await tg.count()).accepted < recipients + 1 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 250));
    scraping = false;
    await scraper;
    await http.app.close();
    await b?.stop();
    await a.stop();
    const stats = await tg.stats();
    const officer = stats.accepted.find((m) => m.chatId === String(OFFICER));
    if (process.env.BENCH_DEBUG) {
      const at = stats.accepted.map((m) => m.at);
      const gaps = at
        .slice(1)
        .map((t, i) => t - at[i]!)
        .sort((x, y) => x - y);
      const pct = (q: number) => gaps[Math.floor(gaps.length * q)]?.toFixed(1);
      console.error(`gaps ms p1 ${pct(0.01)} p10 ${pct(0.1)} p50 ${pct(0.5)} p90 ${pct(0.9)}`);
      for (const r of stats.rejected429) {
        const sameChat = stats.accepted.filter((m) => m.chatId === r.chatId && m.at <= r.at).at(-1);
        console.error(
          `429 at ${r.at.toFixed(0)}: ${at.filter((t) => t > r.at - 1000 && t <= r.at).length} accepted in the second before; same chat ${sameChat ? `${(r.at - sameChat.at).toFixed(0)} ms before` : 'never before'}`,
        );
      }
    }

    const bulk = stats.accepted.filter((m) => m.chatId !== String(OFFICER));
    const perChat = new Map<string, number>();
    for (const m of stats.accepted) perChat.set(m.chatId, (perChat.get(m.chatId) ?? 0) + 1);
    const first = stats.accepted[0]!.at;
    const last = stats.accepted[stats.accepted.length - 1]!.at;
    const achieved = ((stats.accepted.length - 1) / (last - first)) * 1000;
    return {
      recipients,
      configuredPerSecond: config.TELEGRAM_GLOBAL_PER_SECOND,
      achievedPerSecond: Math.round(achieved * 100) / 100,
      percentOfLimit: Math.round((achieved / config.TELEGRAM_GLOBAL_PER_SECOND) * 1000) / 10,
      accepted: bulk.length,
      duplicates: [...perChat.values()].filter((n) => n > 1).length,
      received429: stats.rejected429.length,
      received429SteadyState: stats.rejected429.filter((r) => r.at > first + 2000).length,
      officerDelayMs: officer ? Math.round(officer.at - enqueuedAt) : Number.NaN,
      officerEnqueuedAfter,
      elapsedMs: Math.round(last - t0),
      metricsRatePerSecond: scrapes.length
        ? Math.round((scrapes.reduce((x, y) => x + y, 0) / scrapes.length) * 100) / 100
        : Number.NaN,
      metricsScrapes: scrapes.length,
      database: pgAdmin ? 'Postgres' : 'PGlite (embedded)',
      senderProcesses: b ? 2 : 1,
    };
  } finally {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
    await redis.quit();
    await db.close();
    if (pgAdmin) {
      const admin = new pg.Client({ connectionString: pgAdmin });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    await tg.stop();
  }
}

/** One line for bench/index.ts. */
export async function run(): Promise<string> {
  const r = await measureBroadcast();
  const targets = [
    r.percentOfLimit >= 95 ? 'ok' : 'MISSED',
    r.duplicates === 0 ? 'ok' : 'MISSED',
    r.received429SteadyState === 0 ? 'ok' : 'MISSED',
    r.officerDelayMs < 2000 ? 'ok' : 'MISSED',
  ];
  const metricsDiff = Math.abs(r.metricsRatePerSecond - r.achievedPerSecond) / r.achievedPerSecond;
  return [
    `broadcast: ${r.accepted} of ${r.recipients} recipients in ${(r.elapsedMs / 1000).toFixed(1)} s (${r.senderProcesses} sender process${r.senderProcesses > 1 ? 'es' : ''} on one Redis budget, ${r.database}, fake Bot API enforcing ${r.configuredPerSecond}/s and 1 per chat per second)`,
    `  rate ${r.achievedPerSecond}/s = ${r.percentOfLimit}% of the configured ${r.configuredPerSecond}/s (target ≥ 95%: ${targets[0]})`,
    `  duplicates ${r.duplicates} (target 0: ${targets[1]})`,
    `  429s received ${r.received429}, in steady state ${r.received429SteadyState} (target 0: ${targets[2]})`,
    `  officer reminder enqueued after ${r.officerEnqueuedAfter} messages, delivered ${r.officerDelayMs} ms later (target < 2000 ms: ${targets[3]})`,
    `  GET /metrics kanji_sender_rate_per_second ${r.metricsRatePerSecond}/s (mean of ${r.metricsScrapes} scrapes in steady state) vs ${r.achievedPerSecond}/s measured at the fake Bot API: ${(metricsDiff * 100).toFixed(1)}% apart (target ≤ 5%: ${metricsDiff <= 0.05 ? 'ok' : 'MISSED'})`,
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
