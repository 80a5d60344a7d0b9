import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workList } from '../../../src/services/desk';
import { windowsFromConfig } from '../../../src/services/dues';
import { DESK_WIDTHS, deskShot, launchChromium, pageWidth } from '../../support/browser';
import { caseFixture } from '../../support/case-builder';
import { actorOf, ist } from '../../support/case-fixture';
import { DESK_PEOPLE, type DeskPerson, type DeskWorld, startDeskWorld } from '../../support/desk';

// Today, per role, in Chromium at 360 px and 1280 px: the keeper sees the s. 14 report the bot makes for him on its
// day (late when the day has passed without it), the officer never does — his work begins with the notice; an
// auction that may be fixed since a day past is "may be done now", never "late"; the staff table fits a phone.

describe('Today per role, and the staff table (Chromium)', { timeout: 180_000 }, () => {
  let w: DeskWorld;
  let browser: Browser;
  let noticed = '';

  beforeAll(async () => {
    w = await startDeskWorld();
    const db = w.app.deps.db;
    // At the officer's pound: reported and noticed weeks ago, proclaimed; the auction may be fixed since.
    const officer = await actorOf(db, DESK_PEOPLE.officer.id);
    const c = await caseFixture(db, { pound: 'JAI2', impoundedAt: '2026-11-01T09:00:00+05:30', place: 'Samod' })
      .reported(ist('2026-11-09 00:00'))
      .noticed(officer, { postedAt: ist('2026-11-09 10:00') })
      .build();
    noticed = c.number;
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  it('gives each role its own work: the s. 14 report to the keeper only; an auction open since is not late', async () => {
    const db = w.app.deps.db;
    const windows = windowsFromConfig(w.app.deps.config);
    const of = async (p: DeskPerson) => workList(db, await actorOf(db, DESK_PEOPLE[p].id), w.clock.now(), windows);
    const keeper = await of('keeper');
    const kunda = keeper.find((i) => i.caseNumber === w.cases.JAI1[0]);
    // Impounded 20 Nov: the report was due from 28 Nov and the bot has not made it (no officer reached): late.
    expect(kunda).toMatchObject({ kind: 'report_due', overdue: true, open: false });
    const officer = await of('officer');
    expect(officer.filter((i) => i.kind === 'report_due')).toEqual([]);
    const auction = officer.find((i) => i.caseNumber === noticed);
    expect(auction).toMatchObject({ kind: 'auction_from', overdue: false, open: true });
    expect(auction!.date < '2026-11-29').toBe(true);
    expect(officer.filter((i) => i.overdue && i.kind === 'auction_from')).toEqual([]);
    // The Magistrate's office: neither the report nor the officer's auction.
    const magistrate = await of('magistrate');
    expect(magistrate.filter((i) => i.kind === 'report_due' || i.kind === 'auction_from')).toEqual([]);
  });

  const open = async (person: DeskPerson, lang: 'en' | 'hi', viewport: { width: number; height: number }) => {
    const context = await browser.newContext({ viewport, locale: `${lang}-IN`, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const hash = new URLSearchParams({ tgWebAppData: w.initData(person, { lang }), tgWebAppVersion: '8.0' });
    await page.goto(`${w.base}/desk#${hash.toString()}`);
    await page.locator('h1').waitFor({ timeout: 15_000 });
    return { context, page };
  };
  const fits = async (page: Page, width: number) => expect(await pageWidth(page)).toBeLessThanOrEqual(width);
  const shot = deskShot;

  for (const [size, viewport] of DESK_WIDTHS)
    it(`shows the officer's and the keeper's Today, each its own (${size})`, async () => {
      for (const lang of ['en', 'hi'] as const) {
        const o = await open('officer', lang, viewport);
        const section = o.page.locator('section[data-group="open"]');
        await section.waitFor();
        expect(await section.locator('h2').textContent()).toBe(
          lang === 'en' ? 'May be done now' : 'अभी किया जा सकता है',
        );
        expect(await section.locator('li[data-kind="auction_from"]').count()).toBeGreaterThan(0);
        expect(await o.page.locator('section[data-group="overdue"] li[data-kind="auction_from"]').count()).toBe(0);
        expect(await o.page.locator('li[data-kind="report_due"]').count()).toBe(0);
        await fits(o.page, viewport.width);
        if (size === 'phone') await shot(o.page, `today-officer-${lang}`);
        await o.context.close();
        const k = await open('keeper', lang, viewport);
        const late = k.page.locator('section[data-group="overdue"] li[data-kind="report_due"]');
        await late.first().waitFor();
        expect(await late.first().textContent()).toMatch(
          lang === 'en' ? /the bot sends it by itself/ : /बॉट अपने आप भेजता है/,
        );
        await fits(k.page, viewport.width);
        if (size === 'phone') await shot(k.page, `today-keeper-${lang}`);
        await k.context.close();
      }
    });

  for (const [size, viewport] of DESK_WIDTHS)
    it(`fits the staff table on the screen, each grant with its revoke button (${size})`, async () => {
      for (const lang of ['en', 'hi'] as const) {
        const { context, page } = await open('magistrate', lang, viewport);
        await page.click(`nav a:has-text("${lang === 'en' ? 'Staff' : 'कर्मचारी'}")`);
        await page.locator('table.staff tbody tr').first().waitFor();
        await fits(page, viewport.width);
        // Every revoke button inside the screen, not behind a sideways scroll.
        const right = await page.evaluate(() =>
          Math.max(
            ...Array.from(document.querySelectorAll('table.staff button'), (b) => b.getBoundingClientRect().right),
          ),
        );
        expect(right).toBeLessThanOrEqual(viewport.width);
        const scroller = await page.evaluate(() => {
          const s = document.querySelector('table.staff')?.closest('.scroll');
          return s ? s.scrollWidth - s.clientWidth : 0;
        });
        expect(scroller).toBeLessThanOrEqual(0);
        if (size === 'phone') await shot(page, `staff-${lang}`);
        await context.close();
      }
    });
});
