// The keeper's confirmation alone, on Postgres: CPU per confirming update (s. 13 payments and s. 15 deposits
// alternately, 16 in flight) and statements per confirmation, without the rest of the update bench. A quick check
// while working on the confirmation's cost; the figures of record come from bench/updates.ts.
// Run: npx tsx bench/confirm-cpu.ts (CONFIRM_N=… confirmations, default 300; CONFIRM_CPU_PROFILE=<file> writes a V8
// CPU profile of the measured round: open it in Chrome DevTools, or sum its self time by package).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Update } from 'grammy/types';
import pg from 'pg';
import { createBot, type BotDeps } from '../bot';
import { systemClock } from '../src/clock';
import { createConfig } from '../src/config';
import { applyMigrations, openDatabase, PrismaClient } from '../src/db';
import { seedDemo } from '../src/db/seed';
import { createTranslator } from '../src/i18n';
import { createLogger } from '../src/logging';
import { keeperOk, makeConfirmationPool } from './confirmations';
import { countingAdapter } from './statement-counter';
import { answeringFetch, BENCH_BOT_INFO, BENCH_TOKEN, enrolBenchKeepers } from './bench-bot';

const KEEPER = 9_100_000_001;
const KEEPERS = 20;
const OWNERS = 500;
const CONCURRENCY = 16;
const fakeFetch = answeringFetch();

async function saturate(handle: (u: Update) => Promise<unknown>, updates: Update[]) {
  let i = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (i < updates.length) await handle(updates[i++]!);
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  return { cpuMs: (cpu.user + cpu.system) / 1000 / updates.length, ms: performance.now() - t0 };
}

export async function run(): Promise<string> {
  const n = Number(process.env.CONFIRM_N ?? 300);
  const admin = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `kanji_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ kind: 'postgres', url: url.toString() });
  const lines: string[] = [];
  try {
    await applyMigrations(opened.adapter);
    await opened.prisma.$disconnect();
    const { adapter, counter } = countingAdapter(opened.adapter);
    const prisma = new PrismaClient({ adapter });
    const now = systemClock.now();
    await seedDemo(prisma, now);
    await prisma.telegramUser.createMany({
      data: Array.from({ length: OWNERS }, (_, k) => ({
        id: BigInt(1_000_000 + k),
        firstName: 'O',
        languageCode: 'hi',
      })),
    });
    const jai1 = await enrolBenchKeepers(prisma, KEEPER, KEEPERS, now);
    const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: BENCH_TOKEN });
    const deps: BotDeps = {
      config,
      db: prisma,
      clock: systemClock,
      logger: createLogger('silent'),
      translator: await createTranslator(),
      botUsername: BENCH_BOT_INFO.username,
    };
    const bot = createBot(BENCH_TOKEN, deps, { client: { fetch: fakeFetch as never }, botInfo: BENCH_BOT_INFO });
    await bot.init();
    const warm = 100;
    const pool = await makeConfirmationPool(prisma, config, {
      pound: jai1,
      perKind: Math.ceil((warm + 2 * n + 22) / 2) + 1,
      now,
      ownerOf: (k) => 1_000_000 + (k % OWNERS),
      keeperOf: (k) => KEEPER + (k % KEEPERS),
    });
    let id = Math.floor(Math.random() * 1e9);
    const oks = (m: number) =>
      Array.from({ length: m }, (_, k) => keeperOk(pool.next(k % 2 ? 'S15_DEPOSIT' : 'S13_PAYMENT'), id++));
    const real = (u: Update) => bot.handleUpdate(u);
    await saturate(real, oks(warm));
    // Statements per confirmation, one at a time (the keepers' grants are cached by the warm-up).
    if (process.env.CONFIRM_SQL) {
      counter.trace = true;
      await real(oks(1)[0]!);
      await new Promise((r) => setTimeout(r, 300));
      counter.trace = false;
    }
    counter.reset();
    for (const u of oks(20)) await real(u);
    await new Promise((r) => setTimeout(r, 300));
    const verbs = [...counter.byVerb]
      .sort()
      .map(([v, k]) => `${v} ${(k / 20).toFixed(1)}`)
      .join(', ');
    lines.push(`statements per confirming update ${(counter.total / 20).toFixed(1)} (${verbs})`);
    const a = await saturate(real, oks(n));
    let b: { cpuMs: number; ms: number };
    const file = process.env.CONFIRM_CPU_PROFILE;
    if (file) {
      const { Session } = await import('node:inspector/promises');
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
      b = await saturate(real, oks(n));
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    } else b = await saturate(real, oks(n));
    lines.push(
      `CPU per confirming update ${Math.min(a.cpuMs, b.cpuMs).toFixed(2)} ms (rounds ${a.cpuMs.toFixed(2)}, ` +
        `${b.cpuMs.toFixed(2)}${file ? ' profiled' : ''}); ${((n / Math.min(a.ms, b.ms)) * 1000).toFixed(0)} confirmations/s`,
    );
    await bot.stop().catch(() => {});
    await prisma.$disconnect();
  } finally {
    await opened.close();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await run());
  process.exit(0);
}
