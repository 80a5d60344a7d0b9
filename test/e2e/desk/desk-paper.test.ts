import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_ENTRY_AUDIT } from '../../../src/services/register';
import { launchChromium, phoneContext } from '../../support/browser';
import { startDeskWorld, type DeskPerson, type DeskWorld } from '../../support/desk';

// A pound starts with the bot on 29 Nov 2026 (the desk world's clock, 16:05 IST): its paper register's case of
// 1 Nov had its s. 14 report, notice and both drum proclamations on 17 Nov — twelve days ago. The keeper enters it
// from the desk's seizure form with "steps already taken on paper"; the register shows it as a back-entry.
describe('staff desk: a seizure entered from the paper register with its s. 14 steps', { timeout: 120_000 }, () => {
  let w: DeskWorld;
  let browser: Browser;
  beforeAll(async () => {
    w = await startDeskWorld();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  /** The keeper's desk in a phone's browser, at the "New entry" tab. */
  async function keeperAtNewEntry(): Promise<Page> {
    const page = await (await phoneContext(browser, 'en-IN', { javaScript: true })).newPage();
    const hash = new URLSearchParams({ tgWebAppData: w.initData('keeper', { lang: 'en' }), tgWebAppVersion: '8.0' });
    await page.goto(`${w.base}/desk#${hash.toString()}`);
    await page.locator('h1').first().waitFor({ timeout: 15_000 });
    await page.click('nav a:has-text("New entry")');
    return page;
  }

  const post = (person: DeskPerson, url: string, body: unknown) =>
    fetch(`${w.base}${url}`, {
      method: 'POST',
      headers: { 'x-telegram-init-data': w.initData(person), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const formKey = async () => {
    const form = await (
      await fetch(`${w.base}/desk/v/seize?lang=en`, { headers: { 'x-telegram-init-data': w.initData('keeper') } })
    ).text();
    expect(form).toContain('name="paper_report"');
    return /name="key" value="([0-9a-f-]{36})"/.exec(form)![1]!;
  };
  const entry = (key: string, lang = 'en') => ({
    key,
    lang,
    pound: String(w.pounds.JAI1),
    impounded: '2026-11-01T09:00',
    class1: 'buffalo',
    count1: '2',
    desc1: 'black buffaloes from the paper register',
    place: 'Chomu',
    seizer: 'Hari Ram',
    seizer_residence: 'Chomu',
    paper_report: '2026-11-17T10:00',
    paper_notice: '2026-11-17T11:00',
    paper_village: '2026-11-17T15:00',
    paper_market: '2026-11-17T17:00',
  });

  it("over HTTP: a bad date is 400, a step the engine refuses is 422 in the user's language, nothing saved; then once", async () => {
    const db = w.app.deps.db;
    const key = await formKey();
    const body = entry(key);
    const before = await db.case.count();
    for (const bad of [
      { ...body, paper_report: '17.11.2026 10:00' },
      { ...body, paper_notice: '2026-11-17' },
      { ...body, paper_market: 17 },
    ]) {
      const r = await post('keeper', '/desk/v/seize', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    // The notice before the report (s. 14): the form again with the reason, in English and in Hindi.
    const early = await post('keeper', '/desk/v/seize', { ...body, paper_notice: '2026-11-16T10:00' });
    expect(early.status).toBe(422);
    const html = await early.text();
    expect(html).toContain('Refused under s. 14');
    expect(html).toContain('value="2026-11-16T10:00"');
    const hindi = await post('keeper', '/desk/v/seize', { ...body, lang: 'hi', paper_report: '2026-11-05T10:00' });
    expect(hindi.status).toBe(422);
    expect(await hindi.text()).toContain('धारा 14');
    const future = await post('keeper', '/desk/v/seize', { ...body, paper_market: '2026-11-30T10:00' });
    expect(future.status).toBe(422);
    expect(await future.text()).toContain('in the future');
    const orphan = await post('keeper', '/desk/v/seize', { ...body, paper_report: '', paper_notice: '' });
    expect(orphan.status).toBe(422);
    expect(await db.case.count()).toBe(before);
    expect(await db.auditEvent.count({ where: { action: BACK_ENTRY_AUDIT } })).toBe(0);
    // Sent twice at once and again: one entry, one back-entry.
    const sent = await Promise.all([1, 2].map(() => post('keeper', '/desk/v/seize', body)));
    const again = await post('keeper', '/desk/v/seize', body);
    for (const r of [...sent, again]) expect(r.status).toBe(200);
    expect(await db.case.count()).toBe(before + 1);
    const c = await db.case.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(c).toMatchObject({ status: 'NOTICE_POSTED', reportSource: 'paper', backEntryRole: 'pound_keeper' });
    expect(await db.auditEvent.count({ where: { caseId: c.id, action: BACK_ENTRY_AUDIT } })).toBe(1);
    expect(await again.text()).toContain('Recorded from the paper register on');
  });

  it('in Chromium: the keeper fills the paper steps, the entry and the register show the back-entry', async () => {
    const db = w.app.deps.db;
    const page = await keeperAtNewEntry();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.locator('h1', { hasText: 'Register a seizure (s. 8)' }).waitFor({ timeout: 15_000 });
    await page.fill('input[name="impounded"]', '2026-11-02T08:00');
    await page.selectOption('select[name="class1"]', 'cow');
    await page.fill('input[name="count1"]', '1');
    await page.fill('input[name="desc1"]', 'grey cow, paper register no. 41');
    await page.fill('input[name="place"]', 'Kaladera');
    await page.fill('input[name="seizer"]', 'Bhola Ram');
    await page.fill('input[name="seizer_residence"]', 'Kaladera');
    await page.click('details.paper summary');
    // First a notice dated before the report: the reason in the page, nothing saved.
    await page.fill('input[name="paper_report"]', '2026-11-17T10:00');
    await page.fill('input[name="paper_notice"]', '2026-11-16T10:00');
    const before = await db.case.count();
    await page.locator('form.seize button[type="submit"]').click();
    await page.locator('p.bad[role="alert"]').waitFor({ timeout: 15_000 });
    const refused = await page.textContent('p.bad[role="alert"]');
    expect(refused).toContain('s. 14');
    // The entry was never saved, so the refusal speaks of "this entry", not of an empty case number.
    expect(refused).toContain('the report of this entry reached the officer');
    expect(await db.case.count()).toBe(before);
    // The form came back with what was typed; correct the notice and add the proclamations.
    expect(await page.inputValue('input[name="desc1"]')).toBe('grey cow, paper register no. 41');
    await page.fill('input[name="paper_notice"]', '2026-11-17T11:00');
    await page.fill('input[name="paper_village"]', '2026-11-17T15:00');
    await page.fill('input[name="paper_market"]', '2026-11-17T17:00');
    await page.locator('form.seize button[type="submit"]').dblclick();
    await page.locator('p.ok[role="status"]').waitFor({ timeout: 15_000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(await db.case.count()).toBe(before + 1);
    const c = await db.case.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(c).toMatchObject({ status: 'NOTICE_POSTED', reportSource: 'paper' });
    expect(await page.textContent('[data-back-entry]')).toContain(
      'Recorded from the paper register on 29 Nov 2026 by the pound-keeper',
    );
    await page.click('nav a:has-text("Register")');
    await page.locator('h1', { hasText: 'Register (s. 7)' }).waitFor({ timeout: 15_000 });
    await page.selectOption('select[name="status"]', 'all');
    await page.click('form.filters button');
    const row = page.locator('table.register tbody tr', { hasText: c.number });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.locator('[data-back-entry]').textContent()).toContain('Recorded from the paper register');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  const CSV = [
    'serial,impounded,class,count,description,place,seizer,report,notice,village,market',
    '101,2026-11-01 09:00,buffalo,1,black buffalo (paper no. 101),Kukas,Ram Lal,2026-11-17 10:00,2026-11-17 11:00,2026-11-17 15:00,2026-11-17 17:00',
    '102,2026-11-03 09:00,cow,2,"red cows, one with a bell",Kukas,Ram Lal,2026-11-18 10:00,2026-11-17 10:00,,',
    '103,3 Nov,goat,1,brown goat,Kukas,Ram Lal,,,,',
  ].join('\n');

  it('imports a CSV of the paper register: a dry run says per row what is wrong, nothing saved; then once per row', async () => {
    const db = w.app.deps.db;
    const pound = String(w.pounds.JAI1);
    for (const bad of [
      { op: 'preview', pound },
      { op: 'delete', pound, csv: CSV },
      { op: 'import', csv: CSV },
    ]) {
      expect((await post('keeper', '/desk/v/import', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await post('officer', '/desk/v/import', { op: 'import', pound, csv: CSV })).status).toBe(404);
    const before = await db.case.count();
    const preview = await post('keeper', '/desk/v/import', { op: 'preview', pound, csv: CSV, lang: 'en' });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain('3 rows checked: 1 can be entered. Nothing was saved.');
    expect(html).toMatch(/<tr data-status="ready"><td>2<\/td><td>101<\/td>/);
    expect(html).toMatch(/<tr data-status="refused"><td>3<\/td><td>102<\/td><td>Refused under s. 14/);
    expect(html).toContain('&#34;Brought in (day and hour)&#34; is not a day and hour');
    const hindi = await (await post('keeper', '/desk/v/import', { op: 'preview', pound, csv: CSV, lang: 'hi' })).text();
    expect(hindi).toContain('धारा 14 के अंतर्गत अस्वीकृत');
    expect(await db.case.count()).toBe(before);
    const first = await (await post('keeper', '/desk/v/import', { op: 'import', pound, csv: CSV, lang: 'en' })).text();
    expect(first).toContain('3 rows: 1 in the register.');
    expect(await db.case.count()).toBe(before + 1);
    const c = await db.case.findFirstOrThrow({ orderBy: { id: 'desc' }, include: { notice: true } });
    expect(c).toMatchObject({ registerKey: `paper:${pound}:101`, status: 'NOTICE_POSTED', reportSource: 'paper' });
    expect(c.notice?.source).toBe('paper');
    // The same file again: nothing entered twice.
    const again = await (await post('keeper', '/desk/v/import', { op: 'import', pound, csv: CSV, lang: 'en' })).text();
    expect(again).toContain(`Already imported: ${c.number}`);
    expect(await db.case.count()).toBe(before + 1);
  });

  it('in Chromium: the CSV file is chosen, checked and imported', async () => {
    const db = w.app.deps.db;
    const page = await keeperAtNewEntry();
    await page.click('a:has-text("Import the paper register (CSV)")');
    await page.locator('h1', { hasText: 'Import the paper register' }).waitFor({ timeout: 15_000 });
    const csv = CSV.replace('101,', '201,').replace('102,', '202,').replace('103,', '203,');
    await page.setInputFiles('input[type="file"]', {
      name: 'register.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const before = await db.case.count();
    await page.click('form.import button');
    await page.locator('table.import').waitFor({ timeout: 15_000 });
    expect(await page.locator('table.import tr[data-status="ready"]').count()).toBe(1);
    expect(await db.case.count()).toBe(before);
    await page.locator('form.import button', { hasText: 'Import the rows' }).click();
    await page.locator('table.import tr[data-status="entered"]').waitFor({ timeout: 15_000 });
    expect(await db.case.count()).toBe(before + 1);
    await page.context().close();
  });

  const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

  it('photos on the form: a JPEG or PNG is stored (re-encoded) with its heads; anything else is refused and nothing saved', async () => {
    const db = w.app.deps.db;
    const body = { ...entry(await formKey()), paper_report: '', paper_notice: '', paper_village: '', paper_market: '' };
    const before = await db.case.count();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64');
    const notImage = await post('keeper', '/desk/v/seize', { ...body, photo1: gif });
    expect(notImage.status).toBe(422);
    expect(await notImage.text()).toContain('This file is not a photo this desk can read');
    // Not base64 at all: a forged request (400). Megabytes of zeros: base64, but no picture (422, said beside it).
    expect((await post('keeper', '/desk/v/seize', { ...body, photo1: 'not base64!' })).status).toBe(400);
    expect((await post('keeper', '/desk/v/seize', { ...body, photo1: 'A'.repeat(3_000_000) })).status).toBe(422);
    expect(await db.case.count()).toBe(before);
    const ok = await post('keeper', '/desk/v/seize', { ...body, photo1: PNG_1x1 });
    expect(ok.status).toBe(200);
    const c = await db.case.findFirstOrThrow({ orderBy: { id: 'desc' }, include: { heads: true, photos: true } });
    expect(c.photos).toHaveLength(1);
    expect(c.photos[0]).toMatchObject({
      status: 'STORED',
      contentType: 'image/jpeg',
      source: 'register',
      fileId: null,
    });
    expect(c.heads.map((h) => h.photoId)).toEqual([c.photos[0]!.id, c.photos[0]!.id]);
  });

  it('in Chromium: a photo chosen for a row of cattle is stored with the entry', async () => {
    const db = w.app.deps.db;
    const page = await keeperAtNewEntry();
    await page.locator('h1', { hasText: 'Register a seizure (s. 8)' }).waitFor({ timeout: 15_000 });
    await page.fill('input[name="impounded"]', '2026-11-29T12:00');
    await page.selectOption('select[name="class1"]', 'horse');
    await page.fill('input[name="count1"]', '1');
    await page.fill('input[name="desc1"]', 'bay horse with a white blaze');
    await page.fill('input[name="place"]', 'Bassi');
    await page.fill('input[name="seizer"]', 'Kalu Ram');
    await page.fill('input[name="seizer_residence"]', 'Bassi');
    await page.setInputFiles('input[data-into="photo1"]', {
      name: 'horse.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1x1, 'base64'),
    });
    await page.locator('form.seize button[type="submit"]').click();
    await page.locator('p.ok[role="status"]').waitFor({ timeout: 15_000 });
    const c = await db.case.findFirstOrThrow({ orderBy: { id: 'desc' }, include: { photos: true } });
    expect(c.placeOfSeizure).toBe('Bassi');
    // Drawn and sent as a JPEG by the page, re-encoded by the server.
    expect(c.photos.map((p) => [p.status, p.contentType])).toEqual([['STORED', 'image/jpeg']]);
    await page.context().close();
  });
});
