import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The desk's signed tokens (a document link, the browser's session): a JSON array in base64url and its HMAC-SHA256
 * under a key derived from the bot token for one purpose — nothing stored on the server. The caller reads the
 * fields and their times.
 */

/** The key of one purpose ("desk document link", "desk session"): a token of one is never valid as the other. */
export function tokenKey(botToken: string, purpose: string): Buffer {
  return createHmac('sha256', botToken).update(`kanji-sahayak ${purpose}`).digest();
}

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function sealToken(key: Buffer, fields: unknown[]): string {
  const body = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${body}.${mac(key, body)}`;
}

/** The fields of a token signed with `key` and of `length` fields, or null (too long, not ours, not readable). */
export function openToken(key: Buffer, token: string, maxLength: number, length: number): unknown[] | null {
  if (token.length > maxLength) return null;
  const [body, sig, ...rest] = token.split('.');
  if (!body || !sig || rest.length) return null;
  const want = Buffer.from(mac(key, body));
  const got = Buffer.from(sig);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return Array.isArray(v) && v.length === length ? v : null;
  } catch {
    return null;
  }
}
