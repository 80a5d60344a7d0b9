import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_LINK_SECONDS } from '../../../src/http/desk/document-link';
import { DESK_WIDTHS, deskShot, launchChromium, pageWidth } from '../../support/browser';
import { caseFixture } from '../../support/case-builder';
import { type DeskPerson, type DeskWorld, startDeskWorld } from '../../support/desk';

// The desk as people spell and on a bad connection, in Chromium at a 360 px phone and a 1280 px office screen: the
// register found by a Devanagari or Latin spelling, a description or an ear tag, `%` read as a letter, a page past
// the last shown as the last; the seizure form's draft kept in the browser through a refused or lost send and a
// reload, each failure saying why; an expired document link's page. Screenshots: docs/screenshots/desk-*.png.

describe('the desk as people spell and on a bad connection (Chromium)', { timeout: 180_000 }, () => {
  let w: DeskWorld;
  let browser: Browser;
  let kukas = '';

  beforeAll(async () => {
    w = await startDeskWorld();
    const c = await caseFixture(w.app.deps.db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-28T08:00:00+05:30',
      place: 'कुकस',
      seizerName: 'रामलाल 50% हिस्सा',
      heads: [['cow', 'भूरी गाय, कान का टैग 7731']],
    }).build();
    kukas = c.number;
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  const open = async (person: DeskPerson, lang: 'en' | 'hi', viewport: { width: number; height: number }) => {
    const context = await browser.newContext({ viewport, locale: `${lang}-IN`, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const hash = new URLSearchParams({ tgWebAppData: w.initData(person, { lang }), tgWebAppVersion: '8.0' });
    await page.goto(`${w.base}/desk#${hash.toString()}`);
    await page.locator('h1').waitFor({ timeout: 15_000 });
    return { context, page, errors };
  };
  const fits = async (page: Page, width: number) => expect(await pageWidth(page)).toBeLessThanOrEqual(width);
  const shot = deskShot;
  const registerRows = (page: Page) => page.locator('table.register tbody tr td:first-child').allTextContents();
  const searchFor = async (page: Page, q: string) => {
    await page.fill('input[name="q"]', q);
    await page.selectOption('select[name="status"]', 'all');
    const answered = page.waitForResponse((r) => r.url().includes('/desk/v/register?'));
    await page.click('form.filters button');
    await answered;
    await page.waitForFunction(() => !document.querySelector('#desk[aria-busy]'));
  };

  for (const [size, viewport] of DESK_WIDTHS)
    it(`finds entries as people spell them (${size})`, async () => {
      for (const lang of ['en', 'hi'] as const) {
        const { context, page, errors } = await open('keeper', lang, viewport);
        await page.click(`nav a:has-text("${lang === 'en' ? 'Register' : 'रजिस्टर'}")`);
        await page.locator('form.filters').waitFor();
        await searchFor(page, 'Kukas');
        expect(await registerRows(page)).toEqual([kukas]);
        // The world's Kunda and the demo's: both, nothing else.
        await searchFor(page, 'कुंडा');
        const kunda = await registerRows(page);
        expect(kunda).toHaveLength(2);
        expect(kunda).toContain(w.cases.JAI1[0]);
        expect(kunda).not.toContain(kukas);
        await searchFor(page, '7731');
        expect(await registerRows(page)).toEqual([kukas]);
        await searchFor(page, 'bell');
        expect(await registerRows(page)).toEqual([w.cases.JAI1[0]]);
        await searchFor(page, '%');
        expect(await registerRows(page)).toEqual([kukas]);
        await searchFor(page, 'कुकस');
        await fits(page, viewport.width);
        await shot(page, `search-${size}-${lang}`);
        // A page past the last (a bookmark, a list that shrank): the last page, never "page 2 of 1".
        await page.evaluate(() => {
          const a = document.createElement('a');
          a.setAttribute('data-desk', '');
          a.href = `/desk/v/register?status=all&q=Achrol&page=7`;
          a.id = 'far';
          a.textContent = 'far';
          document.querySelector('h1')?.after(a);
        });
        await page.click('#far');
        await page.locator('input[name="q"][value="Achrol"]').waitFor();
        const pager = (await page.textContent('p.pager')) ?? '';
        expect(pager).toMatch(/Page 1 of 1|पृष्ठ 1 \/ 1/);
        expect(await page.locator('a[rel="next"], a[rel="prev"]').count()).toBe(0);
        expect(errors).toEqual([]);
        await context.close();
      }
    });

  /** The seizure form, some of it typed. */
  const typeSeizure = async (page: Page) => {
    await page.fill('input[name="impounded"]', '2026-11-29T14:45');
    await page.selectOption('select[name="class1"]', 'goat');
    await page.fill('input[name="count1"]', '2');
    await page.fill('input[name="desc1"]', 'white goats, ear tag 5512');
    await page.fill('input[name="place"]', 'Chomu');
    await page.fill('input[name="seizer"]', 'Hari Ram');
    await page.fill('input[name="seizer_residence"]', 'Chomu');
  };
  const seizeTab = async (page: Page, lang: 'en' | 'hi') => {
    await page.click(`nav a:has-text("${lang === 'en' ? 'New entry' : 'नई प्रविष्टि'}")`);
    await page.locator('form.seize').waitFor();
  };
  const problem = (page: Page) => page.locator('form.seize p.form-problem').textContent();

  for (const [size, viewport] of DESK_WIDTHS)
    it(`keeps the seizure form through refused and lost sends and a reload, then records it once (${size})`, async () => {
      const db = w.app.deps.db;
      const { context, page, errors } = await open('keeper', 'en', viewport);
      await seizeTab(page, 'en');
      await typeSeizure(page);
      const key = await page.inputValue('input[name="key"]');
      const answers: Array<[string, number | 'lost', RegExp]> = [
        ['refused', 400, /did not accept this/],
        ['busy', 429, /Too many requests/],
        ['server', 500, /a problem on its side/],
        ['signed out', 401, /could not confirm who you are any more/],
        ['lost', 'lost', /could not be reached/],
      ];
      for (const [why, status, said] of answers) {
        await page.route('**/desk/v/seize', (route) =>
          status === 'lost'
            ? route.abort('internetdisconnected')
            : route.fulfill({ status, contentType: 'text/plain', body: 'x' }),
        );
        await page.click('form.seize button[type="submit"]');
        await page.locator('form.seize p.form-problem', { hasText: said }).waitFor({ timeout: 10_000 });
        const text = (await problem(page)) ?? '';
        expect(text, why).toMatch(said);
        if (status !== 'lost') expect(text, why).not.toMatch(/could not be reached/);
        // The form as it was typed.
        expect(await page.inputValue('input[name="seizer"]'), why).toBe('Hari Ram');
        await page.unroute('**/desk/v/seize');
      }
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      if (size === 'phone') await shot(page, 'seize-failed-en');
      // The tab reloaded (the phone dropped the page): the form comes back as typed, with the key it was shown with.
      await page.reload();
      await page.locator('h1').waitFor();
      await seizeTab(page, 'en');
      await page.locator('form.seize .draft-note').waitFor();
      expect(await page.inputValue('input[name="seizer"]')).toBe('Hari Ram');
      expect(await page.inputValue('input[name="desc1"]')).toBe('white goats, ear tag 5512');
      expect(await page.inputValue('select[name="class1"]')).toBe('goat');
      expect(await page.inputValue('input[name="key"]')).toBe(key);
      await fits(page, viewport.width);
      if (size === 'phone') await shot(page, 'seize-draft-en');
      const before = await db.case.count();
      await page.click('form.seize button[type="submit"]');
      await page.locator('p.ok[role="status"]').waitFor({ timeout: 15_000 });
      expect(await db.case.count()).toBe(before + 1);
      const c = await db.case.findFirstOrThrow({ orderBy: { id: 'desc' } });
      expect(c.registerKey).toBe(`desk:7101:${key}`);
      // Recorded: the draft is gone, and the next form is empty.
      expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('desk.draft.')))).toEqual(
        [],
      );
      await seizeTab(page, 'en');
      expect(await page.inputValue('input[name="seizer"]')).toBe('');
      expect(await page.locator('.draft-note').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });

  it('keeps one draft per person, and "Clear the form" drops it and gives the form a new key', async () => {
    const { context, page } = await open('keeper', 'hi', DESK_WIDTHS[0][1]);
    await seizeTab(page, 'hi');
    await page.fill('input[name="seizer"]', 'मोहन');
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('desk.draft.')));
    expect(keys).toEqual(['desk.draft.seize.7101']);
    const shownKey = await page.inputValue('input[name="key"]');
    await page.reload();
    await page.locator('h1').waitFor();
    await seizeTab(page, 'hi');
    await page.locator('.draft-note').waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await shot(page, 'seize-draft-hi');
    const freshKey = await page.evaluate(
      () => document.querySelector<HTMLInputElement>('form.seize input[name="key"]')?.defaultValue,
    );
    await page.click('.draft-note button');
    expect(await page.inputValue('input[name="seizer"]')).toBe('');
    expect(await page.inputValue('input[name="key"]')).not.toBe(shownKey);
    expect(freshKey).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('desk.draft.seize.7101'))).toBeNull();
    await context.close();
  });

  it('shows an expired document link as a page that says so, in both languages, with a fresh link', async () => {
    const r = await fetch(`${w.base}/desk/v/document?case=${w.caseIds[w.cases.JAI1[0]!]}&kind=register`, {
      headers: { 'x-telegram-init-data': w.initData('keeper') },
    });
    const { url } = (await r.json()) as { url: string };
    w.clock.advance((DOCUMENT_LINK_SECONDS + 60) * 1000);
    let context: BrowserContext | undefined;
    try {
      for (const lang of ['en', 'hi'] as const)
        for (const [size, viewport] of DESK_WIDTHS) {
          context = await browser.newContext({ viewport, locale: `${lang}-IN`, javaScriptEnabled: false });
          const page = await context.newPage();
          const res = await page.goto(`${w.base}${url}`);
          expect(res?.status()).toBe(410);
          expect(await page.textContent('h1')).toBe(
            lang === 'en' ? 'This link to the document has run out' : 'दस्तावेज़ का यह लिंक पुराना हो गया',
          );
          await fits(page, viewport.width);
          if (size === 'phone') await shot(page, `expired-link-${lang}`);
          // Not signed in to the desk in this browser: the fresh link opens the entry in the desk.
          await page.click('a[data-fresh]');
          expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
            `/desk?entry=${w.caseIds[w.cases.JAI1[0]!]}`,
          );
          await context.close();
          context = undefined;
        }
    } finally {
      await context?.close();
      w.clock.advance(-(DOCUMENT_LINK_SECONDS + 60) * 1000);
    }
  });
});
