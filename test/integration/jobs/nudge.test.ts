import { describe, expect, it } from 'vitest';
import { queueMessage } from '../../../src/services/outbox';
import { harnessPerTest } from './harness';

const harness = harnessPerTest();

const OWNER = '5550101';

// A keeper's confirmation owes the owner his receipt at once: the bot nudges the dispatcher after it commits, and the
// message leaves without waiting for the outbox poll.
describe('jobs: a nudge dispatches the outbox at once', () => {
  it('sends a message queued after start at once although the poll is a minute away; without the nudge it waits', async () => {
    const h = await harness({ runtime: { pollMs: 60_000 } });
    await h.db.prisma.telegramUser.create({ data: { id: BigInt(OWNER), language: 'en' } });
    await h.runtime.start();
    await h.runtime.reconcile(); // the start-up pass is over: only the poll or a nudge dispatches from here
    await queueMessage(h.db.prisma, { chatId: OWNER, key: 'common:cancelled' }, 'test:nudge:1', h.clock.now());
    await new Promise((r) => setTimeout(r, 1500));
    expect(h.fake.sentTo(OWNER)).toHaveLength(0);
    h.runtime.nudge();
    // Nudged again while that dispatch runs: the second row is dispatched by a tick right after it.
    await queueMessage(h.db.prisma, { chatId: OWNER, key: 'common:cancelled' }, 'test:nudge:2', h.clock.now());
    h.runtime.nudge();
    const until = Date.now() + 5000;
    while (h.fake.sentTo(OWNER).length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(h.fake.sentTo(OWNER)).toHaveLength(2);
  });
});
