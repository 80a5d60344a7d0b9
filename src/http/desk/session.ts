import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { openToken, sealToken, tokenKey } from './signed-token';

/**
 * Signing in to the staff desk from an ordinary browser (an office computer without the Telegram app): Telegram's
 * Login Widget, then a short-lived signed session cookie.
 *
 * The widget sends the browser back with the Telegram user's fields and `hash`. Checked as Telegram documents it
 * ("Checking authorization", core.telegram.org/widgets/login): the data-check-string is every field received but
 * `hash`, as key=value lines in alphabetical order; `hash` is its HMAC-SHA256 in hex under the key SHA256(bot token)
 * (the raw digest — not the Mini App's HMAC("WebAppData", token)), compared in constant time; then `auth_date`
 * against the injectable clock (older than `maxAgeSeconds`, or more than a minute ahead: refused).
 *
 * The session cookie names the Telegram user and when it stops working, signed with HMAC-SHA256 under a key derived
 * from the bot token; nothing is stored on the server. It grants nothing by itself: every request reads the user's
 * grants from the database again, as for Telegram's initData, so a revoked official's cookie is refused at once.
 */

/** The session cookie's name, and the sign-in's one-use cookie (proves the sign-in began on this browser). */
export const SESSION_COOKIE = 'desk_session';
export const LOGIN_COOKIE = 'desk_login';
/** How long a session works after sign-in (seconds): a working morning; then the widget again. */
export const SESSION_SECONDS = 4 * 3600;
/** How long the sign-in page's one-use cookie waits for Telegram's answer (seconds). */
export const LOGIN_SECONDS = 600;
/** Clock difference tolerated between Telegram and this server. */
const FUTURE_SKEW_SECONDS = 60;
/** The fields the widget sends (Telegram may add more: they are in the data-check-string all the same). */
const MAX_FIELDS = 12;
const MAX_FIELD_LENGTH = 512;

export interface WidgetUser {
  telegramId: bigint;
  firstName: string;
}

/** Why the Login Widget's answer is refused: not Telegram's (or not readable as its fields), or too old or ahead. */
export type WidgetRefusal = 'malformed' | 'forged' | 'stale';

/**
 * The Login Widget's user when the fields are Telegram's (signed for `token`) and fresh at `now`; else why not. The
 * Telegram id of a stale answer is Telegram's own (the hash held), so the caller may count it against that id; a
 * forged or malformed one names nobody.
 */
export function judgeLoginWidget(
  fields: Record<string, unknown>,
  token: string,
  now: Date,
  maxAgeSeconds: number,
): { ok: true; user: WidgetUser; hash: string } | { ok: false; reason: WidgetRefusal; telegramId?: bigint } {
  const entries = Object.entries(fields);
  if (entries.length > MAX_FIELDS) return { ok: false, reason: 'malformed' };
  const hash = fields.hash;
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) return { ok: false, reason: 'malformed' };
  const lines: string[] = [];
  for (const [k, v] of entries) {
    if (k === 'hash') continue;
    if (typeof v !== 'string' || v.length > MAX_FIELD_LENGTH || !/^[a-z_]{1,32}$/.test(k))
      return { ok: false, reason: 'malformed' };
    lines.push(`${k}=${v}`);
  }
  const secret = createHash('sha256').update(token).digest();
  const expected = createHmac('sha256', secret).update(lines.sort().join('\n')).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { ok: false, reason: 'forged' };
  // Telegram's: now read what it says.
  const authDate = fields.auth_date;
  const id = fields.id;
  if (typeof id !== 'string' || !/^[1-9]\d{0,15}$/.test(id) || !Number.isSafeInteger(Number(id)))
    return { ok: false, reason: 'malformed' };
  if (typeof authDate !== 'string' || !/^\d{1,12}$/.test(authDate))
    return { ok: false, reason: 'malformed', telegramId: BigInt(id) };
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const at = Number(authDate);
  if (at < nowSeconds - maxAgeSeconds || at > nowSeconds + FUTURE_SKEW_SECONDS)
    return { ok: false, reason: 'stale', telegramId: BigInt(id) };
  return {
    ok: true,
    hash,
    user: { telegramId: BigInt(id), firstName: typeof fields.first_name === 'string' ? fields.first_name : '' },
  };
}

/** The Login Widget's user when the fields are Telegram's (signed for `token`) and fresh at `now`; else null. */
export function checkLoginWidget(
  fields: Record<string, unknown>,
  token: string,
  now: Date,
  maxAgeSeconds: number,
): WidgetUser | null {
  const j = judgeLoginWidget(fields, token, now, maxAgeSeconds);
  return j.ok ? j.user : null;
}

const keyOf = (token: string) => tokenKey(token, 'desk session');

/** A session cookie's value for `telegramId`, working until `now` + SESSION_SECONDS. */
export function signSession(token: string, telegramId: bigint, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + SESSION_SECONDS;
  // A random part: two sign-ins in the same second are two sessions (nothing is kept of either).
  return sealToken(keyOf(token), [String(telegramId), expires, randomBytes(9).toString('base64url')]);
}

/** The Telegram user a session cookie names when it is ours and still working at `now`; otherwise null. */
export function checkSession(token: string, value: string | undefined, now: Date): bigint | null {
  const v = value ? openToken(keyOf(token), value, 300, 3) : null;
  if (!v) return null;
  const [user, expires] = v;
  if (typeof user !== 'string' || !/^\d{1,20}$/.test(user) || !Number.isSafeInteger(expires)) return null;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if ((expires as number) <= nowSeconds || (expires as number) > nowSeconds + SESSION_SECONDS) return null;
  return BigInt(user);
}

/** One cookie of the request's Cookie header, or undefined. */
export function cookieOf(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/**
 * A Set-Cookie value: HttpOnly (no script reads it), SameSite as asked (the session Strict: never sent with a request
 * another site starts, so no other site can post a form with it), Secure when the desk is served over https, Path /desk.
 */
export function setCookie(
  name: string,
  value: string,
  o: { maxAge: number; secure: boolean; sameSite: 'Strict' | 'Lax' },
): string {
  return [
    `${name}=${value}`,
    'Path=/desk',
    `Max-Age=${o.maxAge}`,
    'HttpOnly',
    `SameSite=${o.sameSite}`,
    ...(o.secure ? ['Secure'] : []),
  ].join('; ');
}

/** A fresh one-use value for the sign-in cookie. */
export const loginNonce = () => randomBytes(18).toString('base64url');
