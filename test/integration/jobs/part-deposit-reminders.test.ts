import { describe, expect, it } from 'vitest';
import { jobIdFor } from '../../../jobs/queues';
import { recordComplaint } from '../../../src/services/complaints';
import { loadCaseForDeadlines, planSteps } from '../../../src/services/deadlines';
import { windowsFromConfig } from '../../../src/services/dues';
import { releaseCattle } from '../../../src/services/release';
import { actorOf } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { payCase } from '../../support/paid-case';
import { enrolStaff, seed } from '../../support/fixtures';
import { harnessPerTest } from './harness';

const harness = harnessPerTest();

const KEEPER = 7400001;
const A = 7400011n; // deposits under protest for his cow (s. 15) and means to complain (s. 20)
const B = 7400012n; // pays for the rest of the entry (s. 13)

/**
 * An owner's deposit under protest for his own heads outlives the entry (ss. 15, 20): A deposits for his
 * cow; co-owner B then pays for the buffalo and the keeper releases it, so the entry is RELEASED_S13. A's complaint
 * window still runs from the seizure (27 Nov + 10 days → last day 7 Dec 2026): he is reminded on 5 Dec at 09:00 IST —
 * also after Redis lost every job (the reconciler plans finished entries with such deposits, from the DB) — and, once
 * he has recorded his complaint, not on the last day.
 */
describe('jobs: s. 20 reminders of a part depositor after a co-owner finished the entry', () => {
  it('A is reminded after B’s payment released the rest (and after a Redis loss), and no more once he records his complaint', async () => {
    const h = await harness({ start: '2026-11-29T10:00:00+05:30' });
    const db = h.db.prisma;
    await seed(db, h.clock.now());
    await enrolStaff(db, KEEPER, 'POUND_KEEPER', ['JAI1'], 'Amer keeper');
    for (const id of [A, B])
      await db.telegramUser.create({ data: { id, firstName: 'owner', languageCode: id === A ? 'en' : 'hi' } });
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-27T11:00:00+05:30',
      place: 'Achrol',
      heads: [
        ['cow', 'black, white star'],
        ['buffalo', 'brown'],
      ],
    }).build();
    const keeper = await actorOf(db, KEEPER);
    const pay = async (who: bigint, section: 's13' | 's15', head: number) =>
      (
        await payCase(db, c.id, {
          owner: { id: who, name: 'Owner' },
          section,
          heads: [head],
          at: h.clock.now(),
          config: h.deps.config,
          confirmedBy: keeper,
        })
      ).paymentId;
    const deposit = await pay(A, 's15', 1);
    expect((await db.payment.findUniqueOrThrow({ where: { id: deposit } })).part).toBe(true);
    // B's claim covers every head left: the case's own payment; the keeper releases the rest — the entry is finished.
    await pay(B, 's13', 2);
    expect((await releaseCattle(db, { caseNumber: c.number, actor: keeper, now: h.clock.now() })).status).toBe(
      'released',
    );
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('RELEASED_S13');

    const steps = planSteps((await loadCaseForDeadlines(db, c.id))!, h.deps.config);
    expect(steps.map((s) => [s.step, s.runAt.toISOString()])).toEqual([
      ['s20-complaint-early', '2026-12-05T03:30:00.000Z'],
      ['s20-complaint-last-day', '2026-12-07T03:30:00.000Z'],
    ]);
    const delayed = async () =>
      (await h.runtime.queues.deadline.getDelayed(0, -1))
        .map((j) => j.id!)
        .filter((id) => steps.some((s) => jobIdFor(s.key) === id))
        .sort();
    await h.runtime.start();
    await h.runtime.drain();
    expect(await delayed()).toEqual(steps.map((s) => jobIdFor(s.key)).sort());

    // Redis loses everything: the rebuild from the database plans the finished entry's reminders again.
    await h.flushPrefix();
    const r = await h.runtime.reconcile();
    expect(await delayed()).toEqual(steps.map((s) => jobIdFor(s.key)).sort());
    expect(r.finishedWithPartDeposits).toBe(1);

    // 5 Dec, 09:00 IST: A is reminded of his own deposit; B, who paid, is not.
    h.clock.set(new Date('2026-12-05T09:00:00+05:30'));
    await h.runtime.drain(60_000);
    // His own amount (cow: ₹100 fine + 3 days × ₹70 feeding = ₹310, demo rates of JAI1), the window's last day.
    const early = (lang: 'en' | 'hi', amount: number) =>
      h.deps.translator.t(lang, 'jobs:complaint.early', { number: c.number, lastDay: '2026-12-07', count: 10, amount });
    const toA = () => h.fake.sentTo(String(A)).map((m) => m.text);
    expect(toA().filter((t) => t === early('en', 31000))).toHaveLength(1);
    expect((await db.deadlineRun.findUniqueOrThrow({ where: { key: steps[0]!.key } })).outcome).toBe('sent');
    const reminderStart = early('hi', 0).slice(0, 12);
    expect(h.fake.sentTo(String(B)).filter((m) => m.text.startsWith(reminderStart))).toEqual([]);

    // A records his complaint: the last day's reminder has nothing left to say.
    expect(
      (
        await recordComplaint(db, windowsFromConfig(h.deps.config), {
          caseId: c.id,
          telegramUserId: A,
          reference: 'CMP-11/2026',
          filedOn: '2026-12-05',
          now: h.clock.now(),
        })
      ).kind,
    ).toBe('recorded');
    await h.runtime.drain();
    expect(planSteps((await loadCaseForDeadlines(db, c.id))!, h.deps.config)).toEqual([]);
    const sentBefore = toA().length;
    h.clock.set(new Date('2026-12-07T09:00:00+05:30'));
    await h.runtime.drain(60_000);
    expect(toA().length).toBe(sentBefore);
    expect((await db.deadlineRun.findUnique({ where: { key: steps[1]!.key } }))?.outcome ?? 'moved_on').toBe(
      'moved_on',
    );
  }, 120_000);
});
