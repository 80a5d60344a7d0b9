import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, phoneContext, SHOTS } from '../../support/browser';
import { confirmedReceipt } from '../../support/paid-case';
import { startDeskWorld, type DeskPerson, type DeskWorld } from '../../support/desk';

// The staff desk in a real browser: Debian's Chromium driven by playwright-core at a 360×740 phone viewport, opened
// as Telegram opens a Mini App — the signed initData and the chat's theme in the URL fragment — as a keeper, an
// officer and the District Magistrate's office, in Hindi and English. Screenshots go to docs/screenshots/desk-*.png.
/** The text of a PDF, read back with poppler's pdftotext. */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'desk-pdf-'));
  try {
    writeFileSync(path.join(dir, 'd.pdf'), bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'd.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const THEME = {
  bg_color: '#ffffff',
  text_color: '#1c1c1d',
  hint_color: '#707579',
  link_color: '#3390ec',
  button_color: '#3390ec',
  button_text_color: '#ffffff',
  secondary_bg_color: '#f4f4f5',
};

describe('staff desk in Chromium', { timeout: 120_000 }, () => {
  let w: DeskWorld;
  let browser: Browser;
  let paid: Awaited<ReturnType<typeof confirmedReceipt>>;

  beforeAll(async () => {
    w = await startDeskWorld();
    paid = await confirmedReceipt(w.app.deps.db, w.app.deps.config, w.clock.now());
    // Ledger lines over some months (s. 13 payments divided under s. 17), so the money view has something to show.
    const caseId = (await w.app.deps.db.case.findUniqueOrThrow({ where: { number: paid.caseNumber } })).id;
    const lines: Array<[string, 'OWNER_PAYMENT' | 'DISTRICT_MAGISTRATE' | 'POUND_KEEPER', number, string]> = [
      ['2026-08-10T10:00:00+05:30', 'OWNER_PAYMENT', 120_000, 's. 13'],
      ['2026-08-10T10:00:00+05:30', 'DISTRICT_MAGISTRATE', 80_000, 's. 17'],
      ['2026-08-10T10:00:00+05:30', 'POUND_KEEPER', 40_000, 's. 17'],
      ['2026-10-03T12:00:00+05:30', 'OWNER_PAYMENT', 250_000, 's. 13'],
      ['2026-11-29T16:05:00+05:30', 'OWNER_PAYMENT', 80_000, 's. 13'],
    ];
    for (const [i, [at, account, amount, section]] of lines.entries())
      await w.app.deps.db.ledgerEntry.create({
        data: {
          caseId,
          account,
          amountPaise: BigInt(amount),
          section,
          idempotencyKey: `desk-test:${i}`,
          createdAt: new Date(at),
        },
      });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  /** Opens the desk as Telegram would; records every request and every desk response's status. */
  const open = async (fragmentData: string | null, lang = 'en') => {
    const context = await phoneContext(browser, `${lang}-IN`, { javaScript: true });
    const page = await context.newPage();
    const requested: string[] = [];
    const statuses: number[] = [];
    const errors: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    page.on('response', (r) => {
      if (r.url().includes('/desk/v/')) statuses.push(r.status());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().includes('401')) errors.push(m.text());
    });
    const hash = new URLSearchParams();
    if (fragmentData !== null) hash.set('tgWebAppData', fragmentData);
    hash.set('tgWebAppThemeParams', JSON.stringify(THEME));
    hash.set('tgWebAppVersion', '8.0');
    await page.goto(`${w.base}/desk#${hash.toString()}`);
    return { context, page, requested, statuses, errors };
  };
  const as = (person: DeskPerson, lang: 'en' | 'hi') => open(w.initData(person, { lang }), lang);
  const heading = async (page: Page, text: string) => {
    await page.locator('h1', { hasText: text }).waitFor({ timeout: 15_000 });
  };
  const fits = async (page: Page) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  };
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SHOTS, `desk-${name}.png`), fullPage: true });

  it('opens as a keeper in English: today, the register of his pound, an entry, the money chart', async () => {
    const { context, page, requested, errors } = await as('keeper', 'en');
    await heading(page, 'Today and this week');
    await fits(page);
    await shot(page, 'today-en');
    await page.click('nav a:has-text("Register")');
    await heading(page, 'Register (s. 7) — Amer Pound');
    const numbers = await page.locator('table.register tbody tr td:first-child').allTextContents();
    expect(numbers.length).toBeGreaterThan(0);
    for (const n of numbers) expect(n.startsWith('JAI1-')).toBe(true);
    for (const n of [...w.cases.JAI1]) expect(numbers).toContain(n);
    for (const n of [...w.cases.JAI2, ...w.cases.PUN1]) expect(numbers).not.toContain(n);
    // Theme colours from Telegram's parameters.
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(255, 255, 255)');
    await fits(page);
    await shot(page, 'register-en');
    // Search and filter through the form.
    await page.fill('input[name="q"]', 'Achrol');
    await page.selectOption('select[name="status"]', 'all');
    await page.click('form.filters button');
    // The form's answer replaces the table, which had four rows: wait for it (a slow answer is counted after it).
    await page
      .waitForFunction(() => document.querySelectorAll('table.register tbody tr').length === 1, null, {
        timeout: 15_000,
      })
      .catch(() => {});
    expect(await page.locator('table.register tbody tr').count()).toBe(1);
    await page.click(`a:has-text("${w.cases.JAI1[1]}")`);
    await heading(page, `Entry ${w.cases.JAI1[1]}`);
    expect(await page.textContent('main')).toContain('black buffalo, left horn broken');
    // The receipt's entry: payment, receipt, ledger lines.
    await page.click('nav a:has-text("Register")');
    await heading(page, 'Register (s. 7)');
    await page.selectOption('select[name="status"]', 'all');
    await page.fill('input[name="q"]', paid.caseNumber);
    await page.click('form.filters button');
    await page.click(`a:has-text("${paid.caseNumber}")`);
    await heading(page, `Entry ${paid.caseNumber}`);
    const entry = (await page.textContent('main')) ?? '';
    expect(entry).toContain(paid.receipt.number);
    expect(entry).toContain('₹800.00');
    expect(entry).toContain('Paid by owners');
    // The entry's PDFs: the register extract of its day and its receipt. A tap asks for a short-lived link with the
    // initData and opens it (outside Telegram, a new tab); the browser gets the receipt as a PDF.
    const pdfLinks = await page.locator('a[data-pdf]').allTextContents();
    expect(pdfLinks).toEqual([
      expect.stringMatching(/^Register extract of \d+ \w+ 2026 \(s\. 7\)$/),
      "Owner's slip with the QR code",
      'Copy of the entry for the seizer (s. 8)',
      `Receipt ${paid.receipt.number}`,
    ]);
    const pdf = context.waitForEvent('response', (r) => r.url().startsWith(`${w.base}/desk/pdf?t=`));
    await page.click(`a[data-pdf]:has-text("Receipt ${paid.receipt.number}")`);
    const served = await pdf;
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/pdf');
    // Chromium shows it in its PDF viewer; the same link (good for five minutes) read again gives the file's bytes.
    const bytes = await (await context.request.get(served.url())).body();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(bytes)).toContain(paid.receipt.number);
    await shot(page, 'entry-en');
    await page.click('nav a:has-text("Money")');
    await heading(page, 'Money');
    await page.locator('#chart canvas').waitFor({ timeout: 15_000 });
    await fits(page);
    await shot(page, 'money-en');
    // Nothing but this server was asked for anything.
    expect(requested.every((u) => u.startsWith(w.base))).toBe(true);
    expect(errors).toEqual([]);
    // A keeper has no district tab.
    expect(await page.locator('nav a:has-text("District")').count()).toBe(0);
    await context.close();
  });

  it('opens in Hindi for a Hindi Telegram and switches to English', async () => {
    const { context, page } = await as('keeper', 'hi');
    await heading(page, 'आज और इस सप्ताह');
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    await shot(page, 'today-hi');
    await page.click('nav a:has-text("रजिस्टर")');
    await heading(page, 'रजिस्टर (धारा 7)');
    await fits(page);
    await shot(page, 'register-hi');
    await page.click(`a:has-text("${w.cases.JAI1[1]}")`);
    await heading(page, `प्रविष्टि ${w.cases.JAI1[1]}`);
    await shot(page, 'entry-hi');
    await page.click('nav a:has-text("धनराशि")');
    await page.locator('#chart canvas').waitFor({ timeout: 15_000 });
    await shot(page, 'money-hi');
    await page.click('a[hreflang="en"]');
    await heading(page, 'Money');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await context.close();
  });

  it('shows an officer only his pound', async () => {
    const { context, page } = await as('officer', 'en');
    await heading(page, 'Today and this week');
    await page.click('nav a:has-text("Register")');
    await heading(page, 'Register (s. 7) — Chomu Pound');
    await page.selectOption('select[name="status"]', 'all');
    await page.click('form.filters button');
    await page.locator('table.register tbody tr').first().waitFor();
    const numbers = await page.locator('table.register tbody tr td:first-child').allTextContents();
    for (const n of numbers) expect(n.startsWith('JAI2-')).toBe(true);
    for (const n of w.cases.JAI2) expect(numbers).toContain(n);
    expect(await page.locator('.pounds a').count()).toBe(0);
    await context.close();
  });

  it("shows the Magistrate's office its district and both its pounds", async () => {
    for (const lang of ['en', 'hi'] as const) {
      const { context, page } = await as('magistrate', lang);
      await page.locator('h1').waitFor();
      await page.click(`nav a:has-text("${lang === 'en' ? 'District' : 'जिला'}")`);
      await heading(page, lang === 'en' ? 'District overview' : 'जिले का सार');
      const text = (await page.textContent('main')) ?? '';
      expect(text).toContain(lang === 'en' ? 'Amer Pound' : 'आमेर');
      expect(text).not.toContain(lang === 'en' ? 'Haveli Pound' : 'हवेली');
      await fits(page);
      await shot(page, `district-${lang}`);
      await page.click(`nav a:has-text("${lang === 'en' ? 'Staff' : 'कर्मचारी'}")`);
      await page.locator('form.filters').waitFor();
      await shot(page, `staff-${lang}`);
      await page.click(`nav a:has-text("${lang === 'en' ? 'Register' : 'रजिस्टर'}")`);
      await page.locator('.pounds a').first().waitFor();
      expect(await page.locator('.pounds a').count()).toBe(2);
      await context.close();
    }
  });

  it('refuses a missing, forged or stale initData and a revoked keeper (401, nothing shown)', async () => {
    const now = w.clock.now();
    const cases: Array<[string, string | null]> = [
      ['missing', null],
      ['forged', w.initData('keeper').replace(/hash=[0-9a-f]+/, `hash=${'1'.repeat(64)}`)],
      ['stale', w.initData('keeper', { at: new Date(now.getTime() - 2 * 3600_000) })],
      ['revoked', w.initData('revoked')],
    ];
    for (const [why, data] of cases) {
      const { context, page, statuses } = await open(data);
      if (why === 'missing') {
        // No initData (a browser, not Telegram) and no session: the sign-in page, nothing of the desk.
        await page.waitForURL(`${w.base}/desk/login`);
        await page.locator('h1', { hasText: 'Sign in to the staff desk' }).waitFor();
        expect(statuses).toEqual([401]);
        await context.close();
        continue;
      }
      await page.locator('main p[role="alert"]').waitFor();
      const text = (await page.textContent('main')) ?? '';
      expect(text, why).toMatch(/could not confirm who you are|डेस्क आपकी पहचान/);
      for (const n of [...w.cases.JAI1, ...w.cases.JAI2]) expect(text).not.toContain(n);
      expect(statuses, why).toEqual([401]);
      if (why === 'forged') await shot(page, 'refused-en');
      await context.close();
    }
  });

  it('registers a seizure from the form; a double submit records one entry that the register then shows', async () => {
    const db = w.app.deps.db;
    const { context, page } = await as('keeper', 'hi');
    await heading(page, 'आज और इस सप्ताह');
    await page.click('nav a:has-text("नई प्रविष्टि")');
    await heading(page, 'जब्ती दर्ज करें (धारा 8)');
    await fits(page);
    await shot(page, 'seize-hi');
    await page.click('a[hreflang="en"]');
    await heading(page, 'Register a seizure (s. 8)');
    await page.fill('input[name="impounded"]', '2026-11-29T14:45');
    await page.selectOption('select[name="class1"]', 'buffalo');
    await page.fill('input[name="count1"]', '3');
    await page.fill('input[name="desc1"]', 'black buffaloes, white tail tips');
    await page.fill('input[name="place"]', 'Kukas');
    await page.fill('input[name="seizer"]', 'Gopal Singh');
    await page.fill('input[name="seizer_residence"]', 'Kukas');
    // Without the focus on the last field typed into: its ring and caret would make the picture differ run to run.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await shot(page, 'seize-en');
    const before = await db.case.count();
    // Two taps on the button before the answer comes.
    await page.locator('form.seize button[type="submit"]').dblclick();
    await page.locator('p.ok[role="status"]').waitFor({ timeout: 15_000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await db.case.count()).toBe(before + 1);
    const c = await db.case.findFirstOrThrow({ orderBy: { id: 'desc' }, include: { heads: true } });
    expect(c.heads).toHaveLength(3);
    expect(c.seizerName).toBe('Gopal Singh');
    expect(await page.textContent('main')).toContain(c.number);
    await page.click('nav a:has-text("Register")');
    await heading(page, 'Register (s. 7)');
    expect(await page.locator('table.register tbody tr td:first-child').allTextContents()).toContain(c.number);
    await context.close();
  });
});
