import { describe, expect, it } from 'vitest';
import { BACK_ENTRY_AUDIT } from '../../../src/services/register';
import { nextDeadline } from '../../../src/services/next-deadline';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { ist } from '../../support/case-builder';
import { inLanguage, lastText, press } from '../../support/press';

// Sunday 29 Nov 2026: a pound enters from its paper register a case impounded on 17 Nov — twelve days ago. Its seven
// days for claiming ended with 24 Nov (s. 14), so /register asks, before "Register", which s. 14 steps were already
// taken on paper. The entry and those steps are saved together, with the jobs running: the officer is not sent a
// report and a notice for a case reported on paper days ago, and the auction counts from the paper notice.
describe.each(await dbKinds())('/register back-dated past seven days: paper steps before the entry (%s)', (dbKind) => {
  const keeper = { id: 2401, firstName: 'Mohan', languageCode: 'en' };
  const officer = { id: 2402, firstName: 'Vikram', languageCode: 'en' };
  const keeperHi = { id: 2403, firstName: 'Sita', languageCode: 'hi' };
  const staff: SuiteStaff[] = [
    [keeper, 'POUND_KEEPER', ['JAI1']],
    [officer, 'OFFICER', ['JAI1']],
    [keeperHi, 'POUND_KEEPER', ['JAI1']],
  ];
  const h = botSuite({ dbKind, start: '2026-11-29T10:00:00+05:30', seededAt: 'now', staff, jobs: true });

  /** /register up to the place of seizure, brought in at `when` (typed as the keeper would). */
  async function registerUpToPlace(u: TestUser, when: string, place: string) {
    const t = inLanguage(h, u.languageCode === 'hi' ? 'hi' : 'en');
    await h.send(u, '/register');
    await press(h, u, t('common:cattle.buffalo'));
    await h.send(u, '1');
    await h.send(u, 'black, curved horns');
    await press(h, u, t('staff:register.skip_photo_button'));
    await press(h, u, t('staff:register.done_button'));
    await h.send(u, when);
    await press(h, u, t('staff:register.seized_same_button'));
    await h.send(u, 'Mohan Lal');
    await h.send(u, 'Kunda');
    await press(h, u, t('staff:register.owner_unknown_button'));
    await h.send(u, place);
  }
  it('report, notice and proclamations done on paper: entered with the entry, no report or notice to the officer', async () => {
    const t = inLanguage(h, 'en');
    await h.drain();
    const before = h.api.sentTo(officer.id).length;
    const cases = await h.deps.db.case.count();
    await registerUpToPlace(keeper, '17.11.2026 09:00', 'Kunda');
    // Asked before "Register": the seven days ran out with 24 Nov.
    expect(lastText(h, keeper)).toBe(t('staff:register_paper.ask', { at: ist('2026-11-17 09:00').toISOString() }));
    expect(await h.deps.db.case.count()).toBe(cases);
    await press(h, keeper, t('staff:register_paper.enter_button'));
    expect(lastText(h, keeper)).toBe(t('staff:register_paper.ask_report'));
    // A report before the seven days ran is refused under s. 14, and the steps are asked again from the report.
    await h.send(keeper, '20.11.2026 10:00');
    await press(h, keeper, t('staff:paper.not_yet_button'));
    const refusal = h.api.sentTo(keeper.id).at(-2)!.text;
    expect(refusal).toContain('s. 14');
    expect(refusal).toContain(t('staff:register_paper.again'));
    expect(lastText(h, keeper)).toBe(t('staff:register_paper.ask_report'));
    await h.send(keeper, '25.11.2026 10:00');
    expect(lastText(h, keeper)).toBe(t('staff:paper.ask.notice'));
    await h.send(keeper, '25.11.2026 11:00');
    await h.send(keeper, '25.11.2026 15:00');
    await h.send(keeper, '25.11.2026 17:00');
    // The summary before "Register" lists the paper steps and the auction's first day.
    const summary = lastText(h, keeper);
    expect(summary).toContain(t('staff:register_paper.summary_auction', { auctionFrom: '2026-12-03' }));
    expect(summary).toContain(
      t('staff:paper.summary_line', { step: t('staff:paper.step.report'), at: ist('2026-11-25 10:00').toISOString() }),
    );
    // A button of an earlier step, tapped now, is out of date and changes nothing.
    await press(h, keeper, t('staff:register_paper.none_button'));
    expect(h.api.calls.at(-1)).toMatchObject({
      method: 'answerCallbackQuery',
      payload: { text: t('common:error.stale_button'), show_alert: true },
    });
    await press(h, keeper, t('staff:register.save_button'));
    const c = await h.deps.db.case.findFirstOrThrow({ orderBy: { id: 'desc' }, include: { notice: true } });
    expect(lastText(h, keeper)).toBe(
      t('staff:paper.done_auction', {
        number: c.number,
        status: t('common:status.NOTICE_POSTED'),
        auctionFrom: '2026-12-03',
      }),
    );
    expect(c).toMatchObject({
      status: 'NOTICE_POSTED',
      reportSource: 'paper',
      reportedAt: ist('2026-11-25 10:00'),
      noticePostedAt: ist('2026-11-25 11:00'),
      backEntryRole: 'pound_keeper',
    });
    expect(c.notice).toMatchObject({ source: 'paper', proclaimedMarketAt: ist('2026-11-25 17:00') });
    expect(await h.deps.db.auditEvent.count({ where: { caseId: c.id, action: BACK_ENTRY_AUDIT } })).toBe(1);
    // The jobs run every deadline now due: no s. 14 report, notice or proclamation reaches the officer.
    await h.drain();
    const toOfficer = h.api.sentTo(officer.id).slice(before);
    expect(toOfficer.filter((m) => m.text.includes(c.number))).toEqual([]);
    expect(await h.deps.db.deadlineRun.count({ where: { caseId: c.id, step: 's14-report' } })).toBe(0);
    // The auction counts from the paper notice: seven clear days from 25 Nov.
    const next = nextDeadline({ ...c, auction: null }, h.clock.now(), {});
    expect(next).toMatchObject({ ok: true, value: { kind: 'auction_from', date: '2026-12-03' } });
    // The old offer after the entry is gone: nothing to tap that the case has moved past.
    const buttons = h.api.sentTo(keeper.id).flatMap((m) => JSON.stringify(m.payload.reply_markup ?? ''));
    expect(buttons.filter((b) => b.includes('pp|go'))).toEqual([]);
  });

  it('"None — send the report now" (Hindi): the entry is saved and the jobs send the s. 14 report at once', async () => {
    const t = inLanguage(h, 'hi');
    const en = inLanguage(h, 'en');
    await h.drain();
    const before = h.api.sentTo(officer.id).length;
    await registerUpToPlace(keeperHi, '17.11.2026 08:00', 'Chomu');
    expect(lastText(h, keeperHi)).toBe(t('staff:register_paper.ask', { at: ist('2026-11-17 08:00').toISOString() }));
    await press(h, keeperHi, t('staff:register_paper.none_button'));
    expect(lastText(h, keeperHi)).toContain(t('staff:register_paper.summary_none'));
    await press(h, keeperHi, t('staff:register.save_button'));
    const c = await h.deps.db.case.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(c).toMatchObject({ placeOfSeizure: 'Chomu', status: 'IMPOUNDED', backEntryAt: null });
    await h.drain();
    const report = h.api
      .sentTo(officer.id)
      .slice(before)
      .find((m) => m.text.startsWith(en('jobs:s14_report.to_officer_one', { number: c.number }).split('\n')[0]!));
    expect(report, 'the s. 14 report to the officer').toBeDefined();
    expect((await h.deps.db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('REPORTED_S14');
  });

  it('an entry brought in today is not asked about paper steps', async () => {
    const t = inLanguage(h, 'en');
    await registerUpToPlace(keeper, '29.11.2026 08:00', 'Amer');
    expect(lastText(h, keeper)).toContain(t('staff:register.ask.confirm'));
  });
});
