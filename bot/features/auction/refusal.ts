import { InlineKeyboard } from 'grammy';
import { z } from 'zod';
import { checkCanRecordRefusal, recordOwnerRefusal } from '../../../src/services/owner-refusal';
import type { CaseForLaw } from '../../../src/services/case-transition';
import { cleanPersonName } from '../../../src/services/person-name';
import { authorize } from '../../../src/services/staff';
import type { BotContext } from '../../context';
import { defineFlow } from '../../flows/flow';
import { caseById, caseCommand, caseTap, replyRefusal, staleTap, useButtons } from '../officer-common';
import { auctionCb } from './buttons';
import { Feature } from '../feature';

/**
 * s. 16: the pound-keeper (who meets the owner at the pound) or the officer records that the owner appeared and
 * refused or omitted to pay — `/refusal <case>` or the button on `/auction` — first who appeared (typed, a
 * person's name), then the confirmation.
 */
export const refusalFeature = new Feature();

export const refusalFlow = defineFlow('refusal', {
  steps: ['name', 'confirm'],
  data: z.object({ caseId: z.number().int(), name: z.string().optional() }),
});

caseCommand(refusalFeature, 'refusal', 'officer:usage.refusal', 'owner.refusal', async (ctx, c, act) => {
  try {
    checkCanRecordRefusal(c, act, ctx.deps.clock.now());
  } catch (e) {
    return replyRefusal(ctx, e, c, undefined);
  }
  await askRefusal(ctx, c);
});

// s. 16: the refusal may be recorded by the keeper who met the owner at the pound, or by the officer.
caseTap(refusalFeature, auctionCb.refusal, 'owner.refusal', (ctx, c) => askRefusal(ctx, c));

async function askRefusal(ctx: BotContext, c: CaseForLaw) {
  refusalFlow.enter(ctx, 'name', { caseId: c.id });
  await ctx.reply(ctx.t('officer:auction.ask_refusal_name', { number: c.number }), {
    reply_markup: new InlineKeyboard().text(ctx.t('common:cancel'), auctionCb.cancel.encode(ctx, {})),
  });
}

refusalFlow.texts(
  refusalFeature,
  {
    name: async (ctx, { caseId }, text) => {
      // s. 16: who appeared (owner or agent), checked as any person's name.
      const name = cleanPersonName(text);
      if (!name) return ctx.reply(ctx.t('officer:auction.refusal_name_invalid'));
      const c = await caseById(ctx, caseId);
      if (!c) return;
      refusalFlow.enter(ctx, 'confirm', { caseId, name });
      await ctx.reply(ctx.t('officer:auction.confirm_refusal', { number: c.number, name }), {
        reply_markup: new InlineKeyboard()
          .text(ctx.t('officer:button.yes_record'), auctionCb.refusalConfirm.encode(ctx, { caseId: c.id }))
          .text(ctx.t('common:cancel'), auctionCb.cancel.encode(ctx, {})),
      });
    },
  },
  useButtons,
);

caseTap(refusalFeature, auctionCb.refusalConfirm, 'owner.refusal', async (ctx, c, act) => {
  const d = refusalFlow.at(ctx, 'confirm') ? refusalFlow.data(ctx) : undefined;
  if (!d || d.caseId !== c.id) return staleTap(ctx);
  refusalFlow.leave(ctx);
  try {
    const r = await recordOwnerRefusal(ctx.deps.db, act, c.id, ctx.deps.clock.now(), { name: d.name ?? '' });
    // Whether the owner was told through the bot, or must be told in person (s. 16: section and consequence).
    await ctx.reply(
      ctx.t(r.ownersTold > 0 ? 'officer:auction.refusal_owner_told' : 'officer:auction.refusal_owner_not_on_bot', {
        name: r.name,
        saleFrom: r.saleFrom,
      }),
    );
    if (authorize(act, 'owner.refusal', c.poundId).role === 'POUND_KEEPER')
      await ctx.reply(
        ctx.t('officer:auction.refusal_recorded_keeper', { at: r.at.toISOString(), number: r.caseNumber }),
      );
    else {
      await ctx.reply(ctx.t('officer:auction.refusal_recorded', { at: r.at.toISOString() }), {
        reply_markup: new InlineKeyboard().text(
          ctx.t('officer:auction.schedule_button'),
          auctionCb.schedule.encode(ctx, { caseId: c.id }),
        ),
      });
    }
  } catch (e) {
    await replyRefusal(ctx, e, c);
  }
});
