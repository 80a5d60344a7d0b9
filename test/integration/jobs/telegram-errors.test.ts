import { describe, expect, it } from 'vitest';
import { sendJobIdFor } from '../../../jobs/queues';
import { fanOut } from '../../../jobs/broadcast-worker';
import { addToOutbox, queueMessage } from '../../../src/services/outbox';
import { computeTimeline } from '../../../src/law';
import { createCase, seedPounds } from './cases';
import { harnessPerTest } from './harness';

const harness = harnessPerTest();

const BLOCKED = '7400001';
const HINDI_READER = '7400002';
const ENGLISH_READER = '7400003';
const HORSE_FAN = '7400004';
const FOLLOWER = '7400005';

describe('jobs: Telegram answers 403 and 429', () => {
  it('a new-case broadcast reaches matching village subscribers in their language; 403 → UNREACHABLE, not retried; a re-run sends nothing twice', async () => {
    const h = await harness();
    const db = h.db.prisma;
    await seedPounds(db, h.clock.now());
    const users: Array<[string, string, string, string | null]> = [
      [BLOCKED, 'Kunda', '', 'hi'],
      [HINDI_READER, 'कुंडा', 'भैंस', 'hi'],
      [ENGLISH_READER, 'Kunda', 'cow', 'en'],
      [HORSE_FAN, 'Kunda', 'घोड़ा', 'hi'],
    ];
    for (const [id, village, filter, language] of users) {
      await db.telegramUser.create({ data: { id: BigInt(id), language } });
      await db.subscription.create({
        data: { telegramUserId: BigInt(id), kind: 'VILLAGE', villageKey: village.toLowerCase(), filter },
      });
    }
    const impoundedAt = new Date(h.clock.now().getTime() - 3_600_000);
    const c = await createCase(db, { impoundedAt, place: 'Kunda' });
    await db.telegramUser.create({ data: { id: BigInt(FOLLOWER), language: 'en' } });
    await db.subscription.create({ data: { telegramUserId: BigInt(FOLLOWER), kind: 'CASE', caseId: c.id } });
    await addToOutbox(
      db,
      { name: 'broadcast', payload: { kind: 'new_case', caseId: c.id } },
      `case:${c.id}:broadcast:new_case`,
      h.clock.now(),
    );
    h.fake.respond((method, p) =>
      method === 'sendMessage' && String(p.chat_id) === BLOCKED
        ? { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }
        : undefined,
    );

    await h.runtime.start();
    await h.runtime.drain();

    const t = h.deps.translator;
    const tl = computeTimeline({ impoundedAt });
    if (!tl.ok) throw tl.error;
    const expected = (lang: 'en' | 'hi') =>
      t.t(lang, 'jobs:broadcast.new_case', {
        number: c.number,
        place: 'Kunda',
        pound: lang === 'hi' ? 'आमेर कांजी हाउस' : 'Amer Pound',
        count: 2,
        cattle: ['buffalo', 'cow']
          .map((cls) => t.t(lang, 'jobs:notice.cattle_count', { count: 1, cattle: t.t(lang, `common:cattle.${cls}`) }))
          .join(', '),
        impoundedAt: impoundedAt.toISOString(),
        claimBy: tl.value.s14ReportDue.date,
      });
    expect(h.fake.sentTo(HINDI_READER).map((m) => m.text)).toEqual([expected('hi')]);
    expect(h.fake.sentTo(ENGLISH_READER).map((m) => m.text)).toEqual([expected('en')]);
    expect(h.fake.sentTo(FOLLOWER).map((m) => m.text)).toEqual([expected('en')]);
    expect(h.fake.sentTo(HORSE_FAN)).toEqual([]);
    // One attempt at the blocked user, recorded, never retried.
    expect(h.fake.calls.filter((x) => String(x.payload.chat_id) === BLOCKED)).toHaveLength(1);
    const rows = await db.delivery.findMany({
      where: { messageKey: `case:${c.id}:broadcast:new_case` },
      orderBy: { telegramUserId: 'asc' },
    });
    expect(rows.map((r) => [String(r.telegramUserId), r.status, r.attempts])).toEqual([
      [BLOCKED, 'UNREACHABLE', 1],
      [HINDI_READER, 'SENT', 1],
      [ENGLISH_READER, 'SENT', 1],
      [FOLLOWER, 'SENT', 1],
    ]);
    expect(rows[0]!.lastError).toMatch(/blocked/);
    expect((await h.runtime.status()).deliveries.unreachable).toBe(1);

    // The fan-out runs again (a retry, the reconciler): nobody is enqueued or messaged twice.
    const again = await fanOut(h.deps, h.runtime.queues, {
      key: `case:${c.id}:broadcast:new_case`,
      kind: 'new_case',
      caseId: c.id,
    });
    expect(again).toEqual({ recipients: 4, enqueued: 0 });
    await h.runtime.drain();
    expect(h.fake.calls.filter((x) => x.method === 'sendMessage')).toHaveLength(4);
  }, 60_000);

  it('429 with retry_after: the message is retried after the pause, every process waits, and each message goes once', async () => {
    const h = await harness();
    const arrivals: Array<{ chat: string; at: number; answer: number }> = [];
    let first = true;
    h.fake.respond((method, p) => {
      if (method !== 'sendMessage') return undefined;
      const chat = String(p.chat_id);
      if (first) {
        first = false;
        arrivals.push({ chat, at: Date.now(), answer: 429 });
        return {
          ok: false,
          error_code: 429,
          description: 'Too Many Requests: retry after 2',
          parameters: { retry_after: 2 },
        };
      }
      arrivals.push({ chat, at: Date.now(), answer: 200 });
      return undefined;
    });
    await queueMessage(
      h.db.prisma,
      { chatId: '7400101', key: 'common:cancelled', priority: 'official' },
      'test:429:a',
      h.clock.now(),
    );
    await h.runtime.start();
    // Wait for the 429, then queue a message to someone else: it must wait out the same pause.
    for (let i = 0; i < 200 && arrivals.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await queueMessage(h.db.prisma, { chatId: '7400102', key: 'common:cancelled' }, 'test:429:b', h.clock.now());
    await h.runtime.drain();

    expect(arrivals[0]).toMatchObject({ chat: '7400101', answer: 429 });
    expect(
      arrivals
        .slice(1)
        .map((a) => [a.chat, a.answer])
        .sort(),
    ).toEqual([
      ['7400101', 200],
      ['7400102', 200],
    ]);
    const rejectedAt = arrivals[0]!.at;
    for (const a of arrivals.slice(1)) expect(a.at - rejectedAt).toBeGreaterThanOrEqual(2000);
    const a = await h.db.prisma.delivery.findFirstOrThrow({ where: { messageKey: 'test:429:a' } });
    expect([a.status, a.attempts]).toEqual(['SENT', 2]);
    const row = await h.db.prisma.outboxEntry.findUniqueOrThrow({ where: { jobKey: 'test:429:a' } });
    const job = await h.runtime.queues.send.getJob(sendJobIdFor(row.id));
    // One counted attempt (the successful one): the 429 put the job back without spending a retry.
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toBeUndefined();
  }, 60_000);

  it('an official reminder queued behind a bulk broadcast goes out ahead of it', async () => {
    const h = await harness({ env: { TELEGRAM_GLOBAL_PER_SECOND: '20' } });
    for (let i = 0; i < 60; i++)
      await queueMessage(
        h.db.prisma,
        { chatId: String(7500000 + i), key: 'common:cancelled', priority: 'bulk' },
        `test:bulk:${i}`,
        h.clock.now(),
      );
    await h.runtime.start();
    while (h.fake.calls.filter((c) => c.method === 'sendMessage').length < 10)
      await new Promise((r) => setTimeout(r, 10));
    await queueMessage(
      h.db.prisma,
      { chatId: '7599999', key: 'common:cancelled', priority: 'official' },
      'test:official',
      h.clock.now(),
    );
    // Counted when it was queued (a loaded machine may have let more than ten leave before the loop saw them).
    const before = h.fake.calls.filter((c) => c.method === 'sendMessage').length;
    await h.runtime.drain();
    const order = h.fake.calls.filter((c) => c.method === 'sendMessage').map((c) => String(c.payload.chat_id));
    expect(order).toHaveLength(61);
    // Ahead of everything not already taken by a worker (concurrency 8) when it was queued.
    expect(order.indexOf('7599999')).toBeLessThan(before + 8 + 2);
  }, 60_000);
});
