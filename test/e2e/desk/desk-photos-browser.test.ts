import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, phoneContext } from '../../support/browser';
import { startDeskWorld, type DeskWorld } from '../../support/desk';
import { junkJpeg, phoneJpeg } from '../../support/photo-files';

// The seizure form's photos in a real browser (Chromium, 360×740, as Telegram opens the Mini App): the page shrinks a
// phone's 12 MP photo before sending it, and whatever goes wrong (a photo the server refuses, a body too big, the
// connection lost) leaves the form with everything the keeper typed and the reason beside the field or above the form.

describe('staff desk: photos on the seizure form in Chromium', { timeout: 120_000 }, () => {
  let w: DeskWorld;
  let browser: Browser;
  let photo: Buffer;
  beforeAll(async () => {
    w = await startDeskWorld();
    browser = await launchChromium();
    photo = await phoneJpeg(4000, 3000, 6);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  /** The seizure form, opened as Telegram opens the desk, with the facts typed in; the photo POSTs' body sizes. */
  const seizeForm = async (lang: 'en' | 'hi') => {
    const context = await phoneContext(browser, `${lang}-IN`, { javaScript: true });
    const page = await context.newPage();
    const posted: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/desk/v/seize')) posted.push(r.postDataBuffer()?.length ?? 0);
    });
    const hash = new URLSearchParams({ tgWebAppData: w.initData('keeper', { lang }), tgWebAppVersion: '8.0' });
    await page.goto(`${w.base}/desk?view=seize#${hash.toString()}`);
    await page.locator('form.seize').waitFor({ timeout: 15_000 });
    await page.fill('input[name="impounded"]', '2026-11-29T14:45');
    await page.selectOption('select[name="class1"]', 'cow');
    await page.fill('input[name="count1"]', '1');
    await page.fill('input[name="desc1"]', 'red cow, white patch on the forehead');
    await page.selectOption('select[name="class2"]', 'buffalo');
    await page.fill('input[name="count2"]', '2');
    await page.fill('input[name="desc2"]', 'two black buffaloes');
    await page.fill('input[name="place"]', 'Kukas');
    await page.fill('input[name="seizer"]', 'Gopal Singh');
    await page.fill('input[name="seizer_residence"]', 'Kukas');
    return { context, page, posted };
  };
  const typedIsKept = async (page: Page) => {
    expect(await page.inputValue('input[name="desc1"]')).toBe('red cow, white patch on the forehead');
    expect(await page.inputValue('input[name="desc2"]')).toBe('two black buffaloes');
    expect(await page.inputValue('input[name="seizer"]')).toBe('Gopal Singh');
    expect(await page.inputValue('input[name="place"]')).toBe('Kukas');
  };

  it("shrinks a phone's 12 MP photo in the page before sending it; the entry keeps it upright and clean", async () => {
    const db = w.app.deps.db;
    const { context, page, posted } = await seizeForm('en');
    await page.setInputFiles('input[data-into="photo1"]', {
      name: 'IMG_2001.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    const before = await db.case.count();
    await page.click('form.seize button[type="submit"]');
    await page.locator('p.ok[role="status"]').waitFor({ timeout: 30_000 });
    expect(await db.case.count()).toBe(before + 1);
    // Sent as a shrunk JPEG: far less than the 4 MB file (5.5 MB as base64).
    expect(posted).toHaveLength(1);
    expect(posted[0]).toBeLessThan(1_500_000);
    const c = await db.case.findFirstOrThrow({ orderBy: { id: 'desc' } });
    const p = await db.photo.findFirstOrThrow({ where: { caseId: c.id } });
    const m = await sharp(Buffer.from(p.bytes!)).metadata();
    // The browser turned it upright by its EXIF orientation: portrait, at most 1600 px, no EXIF left.
    expect([m.format, m.width, m.height, m.exif]).toEqual(['jpeg', 1200, 1600, undefined]);
    await context.close();
  });

  it('a photo the server refuses: the form stays with what was typed and the reason beside that photo (hi)', async () => {
    const db = w.app.deps.db;
    const { context, page } = await seizeForm('hi');
    await page.setInputFiles('input[data-into="photo1"]', {
      name: 'IMG_2002.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await page.setInputFiles('input[data-into="photo2"]', {
      name: 'IMG_2003.jpg',
      mimeType: 'image/jpeg',
      buffer: junkJpeg(),
    });
    const before = await db.case.count();
    await page.click('form.seize button[type="submit"]');
    const reason = page.locator('#photo2-problem');
    await reason.filter({ hasText: 'JPEG' }).waitFor({ timeout: 30_000 });
    expect(await reason.textContent()).toBe(
      'यह फ़ाइल ऐसी फ़ोटो नहीं है जिसे यह डेस्क पढ़ सके (JPEG, PNG या WebP चित्र)। कैमरे या गैलरी से फ़ोटो चुनें।',
    );
    expect(await page.locator('#photo1-problem').textContent()).toBe('');
    await typedIsKept(page);
    expect(await db.case.count()).toBe(before);
    await context.close();
  });

  it('a body the server will not take, or a lost connection: the form stays as typed, the reason above it', async () => {
    const { context, page } = await seizeForm('en');
    let answer: 'too_big' | 'lost' = 'too_big';
    await page.route('**/desk/v/seize', (route) =>
      route.request().method() !== 'POST'
        ? route.continue()
        : answer === 'too_big'
          ? route.fulfill({ status: 413, contentType: 'application/json', body: '{"statusCode":413}' })
          : route.abort('internetdisconnected'),
    );
    await page.click('form.seize button[type="submit"]');
    const problem = page.locator('form.seize p.form-problem');
    await problem.waitFor({ timeout: 15_000 });
    expect(await problem.textContent()).toContain('too big');
    await typedIsKept(page);
    answer = 'lost';
    await page.click('form.seize button[type="submit"]');
    await problem.filter({ hasText: 'could not be reached' }).waitFor({ timeout: 15_000 });
    await typedIsKept(page);
    await context.close();
  });
});
