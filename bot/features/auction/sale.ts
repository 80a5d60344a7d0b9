import { isS16Path } from '../../../src/law';
import { InlineKeyboard } from 'grammy';
import { admittedBidders, checkCanRecordSale, storedAccountOf } from '../../../src/services/sale';
import type { CaseForLaw } from '../../../src/services/case-transition';
import type { StaffActor } from '../../../src/services/staff';
import { parseRupees } from '../../../src/services/typed-input';
import type { BotContext } from '../../context';
import { cancelFlow, caseCommand, caseTap, replyRefusal, staleTap, useButtons } from '../officer-common';
import { showRecordedSale } from './account';
import { auctionCb, saleCb } from './buttons';
import { saleFlow, type SaleDraft } from './sale-flow';
import { showPreview } from './sale-preview';
import { Feature } from '../feature';

/**
 * `/sale <case>` — the results head by head (a bidder's button and the price typed, or "Not sold"), the expenses
 * of sale, on the s. 16 path whether the owner is present to sign the account, then the preview
 * (sale-preview.ts) and Record. Each step is one tap or one line; nothing is written before the final button.
 */
export const saleFeature = new Feature();

caseCommand(saleFeature, 'sale', 'officer:usage.sale', 'auction', async (ctx, c, act) => {
  const stored = storedAccountOf(c.auction?.account);
  if (c.auction?.status === 'COMPLETED' && stored) return showRecordedSale(ctx, c, stored);
  await startSale(ctx, c, act);
});

caseTap(saleFeature, auctionCb.results, 'auction', (ctx, c, act) => startSale(ctx, c, act));

async function startSale(ctx: BotContext, c: CaseForLaw, act: StaffActor) {
  try {
    checkCanRecordSale(c, act, ctx.deps.clock.now());
  } catch (e) {
    return replyRefusal(ctx, e, c);
  }
  const bidders = admittedBidders(c.auction!.bidders);
  if (bidders.length === 0) {
    await ctx.reply(ctx.t('officer:sale.no_bidders', { number: c.number }));
    return;
  }
  await askHead(ctx, {
    caseId: c.id,
    number: c.number,
    s16: isS16Path(c),
    round: c.auction!.round,
    heads: c.heads
      .filter((h) => h.status === 'IMPOUNDED')
      .map((h) => ({ id: h.id, index: h.index, cls: h.cattleClass, desc: h.description })),
    bidders: bidders.map((b) => ({ id: b.id, n: b.number, name: b.name })),
    i: 0,
    bids: [],
  });
}

async function askHead(ctx: BotContext, d: SaleDraft) {
  if (d.i >= d.heads.length) {
    saleFlow.enter(ctx, 'expenses', d);
    await ctx.reply(ctx.t('officer:sale.ask_expenses'));
    return;
  }
  saleFlow.enter(ctx, 'head', d);
  const h = d.heads[d.i]!;
  const kb = new InlineKeyboard();
  d.bidders.forEach((b, k) => {
    kb.text(
      ctx.t('officer:sale.bidder_button', { n: b.n, name: b.name.slice(0, 24) }),
      saleCb.bid.encode(ctx, { head: d.i, bidderId: b.id }),
    );
    if (k % 2 === 1) kb.row();
  });
  kb.row().text(ctx.t('officer:sale.not_sold_button'), saleCb.notSold.encode(ctx, { head: d.i }));
  await ctx.reply(
    ctx.t('officer:sale.ask_head', {
      i: d.i + 1,
      n: d.heads.length,
      cls: ctx.t(`common:cattle.${h.cls}`),
      description: h.desc,
    }),
    { reply_markup: kb },
  );
}

saleFlow.tap(saleFeature, saleCb.bid, 'head', async (ctx, { head, bidderId }, d) => {
  const bidder = head === d.i ? d.bidders.find((b) => b.id === bidderId) : undefined;
  if (!bidder) return staleTap(ctx);
  saleFlow.enter(ctx, 'price', { ...d, pendingBidder: bidder.id });
  await ctx.reply(ctx.t('officer:sale.ask_price', { name: bidder.name, i: d.heads[d.i]!.index }));
});

// No bid: on the s. 16 path the head goes back to the owner; on the s. 14 path it stays in the pound for a
// further auction or the Magistrate's disposal under the proviso.
saleFlow.tap(saleFeature, saleCb.notSold, 'head', (ctx, { head }, d) =>
  head === d.i ? askHead(ctx, { ...d, i: d.i + 1 }) : staleTap(ctx),
);

saleFlow.texts(
  saleFeature,
  {
    price: async (ctx, d, text) => {
      const paise = parseRupees(text);
      if (paise === null) return ctx.reply(ctx.t('officer:input.bad_amount', { input: text.slice(0, 40) }));
      const h = d.heads[d.i]!;
      return askHead(ctx, {
        ...d,
        bids: [...d.bids, { headId: h.id, bidderId: d.pendingBidder!, pricePaise: paise }],
        pendingBidder: undefined,
        i: d.i + 1,
      });
    },
    expenses: async (ctx, d, text) => {
      const paise = parseRupees(text, { allowZero: true });
      if (paise === null) return ctx.reply(ctx.t('officer:input.bad_amount_zero', { input: text.slice(0, 40) }));
      const next = { ...d, expenses: paise };
      if (!d.s16) return showPreview(ctx, { ...next, ownerPresent: false });
      saleFlow.enter(ctx, 'owner', next);
      await ctx.reply(ctx.t('officer:sale.ask_owner'), {
        reply_markup: new InlineKeyboard()
          .text(ctx.t('officer:sale.owner_present_button'), saleCb.ownerPresent.encode(ctx, {}))
          .row()
          .text(ctx.t('officer:sale.owner_absent_button'), saleCb.ownerAbsent.encode(ctx, {})),
      });
    },
  },
  useButtons,
);

saleFlow.tap(saleFeature, saleCb.ownerPresent, 'owner', (ctx, _tap, d) =>
  showPreview(ctx, { ...d, ownerPresent: true }),
);
saleFlow.tap(saleFeature, saleCb.ownerAbsent, 'owner', (ctx, _tap, d) =>
  showPreview(ctx, { ...d, ownerPresent: false }),
);
saleCb.cancel.handle(saleFeature, cancelFlow);
