import type { BotContext } from '../context';
import { Composer } from 'grammy';
import { attachOwnerPhoto } from '../../src/services/photos';
import { inAnyFlow } from '../flows/flow';

/**
 * "This is mine": a photo an owner sends outside any question goes with his open claim (src/services/photos.ts
 * `attachOwnerPhoto`); the pound-keeper sees it on the payment card, or at once when the card has gone. Without an
 * open claim nothing is kept and the owner is told how to claim first.
 */
export const ownerPhotoFeature = new Composer<BotContext>();

ownerPhotoFeature.chatType('private').on('message:photo', async (ctx, next) => {
  if (inAnyFlow(ctx) || !ctx.from) return next();
  // Telegram sends several sizes of one photo; the last is the largest.
  const fileId = ctx.msg.photo[ctx.msg.photo.length - 1]!.file_id;
  const r = await attachOwnerPhoto(ctx.deps.db, {
    telegramUserId: BigInt(ctx.from.id),
    fileId,
    now: ctx.deps.clock.now(),
    chatId: ctx.chat.id,
    messageId: ctx.msg.message_id,
  });
  if (!r) {
    await ctx.reply(ctx.t('photos:owner.no_claim'));
    return;
  }
  await ctx.reply(
    ctx.t(r.keepersTold > 0 ? 'photos:owner.sent_to_keeper' : 'photos:owner.attached', { number: r.caseNumber }),
  );
});
