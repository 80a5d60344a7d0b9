import { Composer, InlineKeyboard } from 'grammy';
import { toIstDate } from '../../src/law';
import type { CaseForLaw } from '../../src/services/case-transition';
import { holdEndOf, moneyStatus } from '../../src/services/money-split';
import { cleanPersonName } from '../../src/services/person-name';
import { claimSurplus, surplusesHeld, surplusToRevenue } from '../../src/services/surplus';
import { surplusClaimants } from '../../src/services/surplus-request';
import { parseDate } from '../../src/services/typed-input';
import type { BotContext } from '../context';
import { actFor, caseById, cb, finishFlow, fitMessage, flowData, inFlow, leaveFlow, replyRefusal, setFlow, staleTap } from './officer-common';
import { Feature } from './feature';

/**
 * s. 17, the District Magistrate's side of `/split`: the surpluses the office holds, a surplus's card with
 * the end of its 3-month hold, a claim established (the claimant chosen among those who claimed the case
 * through the bot, so the receipt reaches them, or typed) and, after the hold, the transfer to Government
 * revenue. The officer's division and remittances stay in money.ts, which routes the `mn|` taps here.
 */

interface ClaimDraft {
  caseId: number;
  number: string;
  claimant?: string;
  /** The claimant's Telegram id (decimal string) when chosen among the case's claimants. */
  claimantTelegramId?: string | null;
  reference?: string;
  date?: string;
}

const MAX_TEXT = 120;

export async function listSurpluses(ctx: BotContext, poundIds: number[] | 'all') {
  const held = await surplusesHeld(ctx.deps.db, poundIds);
  if (held.length === 0) {
    await ctx.reply(ctx.t('officer:surplus.none'));
    return;
  }
  const lines = held.map((s) => ctx.t('officer:surplus.list_line', { number: s.caseNumber, amount: s.amountPaise, holdEnd: s.holdEnd.date }));
  await ctx.reply(fitMessage(ctx.t('officer:surplus.list', { lines: lines.join('\n') })));
}

export async function showSurplus(ctx: BotContext, c: CaseForLaw) {
  const act = await actFor(ctx, 'magistrate', c);
  if (!act) return;
  if (c.status !== 'SURPLUS_HELD' || !c.surplusDepositedAt) {
    await ctx.reply(ctx.t('officer:surplus.not_held', { number: c.number, status: ctx.t(`common:status.${c.status}`) }));
    return;
  }
  const status = await moneyStatus(ctx.deps.db, c.id);
  const amount = status.amountOf('MAGISTRATE_DEPOSIT');
  const hold = holdEndOf(c.impoundedAt, c.surplusDepositedAt);
  const asked = (await surplusClaimants(ctx.deps.db, c.id)).filter((x) => x.requestedAt);
  const card = [ctx.t('officer:surplus.card', { number: c.number, amount, depositedAt: c.surplusDepositedAt.toISOString(), holdEnd: hold.date })];
  if (asked.length) card.push(ctx.t('officer:surplus.requests_line', { names: asked.map((x) => x.name).join(', ') }));
  await ctx.reply(fitMessage(card.join('\n')), {
    reply_markup: new InlineKeyboard().text(ctx.t('officer:surplus.claim_button'), cb(ctx, 'mn', 'cl', c.id)).row().text(ctx.t('officer:surplus.revenue_button'), cb(ctx, 'mn', 'rv', c.id)),
  });
}

/**
 * The Magistrate's buttons on a surplus held (claim established, or to Government revenue after the hold)
 * and the steps of the claim flow. Returns 'not-mine' when the tap is none of these, for the caller to call stale.
 */
export async function surplusTap(ctx: BotContext, op: string | undefined, a1: string | undefined, a2: string | undefined, now: Date): Promise<'not-mine' | void> {
  if (op === 'cl' || op === 'rv' || op === 'rvok') {
    const c = await caseById(ctx, a1);
    if (!c) return;
    const act = await actFor(ctx, 'magistrate', c);
    if (!act) return;
    const amount = (await moneyStatus(ctx.deps.db, c.id)).amountOf('MAGISTRATE_DEPOSIT');
    if (op === 'cl') return askClaimant(ctx, c);
    if (op === 'rv') {
      setFlow(ctx, 'surplus', 'revenue', { caseId: c.id, number: c.number });
      await ctx.reply(ctx.t('officer:surplus.confirm_revenue', { number: c.number, amount }), {
        reply_markup: new InlineKeyboard().text(ctx.t('officer:button.yes_record'), cb(ctx, 'mn', 'rvok', c.id)).text(ctx.t('common:cancel'), cb(ctx, 'mn', 'cancel')),
      });
      return;
    }
    if (!inFlow(ctx, 'surplus', 'revenue') || flowData<ClaimDraft>(ctx).caseId !== c.id) return staleTap(ctx);
    leaveFlow(ctx);
    try {
      const r = await surplusToRevenue(ctx.deps.db, act, c.id, now);
      await ctx.reply(ctx.t('officer:surplus.to_revenue', { number: r.caseNumber, amount: r.amountPaise }));
    } catch (e) {
      await replyRefusal(ctx, e, c);
    }
    return;
  }
  if (inFlow(ctx, 'surplus')) {
    const d = flowData<ClaimDraft>(ctx);
    if ((op === 'who' || op === 'oth') && ctx.session.step === 'claimant' && Number(a1) === d.caseId) {
      if (op === 'oth') {
        await ctx.reply(ctx.t('officer:surplus.ask_claimant'));
        return;
      }
      // The id came in a signed button; it must still be one of the case's claimants.
      const who = (await surplusClaimants(ctx.deps.db, d.caseId)).find((x) => String(x.telegramUserId) === a2);
      if (!who) return staleTap(ctx);
      return askOrderRef(ctx, { ...d, claimant: who.name || String(who.telegramUserId), claimantTelegramId: String(who.telegramUserId) });
    }
    if (op === 'today' && ctx.session.step === 'date') return askClaimConfirm(ctx, { ...d, date: toIstDate(now) });
    if (op === 'clok' && ctx.session.step === 'confirm') {
      return finishFlow(ctx, 'magistrate', d.caseId, async (act, c) => {
        const r = await claimSurplus(
          ctx.deps.db,
          act,
          { caseId: c.id, claimantName: d.claimant ?? '', orderReference: d.reference ?? '', orderedOn: d.date ?? toIstDate(now), claimantTelegramId: d.claimantTelegramId ? BigInt(d.claimantTelegramId) : null },
          now,
        );
        await ctx.reply(ctx.t('officer:surplus.claimed', { number: r.caseNumber, amount: r.amountPaise, claimant: r.claimant, receipt: r.receiptNumber }));
      });
    }
  }
  return 'not-mine';
}

/**
 * Who is paid: the people who claimed the case (those who asked through the bot first) as buttons — the
 * receipt then reaches them on Telegram — or "Someone else", whose name is typed.
 */
async function askClaimant(ctx: BotContext, c: CaseForLaw) {
  setFlow(ctx, 'surplus', 'claimant', { caseId: c.id, number: c.number } satisfies ClaimDraft);
  const people = (await surplusClaimants(ctx.deps.db, c.id)).slice(0, 8);
  if (people.length === 0) {
    await ctx.reply(ctx.t('officer:surplus.ask_claimant'));
    return;
  }
  const kb = new InlineKeyboard();
  for (const p of people) {
    const name = (p.name || String(p.telegramUserId)).slice(0, 40);
    const label = p.requestedAt ? ctx.t('officer:surplus.claimant_button_requested', { name, date: toIstDate(p.requestedAt) }) : name;
    kb.text(label, cb(ctx, 'mn', 'who', c.id, String(p.telegramUserId))).row();
  }
  kb.text(ctx.t('officer:surplus.someone_else_button'), cb(ctx, 'mn', 'oth', c.id));
  await ctx.reply(ctx.t('officer:surplus.ask_claimant_pick'), { reply_markup: kb });
}

async function askOrderRef(ctx: BotContext, d: ClaimDraft) {
  setFlow(ctx, 'surplus', 'reference', { ...d });
  await ctx.reply(ctx.t('officer:surplus.ask_order_ref'));
}

async function askClaimConfirm(ctx: BotContext, d: ClaimDraft) {
  setFlow(ctx, 'surplus', 'confirm', { ...d });
  const amount = (await moneyStatus(ctx.deps.db, d.caseId)).amountOf('MAGISTRATE_DEPOSIT');
  const delivery = ctx.t(d.claimantTelegramId ? 'officer:surplus.claimant_on_telegram' : 'officer:surplus.claimant_not_on_telegram', { claimant: d.claimant });
  await ctx.reply(`${ctx.t('officer:surplus.confirm_claim', { number: d.number, amount, claimant: d.claimant, reference: d.reference, date: d.date })}\n${delivery}`, {
    reply_markup: new InlineKeyboard().text(ctx.t('officer:button.yes_record'), cb(ctx, 'mn', 'clok')).text(ctx.t('common:cancel'), cb(ctx, 'mn', 'cancel')),
  });
}

export const surplusFlow = new Feature();

surplusFlow.on('message:text', async (ctx, next) => {
  if (!inFlow(ctx, 'surplus') || ctx.msg.text.startsWith('/')) return next();
  const d = flowData<ClaimDraft>(ctx);
  const text = ctx.msg.text.trim();
  if (text.length > MAX_TEXT) {
    await ctx.reply(ctx.t('officer:input.too_long', { max: MAX_TEXT }));
    return;
  }
  switch (ctx.session.step) {
    case 'claimant': {
      // Printed on the surplus receipt and the claimant's message (s. 17): a name, nothing else.
      const claimant = cleanPersonName(text);
      if (!claimant) {
        await ctx.reply(ctx.t('officer:input.bad_name'));
        return;
      }
      return askOrderRef(ctx, { ...d, claimant, claimantTelegramId: null });
    }
    case 'reference':
      setFlow(ctx, 'surplus', 'date', { ...d, reference: text });
      await ctx.reply(ctx.t('officer:surplus.ask_order_date'), { reply_markup: new InlineKeyboard().text(ctx.t('officer:button.today'), cb(ctx, 'mn', 'today')) });
      return;
    case 'date': {
      const date = parseDate(text);
      if (!date) {
        await ctx.reply(ctx.t('officer:input.bad_date', { input: text.slice(0, 40) }));
        return;
      }
      return askClaimConfirm(ctx, { ...d, date });
    }
    default:
      await ctx.reply(ctx.t('officer:input.use_buttons'));
  }
});
