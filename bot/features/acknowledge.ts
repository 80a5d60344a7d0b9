import { audit } from '../../src/services/audit';
import { ownerCb } from '../keyboards/owner';
import { onAction } from './on-action';
import { Feature } from './feature';

/**
 * The owner's one tap "I have taken my cattle back" (the receipt in the register, s. 13). The button
 * (callback 'ack' <releaseId>) is queued by the staff release flow. Only the person who claimed may tap it;
 * the register records who, when and via which message — once: a second tap says "already recorded".
 */
export const acknowledgeFeature = new Feature();

onAction(acknowledgeFeature, ownerCb.acknowledgeRelease, async (ctx, { releaseId }) => {
  const release = await ctx.deps.db.release.findUnique({ where: { id: releaseId }, include: { case: true } });
  if (!release || !ctx.from) return { text: ctx.t('common:error.stale_button'), alert: true };
  const me = BigInt(ctx.from.id);
  // The claimant whose payment was confirmed; failing that (e.g. a s. 19 order), anyone who claimed the case.
  // A part release (one owner's heads) is acknowledged by that claim's payer only.
  const paidWhere =
    release.claimId !== null
      ? { claimId: release.claimId, status: 'CONFIRMED' as const }
      : { caseId: release.caseId, status: 'CONFIRMED' as const, part: false };
  const paid = await ctx.deps.db.payment.findFirst({
    where: paidWhere,
    include: { claim: true },
    orderBy: { id: 'desc' },
  });
  const allowed = paid
    ? [paid.payerTelegramId, paid.claim?.telegramUserId].filter((x): x is bigint => x != null)
    : [
        ...(
          await ctx.deps.db.claim.findMany({ where: { caseId: release.caseId }, select: { telegramUserId: true } })
        ).map((c) => c.telegramUserId),
        ...(release.case.ownerTelegramId != null ? [release.case.ownerTelegramId] : []),
      ];
  if (!allowed.includes(me)) {
    await ctx.reply(ctx.t('owner:ack.not_yours'));
    return;
  }
  const now = ctx.deps.clock.now();
  const messageId = ctx.callbackQuery?.message?.message_id ?? null;
  const recorded = await ctx.deps.db.$transaction(async (tx) => {
    const r = await tx.release.updateMany({
      where: { id: release.id, acknowledgedAt: null },
      data: { acknowledgedAt: now, acknowledgedByTelegramId: me, acknowledgedViaMessageId: messageId },
    });
    if (r.count !== 1) return false;
    await audit(
      tx,
      { telegramId: me, role: 'owner', chatId: ctx.chat?.id ?? null, messageId },
      'S13_RECEIPT_SIGNED',
      release.caseId,
      { releaseId: release.id, basis: release.basis },
    );
    return true;
  });
  if (!recorded) {
    const again = await ctx.deps.db.release.findUnique({ where: { id: release.id } });
    await ctx.reply(ctx.t('owner:ack.already', { at: (again?.acknowledgedAt ?? now).toISOString() }));
    return;
  }
  await ctx.reply(ctx.t('owner:ack.done', { number: release.case.number, at: now.toISOString() }));
  // The button has done its work; removing it avoids a confusing second tap (ignore if Telegram refuses).
  if (messageId) await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: [] } }).catch(() => {});
});
