import { InlineKeyboard } from 'grammy';
import { z } from 'zod';
import { toIstDate } from '../../src/law';
import type { CaseForLaw } from '../../src/services/case-transition';
import {
  holdEndOf,
  moneyStatus,
  claimSurplus,
  surplusesHeld,
  surplusToRevenue,
  surplusClaimants,
} from '../../src/services/sale';
import { parseDate } from '../../src/services/typed-input';
import type { BotContext } from '../context';
import { callbackCodec } from '../flows/callback-codec';
import { defineFlow } from '../flows/flow';
import {
  actFor,
  caseTap,
  finishFlow,
  fitMessage,
  replyRefusal,
  staleTap,
  tooLong,
  useButtons,
  askToRecord,
  typedName,
} from './officer-common';
import { Feature } from './feature';

/**
 * s. 17, the District Magistrate's side of `/split`: the surpluses the office holds, a surplus's card with
 * the end of its 3-month hold, a claim established (the claimant chosen among those who claimed the case
 * through the bot, so the receipt reaches them, or typed) and, after the hold, the transfer to Government
 * revenue. The officer's division and remittances stay in money.ts (`/split`, which shows these).
 */
export const surplusHeldFeature = new Feature();

const surplusFlow = defineFlow('surplus', {
  steps: ['claimant', 'reference', 'date', 'confirm', 'revenue'],
  data: z.object({
    caseId: z.number().int(),
    number: z.string(),
    claimant: z.string().optional(),
    /** The claimant's Telegram id (decimal string) when chosen among the case's claimants. */
    claimantTelegramId: z.string().nullable().optional(),
    reference: z.string().optional(),
    date: z.string().optional(),
  }),
});
type ClaimDraft = NonNullable<ReturnType<typeof surplusFlow.data>>;

/** The Magistrate's buttons (the `mn|` prefix is shared with money.ts's; each code is one codec). */
const surplusCb = {
  claim: callbackCodec('mn|cl', ['caseId:int']),
  revenue: callbackCodec('mn|rv', ['caseId:int']),
  revenueConfirm: callbackCodec('mn|rvok', ['caseId:int']),
  /** A claimant chosen among the case's (a Telegram id, as a decimal string). */
  claimant: callbackCodec('mn|who', ['caseId:int', 'telegramId:str']),
  someoneElse: callbackCodec('mn|oth', ['caseId:int']),
  today: callbackCodec('mn|today'),
  claimConfirm: callbackCodec('mn|clok'),
};
/** The flows' Cancel (money.ts handles it). */
export const moneyCancelCb = callbackCodec('mn|cancel');

const MAX_TEXT = 120;

export async function listSurpluses(ctx: BotContext, poundIds: number[] | 'all') {
  const held = await surplusesHeld(ctx.deps.db, poundIds);
  if (held.length === 0) {
    await ctx.reply(ctx.t('officer:surplus.none'));
    return;
  }
  const lines = held.map((s) =>
    ctx.t('officer:surplus.list_line', { number: s.caseNumber, amount: s.amountPaise, holdEnd: s.holdEnd.date }),
  );
  await ctx.reply(fitMessage(ctx.t('officer:surplus.list', { lines: lines.join('\n') })));
}

export async function showSurplus(ctx: BotContext, c: CaseForLaw) {
  const act = await actFor(ctx, 'magistrate', c);
  if (!act) return;
  if (c.status !== 'SURPLUS_HELD' || !c.surplusDepositedAt) {
    await ctx.reply(
      ctx.t('officer:surplus.not_held', { number: c.number, status: ctx.t(`common:status.${c.status}`) }),
    );
    return;
  }
  const status = await moneyStatus(ctx.deps.db, c.id);
  const amount = status.amountOf('MAGISTRATE_DEPOSIT');
  const hold = holdEndOf(c.impoundedAt, c.surplusDepositedAt);
  const asked = (await surplusClaimants(ctx.deps.db, c.id)).filter((x) => x.requestedAt);
  const card = [
    ctx.t('officer:surplus.card', {
      number: c.number,
      amount,
      depositedAt: c.surplusDepositedAt.toISOString(),
      holdEnd: hold.date,
    }),
  ];
  if (asked.length) card.push(ctx.t('officer:surplus.requests_line', { names: asked.map((x) => x.name).join(', ') }));
  await ctx.reply(fitMessage(card.join('\n')), {
    reply_markup: new InlineKeyboard()
      .text(ctx.t('officer:surplus.claim_button'), surplusCb.claim.encode(ctx, { caseId: c.id }))
      .row()
      .text(ctx.t('officer:surplus.revenue_button'), surplusCb.revenue.encode(ctx, { caseId: c.id })),
  });
}

caseTap(surplusHeldFeature, surplusCb.claim, 'magistrate', (ctx, c) => askClaimant(ctx, c));

// After the 3-month hold: to Government revenue (s. 17), confirmed first.
caseTap(surplusHeldFeature, surplusCb.revenue, 'magistrate', async (ctx, c) => {
  const amount = (await moneyStatus(ctx.deps.db, c.id)).amountOf('MAGISTRATE_DEPOSIT');
  surplusFlow.enter(ctx, 'revenue', { caseId: c.id, number: c.number });
  await ctx.reply(ctx.t('officer:surplus.confirm_revenue', { number: c.number, amount }), {
    reply_markup: new InlineKeyboard()
      .text(ctx.t('officer:button.yes_record'), surplusCb.revenueConfirm.encode(ctx, { caseId: c.id }))
      .text(ctx.t('common:cancel'), moneyCancelCb.encode(ctx, {})),
  });
});

caseTap(surplusHeldFeature, surplusCb.revenueConfirm, 'magistrate', async (ctx, c, act) => {
  const d = surplusFlow.at(ctx, 'revenue') ? surplusFlow.data(ctx) : undefined;
  if (d?.caseId !== c.id) return staleTap(ctx);
  surplusFlow.leave(ctx);
  try {
    const r = await surplusToRevenue(ctx.deps.db, act, c.id, ctx.deps.clock.now());
    await ctx.reply(ctx.t('officer:surplus.to_revenue', { number: r.caseNumber, amount: r.amountPaise }));
  } catch (e) {
    await replyRefusal(ctx, e, c);
  }
});

surplusFlow.tap(surplusHeldFeature, surplusCb.someoneElse, 'claimant', (ctx, { caseId }, d) =>
  caseId === d.caseId ? ctx.reply(ctx.t('officer:surplus.ask_claimant')) : staleTap(ctx),
);

surplusFlow.tap(surplusHeldFeature, surplusCb.claimant, 'claimant', async (ctx, { caseId, telegramId }, d) => {
  if (caseId !== d.caseId) return staleTap(ctx);
  // The id came in a signed button; it must still be one of the case's claimants.
  const who = (await surplusClaimants(ctx.deps.db, d.caseId)).find((x) => String(x.telegramUserId) === telegramId);
  if (!who) return staleTap(ctx);
  return askOrderRef(ctx, {
    ...d,
    claimant: who.name || String(who.telegramUserId),
    claimantTelegramId: String(who.telegramUserId),
  });
});

surplusFlow.tap(surplusHeldFeature, surplusCb.today, 'date', (ctx, _tap, d) =>
  askClaimConfirm(ctx, { ...d, date: toIstDate(ctx.deps.clock.now()) }),
);

surplusFlow.tap(surplusHeldFeature, surplusCb.claimConfirm, 'confirm', (ctx, _tap, d) =>
  finishFlow(ctx, 'magistrate', d.caseId, async (act, c) => {
    const now = ctx.deps.clock.now();
    const r = await claimSurplus(
      ctx.deps.db,
      act,
      {
        caseId: c.id,
        claimantName: d.claimant ?? '',
        orderReference: d.reference ?? '',
        orderedOn: d.date ?? toIstDate(now),
        claimantTelegramId: d.claimantTelegramId ? BigInt(d.claimantTelegramId) : null,
      },
      now,
    );
    await ctx.reply(
      ctx.t('officer:surplus.claimed', {
        number: r.caseNumber,
        amount: r.amountPaise,
        claimant: r.claimant,
        receipt: r.receiptNumber,
      }),
    );
  }),
);

/**
 * Who is paid: the people who claimed the case (those who asked through the bot first) as buttons — the
 * receipt then reaches them on Telegram — or "Someone else", whose name is typed.
 */
async function askClaimant(ctx: BotContext, c: CaseForLaw) {
  surplusFlow.enter(ctx, 'claimant', { caseId: c.id, number: c.number });
  const people = (await surplusClaimants(ctx.deps.db, c.id)).slice(0, 8);
  if (people.length === 0) {
    await ctx.reply(ctx.t('officer:surplus.ask_claimant'));
    return;
  }
  const kb = new InlineKeyboard();
  for (const p of people) {
    const name = (p.name || String(p.telegramUserId)).slice(0, 40);
    const label = p.requestedAt
      ? ctx.t('officer:surplus.claimant_button_requested', { name, date: toIstDate(p.requestedAt) })
      : name;
    kb.text(label, surplusCb.claimant.encode(ctx, { caseId: c.id, telegramId: String(p.telegramUserId) })).row();
  }
  kb.text(ctx.t('officer:surplus.someone_else_button'), surplusCb.someoneElse.encode(ctx, { caseId: c.id }));
  await ctx.reply(ctx.t('officer:surplus.ask_claimant_pick'), { reply_markup: kb });
}

async function askOrderRef(ctx: BotContext, d: ClaimDraft) {
  surplusFlow.enter(ctx, 'reference', d);
  await ctx.reply(ctx.t('officer:surplus.ask_order_ref'));
}

async function askClaimConfirm(ctx: BotContext, d: ClaimDraft) {
  const amount = (await moneyStatus(ctx.deps.db, d.caseId)).amountOf('MAGISTRATE_DEPOSIT');
  const delivery = ctx.t(
    d.claimantTelegramId ? 'officer:surplus.claimant_on_telegram' : 'officer:surplus.claimant_not_on_telegram',
    { claimant: d.claimant },
  );
  const text = `${ctx.t('officer:surplus.confirm_claim', { number: d.number, amount, claimant: d.claimant, reference: d.reference, date: d.date })}\n${delivery}`;
  await askToRecord(ctx, surplusFlow, d, text, surplusCb.claimConfirm, moneyCancelCb, 'officer:button.yes_record');
}

surplusFlow.texts(
  surplusHeldFeature,
  {
    claimant: async (ctx, d, text) => {
      // Printed on the surplus receipt and the claimant's message (s. 17): a name, nothing else.
      const claimant = await typedName(ctx, text, MAX_TEXT);
      if (claimant) await askOrderRef(ctx, { ...d, claimant, claimantTelegramId: null });
    },
    reference: async (ctx, d, text) => {
      if (await tooLong(ctx, text, MAX_TEXT)) return;
      surplusFlow.enter(ctx, 'date', { ...d, reference: text });
      await ctx.reply(ctx.t('officer:surplus.ask_order_date'), {
        reply_markup: new InlineKeyboard().text(ctx.t('officer:button.today'), surplusCb.today.encode(ctx, {})),
      });
    },
    date: async (ctx, d, text) => {
      if (await tooLong(ctx, text, MAX_TEXT)) return;
      const date = parseDate(text);
      if (!date) return ctx.reply(ctx.t('officer:input.bad_date', { input: text.slice(0, 40) }));
      return askClaimConfirm(ctx, { ...d, date });
    },
  },
  async (ctx, _d, text) => (await tooLong(ctx, text, MAX_TEXT)) || useButtons(ctx),
);
