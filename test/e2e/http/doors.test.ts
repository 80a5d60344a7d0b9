import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_LOGIN_ATTEMPTS } from '../../../src/http/dashboard';
import { HSTS, PERMISSIONS_POLICY } from '../../../src/http/server';
import { DESK_PEOPLE, DESK_TOKEN, startDeskWorld, type DeskWorld } from '../../support/desk';

// Every door of the HTTP server, attacked from outside over real HTTP: the per-client limits behind a proxy with a
// client rotating X-Forwarded-For, hostile input at each door answered 4xx (never 500), Telegram's initData checked
// before a body is read and as Telegram documents it (with or without `signature`), the paper register's import
// refusing the characters the form refuses, the security headers, /metrics and the queue dashboard.

const DASH = { user: 'ops', password: 'dashboard-password-1' };
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** initData as a Telegram app sends it: `fields` signed as Telegram signs them (older apps send no `signature`). */
function telegramInitData(fields: Record<string, string>, token = DESK_TOKEN): string {
  const check = Object.entries(fields)
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

describe('the HTTP doors behind one proxy (HTTP_TRUST_PROXY=1, https PUBLIC_URL)', { timeout: 120_000 }, () => {
  let w: DeskWorld;
  beforeAll(async () => {
    w = await startDeskWorld({
      HTTP_TRUST_PROXY: '1',
      PUBLIC_URL: 'https://kanji.example.test',
      RECEIPT_PAGE_PER_MINUTE: '5',
      CASE_PAGE_PER_MINUTE: '5',
      DESK_PER_MINUTE: '60',
      DASHBOARD_USER: DASH.user,
      DASHBOARD_PASSWORD: DASH.password,
    });
  }, 180_000);
  afterAll(async () => {
    await w?.close();
  });

  /** A request as the proxy passes it on: the client's spoofed header, then the address the proxy saw appended. */
  const viaProxy = (url: string, spoofed: string, client: string) =>
    fetch(`${w.base}${url}`, { headers: { 'x-forwarded-for': `${spoofed}, ${client}` } });

  it('limits a client rotating X-Forwarded-For by the address the proxy appended, on /r, /c and the desk (also unauthenticated)', async () => {
    for (const [url, max] of [
      ['/r/ZZZZ0000', 5],
      [`/c/${w.cases.JAI1[0]}`, 5],
      ['/desk', 60],
      // Without initData too: a stranger's refusals count against his limit.
      ['/desk/v/today', 60],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < max + 3; i++)
        statuses.push((await viaProxy(url, `10.9.${i >> 8}.${i & 255}`, '203.0.113.7')).status);
      expect(
        statuses.slice(0, max).every((s) => s !== 429),
        url,
      ).toBe(true);
      expect(statuses.slice(max), url).toEqual([429, 429, 429]);
      // Another client behind the same proxy has his own count.
      expect((await viaProxy(url, '203.0.113.7', '198.51.100.9')).status, url).not.toBe(429);
    }
  });

  it('answers hostile input at every public door 4xx, never 500', async () => {
    const keeper = { 'x-telegram-init-data': w.initData('keeper') };
    const tries: Array<[string, Record<string, string>?]> = [
      ['/r/%00'],
      ['/r/AB%00CD'],
      [`/r/${'%E2%80%AE'.repeat(40)}`],
      [`/r/${'x'.repeat(5000)}`],
      ['/r/ZZZZ?lang=%00'],
      ['/r/%E0%A4'],
      ['/c/%00'],
      [`/c/${w.cases.JAI1[0]}%00`],
      [`/c/${'9'.repeat(5000)}`],
      [`/c/${w.cases.JAI1[0]}/photo/%00`],
      [`/c/${w.cases.JAI1[0]}/photo/99999999999999999999`],
      ['/desk/v/register?q=%00', keeper],
      ['/desk/v/register?q=a&q=b', keeper],
      [`/desk/v/register?q=${'a'.repeat(5000)}`, keeper],
      ['/desk/v/register?pound=1e3', keeper],
      ['/desk/v/entry?id=%00', keeper],
      ['/desk/v/document?case=1&kind=%00', keeper],
      ['/desk/pdf?t=%00'],
      [`/desk/pdf?t=${'a.'.repeat(300)}`],
    ];
    for (const [url, headers] of tries) {
      const r = await fetch(`${w.base}${url}`, {
        headers: { 'x-forwarded-for': `198.51.100.${tries.length}`, ...headers },
      });
      expect([url, r.status >= 400 && r.status < 500, r.status]).toEqual([url, true, r.status]);
    }
  });

  it('refuses a huge POST without valid initData 401 before reading it: never received, never parsed', async () => {
    const started = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${w.base}/desk/v/seize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(2_000_000) },
      });
      req.on('response', (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        req.destroy();
      });
      req.on('error', reject);
      // A first part of the body only: an answer now means the server did not wait for the rest.
      req.write('{"key":"'.padEnd(64 * 1024, 'a'));
      setTimeout(() => reject(new Error('no answer before the body was complete')), 3000).unref();
    });
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(3000);
    // A complete body that is not even JSON: refused for the missing initData, not parsed (a parse would say 400).
    for (const initData of [
      undefined,
      'user=%7B%7D&hash=00',
      w.initData('keeper').replace(/hash=\w+/, `hash=${'0'.repeat(64)}`),
    ]) {
      const r = await fetch(`${w.base}/desk/v/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(initData ? { 'x-telegram-init-data': initData } : {}) },
        body: `{${'x'.repeat(500_000)}`,
      });
      expect(r.status).toBe(401);
      expect(await r.text()).toBe('');
    }
  });

  it("accepts Telegram's initData with and without the newer signature field, and refuses it changed or stale", async () => {
    const now = Math.floor(w.clock.now().getTime() / 1000);
    const user = JSON.stringify({ id: DESK_PEOPLE.keeper.id, first_name: 'Keeper', language_code: 'hi' });
    const old = { query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', user, auth_date: String(now) };
    const signed = { ...old, signature: 'ZmFrZS1lZDI1NTE5LXNpZ25hdHVyZS1vZi10ZWxlZ3JhbS1mb3ItdGhpcmQtcGFydGllcw' };
    const ok = async (initData: string) =>
      (await fetch(`${w.base}/desk/v/today`, { headers: { 'x-telegram-init-data': initData } })).status;
    expect(await ok(telegramInitData(old))).toBe(200);
    expect(await ok(telegramInitData(signed))).toBe(200);
    // The signature is part of what the hash covers: changed, dropped or added afterwards, the data is refused.
    const withSig = telegramInitData(signed);
    expect(await ok(withSig.replace(/signature=\w+/, 'signature=AAAA'))).toBe(401);
    expect(await ok(withSig.replace(/&?signature=\w+/, ''))).toBe(401);
    expect(await ok(`${telegramInitData(old)}&signature=AAAA`)).toBe(401);
    expect(await ok(telegramInitData({ ...old, auth_date: String(now - 3601) }))).toBe(401);
    expect(await ok(telegramInitData({ ...old, auth_date: String(now + 3600) }))).toBe(401);
    expect(await ok(telegramInitData(old, DESK_TOKEN.replace('654321', '123456')))).toBe(401);
    expect(await ok(telegramInitData(old).replace(/hash=(\w+)/, (_m, h: string) => `hash=${h.toUpperCase()}`))).toBe(
      401,
    );
    expect(await ok(`${telegramInitData(old)}&hash=${'0'.repeat(64)}`)).toBe(401);
  });

  const importCsv = (csv: string, op: 'preview' | 'import', lang = 'en') =>
    fetch(`${w.base}/desk/v/import`, {
      method: 'POST',
      headers: { 'x-telegram-init-data': w.initData('keeper'), 'content-type': 'application/json' },
      body: JSON.stringify({ op, pound: String(w.pounds.JAI1), csv, lang }),
    });

  it("refuses import rows with control or format characters (BEL, ESC, RLO, NUL) with the row's reason, never a 500", async () => {
    const db = w.app.deps.db;
    const head = 'serial,impounded,class,count,description,place,seizer,owner';
    const row = (serial: string, desc: string, place = 'Kukas', owner = '') =>
      `${serial},2026-11-28 09:00,cow,1,${desc},${place},Ram Lal,${owner}`;
    const csv = [
      head,
      row('301', 'white cow\u0007'),
      row('302', 'red cow', 'Kukas\u001b[31m'),
      row('303', 'black cow', 'Kukas', 'Ramesh \u202eahsemaR'),
      row('304', 'grey\u0000cow'),
      row('30\u00005', 'brown cow'),
      row('306', 'x'.repeat(201)),
      row('307', 'spotted cow (a clean row)'),
    ].join('\n');
    const before = await db.case.count();
    for (const op of ['preview', 'import'] as const) {
      const r = await importCsv(csv, op);
      expect(r.status, op).toBe(200);
      const html = await r.text();
      expect(html).toContain('&#34;description&#34; holds an invisible or control character (U+0007)');
      expect(html).toContain('&#34;place&#34; holds an invisible or control character (U+001B)');
      expect(html).toContain('&#34;owner&#34; holds an invisible or control character (U+202E)');
      expect(html).toContain('&#34;description&#34; holds an invisible or control character (U+0000)');
      expect(html).toContain('&#34;serial&#34; holds an invisible or control character (U+0000)');
      expect(html).toContain('&#34;description&#34; is too long: at most 200 characters');
      expect(html).toMatch(/<tr data-status="unreadable"><td>6<\/td><td>30\?5<\/td>/);
      expect(html.slice(html.indexOf('<table'), html.indexOf('</table>'))).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      expect(html).toMatch(
        new RegExp(`<tr data-status="${op === 'preview' ? 'ready' : 'entered'}"><td>8</td><td>307</td>`),
      );
    }
    const hindi = await (await importCsv(csv, 'preview', 'hi')).text();
    expect(hindi).toContain('&#34;description&#34; में एक अदृश्य या नियंत्रण वर्ण (U+0007) है');
    // Only the clean row was entered; nothing of the others is stored anywhere.
    expect(await db.case.count()).toBe(before + 1);
    const stored = await db.case.findMany({ where: { registerKey: { startsWith: `paper:${w.pounds.JAI1}:30` } } });
    expect(stored.map((c) => c.registerKey)).toEqual([`paper:${w.pounds.JAI1}:307`]);
  });

  it('sends HSTS (https PUBLIC_URL) and a Permissions-Policy on every page', async () => {
    for (const url of ['/healthz', '/r/ZZZZ1111', `/c/${w.cases.JAI2[0]}`, '/desk', '/desk/v/today']) {
      const r = await fetch(`${w.base}${url}`, { headers: { 'x-forwarded-for': '192.0.2.44' } });
      expect(r.headers.get('strict-transport-security'), url).toBe(HSTS);
      expect(r.headers.get('permissions-policy'), url).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  });

  it('serves /metrics without a token to this machine only when bound to loopback, never through a proxy', async () => {
    expect((await fetch(`${w.base}/metrics`)).status).toBe(200);
    for (const h of ['x-forwarded-for', 'forwarded', 'x-real-ip'])
      expect((await fetch(`${w.base}/metrics`, { headers: { [h]: '127.0.0.1' } })).status, h).toBe(403);
  });

  it('shows the queue dashboard read-only: every change refused 405, nothing done', async () => {
    const auth = { authorization: basic(DASH.user, DASH.password), 'x-forwarded-for': '192.0.2.10' };
    const list = await fetch(`${w.base}/admin/queues/api/queues`, { headers: auth });
    expect(list.status).toBe(200);
    const queues = ((await list.json()) as { queues: Array<{ name: string; readOnlyMode: boolean }> }).queues;
    expect(queues.length).toBeGreaterThan(0);
    expect(queues.every((q) => q.readOnlyMode)).toBe(true);
    const queue = w.app.jobs.queues[Object.keys(w.app.jobs.queues)[0] as keyof typeof w.app.jobs.queues];
    for (const [method, path] of [
      ['PUT', '/api/queues/pause'],
      ['PUT', `/api/queues/${queue.name}/pause`],
      ['PUT', `/api/queues/${queue.name}/empty`],
      ['PUT', `/api/queues/${queue.name}/clean/completed`],
      ['POST', `/api/queues/${queue.name}/add`],
    ] as const) {
      const r = await fetch(`${w.base}/admin/queues${path}`, { method, headers: auth });
      expect([method, path, r.status]).toEqual([method, path, 405]);
    }
    expect(await queue.isPaused()).toBe(false);
  });

  it('throttles wrong dashboard logins per client: then refused even with the right password', async () => {
    const from = (client: string, password: string) =>
      fetch(`${w.base}/admin/queues`, {
        headers: { authorization: basic(DASH.user, password), 'x-forwarded-for': `10.1.1.1, ${client}` },
      });
    for (let i = 0; i < DASHBOARD_LOGIN_ATTEMPTS; i++)
      expect((await from('192.0.2.66', `wrong-${i}`)).status).toBe(401);
    const blocked = await from('192.0.2.66', DASH.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client (the proxy appended another address) is not held up.
    expect((await from('192.0.2.67', DASH.password)).status).toBe(200);
  });
});

describe('the HTTP doors with the old HTTP_TRUST_PROXY=true, bound to every address', { timeout: 120_000 }, () => {
  let w: DeskWorld;
  beforeAll(async () => {
    w = await startDeskWorld({ HTTP_TRUST_PROXY: 'true', HTTP_HOST: '0.0.0.0', RECEIPT_PAGE_PER_MINUTE: '4' });
  }, 180_000);
  afterAll(async () => {
    await w?.close();
  });

  it('still limits a client rotating X-Forwarded-For (true is this machine or the private network, not every hop)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await fetch(`${w.base}/r/ZZZZ${i}`, { headers: { 'x-forwarded-for': `1.2.3.${i}, 203.0.113.8` } })).status,
      );
    expect(statuses.slice(4)).toEqual([429, 429, 429]);
  });

  it('refuses /metrics without METRICS_TOKEN, even to this machine, when not bound to loopback', async () => {
    const r = await fetch(`${w.base}/metrics`);
    expect(r.status).toBe(403);
    expect(await r.text()).toContain('METRICS_TOKEN');
  });

  it('sends no HSTS without an https PUBLIC_URL, the Permissions-Policy always', async () => {
    const r = await fetch(`${w.base}/healthz`);
    expect(r.headers.get('strict-transport-security')).toBeNull();
    expect(r.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
  });
});
