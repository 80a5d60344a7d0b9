import { run, type RunnerHandle } from '@grammyjs/runner';
import type { Bot } from 'grammy';
import type { BotContext } from './context';

/**
 * Long polling with @grammyjs/runner: updates are fetched in batches and handled concurrently across chats, while
 * `inChatOrder` (bot/middleware/session-storage.ts, the same per-chat key as under webhooks) keeps one chat's
 * updates one at a time and in order. (grammY's built-in `bot.start()` handled one update at a time for everyone.)
 * Errors that propagate out of the middleware go to `bot.catch` as with `bot.start()`.
 */
export function startPolling(bot: Bot<BotContext>): RunnerHandle {
  return run(bot);
}
