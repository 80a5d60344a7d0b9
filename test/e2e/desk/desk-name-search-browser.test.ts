import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskShot, launchChromium, pageWidth } from '../../support/browser';
import { caseFixture } from '../../support/case-builder';
import { type DeskWorld, startDeskWorld } from '../../support/desk';

// The register's search for people and villages as people spell them, in Chromium at a phone's width in both
// languages: the seizer written in Devanagari found by "Suresh", the owner written in Latin letters by "भंवर", the
// seizer's village by either script. Screenshots: docs/screenshots/desk-search-names-hi.png and -en.png.

describe('the register searched by names in either script (Chromium)', { timeout: 180_000 }, () => {
  let w: DeskWorld;
  let browser: Browser;
  let number = '';

  beforeAll(async () => {
    w = await startDeskWorld();
    const c = await caseFixture(w.app.deps.db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-28T08:00:00+05:30',
      place: 'Achrol',
      seizerName: 'सुरेश कुमार',
      seizerResidence: 'कुकस',
      ownerName: 'Bhanwar Singh',
      heads: [['cow', 'white cow']],
    }).build();
    number = c.number;
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  const rows = (page: Page) => page.locator('table.register tbody tr td:first-child').allTextContents();
  const searchFor = async (page: Page, q: string) => {
    await page.fill('input[name="q"]', q);
    await page.selectOption('select[name="status"]', 'all');
    const answered = page.waitForResponse((r) => r.url().includes('/desk/v/register?'));
    await page.click('form.filters button');
    await answered;
    await page.waitForFunction(() => !document.querySelector('#desk[aria-busy]'));
  };

  for (const lang of ['hi', 'en'] as const)
    it(`finds the seizer, the owner and the village by a spelling in the other script (${lang})`, async () => {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: `${lang}-IN` });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const hash = new URLSearchParams({ tgWebAppData: w.initData('keeper', { lang }), tgWebAppVersion: '8.0' });
      await page.goto(`${w.base}/desk#${hash.toString()}`);
      await page.locator('h1').waitFor({ timeout: 15_000 });
      await page.click(`nav a:has-text("${lang === 'en' ? 'Register' : 'रजिस्टर'}")`);
      await page.locator('form.filters').waitFor();
      for (const q of ['Suresh', 'suresh kumaar', 'भंवर', 'Kookas', 'कुकस सुरेश']) {
        await searchFor(page, q);
        expect(await rows(page), q).toEqual([number]);
      }
      await searchFor(page, 'Dinesh');
      expect(await rows(page)).toEqual([]);
      await searchFor(page, 'Suresh');
      expect(await pageWidth(page)).toBeLessThanOrEqual(360);
      await deskShot(page, `search-names-${lang}`);
      expect(errors).toEqual([]);
      await context.close();
    });
});
