import { describe, expect, it } from 'vitest';
import { checkTransition } from '../../../src/law';
import { caseStateOf, loadCase } from '../../../src/services/case-transition';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { ist } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { lastText, press, section } from '../../support/press';

// s. 14: the keeper reports, and the officer "shall thereupon" stick up the notice and cause the proclamation
// "of the same" to be made. The report of this case reached the officer on 10 Nov 2026 at 11:00 IST: a notice
// typed as posted before it (which would start the seven days of notice early) is refused by the statute
// engine, and so is a proclamation before the notice — in the officer's language, with the section.
describe.each(await dbKinds())('s. 14 order: notice after the report, proclamations after it (e2e, %s)', (dbKind) => {
  const officerEn: TestUser = { id: 8301, firstName: 'Vikram', languageCode: 'en' };
  const officerHi: TestUser = { id: 8302, firstName: 'Anil', languageCode: 'hi' };
  let caseId: number;
  let number: string;
  const reportedAt = ist('2026-11-10 11:00');
  const t = (lang: 'en' | 'hi', key: string, p?: Record<string, unknown>) => h.deps.translator.t(lang, key, p);

  const staff: SuiteStaff[] = [
    [officerEn, 'OFFICER', ['JAI1'], 'Vikram Singh'],
    [officerHi, 'OFFICER', ['JAI1'], 'Anil Sharma'],
  ];
  const h = botSuite(
    { dbKind, start: '2026-11-10T13:00:00+05:30', seededAt: ist('2026-11-01 09:00'), staff },
    async (h) => {
      const db = h.deps.db;
      const c = await caseFixture(db, {
        pound: 'JAI1',
        impoundedAt: '2026-11-01T10:00:00+05:30',
        heads: [['buffalo', 'black, curved horns']],
      }).build();
      await db.case.update({ where: { id: c.id }, data: { status: 'REPORTED_S14', reportedAt } });
      caseId = c.id;
      number = c.number;
    },
  );

  async function recordNotice(u: TestUser, lang: 'en' | 'hi', postedAt: string, villageAt: string) {
    await h.send(u, `/notice ${number}`);
    await h.send(u, postedAt);
    await press(h, u, t(lang, 'officer:button.skip'));
    await press(h, u, 'Kunda');
    await h.send(u, villageAt);
    await press(h, u, t(lang, 'officer:notice.later_button'));
    await press(h, u, t(lang, 'officer:button.record'));
    return lastText(h, u);
  }

  it('a notice dated before the report reached the officer is refused (s. 14), nothing recorded', async () => {
    const text = await recordNotice(officerEn, 'en', '10.11.2026 10:59', '10.11.2026 12:00');
    expect(text).toBe(
      t('en', 'refusal:NOTICE_BEFORE_REPORT', {
        number,
        section: section(h, 'en', '14'),
        reportedAt: reportedAt.toISOString(),
        postedAt: ist('2026-11-10 10:59').toISOString(),
        reason: 'NOTICE_BEFORE_REPORT',
      }),
    );
    expect(await h.deps.db.notice.count({ where: { caseId } })).toBe(0);
  });

  it('a proclamation before the notice is refused (s. 14), in Hindi', async () => {
    const text = await recordNotice(officerHi, 'hi', '10.11.2026 11:30', '10.11.2026 11:29');
    expect(text).toBe(
      t('hi', 'refusal:PROCLAMATION_BEFORE_NOTICE', {
        number,
        section: section(h, 'hi', '14'),
        postedAt: ist('2026-11-10 11:30').toISOString(),
        at: ist('2026-11-10 11:29').toISOString(),
        reason: 'PROCLAMATION_BEFORE_NOTICE',
      }),
    );
    expect(await h.deps.db.notice.count({ where: { caseId } })).toBe(0);
  });

  it('the engine: refused one minute before the report, allowed at it; the notice at the report time is recorded', async () => {
    const state = caseStateOf(await loadCase(h.deps.db, caseId));
    const p = { notice: { description: 'x', placeOfSeizure: 'x', placeOfImpounding: 'x' }, proclaimedByDrum: true };
    const before = checkTransition(state, 'POST_NOTICE', 'officer', h.clock.now(), {
      ...p,
      noticePostedAt: new Date(reportedAt.getTime() - 60_000),
    });
    expect(!before.ok && (before.error as { reason?: string }).reason).toBe('NOTICE_BEFORE_REPORT');
    expect(
      checkTransition(state, 'POST_NOTICE', 'officer', h.clock.now(), { ...p, noticePostedAt: reportedAt }).ok,
    ).toBe(true);
    const text = await recordNotice(officerEn, 'en', '10.11.2026 11:00', '10.11.2026 11:00');
    expect(text).toBe(
      t('en', 'officer:notice.recorded_partial', {
        number,
        postedAt: reportedAt.toISOString(),
        eligibleFrom: '2026-11-18',
        missing: t('en', 'officer:notice.place_market'),
      }),
    );
  });
});
