import { describe, expect, it } from 'vitest';
import { BACK_ENTRY_AUDIT } from '../../../src/services/register';
import { botSuite, type SuiteStaff } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { caseFixture, ist } from '../../support/case-builder';
import { inLanguage, lastText, press } from '../../support/press';

// A pound starts with the bot on Sunday 29 Nov 2026; cases of its paper register are entered with the s. 14 steps
// already taken on paper with /paper <case> (a back-dated /register asks for them itself: register-paper-first).
describe.each(await dbKinds())('steps already taken on paper, from the chat (e2e, %s)', (dbKind) => {
  const keeper = { id: 2301, firstName: 'Mohan', languageCode: 'en' };
  const officer = { id: 2302, firstName: 'Vikram', languageCode: 'hi' };
  const staff: SuiteStaff[] = [
    [keeper, 'POUND_KEEPER', ['JAI1']],
    [officer, 'OFFICER', ['JAI1']],
  ];
  const h = botSuite({ dbKind, start: '2026-11-29T10:00:00+05:30', seededAt: 'now', staff });
  const en = () => inLanguage(h, 'en');
  const hi = () => inLanguage(h, 'hi');
  const session = async (u: { id: number }) =>
    (await h.deps.db.botSession.findUnique({ where: { key: `${u.id}:${u.id}` } }))?.value as
      | { flow?: string; step?: string }
      | undefined;

  it('/paper by the keeper: report, notice and both proclamations of a case impounded on 1 Nov', async () => {
    const t = en();
    const c = await caseFixture(h.deps.db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T09:00:00+05:30',
      heads: [['buffalo', 'black, curved horns']],
    }).build();
    await h.send(keeper, `/paper ${c.number}`);
    expect(lastText(h, keeper)).toBe(t('staff:paper.ask.report', { number: c.number }));
    // A report before the seven days ended is refused only at Record (the engine); a future time at once.
    await h.send(keeper, '30.11.2026 10:00');
    expect(lastText(h, keeper)).toBe(
      t('staff:paper.future', { at: ist('2026-11-30 10:00').toISOString(), now: h.clock.now().toISOString() }),
    );
    await h.send(keeper, 'last week');
    expect(lastText(h, keeper)).toBe(t('staff:paper.invalid', { input: 'last week' }));
    expect((await session(keeper))?.step).toBe('report');
    await h.send(keeper, '17.11.2026 10:00');
    expect(lastText(h, keeper)).toBe(t('staff:paper.ask.notice', { number: c.number }));
    await h.send(keeper, '17.11.2026 11:00');
    await h.send(keeper, '17.11.2026 15:00');
    await h.send(keeper, '17.11.2026 17:00');
    expect(lastText(h, keeper)).toContain(t('staff:paper.step.market'));
    await press(h, keeper, t('officer:button.record'));
    expect(lastText(h, keeper)).toBe(
      t('staff:paper.done_auction', {
        number: c.number,
        status: t('common:status.NOTICE_POSTED'),
        auctionFrom: '2026-11-25',
      }),
    );
    const stored = await h.deps.db.case.findUniqueOrThrow({ where: { id: c.id }, include: { notice: true } });
    expect(stored).toMatchObject({ status: 'NOTICE_POSTED', reportSource: 'paper', backEntryRole: 'pound_keeper' });
    expect(stored.notice?.source).toBe('paper');
    expect(await h.deps.db.auditEvent.count({ where: { caseId: c.id, action: BACK_ENTRY_AUDIT } })).toBe(1);
    // The Record button pressed again is out of date: nothing is entered twice.
    await press(h, keeper, t('officer:button.record'));
    expect(await h.deps.db.auditEvent.count({ where: { caseId: c.id, action: BACK_ENTRY_AUDIT } })).toBe(1);
  });

  it('/paper by the officer (Hindi): a notice before the report is refused under s. 14 and nothing is entered', async () => {
    const t = hi();
    const c = await caseFixture(h.deps.db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-02T09:00:00+05:30',
      heads: [['cow', 'brown']],
    }).build();
    await h.send(officer, `/paper ${c.number}`);
    expect(lastText(h, officer)).toBe(t('staff:paper.ask.report', { number: c.number }));
    await h.send(officer, '18.11.2026 10:00');
    await h.send(officer, '17.11.2026 10:00');
    await press(h, officer, t('staff:paper.not_yet_button'));
    await press(h, officer, t('staff:paper.not_yet_button'));
    await press(h, officer, t('officer:button.record'));
    expect(lastText(h, officer)).toContain(t('common:section', { n: '14' }));
    expect(lastText(h, officer)).toContain('अस्वीकृत');
    const stored = await h.deps.db.case.findUniqueOrThrow({ where: { id: c.id } });
    expect(stored).toMatchObject({ status: 'IMPOUNDED', reportedAt: null, backEntryAt: null });
    // The report alone: the case is reported as of the paper date; "Not yet" for the notice ends the questions.
    await h.send(officer, `/paper ${c.number}`);
    await h.send(officer, '18.11.2026 10:00');
    await press(h, officer, t('staff:paper.not_yet_button'));
    await press(h, officer, t('officer:button.record'));
    expect(lastText(h, officer)).toBe(
      t('staff:paper.done', { number: c.number, status: t('common:status.REPORTED_S14') }),
    );
    expect(await h.deps.db.case.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({
      status: 'REPORTED_S14',
      reportedAt: ist('2026-11-18 10:00'),
    });
    // Entered once: /paper again finds the case moved on.
    await h.send(officer, `/paper ${c.number}`);
    expect(lastText(h, officer)).toContain(c.number);
    expect((await session(officer))?.flow).toBeUndefined();
  });

  it('/paper on a case still within its seven days for claiming is refused at once (s. 14)', async () => {
    const c = await caseFixture(h.deps.db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-27T09:00:00+05:30',
      heads: [['cow', 'white']],
    }).build();
    await h.send(keeper, `/paper ${c.number}`);
    expect(lastText(h, keeper)).toContain('s. 14');
    expect((await session(keeper))?.flow).toBeUndefined();
  });
});
