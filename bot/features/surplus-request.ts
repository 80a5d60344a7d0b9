import { Refusal } from '../../src/services/refusal';
import { requestSurplus, surplusRequestOffer } from '../../src/services/sale';
import { ownerCb } from '../keyboards/owner';
import { refusalText } from '../../src/i18n';
import { Feature } from './feature';

/**
 * s. 17, the owner's side: someone who claimed the case taps "ask for the surplus" on the case card while
 * the District Magistrate holds it. The request is recorded once, the Magistrate's office is told, and the
 * owner learns by when the claim must be established. The Magistrate's office then picks this person as
 * the claimant (/split), so the receipt is sent to them here.
 */
export const surplusRequestFeature = new Feature();

ownerCb.surplusRequest.handle(surplusRequestFeature, async (ctx, { caseId }) => {
  if (!ctx.from) return;
  const c = await ctx.deps.db.case.findUnique({
    where: { id: caseId },
    select: { id: true, number: true, status: true },
  });
  if (!c) {
    await ctx.reply(ctx.t('common:error.stale_button'));
    return;
  }
  const now = ctx.deps.clock.now();
  const message = ctx.callbackQuery?.message;
  try {
    const r = await requestSurplus(
      ctx.deps.db,
      {
        caseId: c.id,
        telegramUserId: BigInt(ctx.from.id),
        chatId: ctx.chat?.id ?? null,
        messageId: message?.message_id ?? null,
      },
      now,
    );
    await ctx.reply(
      ctx.t('officer:surplus_owner.requested', {
        number: r.caseNumber,
        amount: r.amountPaise,
        holdEnd: r.holdEnd.date,
      }),
    );
  } catch (e) {
    if (e instanceof Refusal && e.code === 'ALREADY_DONE') {
      const offer = await surplusRequestOffer(ctx.deps.db, c.id, BigInt(ctx.from.id), now);
      await ctx.reply(
        ctx.t('officer:surplus_owner.already_requested', {
          number: c.number,
          at: String(e.params.at ?? ''),
          holdEnd: offer?.holdEnd.date ?? '',
        }),
      );
      return;
    }
    if (e instanceof Refusal) {
      await ctx.reply(refusalText(ctx.t, e, 'owner', c));
      return;
    }
    throw e;
  }
});
