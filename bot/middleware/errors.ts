import type { BotError } from 'grammy';
import { markFailed } from '../../src/observability/scope';
import type { BotContext } from '../context';

/** One error handler for everything: log with the update id, tell the user nothing was changed. */
export async function handleBotError(err: BotError<BotContext>): Promise<void> {
  const ctx = err.ctx;
  markFailed();
  const logger = ctx.deps?.logger;
  logger?.error({ err: err.error, update_id: ctx.update.update_id }, 'handler failed');
  try {
    if (ctx.chat && ctx.t) await ctx.reply(ctx.t('common:error.generic'));
  } catch {
    // Telegram itself may be failing; the log line above is what remains.
  }
}
