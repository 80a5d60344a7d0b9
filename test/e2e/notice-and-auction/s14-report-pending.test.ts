import { describe, expect, it } from 'vitest';
import { computeTimeline } from '../../../src/law';
import { issueEnrolmentCode } from '../../../src/services/staff';
import { botSuite, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { enrolStaff } from '../../support/fixtures';
import { createCase, seedPounds } from '../../integration/jobs/cases';
import { ist } from '../../support/case-fixture';
import { inLanguage } from '../../support/press';

// s. 14: "the officer in charge of the pound shall report the fact to the officer …, who shall thereupon
// affix a notice". The report is made when an officer has it. JAI1 has keepers and Magistrate's offices
// but no officer; PUN1 has no staff at all. On day 8 neither case may be recorded as reported: the step is
// pending, the keepers and the Magistrate's office are told, /status lists it. An officer enrolled later
// (through the bot's own /start enrol_<code>) gets the report, and only then is the case reported.
describe.each(await dbKinds())('s. 14 report, no officer enrolled: pending until one is reached (%s)', (dbKind) => {
  const keeperHi: TestUser = { id: 9101, firstName: 'Suresh', languageCode: 'hi' };
  const keeperEn: TestUser = { id: 9102, firstName: 'Sunil', languageCode: 'en' };
  const magistrateEn: TestUser = { id: 9103, firstName: 'Meena', languageCode: 'en' };
  const magistrateHi: TestUser = { id: 9104, firstName: 'Kiran', languageCode: 'hi' };
  const adminEn: TestUser = { id: 9105, firstName: 'Admin', languageCode: 'en' };
  const adminHi: TestUser = { id: 9106, firstName: 'Prashasak', languageCode: 'hi' };
  const officer: TestUser = { id: 9107, firstName: 'Vikram', languageCode: 'en' };
  const impoundedAt = ist('2026-11-01 10:00');
  let jai: { id: number; number: string };
  let pun: { id: number; number: string };
  const texts = (u: TestUser) => h.api.sentTo(u.id).map((m) => m.text);
  const caseRow = (id: number) => h.deps.db.case.findUniqueOrThrow({ where: { id } });

  const h = botSuite({ dbKind, start: '2026-11-05T10:00:00+05:30', jobs: true }, async (h) => {
    const db = h.deps.db;
    await seedPounds(db, ist('2026-11-01 09:00'));
    await enrolStaff(db, keeperHi.id, 'POUND_KEEPER', ['JAI1'], 'Suresh Kumar');
    await enrolStaff(db, keeperEn.id, 'POUND_KEEPER', ['JAI1'], 'Sunil Verma');
    await enrolStaff(db, magistrateEn.id, 'MAGISTRATE', ['JAI1'], 'DM office Jaipur');
    await enrolStaff(db, magistrateHi.id, 'MAGISTRATE', ['JAI1'], 'DM office Jaipur (Hindi)');
    await enrolStaff(db, adminEn.id, 'ADMIN', []);
    await enrolStaff(db, adminHi.id, 'ADMIN', []);
    for (const u of [keeperHi, keeperEn, magistrateEn, magistrateHi, adminEn, adminHi]) {
      await db.telegramUser.update({ where: { id: BigInt(u.id) }, data: { language: u.languageCode } });
    }
    jai = await createCase(db, { pound: 'JAI1', impoundedAt, place: 'Kunda' });
    pun = await createCase(db, { pound: 'PUN1', impoundedAt, place: 'Hadapsar' });
    await h.drain();
  });
  const en = inLanguage(h, 'en');
  const hi = inLanguage(h, 'hi');

  it('day 8, no officer: the case is not reported; keepers and the Magistrate’s office are told, in their languages', async () => {
    h.clock.set('2026-11-09T10:00:00+05:30');
    await h.drain();
    const tl = computeTimeline({ impoundedAt });
    if (!tl.ok) throw tl.error;
    const lastDay = tl.value.s14ReportDue.date;
    const params = {
      number: jai.number,
      count: 2,
      impoundedAt: impoundedAt.toISOString(),
      lastDay,
      place: 'Kunda',
      pound: 'Amer Pound',
    };
    const paramsHi = { ...params, pound: 'आमेर कांजी हाउस' };

    expect(texts(keeperHi)).toEqual([hi('jobs:s14_report.pending_to_keeper', paramsHi)]);
    expect(texts(keeperEn)).toEqual([en('jobs:s14_report.pending_to_keeper', params)]);
    expect(texts(magistrateEn)).toEqual([en('jobs:s14_report.pending_to_magistrate', params)]);
    expect(texts(magistrateHi)).toEqual([hi('jobs:s14_report.pending_to_magistrate', paramsHi)]);
    // Nobody was told the report reached an officer.
    expect(texts(keeperEn).join('\n')).not.toContain(en('jobs:s14_report.to_keeper', { number: jai.number, lastDay }));

    for (const id of [jai.id, pun.id]) {
      const row = await caseRow(id);
      expect([row.status, row.reportedAt]).toEqual(['IMPOUNDED', null]);
    }
    expect(await h.deps.db.auditEvent.count({ where: { action: 'S14_REPORTED' } })).toBe(0);
    const runs = await h.deps.db.deadlineRun.findMany({ where: { step: 's14-report' }, orderBy: { caseId: 'asc' } });
    expect(runs.map((r) => [r.caseId, r.outcome])).toEqual([
      [jai.id, 'pending'],
      [pun.id, 'pending'],
    ]);
    // The case with no staff at all is logged as pending (audit), not recorded as handled.
    expect(await h.deps.db.auditEvent.count({ where: { caseId: pun.id, action: 'DEADLINE_S14_REPORT_PENDING' } })).toBe(
      1,
    );
  });

  it('/status lists both pending s. 14 reports, in English and Hindi', async () => {
    const dueAt = ist('2026-11-09 09:00').toISOString();
    await h.send(adminEn, '/status');
    const shownEn = h.api.lastTo(adminEn.id)!.text;
    expect(shownEn).toContain(en('jobs:status.pending_steps', { count: 2 }));
    for (const c of [jai, pun])
      expect(shownEn).toContain(
        en('jobs:status.pending_step', { number: c.number, step: en('jobs:status.step_name.s14-report'), dueAt }),
      );
    await h.send(adminHi, '/status');
    const shownHi = h.api.lastTo(adminHi.id)!.text;
    expect(shownHi).toContain(hi('jobs:status.pending_steps', { count: 2 }));
    for (const c of [jai, pun])
      expect(shownHi).toContain(
        hi('jobs:status.pending_step', { number: c.number, step: hi('jobs:status.step_name.s14-report'), dueAt }),
      );
  });

  it('an officer enrolled for JAI1 gets the report; only then is the case reported; PUN1 stays pending', async () => {
    h.clock.set('2026-11-10T11:00:00+05:30');
    const { code } = await issueEnrolmentCode(h.deps.db, {
      role: 'OFFICER',
      poundCodes: ['JAI1'],
      ttlHours: 72,
      now: h.clock.now(),
      name: 'Vikram Singh',
    });
    await h.send(officer, `/start enrol_${code}`);
    await h.drain();
    const toOfficer = texts(officer).filter((t) => t.includes(jai.number));
    const tl = computeTimeline({ impoundedAt });
    if (!tl.ok) throw tl.error;
    const lastDay = tl.value.s14ReportDue.date;
    expect(toOfficer[0]).toBe(
      en('jobs:s14_report.to_officer', {
        number: jai.number,
        count: 2,
        impoundedAt: impoundedAt.toISOString(),
        lastDay,
        place: 'Kunda',
        pound: 'Amer Pound',
      }),
    );
    // The report, the notice and proclamation texts to copy, and both as PDFs to print (src/documents).
    expect(toOfficer).toHaveLength(5);
    expect(toOfficer).toContain(en('documents:caption.notice', { number: jai.number }));
    expect(toOfficer).toContain(en('documents:caption.proclamation', { number: jai.number }));
    const row = await caseRow(jai.id);
    expect(row.status).toBe('REPORTED_S14');
    // Reported when the officer had it, not on day 8.
    expect(row.reportedAt?.toISOString()).toBe(h.clock.now().toISOString());
    expect(await h.deps.db.auditEvent.count({ where: { caseId: jai.id, action: 'S14_REPORTED' } })).toBe(1);
    // The keepers now hear that the report went to the officer, in their languages.
    expect(texts(keeperHi)).toContain(hi('jobs:s14_report.to_keeper', { number: jai.number, lastDay }));
    expect(texts(keeperEn)).toContain(en('jobs:s14_report.to_keeper', { number: jai.number, lastDay }));
    expect((await caseRow(pun.id)).status).toBe('IMPOUNDED');

    await h.send(adminEn, '/status');
    const shown = h.api.lastTo(adminEn.id)!.text;
    expect(shown).toContain(en('jobs:status.pending_steps', { count: 1 }));
    expect(shown).toContain(pun.number);
    expect(shown).not.toContain(jai.number);
  });
});
