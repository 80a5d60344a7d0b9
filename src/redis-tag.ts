import { createHmac } from 'node:crypto';

/**
 * The name a person goes by in the deployment's Redis keys — a chat id in the Telegram pacing (jobs/rate-limit.ts), a
 * client's address in the HTTP limits (src/http/client-limits.ts): 16 hex characters of an HMAC under a secret of
 * the deployment, so Redis (a dump, `SCAN`, a monitoring tool) never lists who is messaged or who read which page.
 * Chat ids and IPv4 addresses are few and guessable, so a plain hash would not hide them; a keyed one does as long as
 * the secret is not known.
 */
export function redisTag(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex').slice(0, 16);
}

/**
 * The secret of redisTag() for one use (`purpose`) in a deployment: derived from the bot token (or the webhook secret,
 * or the queue prefix when neither is set), so every process of the deployment names a person the same way.
 */
export function redisTagSecret(
  purpose: string,
  config: { BOT_TOKEN?: string | undefined; WEBHOOK_SECRET?: string | undefined },
  prefix: string,
): string {
  return createHmac('sha256', `kanji-sahayak/${purpose}`)
    .update(config.BOT_TOKEN ?? config.WEBHOOK_SECRET ?? prefix)
    .digest('hex');
}
