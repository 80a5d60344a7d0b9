import { createHash, createHmac } from 'node:crypto';
import { DESK_TOKEN } from './desk';

/**
 * What Telegram's Login Widget sends the browser back with for `telegramId`, signed as Telegram documents it
 * ("Checking authorization"): the fields but `hash` sorted as key=value lines, HMAC-SHA256 in hex under the key
 * SHA256(bot token). Written here apart from the desk's own check, from the documentation. Each answer made here is a
 * second older than the one before (up to ten minutes), as two answers of Telegram's differ: the desk takes each
 * answer once, and the tests' clock stands still.
 */
let made = 0;
export function widgetFields(
  telegramId: number,
  authDate: Date,
  o: { token?: string; extra?: Record<string, string> } = {},
): Record<string, string> {
  const fields: Record<string, string> = {
    id: String(telegramId),
    first_name: 'Desk',
    username: `staff_${telegramId}`,
    auth_date: String(Math.floor(authDate.getTime() / 1000) - (made++ % 600)),
    ...o.extra,
  };
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const key = createHash('sha256')
    .update(o.token ?? DESK_TOKEN)
    .digest();
  return { ...fields, hash: createHmac('sha256', key).update(check).digest('hex') };
}
