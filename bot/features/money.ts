import { Composer, InlineKeyboard } from 'grammy';
import { termFor, toIstDate } from '../../src/law';
import { cleanPersonName } from '../../src/services/person-name';
import { Refusal } from '../../src/services/refusal';
import type { CaseForLaw } from '../../src/services/case-transition';
import { claimSurplus, surplusesHeld, surplusToRevenue } from '../../src/services/surplus';
import {
  confirmRemittance,
  holdEndOf,
  isSplitKey,
  moneyStatus,
  recordSplit,
  REMITTANCE_ACCOUNT,
  splitOfCase,
  totalsByAccount,
  type RemittanceKindCode,
  type SplitLine,
} from '../../src/services/money-split';
import { parseDate } from '../../src/services/typed-input';
import { completedRounds, storedAccountOf } from '../../src/services/sale-record';
import { surplusClaimants } from '../../src/services/surplus-request';
import type { BotContext } from '../context';
import { holds, may, poundsInScope } from '../../src/services/staff-actor';
import { actFor, caseById, caseFromArg, cb, commandArg, fitMessage, flowData, inFlow, leaveFlow, replyRefusal, setFlow, staleTap, verifiedTap } from './officer-common';
import { paiseOf } from '../../src/db';

/**
 * `/split <case>` — s. 17. The selling officer sees where the proceeds go (each auction round's own
 * division), records it in the ledger with one tap once the cattle are all gone, and confirms each
 * remittance (fines/penalties and surplus to the District Magistrate, feeding charges to the pound-keeper).
 * The District Magistrate's office sees a surplus held with the end of its 3-month hold and records a claim
 * established — choosing the claimant among those who claimed the case through the bot, so the receipt
 * reaches them, or typing another name — or, after the hold, its transfer to Government revenue.
 * `/split` alone lists the surpluses the office holds.
 */
export const moneyFeature = new Composer<BotContext>();

/** Short codes for remittance kinds in callback data (64-byte limit). */
const KIND_CODE: Record<RemittanceKindCode, string> = { FINES_TO_MAGISTRATE: 'f', FEEDING_TO_POUND_KEEPER: 'k', SECURITY_TO_MAGISTRATE: 's', SURPLUS_TO_MAGISTRATE: 'd' };
const CODE_KIND = Object.fromEntries(Object.entries(KIND_CODE).map(([k, v]) => [v, k])) as Record<string, RemittanceKindCode>;

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

/**
 * "fine" or "penalty" in the words of s. 17 (the division and the remittances) on the date of the sale: s. 17
 * keeps "the fines so deducted" — Act 8 of 2026 amends s. 16 only (src/law/data/term-amendments.ts).
 */
function termOf(c: CaseForLaw): string {
  const saleAt = storedAccountOf(c.auction?.account)?.inputs.saleAt;
  const term = termFor(saleAt ? new Date(saleAt) : new Date(0), 's. 17');
  return term.ok ? term.value.term : 'fine';
}

function splitLineText(ctx: BotContext, l: SplitLine, term: string): string {
  return l.unrecoveredPaise > 0
    ? ctx.t('officer:split.line_short', { account: l.account, term, amount: l.amountPaise, due: l.duePaise, unrecovered: l.unrecoveredPaise })
    : ctx.t('officer:split.line', { account: l.account, term, amount: l.amountPaise });
}

moneyFeature.command('split', async (ctx) => {
  const arg = commandArg(ctx).trim();
  if (!arg) {
    if (!may(ctx.actor, 'magistrate')) {
      await ctx.reply(ctx.t(may(ctx.actor, 'auction') ? 'officer:usage.split' : 'common:error.not_allowed'));
      return;
    }
    return listSurpluses(ctx, poundsInScope(ctx.actor, 'magistrate'));
  }
  const c = await caseFromArg(ctx, arg, 'officer:usage.split');
  if (!c) return;
  // The Magistrate's office acts on a surplus held; the officer on the division and the remittances.
  const asMagistrate = c.status === 'SURPLUS_HELD' && holds(ctx.actor, 'MAGISTRATE', c.poundId);
  if (asMagistrate || (!may(ctx.actor, 'auction', c.poundId) && may(ctx.actor, 'magistrate', c.poundId))) return showSurplus(ctx, c);
  const act = await actFor(ctx, 'auction', c);
  if (!act) return;
  await showOfficerMoney(ctx, c);
});

async function listSurpluses(ctx: BotContext, poundIds: number[] | 'all') {
  const held = await surplusesHeld(ctx.deps.db, poundIds);
  if (held.length === 0) {
    await ctx.reply(ctx.t('officer:surplus.none'));
    return;
  }
  const lines = held.map((s) => ctx.t('officer:surplus.list_line', { number: s.caseNumber, amount: s.amountPaise, holdEnd: s.holdEnd.date }));
  await ctx.reply(fitMessage(ctx.t('officer:surplus.list', { lines: lines.join('\n') })));
}

async function showSurplus(ctx: BotContext, c: CaseForLaw) {
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

async function showOfficerMoney(ctx: BotContext, c: CaseForLaw) {
  const term = termOf(c);
  const status = await moneyStatus(ctx.deps.db, c.id);
  // The sale's division (a s. 13 payment's own division — the rest of a partly sold case claimed — is not it).
  const splitRecorded = status.splitEntries.some((e) => isSplitKey(c.id, e.idempotencyKey));
  if (!splitRecorded) {
    const inPound = c.heads.filter((h) => h.status === 'IMPOUNDED').length;
    if (c.status === 'PARTLY_SOLD' && !c.ownerRefusedAt) {
      // s. 14 heads without a bid wait for a further auction or the proviso: the division follows them.
      return replyRefusal(ctx, new Refusal('CATTLE_REMAIN', 's. 14', { heads: inPound }), c);
    }
    const ready = c.status === 'ACCOUNT_DELIVERED' || (c.status === 'DISPOSED_PROVISO' && completedRounds(c).length > 0);
    if (!ready) {
      await ctx.reply(ctx.t('officer:split.not_ready', { number: c.number, status: ctx.t(`common:status.${c.status}`) }));
      return;
    }
    const split = await splitOfCase(ctx.deps.db, c.id);
    const lines =
      split.rounds.length === 1
        ? split.rounds[0]!.lines.map((l) => splitLineText(ctx, l, term))
        : split.rounds.flatMap((r) => [ctx.t('officer:split.round_header', { round: r.round, proceeds: r.proceedsPaise }), ...r.lines.map((l) => splitLineText(ctx, l, term))]);
    await ctx.reply(fitMessage(ctx.t('officer:split.preview', { number: c.number, proceeds: split.proceedsPaise, lines: lines.join('\n'), total: split.lines.reduce((s, l) => s + l.amountPaise, 0) })), {
      reply_markup: new InlineKeyboard().text(ctx.t('officer:split.record_button'), cb(ctx, 'mn', 'rec', c.id)),
    });
    return;
  }
  // One line per ledger account, summed over the auction rounds.
  const lines = totalsByAccount(status.splitEntries.map((e) => ({ account: e.account as SplitLine['account'], section: e.section, amountPaise: paiseOf(e.amountPaise), duePaise: paiseOf(e.amountPaise), unrecoveredPaise: 0 }))).map((l) =>
    ctx.t('officer:split.line', { account: l.account, term, amount: l.amountPaise }),
  );
  const remitted = status.remittances.map((r) => ctx.t('officer:split.remitted_line', { kind: r.kind, term, amount: paiseOf(r.amountPaise), at: r.confirmedAt.toISOString() }));
  const pending = status.pending.map((k) => ctx.t('officer:split.pending_line', { kind: k, term, amount: status.amountOf(REMITTANCE_ACCOUNT[k]) }));
  const remittances = [...remitted, ...pending];
  const kb = new InlineKeyboard();
  for (const k of status.pending) kb.text(ctx.t('officer:split.remit_button', { kind: k, term }), cb(ctx, 'mn', 'rm', c.id, KIND_CODE[k])).row();
  await ctx.reply(
    fitMessage(ctx.t('officer:split.status', { number: c.number, lines: lines.join('\n'), remittances: remittances.length ? remittances.join('\n') : ctx.t('officer:split.nothing_to_send') })),
    status.pending.length ? { reply_markup: kb } : {},
  );
}

moneyFeature.callbackQuery(/^mn\|/, async (ctx) => {
  const tap = await verifiedTap(ctx);
  if (!tap) return;
  const [op, a1, a2] = tap.args;
  const now = ctx.deps.clock.now();
  if (op === 'cancel') {
    leaveFlow(ctx);
    await ctx.reply(ctx.t('common:cancelled'));
    return;
  }
  if (op === 'rec' || op === 'rm') {
    const c = await caseById(ctx, a1);
    if (!c) return;
    const act = await actFor(ctx, 'auction', c);
    if (!act) return;
    try {
      if (op === 'rec') {
        const r = await recordSplit(ctx.deps.db, act, c.id, now);
        const out = [ctx.t('officer:split.recorded', { number: r.caseNumber, proceeds: r.proceedsPaise })];
        if (r.surplusPaise > 0 && r.holdEnd) out.push(ctx.t('officer:split.recorded_surplus', { surplus: r.surplusPaise, holdEnd: r.holdEnd.date }));
        await ctx.reply(out.join('\n'));
        return showOfficerMoney(ctx, await caseById(ctx, c.id).then((x) => x ?? c));
      }
      const kind = CODE_KIND[a2 ?? ''];
      if (!kind) return staleTap(ctx);
      const r = await confirmRemittance(ctx.deps.db, act, c.id, kind, now);
      await ctx.reply(ctx.t('officer:split.remitted', { kind, term: termOf(c), amount: r.amountPaise, number: r.caseNumber }));
    } catch (e) {
      await replyRefusal(ctx, e, c);
    }
    return;
  }
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
      const c = await caseById(ctx, d.caseId);
      if (!c) return leaveFlow(ctx);
      const act = await actFor(ctx, 'magistrate', c);
      leaveFlow(ctx);
      if (!act) return;
      try {
        const r = await claimSurplus(
          ctx.deps.db,
          act,
          { caseId: c.id, claimantName: d.claimant ?? '', orderReference: d.reference ?? '', orderedOn: d.date ?? toIstDate(now), claimantTelegramId: d.claimantTelegramId ? BigInt(d.claimantTelegramId) : null },
          now,
        );
        await ctx.reply(ctx.t('officer:surplus.claimed', { number: r.caseNumber, amount: r.amountPaise, claimant: r.claimant, receipt: r.receiptNumber }));
      } catch (e) {
        await replyRefusal(ctx, e, c);
      }
      return;
    }
  }
  await staleTap(ctx);
});

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

moneyFeature.on('message:text', async (ctx, next) => {
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
