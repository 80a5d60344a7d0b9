import { describe, expect, it } from 'vitest';
import { computeTimeline } from '../../../src/law';
import { planDeadlines } from '../../../src/services/deadlines';
import { enrolOfficials } from '../../support/fixtures';
import { createCase, seedPounds } from './cases';
import { harnessPerTest } from './harness';

const harness = harnessPerTest();

const DAY = 86_400_000;
const HOUR = 3_600_000;
const OFFICER = 7100001;
const KEEPER = 7100002;
const MAGISTRATE = 7100003;
const OTHER_POUND_OFFICER = 7100004;

async function setup() {
  const h = await harness({ start: '2026-11-29T10:00:00+05:30' });
  await seedPounds(h.db.prisma, h.clock.now());
  await enrolOfficials(h.db.prisma, [
    { id: OFFICER, role: 'OFFICER', lang: 'en' },
    { id: KEEPER, role: 'POUND_KEEPER', lang: 'hi' },
    { id: MAGISTRATE, role: 'MAGISTRATE', lang: 'en' },
    { id: OTHER_POUND_OFFICER, role: 'OFFICER', pounds: ['PUN1'] },
  ]);
  return h;
}

// Several jobs runtimes, Redis and the database per test: on a loaded 2-core machine a test can pass 30 s (nothing here is timed).
describe('jobs: statutory deadlines', { timeout: 90_000 }, () => {
  it('a back-dated unclaimed case gets its s. 14 report at once: officer and keeper, notice and proclamation in both languages, case marked reported', async () => {
    const h = await setup();
    const impoundedAt = new Date(h.clock.now().getTime() - 10 * DAY);
    const c = await createCase(h.db.prisma, { impoundedAt, place: 'Kunda' });
    await h.runtime.start();
    await h.runtime.drain();

    const t = h.deps.translator;
    const tl = computeTimeline({ impoundedAt });
    if (!tl.ok) throw tl.error;
    const toOfficer = h.fake.sentTo(OFFICER).map((m) => m.text);
    expect(toOfficer[0]).toBe(
      t.t('en', 'jobs:s14_report.to_officer', {
        number: c.number,
        count: 2,
        impoundedAt: impoundedAt.toISOString(),
        lastDay: tl.value.s14ReportDue.date,
        place: 'Kunda',
        pound: 'Amer Pound',
      }),
    );
    // Then the notice to post and the proclamation for the crier as PDFs (src/documents), to the officer only.
    expect(toOfficer).toHaveLength(5);
    const docs = h.fake.sentTo(OFFICER).slice(3);
    expect(docs.map((m) => [m.method, m.text])).toEqual([
      ['sendDocument', t.t('en', 'documents:caption.notice', { number: c.number })],
      ['sendDocument', t.t('en', 'documents:caption.proclamation', { number: c.number })],
    ]);
    expect(
      docs.map((m) => (Object.values(m.payload._files ?? {})[0] as { data: Buffer }).data.subarray(0, 5).toString()),
    ).toEqual(['%PDF-', '%PDF-']);
    // The notice (s. 14 (a)-(c)) in Hindi and English, with the case number, place of seizure and pound.
    expect(toOfficer[1]).toContain(
      t.t('hi', 'jobs:notice.cattle_line', {
        count: 1,
        cattle: t.t('hi', 'common:cattle.buffalo'),
        description: 'black, curved horns',
      }),
    );
    expect(toOfficer[1]).toContain(
      t.t('en', 'jobs:notice.cattle_line', {
        count: 1,
        cattle: t.t('en', 'common:cattle.cow'),
        description: 'brown, white forehead',
      }),
    );
    expect(toOfficer[1]).toContain('आमेर कांजी हाउस');
    expect(toOfficer[1]).toContain(c.number);
    expect(toOfficer[2]).toContain('डुगडुगी');
    expect(toOfficer[2]).toContain('DRUM PROCLAMATION');
    // The Hindi-speaking keeper gets the keeper's version, in Hindi.
    const toKeeper = h.fake.sentTo(KEEPER).map((m) => m.text);
    expect(toKeeper[0]).toBe(
      t.t('hi', 'jobs:s14_report.to_keeper', { number: c.number, lastDay: tl.value.s14ReportDue.date }),
    );
    expect(toKeeper).toHaveLength(3);
    // Another pound's officer hears nothing.
    expect(h.fake.sentTo(OTHER_POUND_OFFICER)).toHaveLength(0);

    const row = await h.db.prisma.case.findUniqueOrThrow({ where: { id: c.id } });
    expect(row.status).toBe('REPORTED_S14');
    expect(row.reportedAt?.toISOString()).toBe(h.clock.now().toISOString());
    expect(await h.db.prisma.auditEvent.count({ where: { caseId: c.id, action: 'S14_REPORTED' } })).toBe(1);
    const runs = await h.db.prisma.deadlineRun.findMany({ where: { caseId: c.id } });
    expect(runs.map((r) => [r.step, r.outcome, r.messages])).toEqual([['s14-report', 'sent', 8]]);

    // NOTICE_GRACE_HOURS later with no notice: the officer and the Magistrate's office are told.
    h.clock.advance((h.deps.config.NOTICE_GRACE_HOURS + 1) * HOUR);
    await h.runtime.drain();
    const params = {
      number: c.number,
      reportedAt: row.reportedAt!.toISOString(),
      count: h.deps.config.NOTICE_GRACE_HOURS,
      pound: 'Amer Pound',
    };
    expect(h.fake.lastTo(OFFICER)?.text).toBe(t.t('en', 'jobs:notice_overdue.to_officer', params));
    expect(h.fake.sentTo(MAGISTRATE).map((m) => m.text)).toEqual([
      t.t('en', 'jobs:notice_overdue.to_magistrate', params),
    ]);
  });

  it('a notice posted but not yet proclaimed in the market: the escalation names the missing proclamation, not a missing notice', async () => {
    const h = await setup();
    const impoundedAt = new Date(h.clock.now().getTime() - 10 * DAY);
    const c = await createCase(h.db.prisma, { impoundedAt, place: 'Kunda' });
    await h.runtime.start();
    await h.runtime.drain();
    const postedAt = new Date(h.clock.now().getTime() + HOUR);
    await h.db.prisma.notice.create({
      data: { caseId: c.id, postedAt, proclaimedVillageAt: postedAt, proclaimedVillagePlace: 'Kunda' },
    });
    h.clock.advance((h.deps.config.NOTICE_GRACE_HOURS + 1) * HOUR);
    await h.runtime.drain();
    const t = h.deps.translator;
    const params = { number: c.number, pound: 'Amer Pound', postedAt: postedAt.toISOString() };
    expect(h.fake.lastTo(OFFICER)?.text).toBe(t.t('en', 'jobs:notice_overdue.proclamation_pending.market', params));
    expect(h.fake.sentTo(MAGISTRATE).map((m) => m.text)).toEqual([
      t.t('en', 'jobs:notice_overdue.proclamation_pending.market', params),
    ]);
    expect(h.fake.sentTo(OFFICER).map((m) => m.text)).not.toContain(
      t.t('en', 'jobs:notice_overdue.to_officer', { ...params, reportedAt: h.clock.now().toISOString(), count: 24 }),
    );
  });

  it('a claimed case gets no s. 14 report, even when its report job was already scheduled', async () => {
    const h = await setup();
    const impoundedAt = new Date(h.clock.now().getTime() - 3 * DAY);
    const c = await createCase(h.db.prisma, { impoundedAt });
    await h.runtime.start();
    await h.runtime.drain();
    const job = (await h.runtime.queues.deadline.getDelayed()).find(
      (j) => j.data.caseId === c.id && j.data.step === 's14-report',
    );
    expect(job).toBeDefined();
    // The owner claims and pays (the flow would also replan; the job must re-check on its own).
    await h.db.prisma.case.update({ where: { id: c.id }, data: { status: 'PAYMENT_PENDING' } });
    h.clock.advance(6 * DAY);
    await h.runtime.drain();
    expect(h.fake.sentTo(OFFICER)).toHaveLength(0);
    expect(h.fake.sentTo(KEEPER)).toHaveLength(0);
    expect((await h.db.prisma.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('PAYMENT_PENDING');
    const runs = await h.db.prisma.deadlineRun.findMany({ where: { caseId: c.id } });
    expect(runs.map((r) => [r.step, r.outcome])).toEqual([['s14-report', 'moved_on']]);
  });

  it('a claim that falls through (payment not received) puts the case back on the s. 14 path: the report is made after all', async () => {
    const h = await setup();
    const impoundedAt = new Date(h.clock.now().getTime() - 3 * DAY);
    const c = await createCase(h.db.prisma, { impoundedAt });
    await h.runtime.start();
    await h.runtime.drain();
    await h.db.prisma.case.update({ where: { id: c.id }, data: { status: 'PAYMENT_PENDING' } });
    h.clock.advance(6 * DAY);
    await h.runtime.drain();
    expect(h.fake.sentTo(OFFICER)).toHaveLength(0);
    // Day 9: the keeper records that the money never came; the flow replans in the same transaction.
    await h.db.prisma.$transaction(async (tx) => {
      await tx.case.update({ where: { id: c.id }, data: { status: 'IMPOUNDED' } });
      await planDeadlines(tx, c.id, h.clock.now());
    });
    await h.runtime.drain();
    expect(h.fake.sentTo(OFFICER)).toHaveLength(5);
    expect(h.fake.sentTo(OFFICER)[0]!.text).toContain(c.number);
    expect((await h.db.prisma.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('REPORTED_S14');
    const runs = await h.db.prisma.deadlineRun.findMany({ where: { caseId: c.id, step: 's14-report' } });
    expect(runs.map((r) => r.outcome)).toEqual(['sent']);
    // The periodic reconciler afterwards adds nothing and sends nothing more.
    await h.runtime.reconcile();
    await h.runtime.drain();
    expect(h.fake.sentTo(OFFICER)).toHaveLength(5);
  });

  it('a case released before day 8 plans no report at all', async () => {
    const h = await setup();
    const c = await createCase(h.db.prisma, {
      impoundedAt: new Date(h.clock.now().getTime() - 9 * DAY),
      status: 'RELEASED_S13',
    });
    await h.runtime.start();
    await h.runtime.drain();
    expect(h.fake.calls.filter((x) => x.method === 'sendMessage')).toHaveLength(0);
    expect(await h.db.prisma.deadlineRun.count({ where: { caseId: c.id } })).toBe(0);
  });
});
