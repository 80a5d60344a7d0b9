import { describe, expect, it } from 'vitest';
import { scheduleAuction } from '../../../src/services/sale';
import {
  BACK_ENTRY_AUDIT,
  recordPaperSteps,
  buildRegisterExport,
  registerSeizure,
  type SeizureEntry,
} from '../../../src/services/register';
import { Refusal } from '../../../src/services/refusal';
import { pendingSteps } from '../../../src/services/notice';
import { loadStaffActor } from '../../../src/services/staff';
import { ist } from '../../support/case-fixture';
import { dbKinds } from '../../support/db';
import { enrolOfficials } from '../../support/fixtures';
import { createCase, seedPounds } from '../jobs/cases';
import { harnessPerTest } from '../jobs/harness';

const harness = harnessPerTest();
const OFFICER = 7300001;
const KEEPER = 7300002;

async function setup() {
  // Friday 29 Nov 2026, 10:00 IST: the pound starts with the bot; its paper register has open cases.
  const kind = (await dbKinds()).includes('postgres') ? 'postgres' : 'pglite';
  const h = await harness({ start: '2026-11-29T10:00:00+05:30', dbKind: kind });
  await seedPounds(h.db.prisma, h.clock.now());
  await enrolOfficials(h.db.prisma, [
    { id: OFFICER, role: 'OFFICER', lang: 'en' },
    { id: KEEPER, role: 'POUND_KEEPER', lang: 'en' },
  ]);
  const via = (id: number) => ({ telegramId: BigInt(id), chatId: id, messageId: 1 });
  const keeper = await loadStaffActor(h.db.prisma, via(KEEPER));
  const officer = await loadStaffActor(h.db.prisma, via(OFFICER));
  const pound = await h.db.prisma.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
  const entry = (impoundedAt: Date): SeizureEntry => ({
    poundId: pound.id,
    groups: [{ cattleClass: 'buffalo', count: 2, descriptions: ['black, curved horns'] }],
    impoundedAt,
    seizerName: 'Mohan Lal',
    seizerResidence: 'Kunda',
    placeOfSeizure: 'Kunda',
  });
  return { h, keeper, officer, entry };
}

// The report and the notice (proclaimed in the village and at the market) are 12 days old on paper: 17 Nov 2026.
const PAPER = {
  report: ist('2026-11-17 10:00'),
  notice: ist('2026-11-17 11:00'),
  village: ist('2026-11-17 15:00'),
  market: ist('2026-11-17 17:00'),
};

describe('back-entry of s. 14 steps taken on paper (integration)', { timeout: 90_000 }, () => {
  it('an entry with its 12-day-old report and notice: no report to the officer, the auction at once, audited', async () => {
    const { h, keeper, officer, entry } = await setup();
    const now = h.clock.now();
    const r = await registerSeizure(h.db.prisma, {
      entry: entry(ist('2026-11-01 09:00')),
      actor: keeper,
      now,
      registerKey: 'desk:paper:1',
      paperSteps: PAPER,
    });
    expect(r.backEntry).toMatchObject({ status: 'NOTICE_POSTED', auctionFrom: '2026-11-25' });
    await h.runtime.start();
    await h.runtime.drain();
    // Nothing of the s. 14 report goes to the officer (it was made on paper 12 days ago).
    expect(h.fake.sentTo(OFFICER).filter((m) => (m.text ?? '').includes(r.case.number))).toEqual([]);
    expect(h.fake.sentTo(OFFICER).filter((m) => m.method === 'sendDocument')).toEqual([]);
    const stored = await h.db.prisma.case.findUniqueOrThrow({ where: { id: r.case.id }, include: { notice: true } });
    expect(stored).toMatchObject({
      status: 'NOTICE_POSTED',
      reportedAt: PAPER.report,
      reportSource: 'paper',
      noticePostedAt: PAPER.notice,
      backEntryAt: now,
      backEntryRole: 'pound_keeper',
    });
    expect(stored.notice).toMatchObject({ source: 'paper', postedAt: PAPER.notice, proclaimedVillagePlace: 'Kunda' });
    const lines = await h.db.prisma.auditEvent.findMany({ where: { caseId: r.case.id, action: BACK_ENTRY_AUDIT } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actorRole: 'pound_keeper', actorTelegramId: BigInt(KEEPER) });
    expect(lines[0]!.details).toMatchObject({ source: 'paper', enteredAt: now.toISOString() });
    // The s. 7 register export says so too: the entry's row and the notice's row.
    const t = h.deps.translator.forLang('en');
    const { csv } = await buildRegisterExport(h.db.prisma, {
      poundId: r.case.poundId,
      from: '2026-11-01',
      to: '2026-11-29',
      t,
    });
    expect(csv).toContain('recorded from the paper register 2026-11-29');
    expect(csv).toContain('s. 14 report on paper 2026-11-17');
    // Seven days from the notice (17 Nov) have run: the officer schedules the auction at once.
    const auction = await scheduleAuction(
      h.db.prisma,
      officer,
      {
        caseId: r.case.id,
        at: new Date(now.getTime() + 3_600_000),
        place: 'Amer market',
        conditions: 'Cash',
        directionRef: 'DM/1',
      },
      now,
    );
    expect(auction).toBeTruthy();
    const after = await h.db.prisma.case.findUniqueOrThrow({ where: { id: r.case.id } });
    expect(after.status).toBe('AUCTION_SCHEDULED');
  });

  it('a notice dated before the report: refused under s. 14, no entry saved', async () => {
    const { h, keeper, entry } = await setup();
    const before = await h.db.prisma.case.count();
    const err = await registerSeizure(h.db.prisma, {
      entry: entry(ist('2026-11-01 09:00')),
      actor: keeper,
      now: h.clock.now(),
      registerKey: 'desk:paper:2',
      paperSteps: { ...PAPER, notice: ist('2026-11-16 10:00') },
    }).catch((e) => e);
    expect(err).toBeInstanceOf(Refusal);
    expect(err).toMatchObject({ code: 'REFUSED', section: 's. 14', params: { reason: 'NOTICE_BEFORE_REPORT' } });
    expect(await h.db.prisma.case.count()).toBe(before);
    expect(await h.db.prisma.auditEvent.count({ where: { action: BACK_ENTRY_AUDIT } })).toBe(0);
  });

  it('an existing case not moved yet: the officer enters the steps; its report is never sent "now"', async () => {
    const { h, officer } = await setup();
    const now = h.clock.now();
    const c = await createCase(h.db.prisma, { impoundedAt: ist('2026-11-01 09:00'), planAt: now });
    const r = await recordPaperSteps(h.db.prisma, officer, { caseId: c.id, steps: PAPER }, now);
    expect(r.status).toBe('NOTICE_POSTED');
    await h.runtime.start();
    await h.runtime.drain();
    expect(h.fake.sentTo(OFFICER).filter((m) => m.method === 'sendDocument')).toEqual([]);
    expect(await h.db.prisma.deadlineRun.count({ where: { caseId: c.id, outcome: 'sent' } })).toBe(0);
    const stored = await h.db.prisma.case.findUniqueOrThrow({ where: { id: c.id } });
    expect(stored).toMatchObject({ reportedAt: PAPER.report, backEntryRole: 'officer' });
    // A second back-entry finds the case moved on.
    await expect(recordPaperSteps(h.db.prisma, officer, { caseId: c.id, steps: PAPER }, now)).rejects.toMatchObject({
      code: 'BACK_ENTRY_CASE_MOVED',
    });
  });

  it('a case whose report the bot already sent cannot be back-entered; a keeper of another pound is refused', async () => {
    const { h, officer, keeper } = await setup();
    const now = h.clock.now();
    const c = await createCase(h.db.prisma, { impoundedAt: ist('2026-11-10 09:00'), planAt: now });
    await h.runtime.start();
    await h.runtime.drain();
    await expect(
      recordPaperSteps(h.db.prisma, officer, { caseId: c.id, steps: { report: ist('2026-11-18 10:00') } }, now),
    ).rejects.toBeInstanceOf(Refusal);
    const other = await createCase(h.db.prisma, { pound: 'PUN1', impoundedAt: ist('2026-11-01 09:00'), planAt: now });
    await expect(recordPaperSteps(h.db.prisma, keeper, { caseId: other.id, steps: PAPER }, now)).rejects.toMatchObject({
      code: 'WRONG_POUND',
    });
  });

  it('a report step waiting for an officer (none enrolled) is closed by the back-entry: nothing pending, nothing sent', async () => {
    const { h } = await setup();
    const now = h.clock.now();
    await enrolOfficials(h.db.prisma, [{ id: 7300009, role: 'POUND_KEEPER', lang: 'en', pounds: ['PUN1'] }]);
    const punKeeper = await loadStaffActor(h.db.prisma, { telegramId: 7300009n, chatId: 7300009, messageId: 1 });
    const c = await createCase(h.db.prisma, { pound: 'PUN1', impoundedAt: ist('2026-11-01 09:00'), planAt: now });
    await h.runtime.start();
    await h.runtime.drain();
    expect((await pendingSteps(h.db.prisma)).steps.map((s) => s.caseId)).toEqual([c.id]);
    await recordPaperSteps(h.db.prisma, punKeeper, { caseId: c.id, steps: { report: PAPER.report } }, now);
    expect((await pendingSteps(h.db.prisma)).total).toBe(0);
    await h.runtime.drain();
    expect(await h.db.prisma.case.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({
      status: 'REPORTED_S14',
      reportedAt: PAPER.report,
      reportSource: 'paper',
    });
  });
});
