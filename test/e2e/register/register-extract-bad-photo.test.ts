import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';
import { enrolStaff, seed } from '../../support/fixtures';

// The register extract a keeper asks for in the chat (/register_export … pdf) never waits on a photo: a stored photo
// that does not decode (kept before the doors decoded photos) is left out with a line in its place, and a PDF Telegram
// refuses (400) leaves its caption to go alone with a line saying so — never "something went wrong".
describe('register extract in the chat with a photo that cannot be used', () => {
  let h: BotHarness;
  const keeper = { id: 9701, firstName: 'Mohan', languageCode: 'en' };
  const dir = mkdtempSync(path.join(tmpdir(), 'reg-photo-'));
  beforeAll(async () => {
    h = await createBotHarness({ start: '2026-11-29T10:00:00+05:30' });
    await seed(h.deps.db, h.clock.now());
    await enrolStaff(h.deps.db, keeper.id, 'POUND_KEEPER', ['JAI1']);
    const c = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-1' } });
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF junk '.repeat(200)),
    ]);
    const p = await h.deps.db.photo.create({
      data: {
        caseId: c.id,
        source: 'register',
        status: 'STORED',
        contentType: 'image/jpeg',
        bytes,
        byteSize: bytes.length,
      },
    });
    await h.deps.db.head.updateMany({ where: { caseId: c.id }, data: { photoId: p.id } });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const t = (key: string, params: Record<string, unknown> = {}) => h.deps.translator.t('en', key, params);

  it('the PDF comes with the photo left out and the line in its place', async () => {
    await h.send(keeper, '/register_export 01.11.2026 30.11.2026 pdf');
    const sent = h.api.lastTo(keeper.id)!;
    expect([sent.method, sent.text]).toEqual(['sendDocument', t('documents:caption.register', { pound: 'JAI1' })]);
    const [file] = Object.values(sent.payload._files as Record<string, { data: Buffer }>);
    writeFileSync(path.join(dir, 'r.pdf'), file!.data);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('JAI1-2026-1');
    expect(text.replace(/\s+/g, ' ')).toContain(t('documents:left_out.photo'));
  });

  it('Telegram refusing the PDF: the caption comes as text with the line, no error', async () => {
    h.api.respond((method) =>
      method === 'sendDocument'
        ? { ok: false, error_code: 400, description: 'Bad Request: file is too big' }
        : undefined,
    );
    await h.send(keeper, '/register_export 01.11.2026 30.11.2026 pdf');
    const sent = h.api.lastTo(keeper.id)!;
    expect([sent.method, sent.text]).toEqual([
      'sendMessage',
      `${t('documents:caption.register', { pound: 'JAI1' })}\n\n${t('jobs:left_out.document')}`,
    ]);
  });
});
