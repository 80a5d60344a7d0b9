import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MobileVault } from '../../../src/services/sms';
import { deskShot, launchChromium, pageWidth } from '../../support/browser';
import { startDeskWorld, type DeskWorld } from '../../support/desk';

// The owner's mobile as a column of the paper register's import, in Chromium (SMS set up), in Hindi and English: the
// dry run says per row, in the reader's language, that a number is not a mobile or once asked to stop, and shows no
// number in its table; the import records the numbers as the seizure form does (sealed, under a function under law,
// a stopped one stopped and sent nothing), with no number in the audit or in any job.
const KEY = Buffer.alloc(32, 5).toString('base64');
const GOOD = '9876543210';
const STOPPED = '9123456780';
const BAD = '12345';

describe('staff desk: the owner’s mobile in the paper register’s import', { timeout: 180_000 }, () => {
  let w: DeskWorld;
  let browser: Browser;
  beforeAll(async () => {
    w = await startDeskWorld({ SMS_PROVIDER: 'fake', SMS_DATA_KEY: KEY });
    // This number once replied STOP.
    await w.app.deps.db.smsOptOut.create({
      data: { numberTag: new MobileVault(KEY).tag(STOPPED), stoppedAt: w.clock.now(), via: 'sms' },
    });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  for (const lang of ['hi', 'en'] as const)
    it(`checks and records the owner's mobile of each row (${lang})`, async () => {
      const db = w.app.deps.db;
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: `${lang}-IN` });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const hash = new URLSearchParams({ tgWebAppData: w.initData('keeper', { lang }), tgWebAppVersion: '8.0' });
      await page.goto(`${w.base}/desk?view=seize#${hash.toString()}`);
      await page.click('a[href*="/desk/v/import"]');
      await page.locator('form.import').first().waitFor({ timeout: 15_000 });
      const s = `M${lang}`;
      const csv = [
        'क्रमांक,कांजी हाउस में लाने का समय,पशु का प्रकार,पशुओं की संख्या,विवरण,जब्ती का स्थान,जब्त करने वाला,स्वामी का मोबाइल,SMS language',
        `${s}1,2026-11-05 09:00,गाय,1,सफ़ेद गाय,कूकस,रामलाल,+91 ${GOOD.slice(0, 5)} ${GOOD.slice(5)},English`,
        `${s}2,2026-11-05 10:00,गाय,1,भूरी गाय,कूकस,रामलाल,${BAD},`,
        `${s}3,2026-11-05 11:00,भैंस,1,काली भैंस,कूकस,रामलाल,${STOPPED},`,
        `${s}4,2026-11-05 12:00,भैंस,1,भूरी भैंस,कूकस,रामलाल,,`,
      ].join('\n');
      await page.fill('textarea[name="csv"]', csv);
      const checked = page.waitForResponse(
        (r) => r.url().includes('/desk/v/import') && r.request().method() === 'POST',
      );
      await page.click('form.import button');
      const answer = await (await checked).text();
      await page.locator('table.import').waitFor({ timeout: 15_000 });
      const rows = await page.locator('table.import tbody tr').allTextContents();
      expect(rows).toHaveLength(4);
      const says = (en: string, hi: string) => (lang === 'en' ? en : hi);
      expect(rows[0]).toContain(says('recorded for SMS about this case only', 'केवल इसी प्रकरण के SMS के लिए दर्ज'));
      expect(rows[1]).toContain(says('is not an Indian mobile number', 'भारतीय मोबाइल नंबर नहीं है'));
      expect(rows[1]).toContain(says("Owner's mobile", 'स्वामी का मोबाइल'));
      expect(rows[2]).toContain(says('once replied STOP', 'STOP लिखकर जवाब दिया था'));
      expect(await page.locator('tr[data-mobile="stopped"] td.bad').count()).toBe(1);
      expect(await page.locator('tr[data-status="unreadable"]').count()).toBe(1);
      // The outcomes name no number (the keeper's own file stays in its box, to be imported as checked).
      const table = answer.slice(answer.indexOf('<table class="import"'), answer.indexOf('</table>'));
      for (const n of [GOOD, GOOD.slice(5), STOPPED, BAD]) expect(table).not.toContain(n);
      expect(await pageWidth(page)).toBeLessThanOrEqual(360);
      if (lang === 'hi') await deskShot(page, 'import-mobile-hi');
      const casesBefore = await db.case.count();
      await page.click('form.import:has(input[value="import"]) button');
      await page.locator('tr[data-status="entered"]').first().waitFor({ timeout: 15_000 });
      expect(await db.case.count()).toBe(casesBefore + 3);
      const entered = await db.case.findMany({
        where: { registerKey: { contains: `:${s.toUpperCase()}` } },
        include: { ownerMobiles: true },
        orderBy: { id: 'asc' },
      });
      expect(entered.map((c) => c.ownerMobiles.length)).toEqual([1, 1, 0]);
      const [good, stopped] = [entered[0]!.ownerMobiles[0]!, entered[1]!.ownerMobiles[0]!];
      const vault = new MobileVault(KEY);
      expect(vault.open(good.cipher!)).toBe(GOOD);
      expect(good).toMatchObject({ basis: 'LEGAL_FUNCTION', language: 'en', stoppedAt: null, last4: '3210' });
      expect(stopped.stoppedAt).not.toBeNull();
      expect(stopped.language).toBe('hi');
      // The registration SMS is queued for the good number only, by ids; no number in a job or the audit.
      const jobs = await db.outboxEntry.findMany({ where: { jobName: 'sms' } });
      const mine = jobs.filter((j) => (j.payload as { caseId?: number }).caseId === entered[0]!.id);
      expect(mine).toHaveLength(1);
      expect(jobs.filter((j) => (j.payload as { caseId?: number }).caseId === entered[1]!.id)).toEqual([]);
      const audits = await db.auditEvent.findMany({ where: { caseId: { in: entered.map((c) => c.id) } } });
      const written = JSON.stringify([jobs.map((j) => j.payload), audits.map((a) => a.details)]);
      for (const n of [GOOD, STOPPED, GOOD.slice(5)]) expect(written).not.toContain(n);
      expect(audits.find((a) => a.action === 'owner_mobile.record')?.details).toMatchObject({ masked: '******3210' });
      expect(w.errors()).not.toContain(GOOD);
      expect(errors).toEqual([]);
      await context.close();
    });
});
