import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../support/browser';
import { type DeskWorld, startDeskWorld } from '../../support/desk';
import { junkJpeg, phoneJpeg } from '../../support/photo-files';
import { thumbOf } from '../../../src/services/photo-clean';

// The entry's photos made once: a photo sent from the entry's page is stored once however often its form is sent
// (again, twice at once, a double click in Chromium, the same picture from a fresh form), and the small copy the page
// shows is kept on the photo's row and served from there — never made again at each view.

describe('staff desk: an entry photo stored once, its small copy kept', { timeout: 180_000 }, () => {
  let w: DeskWorld;
  let browser: Browser;
  beforeAll(async () => {
    w = await startDeskWorld();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  const post = (caseId: number, group: number, photo: Buffer, key?: string) =>
    fetch(`${w.base}/desk/v/entry-photo`, {
      method: 'POST',
      headers: { 'x-telegram-init-data': w.initData('keeper'), 'content-type': 'application/json' },
      body: JSON.stringify({
        case: String(caseId),
        group: String(group),
        photo: photo.toString('base64'),
        lang: 'en',
        ...(key ? { key } : {}),
      }),
    });
  const photos = (caseId: number) => w.app.deps.db.photo.count({ where: { caseId } });
  const audits = (caseId: number) =>
    w.app.deps.db.auditEvent.count({ where: { caseId, action: { in: ['photo.add', 'photo.replace'] } } });

  it('stores one photo for a form sent again, sent twice at once, or the same picture from a new form', async () => {
    const caseId = w.caseIds[w.cases.JAI1[0]!]!;
    const picture = await phoneJpeg(1200, 900);
    const before = await photos(caseId);
    const first = await post(caseId, 1, picture, 'form-key-aaaaaaaaaaaaaaaa');
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('photo of group 1 is saved');
    // The same form again (a retried request): the page says stored, nothing more is stored.
    const again = await post(caseId, 1, picture, 'form-key-aaaaaaaaaaaaaaaa');
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('photo of group 1 is saved');
    expect(await photos(caseId)).toBe(before + 1);
    // A fresh form with the very picture the group shows: nothing more.
    expect((await post(caseId, 1, picture, 'form-key-bbbbbbbbbbbbbbbb')).status).toBe(200);
    expect((await post(caseId, 1, picture)).status).toBe(200);
    expect(await photos(caseId)).toBe(before + 1);
    expect(await audits(caseId)).toBe(1);
    // One form sent twice at the same moment (two taps before the first answer): one photo.
    const other = await phoneJpeg(1200, 900);
    const both = await Promise.all([0, 1].map(() => post(caseId, 1, other, 'form-key-cccccccccccccccc')));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await photos(caseId)).toBe(before + 2);
    expect(await audits(caseId)).toBe(2);
    // A key of another shape is refused, nothing stored.
    expect((await post(caseId, 1, await phoneJpeg(300, 200), 'bad key!')).status).toBe(400);
    expect(await photos(caseId)).toBe(before + 2);
  });

  it('keeps the small copy at upload and serves it as kept; makes one for the view of a photo stored before rows kept one, writing nothing', async () => {
    const db = w.app.deps.db;
    const caseId = w.caseIds[w.cases.JAI1[1]!]!;
    expect((await post(caseId, 1, await phoneJpeg(2000, 1500), 'form-key-dddddddddddddddd')).status).toBe(200);
    const stored = await db.photo.findFirstOrThrow({ where: { caseId }, orderBy: { id: 'desc' } });
    expect(stored.thumb?.length ?? 0).toBeGreaterThan(1000);
    expect(stored.bytesHash).toMatch(/^[0-9a-f]{64}$/);
    const kept = Buffer.from(stored.thumb!).toString('base64');
    // The photo's own bytes spoilt (a JPEG's signature, then junk that no decoder reads): the page still shows the
    // copy kept at upload, so it was not made again.
    await db.photo.update({
      where: { id: stored.id },
      data: { bytes: Uint8Array.from(junkJpeg()), byteSize: junkJpeg().length },
    });
    const entry = async () => {
      const r = await fetch(`${w.base}/desk/v/entry?id=${caseId}&lang=en`, {
        headers: { 'x-telegram-init-data': w.initData('keeper') },
      });
      expect(r.status).toBe(200);
      return r.text();
    };
    expect(await entry()).toContain(`data:image/jpeg;base64,${kept}`);
    // A photo stored before the rows kept a small copy: one is made for the view, and the read writes nothing.
    const group2 = (await db.head.findMany({ where: { caseId }, orderBy: { index: 'asc' } }))[1]!;
    const chatBytes = (await sharp(await phoneJpeg(900, 600))
      .jpeg()
      .toBuffer()) as Buffer;
    const old = await db.photo.create({
      data: {
        caseId,
        source: 'keeper',
        status: 'STORED',
        contentType: 'image/jpeg',
        bytes: Uint8Array.from(chatBytes),
        byteSize: chatBytes.length,
      },
    });
    await db.head.update({ where: { id: group2.id }, data: { photoId: old.id } });
    const view = await entry();
    const made = await thumbOf(chatBytes);
    expect(made).not.toBeNull();
    expect(view).toContain(`data:image/jpeg;base64,${Buffer.from(made!).toString('base64')}`);
    expect((await db.photo.findUniqueOrThrow({ where: { id: old.id } })).thumb).toBeNull();
  });

  it('stores one photo for a double click on Send in Chromium', async () => {
    const caseId = w.caseIds[w.cases.JAI1[1]!]!;
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'hi-IN' });
    const page = await context.newPage();
    const hash = new URLSearchParams({ tgWebAppData: w.initData('keeper', { lang: 'hi' }), tgWebAppVersion: '8.0' });
    await page.goto(`${w.base}/desk?entry=${caseId}#${hash.toString()}`);
    await page.locator('figure[data-group="2"] form').waitFor({ timeout: 15_000 });
    const before = await photos(caseId);
    await page.setInputFiles('figure[data-group="2"] input[type="file"]', {
      name: 'calf.jpg',
      mimeType: 'image/jpeg',
      buffer: await phoneJpeg(1600, 1200),
    });
    await page.dblclick('figure[data-group="2"] button');
    await page.locator('p.ok[role="status"]').waitFor({ timeout: 15_000 });
    // Both sends answered (or the second never left): one photo either way.
    await page.waitForTimeout(1500);
    expect(await photos(caseId)).toBe(before + 1);
    await context.close();
  });
});
