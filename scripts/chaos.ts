// npm run chaos [-- --quick] [-- --verbose]: fault injection on loopback, bounded in time (~5 min; --quick ~2).
// Its own Postgres cluster and redis-server (temp dirs, free ports), a Bot API fake over HTTP, and the
// workers (src/worker.ts) as a child process. A broadcast to ≥ 200 subscribers, a second one due mid-run,
// s. 14 reports due at once and notice-overdue reminders falling due through the run; meanwhile the worker
// is killed twice (kill -9), Postgres is stopped (a fast shutdown), Redis is killed and started empty,
// and the Bot API fails (5xx, timeouts, 429s). Then it waits for quiescence and compares what the database
// says is owed with what the fake received, per recipient. Exit 1 on any loss or unexplained double.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { systemClock } from '../src/clock';
import { createConfig } from '../src/config';
import { applyMigrations, openDatabase } from '../src/db';
import { seedDemo } from '../src/db/seed';
import { createTranslator } from '../src/i18n';
import { createLogger } from '../src/logging';
import { allocateCaseNumber, villageKey } from '../src/services/case-numbers';
import { planDeadlines } from '../src/services/deadlines';
import { addToOutbox } from '../src/services/outbox';
import { ChaosBotApi } from '../test/support/chaos-bot-api';
import { missedDeadlines, owedMessages, tally, type KillSnapshot } from '../test/support/chaos-ledger';
import { enrolStaff } from '../test/support/fixtures';
import { PostgresProcess } from '../test/support/own-services';
import { scanLogs } from './log-scan';
import { RedisProcess } from '../test/support/own-services';

const quick = process.argv.includes('--quick');
const verbose = process.argv.includes('--verbose');
const SUBSCRIBERS = Number(process.env.CHAOS_SUBSCRIBERS ?? 240);
// Seconds from the worker's first start. Quick mode scales the outages down to 15 s.
const P = quick
  ? {
      rate: 8,
      kill1: 10,
      kill2: 22,
      pgDown: 32,
      pgUp: 47,
      redisDown: 62,
      redisUp: 64,
      apiFail: 72,
      apiOk: 87,
      secondBroadcast: 20,
      notices: 8,
      noticeEvery: 10,
      settle: 120,
    }
  : {
      rate: 4,
      kill1: 20,
      kill2: 40,
      pgDown: 55,
      pgUp: 115,
      redisDown: 150,
      redisUp: 155,
      apiFail: 175,
      apiOk: 235,
      secondBroadcast: 90,
      notices: 12,
      noticeEvery: 20,
      settle: 180,
    };
const TOKEN = `700000001:CHAOS${'x'.repeat(31)}`;
const OFFICERS = [70_000_001, 70_000_002];
const KEEPERS = [70_000_011, 70_000_012];
const MAGISTRATE = 70_000_021;
const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const runDir = mkdtempSync(path.join(tmpdir(), 'ks-chaos-'));
const fake = new ChaosBotApi({
  serverError: 0.4,
  timeout: 0.25,
  maxRetryAfter: 5,
  timeoutHoldMs: quick ? 5_000 : 10_000,
});
const sec = () => fake.now() / 1000;
let t0 = 0;
const at = () => (t0 === 0 ? 'start' : (sec() - t0).toFixed(1)).padStart(6);
const say = (line: string) => console.log(`[${at()} s] ${line}`);

const pgProc = await PostgresProcess.create();
const redis = await RedisProcess.create();
await fake.start();
let worker: ChildProcess | undefined;
let finishing = false;
/** Everything this script started goes, whatever happened. */
async function cleanup(): Promise<void> {
  finishing = true;
  worker?.kill('SIGKILL');
  await redis.destroy().catch(() => {});
  await pgProc.destroy().catch(() => {});
  await fake.stop().catch(() => {});
}
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
process.on('unhandledRejection', (err) => {
  console.error(err);
  void cleanup().then(() => process.exit(2));
});

async function main(): Promise<number> {
  const admin = new pg.Client({ connectionString: pgProc.url() });
  await admin.connect();
  await admin.query('CREATE DATABASE kanji_chaos');
  await admin.end();
  const DATABASE_URL = pgProc.url('kanji_chaos');
  const env = {
    DATABASE_URL,
    REDIS_URL: redis.url,
    TELEGRAM_API_ROOT: fake.url,
    BOT_TOKEN: TOKEN,
    QUEUE_PREFIX: 'chaos',
    LOG_LEVEL: 'info',
    TELEGRAM_GLOBAL_PER_SECOND: String(P.rate),
    NOTICE_GRACE_HOURS: '1',
    PAYMENT_NUDGE_HOURS: '1',
  };
  const config = createConfig(env);
  const db = await openDatabase({ kind: 'postgres', url: DATABASE_URL });
  await applyMigrations(db.adapter);
  const deps = {
    config,
    db: db.prisma,
    clock: systemClock,
    logger: createLogger('debug', { write: (l: string) => appendFileSync(path.join(runDir, 'script.log'), l) }),
    translator: await createTranslator(),
  };

  // --- the district: staff of JAI1, subscribers of Kunda, the cases ---
  const now = Date.now();
  const { cases: demo } = await seedDemo(db.prisma, new Date(now));
  await db.prisma.case.updateMany({ where: { number: { in: demo } }, data: { status: 'CLOSED' } });
  for (const id of OFFICERS) await enrolStaff(db.prisma, id, 'OFFICER', ['JAI1'], 'Chaos Officer');
  for (const id of KEEPERS) await enrolStaff(db.prisma, id, 'POUND_KEEPER', ['JAI1'], 'Chaos Keeper');
  await enrolStaff(db.prisma, MAGISTRATE, 'MAGISTRATE', ['JAI1'], 'Chaos Magistrate');
  await db.prisma.telegramUser.createMany({
    data: Array.from({ length: SUBSCRIBERS }, (_, i) => ({
      id: BigInt(1_000_000 + i),
      language: i % 3 === 0 ? 'en' : 'hi',
    })),
  });
  await db.prisma.subscription.createMany({
    data: Array.from({ length: SUBSCRIBERS }, (_, i) => ({
      telegramUserId: BigInt(1_000_000 + i),
      kind: 'VILLAGE' as const,
      villageKey: villageKey('Kunda'),
      filter: '',
    })),
  });
  const pound = await db.prisma.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
  /** A register entry written as the staff flows would (deadlines planned in the same transaction). */
  async function newCase(
    place: string,
    data: {
      status: 'IMPOUNDED' | 'REPORTED_S14' | 'NOTICE_POSTED';
      impoundedAt: Date;
      reportedAt?: Date;
      noticePostedAt?: Date;
    },
  ) {
    return db.prisma.$transaction(async (tx) => {
      const { number, seq } = await allocateCaseNumber(tx, pound, 2026);
      const c = await tx.case.create({
        data: {
          number,
          poundId: pound.id,
          year: 2026,
          seq,
          placeOfSeizure: place,
          villageKey: villageKey(place),
          seizerName: 'Chaos Seizer',
          seizerResidence: place,
          ...data,
          heads: { create: [{ index: 1, cattleClass: 'cow', description: 'brown, white forehead' }] },
        },
      });
      await planDeadlines(tx, c.id, new Date(now));
      return c;
    });
  }
  // Two s. 14 notices posted in Kunda: a broadcast to every subscriber now, another due mid-run.
  const old = new Date(now - 20 * 24 * HOUR);
  for (const [i, delayS] of [0, P.secondBroadcast].entries()) {
    const c = await newCase('Kunda', {
      status: 'NOTICE_POSTED',
      impoundedAt: old,
      reportedAt: new Date(now - 10 * 24 * HOUR),
      noticePostedAt: new Date(now - (9 - i) * 24 * HOUR),
    });
    await addToOutbox(
      db.prisma,
      { name: 'broadcast', payload: { kind: 'notice', caseId: c.id } },
      `case:${c.id}:broadcast:notice`,
      new Date(now + delayS * 1000),
    );
  }
  // Five unclaimed cases past day 7: their s. 14 reports (3 messages to each officer and keeper) are due now.
  for (let i = 0; i < 5; i++)
    await newCase('Nangal', { status: 'IMPOUNDED', impoundedAt: new Date(now - 9 * 24 * HOUR) });
  // Reported cases whose notice grace (1 h) ends during the run: a notice-overdue reminder every few seconds.
  for (let i = 1; i <= P.notices; i++)
    await newCase('Samod', {
      status: 'REPORTED_S14',
      impoundedAt: new Date(now - 9 * 24 * HOUR),
      reportedAt: new Date(now - HOUR + (30 + i * P.noticeEvery) * 1000),
    });

  // --- the worker process ---
  const log = createWriteStream(path.join(runDir, 'worker.log'));
  let onReady: (() => void) | undefined;
  function startWorker(): void {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker = child;
    const started = sec();
    child.stdout!.on('data', (d: Buffer) => {
      log.write(d);
      if (String(d).includes('jobs runtime started')) {
        say(`worker pid ${child.pid} ready (${(sec() - started).toFixed(1)} s after spawn)`);
        onReady?.();
      }
    });
    child.stderr!.on('data', (d: Buffer) => log.write(d));
    child.once('exit', (code, signal) => {
      if (child !== worker || finishing || signal === 'SIGKILL') return;
      say(`worker exited by itself (${code ?? signal}): restarting in 2 s`);
      setTimeout(startWorker, 2000);
    });
  }
  const killSnapshots: KillSnapshot[] = [];
  async function kill9(): Promise<void> {
    const child = worker!;
    const exited = new Promise((r) => child.once('exit', r));
    const killAt = fake.now();
    child.kill('SIGKILL');
    await exited;
    await sleep(300);
    const rows = await db.prisma.delivery.findMany({
      where: { status: 'PENDING' },
      select: { messageKey: true, telegramUserId: true },
    });
    killSnapshots.push({ at: killAt, pending: new Set(rows.map((r) => `${r.messageKey}\u0000${r.telegramUserId}`)) });
    say(`kill -9 worker pid ${child.pid}; ${rows.length} deliveries PENDING; restarting`);
    startWorker();
  }

  // --- the run ---
  const faults: Array<{ name: string; start: number; end: number }> = [];
  const ready = new Promise<void>((r) => (onReady = r));
  startWorker();
  await ready;
  onReady = undefined;
  t0 = sec();
  say(
    `${SUBSCRIBERS} subscribers, 2 broadcasts, 5 s. 14 reports, ${P.notices} notice-overdue reminders; rate ${P.rate}/s${quick ? ' (quick)' : ''}`,
  );
  const progress = setInterval(() => say(`accepted ${fake.accepted.length}`), 10_000);
  const until = async (s: number) => sleep(Math.max(0, (t0 + s - sec()) * 1000));
  await until(P.kill1);
  await kill9();
  faults.push({ name: 'kill -9 #1', start: P.kill1, end: sec() - t0 });
  await until(P.kill2);
  await kill9();
  faults.push({ name: 'kill -9 #2', start: P.kill2, end: sec() - t0 });
  await until(P.pgDown);
  say('postgres: fast shutdown');
  await pgProc.stop('fast');
  await until(P.pgUp);
  await pgProc.start();
  say('postgres started');
  faults.push({ name: `postgres down ${P.pgUp - P.pgDown} s`, start: P.pgDown, end: sec() - t0 });
  await until(P.redisDown);
  say('redis: killed (no persistence: everything in it is gone)');
  await redis.stop();
  await until(P.redisUp);
  await redis.start();
  say('redis started empty');
  faults.push({ name: 'redis restarted empty', start: P.redisDown, end: sec() - t0 });
  await until(P.apiFail);
  say('bot API failing (5xx, timeouts, 429s)');
  fake.failing = true;
  await until(P.apiOk);
  fake.failing = false;
  say('bot API answering again');
  faults.push({ name: `bot API failing ${P.apiOk - P.apiFail} s`, start: P.apiFail, end: sec() - t0 });

  // --- quiescence: everything owed received, nothing PENDING or due, and nothing new for 10 s ---
  let owed = await owedMessages(deps);
  let quiet = false;
  const settleBy = sec() + P.settle;
  let lastCount = -1;
  let lastChange = sec();
  while (sec() < settleBy) {
    await sleep(3000);
    if (fake.accepted.length !== lastCount) [lastCount, lastChange] = [fake.accepted.length, sec()];
    owed = await owedMessages(deps);
    const t = tally(owed, fake.accepted, killSnapshots);
    const pending = await db.prisma.delivery.count({ where: { status: 'PENDING' } });
    if (
      t.lost.length === 0 &&
      pending === 0 &&
      (await missedDeadlines(deps)).length === 0 &&
      sec() - lastChange >= 10
    ) {
      quiet = true;
      break;
    }
  }
  const quietAt = sec() - t0;
  clearInterval(progress);
  finishing = true;
  worker?.kill('SIGTERM');
  await new Promise((r) => (!worker || worker.exitCode !== null ? r(null) : worker.once('exit', r)));

  // --- report ---
  owed = await owedMessages(deps);
  const result = tally(owed, fake.accepted, killSnapshots);
  const missed = await missedDeadlines(deps);
  const runs = await db.prisma.deadlineRun.findMany({ where: { outcome: 'sent' }, orderBy: { dueAt: 'asc' } });
  const statuses = await db.prisma.delivery.groupBy({ by: ['status'], _count: true });
  console.log(
    `\n=== chaos ${quick ? '--quick' : '(full)'}: ${quiet ? `quiescent at ${quietAt.toFixed(1)} s` : `NOT quiescent after ${quietAt.toFixed(1)} s`} ===`,
  );
  console.log(
    `owed message parts ${result.owed} to ${result.perChat.size} recipients; accepted by the fake ${fake.accepted.length}`,
  );
  console.log(`Delivery rows: ${statuses.map((s) => `${s.status} ${s._count}`).join(', ')}`);
  console.log(
    `lost ${result.lost.length}; doubled ${result.doubledUnexplained.length} unexplained + ${result.doubledExplained.length} in flight at a kill -9; unexpected ${result.unexpected}`,
  );
  console.log(
    `fake's failures: 5xx ${fake.failures.serverError}, timeouts ${fake.failures.timeout}, 429 (injected) ${fake.failures.tooMany}, 429 (flood limit exceeded) ${fake.failures.floodLimit429}`,
  );
  const subs = [...result.perChat.entries()].filter(([c]) => Number(c) < 70_000_000);
  const clean = subs.filter(([, v]) => v.lost === 0 && v.doubled === 0 && v.received === v.owed).length;
  console.log(`\nper recipient (owed / received / lost / doubled):`);
  console.log(
    `  ${subs.length} subscribers: ${clean} received exactly what they were owed (${subs[0]?.[1].owed ?? 0} each)`,
  );
  for (const [chat, v] of result.perChat)
    if (Number(chat) >= 70_000_000 || verbose || v.lost || v.doubled)
      console.log(`  ${chat.padEnd(9)} ${v.owed} / ${v.received} / ${v.lost} / ${v.doubled}`);
  writeFileSync(
    path.join(runDir, 'per-recipient.csv'),
    [
      'chat,owed,received,lost,doubled',
      ...[...result.perChat].map(([c, v]) => `${c},${v.owed},${v.received},${v.lost},${v.doubled}`),
    ].join('\n'),
  );
  for (const o of result.lost.slice(0, 10)) console.log(`  LOST ${o.messageKey} → ${o.chatId} (Delivery ${o.status})`);
  for (const o of result.doubledUnexplained.slice(0, 10))
    console.log(`  DOUBLED ${o.messageKey} → ${o.chatId} ×${o.copies}`);
  const toRun = (d: Date) => (d.getTime() - Date.now() + fake.now()) / 1000 - t0;
  const late = runs.filter((r) => r.dueAt.getTime() >= now).map((r) => (r.ranAt.getTime() - r.dueAt.getTime()) / 1000);
  console.log(
    `\ndeadline steps run ${runs.length}; due and not run ${missed.length}; lateness of the steps falling due during the run: max ${late.length ? Math.max(...late).toFixed(1) : '-'} s`,
  );
  for (const r of runs.filter((r) => r.dueAt.getTime() < now))
    console.log(`  ${r.step} (due before the run) ran at ${toRun(r.ranAt).toFixed(1)} s`);
  for (const r of runs.filter((r) => r.dueAt.getTime() >= now))
    console.log(
      `  ${r.step} due at ${toRun(r.dueAt).toFixed(0)} s, ran ${((r.ranAt.getTime() - r.dueAt.getTime()) / 1000).toFixed(1)} s late`,
    );
  console.log(
    "\nrecovery after each fault (from the fault's end): first message accepted / rate back to ≥ 80 % of the 10 s before the fault",
  );
  const times = fake.accepted.map((m) => m.at / 1000 - t0);
  const rate = (from: number, to: number) => times.filter((x) => x > from && x <= to).length / (to - from);
  for (const [i, f] of faults.entries()) {
    const first = times.find((x) => x > f.end);
    const before = rate(f.start - 10, f.start);
    const horizon = Math.min(faults[i + 1]?.start ?? Infinity, times[times.length - 1] ?? 0);
    let back: number | undefined;
    for (let x = f.end + 5; x <= horizon; x += 0.5) {
      if (rate(x - 5, x) >= 0.8 * before) {
        back = x - f.end;
        break;
      }
    }
    const backText =
      back !== undefined
        ? `+${back.toFixed(1)} s`
        : faults[i + 1] && horizon === faults[i + 1]!.start
          ? 'not before the next fault'
          : 'n/a (less left to send)';
    console.log(
      `  ${f.name.padEnd(24)} ${f.start.toFixed(0)}–${f.end.toFixed(0)} s: first message +${first !== undefined ? (first - f.end).toFixed(1) : '-'} s, rate back ${backText} (before: ${before.toFixed(1)}/s)`,
    );
  }
  // Every log of the run (the workers' stdout and stderr, this script's own logger): scripts/log-scan.ts.
  const scan = scanLogs(runDir);
  const tokenHits = scan.findings.filter((f) => f.kind === 'token').length;
  const phoneHits = scan.findings.filter((f) => f.kind === 'phone').length;
  console.log(
    `\nlogs of the run: ${scan.files} files, ${scan.lines} lines: lines with a bot token ${tokenHits}, with a phone number ${phoneHits}; kept in ${runDir}`,
  );

  const failed =
    !quiet ||
    result.lost.length > 0 ||
    result.doubledUnexplained.length > 0 ||
    missed.length > 0 ||
    tokenHits > 0 ||
    phoneHits > 0;
  console.log(failed ? 'RESULT: FAIL' : 'RESULT: ok (0 lost, 0 doubled outside the kill -9 window)');
  await db.close();
  await cleanup();
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (err: unknown) => {
    console.error(err);
    await cleanup();
    process.exit(2);
  },
);
