import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_SECONDS } from '../../../src/http/desk/session';
import { DESK_PEOPLE, type DeskPerson, type DeskWorld, startDeskWorld } from '../../support/desk';
import { enrolStaff } from '../../support/fixtures';
import { widgetFields } from '../../support/login-widget';

// Signing in to the desk from an ordinary browser, attacked over HTTP: the Login Widget's hash forged, made the Mini
// App's way, stale or from the future; a sign-in the browser did not begin (login CSRF); an owner and a revoked
// official; the session cookie changed, expired, or replayed after the grant is revoked; writes from another site.

describe('desk sign-in with the Login Widget', { timeout: 120_000 }, () => {
  let w: DeskWorld;
  beforeAll(async () => {
    w = await startDeskWorld();
  }, 180_000);
  afterAll(() => w?.close());

  const get = (url: string, cookie?: string) =>
    fetch(`${w.base}${url}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  const cookies = (r: Response) => r.headers.getSetCookie();
  const nameValue = (setCookie: string) => setCookie.split(';')[0]!;
  /** The sign-in page's one-use cookie, as a browser keeps it. */
  const begin = async () => {
    const r = await get('/desk/login?lang=en');
    expect(r.status).toBe(200);
    const c = cookies(r).find((x) => x.startsWith('desk_login='))!;
    return { page: await r.text(), csp: r.headers.get('content-security-policy') ?? '', setCookie: c };
  };
  /** Telegram sends the browser back: the session cookie's name=value, or null; the answer. */
  const back = async (fields: Record<string, string>, loginCookie: string | null) => {
    const r = await get(`/desk/login/telegram?${new URLSearchParams(fields)}`, loginCookie ?? undefined);
    const session = cookies(r).find((x) => x.startsWith('desk_session=') && !x.startsWith('desk_session=;'));
    return { r, session: session ? nameValue(session) : null, setCookie: session ?? '' };
  };
  const signIn = async (who: DeskPerson | number) => {
    const { setCookie } = await begin();
    const id = typeof who === 'number' ? who : DESK_PEOPLE[who].id;
    return back(widgetFields(id, w.clock.now()), nameValue(setCookie));
  };

  it('shows the widget on its own page and signs a staff member in with a short-lived strict cookie', async () => {
    const { page, csp, setCookie } = await begin();
    expect(page).toContain('src="https://telegram.org/js/telegram-widget.js?22"');
    expect(page).toContain('data-telegram-login="kanji_desk_test_bot"');
    expect(page).toContain(`data-auth-url="${w.base}/desk/login/telegram"`);
    expect(csp).toContain('script-src https://telegram.org');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(setCookie).toMatch(/^desk_login=[\w-]{24}; Path=\/desk; Max-Age=600; HttpOnly; SameSite=Lax$/);
    // The desk's own page still takes nothing from another origin.
    expect(await (await get('/desk')).text()).not.toContain('telegram.org');
    const {
      r,
      session,
      setCookie: sc,
    } = await back(widgetFields(DESK_PEOPLE.keeper.id, w.clock.now()), nameValue(setCookie));
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/desk');
    expect(sc).toMatch(
      new RegExp(`^desk_session=[\\w-]+\\.[\\w-]+; Path=/desk; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Strict$`),
    );
    const today = await get('/desk/v/today?lang=en', session!);
    expect(today.status).toBe(200);
    expect(await today.text()).toContain('Today and this week');
  });

  it('refuses a forged, a Mini App-signed, a stale, a future hash and a sign-in not begun here: no cookie', async () => {
    const now = w.clock.now();
    const good = widgetFields(DESK_PEOPLE.keeper.id, now);
    const miniAppKey = createHmac('sha256', 'WebAppData')
      .update('654321:DESK-TEST-TOKEN-DESK-TEST-TOKEN-DESK')
      .digest();
    const check = Object.keys(good)
      .filter((k) => k !== 'hash')
      .sort()
      .map((k) => `${k}=${good[k]}`)
      .join('\n');
    const cases: Array<[string, Record<string, string>, boolean]> = [
      ['another id under the same hash', { ...good, id: String(DESK_PEOPLE.admin.id) }, true],
      ['a field added', { ...good, last_name: 'Admin' }, true],
      ['hash of zeros', { ...good, hash: '0'.repeat(64) }, true],
      ['no hash', Object.fromEntries(Object.entries(good).filter(([k]) => k !== 'hash')), true],
      ['Mini App key', { ...good, hash: createHmac('sha256', miniAppKey).update(check).digest('hex') }, true],
      ['another bot', widgetFields(DESK_PEOPLE.keeper.id, now, { token: '1:OTHER' }), true],
      ['stale', widgetFields(DESK_PEOPLE.keeper.id, new Date(now.getTime() - 2 * 3600_000)), true],
      ['from the future', widgetFields(DESK_PEOPLE.keeper.id, new Date(now.getTime() + 5 * 60_000)), true],
      ['not begun in this browser', good, false],
    ];
    for (const [why, fields, withLogin] of cases) {
      const login = withLogin ? nameValue((await begin()).setCookie) : null;
      const { r, session } = await back(fields, login);
      expect(r.status, why).toBe(401);
      expect(session, why).toBeNull();
      expect(await r.text(), why).toMatch(/Start again|फिर से शुरू करें/);
    }
  });

  it("refuses an owner and a revoked official; refuses a cookie changed, expired or another bot's", async () => {
    for (const p of ['owner', 'revoked'] as const) {
      const { r, session } = await signIn(p);
      expect(r.status, p).toBe(401);
      expect(session, p).toBeNull();
    }
    const { session } = await signIn('keeper');
    const [name, value] = session!.split('=') as [string, string];
    const [body, sig] = value.split('.') as [string, string];
    const fields = JSON.parse(Buffer.from(body, 'base64url').toString()) as unknown[];
    fields[0] = String(DESK_PEOPLE.admin.id);
    const bad = [
      `${name}=${Buffer.from(JSON.stringify(fields)).toString('base64url')}.${sig}`,
      `${name}=${value}x`,
      `${name}=`,
      'desk_session=abc.def',
    ];
    for (const c of bad) expect((await get('/desk/v/today', c)).status, c).toBe(401);
    w.clock.advance((SESSION_SECONDS + 1) * 1000);
    try {
      expect((await get('/desk/v/today', session!)).status).toBe(401);
    } finally {
      w.clock.advance(-(SESSION_SECONDS + 1) * 1000);
    }
    expect((await get('/desk/v/today', session!)).status).toBe(200);
  });

  it('refuses the cookie at once when the grant is revoked (read from the database on every request)', async () => {
    const s = await enrolStaff(w.app.deps.db, 7291, 'POUND_KEEPER', ['JAI1']);
    const { session } = await signIn(7291);
    expect((await get('/desk/v/register', session!)).status).toBe(200);
    await w.app.deps.db.staffMember.update({ where: { id: s.id }, data: { revokedAt: w.clock.now() } });
    expect((await get('/desk/v/register', session!)).status).toBe(401);
    expect((await get('/desk/v/today', session!)).status).toBe(401);
  });

  it('renews an expired document link at once for the same person signed in here, not for another', async () => {
    const { session } = await signIn('keeper');
    const caseId = w.caseIds[w.cases.JAI1[0]!]!;
    const asked = await get(`/desk/v/document?case=${caseId}&kind=register`, session!);
    expect(asked.status).toBe(200);
    const { url } = (await asked.json()) as { url: string };
    const token = url.slice('/desk/pdf?t='.length);
    w.clock.advance(600_000);
    try {
      expect((await get(url)).status).toBe(410);
      const renewed = await get(`/desk/pdf/renew?t=${token}`, session!);
      expect(renewed.status).toBe(303);
      const fresh = renewed.headers.get('location')!;
      expect(fresh).toMatch(/^\/desk\/pdf\?t=/);
      expect(fresh).not.toBe(url);
      const pdf = await get(fresh);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      // The Magistrate's office signed in here: the link is not his to renew; he goes to the entry.
      const other = (await signIn('magistrate')).session!;
      const elsewhere = await get(`/desk/pdf/renew?t=${token}`, other);
      expect(elsewhere.status).toBe(303);
      expect(elsewhere.headers.get('location')).toBe(`/desk?entry=${caseId}`);
    } finally {
      w.clock.advance(-600_000);
    }
  });

  it("takes a write with the cookie only from the desk's own page (CSRF), and signs out", async () => {
    const { session } = await signIn('magistrate');
    const codes = () => w.app.deps.db.enrolmentCode.count();
    const before = await codes();
    const post = (headers: Record<string, string>) =>
      fetch(`${w.base}/desk/v/staff`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: session!, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ lang: 'en', op: 'enrol', role: 'POUND_KEEPER', pound: 'JAI1', name: 'New keeper' }),
      });
    const refused: Array<[string, Record<string, string>]> = [
      ['a form of another site (no header)', {}],
      ['another origin', { 'x-desk-request': '1', origin: 'https://evil.example' }],
      ['a cross-site fetch', { 'x-desk-request': '1', 'sec-fetch-site': 'cross-site' }],
      ['a same-site subdomain', { 'x-desk-request': '1', 'sec-fetch-site': 'same-site' }],
    ];
    for (const [why, headers] of refused) expect((await post(headers)).status, why).toBe(401);
    expect(await codes()).toBe(before);
    const ok = await post({ 'x-desk-request': '1', origin: w.base, 'sec-fetch-site': 'same-origin' });
    expect(ok.status).toBe(200);
    expect(await codes()).toBe(before + 1);
    // Signing out: only from the desk's page; the cookie is cleared (the browser forgets it).
    const out = (headers: Record<string, string>) =>
      fetch(`${w.base}/desk/logout`, { method: 'POST', headers: { cookie: session!, ...headers } });
    expect((await out({})).status).toBe(403);
    const done = await out({ 'x-desk-request': '1' });
    expect(done.status).toBe(204);
    expect(done.headers.getSetCookie()[0]).toMatch(/^desk_session=; Path=\/desk; Max-Age=0; HttpOnly; SameSite=Strict/);
  });
});

describe('desk sign-in behind https', { timeout: 120_000 }, () => {
  let w: DeskWorld;
  beforeAll(async () => {
    w = await startDeskWorld({ PUBLIC_URL: 'https://desk.example.org' });
  }, 180_000);
  afterAll(() => w?.close());

  it('marks both cookies Secure and sends Telegram back to PUBLIC_URL', async () => {
    const r = await fetch(`${w.base}/desk/login`);
    const login = r.headers.getSetCookie()[0]!;
    expect(login).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    expect(await r.text()).toContain('data-auth-url="https://desk.example.org/desk/login/telegram"');
    const back = await fetch(
      `${w.base}/desk/login/telegram?${new URLSearchParams(widgetFields(DESK_PEOPLE.keeper.id, w.clock.now()))}`,
      { redirect: 'manual', headers: { cookie: login.split(';')[0]! } },
    );
    expect(back.status).toBe(303);
    const session = back.headers.getSetCookie().find((c) => c.startsWith('desk_session='))!;
    expect(session).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
    // A write from the page: the origin is PUBLIC_URL's, not the address the proxy forwards to.
    const post = (origin: string) =>
      fetch(`${w.base}/desk/v/staff`, {
        method: 'POST',
        headers: {
          cookie: session.split(';')[0]!,
          'content-type': 'application/json',
          'x-desk-request': '1',
          origin,
        },
        body: JSON.stringify({ lang: 'en' }),
      });
    expect((await post(w.base)).status).toBe(401);
    expect((await post('https://desk.example.org')).status).not.toBe(401);
  });
});
