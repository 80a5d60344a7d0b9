import { timingSafeEqual } from 'node:crypto';
import { signData } from '@telegram-apps/init-data-node';

/**
 * Who opened the staff desk: Telegram signs the Mini App's launch data (initData) with a key derived from the bot
 * token; the page sends it with every request. Checked as Telegram documents it ("Validating data received via the
 * Mini App"): the data-check-string is every field received but `hash` — `signature` included when Telegram sent
 * one — as key=value lines in alphabetical order, and `hash` its HMAC-SHA256 under HMAC("WebAppData", bot token)
 * (computed by @telegram-apps/init-data-node's signData), compared in constant time. Older Telegram apps send no
 * `signature` (it is for third parties, who check it with Telegram's public key): their initData is just as valid.
 * Then `auth_date` against the injectable clock: older than `maxAgeSeconds`, or more than a minute in the future,
 * is stale. Nothing is kept between requests. (In an ordinary browser, without the Telegram app, the desk's session
 * cookie after Telegram's Login Widget stands in for initData: session.ts.)
 */

/** The header the desk's page sends initData in. */
export const INIT_DATA_HEADER = 'x-telegram-init-data';
/** initData longer than this is not looked at (Telegram's is well under 2 kB with a photo URL). */
export const MAX_INIT_DATA_LENGTH = 4096;
/** Clock difference tolerated between Telegram and this server. */
const FUTURE_SKEW_SECONDS = 60;

/** The Telegram user the initData names, once its signature and age are checked. */
export interface DeskUser {
  telegramId: bigint;
  firstName: string;
  languageCode: string | undefined;
}

/** The initData's user when it is Telegram's (signed with `token`) and fresh at `now`; otherwise null. */
export function checkInitData(
  raw: string | undefined,
  token: string,
  now: Date,
  maxAgeSeconds: number,
): DeskUser | null {
  if (!raw || raw.length > MAX_INIT_DATA_LENGTH) return null;
  try {
    const params = new URLSearchParams(raw);
    const hash = params.get('hash') ?? '';
    if (!/^[0-9a-f]{64}$/.test(hash) || params.getAll('hash').length !== 1) return null;
    const lines: string[] = [];
    params.forEach((value, key) => {
      if (key !== 'hash') lines.push(`${key}=${value}`);
    });
    const expected = Buffer.from(signData(lines.sort().join('\n'), token), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return null;
    // Signed by Telegram: now read what it says.
    const authDate = params.get('auth_date') ?? '';
    if (!/^\d{1,12}$/.test(authDate)) return null;
    const authSeconds = Number(authDate);
    const nowSeconds = Math.floor(now.getTime() / 1000);
    if (authSeconds < nowSeconds - maxAgeSeconds || authSeconds > nowSeconds + FUTURE_SKEW_SECONDS) return null;
    const user: unknown = JSON.parse(params.get('user') ?? 'null');
    if (typeof user !== 'object' || user === null) return null;
    const { id, first_name: firstName, language_code: languageCode } = user as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
    return {
      telegramId: BigInt(id),
      firstName: typeof firstName === 'string' ? firstName : '',
      languageCode: typeof languageCode === 'string' ? languageCode : undefined,
    };
  } catch {
    return null;
  }
}
