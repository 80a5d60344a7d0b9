import { afterEach, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { jobIdFor, KEEP, RETRY, type DeadlineJobData } from '../../../jobs/queues';
import { systemClock } from '../../../src/clock';
import { loadCaseForDeadlines, planSteps } from '../../../src/services/deadlines';
import { enrolStaff } from '../../support/fixtures';
import { ownPostgresRuns, PostgresProcess } from '../../support/own-services';
import { createCase, seedPounds } from './cases';
import { createJobsHarness, type JobsHarness } from './harness';

// Fault test on a Postgres process the test owns (never the shared one): it is stopped while a deadline step
// is due, and started again once the step's job waits out a 16 s retry backoff. The runtime notices the
// database is back (its dispatcher tick succeeds again) and runs the step at once, not when the backoff ends.
let h: JobsHarness | undefined;
let pg: PostgresProcess | undefined;
afterEach(async () => {
  await pg?.start().catch(() => {});
  await h?.close();
  await pg?.destroy();
  h = undefined;
  pg = undefined;
}, 120_000);

const DAY = 86_400_000;
const OFFICER = 7200001;

describe.runIf(ownPostgresRuns())('jobs: Postgres comes back', () => {
  it('a deadline step that fell due during the outage runs as soon as the database answers, before its retry backoff ends', async () => {
    pg = await PostgresProcess.create();
    h = await createJobsHarness({ dbKind: 'postgres', postgresAdminUrl: pg.url() });
    await seedPounds(h.db.prisma, h.clock.now());
    await enrolStaff(h.db.prisma, OFFICER, 'OFFICER', ['JAI1']);
    // Real time here (systemClock): with a ManualClock the runtime promotes due steps itself on every tick.
    const c = await createCase(h.db.prisma, { impoundedAt: new Date(Date.now() - 10 * DAY) });
    const step = planSteps((await loadCaseForDeadlines(h.db.prisma, c.id))!, h.deps.config).sort(
      (a, b) => a.runAt.getTime() - b.runAt.getTime(),
    )[0]!;
    expect(step.runAt.getTime()).toBeLessThan(Date.now());
    // The step's job is already in Redis, its timer firing in 4 s (as if enqueued earlier by the dispatcher).
    const queue = new Queue('deadline', { connection: h.redis, prefix: h.prefix });
    const data: DeadlineJobData = {
      key: step.key,
      caseId: step.caseId,
      step: step.step,
      runAt: step.runAt.toISOString(),
    };
    await queue.add(step.step, data, { jobId: jobIdFor(step.key), delay: 4_000, ...KEEP, ...RETRY });
    await queue.close();
    const runtime = h.another({ deps: { ...h.deps, clock: systemClock } });
    await runtime.start();
    const job = async () => (await runtime.queues.deadline.getJob(jobIdFor(step.key)))!;
    expect(await (await job()).getState()).toBe('delayed');
    // The database goes down before the step's time: its job runs, fails, and backs off 2, 4, 8, then 16 s.
    await pg.stop();
    // Wait until the job sits out a backoff of more than 6 s (BullMQ's delayed set: score = (timestamp << 12) + a counter).
    let backoffEndsAt = 0;
    while (backoffEndsAt - Date.now() < 6_000) {
      await new Promise((r) => setTimeout(r, 100));
      const score = await h.redis.zscore(`${h.prefix}:deadline:delayed`, jobIdFor(step.key));
      backoffEndsAt = score === null ? 0 : Math.floor(Number(score) / 4096);
    }
    await pg.start();
    expect(backoffEndsAt - Date.now()).toBeGreaterThan(2_000);
    const recoveredAt = Date.now();
    while (!(await h.db.prisma.deadlineRun.findUnique({ where: { key: step.key } }).catch(() => null)))
      await new Promise((r) => setTimeout(r, 100));
    const ranAt = Date.now();
    console.log(
      `Postgres back: the step ran ${ranAt - recoveredAt} ms later; its backoff would have ended ${backoffEndsAt - recoveredAt} ms after the recovery`,
    );
    // ORDER, not a time budget: the step ran before BullMQ's own retry would have run it.
    expect(ranAt).toBeLessThan(backoffEndsAt);
    expect(await h.db.prisma.deadlineRun.count({ where: { key: step.key } })).toBe(1);
  }, 180_000);
});
