import { Api } from 'grammy';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { botApiDownload } from '../../jobs/photo-worker';
import { cleanPhoto, MAX_UPLOAD_BYTES, PHOTO_LONGEST_SIDE } from '../../src/services/photo-clean';
import { addPendingPhoto, fetchPhoto } from '../../src/services/photos';
import { suiteDatabase } from '../support/db';
import { FakeBotApi } from '../support/fake-bot-api';
import { seed } from '../support/fixtures';
import { hugePng, junkJpeg, phoneJpeg } from '../support/photo-files';

const NOW = new Date('2026-11-29T10:00:00+05:30');

describe('photos are decoded, cleaned and bounded before they are kept', { timeout: 60_000 }, () => {
  it("accepts a phone's 12 MP JPEG of a few MB: upright, at most 1600 px, no EXIF (no GPS, no phone model)", async () => {
    // Taken with the phone held upright: the sensor's 4000 × 3000 with orientation 6 (turn 90° to show it).
    const photo = await phoneJpeg(4000, 3000, 6);
    expect(photo.length).toBeGreaterThan(3_000_000);
    const sent = await sharp(photo).metadata();
    expect([sent.orientation, Boolean(sent.exif)]).toEqual([6, true]);
    const r = await cleanPhoto(photo);
    if (!r.ok) throw new Error(r.problem);
    expect([r.width, r.height]).toEqual([1200, PHOTO_LONGEST_SIDE]);
    expect(r.bytes.length).toBeLessThan(1_000_000);
    const kept = await sharp(r.bytes).metadata();
    expect([kept.format, kept.width, kept.height]).toEqual(['jpeg', 1200, 1600]);
    expect([kept.exif, kept.orientation, kept.xmp, kept.icc, kept.comments]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(r.bytes.includes('PhoneMaker')).toBe(false);
    expect(r.bytes.includes('Field Phone')).toBe(false);
  });

  it('refuses, with a reason, what does not decode: a signature with junk after it, a cut-off file, SVG, empty', async () => {
    const good = await phoneJpeg(400, 300);
    expect(await cleanPhoto(junkJpeg())).toEqual({ ok: false, problem: 'not_an_image' });
    expect(await cleanPhoto(good.subarray(0, Math.floor(good.length / 2)))).toEqual({ ok: false, problem: 'damaged' });
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#456' } })
      .png()
      .toBuffer();
    expect(await cleanPhoto(png.subarray(0, png.length - 40))).toEqual({ ok: false, problem: 'damaged' });
    expect(
      await cleanPhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"></svg>')),
    ).toEqual({ ok: false, problem: 'not_an_image' });
    expect(await cleanPhoto(Buffer.alloc(0))).toEqual({ ok: false, problem: 'empty' });
    expect(await cleanPhoto(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0xff))).toEqual({ ok: false, problem: 'too_big' });
  });

  it('refuses a small PNG that declares 20000 × 20000 px at once, from its header, without decoding it', async () => {
    const png = await hugePng(20_000);
    expect(png.length).toBeLessThan(2_000_000);
    const rssBefore = process.memoryUsage().rss;
    expect(await cleanPhoto(png)).toEqual({ ok: false, problem: 'too_many_pixels' });
    // Decoding it would take 1.2 GB (and seconds); the header says enough. Memory is the proof, not time.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('a PNG with transparency is kept as a JPEG on white', async () => {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const r = await cleanPhoto(png);
    if (!r.ok) throw new Error(r.problem);
    const { data } = await sharp(r.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(245);
  });
});

describe("the chat's photos (/register, /photo, an owner's) are cleaned when fetched", () => {
  const db = suiteDatabase('pglite', (p) => seed(p, NOW));

  it('a file with a JPEG signature and junk after it is refused (never stored); a phone photo is stored cleaned', async () => {
    const fake = new FakeBotApi();
    const api = new Api('123:TEST', { fetch: fake.fetch as never });
    const caseId = (await db.prisma.case.findFirstOrThrow({ select: { id: true } })).id;
    const add = async (bytes: Buffer) => {
      const up = fake.registerUploadBytes(bytes, 'photo.jpg');
      return db.prisma.$transaction((tx) =>
        addPendingPhoto(tx, { caseId, fileId: up.fileId, source: 'keeper', now: NOW }),
      );
    };
    const junk = await add(junkJpeg());
    expect(await fetchPhoto(db.prisma, junk, botApiDownload(api), NOW)).toBe('refused');
    const refused = await db.prisma.photo.findUniqueOrThrow({ where: { id: junk } });
    expect([refused.status, refused.bytes, refused.lastError]).toEqual(['REFUSED', null, 'not_an_image']);

    const phone = await add(await phoneJpeg(2000, 1500));
    expect(await fetchPhoto(db.prisma, phone, botApiDownload(api), NOW)).toBe('stored');
    const stored = await db.prisma.photo.findUniqueOrThrow({ where: { id: phone } });
    const m = await sharp(Buffer.from(stored.bytes!)).metadata();
    expect([stored.contentType, m.width, m.height, m.exif]).toEqual(['image/jpeg', 1600, 1200, undefined]);
  });
});
