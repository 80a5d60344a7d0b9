import { afterEach, describe, expect, it } from 'vitest';
import { createJobRuntime, type JobRuntime } from '../../../jobs/runtime';
import { jobIdFor } from '../../../jobs/queues';
import { statusLines } from '../../../jobs/status';
import { runJobsCommand } from '../../../src/admin/jobs-command';
import { createConfig } from '../../../src/config';
import { queueMessage } from '../../../src/services/outbox';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';
import { enrolStaff, seed } from '../../support/fixtures';
import { deletePrefix, REDIS_URL, uniquePrefix } from './harness';
import { Redis } from 'ioredis';

let h: BotHarness | undefined;
let runtime: JobRuntime | undefined;
let prefix = '';
afterEach(async () => {
  await runtime?.stop();
  const r = new Redis(REDIS_URL);
  await deletePrefix(r, prefix);
  await r.quit();
  await h?.close();
  h = undefined;
  runtime = undefined;
});

const ADMIN = { id: 7600001, firstName: 'Admin', languageCode: 'en' };
const KEEPER = { id: 7600002, firstName: 'Keeper', languageCode: 'hi' };
const OWNER = { id: 7600003, firstName: 'Owner', languageCode: 'hi' };

/** A bot harness whose /status reads a real jobs runtime (no workers, no dispatcher: nothing moves). */
async function setup() {
  h = await createBotHarness();
  prefix = uniquePrefix();
  runtime = createJobRuntime({
    deps: h.deps,
    api: h.bot.api,
    redisUrl: REDIS_URL,
    prefix,
    workers: false,
    dispatcher: false,
  });
  await runtime.start();
  await seed(h.db.prisma, h.clock.now());
  await enrolStaff(h.db.prisma, ADMIN.id, 'ADMIN', []);
  await enrolStaff(h.db.prisma, KEEPER.id, 'POUND_KEEPER', ['JAI1']);
  // A message that should have gone two hours ago and is still in the outbox.
  await queueMessage(
    h.db.prisma,
    { chatId: String(KEEPER.id), key: 'common:cancelled' },
    'status:test:late',
    new Date(h.clock.now().getTime() - 2 * 3_600_000),
  );
  return h;
}

// Several jobs runtimes, Redis and the database per test: on a loaded 2-core machine a test can pass 30 s (nothing here is timed).
describe('jobs: /status and npm run admin -- jobs', { timeout: 90_000 }, () => {
  it('/status shows an administrator the queues, failures and the oldest overdue item; others are refused; nothing changes', async () => {
    const h = await setup();
    h.deps.jobsStatus = () => runtime!.status();
    await h.send(ADMIN, '/status');
    const expected = statusLines(h.deps.translator.forLang('en'), await runtime!.status()).join('\n');
    expect(h.api.lastTo(ADMIN.id)?.text).toBe(expected);
    const status = await runtime!.status();
    expect(status.oldestOverdue).toMatchObject({ key: 'status:test:late', where: 'outbox' });
    expect(status.outbox.undispatchedDue).toBe(1);

    await h.send(KEEPER, '/status');
    expect(h.api.lastTo(KEEPER.id)?.text).toBe(h.deps.translator.t('hi', 'jobs:status.admin_only'));
    await h.send(OWNER, '/status');
    expect(h.api.lastTo(OWNER.id)?.text).toBe(h.deps.translator.t('hi', 'jobs:status.admin_only'));
    // Looking changes nothing: the overdue row is still undispatched.
    expect(
      (await h.db.prisma.outboxEntry.findUniqueOrThrow({ where: { jobKey: 'status:test:late' } })).dispatchedAt,
    ).toBeNull();
  });

  it('/status says so when this process has no jobs runtime', async () => {
    const h = await setup();
    await h.send(ADMIN, '/status');
    expect(h.api.lastTo(ADMIN.id)?.text).toBe(h.deps.translator.t('en', 'jobs:status.unavailable'));
  });

  it('the CLI prints the status, lists and retries failed jobs, and names the Redis URL it could not reach', async () => {
    const h = await setup();
    // A failed job, failed the way a worker fails it.
    const { Worker } = await import('bullmq');
    const conn = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    await runtime!.queues.send.add(
      'send',
      { key: 'cli:failed', message: { chatId: '9', key: 'common:cancelled' } },
      { jobId: jobIdFor('cli:failed') },
    );
    const w = new Worker(
      'send',
      async () => {
        throw new Error('Bad Request: message text is empty');
      },
      { connection: conn, prefix },
    );
    for (let i = 0; i < 200 && (await runtime!.queues.send.getFailedCount()) === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    await w.close();
    await conn.quit();

    const lines: string[] = [];
    const errors: string[] = [];
    const config = createConfig({ LOG_LEVEL: 'silent', REDIS_URL, QUEUE_PREFIX: prefix });
    const deps = {
      ...h.deps,
      config,
      t: h.deps.translator.forLang('en'),
      out: (l: string) => lines.push(l),
      err: (l: string) => errors.push(l),
    };
    expect(await runJobsCommand(deps, [])).toBe(0);
    expect(lines).toContain(h.deps.translator.t('en', 'jobs:status.failed_total', { n: 1 }));

    lines.length = 0;
    expect(await runJobsCommand(deps, ['failed'])).toBe(0);
    expect(lines).toEqual([
      h.deps.translator.t('en', 'jobs:cli.failed_line', {
        queue: 'send',
        key: 'cli:failed',
        reason: 'Bad Request: message text is empty',
        attempts: 1,
      }),
    ]);

    lines.length = 0;
    expect(await runJobsCommand(deps, ['retry'])).toBe(0);
    expect(lines).toEqual([h.deps.translator.t('en', 'jobs:cli.retried', { n: 1 })]);
    expect(await runtime!.queues.send.getFailedCount()).toBe(0);
    expect(await runtime!.queues.send.getJob(jobIdFor('cli:failed'))).toBeDefined();

    expect(await runJobsCommand(deps, ['frobnicate'])).toBe(2);
    expect(errors).toEqual([h.deps.translator.t('en', 'jobs:cli.usage')]);

    errors.length = 0;
    const down = {
      ...deps,
      config: createConfig({ LOG_LEVEL: 'silent', REDIS_URL: 'redis://:secret@127.0.0.1:1', QUEUE_PREFIX: prefix }),
    };
    expect(await runJobsCommand(down, ['status'])).toBe(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('redis://:***@127.0.0.1:1');
    expect(errors[0]).not.toContain('secret');
  });
});
