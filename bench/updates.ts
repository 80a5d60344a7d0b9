// Update benchmark: the real bot (createBot, all middleware, webhook-style handleUpdate in-process)
// against a minimal baseline (grammY + one Prisma query per update), same database, same run, on PGlite and
// on Postgres (when reachable). Owner updates: a typed case number (lookup), the dues button, /mycases; keeper:
// a case looked up by a keeper. Prints updates/s at saturation, p50/p95/p99 at half that rate, statements per
// update by kind (counted at the driver adapter), CPU per update (process.cpuUsage; Postgres's own CPU is not
// in it) and the ratios. Run: npm run bench, or npx tsx bench/updates.ts (UPDATES_N=… to change the count).
// The same with keepers confirming payments (bench/confirmations.ts): one update in ten is a keeper's "ok" to a
// payment card, alternately a s. 13 payment and a s. 15 deposit — updates/s, the keeper's latency at half that rate,
// statements per confirmation, and (with the jobs runtime beside the bot, at a rate Telegram's limits allow) the
// time from the keeper's "ok" to the owner's receipt PDF sent; on Postgres only. UPDATES_CONFIRM=0 leaves them out.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import pg from 'pg';
import { createBot, type BotDeps } from '../bot';
import { callbackSecret, encodeCallback } from '../src/callback-data';
import { systemClock } from '../src/clock';
import { createConfig } from '../src/config';
import { applyMigrations, openDatabase, PrismaClient, type DatabaseTarget } from '../src/db';
import { createTranslator } from '../src/i18n';
import { createLogger } from '../src/logging';
import { countingAdapter } from './statement-counter';
import { keeperOk, makeConfirmationPool, startDeliveryTiming, type ConfirmationPool } from './confirmations';
import { answeringFetch, BENCH_BOT_INFO, BENCH_TOKEN, benchDistrict } from './bench-bot';
import { paced as pacedTimed, saturate as saturateTimed } from './composition-load';

const OWNERS = 500;
const KEEPER = 9_100_000_001;
const KEEPERS = 20;
const CONCURRENCY = 16;

/** Bot API calls the bot made (the fake Bot API answers each at once). */
let apiCalls = 0;
const fakeFetch = answeringFetch(() => apiCalls++);

let nextUpdateId = Math.floor(Math.random() * 1e9);
type ReadKind = 'lookup' | 'dues' | 'mycases' | 'keeper';
type Kind = ReadKind | 'confirm' | 'deposit';
const KINDS: ReadKind[] = ['lookup', 'dues', 'mycases', 'keeper'];
/** A keeper's "ok" to the card of a s. 13 payment, and of a s. 15 deposit. */
const CONFIRM_KINDS: Kind[] = ['confirm', 'deposit'];
/** Confirmations per kind in the CPU-by-kind rounds, and updates (and their rate) of the delivery timing. */
const CPU_CONFIRMS = 40;
const DELIVERY_UPDATES = 600;
const DELIVERY_RATE = 20;
/** In the delivery timing one update in this many is a confirmation (one every two seconds at DELIVERY_RATE). */
const DELIVERY_EVERY = 40;

/** A user's text message (a command gets its entity), as Telegram delivers it. */
export function text(user: number, t: string): Update {
  const id = nextUpdateId++;
  const entities = t.startsWith('/')
    ? [{ type: 'bot_command' as const, offset: 0, length: t.split(' ')[0]!.length }]
    : undefined;
  return {
    update_id: id,
    message: {
      message_id: id,
      date: 0,
      chat: { id: user, type: 'private', first_name: 'O' },
      from: { id: user, is_bot: false, first_name: 'O', language_code: 'hi' },
      text: t,
      ...(entities ? { entities } : {}),
    },
  } as Update;
}
/** A user's tap on an inline button with `data`. */
export function tap(user: number, data: string): Update {
  const id = nextUpdateId++;
  return {
    update_id: id,
    callback_query: {
      id: String(id),
      from: { id: user, is_bot: false, first_name: 'O', language_code: 'hi' },
      chat_instance: 'c',
      data,
      message: { message_id: 1, date: 0, chat: { id: user, type: 'private', first_name: 'O' }, text: '' },
    },
  } as Update;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const f1 = (n: number) => n.toFixed(1);

async function postgresUrl(): Promise<string | undefined> {
  if (process.env.BENCH_DB === 'pglite') return undefined;
  const admin = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const c = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    const name = `kanji_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await c.query(`CREATE DATABASE ${name}`);
    const u = new URL(admin);
    u.pathname = `/${name}`;
    return u.toString();
  } catch {
    return undefined;
  } finally {
    await c.end().catch(() => {});
  }
}

async function dropPostgres(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
}

/** Runs `updates` through `handle` with CONCURRENCY in flight; returns the rate, CPU ms and per-update latencies. */
async function saturate(handle: (u: Update) => Promise<void>, updates: Update[]) {
  const cpu0 = process.cpuUsage();
  const r = await saturateTimed(handle, updates, CONCURRENCY);
  const cpu = process.cpuUsage(cpu0);
  if (process.env.BENCH_DEBUG)
    console.error(
      `round: user ${(cpu.user / 1000 / updates.length).toFixed(3)} ms, system ${(cpu.system / 1000 / updates.length).toFixed(3)} ms per update`,
    );
  return {
    perSecond: r.perSecond,
    cpuMsPerUpdate: (cpu.user + cpu.system) / 1000 / updates.length,
    lat: r.timed.map((t) => t.ms),
  };
}

/** Open loop at `rate`/s: each update starts on schedule whether or not earlier ones finished. */
async function paced(handle: (u: Update) => Promise<void>, updates: Update[], rate: number) {
  return (await pacedTimed(handle, updates, rate)).timed.map((x) => x.ms);
}

async function profiled(file: string, fn: () => Promise<unknown>): Promise<void> {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  await fn();
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
}

async function benchOne(label: string, target: DatabaseTarget, n: number): Promise<string[]> {
  const opened = await openDatabase(target);
  await applyMigrations(opened.adapter);
  await opened.prisma.$disconnect();
  const { adapter, counter } = countingAdapter(opened.adapter);
  const prisma = new PrismaClient({ adapter });
  const out: string[] = [];
  try {
    const now = systemClock.now();
    const { caseRows, jai1 } = await benchDistrict(prisma, now, OWNERS, KEEPER, KEEPERS);

    const config = createConfig({
      LOG_LEVEL: 'silent',
      BOT_TOKEN: BENCH_TOKEN,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    });
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
    const baseline = new Bot(BENCH_TOKEN, { client: { fetch: fakeFetch as never }, botInfo: BENCH_BOT_INFO });
    baseline.on('message:text', async (ctx) => {
      const c = await prisma.case.findUnique({ where: { number: ctx.msg.text } });
      await ctx.reply(c ? c.number : 'none');
    });
    await baseline.init();
    // The same with findFirst, which Prisma never merges across concurrent calls: one statement per update at any load.
    const baselineOne = new Bot(BENCH_TOKEN, { client: { fetch: fakeFetch as never }, botInfo: BENCH_BOT_INFO });
    baselineOne.on('message:text', async (ctx) => {
      const c = await prisma.case.findFirst({ where: { number: ctx.msg.text } });
      await ctx.reply(c ? c.number : 'none');
    });
    await baselineOne.init();

    // Payments waiting for the keepers, enough for every confirmation below (two kinds, made before the clock starts).
    const rounds_ = Number(process.env.UPDATES_ROUNDS ?? 3);
    // On Postgres, as deployed (PGlite serves one process: the local chat and the tests).
    const withConfirmations = process.env.UPDATES_CONFIRM !== '0' && target.kind === 'postgres';
    const perKind =
      Math.ceil((n * (rounds_ + 1)) / 20) + 21 + 2 * CPU_CONFIRMS + DELIVERY_UPDATES / DELIVERY_EVERY / 2 + 20;
    const pool: ConfirmationPool | null = withConfirmations
      ? await makeConfirmationPool(prisma, config, {
          pound: jai1,
          perKind,
          now,
          ownerOf: (k) => 1_000_000 + (k % OWNERS),
          keeperOf: (k) => KEEPER + (k % KEEPERS),
        })
      : null;
    /** Confirmation updates by id: whose receipt, for the delivery timing and the keeper's latency. */
    const confirmations = new Map<number, number>();

    const secret = callbackSecret(config);
    let owner = 0;
    const make = (kind: Kind): Update => {
      if (kind === 'confirm' || kind === 'deposit') {
        const p = pool!.next(kind === 'confirm' ? 'S13_PAYMENT' : 'S15_DEPOSIT');
        const u = keeperOk(p, nextUpdateId++);
        confirmations.set(u.update_id, p.owner);
        return u;
      }
      const user = 1_000_000 + (owner++ % OWNERS);
      const c = caseRows[owner % caseRows.length]!;
      if (kind === 'lookup') return text(user, c.number);
      if (kind === 'dues') return tap(user, encodeCallback(secret, 'du', c.id));
      if (kind === 'mycases') return text(user, '/mycases');
      return text(KEEPER + (owner % KEEPERS), `/case ${c.number}`);
    };
    const mix = (m: number) => Array.from({ length: m }, (_, k) => make(KINDS[k % KINDS.length]!));
    // One update in ten a keeper's confirmation (alternately a s. 13 payment and a s. 15 deposit), the rest the reads.
    const confirmMix = (m: number, every = 10) =>
      Array.from({ length: m }, (_, k) =>
        k % every === every - 1
          ? make(CONFIRM_KINDS[Math.floor(k / every) % 2]!)
          : make(KINDS[(k - Math.floor(k / every)) % 4]!),
      );
    const real = (u: Update) => bot.handleUpdate(u);
    const base = (u: Update) => baseline.handleUpdate(u);
    const baseOne = (u: Update) => baselineOne.handleUpdate(u);
    const baseUpdates = (m: number) =>
      Array.from({ length: m }, (_, k) => text(1_000_000 + (k % OWNERS), caseRows[k % caseRows.length]!.number));

    // Warm up (JIT, caches, every owner seen once), then statements per update by kind, one at a time.
    await saturate(
      real,
      Array.from({ length: OWNERS }, () => make('lookup')),
    );
    await saturate(
      real,
      Array.from({ length: KEEPERS }, (_, k) => text(KEEPER + k, '/help')),
    );
    if (pool) await saturate(real, confirmMix(200));
    await saturate(base, baseUpdates(200));
    await saturate(baseOne, baseUpdates(200));
    const perKindLines: string[] = [];
    for (const kind of [...KINDS, ...(pool ? CONFIRM_KINDS : [])]) {
      // A keeper at work: his grants are in the bot's 30 s cache, as after the warm-up (the confirmations count
      // their own statements, not a cache refill's).
      if (CONFIRM_KINDS.includes(kind))
        await saturate(
          real,
          Array.from({ length: KEEPERS }, (_, k) => text(KEEPER + k, '/help')),
        );
      await new Promise((r) => setTimeout(r, 300));
      counter.reset();
      const k = 20;
      if (process.env.BENCH_SQL) {
        console.error(`--- ${kind}`);
        counter.trace = true;
        await real(make(kind));
        counter.trace = false;
      }
      const calls0 = apiCalls;
      for (let j = 0; j < k; j++) await real(make(kind));
      const calls = (apiCalls - calls0) / k;
      await new Promise((r) => setTimeout(r, 300)); // the batched finishedAt marks land
      const verbs = [...counter.byVerb]
        .sort()
        .map(([v, c]) => `${v} ${f1(c / k)}`)
        .join(', ');
      perKindLines.push(`${kind} ${f1(counter.total / k)} (${verbs}; Bot API calls ${f1(calls)})`);
    }
    counter.reset();
    for (let j = 0; j < 20; j++) await base(baseUpdates(1)[0]!);
    const baseStatements = counter.total / 20;

    // Saturation: the real bot and both baselines interleaved (UPDATES_ROUNDS rounds, default 3), then the real bot
    // at half its rate. Statements are counted through each round too: at saturation Prisma merges the concurrent
    // findUnique calls of the first baseline into one `WHERE number IN (…)` statement (its dataloader), so that
    // baseline runs ~1/16 of a statement per update; findFirst is never merged, so the second baseline is the
    // issue's "one Prisma query per update" at any load. Both ratios are printed.
    type Round = Awaited<ReturnType<typeof saturate>> & { statements: number };
    const counted = async (handle: (u: Update) => Promise<void>, updates: Update[]): Promise<Round> => {
      await new Promise((r) => setTimeout(r, 100)); // the previous round's batched marks land outside this one
      counter.reset();
      const result = await saturate(handle, updates);
      await new Promise((r) => setTimeout(r, 100));
      return { ...result, statements: counter.total / updates.length };
    };
    const rounds: Array<{ real: Round; base: Round; one: Round; mixed: Round | null }> = [];
    let peakRss = 0;
    const rssTimer = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 50);
    for (let r = 0; r < rounds_; r++) {
      rounds.push({
        real: await counted(real, mix(n)),
        mixed: pool ? await counted(real, confirmMix(n)) : null,
        base: await counted(base, baseUpdates(n)),
        one: await counted(baseOne, baseUpdates(n)),
      });
    }
    // CPU per update of each kind alone (best of two rounds): where the mix's CPU goes.
    const cpuByKind: string[] = [];
    for (const kind of [...KINDS, ...(pool ? CONFIRM_KINDS : [])]) {
      const m = CONFIRM_KINDS.includes(kind) ? CPU_CONFIRMS : n / 2;
      const xs = [
        await saturate(
          real,
          Array.from({ length: m }, () => make(kind)),
        ),
        await saturate(
          real,
          Array.from({ length: m }, () => make(kind)),
        ),
      ];
      cpuByKind.push(`${kind} ${Math.min(...xs.map((x) => x.cpuMsPerUpdate)).toFixed(2)}`);
    }
    // UPDATES_CPU_PROFILE=<file>: a V8 CPU profile of one more saturation round of the real bot only (open it in
    // Chrome DevTools, or sum self time by package) — where the CPU per update goes. UPDATES_PROFILE_KIND=lookup|dues|
    // mycases|keeper profiles that kind alone.
    const profKind = process.env.UPDATES_PROFILE_KIND as Kind | undefined;
    if (process.env.UPDATES_CPU_PROFILE)
      await profiled(process.env.UPDATES_CPU_PROFILE, () =>
        saturate(real, profKind ? Array.from({ length: n }, () => make(profKind)) : mix(n)),
      );
    // UPDATES_CPU_PROFILE_BASE=<file>: the same for the baseline, to set the two side by side.
    if (process.env.UPDATES_CPU_PROFILE_BASE)
      await profiled(process.env.UPDATES_CPU_PROFILE_BASE, () => saturate(base, baseUpdates(n)));
    const best = (xs: number[]) => Math.max(...xs);
    const realRate = best(rounds.map((r) => r.real.perSecond));
    const baseRate = best(rounds.map((r) => r.base.perSecond));
    const realCpu = Math.min(...rounds.map((r) => r.real.cpuMsPerUpdate));
    const baseCpu = Math.min(...rounds.map((r) => r.base.cpuMsPerUpdate));
    const oneCpu = Math.min(...rounds.map((r) => r.one.cpuMsPerUpdate));
    const oneRate = best(rounds.map((r) => r.one.perSecond));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const sat = (k: 'real' | 'base' | 'one') => mean(rounds.map((r) => r[k].statements)).toFixed(2);
    const half = Math.max(5, Math.floor(realRate / 2));
    const lat = await paced(real, mix(Math.min(n, half * 4)), half);
    const satLat = rounds.flatMap((r) => r.real.lat);
    // With confirmations: saturation, then half that rate — every update's latency and the keepers' confirmations'.
    const mixedLines: string[] = [];
    if (pool) {
      const mixedRounds = rounds.map((r) => r.mixed!);
      const mixedRate = best(mixedRounds.map((r) => r.perSecond));
      const mixedCpu = Math.min(...mixedRounds.map((r) => r.cpuMsPerUpdate));
      const halfMixed = Math.max(5, Math.floor(mixedRate / 2));
      const { timed } = await pacedTimed(real, confirmMix(Math.min(n, halfMixed * 4)), halfMixed);
      const all = timed.map((x) => x.ms);
      const keeperMs = timed.filter((x) => confirmations.has(x.id)).map((x) => x.ms);
      mixedLines.push(
        `${label}: with 10 % keeper confirmations (s. 13 payments and s. 15 deposits alternately): real bot ${f1(mixedRate)} updates/s (same rounds: baseline ${f1(baseRate)}/s, one-statement baseline ${f1(oneRate)}/s); ` +
          `CPU per update ${mixedCpu.toFixed(2)} ms (ratio to the one-statement baseline ${(mixedCpu / oneCpu).toFixed(1)}×); statements per update ${mean(mixedRounds.map((r) => r.statements)).toFixed(2)}; ` +
          `at ${halfMixed}/s (half) p50/p95/p99 every update ${f1(pct(all, 50))}/${f1(pct(all, 95))}/${f1(pct(all, 99))} ms, the keeper's confirmation ${f1(pct(keeperMs, 50))}/${f1(pct(keeperMs, 95))}/${f1(pct(keeperMs, 99))} ms (${keeperMs.length}); peak RSS ${Math.round(peakRss / 2 ** 20)} MB`,
      );
      // The owner's receipt PDF: the jobs runtime beside the bot, as `npm start` runs it, reads at DELIVERY_RATE with a
      // keeper's confirmation every two seconds (each sends four messages, three of them PDFs) — a busy pound's
      // afternoon, well inside Telegram's limits.
      // What the rounds above queued is not this measurement's: left in the outbox, the jobs' start-up reconcile would
      // owe it (thousands of messages at Telegram's 30/s) ahead of the confirmations timed here.
      await prisma.outboxEntry.deleteMany({ where: { jobName: 'send' } });
      const delivery = await startDeliveryTiming(deps, BENCH_TOKEN, fakeFetch as never);
      // As src/app.ts wires it when the bot and the jobs share a process (npm start).
      deps.nudgeOutbox = () => delivery.runtime.nudge();
      try {
        await new Promise((r) => setTimeout(r, 3000)); // the start-up reconcile pass settles
        const { timed: sent } = await pacedTimed(real, confirmMix(DELIVERY_UPDATES, DELIVERY_EVERY), DELIVERY_RATE);
        const waits = sent
          .filter((x) => confirmations.has(x.id))
          .map((x) => ({ owner: confirmations.get(x.id)!, start: x.start }));
        const deadline = performance.now() + 30_000;
        const firstPdf = (w: { owner: number; start: number }) =>
          delivery.documentsSent.find((d) => d.chat === w.owner && d.at >= w.start)?.at;
        while (waits.some((w) => firstPdf(w) === undefined) && performance.now() < deadline)
          await new Promise((r) => setTimeout(r, 100));
        const secs = waits.map((w) => ((firstPdf(w) ?? Number.POSITIVE_INFINITY) - w.start) / 1000);
        if (process.env.BENCH_DEBUG)
          console.error(
            `delivery: ${delivery.documentsSent.length} documents sent; deliveries`,
            await prisma.delivery.groupBy({ by: ['status'], _count: true }),
            'undispatched',
            await prisma.outboxEntry.count({ where: { dispatchedAt: null } }),
            JSON.stringify(await delivery.runtime.status()).slice(0, 600),
          );
        const f2 = (x: number) => x.toFixed(2);
        mixedLines.push(
          `${label}: keeper's "ok" → owner's receipt PDF sent (jobs runtime in this process: dispatcher every 1 s, Telegram limits 30/s and 1 s per chat; ${DELIVERY_RATE} updates/s, one in ${DELIVERY_EVERY} a confirmation): ` +
            `p50/p95/max ${f2(pct(secs, 50))}/${f2(pct(secs, 95))}/${f2(Math.max(...secs))} s over ${secs.length} confirmations`,
        );
      } finally {
        delete deps.nudgeOutbox;
        await delivery.stop();
      }
    }
    clearInterval(rssTimer);
    out.push(
      `${label}: real bot ${f1(realRate)} updates/s (baseline ${f1(baseRate)}/s, ratio ${(baseRate / realRate).toFixed(1)}×; one-statement baseline ${f1(oneRate)}/s); ` +
        `at saturation (${CONCURRENCY} in flight) p50/p95/p99 ${f1(pct(satLat, 50))}/${f1(pct(satLat, 95))}/${f1(pct(satLat, 99))} ms; ` +
        `at ${half}/s (half) p50/p95/p99 ${f1(pct(lat, 50))}/${f1(pct(lat, 95))}/${f1(pct(lat, 99))} ms`,
      `${label}: CPU per update ${realCpu.toFixed(2)} ms (baseline ${baseCpu.toFixed(2)} ms, ratio ${(realCpu / baseCpu).toFixed(1)}×; one-statement baseline ${oneCpu.toFixed(2)} ms, ratio ${(realCpu / oneCpu).toFixed(1)}×)`,
      `${label}: CPU per update by kind (ms) — ${cpuByKind.join(', ')}`,
      `${label}: statements per update at saturation — real bot ${sat('real')}, baseline (findUnique, merged by Prisma) ${sat('base')}, one-statement baseline (findFirst) ${sat('one')}`,
      `${label}: statements per update — ${perKindLines.join('; ')}; baseline ${f1(baseStatements)}`,
      ...mixedLines,
    );
    await bot.stop().catch(() => {});
  } finally {
    await prisma.$disconnect();
    await opened.close();
  }
  return out;
}

export async function run(): Promise<string> {
  const n = Number(process.env.UPDATES_N ?? 800);
  const lines = [
    `updates on Node ${process.versions.node} (real bot vs grammY + 1 Prisma query, findUnique and findFirst; mix of lookup, dues button, /mycases, keeper /case; shared busy machine, load ${loadavg()[0]!.toFixed(1)}):`,
  ];
  if (process.env.BENCH_DB !== 'postgres') lines.push(...(await benchOne('  PGlite  ', { kind: 'memory' }, n)));
  const url = await postgresUrl();
  if (url) {
    try {
      lines.push(...(await benchOne('  Postgres', { kind: 'postgres', url }, n)));
    } finally {
      await dropPostgres(url);
    }
  } else lines.push('  Postgres: not reachable, skipped');
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await run());
  process.exit(0);
}
