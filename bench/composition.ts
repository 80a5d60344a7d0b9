// The composition bench: the app as production runs it — `src/main.ts` in a process of its own, webhook mode
// (fastify, the secret token), the jobs runtime in the same process, logs at info to a file, the reply pacing in
// Redis, Postgres — answering webhook POSTs from this process and replying over HTTP to the Bot API stand-in in a
// third process (bench/composition-telegram.ts, flood limits off). Beside it, in the same harness, the least a
// grammY + Prisma webhook server does (bench/baseline-webhook.ts). Each at saturation (16 in flight) and at a fixed
// offered rate (half the app's saturation rate unless COMPOSITION_RATE): updates/s, p50/p95/p99 of the webhook's
// answer, CPU per update of the server process (/proc/<pid>/stat) and its peak RSS; then the mix with one update in
// ten a keeper's "ok" to a payment card, its documents made by the jobs in the app's process, and again with
// `npm run worker` (src/worker.ts) beside it. Knobs: COMPOSITION_N (updates at saturation, default 1500),
// COMPOSITION_SECONDS (length of a fixed-rate phase, default 6), COMPOSITION_RATE, COMPOSITION_DOC_WAIT_S (default 45),
// COMPOSITION_TG_PER_SECOND (the app's TELEGRAM_GLOBAL_PER_SECOND, default 1000: Telegram's own 30/s would pace
// every reply), COMPOSITION_LOG (the app's log file, default a temporary file).
// Run: npx tsx bench/composition.ts (Postgres and Redis required), or npm run bench.
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import type { Update } from 'grammy/types';
import { createRedis } from '../jobs/redis';
import { BENCH_TOKEN } from './bench-bot';
import { benchDatabase } from './bench-database';
import {
  cpuMs,
  f1,
  freePort,
  paced,
  p3,
  pct,
  peakRssMb,
  saturate,
  startTs,
  stopChild,
  waitForLine,
  waitHttp,
  webhookPoster,
  type Timed,
} from './composition-load';
import { seedDistrict } from './composition-seed';

const CONCURRENCY = 16;
const env = process.env;
const load = () => loadavg()[0]!.toFixed(1);

interface Phase {
  perSecond: number;
  lat: number[];
  timed: Timed[];
  /** CPU ms per update of each measured process, in order. */
  cpu: number[];
  load: string;
}

/** One phase of `updates` at saturation (`rate` undefined) or at `rate`/s, with the CPU the processes `pids` used. */
async function phase(post: (u: Update) => Promise<void>, pids: number[], updates: Update[], rate?: number) {
  const cpu0 = pids.map(cpuMs);
  const r = rate ? await paced(post, updates, rate) : await saturate(post, updates, CONCURRENCY);
  const cpu = pids.map((p, i) => (cpuMs(p) - cpu0[i]!) / updates.length);
  return { perSecond: r.perSecond, lat: r.timed.map((t) => t.ms), timed: r.timed, cpu, load: load() } as Phase;
}

const ms = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' + ');

export async function run(): Promise<string> {
  const n = Number(env.COMPOSITION_N ?? 1500);
  const secs = Number(env.COMPOSITION_SECONDS ?? 6);
  const docWaitS = Number(env.COMPOSITION_DOC_WAIT_S ?? 45);
  const db = await benchDatabase('comp');
  if (!db) return 'composition: Postgres not reachable, skipped';
  const prefix = `benchcomp${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const logFile = env.COMPOSITION_LOG ?? join(tmpdir(), `${prefix}.log`);
  const children: ChildProcess[] = [];
  const out: string[] = [];
  try {
    const t0 = performance.now();
    // Confirmations: at most n/10 at saturation and n/10 at half rate, in two runs, plus the warm-ups.
    const make = await seedDistrict(db.url, Math.ceil((4 * n) / 10 / 2) + 20);
    const seedS = (performance.now() - t0) / 1000;

    const docs: Array<{ chat: number; at: number }> = [];
    const tg = startTs(
      'bench/composition-telegram.ts',
      Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith('FAKE_TG_') && v !== undefined)) as Record<
        string,
        string
      >,
    );
    children.push(tg);
    const apiRoot = await waitForLine(
      tg,
      (l) => l.startsWith('http'),
      (l) => {
        const m = /^document (-?\d+) (\d+)$/.exec(l);
        if (m) docs.push({ chat: Number(m[1]), at: Number(m[2]) - performance.timeOrigin });
      },
    );
    const secret = randomUUID().replace(/-/g, '');
    const appPort = await freePort();
    const appEnv = {
      BOT_TOKEN: BENCH_TOKEN,
      TELEGRAM_API_ROOT: apiRoot,
      WEBHOOK_URL: 'https://kanji.bench.invalid/webhook',
      WEBHOOK_SECRET: secret,
      PORT: String(appPort),
      HTTP_HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      LOG_LEVEL: 'info',
      TELEGRAM_GLOBAL_PER_SECOND: env.COMPOSITION_TG_PER_SECOND ?? '1000',
      TELEGRAM_PER_CHAT_INTERVAL_MS: '1',
    };
    const logFd = openSync(logFile, 'a');
    const app = startTs('src/main.ts', appEnv, logFd);
    children.push(app);
    const t1 = performance.now();
    await Promise.race([
      waitHttp(appPort, '/healthz', 120_000),
      new Promise((_, reject) => app.once('exit', (c) => reject(new Error(`the app exited (${c}): see ${logFile}`)))),
    ]);
    const startS = (performance.now() - t1) / 1000;
    const appPost = webhookPoster(appPort, secret);

    // Reads: warm-up (every owner and keeper once), the app idle for 3 s, saturation, then the fixed offered rate.
    await saturate(appPost.post, make.warmUp(), CONCURRENCY);
    const idle0 = cpuMs(app.pid!);
    await new Promise((r) => setTimeout(r, 3000));
    const idlePerS = (cpuMs(app.pid!) - idle0) / 3;
    const appMax = await phase(appPost.post, [app.pid!], make.reads(n));
    const rate = Number(env.COMPOSITION_RATE ?? Math.max(5, Math.floor(appMax.perSecond / 2)));
    const appRate = await phase(appPost.post, [app.pid!], make.reads(Math.round(rate * secs)), rate);
    const keeperLat = (p: Phase) => p.timed.filter((t) => make.keepers.has(t.id)).map((t) => t.ms);
    const appRss = peakRssMb(app.pid!);

    // The baseline, same harness, same load (its updates: owners' typed case numbers).
    const basePort = await freePort();
    const base = startTs('bench/baseline-webhook.ts', {
      BOT_TOKEN: BENCH_TOKEN,
      TELEGRAM_API_ROOT: apiRoot,
      WEBHOOK_SECRET: secret,
      PORT: String(basePort),
      DATABASE_URL: db.url,
    });
    children.push(base);
    await waitForLine(base, (l) => l === 'ready');
    const basePost = webhookPoster(basePort, secret);
    await saturate(basePost.post, make.lookups(500), CONCURRENCY);
    const baseMax = await phase(basePost.post, [base.pid!], make.lookups(n));
    const baseRate = await phase(basePost.post, [base.pid!], make.lookups(Math.round(rate * secs)), rate);
    const baseRss = peakRssMb(base.pid!);
    await stopChild(base);
    basePost.close();

    const readsFailed = appPost.failures();
    const cpuRatio = (a: Phase, b: Phase) => (a.cpu[0]! / b.cpu[0]!).toFixed(2);
    out.push(
      `composition on Node ${process.versions.node}: the app (src/main.ts, webhook, jobs in process, logs at info to a file, reply pacing in Redis at ${appEnv.TELEGRAM_GLOBAL_PER_SECOND}/s, Postgres) vs the baseline (node:http + grammY webhookCallback + 1 Prisma findUnique + sendMessage); Bot API stand-in over HTTP, flood limits ${env.FAKE_TG_PER_SECOND ? `${env.FAKE_TG_PER_SECOND}/s` : 'off'}; seed ${f1(seedS)} s, app up in ${f1(startS)} s`,
      `  reads at saturation (${CONCURRENCY} in flight, ${n} updates: lookup, dues button, /mycases, keeper /case): app ${f1(appMax.perSecond)} updates/s, p50/p95/p99 ${p3(appMax.lat)} ms, CPU ${ms(appMax.cpu)} ms/update (load ${appMax.load}); baseline ${f1(baseMax.perSecond)} updates/s, p50/p95/p99 ${p3(baseMax.lat)} ms, CPU ${ms(baseMax.cpu)} ms/update (load ${baseMax.load}); CPU ratio app/baseline ${cpuRatio(appMax, baseMax)}×, rate ratio baseline/app ${(baseMax.perSecond / appMax.perSecond).toFixed(2)}×`,
      `  reads at ${rate}/s offered (${Math.round(rate * secs)} updates): app p50/p95/p99 ${p3(appRate.lat)} ms, keeper /case ${p3(keeperLat(appRate))} ms, CPU ${ms(appRate.cpu)} ms/update (load ${appRate.load}); baseline p50/p95/p99 ${p3(baseRate.lat)} ms, CPU ${ms(baseRate.cpu)} ms/update (load ${baseRate.load}); CPU ratio ${cpuRatio(appRate, baseRate)}×`,
      `  the app idle (jobs polling, no updates): ${f1(idlePerS)} ms CPU per second; peak RSS: app ${appRss} MB, baseline ${baseRss} MB; webhook answers not 200: app ${readsFailed}, baseline ${basePost.failures()}`,
    );

    // Confirmations: the jobs in the app's process, then with a worker process beside it.
    const confirmRun = async (label: string, pids: number[]) => {
      const f0 = appPost.failures();
      const start = performance.now();
      const cpu0 = pids.map(cpuMs);
      const warm = await saturate(appPost.post, make.confirmMix(100), CONCURRENCY);
      const max = await phase(appPost.post, pids, make.confirmMix(n));
      const half = Math.max(5, Math.floor(max.perSecond / 2));
      const halfP = await phase(appPost.post, pids, make.confirmMix(Math.min(n, half * secs)), half);
      const posted = performance.now();
      const waits = [...warm.timed, ...max.timed, ...halfP.timed]
        .filter((t) => make.confirmations.has(t.id))
        .map((t) => ({ owner: make.confirmations.get(t.id)!, start: t.start }));
      const firstPdf = (w: { owner: number; start: number }) =>
        docs.find((d) => d.chat === w.owner && d.at >= w.start)?.at;
      const deadline = performance.now() + docWaitS * 1000;
      while (waits.some((w) => firstPdf(w) === undefined) && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 250));
      // The documents still being sent for the last confirmations: until none came for a second.
      let seen = -1;
      while (seen !== docs.length && performance.now() < deadline) {
        seen = docs.length;
        await new Promise((r) => setTimeout(r, 1000));
      }
      const made = docs.filter((d) => d.at >= start);
      const secsToPdf = waits.map((w) => ((firstPdf(w) ?? Number.POSITIVE_INFINITY) - w.start) / 1000);
      const missing = secsToPdf.filter((s) => !Number.isFinite(s)).length;
      const lastDoc = Math.max(...made.map((d) => d.at));
      const cpuAll = pids.map((p, i) => cpuMs(p) - cpu0[i]!);
      const total = 100 + n + halfP.timed.length;
      const confLat = halfP.timed.filter((t) => make.confirmations.has(t.id)).map((t) => t.ms);
      out.push(
        `  ${label}, 10 % keeper confirmations at saturation (${n} updates): ${f1(max.perSecond)} updates/s, p50/p95/p99 ${p3(max.lat)} ms, CPU ${ms(max.cpu)} ms/update while posting (load ${max.load})`,
        `  ${label}, at ${half}/s offered (half): every update p50/p95/p99 ${p3(halfP.lat)} ms, the keeper's "ok" ${p3(confLat)} ms (${confLat.length}), CPU ${ms(halfP.cpu)} ms/update while posting (load ${halfP.load})`,
        `  ${label}, documents: ${made.length} PDFs sent for ${waits.length} confirmations (10 of them the warm-up's; ${missing} without a receipt PDF after ${docWaitS} s); "ok" → first PDF p50/p95/max ${f1(pct(secsToPdf, 50))}/${f1(pct(secsToPdf, 95))}/${f1(Math.max(...secsToPdf))} s; last PDF ${f1((lastDoc - posted) / 1000)} s after the last update was answered; ${f1(total / ((Math.max(lastDoc, posted) - start) / 1000))} updates/s with their documents made (${total} updates, posting to last PDF); CPU ${pids.map((_, i) => (cpuAll[i]! / total).toFixed(2)).join(' + ')} ms/update with the documents; peak RSS ${pids.map(peakRssMb).join(' + ')} MB; webhook answers not 200: ${appPost.failures() - f0}`,
      );
    };
    await confirmRun('jobs in the app', [app.pid!]);
    // npm run worker: the same settings; the app keeps its own jobs (every `npm start` runs them: src/app.ts).
    const workerPort = await freePort();
    const worker = startTs('src/worker.ts', { ...appEnv, PORT: String(workerPort) }, logFd);
    children.push(worker);
    await waitHttp(workerPort, '/healthz', 120_000);
    await confirmRun('app + npm run worker', [app.pid!, worker.pid!]);
    closeSync(logFd);
    out.push(
      `  the log of the app and the worker (LOG_LEVEL=info): ${logFile}, ${Math.round(statSync(logFile).size / 1024)} kB`,
    );
    appPost.close();
  } finally {
    for (const c of children.reverse()) await stopChild(c);
    await db.drop().catch(() => {});
    await dropKeys(redisUrl, prefix).catch(() => {});
  }
  return out.join('\n');
}

/** Deletes the run's keys (queues, pacing, limits) from Redis. */
async function dropKeys(url: string, prefix: string): Promise<void> {
  const redis = createRedis(url);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  await redis.quit();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await run());
  process.exit(0);
}
