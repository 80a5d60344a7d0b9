import type { Composer } from 'grammy';
import { callbackSecret, decodeCallback } from '../../src/callback-data';
import type { BotContext } from '../context';
import type { CallbackCodec } from '../flows/callback-codec';

/**
 * The owner's callback router: a forged or altered button fails verification (src/callback-data.ts) and falls
 * through to the unhandled feature ("out of date, nothing changed"). The buttons themselves are drawn by the
 * pure keyboards (bot/keyboards/owner.ts `cb`).
 */

/** What a button handler may ask the helper to show on the tapped button (a toast or an alert). */
export type TapAnswer = void | { text: string; alert?: boolean };

/**
 * Registers a handler for one kind of owner button: a typed codec (bot/flows/callback-codec.ts), or — the
 * compatibility path of claim.ts and dues.ts, still to convert — a bare action whose handler gets the decoded args.
 * The callback query is always answered (Telegram shows a spinner until it is), with the handler's text if it
 * returns one; data that does not verify passes on (the unhandled feature answers "out of date").
 */
export function onAction<D>(composer: Composer<BotContext>, codec: CallbackCodec<D>, handler: (ctx: BotContext, data: D) => Promise<TapAnswer>): void;
export function onAction(composer: Composer<BotContext>, action: string, handler: (ctx: BotContext, args: string[]) => Promise<TapAnswer>): void;
export function onAction(composer: Composer<BotContext>, action: string | CallbackCodec<unknown>, handler: (ctx: BotContext, data: never) => Promise<TapAnswer>): void {
  const decode =
    typeof action === 'string'
      ? (ctx: BotContext, data: string) => {
          const decoded = decodeCallback(callbackSecret(ctx.deps.config), data);
          return decoded?.action === action ? decoded.args : null;
        }
      : (ctx: BotContext, data: string) => action.decode(ctx, data);
  composer.on('callback_query:data', async (ctx, next) => {
    const data = decode(ctx, ctx.callbackQuery.data);
    if (data === null) return next();
    const answer = await handler(ctx, data as never);
    await ctx.answerCallbackQuery(answer ? { text: answer.text, show_alert: answer.alert ?? false } : {}).catch(() => {});
  });
}

/** A positive integer id from a callback argument; null when it is not one (then the button is stale). */
export function idArg(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}
