import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, phoneContext, SHOTS, startWebWorkers, type WebWorkers } from '../../support/browser';

// The public case page (GET /c/<number>) in a real browser: Debian's Chromium driven by playwright-core, no JavaScript,
// at a 360×740 phone viewport, in Hindi and English, for a case in the pound (the last day to claim) and a case whose
// notice is posted and auction fixed, and for an unknown number. The demo district's cases carry their drawn sample photos.
// Screenshots go to docs/screenshots/ (linked from the README).

/** Names the register holds for the demo cases (seizer, owner, staff) and a phone number: none may reach the page. */
const PRIVATE = ['Demo Seizer', 'Ramesh Kumar', 'Bhanwar', 'Suresh', '9876543210'];
/** An Indian mobile number, with or without +91 and separators, anywhere in the HTML. */
const PHONE = /(?:\+?91[\s-]?)?[6-9]\d{4}[\s-]?\d{5}/;

describe('case page in Chromium', { timeout: 90_000 }, () => {
  let web: WebWorkers;
  let browser: Browser;
  let base = '';
  const cases = { inPound: '', auction: '' };

  beforeAll(async () => {
    web = await startWebWorkers('2026-11-29T16:05:00+05:30', { BOT_USERNAME: 'kanji_sahayak_bot' });
    base = web.base;
    const db = web.app.deps.db;
    const demo = await db.case.findMany({ orderBy: { id: 'asc' } });
    cases.inPound = demo[0]!.number;
    // The register's private columns hold names and a phone-like number: the page must not show them.
    await db.case.update({
      where: { id: demo[0]!.id },
      data: { ownerName: 'Ramesh Kumar 9876543210', ownerResidence: 'Kunda', seizerName: 'Bhanwar Lal' },
    });
    // The nine-day-old demo case: reported, notice posted, and an auction fixed (as the officer's flows would leave it).
    const sold = demo[1]!;
    cases.auction = sold.number;
    await db.case.update({
      where: { id: sold.id },
      data: {
        status: 'AUCTION_SCHEDULED',
        reportedAt: new Date('2026-11-28T10:00:00+05:30'),
        noticePostedAt: new Date('2026-11-28T12:00:00+05:30'),
      },
    });
    await db.auction.create({
      data: {
        caseId: sold.id,
        scheduledFor: new Date('2026-12-07T11:00:00+05:30'),
        place: 'Amer cattle market',
        conditions: 'Cash on the fall of the hammer',
      },
    });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  const open = async (locale: string, at: string) => {
    const context = await phoneContext(browser, locale);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (req) => requested.push(req.url()));
    const res = await page.goto(at);
    return { context, page, res, requested };
  };

  /** Every photo on the page is loaded from this server and drawn (a broken image has naturalWidth 0). */
  const photosShown = async (page: Awaited<ReturnType<typeof open>>['page']) => {
    const imgs = page.locator('ul.cattle img');
    const n = await imgs.count();
    for (let i = 0; i < n; i++)
      expect(await imgs.nth(i).evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(96);
    return n;
  };

  it('a case in the pound, in Hindi: cattle with photos, place, pound, last day to claim — no dues, no money', async () => {
    const { context, page, res, requested } = await open('hi-IN', `${base}/c/${cases.inPound}`);
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    const text = (await page.textContent('main')) ?? '';
    for (const fact of [
      cases.inPound,
      'कांजी हाउस में',
      'black, curved horns',
      'black, white patch on forehead',
      'Kunda',
      'आमेर कांजी हाउस',
      'Near Tehsil Office, Amer, Jaipur',
      'तक दावा करें',
      'नीलामी',
      'तय नहीं हुई',
      'टेलीग्राम में खोलें',
    ])
      expect(text).toContain(fact);
    expect(text).not.toContain('₹');
    expect(await photosShown(page)).toBe(2);
    // The pound's position as recorded (the demo JAI1: 26.9855, 75.8513) is a link to a map; its hours in Hindi.
    const map = await page.getAttribute('a[href*="openstreetmap.org"]', 'href');
    expect(map).toContain('mlat=26.9855');
    expect(map).toContain('mlon=75.8513');
    expect(text).toContain('रोज़ सुबह 8 बजे से शाम 6 बजे तक');
    expect(await page.getAttribute('a.tg', 'href')).toBe(`https://t.me/kanji_sahayak_bot?start=case_${cases.inPound}`);
    expect(requested.every((u) => u.startsWith(base))).toBe(true);
    expect((await page.locator('main').boundingBox())!.width).toBeLessThanOrEqual(360);
    // Nothing wider than the phone: no horizontal scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(SHOTS, 'case-hi.png'), fullPage: true });
    await page.click('a[hreflang="en"]');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await context.close();
  });

  it('the same case in English', async () => {
    const { context, page, res } = await open('en-IN', `${base}/c/${cases.inPound}`);
    expect(res?.status()).toBe(200);
    const text = (await page.textContent('main')) ?? '';
    for (const fact of ['In the pound', 'Amer Pound', 'Claim them before', 'Not fixed']) expect(text).toContain(fact);
    expect(text).not.toContain('₹');
    expect(await photosShown(page)).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(SHOTS, 'case-en.png'), fullPage: true });
    await context.close();
  });

  it('a case whose auction is fixed, in Hindi and English: the date and place of the auction', async () => {
    for (const [locale, facts] of [
      [
        'hi-IN',
        ['नीलामी', '7 दिसंबर 2026, सुबह 11:00 बजे', 'Amer cattle market', 'सूचना चस्पा की गई (धारा 14)28 नवंबर 2026'],
      ],
      [
        'en-IN',
        [
          'Auction',
          '7 Dec 2026, 11:00 am',
          'Amer cattle market',
          'Auction scheduled (s. 14)',
          'Notice posted (s. 14)28 Nov 2026',
          'May be sold at auction from6 Dec 2026',
        ],
      ],
    ] as const) {
      const { context, page, res } = await open(locale, `${base}/c/${cases.auction}`);
      expect(res?.status()).toBe(200);
      const text = (await page.textContent('main')) ?? '';
      for (const fact of facts) expect(text).toContain(fact);
      expect(await photosShown(page)).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: path.join(SHOTS, `case-auction-${locale.slice(0, 2)}.png`), fullPage: true });
      await context.close();
    }
  });

  it('an unknown or malformed number gets the same 404 page', async () => {
    const pages: string[] = [];
    for (const n of ['JAI1-2026-999', 'not-a-case', 'JAI1-2026-1%3Cscript%3E']) {
      const res = await fetch(`${base}/c/${n}`, { headers: { 'accept-language': 'hi' } });
      expect(res.status).toBe(404);
      pages.push(await res.text());
    }
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).not.toContain('<script');
    const { context, page, res } = await open('hi-IN', `${base}/c/JAI1-2026-999`);
    expect(res?.status()).toBe(404);
    expect(await page.textContent('main')).toContain('ऐसा कोई प्रकरण नहीं');
    await page.screenshot({ path: path.join(SHOTS, 'case-unknown-hi.png'), fullPage: true });
    await context.close();
  });

  it('no name or phone number anywhere in the HTML, in either language; a script-free, same-origin page', async () => {
    for (const n of [cases.inPound, cases.auction])
      for (const lang of ['hi', 'en']) {
        const res = await fetch(`${base}/c/${n}?lang=${lang}`);
        const html = await res.text();
        for (const p of PRIVATE) expect(html).not.toContain(p);
        // A photo's random public name is 32 hex digits, which may hold ten decimal digits in a row by chance.
        expect(html.replace(/\/photo\/[0-9a-f]{32}/g, '/photo/KEY')).not.toMatch(PHONE);
        expect(html).not.toMatch(/<script/i);
        expect(res.headers.get('content-security-policy')).toContain("img-src 'self'");
        expect(res.headers.get('content-security-policy')).not.toContain('script-src');
      }
  });
});
