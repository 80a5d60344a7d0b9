import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '../../../src/i18n';
import { importRegister } from '../../../src/services/register';
import { loadStaffActor } from '../../../src/services/staff';
import { launchChromium, SHOTS } from '../../support/browser';
import { startDeskWorld, type DeskWorld } from '../../support/desk';
import { confirmedReceipt } from '../../support/paid-case';

// The Books tab and the register's print links in Debian's Chromium, as a keeper opens the desk from Telegram, at a
// 360 px phone and at a desktop width (an office computer prints the books), in English and Hindi: the cash book of
// the day and of the month, the headcount, the month's register as PDF and CSV through short-lived links, the paper
// serial in the register. Screenshots: docs/screenshots/desk-books-*.png, desk-register-print-*.png.

const WIDTHS = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 900 } } as const;

describe('staff desk books in Chromium', { timeout: 120_000 }, () => {
  let w: DeskWorld;
  let browser: Browser;
  let paid: Awaited<ReturnType<typeof confirmedReceipt>>;
  beforeAll(async () => {
    w = await startDeskWorld();
    const db = w.app.deps.db;
    paid = await confirmedReceipt(db, w.app.deps.config, w.clock.now());
    const keeper = await loadStaffActor(db, { telegramId: BigInt(7101), chatId: null, messageId: null });
    await importRegister(
      db,
      keeper,
      w.pounds.JAI1!,
      'serial,impounded,class,count,description,place,seizer\n57,2026-11-24 08:00,buffalo,2,two black buffaloes,Kukas,Ram Lal',
      w.clock.now(),
    );
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  const open = async (
    lang: 'en' | 'hi',
    size: keyof typeof WIDTHS,
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
    const context = await browser.newContext({ viewport: WIDTHS[size], locale: `${lang}-IN`, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const hash = new URLSearchParams({ tgWebAppData: w.initData('keeper', { lang }), tgWebAppVersion: '8.0' });
    await page.goto(`${w.base}/desk#${hash.toString()}`);
    await page.locator('h1').first().waitFor({ timeout: 15_000 });
    return { context, page, errors };
  };
  const fits = async (page: Page, size: keyof typeof WIDTHS) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTHS[size].width);
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SHOTS, `desk-${name}.png`), fullPage: true });

  for (const size of ['phone', 'desktop'] as const)
    for (const lang of ['en', 'hi'] as const)
      it(`shows the day's books and prints them (${lang}, ${size})`, async () => {
        const { context, page, errors } = await open(lang, size);
        const words =
          lang === 'en'
            ? {
                tab: 'Books',
                title: "Day's books",
                day: 'Cash book of',
                head: 'In the pound on',
                csv: 'Download (CSV)',
              }
            : { tab: 'बही', title: 'दिन की बही', day: 'की रोकड़ बही', head: 'को कांजी हाउस में', csv: 'डाउनलोड (CSV)' };
        await page.click(`nav a:has-text("${words.tab}")`);
        await page.locator('h1', { hasText: words.title }).waitFor({ timeout: 15_000 });
        const main = (await page.textContent('main')) ?? '';
        expect(main).toContain(words.day);
        expect(main).toContain(words.head);
        expect(main).toContain(paid.caseNumber);
        expect(main).toContain(formatRupees(paid.amountPaise, lang));
        await fits(page, size);
        await shot(page, `books-${lang}${size === 'desktop' ? '-desktop' : ''}`);
        // The day's cash book as a PDF: a tap asks for a short-lived link and opens it (a new tab outside Telegram).
        const pdf = context.waitForEvent('response', (r) => r.url().startsWith(`${w.base}/desk/file?t=`));
        await page.click('section[data-book="day"] a[data-book="cashbook"]');
        const served = await pdf;
        expect(served.status()).toBe(200);
        expect(served.headers()['content-type']).toBe('application/pdf');
        // The register: the paper serial beside the number, and the month's register to print or download.
        await page.click(`nav a:has-text("${lang === 'en' ? 'Register' : 'रजिस्टर'}")`);
        await page.locator('table.register').waitFor({ timeout: 15_000 });
        await page.fill('input[name="q"]', '57');
        await page.selectOption('select[name="status"]', 'all');
        await page.click('form.filters button');
        await page.waitForFunction(() => document.querySelectorAll('table.register tbody tr').length === 1, null, {
          timeout: 15_000,
        });
        expect(await page.textContent('[data-paper-serial]')).toContain('57');
        expect(await page.textContent('p.print')).toContain(words.csv);
        await fits(page, size);
        await shot(page, `register-print-${lang}${size === 'desktop' ? '-desktop' : ''}`);
        const csv = context.waitForEvent('response', (r) => r.url().startsWith(`${w.base}/desk/file?t=`));
        await page.click('p.print a[data-book="register_csv"]');
        const got = await csv;
        expect(got.status()).toBe(200);
        expect(got.headers()['content-type']).toContain('text/csv');
        expect(errors).toEqual([]);
        await context.close();
      });

  for (const size of ['phone', 'desktop'] as const)
    for (const lang of ['en', 'hi'] as const)
      it(`imports the paper register written in Hindi, with its template (${lang}, ${size})`, async () => {
        const { context, page, errors } = await open(lang, size);
        await page.click(`nav a:has-text("${lang === 'en' ? 'New entry' : 'नई प्रविष्टि'}")`);
        await page.click('a[href*="/desk/v/import"]');
        await page.locator('p.template a[data-template="hi"]').waitFor({ timeout: 15_000 });
        // The template in Hindi: a link for this user, then the file.
        const got = context.waitForEvent('response', (r) =>
          r.url().startsWith(`${w.base}/desk/import-template-hi.csv`),
        );
        await page.click('p.template a[data-template="hi"]');
        const template = await (await context.request.get((await got).url())).text();
        expect(template).toContain('क्रमांक,कांजी हाउस में लाने का समय');
        // A file in Hindi: a cow and her calf in one entry, a row with a time that is not one.
        const csv = [
          'क्रमांक,कांजी हाउस में लाने का समय,पशु का प्रकार,पशुओं की संख्या,विवरण,जब्ती का स्थान,जब्त करने वाला',
          `${lang}${size}1,2026-11-05 09:00,गाय,1,सफ़ेद गाय,कूकस,रामलाल`,
          `${lang}${size}1,,बछड़ा,1,उसका बछड़ा,,`,
          `${lang}${size}2,परसों,भैंस,1,काली भैंस,कूकस,रामलाल`,
        ].join('\n');
        await page.fill('textarea[name="csv"]', csv);
        await page.click('form.import button');
        await page.locator('table.import').waitFor({ timeout: 15_000 });
        const rows = await page.locator('table.import tbody tr').allTextContents();
        expect(rows).toHaveLength(2);
        expect(rows.join('\n')).toContain(
          lang === 'en'
            ? '"Brought in (day and hour)" is not a day and hour'
            : '"कांजी हाउस में लाने का समय" दिन और समय नहीं',
        );
        expect(await page.locator('tr[data-status="ready"]').count()).toBe(1);
        await fits(page, size);
        await shot(page, `import-${lang}${size === 'desktop' ? '-desktop' : ''}`);
        await page.click('form.import:has(input[value="import"]) button');
        await page.locator('tr[data-status="entered"]').waitFor({ timeout: 15_000 });
        const entry = await w.app.deps.db.case.findFirstOrThrow({
          where: { registerKey: { endsWith: `:${lang.toUpperCase()}${size.toUpperCase()}1` } },
          include: { heads: true },
        });
        expect(entry.heads.map((h) => h.cattleClass).sort()).toEqual(['calf', 'cow']);
        expect(errors).toEqual([]);
        await context.close();
      });
});
