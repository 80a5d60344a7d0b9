import { InlineKeyboard, type Composer } from 'grammy';
import { callbackSecret, decodeCallback, encodeCallback } from '../../src/callback-data';
import type { BotContext } from '../context';

/**
 * Owner-side inline buttons. Callback data is always signed (src/callback-data.ts); a forged or altered
 * button fails verification and falls through to the unhandled feature ("out of date, nothing changed").
 * Actions (keep them short — Telegram allows 64 bytes of callback data):
 *   lang <en|hi> · cs <caseId> open card · du <caseId> dues · wi <caseId> what-if · cl <caseId> claim (s. 13)
 *   pr <caseId> dispute (s. 15) · pi <caseId> <1|0> intends to complain · who <caseId> <13|15> <o|a>
 *   dcl <claimId> <1|0> s. 12A declaration · pm <claimId> <c|u> method · ip <claimId> <c|u> <paise> "I have paid"
 *   nr <claimId> <paise> no UPI reference · fw <caseId> <1|0> follow · sa all cattle · us <subscriptionId>
 *   cp <caseId> complaint · ack <releaseId> taking the cattle back (button queued by the staff release flow)
 */

/** Signed callback data for an owner button. */
export function cb(ctx: BotContext, action: string, ...args: Array<string | number>): string {
  return encodeCallback(callbackSecret(ctx.deps.config), action, ...args);
}

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

/** The language switch offered on /start and /language. */
export function languageKeyboard(ctx: BotContext): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t('owner:language.hi_button'), cb(ctx, 'lang', 'hi')).text(ctx.t('owner:language.en_button'), cb(ctx, 'lang', 'en'));
}

/** Buttons under a case card: dues, claim / dispute while the cattle can still be claimed, follow. */
export function caseCardKeyboard(ctx: BotContext, caseId: number, opts: { claimable: boolean; following: boolean; inCustody: boolean }): InlineKeyboard {
  const kb = new InlineKeyboard();
  if (opts.inCustody) kb.text(ctx.t('owner:case.dues_button'), cb(ctx, 'du', caseId)).row();
  if (opts.claimable) {
    kb.text(ctx.t('owner:case.claim_button'), cb(ctx, 'cl', caseId)).row();
    kb.text(ctx.t('owner:case.protest_button'), cb(ctx, 'pr', caseId)).row();
  }
  kb.text(ctx.t(opts.following ? 'owner:case.unfollow_button' : 'owner:case.follow_button'), cb(ctx, 'fw', caseId, opts.following ? 0 : 1));
  return kb;
}

/** Starts (or moves) a multi-step owner flow in the session. */
export function setFlow(ctx: BotContext, flow: string, step: string, data: Record<string, unknown>): void {
  ctx.session.flow = flow;
  ctx.session.step = step;
  ctx.session.data = data;
}

/** Leaves any flow. */
export function clearFlow(ctx: BotContext): void {
  ctx.session.flow = undefined;
  ctx.session.step = undefined;
  ctx.session.data = undefined;
}

/** True for "/something" (a command always leaves a flow rather than being taken as an answer). */
export function isCommandText(text: string): boolean {
  return text.trimStart().startsWith('/');
}
