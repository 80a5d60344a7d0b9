import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SHOTS } from '../../support/browser';
import { startDeskWorld, type DeskPerson, type DeskWorld } from '../../support/desk';
import { junkJpeg, phoneJpeg } from '../../support/photo-files';

// The entry's photos in the desk, in Chromium at a phone's and a desktop's width: a keeper adds a group's photo from
// the entry's page (shrunk in the browser, cleaned and stored by the server), the page shows it; a picture that is not
// one is refused with the reason and nothing saved; an officer sees the photos and no form.

const WIDTHS = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 900 } } as const;

describe('staff desk: photos on the entry', { timeout: 120_000 }, () => {
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

  const openEntry = async (person: DeskPerson, lang: 'en' | 'hi', size: keyof typeof WIDTHS, caseId: number) => {
    const context = await browser.newContext({ viewport: WIDTHS[size], locale: `${lang}-IN`, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const hash = new URLSearchParams({ tgWebAppData: w.initData(person, { lang }), tgWebAppVersion: '8.0' });
    await page.goto(`${w.base}/desk?entry=${caseId}#${hash.toString()}`);
    await page.locator('figure.group-photo').first().waitFor({ timeout: 15_000 });
    return { context, page, errors };
  };
  const fits = async (page: Page, size: keyof typeof WIDTHS) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS[size].width);

  for (const size of ['phone', 'desktop'] as const)
    for (const lang of ['en', 'hi'] as const)
      it(`a keeper adds a group's photo from the entry (${lang}, ${size})`, async () => {
        const number = w.cases.JAI1[1]!; // a buffalo and a calf: two groups
        const caseId = w.caseIds[number]!;
        const db = w.app.deps.db;
        const { context, page, errors } = await openEntry('keeper', lang, size, caseId);
        expect(await page.locator('figure.group-photo').count()).toBe(2);
        // Not a picture: refused beside the form, nothing saved.
        const before = await db.photo.count({ where: { caseId } });
        await page.setInputFiles('figure[data-group="2"] input[type="file"]', {
          name: 'junk.jpg',
          mimeType: 'image/jpeg',
          buffer: junkJpeg(),
        });
        await page.click('figure[data-group="2"] button');
        await page.locator('p.bad[role="status"]').waitFor({ timeout: 15_000 });
        expect(await db.photo.count({ where: { caseId } })).toBe(before);
        // A phone's photo: stored, and the group's heads show it.
        await page.setInputFiles('figure[data-group="1"] input[type="file"]', {
          name: 'buffalo.jpg',
          mimeType: 'image/jpeg',
          buffer: await phoneJpeg(2000, 1500),
        });
        await page.click('figure[data-group="1"] button');
        await page.locator('p.ok[role="status"]').waitFor({ timeout: 15_000 });
        await page.locator('figure[data-group="1"] img').waitFor({ timeout: 15_000 });
        const src = (await page.getAttribute('figure[data-group="1"] img', 'src')) ?? '';
        expect(src.startsWith('data:image/jpeg;base64,')).toBe(true);
        const heads = await db.head.findMany({
          where: { caseId },
          orderBy: { index: 'asc' },
          include: { photo: true },
        });
        expect(heads[0]!.photo?.status).toBe('STORED');
        expect(heads[0]!.photo?.source).toBe('keeper');
        expect(heads[1]!.photoId).toBeNull();
        const audit = await db.auditEvent.findFirst({
          where: { caseId, action: { in: ['photo.add', 'photo.replace'] } },
          orderBy: { id: 'desc' },
        });
        expect(audit?.details).toMatchObject({ group: 1, via: 'desk' });
        await fits(page, size);
        await page.screenshot({
          path: path.join(SHOTS, `desk-entry-photos-${lang}${size === 'desktop' ? '-desktop' : ''}.png`),
          fullPage: true,
        });
        expect(errors).toEqual([]);
        await context.close();
      });

  it('shows an officer the photos of his pound, with no form; refuses a photo sent for another pound', async () => {
    const caseId = w.caseIds[w.cases.JAI2[0]!]!;
    const { context, page } = await openEntry('officer', 'en', 'phone', caseId);
    expect(await page.locator('figure.group-photo form').count()).toBe(0);
    await context.close();
    const png = (await phoneJpeg(400, 300)).toString('base64');
    const post = (person: DeskPerson, id: number) =>
      fetch(`${w.base}/desk/v/entry-photo`, {
        method: 'POST',
        headers: { 'x-telegram-init-data': w.initData(person), 'content-type': 'application/json' },
        body: JSON.stringify({ case: String(id), group: '1', photo: png, lang: 'en' }),
      });
    expect((await post('officer', caseId)).status).toBe(404);
    expect((await post('keeper', caseId)).status).toBe(404);
    expect((await post('keeper', w.caseIds[w.cases.JAI1[0]!]!)).status).toBe(200);
    const bad = await fetch(`${w.base}/desk/v/entry-photo`, {
      method: 'POST',
      headers: { 'x-telegram-init-data': w.initData('keeper'), 'content-type': 'application/json' },
      body: JSON.stringify({ case: String(caseId), group: '1', photo: '<script>', lang: 'en' }),
    });
    expect(bad.status).toBe(400);
  });
});
