import { afterEach, describe, expect, it } from 'vitest';
import { jobIdFor } from '../../../jobs/queues';
import { loadCaseForDeadlines, planSteps } from '../../../src/services/deadlines';
import { RedisProcess } from '../../support/own-services';
import { createCase, seedPounds } from './cases';
import { createJobsHarness, type JobsHarness } from './harness';

// Fault test on a Redis process the test owns (never the shared one): it is killed and started again empty.
let h: JobsHarness | undefined;
let redis: RedisProcess | undefined;
afterEach(async () => {
  await h?.close();
  await redis?.destroy();
  h = undefined;
  redis = undefined;
}, 90_000);

const DAY = 86_400_000;

describe('jobs: Redis comes back empty', () => {
  it('the deadline jobs are back within seconds of the reconnection, not at the next reconcile interval', async () => {
    redis = await RedisProcess.create();
    h = await createJobsHarness({ runtime: { redisUrl: redis.url } });
    await seedPounds(h.db.prisma, h.clock.now());
    const c = await createCase(h.db.prisma, { impoundedAt: new Date(h.clock.now().getTime() - 2 * DAY) });
    const steps = planSteps((await loadCaseForDeadlines(h.db.prisma, c.id))!, h.deps.config);
    expect(steps.length).toBeGreaterThan(0);
    await h.runtime.start();
    await h.runtime.drain();
    const ids = async () => (await h!.runtime.queues.deadline.getDelayed(0, -1)).map((j) => j.id).sort();
    expect(await ids()).toEqual(steps.map((s) => jobIdFor(s.key)).sort());

    await redis.stop();
    await new Promise((r) => setTimeout(r, 1000));
    await redis.start();
    const t0 = Date.now();
    let back: Array<string | undefined> = [];
    while (Date.now() - t0 < 60_000) {
      back = await ids().catch(() => []);
      if (back.length === steps.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // RECONCILE_INTERVAL_MINUTES is 10 and the incremental pass 30 s: only the reconnection can explain this.
    expect(back).toEqual(steps.map((s) => jobIdFor(s.key)).sort());
    expect(Date.now() - t0).toBeLessThan(25_000);
    // Stopping after the restart returns (it once waited on BullMQ's reconnecting clients: see jobs/runtime.ts stop()).
    const s0 = Date.now();
    await h.runtime.stop();
    console.log(`stop after the Redis restart: ${Date.now() - s0} ms`);
  }, 240_000);
});

describe('jobs: stopping while Redis is away', () => {
  it('stop() returns while Redis is down, and right after it came back (BullMQ clients still reconnecting)', async () => {
    redis = await RedisProcess.create();
    h = await createJobsHarness({ runtime: { redisUrl: redis.url } });
    await h.runtime.start();
    await h.runtime.drain();
    await redis.stop();
    await new Promise((r) => setTimeout(r, 1500));
    let s0 = Date.now();
    await h.runtime.stop();
    const whileDown = Date.now() - s0;
    await redis.start();
    const second = h.another();
    await second.start();
    await redis.stop();
    await new Promise((r) => setTimeout(r, 3000));
    await redis.start();
    s0 = Date.now();
    await second.stop();
    const afterRestart = Date.now() - s0;
    console.log(`stop while Redis is down: ${whileDown} ms; right after it came back: ${afterRestart} ms`);
    // Bounded by the runtime's own close timeout (jobs/runtime.ts), not by BullMQ's reconnecting clients.
    expect(whileDown).toBeLessThan(15_000);
    expect(afterRestart).toBeLessThan(15_000);
  }, 120_000);
});
