import { InlineKeyboard } from 'grammy';
import { maskMobile, MobileVault, parseIndianMobile, smsEnabled, type SealedMobile } from '../../src/services/sms';
import type { BotContext } from '../context';
import type { CallbackCodec } from '../flows/callback-codec';

/**
 * What the register entry and /mobile share when a keeper records an owner's mobile for SMS: the number typed is
 * checked and sealed at once (only the encrypted form is kept in the flow's session), then the keeper is told what
 * the owner will get and on what basis (a function under law: this case only, no consent asked; every SMS says how
 * to stop), and picks the SMS language with one tap.
 */

/** A sealed number waiting for its SMS language (kept in the flow's data). */
export type PendingMobile = Omit<SealedMobile, 'language'>;

/** True when SMS is configured: only then is a keeper asked for a number. */
export function smsOn(ctx: BotContext): boolean {
  return smsEnabled(ctx.deps.config) && ctx.deps.sms !== undefined;
}

/** The typed number sealed, or null after saying why it is not an Indian mobile number. */
export async function sealTyped(
  ctx: BotContext,
  text: string,
  retryKeyboard?: InlineKeyboard,
): Promise<PendingMobile | null> {
  const digits = parseIndianMobile(text);
  if (!digits) {
    // The answer quotes what was typed only when it has no run of digits a number could be read from.
    const shown = /\d{5,}/.test(text.replace(/\D+/g, ''))
      ? maskMobile(text.replace(/\D/g, '').slice(-4))
      : text.slice(0, 20);
    await ctx.reply(ctx.t('sms:invalid', { input: shown }), retryKeyboard ? { reply_markup: retryKeyboard } : {});
    return null;
  }
  return new MobileVault(ctx.deps.config.SMS_DATA_KEY!).seal(digits);
}

/** Says what the owner will get and why, and asks the SMS language: three buttons of `codec` (hi / en / no). */
export async function askLanguage(
  ctx: BotContext,
  pending: PendingMobile,
  codec: CallbackCodec<{ choice: string }>,
): Promise<void> {
  const kb = new InlineKeyboard()
    .text(ctx.t('sms:record.hi'), codec.encode(ctx, { choice: 'hi' }))
    .row()
    .text(ctx.t('sms:record.en'), codec.encode(ctx, { choice: 'en' }))
    .row()
    .text(ctx.t('sms:record.no'), codec.encode(ctx, { choice: 'no' }));
  await ctx.reply(
    ctx.t('sms:record.ask', { masked: maskMobile(pending.last4), count: ctx.deps.config.SMS_RETENTION_DAYS }),
    { reply_markup: kb },
  );
}

/** The tapped language with the sealed number, or null (the keeper chose not to record it). */
export function withLanguage(pending: PendingMobile, choice: string): SealedMobile | null {
  if (choice !== 'hi' && choice !== 'en') return null;
  return { ...pending, language: choice };
}

/** "******3210 (Hindi)" in the reader's language. */
export function mobileLine(ctx: BotContext, m: { last4: string; language: string }): string {
  return ctx.t('sms:summary_line', { masked: maskMobile(m.last4), language: ctx.t(`sms:language.${m.language}`) });
}
