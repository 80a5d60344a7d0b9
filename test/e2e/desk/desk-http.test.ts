import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_CSP } from '../../../src/http/desk/routes';
import { dbKinds } from '../../support/db';
import { DESK_TOKEN, initDataFor, startDeskWorld, type DeskPerson, type DeskWorld } from '../../support/desk';

// Every endpoint of the staff desk over real HTTP: who may read what (each role × each pound), Telegram's initData
// checked on every request (missing, forged, stale, from the future, another bot's, an owner's, a revoked keeper's:
// 401 with an empty body), bad input answered 400 with nothing saved.

describe.each(await dbKinds())('staff desk over HTTP (%s)', { timeout: 60_000 }, (dbKind) => {
  let w: DeskWorld;
  beforeAll(async () => {
    w = await startDeskWorld({}, dbKind);
  }, 180_000);
  afterAll(async () => {
    await w?.close();
  });

  const get = (url: string, initData?: string) =>
    fetch(`${w.base}${url}`, { headers: initData === undefined ? {} : { 'x-telegram-init-data': initData } });
  const as = (person: DeskPerson, url: string) => get(url, w.initData(person));
  const post = (person: DeskPerson, url: string, body: unknown) =>
    fetch(`${w.base}${url}`, {
      method: 'POST',
      headers: { 'x-telegram-init-data': w.initData(person), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  const VIEWS = [
    '/desk/v/today',
    '/desk/v/register',
    '/desk/v/money',
    '/desk/v/district',
    '/desk/v/staff',
    '/desk/v/seize',
    '/desk/v/import',
  ];

  it('serves the page and its assets from itself under a strict CSP, with no data in them', async () => {
    const page = await get('/desk');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(DESK_CSP);
    expect(DESK_CSP).toContain("script-src 'self'");
    expect(DESK_CSP).not.toContain('unsafe');
    const html = await page.text();
    expect(html).toContain('/desk/app.js');
    expect(html).not.toMatch(/https?:\/\//);
    let weight = Buffer.byteLength(html);
    for (const asset of ['/desk/app.js', '/desk/desk.css', '/desk/uplot.js', '/desk/uplot.css']) {
      const r = await get(asset);
      expect(r.status, asset).toBe(200);
      weight += (await r.arrayBuffer()).byteLength;
    }
    // The page, its script, styles and the chart library: within 150 kB before any photo.
    expect(weight).toBeLessThan(150_000);
  });

  it("picks the desk's page, the receipt page and the case page in the language the browser weighs highest", async () => {
    // [Accept-Language, the language of all three pages] on a server whose DEFAULT_LANGUAGE is Hindi.
    const browsers: Array<[string, 'hi' | 'en']> = [
      ['en;q=0.1, hi;q=0.9', 'hi'],
      ['hil, en;q=0.5', 'en'],
      ['en-GB', 'en'],
      ['*;q=0.5, en', 'en'],
      ['hi;q=0, *', 'en'],
      ['hi;q=2, en;q=0.5', 'en'],
      ['ta', 'hi'],
    ];
    for (const [header, lang] of browsers)
      for (const url of ['/desk', '/r/ZZZZ9999', '/c/NO-SUCH-CASE']) {
        const html = await (await fetch(`${w.base}${url}`, { headers: { 'accept-language': header } })).text();
        expect(html, `${url} with ${header}`).toContain(`<html lang="${lang}">`);
      }
  });

  it('answers 401 and nothing else to missing, forged, stale, future and foreign initData', async () => {
    const now = w.clock.now();
    const good = w.initData('keeper');
    const forged = good.replace(/hash=[0-9a-f]+/, `hash=${'0'.repeat(64)}`);
    // Another user id put into a signed initData (the signature no longer fits).
    const swapped = good.replace(encodeURIComponent('"id":7101'), encodeURIComponent('"id":7103'));
    const bad = {
      missing: undefined,
      empty: '',
      garbage: 'user=%7B%7D',
      forged,
      swapped,
      stale: w.initData('keeper', { at: new Date(now.getTime() - 3601_000) }),
      future: w.initData('keeper', { at: new Date(now.getTime() + 3600_000) }),
      other_bot: initDataFor(7101, now, { token: DESK_TOKEN.replace('654321', '123456') }),
      huge: `${good}&x=${'a'.repeat(5000)}`,
    };
    for (const url of [...VIEWS, `/desk/v/entry?id=${w.caseIds[w.cases.JAI1[0]!]}`]) {
      for (const [why, initData] of Object.entries(bad)) {
        const r = await get(url, initData);
        expect(r.status, `${why} ${url}`).toBe(401);
        expect(await r.text(), `${why} ${url}`).toBe('');
      }
    }
    // Just inside the window: accepted.
    const r = await get('/desk/v/today', w.initData('keeper', { at: new Date(now.getTime() - 3599_000) }));
    expect(r.status).toBe(200);
  });

  it('refuses an owner and a revoked keeper, and a keeper at the next request after his revocation', async () => {
    for (const who of ['owner', 'revoked'] as const)
      for (const url of VIEWS) expect((await as(who, url)).status, `${who} ${url}`).toBe(401);
    const { enrolStaff } = await import('../../support/fixtures');
    const s = await enrolStaff(w.app.deps.db, 7190, 'POUND_KEEPER', ['JAI1']);
    const data = initDataFor(7190, w.clock.now());
    expect((await get('/desk/v/register', data)).status).toBe(200);
    await w.app.deps.db.staffMember.update({ where: { id: s.id }, data: { revokedAt: w.clock.now() } });
    // The same initData, still fresh: the grant is read again and is gone.
    const r = await get('/desk/v/register', data);
    expect(r.status).toBe(401);
    expect(await r.text()).toBe('');
  });

  it('shows each role the register of its own pounds only', async () => {
    const { JAI1, JAI2, PUN1 } = w.cases;
    const all = [...JAI1, ...JAI2, ...PUN1];
    const sees = async (person: DeskPerson, url: string) => {
      const r = await as(person, url);
      return { status: r.status, html: await r.text() };
    };
    const expectOnly = (html: string, shown: string[]) => {
      for (const n of all) expect(html.includes(`>${n}<`), n).toBe(shown.includes(n));
    };
    const k = await sees('keeper', '/desk/v/register?status=all&lang=en');
    expect(k.status).toBe(200);
    expectOnly(k.html, JAI1);
    const o = await sees('officer', '/desk/v/register?status=all&lang=en');
    expectOnly(o.html, JAI2);
    // A pound not his: nothing of it.
    for (const [person, pound] of [
      ['keeper', 'JAI2'],
      ['keeper', 'PUN1'],
      ['officer', 'JAI1'],
      ['magistrate', 'PUN1'],
    ] as const) {
      const r = await sees(person, `/desk/v/register?status=all&pound=${w.pounds[pound]}`);
      expect(r.status, `${person} ${pound}`).toBe(404);
      expectOnly(r.html, []);
    }
    const m1 = await sees('magistrate', `/desk/v/register?status=all&pound=${w.pounds.JAI1}`);
    expectOnly(m1.html, JAI1);
    const m2 = await sees('magistrate', `/desk/v/register?status=all&pound=${w.pounds.JAI2}`);
    expectOnly(m2.html, JAI2);
    const a = await sees('admin', `/desk/v/register?status=all&pound=${w.pounds.PUN1}`);
    expectOnly(a.html, PUN1);
  });

  it('opens an entry only for a pound of the reader', async () => {
    const jai1 = w.caseIds[w.cases.JAI1[1]!]!;
    const jai2 = w.caseIds[w.cases.JAI2[0]!]!;
    const k = await as('keeper', `/desk/v/entry?id=${jai1}&lang=en`);
    expect(k.status).toBe(200);
    const html = await k.text();
    expect(html).toContain(w.cases.JAI1[1]);
    expect(html).toContain('black buffalo, left horn broken');
    expect(html).toContain('https://t.me/kanji_desk_test_bot?start=case_');
    for (const [person, id, status] of [
      ['keeper', jai2, 404],
      ['officer', jai1, 404],
      ['officer', jai2, 200],
      ['magistrate', jai1, 200],
      ['magistrate', jai2, 200],
      ['admin', jai2, 200],
      ['keeper', 999_999, 404],
    ] as const) {
      const r = await as(person, `/desk/v/entry?id=${id}`);
      expect(r.status, `${person} ${id}`).toBe(status);
      if (status === 404) expect(await r.text()).not.toContain('Samod');
    }
  });

  it('shows money of the reader\u2019s pounds and the district overview to the Magistrate\u2019s office and admins only', async () => {
    expect((await as('keeper', '/desk/v/money')).status).toBe(200);
    expect((await as('keeper', `/desk/v/money?pound=${w.pounds.JAI2}`)).status).toBe(404);
    expect((await as('officer', `/desk/v/money?pound=${w.pounds.JAI2}`)).status).toBe(200);
    for (const [person, status] of [
      ['keeper', 404],
      ['officer', 404],
      ['magistrate', 200],
      ['admin', 200],
    ] as const)
      expect((await as(person, '/desk/v/district')).status, person).toBe(status);
    const html = await (await as('magistrate', '/desk/v/district?lang=en')).text();
    expect(html).toContain('Amer Pound');
    expect(html).toContain('Chomu Pound');
    expect(html).not.toContain('Haveli Pound');
  });

  it('lets the Magistrate\u2019s office and admins enrol and revoke staff of their pounds only; bad input saves nothing', async () => {
    const db = w.app.deps.db;
    const codes = () => db.enrolmentCode.count();
    for (const person of ['keeper', 'officer'] as const) {
      expect((await as(person, '/desk/v/staff')).status).toBe(404);
      const before = await codes();
      const r = await post(person, '/desk/v/staff', { op: 'enrol', role: 'POUND_KEEPER', pound: 'JAI1' });
      expect(r.status).toBe(404);
      expect(await codes()).toBe(before);
    }
    // The Magistrate's office: not for a pound outside its district.
    let before = await codes();
    let r = await post('magistrate', '/desk/v/staff', { op: 'enrol', role: 'POUND_KEEPER', pound: 'PUN1', lang: 'en' });
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('That pound is not one of yours.');
    expect(await codes()).toBe(before);
    // Wrong types, control characters, unknown operations: 400, nothing saved.
    for (const body of [
      { op: 'enrol', role: 7, pound: 'JAI1' },
      { op: 'enrol', role: 'POUND_KEEPER', pound: ['JAI1'] },
      { op: 'enrol', role: 'POUND_KEEPER', pound: 'JAI1', name: 'Ram\u0000u' },
      { op: 'enrol', role: 'ADMIN', pound: 'JAI1' },
      { op: 'drop', pound: 'JAI1' },
      { op: 'revoke', staff: 'x' },
    ]) {
      const res = await post('magistrate', '/desk/v/staff', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await codes()).toBe(before);
    r = await post('magistrate', '/desk/v/staff', {
      op: 'enrol',
      role: 'POUND_KEEPER',
      pound: 'JAI1',
      name: 'Kishan',
      lang: 'en',
    });
    const html = await r.text();
    expect(html).toMatch(/Code [3-9A-Z]{10} \(single use/);
    expect(html).toContain('https://t.me/kanji_desk_test_bot?start=enrol_');
    expect(await codes()).toBe(before + 1);
    const issued = await db.auditEvent.findFirst({ where: { action: 'staff.enrol_issued' }, orderBy: { id: 'desc' } });
    expect(issued?.actorTelegramId).toBe(7103n);
    // Revoke: the magistrate may not revoke the admin (outside his scope), may revoke the JAI1 keeper.
    const admin = await db.staffMember.findFirstOrThrow({ where: { telegramUserId: 7104n } });
    r = await post('magistrate', '/desk/v/staff', { op: 'revoke', staff: String(admin.id) });
    expect(await r.text()).not.toContain('has been revoked');
    expect((await db.staffMember.findUniqueOrThrow({ where: { id: admin.id } })).revokedAt).toBeNull();
    const keeper = await db.staffMember.findFirstOrThrow({ where: { telegramUserId: 7101n, revokedAt: null } });
    before = await codes();
    r = await post('magistrate', '/desk/v/staff', { op: 'revoke', staff: String(keeper.id), lang: 'en' });
    expect(await r.text()).toContain('has been revoked');
    expect((await as('keeper', '/desk/v/today')).status).toBe(401);
    const audit = await db.auditEvent.findFirst({ where: { action: 'staff.revoke' }, orderBy: { id: 'desc' } });
    expect(audit?.actorTelegramId).toBe(7103n);
    // Put the keeper back for the other tests.
    await db.staffMember.update({ where: { id: keeper.id }, data: { revokedAt: null } });
  });

  it('answers bad query parameters 400', async () => {
    for (const q of [
      'page=abc',
      'page=0',
      'status=FOO',
      'sort=price',
      'dir=up',
      'from=2026-13-45',
      'to=yesterday',
      'q=%00drop',
      `q=${'x'.repeat(61)}`,
      'lang=fr',
      'pound=-1',
    ]) {
      const r = await as('keeper', `/desk/v/register?${q}`);
      expect(r.status, q).toBe(400);
    }
    expect((await as('keeper', '/desk/v/entry')).status).toBe(400);
    expect((await as('keeper', '/desk/v/entry?id=1e3')).status).toBe(400);
  });

  it('filters, searches, sorts and pages the register', async () => {
    const [first, second] = w.cases.JAI1;
    const text = async (q: string) => (await as('keeper', `/desk/v/register?lang=en&${q}`)).text();
    const byPlace = await text('status=all&q=achrol');
    expect(byPlace).toContain(`>${second}<`);
    expect(byPlace).not.toContain(`>${first}<`);
    const range = await text('status=all&from=2026-11-20&to=2026-11-20');
    expect(range).toContain(`>${first}<`);
    expect(range).not.toContain(`>${second}<`);
    const none = await text('status=SOLD');
    expect(none).toContain('No entries match.');
    const asc = await text('status=all&sort=date&dir=asc');
    expect(asc.indexOf(`>${first}<`)).toBeLessThan(asc.indexOf(`>${second}<`));
    const desc = await text('status=all&sort=date&dir=desc');
    expect(desc.indexOf(`>${first}<`)).toBeGreaterThan(desc.indexOf(`>${second}<`));
    expect(await text('status=all&page=9')).toContain('No entries match.');
  });

  it("registers a seizure from the form through the chat's service: one entry however often it is sent", async () => {
    const db = w.app.deps.db;
    const form = await (await as('keeper', '/desk/v/seize?lang=en')).text();
    const key = /name="key" value="([0-9a-f-]{36})"/.exec(form)?.[1];
    expect(key).toBeDefined();
    const body = {
      key,
      lang: 'en',
      pound: String(w.pounds.JAI1),
      impounded: '2026-11-29T11:30',
      class1: 'cow',
      count1: '2',
      desc1: 'two red cows, one with a bell',
      place: 'Jaisinghpura',
      seizer: 'Ram Niwas',
      seizer_residence: 'Jaisinghpura',
    };
    const count = () => db.case.count();
    const before = await count();
    // Wrong types, control characters, a bad time, an unknown class: 400, nothing saved.
    for (const bad of [
      { ...body, count1: 2 },
      { ...body, count1: 'two' },
      { ...body, count1: '0' },
      { ...body, class1: 'tiger' },
      { ...body, seizer: 'Ram\u0007' },
      { ...body, impounded: '29.11.2026 11:30' },
      { ...body, key: 'not-a-key' },
      { ...body, desc1: 'x'.repeat(201) },
      { ...body, class1: '', count1: '', desc1: '' },
    ]) {
      const r = await post('keeper', '/desk/v/seize', bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    // What the register refuses (s. 8): 422 with the reason, nothing saved.
    const future = await post('keeper', '/desk/v/seize', { ...body, impounded: '2026-11-30T11:30' });
    expect(future.status).toBe(422);
    expect(await future.text()).toContain('The time brought in is in the future (s. 8). Nothing was saved.');
    // Not his pound, not his right: nothing.
    expect((await post('keeper', '/desk/v/seize', { ...body, pound: String(w.pounds.JAI2) })).status).toBe(404);
    for (const who of ['officer', 'magistrate'] as const) {
      expect((await as(who, '/desk/v/seize')).status).toBe(404);
      expect((await post(who, '/desk/v/seize', body)).status).toBe(404);
    }
    expect(await count()).toBe(before);
    // Sent three times at once and once more: one entry.
    const sent = await Promise.all([1, 2, 3].map(() => post('keeper', '/desk/v/seize', body)));
    const again = await post('keeper', '/desk/v/seize', body);
    for (const r of [...sent, again]) expect(r.status).toBe(200);
    expect(await count()).toBe(before + 1);
    const c = await db.case.findFirstOrThrow({ orderBy: { id: 'desc' }, include: { heads: true } });
    expect(c.registerKey).toBe(`desk:7101:${key}`);
    expect(c.heads.map((h) => h.cattleClass)).toEqual(['cow', 'cow']);
    const html = await again.text();
    expect(html).toContain(`This form was already recorded: entry ${c.number}.`);
    expect(html).toContain(`https://t.me/kanji_desk_test_bot?start=case_${c.number}`);
    // The same facts as the chat's entry: planned deadlines (the s. 14 report) and the audit.
    expect(await db.outboxEntry.count({ where: { jobKey: { contains: `${c.id}` } } })).toBeGreaterThan(0);
    expect(await db.auditEvent.count({ where: { caseId: c.id, actorTelegramId: 7101n } })).toBe(1);
    // The register shows it.
    expect(await (await as('keeper', '/desk/v/register?lang=en&q=Jaisinghpura&status=all')).text()).toContain(
      `>${c.number}<`,
    );
  });
});
