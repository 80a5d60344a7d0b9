import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { noticeDocument, proclamationDocument } from '../../../src/documents/notice';
import { registerDocument } from '../../../src/documents/returns';
import { toIstDate } from '../../../src/law';
import { renderPdf } from '../../../src/documents/engine';
import { createHttpServer, type HttpServer } from '../../../src/http/server';
import { Metrics } from '../../../src/observability/metrics';
import { addStoredPhoto } from '../../../src/services/photos';
import { samplePhotoPng } from '../../../src/services/sample-photo';
import { caseUrl } from '../../../src/case-url';
import { botSuite, type SuiteStaff } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { junkJpeg } from '../../support/photo-files';
import { inLanguage, press } from '../../support/press';

/**
 * Photos people see, end to end: a keeper registers a seizure of two photographed groups (the photos come as a
 * Telegram client sends them: file ids of uploads the fake Bot API holds); the jobs fetch each photo once through the
 * bot's API client (getFile and the file download) and keep the bytes; the owner typing the case number gets the
 * photos with the card; the s. 14 notice PDF prints them (pdfimages finds them); the public case page shows them; and
 * /photo replaces one group's photo, audited.
 */
describe.each(await dbKinds())('photos of impounded cattle (e2e, %s)', { timeout: 120_000 }, (dbKind) => {
  const keeper = { id: 3101, firstName: 'Mohan', languageCode: 'en' };
  const owner = { id: 3199, firstName: 'Ramesh', languageCode: 'en' };
  const staff: SuiteStaff[] = [[keeper, 'POUND_KEEPER', ['JAI1']]];
  const h = botSuite({ dbKind, start: '2026-11-29T10:00:00+05:30', seededAt: 'now', staff, jobs: true });
  const en = () => inLanguage(h, 'en');
  const black = samplePhotoPng([30, 30, 30], 1);
  const brown = samplePhotoPng([150, 90, 40], 2);
  const grey = samplePhotoPng([160, 160, 160], 3);
  let http: HttpServer | undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'kanji-photos-'));
  afterAll(async () => {
    await http?.app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The keeper sends a photo the way a client does: several sizes, the last the largest. */
  const sendPhoto = async (bytes: Buffer) => {
    const up = h.api.registerUploadBytes(bytes, 'cattle.png');
    await h.send(keeper, '', {
      photo: [
        { file_id: `${up.fileId}-small`, file_unique_id: 'small', width: 90, height: 60 },
        { file_id: up.fileId, file_unique_id: up.fileUniqueId, width: 96, height: 64, file_size: up.size },
      ],
    } as never);
    return up.fileId;
  };

  let number = '';
  let caseId = 0;
  let fileIds: string[] = [];

  it('a seizure registered with two photographed groups keeps both photos as bytes, fetched once', async () => {
    const t = en();
    await h.send(keeper, '/register');
    await press(h, keeper, t('common:cattle.buffalo'));
    await h.send(keeper, '2');
    await h.send(keeper, 'black, curved horns');
    const a = await sendPhoto(black);
    await press(h, keeper, t('staff:register.more_button'));
    await press(h, keeper, t('common:cattle.cow'));
    await h.send(keeper, '1');
    await h.send(keeper, 'brown Rathi cow, ear tag 4411');
    const b = await sendPhoto(brown);
    fileIds = [a, b];
    await press(h, keeper, t('staff:register.done_button'));
    await press(h, keeper, t('staff:register.now_button'));
    await press(h, keeper, t('staff:register.seized_same_button'));
    await h.send(keeper, 'Bhanwar Lal');
    await h.send(keeper, 'Kunda');
    await press(h, keeper, t('staff:register.owner_unknown_button'));
    await h.send(keeper, 'Kunda');
    await press(h, keeper, t('staff:register.save_button'));
    const c = await h.deps.db.case.findFirstOrThrow({ orderBy: { id: 'desc' }, include: { heads: true } });
    number = c.number;
    caseId = c.id;
    await h.drain();

    const photos = await h.deps.db.photo.findMany({ where: { caseId }, orderBy: { id: 'asc' } });
    expect(photos.map((p) => [p.fileId, p.status, p.contentType, p.source])).toEqual([
      [a, 'STORED', 'image/jpeg', 'register'],
      [b, 'STORED', 'image/jpeg', 'register'],
    ]);
    // Kept as this server re-encoded them (a JPEG of the same size), never the file as sent.
    for (const p of photos) {
      const m = await sharp(Buffer.from(p.bytes!)).metadata();
      expect([m.format, m.width, m.height, m.exif]).toEqual(['jpeg', 96, 64, undefined]);
      // Its small copy for the desk's entry page, made once as it was stored.
      expect(p.thumb?.length ?? 0).toBeGreaterThan(100);
    }
    // Both buffaloes share their group's photo; each photo was fetched exactly once.
    expect(c.heads.filter((x) => x.photoId === photos[0]!.id)).toHaveLength(2);
    // (The two fetch jobs may run in either order.)
    const fetched = h.api.calls.filter((x) => x.method === 'getFile').map((x) => String(x.payload.file_id));
    expect(fetched.sort()).toEqual([a, b].sort());
    expect(h.api.calls.filter((x) => x.method === 'downloadFile')).toHaveLength(2);
  });

  it("the owner's card shows the photos: an album of the two, then the card with its buttons", async () => {
    h.api.clear();
    await h.send(owner, number);
    const sent = h.api.sentTo(owner.id);
    expect(sent.map((m) => m.method)).toEqual(['sendMediaGroup', 'sendMessage']);
    expect(sent[0]!.payload.media.map((m: { media: string }) => m.media)).toEqual(fileIds);
    expect(sent[1]!.text).toContain(number);
    expect(sent[1]!.payload.reply_markup.inline_keyboard.length).toBeGreaterThan(0);
  });

  it('the s. 14 notice PDF prints a photo per group (pdfimages finds them)', async () => {
    const spec = await noticeDocument(
      { db: h.deps.db, translator: h.deps.translator, botUsername: h.deps.botUsername, now: h.clock.now() },
      caseId,
    );
    const file = path.join(dir, 'notice.pdf');
    writeFileSync(file, renderPdf(spec.layout));
    const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    const images = list
      .split('\n')
      .slice(2)
      .filter((l) => /\bimage\b/.test(l));
    // Two groups, on the Hindi page and on the English page; each the 96 × 64 picture that was sent.
    expect(images).toHaveLength(4);
    for (const l of images) expect(l).toMatch(/\bimage\s+96\s+64\b/);
    // With PUBLIC_URL the notice's QR opens the public case page (any phone browser); without it, the bot.
    expect(spec.layout.qr!.link).toBe(`https://t.me/${h.deps.botUsername}?start=case_${number}`);
    const withUrl = await noticeDocument(
      {
        db: h.deps.db,
        translator: h.deps.translator,
        botUsername: h.deps.botUsername,
        now: h.clock.now(),
        publicUrl: 'https://kanji.example.gov.in',
      },
      caseId,
    );
    expect(withUrl.layout.qr!.link).toBe(caseUrl('https://kanji.example.gov.in', number));
    // The drum proclamation and the register extract of the day print them too.
    const deps = { db: h.deps.db, translator: h.deps.translator, botUsername: h.deps.botUsername, now: h.clock.now() };
    const c = await h.deps.db.case.findUniqueOrThrow({ where: { id: caseId } });
    const day = toIstDate(c.registeredAt);
    for (const [name, doc] of [
      ['proclamation', await proclamationDocument(deps, caseId)],
      ['register', await registerDocument(deps, c.poundId, day, day)],
    ] as const) {
      const out = path.join(dir, `${name}.pdf`);
      writeFileSync(out, renderPdf(doc.layout));
      const found = execFileSync('pdfimages', ['-list', out], { encoding: 'utf8' })
        .split('\n')
        .filter((l) => /\bimage\s+96\s+64\b/.test(l));
      expect(found.length, name).toBeGreaterThanOrEqual(2);
    }
  });

  it('the public case page shows them, and serves each photo from the stored bytes', async () => {
    http = await createHttpServer({ config: h.deps.config, deps: h.deps, metrics: new Metrics() });
    const page = await http.app.inject({ method: 'GET', url: `/c/${number}?lang=en` });
    expect(page.statusCode).toBe(200);
    const photos = await h.deps.db.photo.findMany({ where: { caseId }, orderBy: { id: 'asc' } });
    const srcs = [...page.body.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
    // Each photo by its random public name, not its row id.
    expect(srcs).toEqual(photos.map((p) => `/c/${number}/photo/${p.publicKey}`));
    expect(photos.every((p) => /^[0-9a-f]{32}$/.test(p.publicKey))).toBe(true);
    const img = await http.app.inject({ method: 'GET', url: srcs[1]! });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['cache-control']).toBe('public, max-age=3600');
    expect(img.rawPayload.equals(Buffer.from(photos[1]!.bytes!))).toBe(true);
    // A row id (counting 1, 2, 3 …), a made-up name, or another case's photo is not served under this number.
    for (const url of [
      `/c/${number}/photo/${photos[0]!.id}`,
      `/c/${number}/photo/999999`,
      `/c/${number}/photo/${'0'.repeat(32)}`,
    ]) {
      const r = await http.app.inject({ method: 'GET', url });
      expect([url, r.statusCode, r.headers['cache-control']]).toEqual([url, 404, 'no-store']);
    }
    const other = await h.deps.db.case.findFirstOrThrow({ where: { id: { not: caseId } } });
    expect(
      (await http.app.inject({ method: 'GET', url: `/c/${other.number}${srcs[1]!.slice(`/c/${number}`.length)}` }))
        .statusCode,
    ).toBe(404);
  });

  it("/photo replaces one group's photo: audited, fetched, and shown from then on", async () => {
    const t = en();
    const before = await h.deps.db.photo.findMany({ where: { caseId }, orderBy: { id: 'asc' } });
    await h.send(keeper, `/photo ${number}`);
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('photos:keeper.send', { number }));
    await h.send(keeper, 'here it comes');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('photos:keeper.send_photo_not_text'));
    const c = await sendPhoto(grey);
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('photos:keeper.which', { number }));
    const cow = t('photos:keeper.group_button_has', {
      n: 2,
      count: 1,
      cls: t('common:cattle.cow', { count: 1 }),
      description: 'brown Rathi cow, ear tag 4411',
    });
    await press(h, keeper, cow);
    expect(h.api.lastTo(keeper.id)!.text).toBe(
      t('photos:keeper.replaced', {
        n: 2,
        number,
        count: 1,
        cls: t('common:cattle.cow', { count: 1 }),
        description: 'brown Rathi cow, ear tag 4411',
      }),
    );
    await h.drain();
    const after = await h.deps.db.photo.findMany({ where: { caseId }, orderBy: { id: 'asc' } });
    expect(after).toHaveLength(3);
    const fresh = after[2]!;
    expect([fresh.fileId, fresh.status, fresh.source]).toEqual([c, 'STORED', 'keeper']);
    const heads = await h.deps.db.head.findMany({ where: { caseId }, orderBy: { index: 'asc' } });
    expect(heads.map((x) => x.photoId)).toEqual([before[0]!.id, before[0]!.id, fresh.id]);
    const audit = await h.deps.db.auditEvent.findFirstOrThrow({ where: { caseId, action: 'photo.replace' } });
    expect(audit.actorTelegramId).toBe(BigInt(keeper.id));
    expect(audit.details).toMatchObject({ group: 2, heads: 1, photoId: fresh.id, previous: before[1]!.id });
    const page = await http!.app.inject({ method: 'GET', url: `/c/${number}?lang=en` });
    expect([...page.body.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1])).toEqual([
      `/c/${number}/photo/${before[0]!.publicKey}`,
      `/c/${number}/photo/${fresh.publicKey}`,
    ]);
    // The photo the keeper replaced is no longer public (the notice no longer shows it), though its row is kept.
    const replaced = await http!.app.inject({ method: 'GET', url: `/c/${number}/photo/${before[1]!.publicKey}` });
    expect(replaced.statusCode).toBe(404);
    // An owner cannot use the command.
    await h.send(owner, `/photo ${number}`);
    expect(h.api.lastTo(owner.id)!.text).toBe(t('common:error.not_allowed'));
  });

  it('"this is mine": an owner claiming attaches a photo of his animal, and the keeper\'s payment card shows it', async () => {
    const t = en();
    const mine = samplePhotoPng([20, 20, 20], 7);
    const ownerSends = async () => {
      const up = h.api.registerUploadBytes(mine, 'mine.png');
      await h.send(owner, '', {
        photo: [{ file_id: up.fileId, file_unique_id: up.fileUniqueId, width: 96, height: 64 }],
      } as never);
      return up.fileId;
    };
    // Before any claim nothing is kept: the owner is told to claim first.
    await ownerSends();
    expect(h.api.lastTo(owner.id)!.text).toBe(t('photos:owner.no_claim'));
    expect(await h.deps.db.photo.count({ where: { source: 'owner' } })).toBe(0);

    await h.send(owner, number);
    await press(h, owner, t('owner:case.claim_button'));
    await press(h, owner, t('owner:claim.owner_button'));
    await h.send(owner, 'Ramesh Kumar');
    await press(h, owner, t('owner:heads.all_button'));
    const fileId = await ownerSends();
    expect(h.api.lastTo(owner.id)!.text).toBe(t('photos:owner.attached', { number }));
    await press(h, owner, t('owner:pay.cash_button'));
    const paid = h.api
      .lastTo(owner.id)!
      .payload.reply_markup.inline_keyboard.flat()
      .find((b: { text: string }) => b.text.startsWith('✅'));
    await press(h, owner, paid.text);
    await h.drain();
    const card = h.api.sentTo(keeper.id).find((m) => m.method === 'sendPhoto' && m.text.includes(number));
    expect(card).toBeDefined();
    expect(card!.payload.photo).toBe(fileId);
    expect(card!.payload.reply_markup.inline_keyboard.flat()).toHaveLength(2);
    const claim = await h.deps.db.claim.findFirstOrThrow({ where: { caseId }, include: { photo: true } });
    expect([claim.photo?.source, claim.photo?.status]).toEqual(['owner', 'STORED']);
    const audit = await h.deps.db.auditEvent.findFirstOrThrow({ where: { caseId, action: 'photo.owner' } });
    expect(audit.actorTelegramId).toBe(BigInt(owner.id));
    // The owner's own photo goes to the keepers only: the public page neither shows nor serves it, by any name.
    const page = await http!.app.inject({ method: 'GET', url: `/c/${number}?lang=en` });
    expect(page.body).not.toContain(claim.photo!.publicKey);
    for (const name of [claim.photo!.publicKey, String(claim.photo!.id)])
      expect((await http!.app.inject({ method: 'GET', url: `/c/${number}/photo/${name}` })).statusCode).toBe(404);
  });

  it('a deep-linked case with one photo: the card is the photo\'s caption; search offers "see photos" per candidate', async () => {
    const t = en();
    // The nine-day-old demo cow (one head) gets a photo made here (bytes only, as the demo district's are).
    const cow = await h.deps.db.case.findFirstOrThrow({
      where: { placeOfSeizure: 'Nangal' },
      include: { heads: true },
    });
    const bytes = samplePhotoPng([150, 90, 40], 9);
    const photoId = await h.deps.db.$transaction((tx) =>
      addStoredPhoto(tx, { caseId: cow.id, bytes, source: 'register', now: h.clock.now() }),
    );
    await h.deps.db.head.updateMany({ where: { caseId: cow.id }, data: { photoId } });
    h.api.clear();
    await h.send(owner, `/start case_${cow.number}`);
    const sent = h.api.sentTo(owner.id);
    expect(sent.map((m) => m.method)).toEqual(['sendPhoto']);
    expect(sent[0]!.text).toContain(cow.number);
    expect(sent[0]!.text.length).toBeLessThanOrEqual(1024);
    expect(sent[0]!.payload.reply_markup.inline_keyboard.length).toBeGreaterThan(0);
    // Uploaded from the stored bytes (no file_id yet for a photo made here).
    const upload = Object.values(sent[0]!.payload._files as Record<string, { data: Buffer }>)[0]!;
    expect(Buffer.from(upload.data).equals(bytes)).toBe(true);

    // A search by the village lists the candidate with a "see photos" button, which sends its photo.
    h.api.clear();
    await h.send(owner, '/search Nangal');
    await press(h, owner, t('photos:see_button', { number: cow.number }));
    const photos = h.api.sentTo(owner.id).filter((m) => m.method === 'sendPhoto');
    expect(photos).toHaveLength(1);
    expect(photos[0]!.text).toContain(cow.number);
  });

  it('a /photo file that is not a picture (a JPEG signature and junk) is refused when fetched, and the keeper is told why; the group keeps its photo', async () => {
    const t = en();
    const shown = await h.deps.db.photo.findFirstOrThrow({
      where: { caseId, source: 'keeper', status: 'STORED' },
      orderBy: { id: 'desc' },
    });
    const first = await h.deps.db.head.findFirstOrThrow({ where: { caseId, index: 1 }, select: { photoId: true } });
    await h.send(keeper, `/photo ${number}`);
    const up = h.api.registerUploadBytes(junkJpeg(), 'cattle.jpg');
    await h.send(keeper, '', {
      photo: [{ file_id: up.fileId, file_unique_id: up.fileUniqueId, width: 96, height: 64, file_size: up.size }],
    } as never);
    await press(
      h,
      keeper,
      t('photos:keeper.group_button_has', {
        n: 2,
        count: 1,
        cls: t('common:cattle.cow', { count: 1 }),
        description: 'brown Rathi cow, ear tag 4411',
      }),
    );
    h.api.clear();
    await h.drain();
    const row = await h.deps.db.photo.findFirstOrThrow({ where: { fileId: up.fileId } });
    expect([row.status, row.bytes, row.lastError]).toEqual(['REFUSED', null, 'not_an_image']);
    expect(h.api.sentTo(keeper.id).map((m) => m.text)).toEqual([t('photos:refused.not_an_image', { number })]);

    // The cow keeps the photo she had: the case page still shows it and serves it; the refused file is not served.
    const page = await http!.app.inject({ method: 'GET', url: `/c/${number}?lang=en` });
    const srcs = [...page.body.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
    expect(srcs).toContain(`/c/${number}/photo/${shown.publicKey}`);
    expect(srcs).toHaveLength(2);
    expect((await http!.app.inject({ method: 'GET', url: `/c/${number}/photo/${shown.publicKey}` })).statusCode).toBe(
      200,
    );
    expect((await http!.app.inject({ method: 'GET', url: `/c/${number}/photo/${row.publicKey}` })).statusCode).toBe(
      404,
    );
    // So does the owner's card: the album goes by the kept photo's file_id, never the refused one's.
    h.api.clear();
    await h.send(owner, number);
    const album = h.api.sentTo(owner.id).find((m) => m.method === 'sendMediaGroup')!;
    const media = album.payload.media.map((m: { media: string }) => m.media);
    expect(media).toContain(shown.fileId);
    expect(media).not.toContain(up.fileId);
    expect(h.api.sentTo(owner.id).map((m) => m.text)).not.toContain(t('common:error.generic'));
    // Recorded with the refusal; nothing waits on the refused file.
    const heads = await h.deps.db.head.findMany({ where: { caseId }, orderBy: { index: 'asc' } });
    expect(heads.map((x) => [x.photoId, x.pendingPhotoId])).toEqual([
      [first.photoId, null],
      [first.photoId, null],
      [shown.id, null],
    ]);
    const kept = await h.deps.db.auditEvent.findFirstOrThrow({ where: { caseId, action: 'photo.replace_refused' } });
    expect(kept.details).toMatchObject({ photoId: row.id, problem: 'not_an_image', heads: 1, kept: shown.id });
  });
});
