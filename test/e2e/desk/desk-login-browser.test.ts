import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_WIDTHS, deskShot, launchChromium, pageWidth } from '../../support/browser';
import { DESK_PEOPLE, type DeskWorld, startDeskWorld } from '../../support/desk';
import { widgetFields } from '../../support/login-widget';

// An office computer without the Telegram app, in Chromium at 1280 px and a 360 px phone: the desk sends the browser
// to the sign-in page (Telegram's Login Widget; its script is not fetched here — no network — and Telegram's answer is
// the redirect it makes, signed with the test token), the desk opens at Today or at the entry asked for, the PDF link
// works with the session, and "Sign out" ends it. Screenshots: docs/screenshots/desk-login-*.png.

describe('the desk signed in from a browser (Chromium)', { timeout: 180_000 }, () => {
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

  const shot = deskShot;
  /** What Telegram does once the person confirms: sends the browser to the auth URL with the signed fields. */
  const telegramAnswers = (page: Page, id: number) =>
    page.goto(`${w.base}/desk/login/telegram?${new URLSearchParams(widgetFields(id, w.clock.now()))}`);

  for (const [size, viewport] of DESK_WIDTHS)
    it(`signs a keeper in, opens the entry asked for and its PDF, and signs out (${size})`, async () => {
      for (const lang of ['en', 'hi'] as const) {
        const context = await browser.newContext({ viewport, locale: `${lang}-IN`, deviceScaleFactor: 1 });
        await context.route('https://telegram.org/**', (r) => r.abort());
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const entryId = w.caseIds[w.cases.JAI1[1]!]!;
        await page.goto(`${w.base}/desk?entry=${entryId}`);
        await page.waitForURL(`${w.base}/desk/login?entry=${entryId}`);
        const title = lang === 'en' ? 'Sign in to the staff desk' : 'स्टाफ़ डेस्क में साइन इन करें';
        await page.locator('h1', { hasText: title }).waitFor();
        expect(await page.getAttribute('script[data-telegram-login]', 'data-auth-url')).toBe(
          `${w.base}/desk/login/telegram`,
        );
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
        await shot(page, `login-${size}-${lang}`);
        await telegramAnswers(page, DESK_PEOPLE.keeper.id);
        await page.locator('h1', { hasText: w.cases.JAI1[1]! }).waitFor({ timeout: 15_000 });
        expect(page.url()).toBe(`${w.base}/desk`);
        // In the browser's language (no Telegram app to say it).
        expect(await page.textContent('h1')).toBe(`${lang === 'en' ? 'Entry' : 'प्रविष्टि'} ${w.cases.JAI1[1]}`);
        // The cookie is not for scripts.
        expect(await page.evaluate(() => document.cookie)).toBe('');
        const pdf = context.waitForEvent('response', (r) => r.url().startsWith(`${w.base}/desk/pdf?t=`));
        await page.locator('a[data-pdf]').first().click();
        expect((await pdf).status()).toBe(200);
        await page.locator('button.sign-out').waitFor();
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
        await shot(page, `login-signed-in-${size}-${lang}`);
        await page.click('button.sign-out');
        await page.waitForURL(/\/desk\/login/);
        // Signed out: the desk asks again.
        await page.goto(`${w.base}/desk`);
        await page.waitForURL(`${w.base}/desk/login`);
        expect(errors).toEqual([]);
        await context.close();
      }
    });

  it('says so when the Telegram account is not on the staff, and the desk stays closed', async () => {
    const context = await browser.newContext({ viewport: DESK_WIDTHS[0][1], locale: 'hi-IN' });
    await context.route('https://telegram.org/**', (r) => r.abort());
    const page = await context.newPage();
    await page.goto(`${w.base}/desk/login`);
    const res = await telegramAnswers(page, DESK_PEOPLE.owner.id);
    expect(res?.status()).toBe(401);
    expect(await page.textContent('p[role="alert"]')).toContain('कर्मचारी के रूप में नामांकित नहीं है');
    await shot(page, 'login-refused-hi');
    await page.goto(`${w.base}/desk`);
    await page.waitForURL(`${w.base}/desk/login`);
    await context.close();
  });
});
