import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIGURES, takeSnapshot, type StatsView } from '../../../src/services/open-data';
import { knownSums, plainSubtractions, publishedCells, recoverable } from '../../integration/open-data/recover';
import { caseFixture } from '../../support/case-builder';
import { launchChromium, phoneContext, SHOTS, startWebWorkers, type WebWorkers } from '../../support/browser';

// Open pound data (GET /stats, /stats/d/<district>, /stats/p/<pound>, /stats/v1/…) in a real browser: Debian's
// Chromium driven by playwright-core, in Hindi and English, at a 360 px phone and at desktop width, with the charts
// drawn by uPlot from this server (CSP 'self'). The jobs runtime of the workers takes the first daily snapshot itself;
// the register then gets a year of entries in the demo district and the snapshot is taken again. Screenshots go to
// docs/screenshots/.

/** Names and a phone-like number the register holds: none may reach a page or the API. */
const PRIVATE = ['Ramesh Kumar', 'Bhanwar Lal', '9876543210', 'Kunda'];

describe('open pound data in Chromium', { timeout: 120_000 }, () => {
  let web: WebWorkers;
  let browser: Browser;
  let base = '';

  beforeAll(async () => {
    web = await startWebWorkers('2026-11-29T16:05:00+05:30');
    base = web.base;
    const db = web.app.deps.db;
    // The jobs runtime plans today's snapshot at start; the deadline worker takes it.
    for (let i = 0; i < 100 && (await db.openDataStock.count()) === 0; i++)
      await new Promise((r) => setTimeout(r, 200));
    expect(await db.openDataStock.count()).toBeGreaterThan(0);
    // A year of register entries at JAI1 and JAI2: three to six a month, some released under s. 13 or s. 15.
    for (let m = 0; m < 12; m++)
      for (let k = 0; k < 3 + (m % 4); k++) {
        const at = new Date(Date.UTC(2025, 11 + m, 2 + k * 4, 5, 0));
        const built = await caseFixture(db, {
          pound: k % 2 ? 'JAI2' : 'JAI1',
          impoundedAt: at,
          place: 'Kunda',
          seizerName: 'Bhanwar Lal',
          ownerName: 'Ramesh Kumar 9876543210',
          heads: [
            ['cow', 'brown'],
            ['buffalo', 'black'],
          ],
        }).build();
        if (k % 3 === 2) continue;
        await db.release.create({
          data: {
            caseId: built.id,
            basis: k % 3 ? 'S15_DEPOSIT' : 'S13_PAYMENT',
            headCount: 2,
            releasedAt: new Date(at.getTime() + 3 * 86_400_000),
          },
        });
        await db.head.updateMany({ where: { caseId: built.id }, data: { status: 'RELEASED' } });
        await db.ledgerEntry.create({
          data: {
            caseId: built.id,
            account: 'DISTRICT_MAGISTRATE',
            amountPaise: 20_000,
            section: 's. 17',
            idempotencyKey: `t:${built.id}:fine`,
            createdAt: new Date(at.getTime() + 3 * 86_400_000),
          },
        });
      }
    await takeSnapshot(web.app.deps);
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
  });

  const open = async (locale: string, url: string, width: number) => {
    const context =
      width === 360
        ? await phoneContext(browser, locale, { javaScript: true })
        : await browser.newContext({ viewport: { width, height: 900 }, locale, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const requested: string[] = [];
    const problems: string[] = [];
    page.on('request', (req) => requested.push(req.url()));
    // A script or stylesheet refused (CSP) or missing is an error; the browser's own favicon request is not ours.
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) problems.push(msg.text());
    });
    page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`${r.status()} ${r.url()}`);
    });
    page.on('pageerror', (err) => problems.push(err.message));
    const res = await page.goto(url);
    return { context, page, res, requested, problems };
  };

  for (const [lang, locale, width, words] of [
    ['hi', 'hi-IN', 360, ['एक नज़र में', 'कांजी हाउस में बंद किए गए', '< 3', 'धारा 17', 'धारा 14 का परंतुक', '“x”']],
    ['en', 'en-IN', 360, ['At a glance', 'Cattle impounded this year', '< 3', 's. 17', 's. 14, proviso', '“x”']],
    ['hi', 'hi-IN', 1280, ['महीने-दर-महीने', 'लंबित प्रकरण']],
    ['en', 'en-IN', 1280, ['Month by month', 'Cases pending, by days in the pound']],
  ] as const) {
    it(`the district and a pound in ${lang} at ${width} px: figures, tables beside drawn charts, nothing private`, async () => {
      for (const [kind, code] of [
        ['d', 'RJ-JAIPUR'],
        ['p', 'JAI1'],
      ] as const) {
        const { context, page, res, requested, problems } = await open(locale, `${base}/stats/${kind}/${code}`, width);
        expect(res?.status()).toBe(200);
        expect(await page.getAttribute('html', 'lang')).toBe(lang);
        const text = (await page.textContent('main')) ?? '';
        for (const w of words) expect(text).toContain(w);
        for (const p of PRIVATE) expect(await page.content()).not.toContain(p);
        // Two charts, each drawn on a canvas by uPlot from this server, each with its table.
        await page.waitForSelector('[data-chart="months"][data-drawn] canvas');
        expect(await page.locator('[data-chart] canvas').count()).toBe(2);
        expect(await page.locator('section table').count()).toBeGreaterThanOrEqual(4);
        expect(problems).toEqual([]);
        expect(requested.every((u) => u.startsWith(base))).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(SHOTS, `stats-${kind}-${lang}-${width}.png`), fullPage: true });
        await context.close();
      }
    });
  }

  it('the list of districts in Hindi, and the switch to English', async () => {
    const { context, page, res } = await open('hi-IN', `${base}/stats`, 360);
    expect(res?.status()).toBe(200);
    const text = (await page.textContent('main')) ?? '';
    for (const w of ['जयपुर', 'पुणे', 'आमेर कांजी हाउस', '< 3']) expect(text).toContain(w);
    await page.screenshot({ path: path.join(SHOTS, 'stats-index-hi-360.png'), fullPage: true });
    await page.click('a[hreflang="en"]');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.textContent('main')).toContain('Jaipur');
    await context.close();
  });

  it('no "< 3" can be worked out from the district’s and its pounds’ JSON; "x" only beside a "< 3"', async () => {
    const get = async (path: string) => (await (await fetch(`${base}/stats/v1/${path}.json`)).json()) as StatsView;
    const d = await get('district/RJ-JAIPUR');
    const pounds = await Promise.all(d.pounds.map((p) => get(`pound/${p.code}`)));
    let small = 0;
    for (const f of FIGURES) {
      const cells = publishedCells(d, pounds, f.name, f.kind === 'stock');
      const sums = knownSums(
        cells,
        pounds.map((p) => p.scope.code),
        d.months.map((m) => m.month),
        d.today.slice(0, 4),
      );
      const mine = [...cells].filter(([, x]) => x === '< 3').map(([k]) => k);
      small += mine.length;
      expect(plainSubtractions(cells, sums), f.name).toEqual([]);
      expect(recoverable(cells, sums, mine), f.name).toEqual([]);
      if ([...cells.values()].includes('x')) expect(mine.length, f.name).toBeGreaterThan(0);
    }
    // The year's entries put one or two in many a pound-month: the rule and its protection are both at work.
    expect(small).toBeGreaterThan(0);
    expect(JSON.stringify([d, ...pounds])).toContain('"x"');
  });

  it('the cattle in the pound now: a release today is on the page within half a minute', async () => {
    const db = web.app.deps.db;
    const inPound = async () => {
      const { context, page } = await open('en-IN', `${base}/stats/p/JAI1?lang=en`, 1280);
      const dd = page.locator('dl.glance div', { hasText: 'Cattle in the pound now' }).locator('dd');
      const n = Number(((await dd.textContent()) ?? '').replace(/,/g, ''));
      const note = (await page.textContent('#pending + section')) ?? '';
      await context.close();
      return { n, note };
    };
    web.clock.advance(31_000);
    const before = await inPound();
    expect(before.n).toBeGreaterThanOrEqual(5);
    // One JAI1 entry still in the pound goes back to its owner now (both heads, s. 13).
    const c = await db.case.findFirst({
      where: { pound: { code: 'JAI1' }, heads: { some: { status: 'IMPOUNDED' } } },
      select: { id: true, heads: { where: { status: 'IMPOUNDED' }, select: { id: true } } },
      orderBy: { id: 'desc' },
    });
    await db.release.create({
      data: { caseId: c!.id, basis: 'S13_PAYMENT', headCount: c!.heads.length, releasedAt: web.clock.now() },
    });
    await db.head.updateMany({ where: { caseId: c!.id }, data: { status: 'RELEASED' } });
    web.clock.advance(31_000);
    const after = await inPound();
    expect(after.n).toBe(before.n - c!.heads.length);
    expect(after.note).toContain('refreshed every half minute');
  });

  it('the API: JSON and CSV with the date computed; an unknown code is 404', async () => {
    const json = await fetch(`${base}/stats/v1/district/RJ-JAIPUR.json`);
    expect(json.status).toBe(200);
    const body = (await json.json()) as {
      version: number;
      computedAt: string;
      months: unknown[];
      glance: Record<string, unknown>;
    };
    expect(body.version).toBe(1);
    expect(body.computedAt).toMatch(/^2026-11-29T/);
    expect(body.months).toHaveLength(24);
    expect(body.glance.impounded_year).toBeGreaterThanOrEqual(3);
    const csv = await (await fetch(`${base}/stats/v1/pound/JAI1.csv`)).text();
    expect(csv.split('\r\n')[0]).toBe('scope,code,computed_at,as_of,group,figure,period,value,unit,section');
    expect(csv).toContain('pound,JAI1,');
    for (const p of PRIVATE) expect(csv + JSON.stringify(body)).not.toContain(p);
    expect((await fetch(`${base}/stats/v1/pound/NOPE.json`)).status).toBe(404);
    expect((await fetch(`${base}/stats/p/%3Cx%3E`)).status).toBe(404);
    const list = (await (await fetch(`${base}/stats/v1/districts.json`)).json()) as {
      districts: Array<{ code: string }>;
    };
    expect(list.districts.map((d) => d.code)).toEqual(['MH-PUNE', 'RJ-JAIPUR']);
  });
});
