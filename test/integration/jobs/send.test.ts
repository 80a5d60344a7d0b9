import { Api } from 'grammy';
import { describe, expect, it } from 'vitest';
import { jobIdFor, sendJobIdFor } from '../../../jobs/queues';
import { queueMessage } from '../../../src/services/outbox';
import { harnessPerTest } from './harness';

const harness = harnessPerTest();

const KEEPER = '5550001';

describe('jobs: outbox → send queue → Telegram', () => {
  it('delivers a due outbox message once, records it SENT and marks the row dispatched', async () => {
    const h = await harness();
    await h.db.prisma.telegramUser.create({ data: { id: BigInt(KEEPER), language: 'en' } });
    await queueMessage(
      h.db.prisma,
      { chatId: KEEPER, key: 'common:error.case_not_found', params: { number: 'JAI1-2026-9' } },
      'test:1:card',
      h.clock.now(),
    );
    await h.runtime.start();
    await h.runtime.drain();
    const sent = h.fake.sentTo(KEEPER);
    expect(sent.map((s) => s.text)).toEqual([
      h.deps.translator.t('en', 'common:error.case_not_found', { number: 'JAI1-2026-9' }),
    ]);
    const delivery = await h.db.prisma.delivery.findUniqueOrThrow({
      where: { messageKey_telegramUserId: { messageKey: 'test:1:card', telegramUserId: BigInt(KEEPER) } },
    });
    expect(delivery.status).toBe('SENT');
    const row = await h.db.prisma.outboxEntry.findUniqueOrThrow({ where: { jobKey: 'test:1:card' } });
    expect(row.dispatchedAt).not.toBeNull();
  });

  it('the same outbox row dispatched twice (two dispatchers, or a crash before marking) makes one job and one message', async () => {
    const h = await harness();
    await queueMessage(h.db.prisma, { chatId: KEEPER, key: 'common:cancelled' }, 'test:2:once', h.clock.now());
    const a = h.another({ workers: false, dispatcher: false });
    const b = h.another({ workers: false, dispatcher: false });
    await a.start();
    await b.start();
    const row = await h.db.prisma.outboxEntry.findUniqueOrThrow({ where: { jobKey: 'test:2:once' } });
    const { enqueueRow } = await import('../../../jobs/dispatcher');
    // Both dispatchers read the row before either marked it.
    await Promise.all([enqueueRow(h.deps, a.queues, row), enqueueRow(h.deps, b.queues, row)]);
    const counts = await a.queues.send.getJobCounts('waiting', 'prioritized', 'delayed');
    expect((counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0)).toBe(1);
    expect(await a.queues.send.getJob(sendJobIdFor(row.id))).toBeDefined();
    await h.runtime.start();
    await h.runtime.drain();
    expect(h.fake.sentTo(KEEPER)).toHaveLength(1);
  });

  it('a replayed send job after the message was sent sends nothing more', async () => {
    const h = await harness();
    await queueMessage(h.db.prisma, { chatId: KEEPER, key: 'common:cancelled' }, 'test:3:replay', h.clock.now());
    await h.runtime.start();
    await h.runtime.drain();
    expect(h.fake.sentTo(KEEPER)).toHaveLength(1);
    // The completed job is forgotten by Redis and the same key is enqueued again (e.g. by the reconciler).
    await h.runtime.queues.send.remove(jobIdFor('test:3:replay'));
    await h.runtime.queues.send.add(
      'send',
      { key: 'test:3:replay', message: { chatId: KEEPER, key: 'common:cancelled' } },
      { jobId: jobIdFor('test:3:replay') },
    );
    await h.runtime.drain();
    expect(h.fake.sentTo(KEEPER)).toHaveLength(1);
  });

  it('stop() lets a message that is being sent finish: it is recorded SENT, not lost or sent again', async () => {
    const h = await harness();
    let started = false;
    const slowApi = new Api(h.deps.config.BOT_TOKEN!, {
      fetch: (async (url: string, init: unknown) => {
        started = true;
        await new Promise((r) => setTimeout(r, 700));
        return h!.fake.fetch(url, init as { body?: unknown });
      }) as never,
    });
    const r = h.another({ api: slowApi });
    await queueMessage(h.db.prisma, { chatId: KEEPER, key: 'common:cancelled' }, 'test:4:stop', h.clock.now());
    await r.start();
    while (!started) await new Promise((res) => setTimeout(res, 10));
    await r.stop();
    expect(h.fake.sentTo(KEEPER)).toHaveLength(1);
    const d = await h.db.prisma.delivery.findFirstOrThrow({ where: { messageKey: 'test:4:stop' } });
    expect(d.status).toBe('SENT');
  });

  it('start() fails with one error naming the Redis URL it tried (password hidden)', async () => {
    const h = await harness();
    const r = h.another({ redisUrl: 'redis://:hunter2@127.0.0.1:1' });
    await expect(r.start()).rejects.toThrow(/Redis is not reachable at redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
    await expect(r.start()).rejects.not.toThrow(/hunter2/);
  });
});
