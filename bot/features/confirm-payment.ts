import { Composer } from 'grammy';
import { z } from 'zod';
import {
  confirmPayment,
  paymentInScope,
  paymentOfCard,
  type ConfirmOutcome,
  type PaymentInScope,
  rejectPayment,
  type RejectOutcome,
} from '../../src/services/payments';
import { windowsFromConfig } from '../../src/services/dues';
import { receiptLinkBase } from '../../src/services/receipts';
import { parseKeeperReply } from '../../src/services/typed-answers';
import type { BotContext } from '../context';
import { callbackCodec } from '../flows/callback-codec';
import { defineFlow } from '../flows/flow';
import { requireStaff } from '../middleware/roles';
import { replyRefusal } from './officer-common';

/**
 * Keepers confirm what owners say they paid by replying to the payment card (`ok`, the amount, or the
 * receipt book number) or reject it (`no <reason>`); the card's buttons (callback 'pc' ok|no <paymentId>)
 * do the same, the reject button asking for the reason. The reply finds the payment through PaymentCard
 * (chat id + the card's message id). Every answer is checked again against role and pound.
 */
export const confirmPaymentFeature = new Composer<BotContext>();

/**
 * The card's buttons; the jobs sender draws the same for a queued card (`encodeButtonAction`, src/callback-data.ts:
 * "pc|ok|<paymentId>", "pc|no|<paymentId>").
 */
export const paymentCb = {
  confirm: callbackCodec('pc|ok', ['paymentId:int']),
  reject: callbackCodec('pc|no', ['paymentId:int']),
};

/** After "reject" without a reason: the next text is the reason. */
const reasonFlow = defineFlow('pc_reject', { steps: ['reason'], data: z.object({ paymentId: z.number().int() }) });

async function askReason(ctx: BotContext, paymentId: number) {
  reasonFlow.enter(ctx, 'reason', { paymentId });
  await ctx.reply(ctx.t('staff:confirm.ask_reason'), { reply_markup: { force_reply: true } });
}

/** The payment (found by its id, or by the card replied to) if the sender may act on it; else he has been told why. */
async function paymentScope(ctx: BotContext, found: number | PaymentInScope | null) {
  const p = typeof found === 'number' ? await paymentInScope(ctx.deps.db, found) : found;
  if (!p) return null;
  const grant = await requireStaff(ctx, 'payment.confirm', { poundId: p.poundId, caseNumber: p.caseNumber });
  return grant ? p : null;
}

async function answerConfirm(ctx: BotContext, r: ConfirmOutcome) {
  switch (r.status) {
    case 'confirmed': {
      const said = { caseNumber: r.caseNumber, amount: r.amountPaise, receiptNumber: r.receiptNumber };
      // One owner's heads of a mixed entry: delivered now; the rest stay for their owners.
      // The receipt and the release slip the keeper prints follow from the jobs (typeset when sent: keeperChat).
      return ctx.reply(
        r.part
          ? ctx.t('staff:confirm.part_released', { ...said, count: r.part.released, left: r.part.left })
          : ctx.t('staff:confirm.done', said),
      );
    }
    case 'already':
      return ctx.reply(
        ctx.t(r.receiptNumber ? 'staff:confirm.already' : 'staff:confirm.already_no_receipt', {
          caseNumber: r.caseNumber,
          receiptNumber: r.receiptNumber ?? '',
        }),
      );
  }
}

async function answerReject(ctx: BotContext, r: RejectOutcome) {
  switch (r.status) {
    case 'rejected':
      return ctx.reply(ctx.t('staff:confirm.rejected', { caseNumber: r.caseNumber, reason: r.reason }));
    case 'already':
      return ctx.reply(ctx.t(`staff:confirm.not_pending_${r.current}`, { caseNumber: r.caseNumber }));
  }
}

async function doConfirm(
  ctx: BotContext,
  found: number | PaymentInScope,
  extra: { amountPaise?: number; receiptBookNo?: string | null },
) {
  const p = await paymentScope(ctx, found);
  if (!p) return;
  try {
    const r = await confirmPayment(ctx.deps.db, {
      windows: windowsFromConfig(ctx.deps.config),
      paymentId: p.paymentId,
      actor: ctx.actor,
      now: ctx.deps.clock.now(),
      botUsername: receiptLinkBase(ctx.deps.config, ctx.deps.botUsername),
      keeperChat: ctx.chat?.id ?? null,
      ...extra,
    });
    // The owner's receipt (and its PDF) and the keeper's printouts leave now, not at the dispatcher's next poll.
    if (r.status === 'confirmed') ctx.deps.nudgeOutbox?.();
    await answerConfirm(ctx, r);
  } catch (e) {
    await replyRefusal(ctx, e, { number: p.caseNumber });
  }
}

async function doReject(ctx: BotContext, found: number | PaymentInScope, reason: string) {
  const p = await paymentScope(ctx, found);
  if (!p) return;
  try {
    const r = await rejectPayment(ctx.deps.db, {
      paymentId: p.paymentId,
      actor: ctx.actor,
      reason,
      now: ctx.deps.clock.now(),
    });
    await answerReject(ctx, r);
  } catch (e) {
    await replyRefusal(ctx, e, { number: p.caseNumber });
  }
}

// The reason asked for after the reject button (a session stored before the flow had a step: the same).
const onReason = async (ctx: BotContext & { msg: { text: string } }, d: { paymentId: number }) => {
  reasonFlow.leave(ctx);
  await doReject(ctx, d.paymentId, ctx.msg.text.replace(/\s+/g, ' ').trim());
};
reasonFlow.messages(confirmPaymentFeature, 'message:text', { reason: onReason }, onReason);

confirmPaymentFeature.on('message:text', async (ctx, next) => {
  const replyTo = ctx.msg.reply_to_message;
  if (!replyTo || ctx.msg.text.startsWith('/')) return next();
  // The card replied to, its payment and the payment's case: one statement.
  const card = await paymentOfCard(ctx.deps.db, ctx.chat.id, replyTo.message_id);
  if (!card) return next();
  const reply = parseKeeperReply(ctx.msg.text);
  switch (reply.kind) {
    case 'ok':
      return doConfirm(ctx, card, { receiptBookNo: reply.receiptBookNo });
    case 'amount':
      return doConfirm(ctx, card, { amountPaise: reply.paise });
    case 'no':
      if (!reply.reason) {
        if (!(await paymentScope(ctx, card))) return;
        return askReason(ctx, card.paymentId);
      }
      return doReject(ctx, card, reply.reason);
    case 'bad_amount':
      await ctx.reply(ctx.t('common:error.amount_invalid', { input: reply.input }));
      return;
    default:
      await ctx.reply(ctx.t('staff:confirm.help'));
  }
});

paymentCb.confirm.handle(confirmPaymentFeature, (ctx, { paymentId }) => doConfirm(ctx, paymentId, {}));

paymentCb.reject.handle(confirmPaymentFeature, async (ctx, { paymentId }) => {
  if (!(await paymentScope(ctx, paymentId))) return;
  await askReason(ctx, paymentId);
});
