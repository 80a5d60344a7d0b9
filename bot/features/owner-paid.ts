import { InlineKeyboard, type Composer } from 'grammy';
import { claimOfUser } from '../../src/services/claims';
import { ownerPaymentState, type OwnerPaymentState } from '../../src/services/owner-payment-state';
import type { BotContext } from '../context';
import { rememberCase } from '../flows/referent';
import { intentCaseCb } from '../keyboards/intents';
import { ownerCb } from '../keyboards/owner';
import type { CaseCard } from '../../src/services/case-card';
import { poundName } from '../views/owner/text';
import { startClaim } from './claim';
import { showPaymentChoice, stale } from './claim-payment';
import { onAction } from './on-action';

/**
 * "I have already paid" and "how do I pay", typed in the owner's own words: typing records nothing. The answer
 * says so, what the keeper does to confirm a payment (s. 13; s. 15 for a deposit), where the owner's own claim
 * stands, and gives the one button that fits: start the claim, choose cash or UPI, or talk to the keeper.
 */

const stateOf = (ctx: BotContext, caseId: number): Promise<OwnerPaymentState> =>
  ctx.from ? ownerPaymentState(ctx.deps.db, caseId, BigInt(ctx.from.id)) : Promise.resolve({ kind: 'no_claim' });

/** The state of his claim in words, and the one button that fits. */
function stateLines(ctx: BotContext, s: OwnerPaymentState, card: CaseCard): { text: string; kb?: InlineKeyboard } {
  const number = card.number;
  switch (s.kind) {
    case 'no_claim':
      return {
        text: ctx.t('intent:paid.no_claim', { number }),
        kb: card.claimable
          ? new InlineKeyboard().text(ctx.t('owner:case.claim_button'), ownerCb.claim.encode(ctx, { caseId: card.id }))
          : undefined,
      };
    case 'claim':
      return {
        text: [
          s.rejected &&
            ctx.t('intent:paid.rejected', { amount: s.rejected.amountPaise, number, reason: s.rejected.reason ?? '—' }),
          ctx.t('intent:paid.claim_open', { number }),
        ]
          .filter(Boolean)
          .join('\n'),
        kb: new InlineKeyboard().text(
          ctx.t('intent:paid.choice_button'),
          ownerCb.payChoice.encode(ctx, { claimId: s.claimId }),
        ),
      };
    case 'pending':
      return {
        text: ctx.t(s.deposit ? 'intent:paid.pending_deposit' : 'intent:paid.pending', {
          amount: s.amountPaise,
          number,
          date: s.on,
          method: ctx.t(`owner:pay.method_${s.method}`),
        }),
        kb: new InlineKeyboard().text(
          ctx.t('intent:choice.keeper'),
          intentCaseCb.encode(ctx, { intent: 'keeper', caseId: card.id }),
        ),
      };
    case 'confirmed':
      return {
        text: ctx.t('intent:paid.confirmed', { amount: s.amountPaise, number, receipt: s.receipt ?? '—' }),
        kb: new InlineKeyboard().text(
          ctx.t('intent:choice.next'),
          intentCaseCb.encode(ctx, { intent: 'next', caseId: card.id }),
        ),
      };
  }
}

/** "I have already paid": typing records nothing; how the keeper confirms; his claim's state; one button. */
export async function showPaid(ctx: BotContext, card: CaseCard): Promise<void> {
  rememberCase(ctx, card.id);
  const s = await stateOf(ctx, card.id);
  const { text, kb } = stateLines(ctx, s, card);
  const head = ctx.t('intent:paid.typing_records_nothing', { pound: poundName(ctx, card.pound) });
  await ctx.reply(`${head}\n\n${text}`, kb ? { reply_markup: kb } : {});
}

/** "How do I pay": the payment choice of his claim; with none yet, the ways to pay and the claim's first step. */
export async function showPay(ctx: BotContext, card: CaseCard): Promise<void> {
  rememberCase(ctx, card.id);
  const s = await stateOf(ctx, card.id);
  if (s.kind === 'claim') return showPaymentChoice(ctx, s.claimId);
  if (s.kind !== 'no_claim') return showPaid(ctx, card);
  await ctx.reply(ctx.t('intent:pay.ways', { pound: poundName(ctx, card.pound), number: card.number }));
  await startClaim(ctx, card.id, 'S13_CLAIM');
}

/** The payment choice button of "I have paid" / "how do I pay". */
export function ownerPaidActions(feature: Composer<BotContext>): void {
  onAction(feature, ownerCb.payChoice, async (ctx, { claimId }) => {
    if (claimId <= 0 || !ctx.from || !(await claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id)))) return stale(ctx);
    await showPaymentChoice(ctx, claimId);
  });
}
