import { InlineKeyboard } from 'grammy';
import { z } from 'zod';
import { registerBidder } from '../../../src/services/sale';
import { Refusal } from '../../../src/services/refusal';
import type { BotContext } from '../../context';
import type { CallbackCodec } from '../../flows/callback-codec';
import { defineFlow } from '../../flows/flow';
import {
  actFor,
  caseById,
  caseTap,
  replyRefusal,
  sectionText,
  tooLong,
  useButtons,
  typedName,
} from '../officer-common';
import { auctionCb, MAX_TEXT } from './buttons';
import { Feature } from '../feature';

/**
 * s. 19: registering a bidder at a scheduled auction — name (a person's name), address, the declaration signed
 * or not; a name that may be a staff member's short form waits for the officer's confirmation. The check itself
 * is the service's (src/services/sale/auction.ts, names matched across scripts).
 */
export const bidderFeature = new Feature();

export const bidderFlow = defineFlow('bidder', {
  steps: ['name', 'address', 'declaration', 'confirm'],
  data: z.object({
    caseId: z.number().int(),
    number: z.string(),
    name: z.string().optional(),
    address: z.string().optional(),
  }),
});
type BidderDraft = NonNullable<ReturnType<typeof bidderFlow.data>>;

caseTap(bidderFeature, auctionCb.bidder, 'auction', async (ctx, c) => {
  if (c.auction?.status !== 'SCHEDULED') return replyRefusal(ctx, new Refusal('NO_AUCTION', 's. 14'), c);
  bidderFlow.enter(ctx, 'name', { caseId: c.id, number: c.number });
  await ctx.reply(ctx.t('officer:auction.ask_bidder_name'));
});

bidderFlow.texts(
  bidderFeature,
  {
    name: async (ctx, d, text) => {
      // The bidder's name goes on the s. 16 account and the owner's copy: a name, nothing else.
      const name = await typedName(ctx, text, MAX_TEXT);
      if (!name) return;
      bidderFlow.enter(ctx, 'address', { ...d, name });
      await ctx.reply(ctx.t('officer:auction.ask_bidder_address'));
    },
    address: async (ctx, d, text) => {
      if (await tooLong(ctx, text, MAX_TEXT)) return;
      bidderFlow.enter(ctx, 'declaration', { ...d, address: text });
      await ctx.reply(ctx.t('officer:auction.ask_declaration', { name: d.name }), {
        reply_markup: new InlineKeyboard()
          .text(ctx.t('officer:auction.declaration_signed_button'), auctionCb.declarationSigned.encode(ctx, {}))
          .text(ctx.t('officer:auction.declaration_not_signed_button'), auctionCb.declarationNotSigned.encode(ctx, {})),
      });
    },
  },
  async (ctx, _d, text) => (await tooLong(ctx, text, MAX_TEXT)) || useButtons(ctx),
);

/** The declaration signed or not (step 'declaration'), or "not a staff member" confirmed (step 'confirm'): register. */
function onRegister(
  codec: CallbackCodec<Record<string, never>>,
  step: 'declaration' | 'confirm',
  how: { declarationSigned: boolean; confirmedNotStaff: boolean },
) {
  bidderFlow.tap(bidderFeature, codec, step, (ctx, _tap, d) => register(ctx, d, how));
}
onRegister(auctionCb.declarationSigned, 'declaration', { declarationSigned: true, confirmedNotStaff: false });
onRegister(auctionCb.declarationNotSigned, 'declaration', { declarationSigned: false, confirmedNotStaff: false });
onRegister(auctionCb.confirmNotStaff, 'confirm', { declarationSigned: true, confirmedNotStaff: true });

async function register(
  ctx: BotContext,
  d: BidderDraft,
  how: { declarationSigned: boolean; confirmedNotStaff: boolean },
) {
  const c = await caseById(ctx, d.caseId);
  if (!c) return bidderFlow.leave(ctx);
  const act = await actFor(ctx, 'auction', c);
  bidderFlow.leave(ctx);
  if (!act) return;
  const again = () => auctionCb.bidder.encode(ctx, { caseId: c.id });
  try {
    const r = await registerBidder(
      ctx.deps.db,
      act,
      { caseId: c.id, name: d.name ?? '', address: d.address ?? '', ...how },
      ctx.deps.clock.now(),
    );
    await ctx.reply(
      r.refused
        ? ctx.t('officer:auction.bidder_refused', { name: r.name, section: sectionText(ctx, 's. 19') })
        : ctx.t('officer:auction.bidder_registered', { n: r.number, name: r.name }),
      { reply_markup: new InlineKeyboard().text(ctx.t('officer:auction.register_bidder_button'), again()) },
    );
  } catch (e) {
    // s. 19: a name that may be a staff member's short form waits for the officer's confirmation.
    if (e instanceof Refusal && e.code === 'BIDDER_RESEMBLES_STAFF') {
      bidderFlow.enter(ctx, 'confirm', d);
      await ctx.reply(
        ctx.t('officer:auction.bidder_resembles', {
          name: d.name ?? '',
          staff: String(e.params.staff ?? ''),
          section: sectionText(ctx, 's. 19'),
        }),
        {
          reply_markup: new InlineKeyboard()
            .text(ctx.t('officer:auction.confirm_not_staff_button'), auctionCb.confirmNotStaff.encode(ctx, {}))
            .row()
            .text(ctx.t('officer:auction.register_bidder_button'), again()),
        },
      );
      return;
    }
    await replyRefusal(ctx, e, c);
  }
}
