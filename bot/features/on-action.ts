import type { Composer } from 'grammy';
import type { BotContext } from '../context';
import type { CallbackCodec } from '../flows/callback-codec';

/**
 * The owner's callback router: a forged or altered button fails verification (src/callback-data.ts) and falls
 * through to the unhandled feature ("out of date, nothing changed"). The buttons themselves are drawn by the
 * pure keyboards with their codecs (bot/keyboards/owner.ts `ownerCb`).
 */

/** What a button handler may ask the helper to show on the tapped button (a toast or an alert). */
export type TapAnswer = void | { text: string; alert?: boolean };

/**
 * Registers the one handler of an owner button's typed codec (bot/flows/callback-codec.ts). The callback query is
 * always answered (Telegram shows a spinner until it is), with the handler's text if it returns one; data that does
 * not verify passes on (the unhandled feature answers "out of date").
 */
export function onAction<D>(
  composer: Composer<BotContext>,
  codec: CallbackCodec<D>,
  handler: (ctx: BotContext, data: D) => Promise<TapAnswer>,
): void {
  composer.on('callback_query:data', async (ctx, next) => {
    const data = codec.decode(ctx, ctx.callbackQuery.data);
    if (data === null) return next();
    const answer = await handler(ctx, data);
    await ctx
      .answerCallbackQuery(answer ? { text: answer.text, show_alert: answer.alert ?? false } : {})
      .catch(() => {});
  });
}
