import { describe, expect, it } from 'vitest';
import { enqueueRow } from '../../../jobs/dispatcher';
import { queueMessage } from '../../../src/services/outbox';
import { harnessPerTest } from './harness';

// An officer's or keeper's message enqueued in the middle of a broadcast leaves before the bulk sends still
// waiting, at any configured rate: BullMQ's priority picks it first once a worker is free, and the rate
// limiter's priority lane (jobs/rate-limit.ts) lets it leave before the bulk sends that already hold a
// worker and a reserved slot (eight per process). The assertion is on ORDER (how many bulk messages reached
// the Bot API after the official one was enqueued), never on time; the delay is printed for the record.
const harness = harnessPerTest();

const OFFICER = '9000000001';
/** At most this many bulk messages may leave between the enqueue and the official one: those already past ADMIT. */
const BULK_ALLOWED_AHEAD = 2;
/**
 * At 30/s one interval is 33 ms: one more bulk message may leave while a worker takes the official job up on a busy
 * machine (seen in a full run beside browser tests). Without the priority lane about 120 would go first.
 */
const BULK_ALLOWED_AHEAD_FAST = BULK_ALLOWED_AHEAD + 1;

async function officialDuringBroadcast(perSecond: number, recipients: number, enqueueAfter: number) {
  const h = await harness({ env: { TELEGRAM_GLOBAL_PER_SECOND: String(perSecond) } });
  for (let i = 0; i < recipients; i++) {
    await queueMessage(
      h.db.prisma,
      { chatId: String(1_000_000 + i), key: 'common:cancelled', priority: 'bulk' },
      `bulk:${i}`,
      h.clock.now(),
    );
  }
  const sends = () => h!.fake.calls.filter((c) => c.method === 'sendMessage');
  await h.runtime.start();
  while (sends().length < enqueueAfter) await new Promise((r) => setTimeout(r, 5));
  // As a deadline step enqueues it: the outbox row, then straight into the queue (no wait for the dispatcher's tick).
  await queueMessage(
    h.db.prisma,
    { chatId: OFFICER, key: 'common:cancelled', priority: 'official' },
    'officer:reminder',
    h.clock.now(),
  );
  await enqueueRow(
    h.deps,
    h.runtime.queues,
    await h.db.prisma.outboxEntry.findUniqueOrThrow({ where: { jobKey: 'officer:reminder' } }),
  );
  const t0 = performance.now();
  const before = sends().length;
  while (!sends().some((c) => String(c.payload.chat_id) === OFFICER)) await new Promise((r) => setTimeout(r, 2));
  const delayMs = performance.now() - t0;
  const at = sends().findIndex((c) => String(c.payload.chat_id) === OFFICER);
  await h.runtime.drain(120_000);
  const all = sends();
  const bulkAhead = at - before;
  console.log(
    `priority lane at ${perSecond}/s: official message enqueued after ${before} of ${recipients} bulk sends; ${bulkAhead} bulk send(s) left before it; delivered ${delayMs.toFixed(0)} ms after enqueue (one interval = ${(1000 / perSecond).toFixed(0)} ms)`,
  );
  return { bulkAhead, total: all.length, remainingAfter: all.length - at - 1 };
}

describe('jobs: an official message jumps a running broadcast', () => {
  it('at 5 messages/s', async () => {
    const r = await officialDuringBroadcast(5, 30, 6);
    expect(r.total).toBe(31);
    expect(r.bulkAhead).toBeLessThanOrEqual(BULK_ALLOWED_AHEAD);
    // The broadcast was still running: bulk messages left after the official one.
    expect(r.remainingAfter).toBeGreaterThanOrEqual(10);
  }, 60_000);

  it('at 30 messages/s', async () => {
    const r = await officialDuringBroadcast(30, 150, 30);
    expect(r.total).toBe(151);
    expect(r.bulkAhead).toBeLessThanOrEqual(BULK_ALLOWED_AHEAD_FAST);
    expect(r.remainingAfter).toBeGreaterThanOrEqual(10);
  }, 60_000);
});
