import { describe, expect, it } from 'vitest';
import { jobIdFor, KEEP } from '../../../jobs/queues';
import { CHAT_429_GIVE_UP } from '../../../jobs/sender';
import type { CoreDeps } from '../../../src/deps';
import { queueMessage } from '../../../src/services/outbox';
import { harnessPerTest, type JobsHarness } from './harness';

// Every message the database says must go, goes exactly once: failed jobs come back, a "sent" fact
// survives a database outage, a chat answering 429 for ever is given up without holding up others.
const harness = harnessPerTest();

const A = '7600001';
const B = '7600002';
const T = 180_000;
/** Messages Telegram accepted (the fake records refused calls too). */
const accepted = (h: JobsHarness, chat: string) => h.fake.sentTo(chat).filter((m) => m.messageId > 0);

describe('jobs: what the database says is owed', () => {
  it(
    'a send whose retries ran out during an outage stays owed: /status shows it, the next reconcile adds it again, it goes once',
    async () => {
      const h = await harness();
      let down = true;
      h.fake.respond((method) =>
        method === 'sendMessage' && down ? { ok: false, error_code: 502, description: 'Bad Gateway' } : undefined,
      );
      await h.runtime.start();
      await h.runtime.drain();
      await queueMessage(h.db.prisma, { chatId: A, key: 'common:cancelled' }, 'owed:a', h.clock.now());
      const row = await h.db.prisma.outboxEntry.update({
        where: { jobKey: 'owed:a' },
        data: { dispatchedAt: h.clock.now() },
      });
      // The job as an outage leaves it: its attempts spent, failed (an attempt budget of 1 stands for "ran out").
      await h.runtime.queues.send.add(
        'send',
        { key: 'owed:a', message: row.payload, runAt: row.runAt.toISOString() },
        { jobId: jobIdFor('owed:a'), attempts: 1, ...KEEP },
      );
      for (let i = 0; i < 300 && (await h.runtime.queues.send.getJobCounts('failed')).failed !== 1; i++)
        await new Promise((r) => setTimeout(r, 50));
      const d = await h.db.prisma.delivery.findFirstOrThrow({ where: { messageKey: 'owed:a' } });
      expect(d.status).toBe('PENDING');
      await h.db.prisma.delivery.update({
        where: { id: d.id },
        data: { createdAt: new Date(Date.now() - 5 * 60_000) },
      });
      const status = await h.runtime.status();
      expect(status.failedTotal).toBe(1);
      expect(status.oldestOverdue).toMatchObject({ where: 'delivery', key: `owed:a#${A}` });

      down = false;
      const r = await h.runtime.reconcile({ full: false });
      expect(r.revived).toBe(1);
      await h.runtime.drain();
      expect(accepted(h, A)).toHaveLength(1);
      expect((await h.db.prisma.delivery.findFirstOrThrow({ where: { messageKey: 'owed:a' } })).status).toBe('SENT');
      await h.runtime.reconcile();
      await h.runtime.drain();
      expect(accepted(h, A)).toHaveLength(1);
    },
    T,
  );

  it(
    'the database down when the SENT row is written: the fact is kept in Redis, a re-run sends nothing, the reconciler writes it',
    async () => {
      const h = await harness();
      let dbDown = false;
      const real = h.deps.db;
      const delivery = new Proxy(real.delivery, {
        get: (t, p) =>
          p === 'update' && dbDown ? () => Promise.reject(new Error('connection refused')) : Reflect.get(t, p),
      });
      const db = new Proxy(real, { get: (t, p) => (p === 'delivery' ? delivery : Reflect.get(t, p)) });
      const deps: CoreDeps = { ...h.deps, db };
      const rt = h.another({ deps });
      h.fake.respond((method) => {
        if (method === 'sendMessage') dbDown = true;
        return undefined;
      });
      await queueMessage(real, { chatId: A, key: 'common:cancelled' }, 'owed:fact', h.clock.now());
      await rt.start();
      await rt.drain();
      expect(accepted(h, A)).toHaveLength(1);
      const pending = await real.delivery.findFirstOrThrow({ where: { messageKey: 'owed:fact' } });
      expect(pending.status).toBe('PENDING');
      // The fact in Redis is named by the Delivery row's id: no chat id, no message key (they name chats).
      const kept = await h.redis.hgetall(`${h.prefix}:sent-facts`);
      expect(Object.keys(kept)).toEqual([String(pending.id)]);
      expect(JSON.stringify(kept)).not.toContain(A);
      expect(JSON.stringify(kept)).not.toContain('owed:fact');
      // The job is retried anyway (a second enqueue, a revived job): Telegram gets nothing more.
      await rt.queues.send.remove(jobIdFor('owed:fact'));
      const row = await real.outboxEntry.findUniqueOrThrow({ where: { jobKey: 'owed:fact' } });
      await rt.queues.send.add('send', { key: 'owed:fact', message: row.payload }, { jobId: jobIdFor('owed:fact') });
      await rt.drain();
      expect(accepted(h, A)).toHaveLength(1);
      h.fake.respond(() => undefined);
      dbDown = false;
      const r = await rt.reconcile({ full: false });
      expect(r.sentFacts).toBe(1);
      expect((await real.delivery.findFirstOrThrow({ where: { messageKey: 'owed:fact' } })).status).toBe('SENT');
      await rt.reconcile();
      await rt.drain();
      expect(accepted(h, A)).toHaveLength(1);
    },
    T,
  );

  it(
    'a chat that answers 429 again and again is given up (FAILED, shown in /status) and does not pause the others',
    async () => {
      const h = await harness();
      h.fake.respond((method, p) =>
        method === 'sendMessage' && String(p.chat_id) === A
          ? {
              ok: false,
              error_code: 429,
              description: 'Too Many Requests: retry after 30',
              parameters: { retry_after: 30 },
            }
          : undefined,
      );
      // This chat has already answered 429 CHAT_429_GIVE_UP - 1 times in a row.
      await h.redis.set(h.chatKey('429', A), String(CHAT_429_GIVE_UP - 1));
      await queueMessage(h.db.prisma, { chatId: A, key: 'common:cancelled' }, 'owed:flood', h.clock.now());
      await queueMessage(h.db.prisma, { chatId: B, key: 'common:cancelled' }, 'owed:other', h.clock.now());
      const t0 = Date.now();
      await h.runtime.start();
      await h.runtime.drain();
      // Not 30 s: B was not made to wait for A's retry_after.
      expect(Date.now() - t0).toBeLessThan(25_000);
      expect(h.fake.sentTo(B)).toHaveLength(1);
      const a = await h.db.prisma.delivery.findFirstOrThrow({ where: { messageKey: 'owed:flood' } });
      expect([a.status, a.lastError]).toEqual(['FAILED', `flood: 429 x${CHAT_429_GIVE_UP}: given up`]);
      expect((await h.runtime.status()).deliveries.failed).toBe(1);
      // Failed on purpose: the reconciler leaves it.
      expect((await h.runtime.reconcile({ full: false })).revived).toBe(0);
    },
    T,
  );
});
