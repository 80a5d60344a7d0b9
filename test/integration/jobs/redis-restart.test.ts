import { afterEach, describe, expect, it } from 'vitest';
import { jobIdFor } from '../../../jobs/queues';
import { loadCaseForDeadlines, planSteps } from '../../../src/services/deadlines';
import { RedisProcess } from '../../support/redis-process';
import { createCase, seedPounds } from './cases';
import { createJobsHarness, type JobsHarness } from './harness';

// Fault test on a Redis process the test owns (never the shared one): it is killed and started again empty.
let h: JobsHarness | undefined;
let redis: RedisProcess | undefined;
afterEach(async () => {
  // Closing a runtime whose Redis was restarted sometimes waits on BullMQ's reconnecting clients (seen once in
  // CI: the hook hit 60 s; see the session note). This test is about the reconnection, so the close gets 20 s
  // and the test-owned Redis is stopped anyway.
  await Promise.race([h?.close(), new Promise((r) => setTimeout(r, 20_000))]);
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
  }, 240_000);
});
