import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ButtonAction } from './services/outbox';

/**
 * Inline-button callback data, signed so a forged or altered callback is recognised and refused.
 * Format: "<action>|<arg>|<arg>...|<mac>", where mac is 8 base64url characters of an HMAC-SHA256 over
 * the rest, keyed by the deployment's secret. Telegram limits callback data to 64 bytes, so keep
 * actions and args short (ids, not names).
 */
export function encodeCallback(secret: string, action: string, ...args: Array<string | number>): string {
  const body = [action, ...args.map(String)].join('|');
  if (body.includes('\n')) throw new Error('callback data must be one line');
  // The same buttons are drawn again and again (a case card's dues/claim/follow): the last signatures are kept.
  const memoKey = `${secret}\u0000${body}`;
  const known = encoded.get(memoKey);
  if (known !== undefined) return known;
  const data = `${body}|${mac(secret, body)}`;
  if (Buffer.byteLength(data) > 64) throw new Error(`callback data over 64 bytes: ${action}`);
  if (encoded.size >= ENCODED_MAX) encoded.delete(encoded.keys().next().value!);
  encoded.set(memoKey, data);
  return data;
}

const ENCODED_MAX = 1024;
const encoded = new Map<string, string>();

/** Parses and verifies callback data; null when it is malformed, forged or for another action set. */
export function decodeCallback(secret: string, data: string | undefined): { action: string; args: string[] } | null {
  if (!data) return null;
  // Every button router of the bot decodes the same update's data (one HMAC per router per tap): the
  // last few verified results are kept (a copy is returned, so a caller cannot change the kept one).
  const memoKey = `${secret}\u0000${data}`;
  const known = decoded.get(memoKey);
  if (known !== undefined) return known && { action: known.action, args: [...known.args] };
  const result = verify(secret, data);
  if (decoded.size >= DECODED_MAX) decoded.delete(decoded.keys().next().value!);
  decoded.set(memoKey, result);
  return result && { action: result.action, args: [...result.args] };
}

const DECODED_MAX = 256;
const decoded = new Map<string, { action: string; args: string[] } | null>();

function verify(secret: string, data: string): { action: string; args: string[] } | null {
  const cut = data.lastIndexOf('|');
  if (cut <= 0) return null;
  const body = data.slice(0, cut);
  const given = Buffer.from(data.slice(cut + 1));
  const expected = Buffer.from(mac(secret, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [action, ...args] = body.split('|');
  return action ? { action, args } : null;
}

/**
 * Signed callback data for a button a service asked for (OutgoingMessage `action`). The wire format is the
 * bot's handlers': "pc|ok|<paymentId>", "pc|no|<paymentId>" (bot/features/confirm-payment.ts), "ack|<releaseId>"
 * (bot/features/acknowledge.ts).
 */
export function encodeButtonAction(secret: string, action: ButtonAction): string {
  switch (action.kind) {
    case 'confirm_payment':
      return encodeCallback(secret, 'pc', 'ok', action.paymentId);
    case 'reject_payment':
      return encodeCallback(secret, 'pc', 'no', action.paymentId);
    case 'acknowledge_release':
      return encodeCallback(secret, 'ack', action.releaseId);
  }
}

function mac(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url').slice(0, 8);
}

/** The signing secret: derived from the bot token, so it is stable across restarts and processes. */
export function callbackSecret(config: {
  BOT_TOKEN?: string | undefined;
  WEBHOOK_SECRET?: string | undefined;
}): string {
  const source = config.BOT_TOKEN ?? config.WEBHOOK_SECRET ?? 'local-mode';
  let secret = secrets.get(source);
  if (secret === undefined) {
    secret = createHmac('sha256', 'kanji-sahayak/callbacks').update(source).digest('hex');
    if (secrets.size >= 16) secrets.clear();
    secrets.set(source, secret);
  }
  return secret;
}
// Derived once per token (it was an HMAC per button drawn and per router a tap passed through).
const secrets = new Map<string, string>();
