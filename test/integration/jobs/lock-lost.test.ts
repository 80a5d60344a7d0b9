import { describe, expect, it } from 'vitest';
import { jobIdFor } from '../../../jobs/queues';
import { TelegramRateLimiter } from '../../../jobs/rate-limit';
import { queueMessage } from '../../../src/services/outbox';
import { harnessPerTest } from './harness';

// Found by `npm run chaos`: Redis restarted empty while a send job was running. The reconciler added the job
// again (its Delivery row still PENDING) and both runs passed the PENDING check: the message went twice.
const harness = harnessPerTest();

const A = '7700001';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('jobs: a send whose job was lost while it ran', () => {
  it('Redis emptied while the job waits for its slot: the reconciler adds it again and the message goes once', async () => {
    const h = await harness();
    await h.runtime.start();
    await h.runtime.drain();
    // Everyone waits (a 429 pause): the job will be active, past its PENDING check, waiting for its slot.
    await new TelegramRateLimiter(h.redis, { perSecond: 30, perChatIntervalMs: 1000, prefix: h.prefix }).pauseAll(4000);
    await queueMessage(h.db.prisma, { chatId: A, key: 'common:cancelled' }, 'lock:a', h.clock.now());
    const id = jobIdFor('lock:a');
    for (let i = 0; i < 200; i++) {
      const job = await h.runtime.queues.send.getJob(id);
      if (job && (await job.isActive()) && (await h.db.prisma.delivery.count({ where: { messageKey: 'lock:a' } })) > 0)
        break;
      await sleep(25);
    }
    await sleep(300);
    // Redis comes back empty (this test's keys only): the job, its lock and the rate limiter's state are gone.
    await h.flushPrefix();
    await h.runtime.reconcile();
    await sleep(6000);
    await h.runtime.drain(60_000);
    expect(h.fake.sentTo(A).filter((m) => m.messageId > 0)).toHaveLength(1);
    expect((await h.db.prisma.delivery.findFirstOrThrow({ where: { messageKey: 'lock:a' } })).status).toBe('SENT');
  }, 120_000);
});
