import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Metrics } from '../../../src/observability/metrics';
import { botSuite, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { ist } from '../../support/case-fixture';
import { enrolStaff } from '../../support/fixtures';
import { inLanguage, lastText } from '../../support/press';
import { createCase, seedPounds } from '../../integration/jobs/cases';
import type { Db } from '../../../src/db';

// A statutory document never waits on a photo. A photo kept before the doors decoded photos (a JPEG signature, then
// junk) used to fail every PDF that printed it, and the s. 14 notice was retried for ever as if the error would pass.
// Now the notice goes with the photo left out and a line in its place; and when Telegram refuses a PDF itself (400),
// the words still reach the officer with a line saying the PDF could not be attached, the refusal is not retried,
// and /status and /metrics count it by kind.
const dir = mkdtempSync(path.join(tmpdir(), 's14-photo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BAD_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF junk '.repeat(200)),
]);

/** Stores undecodable bytes as the photo of every head of the case, as old data would have it (no door involved). */
async function badPhotoFor(db: Db, caseId: number, now: Date): Promise<void> {
  const p = await db.photo.create({
    data: {
      caseId,
      source: 'register',
      status: 'STORED',
      contentType: 'image/jpeg',
      bytes: BAD_JPEG,
      byteSize: BAD_JPEG.length,
      storedAt: now,
    },
  });
  await db.head.updateMany({ where: { caseId }, data: { photoId: p.id } });
}

let n = 0;
function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `d${n++}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe.each(await dbKinds())('s. 14 notice with a photo that cannot be used (e2e, jobs, %s)', (dbKind) => {
  const officer: TestUser = { id: 9301, firstName: 'Vikram', languageCode: 'en' };
  const admin: TestUser = { id: 9302, firstName: 'Admin', languageCode: 'en' };
  const metrics = new Metrics();
  let jai: { id: number; number: string };
  let amer: { id: number; number: string };
  const h = botSuite({ dbKind, start: '2026-11-05T10:00:00+05:30', jobs: true }, async (h) => {
    const db = h.deps.db;
    h.deps.metrics = metrics;
    await seedPounds(db, ist('2026-11-01 09:00'));
    await enrolStaff(db, officer.id, 'OFFICER', ['JAI1'], 'Vikram Singh');
    await enrolStaff(db, admin.id, 'ADMIN', []);
    jai = await createCase(db, { pound: 'JAI1', impoundedAt: ist('2026-11-01 10:00'), place: 'Kunda' });
    amer = await createCase(db, { pound: 'JAI1', impoundedAt: ist('2026-11-02 10:00'), place: 'Achrol' });
    await badPhotoFor(db, jai.id, h.clock.now());
    await badPhotoFor(db, amer.id, h.clock.now());
    await h.drain();
  });
  const en = inLanguage(h, 'en');
  const documentsTo = (number: string) =>
    h.api.calls.filter(
      (c) =>
        c.method === 'sendDocument' &&
        String(c.payload.chat_id) === String(officer.id) &&
        String(c.payload.caption ?? '').includes(number),
    );

  it('the officer gets the notice and proclamation PDFs, each with the photo left out and a line in its place', async () => {
    h.clock.set('2026-11-09T10:00:00+05:30');
    await h.drain(60_000);
    const docs = documentsTo(jai.number).filter((c) => (c.result as { message_id?: number })?.message_id);
    expect(docs.map((d) => String(d.payload.caption).split('\n')[0])).toEqual([
      en('documents:caption.notice', { number: jai.number }).split('\n')[0],
      en('documents:caption.proclamation', { number: jai.number }).split('\n')[0],
    ]);
    for (const d of docs) {
      const [file] = Object.values(d.payload._files as Record<string, { data: Buffer }>);
      const text = pdfText(file!.data);
      expect(text).toContain(jai.number);
      expect(text).toContain(en('documents:left_out.photo'));
    }
    const rows = await h.deps.db.delivery.findMany({ where: { telegramUserId: BigInt(officer.id) } });
    expect(rows.filter((r) => r.messageKey.includes(`case:${jai.id}:`)).map((r) => [r.status, r.lastError])).toEqual(
      rows.filter((r) => r.messageKey.includes(`case:${jai.id}:`)).map(() => ['SENT', null]),
    );
  }, 120_000);

  it('Telegram refusing the PDF (400) is not retried: the words reach the officer with a line; /status and /metrics count it', async () => {
    let refused = 0;
    h.api.respond((method, p) => {
      if (method !== 'sendDocument' || !String(p.caption ?? '').includes(amer.number)) return undefined;
      refused++;
      return { ok: false, error_code: 400, description: 'Bad Request: IMAGE_PROCESS_FAILED' };
    });
    h.clock.set('2026-11-10T10:00:00+05:30');
    await h.drain(60_000);
    expect(refused).toBe(2);
    const texts = h.api
      .sentTo(officer.id)
      .filter((m) => m.method === 'sendMessage' && m.messageId > 0)
      .map((m) => m.text);
    for (const key of ['documents:caption.notice', 'documents:caption.proclamation'])
      expect(texts).toContain(`${en(key, { number: amer.number })}\n\n${en('jobs:left_out.document')}`);
    const rows = await h.deps.db.delivery.findMany({
      where: { telegramUserId: BigInt(officer.id), lastError: { not: null } },
    });
    expect(rows.map((r) => [r.status, r.lastError])).toEqual([
      ['SENT', 'attachment: Bad Request: IMAGE_PROCESS_FAILED'],
      ['SENT', 'attachment: Bad Request: IMAGE_PROCESS_FAILED'],
    ]);

    await h.send(admin, '/status');
    expect(lastText(h, admin)).toContain(
      en('jobs:permanent.status', { document: 0, attachment: 2, bad_request: 0, flood: 0 }),
    );
    const scraped = await metrics.registry.metrics();
    expect(scraped).toContain('kanji_send_permanent_errors_total{kind="attachment"} 2');
    expect(scraped).toContain('kanji_send_permanent_errors_total{kind="document"} 0');
  }, 120_000);
});
