import { parse, validate } from '@telegram-apps/init-data-node';

/**
 * Who opened the staff desk: Telegram signs the Mini App's launch data (initData) with a key derived from the bot
 * token; the page sends it with every request. Checked here with @telegram-apps/init-data-node (the HMAC, never
 * hand-rolled), and its `auth_date` against the injectable clock: older than `maxAgeSeconds`, or more than a minute
 * in the future, is stale. Nothing is kept between requests — no cookie, no session.
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
    // The signature only (expiresIn 0): the library's expiry reads the machine's clock, the age is checked below
    // against the clock every statutory date uses.
    validate(raw, token, { expiresIn: 0 });
    const data = parse(raw);
    const authSeconds = Math.floor(data.auth_date.getTime() / 1000);
    const nowSeconds = Math.floor(now.getTime() / 1000);
    if (authSeconds < nowSeconds - maxAgeSeconds || authSeconds > nowSeconds + FUTURE_SKEW_SECONDS) return null;
    const user = data.user;
    if (!user || !Number.isSafeInteger(user.id) || user.id <= 0) return null;
    return { telegramId: BigInt(user.id), firstName: user.first_name ?? '', languageCode: user.language_code };
  } catch {
    return null;
  }
}
