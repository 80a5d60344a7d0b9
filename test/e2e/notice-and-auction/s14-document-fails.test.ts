import { describe, expect, it } from 'vitest';
import { LONGEST_CASE_NUMBER, qrHoldsCaseUrl } from '../../../src/case-url';
import { Metrics } from '../../../src/observability/metrics';
import { botSuite, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { ist } from '../../support/case-fixture';
import { enrolStaff } from '../../support/fixtures';
import { inLanguage, lastText } from '../../support/press';
import { createCase, seedPounds } from '../../integration/jobs/cases';

// A PDF that cannot be typeset fails the same way on every try: the s. 14 notice's words reach the officer without it,
// with a line saying so, and the error is counted as one retrying will not cure. Nothing a user types can break the
// typesetter (text reaches it as data), and start-up refuses a PUBLIC_URL the notice's QR code cannot hold with the
// longest number the register makes; so the failure here is a case number longer than any the register makes, written
// straight into the database, under the longest PUBLIC_URL start-up accepts: the QR code cannot hold the address, the
// notice fails to typeset every time, and the proclamation, which has no QR code, typesets as usual.
const LONGEST_ACCEPTED_PUBLIC_URL = (() => {
  const url = (n: number) => `https://kanji.example.gov.in/${'d'.repeat(n)}`;
  let lo = 0;
  let hi = 4_000;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (qrHoldsCaseUrl(url(mid))) lo = mid;
    else hi = mid - 1;
  }
  return url(lo);
})();

describe.each(await dbKinds())('s. 14 notice whose PDF cannot be made (e2e, jobs, %s)', (dbKind) => {
  const officer: TestUser = { id: 9401, firstName: 'Vikram', languageCode: 'en' };
  const admin: TestUser = { id: 9402, firstName: 'Admin', languageCode: 'en' };
  const metrics = new Metrics();
  let jai: { id: number; number: string };
  const h = botSuite(
    { dbKind, start: '2026-11-05T10:00:00+05:30', jobs: true, env: { PUBLIC_URL: LONGEST_ACCEPTED_PUBLIC_URL } },
    async (h) => {
      h.deps.metrics = metrics;
      await seedPounds(h.deps.db, ist('2026-11-01 09:00'));
      await enrolStaff(h.deps.db, officer.id, 'OFFICER', ['JAI1'], 'Vikram Singh');
      await enrolStaff(h.deps.db, admin.id, 'ADMIN', []);
      jai = await createCase(h.deps.db, { pound: 'JAI1', impoundedAt: ist('2026-11-01 10:00'), place: 'Kunda' });
      jai.number = `${LONGEST_CASE_NUMBER}${'0'.repeat(200)}`;
      await h.deps.db.case.update({ where: { id: jai.id }, data: { number: jai.number } });
      await h.drain();
    },
  );
  const en = inLanguage(h, 'en');

  it('the words go at once with a line, not retried; the proclamation PDF still goes; /status and /metrics count it', async () => {
    h.clock.set('2026-11-09T10:00:00+05:30');
    await h.drain(60_000);
    const sent = h.api.sentTo(officer.id).filter((m) => m.messageId > 0 && m.text.includes(jai.number));
    expect(sent.map((m) => m.method)).toEqual([
      'sendMessage',
      'sendMessage',
      'sendMessage',
      'sendMessage',
      'sendDocument',
    ]);
    expect(sent[3]!.text).toBe(
      `${en('documents:caption.notice', { number: jai.number })}\n\n${en('jobs:left_out.document')}`,
    );
    expect(sent[4]!.text).toBe(en('documents:caption.proclamation', { number: jai.number }));
    const failed = await h.deps.db.delivery.findMany({ where: { lastError: { not: null } } });
    expect(failed.map((r) => [r.status, r.attempts, r.lastError])).toEqual([
      ['SENT', 1, 'document: The amount of data is too big to be stored in a QR Code'],
    ]);

    await h.send(admin, '/status');
    expect(lastText(h, admin)).toContain(
      en('jobs:permanent.status', { document: 1, attachment: 0, bad_request: 0, flood: 0 }),
    );
    expect(await metrics.registry.metrics()).toContain('kanji_send_permanent_errors_total{kind="document"} 1');
  }, 120_000);
});
