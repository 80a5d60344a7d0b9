import type { BotContext } from '../context';
import { Composer } from 'grammy';
import { refusalText } from '../../src/i18n';
import { acknowledgeRelease, type AcknowledgeOutcome } from '../../src/services/acknowledge';
import { Refusal } from '../../src/services/refusal';
import { ownerCb } from '../keyboards/owner';
import { onAction } from './on-action';

/**
 * The owner's one tap "I have taken my cattle back" (the receipt in the register, s. 13). The button
 * (callback 'ack' <releaseId>) is queued by the staff release flow. Only the person who claimed may tap it;
 * the register records who, when and via which message — once: a second tap says "already recorded"
 * (src/services/acknowledge.ts).
 */
export const acknowledgeFeature = new Composer<BotContext>();

onAction(acknowledgeFeature, ownerCb.acknowledgeRelease, async (ctx, { releaseId }) => {
  if (!ctx.from) return { text: ctx.t('common:error.stale_button'), alert: true };
  const messageId = ctx.callbackQuery?.message?.message_id ?? null;
  let r: AcknowledgeOutcome;
  try {
    r = await acknowledgeRelease(ctx.deps.db, {
      releaseId,
      telegramId: BigInt(ctx.from.id),
      chatId: ctx.chat?.id ?? null,
      messageId,
      now: ctx.deps.clock.now(),
    });
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    // An out-of-date button is answered on the button itself.
    if (e.code === 'RELEASE_NOT_FOUND') return { text: refusalText(ctx.t, e, 'owner'), alert: true };
    await ctx.reply(refusalText(ctx.t, e, 'owner'));
    return;
  }
  if (r.status === 'already') {
    await ctx.reply(ctx.t('owner:ack.already', { at: r.at.toISOString() }));
    return;
  }
  await ctx.reply(ctx.t('owner:ack.done', { number: r.caseNumber, at: r.at.toISOString(), count: r.heads }));
  // The button has done its work; removing it avoids a confusing second tap (ignore if Telegram refuses).
  if (messageId) await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(() => {});
});
