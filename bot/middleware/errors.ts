import type { BotError } from 'grammy';
import { markFailed } from '../../src/observability/scope';
import type { BotContext } from '../context';

/**
 * One error handler for everything: log with the update id, tell the person nothing was changed — only where there
 * is one person to tell. A tap is answered on the button (works for a message in a group or an inline message too,
 * and says nothing to the others there); a message in a private chat gets a reply. A group or channel is never
 * posted "something went wrong": the others in it did not ask, and the bot has no conversation there.
 */
export async function handleBotError(err: BotError<BotContext>): Promise<void> {
  const ctx = err.ctx;
  markFailed();
  const logger = ctx.deps?.logger;
  logger?.error({ err: err.error, update_id: ctx.update.update_id, chat_type: ctx.chat?.type }, 'handler failed');
  if (!ctx.t) return;
  const apology = ctx.t('common:error.generic');
  const privateChat = ctx.chat?.type === 'private';
  try {
    if (ctx.callbackQuery) {
      try {
        await ctx.answerCallbackQuery({ text: apology, show_alert: true });
        return;
      } catch (e) {
        // The handler may have answered the tap already (Telegram answers a query once): a private chat still
        // gets the apology as a message.
        if (!privateChat) throw e;
      }
    }
    if (privateChat) await ctx.reply(apology);
  } catch {
    // Telegram itself may be failing; the log line above is what remains.
  }
}
