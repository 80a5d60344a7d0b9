import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CoreDeps } from '../../deps';
import type { SharedLimits } from '../client-limits';
import type { StatutoryWindows } from '../../law';
import { MAX_UPLOAD_BYTES } from '../../services/photo-clean';
import type { StaffActor } from '../../services/staff';
import { CONTROL_OR_FORMAT } from '../../services/typed-input';
import type { Frame } from './views';

// What every desk route shares: the security headers, the checks of a request's parameters, and
// the context the route files are registered with.

export interface DeskOptions {
  /** The bot token initData is signed with (Telegram's key; the local chat's stand-in token there). */
  token: string;
  /** The bot's username for links back to the chat (t.me/<bot>?start=...), once known. */
  botUsername: () => string;
  perMinute: number;
  /** Where the sign-in's failures and used answers are counted: the deployment's Redis (absent: this process). */
  limits?: SharedLimits | undefined;
}

/** The view wrapper of routes.ts: initData checked, rights read, the frame made; `render` gives the HTML or null. */
export type DeskRender = (ctx: { actor: StaffActor; f: Frame; q: Query; body?: Query }) => Promise<string | null>;
export type DeskHandler = (
  req: FastifyRequest<{ Querystring: Query; Body: Query }>,
  reply: FastifyReply,
) => Promise<unknown>;

/** What a file of desk routes is registered with. */
export interface DeskContext {
  deps: CoreDeps;
  o: DeskOptions;
  windows: Partial<StatutoryWindows>;
  rateLimit: { max: number; timeWindow: number };
  view: (name: Frame['tab'] | 'entry', render: DeskRender) => DeskHandler;
  chatLink: (number: string) => string | null;
  /** The official behind a request (initData checked, grants read from the database), or null: answer 401. */
  who: (req: FastifyRequest) => Promise<DeskWho | null>;
}

/** The official behind a desk request and the languages known for him. */
export interface DeskWho {
  actor: StaffActor;
  storedLang: string | null;
  tgLang?: string;
}

/** Content-Security-Policy of the page and its fragments: our own script and styles only. */
export const DESK_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  // Telegram Web shows a Mini App in a frame; the phone apps in a web view.
  'frame-ancestors https://web.telegram.org',
].join('; ');

export const SECURITY_HEADERS = {
  'content-security-policy': DESK_CSP,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

/**
 * The headers of a page of the desk without its script (the sign-in, an expired link): its stylesheet only — and on
 * the sign-in page, Telegram's Login Widget (its script from telegram.org, its frame from oauth.telegram.org).
 */
export function standaloneHeaders(lang: string, widget = false): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    vary: 'Accept-Language',
    'content-language': lang,
    'content-security-policy': [
      "default-src 'none'",
      widget ? 'script-src https://telegram.org' : "script-src 'none'",
      widget ? 'frame-src https://oauth.telegram.org' : "frame-src 'none'",
      "style-src 'self'",
      "img-src 'self'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  };
}

export type Query = Record<string, string | undefined>;

/** Why a request is answered 400: a parameter of the wrong shape (nothing is read or saved). */
export class BadInput extends Error {}

/** A well-formed request the law or the register refuses: answered 422 with the page that says why (nothing saved). */
export class Unprocessable extends Error {
  constructor(readonly html: string) {
    super('unprocessable');
  }
}

export function text(q: Query, name: string, max: number): string | undefined {
  const v = q[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string' || v.length > max || CONTROL_OR_FORMAT.test(v)) throw new BadInput(name);
  return v;
}

export function int(q: Query, name: string): number | undefined {
  const v = text(q, name, 10);
  if (v === undefined) return undefined;
  if (!/^\d{1,9}$/.test(v)) throw new BadInput(name);
  return Number(v);
}

export function oneOf<T extends string>(q: Query, name: string, values: readonly T[]): T | undefined {
  const v = text(q, name, 40);
  if (v === undefined) return undefined;
  if (!(values as readonly string[]).includes(v)) throw new BadInput(name);
  return v as T;
}

/** The request's path and query without `lang` (the language switch adds the other). */
export function hereOf(url: string, override?: string): string {
  const u = new URL(override ?? url, 'http://desk.invalid');
  u.searchParams.delete('lang');
  const q = u.searchParams.toString();
  return `${u.pathname}${q ? `?${q}` : ''}`;
}

/** The longest base64 text of one photo (MAX_UPLOAD_BYTES bytes), as the desk's script sends a photo. */
export const PHOTO_FIELD_MAX = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4;

/**
 * A photo field as the page's script sends it (base64 of the file's bytes): its bytes, 'too_big' (longer than
 * PHOTO_FIELD_MAX: the caller refuses it), or null when absent. Anything but base64 is a BadInput.
 */
export function photoOf(body: Query, name: string): Uint8Array | 'too_big' | null {
  const v = body[name];
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string') throw new BadInput(name);
  if (v.length > PHOTO_FIELD_MAX) return 'too_big';
  if (!isBase64(v)) throw new BadInput(name);
  return new Uint8Array(Buffer.from(v, 'base64'));
}

/**
 * Base64 text: its letters, then at most two "=" at the end. Read without a pattern that backtracks: a photo's text
 * runs to megabytes, and `^[A-Za-z0-9+/]+={0,2}$` on it could exhaust the regular expression engine's stack (a
 * RangeError, answered 500, where the field was either good or a 400).
 */
export function isBase64(v: string): boolean {
  if (v === '' || /[^A-Za-z0-9+/=]/.test(v)) return false;
  const pad = v.indexOf('=');
  return pad === -1 || (pad > 0 && pad >= v.length - 2 && (pad === v.length - 1 || v[v.length - 1] === '='));
}
