import { describe, expect, it } from 'vitest';
import { jobIdFor, sendJobIdFor } from '../../../jobs/queues';
import { loadCaseForDeadlines, planSteps, type PlannedStep } from '../../../src/services/deadlines';
import { queueMessage } from '../../../src/services/outbox';
import { enrolStaff } from '../../support/fixtures';
import { paymentWritten } from '../../support/paid-case';
import { addAuction, createCase, seedPounds } from './cases';
import { harnessPerTest, type JobsHarness } from './harness';

const harness = harnessPerTest();

const DAY = 86_400_000;
const OWNER = 7300009n;

async function delayedDeadlineIds(h: JobsHarness): Promise<string[]> {
  return (await h.runtime.queues.deadline.getDelayed(0, -1)).map((j) => j.id!).sort();
}

describe('jobs: reconciler', () => {
  it('after the Redis keys are deleted, restores every pending deadline of every open case exactly once, and each then fires once', async () => {
    const h = await harness({ start: '2026-11-29T10:00:00+05:30' });
    const db = h.db.prisma;
    await seedPounds(db, h.clock.now());
    for (const [id, role] of [
      [7300001, 'OFFICER'],
      [7300002, 'POUND_KEEPER'],
      [7300003, 'MAGISTRATE'],
    ] as const)
      await enrolStaff(db, id, role, ['JAI1']);
    const now = h.clock.now().getTime();
    const fresh = await createCase(db, { impoundedAt: new Date(now - 2 * DAY), ownerTelegramId: OWNER });
    const auction = await createCase(db, {
      impoundedAt: new Date(now - 20 * DAY),
      status: 'AUCTION_SCHEDULED',
      ownerTelegramId: OWNER,
      noticePostedAt: new Date(now - 10 * DAY),
      reportedAt: new Date(now - 12 * DAY),
    });
    await addAuction(db, auction.id, new Date(now + 3 * DAY));
    const deposit = await createCase(db, { impoundedAt: new Date(now - 1 * DAY), status: 'DEPOSITED_S15' });
    await paymentWritten(db, deposit.id, {
      kind: 'S15_DEPOSIT',
      status: 'CONFIRMED',
      amountPaise: 123_450,
      declaredAt: new Date(now - 1 * DAY + 3_600_000),
      payer: OWNER,
    });
    const surplus = await createCase(db, {
      impoundedAt: new Date(now - 40 * DAY),
      status: 'SURPLUS_HELD',
      ownerTelegramId: OWNER,
      surplusDepositedAt: new Date(now - 1 * DAY),
    });
    const paying = await createCase(db, { impoundedAt: new Date(now - 1 * DAY), status: 'PAYMENT_PENDING' });
    await paymentWritten(db, paying.id, {
      kind: 'S13_PAYMENT',
      status: 'PENDING',
      amountPaise: 50_000,
      declaredAt: new Date(now - 60_000),
      payer: OWNER,
    });
    // A message queued for two minutes from now (dispatched to Redis as a delayed job, then lost with it).
    await queueMessage(db, { chatId: '7300002', key: 'common:cancelled' }, 'test:later', new Date(now + 120_000));

    const expected: PlannedStep[] = [];
    for (const c of [fresh, auction, deposit, surplus, paying])
      expected.push(...planSteps((await loadCaseForDeadlines(db, c.id))!, h.deps.config));
    expect(new Set(expected.map((s) => s.step))).toEqual(
      new Set([
        's14-report',
        'auction-day-before',
        'auction-morning',
        's20-complaint-early',
        's20-complaint-last-day',
        's17-surplus-owner',
        's17-surplus-lapsed',
        'payment-nudge',
      ]),
    );
    expect(expected.every((s) => s.runAt.getTime() > now)).toBe(true);

    await h.runtime.start();
    await h.runtime.drain();
    const before = await delayedDeadlineIds(h);
    expect(before).toEqual(expected.map((s) => jobIdFor(s.key)).sort());

    // Redis loses everything of ours (flush, failover to an empty replica).
    await h.flushPrefix();
    expect(await h.keys()).toEqual([]);
    const r = await h.runtime.reconcile();
    expect(r.deadlineSteps).toBe(expected.length);
    expect(r.sends).toBe(1);
    expect(await delayedDeadlineIds(h)).toEqual(before);
    const later = await db.outboxEntry.findUniqueOrThrow({ where: { jobKey: 'test:later' } });
    expect(await h.runtime.queues.send.getJob(sendJobIdFor(later.id))).toBeDefined();
    // A second pass (another process, the next interval) adds nothing.
    await h.runtime.reconcile();
    expect(await delayedDeadlineIds(h)).toEqual(before);
    expect(await h.runtime.queues.send.getJobCounts('delayed', 'waiting', 'prioritized')).toMatchObject({
      delayed: 1,
      waiting: 0,
      prioritized: 0,
    });

    // Statutory time passes: every restored step runs exactly once.
    h.clock.advance(200 * DAY);
    await h.runtime.drain(60_000);
    const runs = await db.deadlineRun.findMany();
    expect(runs.map((x) => x.key).sort()).toEqual(expected.map((s) => s.key).sort());
    await h.runtime.reconcile();
    await h.runtime.drain();
    expect(await db.deadlineRun.count()).toBe(expected.length);
    const deliveries = await db.delivery.groupBy({ by: ['messageKey', 'telegramUserId'], _count: true });
    expect(deliveries.every((d) => d._count === 1)).toBe(true);
    expect(
      h.fake.sentTo('7300002').filter((m) => m.text === h!.deps.translator.t('hi', 'common:cancelled')),
    ).toHaveLength(1);
  }, 120_000);
});
