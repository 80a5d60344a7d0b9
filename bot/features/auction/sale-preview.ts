import { previewSale, recordSale, carriedOf, type StoredSaleInputs } from '../../../src/services/sale';
import type { BotContext } from '../../context';
import { actFor, caseById, finishFlow, fitMessage, replyRefusal, recordOrCancel } from '../officer-common';
import { accountText, deliveryKeyboard } from './account';
import { saleCb } from './buttons';
import { saleFlow, type SaleDraft } from './sale-flow';
import { Feature } from '../feature';

/**
 * The sale's preview — heads sold and kept (the engine selects what is sold, s. 16 up to the dues, s. 14 all),
 * proceeds, expenses, dues, balance and any shortfall — and Record, which writes the sale and its s. 16 account.
 */
export const salePreviewFeature = new Feature();

const saleInput = (d: SaleDraft) => ({
  caseId: d.caseId,
  bids: d.bids,
  saleExpensesPaise: d.expenses ?? 0,
  ownerPresentAndSigned: d.ownerPresent === true,
});

export async function showPreview(ctx: BotContext, d: SaleDraft) {
  const c = await caseById(ctx, d.caseId);
  if (!c) return saleFlow.leave(ctx);
  const act = await actFor(ctx, 'auction', c);
  if (!act) return saleFlow.leave(ctx);
  let sale;
  let inputs: StoredSaleInputs;
  try {
    ({ sale, inputs } = await previewSale(ctx.deps.db, act, saleInput(d), ctx.deps.clock.now()));
  } catch (e) {
    saleFlow.leave(ctx);
    return replyRefusal(ctx, e, c);
  }
  saleFlow.enter(ctx, 'confirm', d);
  const sold = new Set(sale.sold.lots.map((l) => l.id));
  const lines = d.heads.map((h) => {
    const bid = d.bids.find((b) => b.headId === h.id);
    const cls = ctx.t(`common:cattle.${h.cls}`);
    if (!bid) return ctx.t(d.s16 ? 'officer:sale.line_unsold' : 'officer:sale.line_unsold_s14', { i: h.index, cls });
    const bidder = d.bidders.find((b) => b.id === bid.bidderId);
    return sold.has(`h${h.id}`)
      ? ctx.t('officer:sale.line_sold', {
          i: h.index,
          cls,
          b: bidder?.n ?? '',
          name: bidder?.name ?? '',
          price: bid.pricePaise,
        })
      : ctx.t('officer:sale.line_kept', { i: h.index, cls, price: bid.pricePaise });
  });
  const parts = [
    ctx.t('officer:sale.preview', {
      number: d.number,
      lines: lines.join('\n'),
      selection: d.s16
        ? ctx.t('officer:sale.selection_s16', { target: sale.target.totalPaise })
        : sale.remaining.heads > 0
          ? ctx.t('officer:sale.selection_s14_unsold', { unsold: sale.remaining.heads })
          : ctx.t('officer:sale.selection_s14'),
      proceeds: sale.sold.proceedsPaise,
      expenses: sale.target.saleExpensesPaise,
      dues: sale.target.duesPaise,
      balance: sale.split.balancePaise,
    }),
  ];
  if (d.round > 1) parts.push(ctx.t('officer:sale.preview_round', { round: d.round, carried: carriedOf(inputs) }));
  if (!sale.covered) parts.push(ctx.t('officer:sale.shortfall', { shortfall: sale.shortfallPaise }));
  await ctx.reply(fitMessage(parts.join('\n')), {
    reply_markup: recordOrCancel(ctx, saleCb.save, saleCb.cancel, 'officer:sale.record_button'),
  });
}

saleFlow.tap(salePreviewFeature, saleCb.save, 'confirm', (ctx, _tap, d) =>
  finishFlow(ctx, 'auction', d.caseId, async (act, c) => {
    const r = await recordSale(ctx.deps.db, act, saleInput(d), ctx.deps.clock.now());
    const out = [ctx.t('officer:sale.recorded', { number: r.caseNumber })];
    if (r.delivered) out.push(accountText(ctx, r.caseNumber, r.delivered, r.inputs));
    if (!d.s16 && r.unsoldHeads.length > 0)
      out.push(ctx.t('officer:sale.recorded_unsold', { number: r.caseNumber, unsold: r.unsoldHeads.length }));
    else if (r.delivered) out.push(ctx.t('officer:sale.next_split', { number: r.caseNumber }));
    else out.push(ctx.t('officer:sale.await_owner', { number: r.caseNumber }));
    await ctx.reply(fitMessage(out.join('\n\n')), r.delivered ? {} : { reply_markup: deliveryKeyboard(ctx, c.id) });
  }),
);
