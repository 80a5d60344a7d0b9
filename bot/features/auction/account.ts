import { InlineKeyboard } from 'grammy';
import type { CaseForLaw } from '../../../src/services/case-transition';
import {
  deliverAccount,
  recordAccountOwnerAbsent,
  accountParams,
  type AuctionAccountJson,
  type StoredAccount,
  type StoredSaleInputs,
} from '../../../src/services/sale';
import type { BotContext } from '../../context';
import { caseTap, fitMessage, replyRefusal } from '../officer-common';
import { saleCb, unsoldAfterAuction } from './buttons';
import { Feature } from '../feature';

/**
 * The s. 16 account of a sale: shown once recorded, delivered to the owner present, or recorded and kept for
 * him when he is not there (surplus held, s. 17).
 */
export const accountFeature = new Feature();

/** The s. 16 account (a)–(f) as the officer sees it, with the receipt and anything not recovered. */
export function accountText(ctx: BotContext, number: string, d: StoredAccount, inputs?: StoredSaleInputs): string {
  const p = accountParams(number, d, inputs);
  const lines = [ctx.t('officer:account.body', p)];
  if (Number(p.round) > 1) lines.unshift(ctx.t('officer:account.round_note', p));
  if (Number(p.unrecovered) > 0) lines.push(ctx.t('officer:account.unrecovered', { amount: p.unrecovered }));
  if (d.receiptNumber) lines.push(ctx.t('officer:account.receipt', { receipt: d.receiptNumber }));
  return lines.join('\n');
}

/** "Deliver the account to the owner" and "The owner is not here" for a sale recorded without delivery. */
export function deliveryKeyboard(ctx: BotContext, caseId: number): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t('officer:sale.deliver_button'), saleCb.deliver.encode(ctx, { caseId }))
    .row()
    .text(ctx.t('officer:sale.absent_button'), saleCb.ownerAbsentAccount.encode(ctx, { caseId }));
}

/** `/sale` on a case whose sale is recorded: its account, or the buttons to deliver it. */
export async function showRecordedSale(ctx: BotContext, c: CaseForLaw, stored: AuctionAccountJson): Promise<void> {
  if (stored.delivered) {
    const unsold = unsoldAfterAuction(c);
    const extra = unsold > 0 ? `\n\n${ctx.t('officer:sale.recorded_unsold', { number: c.number, unsold })}` : '';
    await ctx.reply(fitMessage(accountText(ctx, c.number, stored.delivered, stored.inputs) + extra));
    return;
  }
  await ctx.reply(ctx.t('officer:sale.pending_delivery', { number: c.number }), {
    reply_markup: deliveryKeyboard(ctx, c.id),
  });
}

caseTap(accountFeature, saleCb.deliver, 'auction', async (ctx, c, act) => {
  try {
    const delivered = await deliverAccount(ctx.deps.db, act, c.id, ctx.deps.clock.now());
    await ctx.reply(
      fitMessage(
        `${accountText(ctx, c.number, delivered)}\n\n${ctx.t('officer:sale.next_split', { number: c.number })}`,
      ),
    );
  } catch (e) {
    await replyRefusal(ctx, e, c);
  }
});

// The owner is not there: the account is recorded and kept for him (s. 16), the surplus held (s. 17).
caseTap(accountFeature, saleCb.ownerAbsentAccount, 'auction', async (ctx, c, act) => {
  try {
    const delivered = await recordAccountOwnerAbsent(ctx.deps.db, act, c.id, ctx.deps.clock.now());
    const kept = ctx.t('officer:sale.kept_for_owner', { number: c.number });
    await ctx.reply(
      fitMessage(
        `${kept}\n\n${accountText(ctx, c.number, delivered)}\n\n${ctx.t('officer:sale.next_split', { number: c.number })}`,
      ),
    );
  } catch (e) {
    await replyRefusal(ctx, e, c);
  }
});
