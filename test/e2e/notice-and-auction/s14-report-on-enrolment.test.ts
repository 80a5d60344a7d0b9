import { describe, expect, it } from 'vitest';
import { issueEnrolmentCode } from '../../../src/services/staff';
import { botSuite, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { ist } from '../../support/case-fixture';
import { enrolStaff } from '../../support/fixtures';
import { inLanguage, lastText, press } from '../../support/press';
import { createCase, seedPounds } from '../../integration/jobs/cases';

// s. 14: the keeper's report, then the notice the officer "shall thereupon" stick up. A report that waited for an
// officer (none enrolled on day 8) goes out as a bundle when one enrols: the report, the notice text to copy, the
// drum proclamation, and both as PDFs. The officer reads them in that order, and the case is reported at the moment
// the first of them reached him — so a notice he posts as soon as he has them is never "earlier than the report".
// Telegram is paced as in production (one message a second per chat; the officer's own enrolment reply takes the
// chat's first slot), and every message reaching the officer takes two seconds of the deployment's clock.
describe.each(await dbKinds())('s. 14 report on enrolment: in order, reported at the first part (%s)', (dbKind) => {
  const keeper: TestUser = { id: 9201, firstName: 'Suresh', languageCode: 'en' };
  const officer: TestUser = { id: 9207, firstName: 'Vikram', languageCode: 'en' };
  const impoundedAt = ist('2026-11-01 10:00');
  let jai: { id: number; number: string };
  const h = botSuite(
    { dbKind, start: '2026-11-05T10:00:00+05:30', jobs: true, env: { TELEGRAM_PER_CHAT_INTERVAL_MS: '1000' } },
    async (h) => {
      await seedPounds(h.deps.db, ist('2026-11-01 09:00'));
      await enrolStaff(h.deps.db, keeper.id, 'POUND_KEEPER', ['JAI1'], 'Suresh Kumar');
      jai = await createCase(h.deps.db, { pound: 'JAI1', impoundedAt, place: 'Kunda' });
      await h.drain();
      h.clock.set('2026-11-09T10:00:00+05:30');
      await h.drain();
    },
  );
  const en = inLanguage(h, 'en');

  it('the officer gets the report first, then the notice, the proclamation and the PDFs; a notice posted "Now" is recorded', async () => {
    expect((await h.deps.db.deadlineRun.findFirstOrThrow({ where: { caseId: jai.id } })).outcome).toBe('pending');
    h.clock.set('2026-11-10T11:00:00+05:30');
    // When each part reached the officer (the deployment's clock), by its words.
    const reached = new Map<string, Date>();
    h.api.respond((method, payload) => {
      if (method.startsWith('send') && String(payload.chat_id) === String(officer.id)) {
        h.clock.advance(2_000);
        reached.set(String(payload.text ?? payload.caption ?? ''), h.clock.now());
      }
      return undefined;
    });
    const { code } = await issueEnrolmentCode(h.deps.db, {
      role: 'OFFICER',
      poundCodes: ['JAI1'],
      ttlHours: 72,
      now: h.clock.now(),
      name: 'Vikram Singh',
    });
    await h.send(officer, `/start enrol_${code}`);
    await h.drain(60_000);

    const bundle = h.api.sentTo(officer.id).filter((m) => m.text.includes(jai.number));
    expect(bundle.map((m) => m.text.split('\n')[0])).toEqual(
      [
        en('jobs:s14_report.to_officer', {
          number: jai.number,
          count: 2,
          impoundedAt: impoundedAt.toISOString(),
          lastDay: '2026-11-08',
          place: 'Kunda',
          pound: 'Amer Pound',
        }),
        en('jobs:s14_report.notice_copy', { number: jai.number, hi: '', en: '' }),
        en('jobs:s14_report.proclamation_copy', { number: jai.number, hi: '', en: '' }),
        en('documents:caption.notice', { number: jai.number }),
        en('documents:caption.proclamation', { number: jai.number }),
      ].map((t) => t.split('\n')[0]),
    );
    expect(bundle.slice(3).map((m) => m.method)).toEqual(['sendDocument', 'sendDocument']);
    // Reported when the first part reached him — the report itself.
    const first = reached.get(bundle[0]!.text)!;
    const row = await h.deps.db.case.findUniqueOrThrow({ where: { id: jai.id } });
    expect([row.status, row.reportedAt?.toISOString()]).toEqual(['REPORTED_S14', first.toISOString()]);
    const times = bundle.map((m) => reached.get(m.text)!.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // He sticks the notice up as soon as he has read it, and records it: posted "Now".
    await h.send(officer, `/notice ${jai.number}`);
    const postedAt = h.clock.now();
    await press(h, officer, en('officer:button.now'));
    await press(h, officer, en('officer:button.skip'));
    await press(h, officer, 'Kunda');
    await press(h, officer, en('officer:button.now'));
    await press(h, officer, en('officer:notice.later_button'));
    await press(h, officer, en('officer:button.record'));
    expect(lastText(h, officer)).toBe(
      en('officer:notice.recorded_partial', {
        number: jai.number,
        postedAt: postedAt.toISOString(),
        eligibleFrom: '2026-11-18',
        missing: en('officer:notice.place_market'),
      }),
    );
    expect((await h.deps.db.notice.findUniqueOrThrow({ where: { caseId: jai.id } })).postedAt).toEqual(postedAt);
  }, 120_000);
});
