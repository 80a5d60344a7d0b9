import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_LOGIN_FAILURES_PER_ADDRESS, DESK_LOGIN_FAILURES_PER_USER } from '../../../src/http/desk/login-guard';
import { deskShot, launchChromium, pageWidth } from '../../support/browser';
import { DESK_PEOPLE, DESK_TOKEN, type DeskWorld, startDeskWorld } from '../../support/desk';
import { enrolStaff } from '../../support/fixtures';
import { widgetFields } from '../../support/login-widget';

// The desk's sign-in with Telegram's Login Widget, attacked: every sign-in audited (taken or refused, why, never a
// name), an answer of Telegram's used once, huge and missing fields, and failures throttled per address and per
// Telegram id with a page in the reader's language. The world counts in Redis, as a deployment does.

describe('desk sign-in: audit, replay and throttle', { timeout: 180_000 }, () => {
  let w: DeskWorld;
  beforeAll(async () => {
    w = await startDeskWorld();
  }, 180_000);
  afterAll(() => w?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${w.base}${url}`, { redirect: 'manual', headers });
  const loginCookie = async () => {
    const r = await get('/desk/login?lang=en');
    return r.headers.getSetCookie()[0]!.split(';')[0]!;
  };
  const back = async (fields: Record<string, string> | string, lang = 'en') => {
    const qs = typeof fields === 'string' ? fields : new URLSearchParams(fields).toString();
    return get(`/desk/login/telegram?${qs}`, { cookie: await loginCookie(), 'accept-language': lang });
  };
  const signedIn = (r: Response) =>
    r.headers.getSetCookie().some((c) => c.startsWith('desk_session=') && !c.startsWith('desk_session=;'));
  const logins = async () =>
    (await w.app.deps.db.auditEvent.findMany({ where: { action: 'desk.login' }, orderBy: { id: 'asc' } })).map((a) => ({
      id: a.actorTelegramId,
      role: a.actorRole,
      staff: a.actorStaffId,
      ...(a.details as object),
    }));
  const last = async () => (await logins()).at(-1) as Record<string, unknown>;

  it('audits a sign-in taken, with the official but no name, username or address', async () => {
    const r = await back(widgetFields(DESK_PEOPLE.keeper.id, w.clock.now(), { extra: { last_name: 'Meena' } }));
    expect(r.status).toBe(303);
    expect(signedIn(r)).toBe(true);
    const a = await last();
    expect(a).toMatchObject({
      id: BigInt(DESK_PEOPLE.keeper.id),
      role: 'pound_keeper',
      via: 'login_widget',
      result: 'signed_in',
    });
    expect(typeof a.staff).toBe('number');
    const raw = JSON.stringify(
      (await w.app.deps.db.auditEvent.findMany({ where: { action: 'desk.login' } })).map((x) => x.details),
    );
    for (const personal of ['Desk', 'Meena', 'staff_', '127.0.0.1']) expect(raw).not.toContain(personal);
  });

  it("takes Telegram's answer once: the same answer again is refused and audited as replayed", async () => {
    const fields = widgetFields(DESK_PEOPLE.officer.id, w.clock.now());
    expect((await back(fields)).status).toBe(303);
    const again = await back(fields);
    expect(again.status).toBe(401);
    expect(signedIn(again)).toBe(false);
    expect(await last()).toMatchObject({ id: BigInt(DESK_PEOPLE.officer.id), result: 'refused', reason: 'replayed' });
  });

  it('refuses forged, malformed, huge and missing fields, audits each with its reason and no one it names', async () => {
    const now = w.clock.now();
    const good = widgetFields(DESK_PEOPLE.magistrate.id, now);
    const without = (k: string) => Object.fromEntries(Object.entries(good).filter(([x]) => x !== k));
    const cases: Array<[string, Record<string, string> | string, string]> = [
      ['another id under the hash', { ...good, id: String(DESK_PEOPLE.admin.id) }, 'forged'],
      ['a forged hash', { ...good, hash: 'ab'.repeat(32) }, 'forged'],
      ['no hash', without('hash'), 'malformed'],
      ['an upper-case hash', { ...good, hash: good.hash!.toUpperCase() }, 'malformed'],
      [
        'a huge name, signed',
        widgetFields(DESK_PEOPLE.magistrate.id, now, { extra: { first_name: 'x'.repeat(5000) } }),
        'malformed',
      ],
      [
        'too many fields',
        widgetFields(DESK_PEOPLE.magistrate.id, now, {
          extra: Object.fromEntries([...'abcdefghijk'].map((c) => [`f_${c}`, c])),
        }),
        'malformed',
      ],
      ['the id twice', `${new URLSearchParams(good)}&id=1`, 'malformed'],
      ['a field name of another shape', { ...good, 'Auth-Date': '1' }, 'malformed'],
      ['no id, signed', signedWithout(widgetFields(DESK_PEOPLE.magistrate.id, now), 'id'), 'malformed'],
      ['no auth_date, signed', signedWithout(widgetFields(DESK_PEOPLE.magistrate.id, now), 'auth_date'), 'malformed'],
      ['stale', widgetFields(DESK_PEOPLE.magistrate.id, new Date(now.getTime() - 3 * 3600_000)), 'stale'],
      ['from the future', widgetFields(DESK_PEOPLE.magistrate.id, new Date(now.getTime() + 3600_000)), 'stale'],
    ];
    for (const [why, fields, reason] of cases) {
      const r = await back(fields);
      expect(r.status, why).toBe(401);
      expect(signedIn(r), why).toBe(false);
      expect(await r.text(), why).toContain('Start again');
      const a = await last();
      expect(a, why).toMatchObject({ result: 'refused', reason, role: 'system' });
      // Only Telegram's own word names a user: a forged answer names nobody.
      const named = reason === 'stale' || why === 'no auth_date, signed';
      expect(a.id, why).toBe(named ? BigInt(DESK_PEOPLE.magistrate.id) : null);
    }
    // A query string far beyond any of Telegram's: refused before it is read (the server's header limit), no session.
    const huge = await back(`${new URLSearchParams(good)}&photo_url=${'y'.repeat(40_000)}`);
    expect([401, 414, 431]).toContain(huge.status);
    expect(signedIn(huge)).toBe(false);
    // Missing the one-use cookie (a sign-in not begun here).
    const notBegun = await get(
      `/desk/login/telegram?${new URLSearchParams(widgetFields(DESK_PEOPLE.magistrate.id, now))}`,
    );
    expect(notBegun.status).toBe(401);
    expect(await last()).toMatchObject({ result: 'refused', reason: 'not_begun', id: null });
    // The magistrate was never throttled by answers that only claimed his id: he signs in.
    expect((await back(widgetFields(DESK_PEOPLE.magistrate.id, now))).status).toBe(303);
  });

  it('throttles one Telegram id after repeated stale answers, not the others at the same address', async () => {
    await enrolStaff(w.app.deps.db, 7301, 'POUND_KEEPER', ['JAI1'], 'Staff 7301');
    const now = w.clock.now();
    for (let i = 0; i < DESK_LOGIN_FAILURES_PER_USER; i++)
      expect((await back(widgetFields(7301, new Date(now.getTime() - 3 * 3600_000)))).status).toBe(401);
    const held = await back(widgetFields(7301, now), 'hi');
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(signedIn(held)).toBe(false);
    expect(await held.text()).toMatch(/मिनट बाद फिर कोशिश करें/);
    expect(await last()).toMatchObject({ result: 'refused', reason: 'throttled' });
    expect((await back(widgetFields(DESK_PEOPLE.keeper.id, now))).status).toBe(303);
  });

  it('throttles an address after repeated forged answers, the right answer too, with a page in its language', async () => {
    const now = w.clock.now();
    const good = widgetFields(DESK_PEOPLE.admin.id, now);
    for (let i = 0; i < DESK_LOGIN_FAILURES_PER_ADDRESS; i++)
      expect((await back({ ...good, hash: i.toString(16).padStart(64, '0') })).status).toBe(401);
    const en = await back(good, 'en');
    expect(en.status).toBe(429);
    expect(signedIn(en)).toBe(false);
    const text = await en.text();
    expect(text).toMatch(/try again in \d+ minutes?/);
    expect(en.headers.get('content-language')).toBe('en');
    const hi = await back(widgetFields(DESK_PEOPLE.keeper.id, now), 'hi');
    expect(hi.status).toBe(429);
    expect(await hi.text()).toMatch(/\d+ मिनट बाद फिर कोशिश करें/);
    const throttled = (await logins()).filter((a) => (a as { reason?: string }).reason === 'throttled');
    expect(throttled.length).toBeGreaterThanOrEqual(3);
    // As a person sees it, in Chromium at a phone's width: the page in Hindi, and no session.
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'hi-IN' });
      const page = await context.newPage();
      await page.goto(`${w.base}/desk/login?lang=hi`);
      const answer = await page.goto(
        `${w.base}/desk/login/telegram?${new URLSearchParams(widgetFields(DESK_PEOPLE.keeper.id, w.clock.now()))}`,
      );
      expect(answer?.status()).toBe(429);
      expect(await page.textContent('p.bad')).toMatch(/साइन इन कुछ देर रुका है: \d+ मिनट बाद/);
      expect((await context.cookies()).some((c) => c.name === 'desk_session')).toBe(false);
      // The other language is the sign-in page again, never Telegram's answer sent once more.
      expect(await page.getAttribute('a[hreflang="en"]', 'href')).toMatch(/^\/desk\/login\?(.*&)?lang=en$/);
      expect(await pageWidth(page)).toBeLessThanOrEqual(360);
      await deskShot(page, 'login-throttled-hi');
      await context.close();
    } finally {
      await browser.close();
    }
  });
});

/** Fields signed by Telegram's rule after `drop` is taken out (what a widget answer without it would look like). */
function signedWithout(fields: Record<string, string>, drop: string): Record<string, string> {
  const { hash: _h, [drop]: _d, ...rest } = fields;
  const check = Object.keys(rest)
    .sort()
    .map((k) => `${k}=${rest[k]}`)
    .join('\n');
  const key = createHash('sha256').update(DESK_TOKEN).digest();
  return { ...rest, hash: createHmac('sha256', key).update(check).digest('hex') };
}
