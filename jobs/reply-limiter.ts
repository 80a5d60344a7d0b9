import type { Transformer } from 'grammy';
import type { Logger } from '../src/logging';
import type { TelegramRateLimiter } from './rate-limit';

/**
 * Bot API methods that send nothing into a chat although their names start with `send`: a typing indicator and a
 * draft streamed while it is written. Neither counts against Telegram's message limits, and pacing them would only
 * slow them down.
 */
const NOT_MESSAGES: ReadonlySet<string> = new Set(['sendChatAction', 'sendMessageDraft', 'sendRichMessageDraft']);

/**
 * Does this Bot API method put a message in a chat (and so count against Telegram's global and per-chat limits)?
 * Every `send…` method does — text, photo, album, document, venue, location, contact, poll, dice, sticker, invoice,
 * and any Telegram adds later — and so do copying and forwarding. Decided by the name rather than a list, so a
 * method the bot starts to use is paced and retried without anyone remembering to add it.
 */
export function isMessageMethod(method: string): boolean {
  if (method.startsWith('send')) return !NOT_MESSAGES.has(method);
  return /^(copy|forward)Messages?$/.test(method);
}

/** Bounds of a reply's retries on 429: a user's answer is retried, but a handler never hangs for long. */
export interface ReplyLimitOptions {
  /** 429 answers retried per call (default 3). */
  maxRetries?: number;
  /** A retry_after longer than this is not waited for; the 429 goes to the handler (default 30 s). */
  maxWaitMs?: number;
  /** Waiting for the shared budget longer than this (Redis unreachable) sends anyway (default 5 s). */
  budgetTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A grammY API transformer for the bot's direct replies (ctx.reply and friends): each message call first
 * takes a slot of the same shared budget the sender uses (global and per chat, in Redis), and a 429 is
 * waited out (retry_after, every sender pauses too) and retried, at most `maxRetries` times, so a reply to a
 * user is not lost in the middle of a broadcast and the handler does not see the 429. If the budget cannot
 * be read in `budgetTimeoutMs` (Redis down) the reply goes anyway: a user's answer is worth more than the
 * pacing. A reply takes the limiter's priority lane (someone is waiting for it): it leaves before the bulk
 * sends of a running broadcast. Installed per update on ctx.api (bot/index.ts), not on bot.api: the sender gates its own calls.
 */
export function rateLimitedReplies(
  limiter: () => TelegramRateLimiter | undefined,
  logger: Logger,
  o: ReplyLimitOptions = {},
): Transformer {
  const maxRetries = o.maxRetries ?? 3;
  const maxWaitMs = o.maxWaitMs ?? 30_000;
  const budgetTimeoutMs = o.budgetTimeoutMs ?? 5_000;
  const log = logger.child({ part: 'jobs.replies' });
  return async (prev, method, payload, signal) => {
    // A gift names its receiver by user_id: his private chat with the bot.
    const p = payload as { chat_id?: unknown; user_id?: unknown } | undefined;
    const chatId = p?.chat_id ?? p?.user_id;
    const l = limiter();
    if (!l || !isMessageMethod(method) || chatId === undefined) return prev(method, payload, signal);
    for (let attempt = 0; ; attempt++) {
      let timer: NodeJS.Timeout | undefined;
      const gave = await Promise.race([
        l.waitTurn(String(chatId), false, true).then(() => true),
        new Promise<boolean>((r) => (timer = setTimeout(() => r(false), budgetTimeoutMs))),
      ]).catch(() => false);
      clearTimeout(timer);
      if (!gave) log.warn({ method }, 'shared Telegram budget not reachable: reply sent unpaced');
      else l.departing(String(chatId));
      const res = await prev(method, payload, signal);
      if (res.ok || res.error_code !== 429) return res;
      const waitMs = (res.parameters?.retry_after ?? 1) * 1000;
      if (attempt >= maxRetries || waitMs > maxWaitMs) {
        log.warn({ method, attempt, waitMs }, 'telegram 429 on a reply: retries exhausted');
        return res;
      }
      log.warn({ method, waitMs }, 'telegram 429 on a reply: waiting and retrying');
      await l.pauseAll(waitMs).catch(() => {});
      await sleep(waitMs);
    }
  };
}
