import { InlineKeyboard, Composer } from 'grammy';
import { z } from 'zod';
import { toIstDate } from '../../src/law';
import { findCaseById } from '../../src/services/cases';
import {
  cancelSubscription,
  followCase,
  myCases,
  subscribeVillage,
  unfollowCase,
} from '../../src/services/subscriptions';
import type { BotContext } from '../context';
import { defineFlow } from '../flows/flow';
import { ownerCb } from '../keyboards/owner';
import { onAction } from './on-action';
import { fitMessage, outcomeText, statusText } from '../views/owner/text';

/**
 * Following cases and villages: /mycases lists the cases the user claimed or follows (with the outcome of
 * any s. 20 complaint) and their village alerts; the case card's button follows or unfollows a case;
 * /subscribe asks for a village and an optional description filter ("buffalo") for alerts about new
 * impoundings there and their s. 14 notices (sent by the staff and jobs flows via subscribersForCase).
 */
export const followFeature = new Composer<BotContext>();

const subscribeFlow = defineFlow('owner_subscribe', {
  steps: ['village', 'filter'],
  data: z.object({ village: z.string().optional() }),
});
const stale = (ctx: BotContext) => ({ text: ctx.t('common:error.stale_button'), alert: true });

onAction(followFeature, ownerCb.follow, async (ctx, { caseId, on }) => {
  const c = await findCaseById(ctx.deps.db, caseId);
  if (!c || !ctx.from || (on !== 1 && on !== 0)) return stale(ctx);
  const user = BigInt(ctx.from.id);
  if (on === 1) {
    await followCase(ctx.deps.db, user, c.id);
    await ctx.reply(ctx.t('owner:follow.on', { number: c.number }));
  } else {
    await unfollowCase(ctx.deps.db, user, c.id, ctx.deps.clock.now());
    await ctx.reply(ctx.t('owner:follow.off', { number: c.number }));
  }
});

followFeature.command('mycases', (ctx) => showMyCases(ctx));

/** The cases this person claimed or follows, as buttons, and their village alerts (what /mycases shows). */
export async function showMyCases(ctx: BotContext): Promise<void> {
  if (!ctx.from) return;
  const mine = await myCases(ctx.deps.db, BigInt(ctx.from.id));
  if (mine.cases.length === 0 && mine.villages.length === 0) {
    await ctx.reply(ctx.t('owner:mycases.empty'));
    return;
  }
  const lines: string[] = [];
  const kb = new InlineKeyboard();
  if (mine.cases.length > 0) {
    lines.push(ctx.t('owner:mycases.header'));
    for (const c of mine.cases) {
      lines.push(
        ctx.t(c.claimed ? 'owner:mycases.line_claimed' : 'owner:mycases.line', {
          number: c.number,
          status: statusText(ctx, c, c.inPound),
          place: c.placeOfSeizure,
          date: toIstDate(c.impoundedAt),
        }),
      );
      for (const k of c.complaints)
        lines.push(
          ctx.t('owner:mycases.complaint_line', { reference: k.reference, outcome: outcomeText(ctx, k.outcome) }),
        );
      kb.text(
        ctx.t('owner:mycases.open_button', { number: c.number }),
        ownerCb.openCase.encode(ctx, { caseId: c.id }),
      ).row();
    }
    if (mine.total > mine.cases.length)
      lines.push(ctx.t('owner:mycases.more', { count: mine.total - mine.cases.length }));
  }
  if (mine.villages.length > 0) {
    if (lines.length) lines.push('');
    lines.push(ctx.t('owner:mycases.villages'));
    for (const v of mine.villages.slice(0, 10)) {
      lines.push(
        ctx.t('owner:mycases.village_line', {
          village: v.villageKey ?? '',
          filter: v.filter || ctx.t('owner:mycases.all_cattle'),
        }),
      );
      kb.text(
        ctx.t('owner:mycases.stop_button', { village: v.villageKey ?? '' }),
        ownerCb.unsubscribe.encode(ctx, { subscriptionId: v.id }),
      ).row();
    }
  }
  await ctx.reply(fitMessage(lines.join('\n')), { reply_markup: kb });
}

followFeature.command('subscribe', async (ctx) => {
  const arg = ctx.match.trim();
  if (arg) {
    subscribeFlow.enter(ctx, 'filter', { village: arg.slice(0, 80) });
    await askFilter(ctx);
    return;
  }
  subscribeFlow.enter(ctx, 'village', {});
  await ctx.reply(ctx.t('owner:subscribe.ask_village'));
});

async function askFilter(ctx: BotContext): Promise<void> {
  await ctx.reply(ctx.t('owner:subscribe.ask_filter'), {
    reply_markup: new InlineKeyboard().text(ctx.t('owner:subscribe.all_button'), ownerCb.subscribeAll.encode(ctx, {})),
  });
}

async function finishSubscription(ctx: BotContext, village: string, filter: string): Promise<void> {
  if (!ctx.from) return;
  subscribeFlow.leave(ctx);
  const sub = await subscribeVillage(ctx.deps.db, BigInt(ctx.from.id), village, filter);
  if (!sub) {
    await ctx.reply(ctx.t('owner:subscribe.village_invalid'));
    return;
  }
  await ctx.reply(
    sub.filter
      ? ctx.t('owner:subscribe.done_filter', { village, filter: sub.filter })
      : ctx.t('owner:subscribe.done_all', { village }),
  );
}

subscribeFlow.texts(followFeature, {
  village: async (ctx, _d, text) => {
    if ((text.match(/\p{L}/gu)?.length ?? 0) < 2 || text.length > 80)
      return ctx.reply(ctx.t('owner:subscribe.village_invalid'));
    subscribeFlow.enter(ctx, 'filter', { village: text });
    await askFilter(ctx);
  },
  filter: (ctx, d, text) => finishSubscription(ctx, d.village ?? '', text),
});

onAction(followFeature, ownerCb.subscribeAll, async (ctx) => {
  const village = subscribeFlow.data(ctx)?.village ?? '';
  if (!village) return stale(ctx);
  await finishSubscription(ctx, village, '');
});

onAction(followFeature, ownerCb.unsubscribe, async (ctx, { subscriptionId: id }) => {
  if (!ctx.from) return stale(ctx);
  const sub = await ctx.deps.db.subscription.findFirst({ where: { id, telegramUserId: BigInt(ctx.from.id) } });
  if (!sub || !(await cancelSubscription(ctx.deps.db, BigInt(ctx.from.id), id, ctx.deps.clock.now())))
    return stale(ctx);
  await ctx.reply(ctx.t('owner:mycases.stopped', { village: sub.villageKey ?? '' }));
});
