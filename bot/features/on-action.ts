import type { Composer } from 'grammy';
import { callbackSecret, decodeCallback } from '../../src/callback-data';
import type { BotContext } from '../context';

/**
 * The owner's callback router: a forged or altered button fails verification (src/callback-data.ts) and falls
 * through to the unhandled feature ("out of date, nothing changed"). The buttons themselves are drawn by the
 * pure keyboards (bot/keyboards/owner.ts `cb`).
 */

/** What a button handler may ask the helper to show on the tapped button (a toast or an alert). */
export type TapAnswer = void | { text: string; alert?: boolean };

/**
 * Registers a handler for one signed action. The handler gets the decoded args; the callback query is
 * always answered (Telegram shows a spinner until it is), with the handler's text if it returns one.
 */
export function onAction(composer: Composer<BotContext>, action: string, handler: (ctx: BotContext, args: string[]) => Promise<TapAnswer>): void {
  composer.on('callback_query:data', async (ctx, next) => {
    const decoded = decodeCallback(callbackSecret(ctx.deps.config), ctx.callbackQuery.data);
    if (!decoded || decoded.action !== action) return next();
    const answer = await handler(ctx, decoded.args);
    await ctx.answerCallbackQuery(answer ? { text: answer.text, show_alert: answer.alert ?? false } : {}).catch(() => {});
  });
}

/** A positive integer id from a callback argument; null when it is not one (then the button is stale). */
export function idArg(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}
