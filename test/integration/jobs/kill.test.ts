import { spawn } from 'node:child_process';
import path from 'node:path';
import { Api } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStandIn, type StandInServer } from '../../../bot/local/telegram/http';
import { TelegramStandIn } from '../../../bot/local/telegram/stand-in';
import { jobIdFor, sendJobIdFor } from '../../../jobs/queues';
import { postgresOnly } from '../../support/db';
import { enrolStaff } from '../../support/fixtures';
import { createCase, seedPounds } from './cases';
import { createJobsHarness, REDIS_URL, type JobsHarness } from './harness';

let h: JobsHarness | undefined;
let tg: StandInServer | undefined;
afterEach(async () => {
  await h?.close();
  await tg?.stop();
  h = undefined;
  tg = undefined;
});

const OFFICER = 7200001;
const DAY = 86_400_000;
/** The s. 14 report to an officer: the report, the notice and proclamation texts, and both as PDFs. */
const REPORT_MESSAGES = 5;
const CHILD = path.join(import.meta.dirname, 'fixtures', 'worker-child.ts');

/** Runs the worker child until it dies; resolves with how it ended. */
function runChild(
  env: Record<string, string>,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }> {
  return new Promise((resolve, reject) => {
    // node --import tsx (not the tsx wrapper) so the test sees the child's own death by SIGKILL.
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, out }));
  });
}

async function scenario(dieAt: 'send' | 'after-commit') {
  h = await createJobsHarness({ dbKind: 'postgres' });
  // Flood limits off: this test counts attempts to show a killed job is re-run once, and a 429 retry (arrival
  // jitter on a loaded machine against the 1 s per-chat rule) would count as an attempt too. The limits are
  // tested with the rate limiter (rate-limit*.test.ts, priority.test.ts, telegram-errors.test.ts).
  tg = await serveStandIn(new TelegramStandIn({ strictState: false, flood: false }));
  await seedPounds(h.db.prisma, h.clock.now());
  await enrolStaff(h.db.prisma, OFFICER, 'OFFICER', ['JAI1']);
  const c = await createCase(h.db.prisma, { impoundedAt: new Date(h.clock.now().getTime() - 9 * DAY) });
  const target = h.db.target;
  if (target.kind !== 'postgres') throw new Error('needs Postgres: the child process opens the same database');
  const child = await runChild({
    DIE_AT: dieAt,
    DATABASE_URL: target.url,
    PREFIX: h.prefix,
    REDIS_URL,
    API_ROOT: tg.url,
    NOW: h.clock.now().toISOString(),
  });
  expect(child.signal, child.out).toBe('SIGKILL');
  return { c };
}

describe.runIf(await postgresOnly())('jobs: a worker process killed mid-job', () => {
  it('killed while sending: the send job is handed back and re-run once; each message reaches Telegram once; one database effect', async () => {
    const { c } = await scenario('send');
    // The child made the s. 14 report (database effect) and died on its first sendMessage.
    expect(tg!.api.accepted).toHaveLength(0);
    const reportKey = (await h!.db.prisma.deadlineRun.findFirstOrThrow({ where: { caseId: c.id } })).key;

    const survivor = h!.another({
      api: new Api(h!.deps.config.BOT_TOKEN!, { apiRoot: tg!.url }),
      tuning: { lockDurationMs: 2000, stalledIntervalMs: 1000 },
    });
    await survivor.start();
    await survivor.drain(30_000);

    // The report, the notice and proclamation texts to copy, and both as PDFs to print (src/documents).
    const sent = tg!.api.to(OFFICER);
    const texts = sent.map((m) => m.text);
    expect(texts).toHaveLength(REPORT_MESSAGES);
    expect(new Set(texts).size).toBe(REPORT_MESSAGES);
    expect(sent.map((m) => m.method).sort()).toEqual([
      'sendDocument',
      'sendDocument',
      'sendMessage',
      'sendMessage',
      'sendMessage',
    ]);
    expect(texts[0]).toContain(c.number);
    // The job the child held was re-run once (BullMQ's stalled counter), not twice.
    const firstRow = await h!.db.prisma.outboxEntry.findUniqueOrThrow({
      where: { jobKey: `${reportKey}:${OFFICER}:jobs:s14_report.to_officer` },
    });
    const firstSend = await survivor.queues.send.getJob(sendJobIdFor(firstRow.id));
    expect(firstSend?.stalledCounter).toBe(1);
    expect(await firstSend?.getState()).toBe('completed');
    // One database effect.
    expect((await h!.db.prisma.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('REPORTED_S14');
    expect(await h!.db.prisma.auditEvent.count({ where: { caseId: c.id, action: 'S14_REPORTED' } })).toBe(1);
    expect(await h!.db.prisma.deadlineRun.count({ where: { caseId: c.id } })).toBe(1);
    expect(await h!.db.prisma.outboxEntry.count({ where: { jobKey: { startsWith: reportKey } } })).toBe(
      REPORT_MESSAGES,
    );
    const deliveries = await h!.db.prisma.delivery.findMany({ where: { messageKey: { startsWith: reportKey } } });
    expect(deliveries.map((d) => [d.status, d.attempts])).toEqual(
      Array.from({ length: REPORT_MESSAGES }, () => ['SENT', 1]),
    );
  }, 90_000);

  it('killed after the deadline step committed: the step re-runs once and does nothing twice', async () => {
    const { c } = await scenario('after-commit');
    const run = await h!.db.prisma.deadlineRun.findFirstOrThrow({ where: { caseId: c.id } });
    expect(tg!.api.accepted).toHaveLength(0);

    const survivor = h!.another({
      api: new Api(h!.deps.config.BOT_TOKEN!, { apiRoot: tg!.url }),
      tuning: { lockDurationMs: 2000, stalledIntervalMs: 1000 },
    });
    await survivor.start();
    await survivor.drain(30_000);

    const stepJob = await survivor.queues.deadline.getJob(jobIdFor(run.key));
    expect(stepJob?.stalledCounter).toBe(1);
    expect(stepJob?.returnvalue).toEqual({ outcome: 'already_ran' });
    expect(tg!.api.to(OFFICER)).toHaveLength(REPORT_MESSAGES);
    expect(new Set(tg!.api.to(OFFICER).map((m) => m.text)).size).toBe(REPORT_MESSAGES);
    expect(await h!.db.prisma.auditEvent.count({ where: { caseId: c.id, action: 'S14_REPORTED' } })).toBe(1);
    expect(await h!.db.prisma.deadlineRun.count({ where: { caseId: c.id } })).toBe(1);
    expect(await h!.db.prisma.outboxEntry.count({ where: { jobKey: { startsWith: run.key } } })).toBe(REPORT_MESSAGES);
    expect((await h!.db.prisma.case.findUniqueOrThrow({ where: { id: c.id } })).version).toBe(1);
  }, 90_000);
});
