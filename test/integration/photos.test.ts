import { inflateSync } from 'node:zlib';
import { Api } from 'grammy';
import { describe, expect, it } from 'vitest';
import { botApiDownload } from '../../jobs/photo-worker';
import {
  addPendingPhoto,
  checkPhoto,
  fetchPhoto,
  MAX_PHOTO_BYTES,
  replaceGroupPhoto,
  sniffImage,
} from '../../src/services/photos';
import { caseGroups } from '../../src/services/photo-groups';
import { samplePhotoPng } from '../../src/services/sample-photo';
import { suiteDatabase } from '../support/db';
import { FakeBotApi } from '../support/fake-bot-api';
import { enrolStaff, seed } from '../support/fixtures';
import { loadStaffActor } from '../../src/services/staff';

const NOW = new Date('2026-11-29T10:00:00+05:30');

describe('photos: what is kept, and a fetch that fails loses nothing', () => {
  const db = suiteDatabase('pglite', (p) => seed(p, NOW));

  it('keeps JPEG and PNG by their signature only, within the size cap', () => {
    const png = samplePhotoPng([10, 20, 30]);
    expect(sniffImage(png)).toBe('image/png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(checkPhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      ok: false,
      problem: 'not_an_image',
    });
    expect(checkPhoto(Buffer.alloc(0))).toEqual({ ok: false, problem: 'empty' });
    const big = Buffer.alloc(MAX_PHOTO_BYTES + 1);
    png.copy(big);
    expect(checkPhoto(big)).toEqual({ ok: false, problem: 'too_big' });
  });

  it('draws a valid PNG for the demo cases (IHDR 96 × 64 RGB, the pixel rows inflate to the right size)', () => {
    const png = samplePhotoPng([150, 90, 40], 3);
    expect(png.readUInt32BE(16)).toBe(96);
    expect(png.readUInt32BE(20)).toBe(64);
    const idatAt = png.indexOf('IDAT');
    const len = png.readUInt32BE(idatAt - 4);
    expect(inflateSync(png.subarray(idatAt + 4, idatAt + 4 + len)).length).toBe((96 * 3 + 1) * 64);
  });

  it('fetches through the Bot API client (getFile, then the file download); a failure keeps the file_id and retries', async () => {
    const fake = new FakeBotApi();
    const api = new Api('123:TEST', fake.client);
    const bytes = samplePhotoPng([1, 2, 3]);
    const up = fake.registerUploadBytes(bytes);
    const c = await db.prisma.case.findFirstOrThrow();
    const photoId = await db.prisma.$transaction((tx) =>
      addPendingPhoto(tx, { caseId: c.id, fileId: up.fileId, source: 'keeper', now: NOW }),
    );
    // Telegram down for a while: the job fails (BullMQ retries it), the row stays PENDING with its file_id.
    let down = true;
    fake.respond((method) =>
      down && method === 'getFile' ? { ok: false, error_code: 502, description: 'Bad Gateway' } : undefined,
    );
    await expect(fetchPhoto(db.prisma, photoId, botApiDownload(api), NOW)).rejects.toThrow();
    const failed = await db.prisma.photo.findUniqueOrThrow({ where: { id: photoId } });
    expect([failed.status, failed.fileId, failed.attempts, failed.bytes]).toEqual(['PENDING', up.fileId, 1, null]);
    expect(failed.lastError).not.toContain('123:TEST');
    down = false;
    expect(await fetchPhoto(db.prisma, photoId, botApiDownload(api), NOW)).toBe('stored');
    // Once stored, a replayed job does nothing (the photo is fetched once).
    expect(await fetchPhoto(db.prisma, photoId, botApiDownload(api), NOW)).toBe('done_before');
    const stored = await db.prisma.photo.findUniqueOrThrow({ where: { id: photoId } });
    // Kept as re-encoded here: a JPEG of the same picture, not the PNG as sent.
    expect([stored.status, stored.contentType, stored.byteSize, stored.attempts]).toEqual([
      'STORED',
      'image/jpeg',
      stored.bytes!.length,
      2,
    ]);
    expect(fake.calls.filter((x) => x.method === 'downloadFile')).toHaveLength(1);
    // The download URL (with the token) is not what the stand-in recorded: only the file path.
    expect(JSON.stringify(fake.calls)).not.toContain('bot123:TEST');
  });

  it('refuses a file that is not a JPEG or PNG: kept as file_id only, never retried', async () => {
    const fake = new FakeBotApi();
    const api = new Api('123:TEST', fake.client);
    const up = fake.registerUploadBytes(Buffer.from('GIF89a not kept'), 'x.gif');
    const c = await db.prisma.case.findFirstOrThrow();
    const photoId = await db.prisma.$transaction((tx) =>
      addPendingPhoto(tx, { caseId: c.id, fileId: up.fileId, source: 'owner', now: NOW }),
    );
    expect(await fetchPhoto(db.prisma, photoId, botApiDownload(api), NOW)).toBe('refused');
    const row = await db.prisma.photo.findUniqueOrThrow({ where: { id: photoId } });
    expect([row.status, row.fileId, row.bytes, row.lastError]).toEqual(['REFUSED', up.fileId, null, 'not_an_image']);
  });

  it('the database refuses a stored photo that is not an image within the cap', async () => {
    const c = await db.prisma.case.findFirstOrThrow();
    await expect(
      db.prisma.photo.create({
        data: {
          caseId: c.id,
          source: 'keeper',
          status: 'STORED',
          bytes: Buffer.from('x'),
          byteSize: 1,
          contentType: 'image/gif',
        },
      }),
    ).rejects.toThrow();
  });
});

describe('a replacement photo waits beside the one it replaces', () => {
  const db = suiteDatabase('pglite', (p) => seed(p, NOW));

  it('the group shows its photo until the new one is stored; a refused one, or one overtaken, changes nothing', async () => {
    const fake = new FakeBotApi();
    const download = botApiDownload(new Api('123:TEST', fake.client));
    await enrolStaff(db.prisma, 9901, 'POUND_KEEPER', ['JAI1']);
    const actor = await loadStaffActor(db.prisma, { telegramId: 9901n, chatId: 9901, messageId: 1 });
    const c = await db.prisma.case.findFirstOrThrow({ where: { pound: { code: 'JAI1' } } });
    const up = (bytes: Buffer) => fake.registerUploadBytes(bytes).fileId;
    const replace = (fileId: string) =>
      replaceGroupPhoto(db.prisma, { caseId: c.id, group: 1, fileId, actor, now: NOW });
    const shown = async () => (await caseGroups(db.prisma, c.id))[0]!.photoId;

    const first = await replace(up(samplePhotoPng([1, 2, 3])));
    expect(await shown()).toBeNull(); // nothing unchecked is shown
    expect(await fetchPhoto(db.prisma, first.photoId, download, NOW)).toBe('stored');
    expect(await shown()).toBe(first.photoId);

    // A replacement: the first photo stays shown until the new one is stored, and stays when it is refused.
    const junk = await replace(up(Buffer.from('not a picture at all')));
    expect(await shown()).toBe(first.photoId);
    expect(await fetchPhoto(db.prisma, junk.photoId, download, NOW)).toBe('refused');
    expect(await shown()).toBe(first.photoId);

    // Two sent one after the other: the latest wins once stored, the earlier one stored later does not take over.
    const older = await replace(up(samplePhotoPng([4, 5, 6])));
    const newer = await replace(up(samplePhotoPng([7, 8, 9])));
    expect(await fetchPhoto(db.prisma, newer.photoId, download, NOW)).toBe('stored');
    expect(await shown()).toBe(newer.photoId);
    expect(await fetchPhoto(db.prisma, older.photoId, download, NOW)).toBe('stored');
    expect(await shown()).toBe(newer.photoId);
    const heads = await db.prisma.head.findMany({ where: { caseId: c.id }, select: { pendingPhotoId: true } });
    expect(heads.every((h) => h.pendingPhotoId === null)).toBe(true);
  });
});
