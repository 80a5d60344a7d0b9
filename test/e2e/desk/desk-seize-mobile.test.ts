import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MobileVault } from '../../../src/services/sms';
import { launchChromium, SHOTS } from '../../support/browser';
import { startDeskWorld, type DeskWorld } from '../../support/desk';

// The owner's mobile on the desk's seizure form (SMS configured): recorded as the chat's /register records it — sealed
// at once, under a function under law (SMS about this case only, no consent asked; the form says so and how to stop),
// audited with the masked number only — and the number never written back into a page. A number that is not an
// Indian mobile: 422 with the reason, nothing saved. Without SMS the form does not ask.
const KEY = Buffer.alloc(32, 7).toString('base64');

describe('staff desk: the owner’s mobile on the seizure form', { timeout: 120_000 }, () => {
  let w: DeskWorld;
  let browser: Browser;
  beforeAll(async () => {
    w = await startDeskWorld({ SMS_PROVIDER: 'fake', SMS_DATA_KEY: KEY });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  const post = async (body: Record<string, string>) =>
    fetch(`${w.base}/desk/v/seize`, {
      method: 'POST',
      headers: { 'x-telegram-init-data': w.initData('keeper'), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const formKey = async () => {
    const html = await (
      await fetch(`${w.base}/desk/v/seize?lang=en`, { headers: { 'x-telegram-init-data': w.initData('keeper') } })
    ).text();
    expect(html).toContain('name="mobile"');
    expect(html).toContain('his consent is not asked');
    return /name="key" value="([0-9a-f-]{36})"/.exec(html)![1]!;
  };
  const entry = (key: string, mobile: string) => ({
    key,
    lang: 'en',
    pound: String(w.pounds.JAI1),
    impounded: '2026-11-29T12:00',
    class1: 'cow',
    count1: '1',
    desc1: 'red cow',
    place: 'Kukas',
    seizer: 'Ram Lal',
    seizer_residence: 'Kukas',
    mobile,
    mobile_language: 'hi',
  });

  it('records the mobile sealed, with the SMS language and the basis in law; refuses a number that is not one', async () => {
    const db = w.app.deps.db;
    const before = await db.case.count();
    const bad = await post(entry(await formKey(), '12345'));
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(badHtml).toContain('not an Indian mobile number');
    expect(badHtml).not.toContain('12345');
    expect(await db.case.count()).toBe(before);
    const ok = await post(entry(await formKey(), '+91 98765 43210'));
    expect(ok.status).toBe(200);
    const html = await ok.text();
    expect(html).not.toContain('9876543210');
    const c = await db.case.findFirstOrThrow({ orderBy: { id: 'desc' }, include: { ownerMobiles: true } });
    expect(c.ownerMobiles).toHaveLength(1);
    const m = c.ownerMobiles[0]!;
    expect(m.last4).toBe('3210');
    expect(m.language).toBe('hi');
    expect(new MobileVault(KEY).open(m.cipher!)).toBe('9876543210');
    const audit = await db.auditEvent.findFirstOrThrow({ where: { caseId: c.id, action: 'owner_mobile.record' } });
    expect(JSON.stringify(audit.details)).not.toContain('9876543210');
    expect(audit.details).toMatchObject({ masked: '******3210', language: 'hi' });
  });

  it('shows the field with its rule in Chromium, in Hindi, at a phone width', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'hi-IN' });
    const page = await context.newPage();
    const hash = new URLSearchParams({ tgWebAppData: w.initData('keeper', { lang: 'hi' }), tgWebAppVersion: '8.0' });
    await page.goto(`${w.base}/desk?view=seize#${hash.toString()}`);
    await page.locator('fieldset.mobile').waitFor({ timeout: 15_000 });
    expect(await page.textContent('fieldset.mobile')).toContain('सहमति नहीं पूछी जाती');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.locator('fieldset.mobile').screenshot({ path: path.join(SHOTS, 'desk-seize-mobile-hi.png') });
    await context.close();
  });
});
