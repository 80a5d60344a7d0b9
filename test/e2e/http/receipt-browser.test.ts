import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, phoneContext, SHOTS, startWebWorkers, type WebWorkers } from '../../support/browser';
import { confirmedPartReceipt, confirmedReceipt } from '../../support/paid-case';

// The public receipt page in a real browser: Debian's Chromium (/usr/bin/chromium; .ci/run installs it —
// no browser download) driven by playwright-core, at a 360×740 phone viewport, in Hindi and English.
// Screenshots go to docs/screenshots/ (linked from the README; the Devanagari in them was checked by eye).

describe('receipt page in Chromium', { timeout: 60_000 }, () => {
  let web: WebWorkers;
  let browser: Browser;
  let url = '';
  let facts: { number: string; caseNumber: string; poundEn: string; poundHi: string };
  let part: Awaited<ReturnType<typeof confirmedPartReceipt>>;

  beforeAll(async () => {
    web = await startWebWorkers('2026-11-29T16:05:00+05:30');
    const { app, clock, config } = web;
    const r = await confirmedReceipt(app.deps.db, app.deps.config, clock.now());
    url = `${web.base}/r/${r.receipt.verificationCode}`;
    facts = { number: r.receipt.number, caseNumber: r.caseNumber, poundEn: r.pound.name, poundHi: r.pound.nameHi };
    part = await confirmedPartReceipt(app.deps.db, config, clock.now());
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  const open = async (locale: string, at = url) => {
    // No JavaScript: the page must work without it. Every request the page makes is recorded (no third party).
    const context = await phoneContext(browser, locale);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (req) => requested.push(req.url()));
    const res = await page.goto(at);
    return { context, page, res, requested };
  };

  it('shows the receipt in Hindi to a Hindi browser, fitting a 360 px screen', async () => {
    const { context, page, res, requested } = await open('hi-IN');
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    const text = (await page.textContent('main')) ?? '';
    for (const fact of [
      'असली रसीद',
      facts.number,
      facts.caseNumber,
      facts.poundHi,
      '₹940.00',
      'धारा 13',
      'कांजी हाउस प्रभारी',
      '29 नवंबर 2026',
    ])
      expect(text).toContain(fact);
    expect(text).not.toMatch(/Ramesh|Suresh/);
    expect(requested.every((u) => u.startsWith('http://127.0.0.1:'))).toBe(true);
    const box = await page.locator('main').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(SHOTS, 'receipt-hi.png'), fullPage: true });
    // The switch link opens the English page.
    await page.click('a[hreflang="en"]');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await context.close();
  });

  it('shows the receipt in English to an English browser', async () => {
    const { context, page, res } = await open('en-IN');
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const text = (await page.textContent('main')) ?? '';
    for (const fact of [
      'Genuine receipt',
      facts.number,
      facts.caseNumber,
      facts.poundEn,
      '₹940.00',
      's. 13',
      'pound-keeper',
      '29 Nov 2026, 4:05 pm',
    ])
      expect(text).toContain(fact);
    // A receipt of the whole entry lists no heads.
    expect(await page.locator('ul.heads').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'receipt-en.png'), fullPage: true });
    await context.close();
  });

  it("shows a part receipt's heads (and only them) in Hindi and English, fitting a 360 px screen", async () => {
    const partUrl = url.replace(/\/r\/.*/, `/r/${part.receipt.verificationCode}`);
    const [mine, coOwners, nobodys] = part.heads;
    for (const [locale, label, note] of [
      ['hi-IN', `गाय, ${mine!.description}`, 'यह रसीद केवल यहाँ लिखे पशु के लिए है; प्रकरण के अन्य पशुओं के लिए नहीं।'],
      [
        'en-IN',
        `Cow, ${mine!.description}`,
        'This receipt covers only the animal listed here; it does not cover the other animals of the case.',
      ],
    ] as const) {
      const { context, page, res } = await open(locale, partUrl);
      expect(res?.status()).toBe(200);
      // The description as the register has it (& " < > shown as text, not markup), one item: the co-owner's head is not there.
      expect(await page.locator('ul.heads li').allTextContents()).toEqual([label]);
      const text = (await page.textContent('main')) ?? '';
      expect(text).toContain(note);
      for (const other of [coOwners!, nobodys!]) expect(text).not.toContain(other.description);
      expect(text).not.toMatch(/Suresh|Mahesh|Dinesh/);
      expect((await page.locator('main').boundingBox())!.width).toBeLessThanOrEqual(360);
      await page.screenshot({ path: path.join(SHOTS, `receipt-part-${locale.slice(0, 2)}.png`), fullPage: true });
      await context.close();
    }
  });

  it('shows "not verified" for an unknown code', async () => {
    const context = await phoneContext(browser, 'hi-IN');
    const page = await context.newPage();
    const res = await page.goto(url.replace(/\/r\/.*/, '/r/ZZZZ2222'));
    expect(res?.status()).toBe(404);
    expect(await page.textContent('main')).toContain('सत्यापित नहीं');
    await page.screenshot({ path: path.join(SHOTS, 'receipt-unknown-hi.png'), fullPage: true });
    await context.close();
  });
});
