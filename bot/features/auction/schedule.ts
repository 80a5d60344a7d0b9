import { isS16Path } from '../../../src/law';
import { InlineKeyboard } from 'grammy';
import { z } from 'zod';
import { checkAuctionTime, checkCanSchedule, scheduleAuction } from '../../../src/services/sale';
import type { CaseForLaw } from '../../../src/services/case-transition';
import { auctionEligibleOf } from '../../../src/services/notice';
import { parseDateTime } from '../../../src/services/typed-input';
import type { BotContext } from '../../context';
import { defineFlow } from '../../flows/flow';
import {
  actFor,
  cancelFlow,
  caseById,
  caseTap,
  finishFlow,
  poundName,
  replyRefusal,
  staleTap,
  tooLong,
  useButtons,
  askToRecord,
} from '../officer-common';
import { auctionCb, MAX_TEXT } from './buttons';
import { Feature } from '../feature';

/**
 * Scheduling the public auction (ss. 14, 16): its time (checked against the statute at once), place (the pound's
 * by one tap), conditions (the usual ones by one tap) and the District Magistrate's direction (a recorded order by
 * one tap); nothing is written before Record.
 */
export const scheduleFeature = new Feature();

export const scheduleFlow = defineFlow('auction', {
  steps: ['at', 'place', 'conditions', 'direction', 'confirm'],
  data: z.object({
    caseId: z.number().int(),
    number: z.string(),
    at: z.string().optional(),
    place: z.string().optional(),
    conditions: z.string().optional(),
    direction: z.string().optional(),
  }),
});
type ScheduleDraft = NonNullable<ReturnType<typeof scheduleFlow.data>>;

caseTap(scheduleFeature, auctionCb.schedule, 'auction', async (ctx, c, act) => {
  try {
    checkCanSchedule(c, act, ctx.deps.clock.now());
  } catch (e) {
    return replyRefusal(ctx, e, c);
  }
  return askAt(ctx, c);
});

async function askAt(ctx: BotContext, c: CaseForLaw) {
  scheduleFlow.enter(ctx, 'at', { caseId: c.id, number: c.number });
  const eligible = auctionEligibleOf(c);
  await ctx.reply(
    isS16Path(c) || !eligible
      ? ctx.t('officer:auction.ask_at_s16')
      : ctx.t('officer:auction.ask_at', { eligibleFrom: eligible.actionableFrom }),
  );
}

async function askPlace(ctx: BotContext, d: ScheduleDraft, c: CaseForLaw) {
  scheduleFlow.enter(ctx, 'place', d);
  await ctx.reply(ctx.t('officer:auction.ask_place'), {
    reply_markup: new InlineKeyboard().text(
      ctx.t('officer:auction.pound_place_button', { pound: poundName(ctx, c.pound) }),
      auctionCb.poundPlace.encode(ctx, {}),
    ),
  });
}

async function askConditions(ctx: BotContext, d: ScheduleDraft) {
  scheduleFlow.enter(ctx, 'conditions', d);
  await ctx.reply(ctx.t('officer:auction.ask_conditions'), {
    reply_markup: new InlineKeyboard().text(
      ctx.t('officer:auction.usual_conditions_button'),
      auctionCb.usualConditions.encode(ctx, {}),
    ),
  });
}

async function askDirection(ctx: BotContext, d: ScheduleDraft) {
  scheduleFlow.enter(ctx, 'direction', d);
  const orders = await ctx.deps.db.courtOrder.findMany({
    where: { caseId: d.caseId, kind: 'AUCTION_DIRECTION' },
    orderBy: { id: 'desc' },
    take: 3,
  });
  const kb = new InlineKeyboard();
  for (const o of orders)
    kb.text(
      ctx.t('officer:auction.direction_button', { reference: o.reference }),
      auctionCb.direction.encode(ctx, { orderId: o.id }),
    ).row();
  await ctx.reply(ctx.t('officer:auction.ask_direction'), orders.length ? { reply_markup: kb } : {});
}

scheduleFlow.texts(
  scheduleFeature,
  {
    at: async (ctx, d, text) => {
      const now = ctx.deps.clock.now();
      const at = parseDateTime(text, now);
      if (!at) return ctx.reply(ctx.t('officer:input.bad_time', { input: text.slice(0, 40) }));
      const c = await caseById(ctx, d.caseId);
      if (!c) return scheduleFlow.leave(ctx);
      const act = await actFor(ctx, 'auction', c);
      if (!act) return scheduleFlow.leave(ctx);
      try {
        checkAuctionTime(c, act, at, now);
      } catch (e) {
        // Stay at this step: the officer can type another time.
        return replyRefusal(ctx, e, c);
      }
      return askPlace(ctx, { ...d, at: at.toISOString() }, c);
    },
    place: async (ctx, d, text) => (await tooLong(ctx, text, MAX_TEXT)) || askConditions(ctx, { ...d, place: text }),
    conditions: async (ctx, d, text) =>
      (await tooLong(ctx, text, MAX_TEXT)) || askDirection(ctx, { ...d, conditions: text }),
    direction: async (ctx, d, text) =>
      (await tooLong(ctx, text, MAX_TEXT)) || askConfirm(ctx, { ...d, direction: text }),
  },
  useButtons,
);

scheduleFlow.tap(scheduleFeature, auctionCb.poundPlace, 'place', async (ctx, _tap, d) => {
  const c = await caseById(ctx, d.caseId);
  if (!c) return scheduleFlow.leave(ctx);
  return askConditions(ctx, { ...d, place: `${poundName(ctx, c.pound)}, ${c.pound.address}` });
});

scheduleFlow.tap(scheduleFeature, auctionCb.usualConditions, 'conditions', (ctx, _tap, d) =>
  askDirection(ctx, { ...d, conditions: ctx.t('officer:auction.usual_conditions') }),
);

scheduleFlow.tap(scheduleFeature, auctionCb.direction, 'direction', async (ctx, { orderId }, d) => {
  const order = await ctx.deps.db.courtOrder.findFirst({
    where: { id: orderId, caseId: d.caseId, kind: 'AUCTION_DIRECTION' },
  });
  if (!order) return staleTap(ctx);
  return askConfirm(ctx, { ...d, direction: order.reference });
});

scheduleFlow.tap(scheduleFeature, auctionCb.save, 'confirm', (ctx, _tap, d) =>
  finishFlow(ctx, 'auction', d.caseId, async (act, c) => {
    const r = await scheduleAuction(
      ctx.deps.db,
      act,
      {
        caseId: c.id,
        at: new Date(d.at!),
        place: d.place ?? '',
        conditions: d.conditions ?? '',
        directionRef: d.direction ?? '',
      },
      ctx.deps.clock.now(),
    );
    await ctx.reply(
      ctx.t('officer:auction.scheduled', {
        number: r.caseNumber,
        at: r.auction.scheduledFor.toISOString(),
        place: r.auction.place,
      }),
    );
  }),
);

// Cancel leaves whatever flow the chat is in (the schedule's or the refusal's confirmation).
auctionCb.cancel.handle(scheduleFeature, cancelFlow);

/** The schedule as it will be recorded (place, time, conditions, the Magistrate's direction), with Record / Cancel. */
async function askConfirm(ctx: BotContext, d: ScheduleDraft) {
  const text = ctx.t('officer:auction.confirm', {
    number: d.number,
    at: d.at,
    place: d.place,
    conditions: d.conditions,
    direction: d.direction,
  });
  await askToRecord(ctx, scheduleFlow, d, text, auctionCb.save, auctionCb.cancel);
}
