import { Composer, InlineKeyboard } from 'grammy';
import { toIstDate } from '../../src/law';
import type { CaseForLaw } from '../../src/services/case-transition';
import {
  claimSurplus,
  confirmRemittance,
  holdEndOf,
  moneyStatus,
  recordSplit,
  REMITTANCE_ACCOUNT,
  splitOfCase,
  surplusesHeld,
  surplusToRevenue,
  type RemittanceKindCode,
} from '../../src/services/money-split';
import { parseIstDate } from '../../src/services/officer-input';
import { storedAccountOf } from '../../src/services/sale';
import type { BotContext } from '../context';
import { grantFor } from '../middleware/roles';
import { actFor, caseById, caseFromArg, cb, commandArg, fitMessage, flowData, inFlow, leaveFlow, replyActionError, setFlow, staleTap, verifiedTap } from './officer-common';

/**
 * `/split <case>` — s. 17. The selling officer sees where the proceeds go, records the division in the
 * ledger with one tap, and confirms each remittance (fines/penalties and surplus to the District
 * Magistrate, feeding charges to the pound-keeper). The District Magistrate's office sees a surplus held
 * with the end of its 3-month hold and records a claim established (pay the claimant) or, after the hold,
 * its transfer to Government revenue. `/split` alone lists the surpluses the office holds.
 */
export const moneyFeature = new Composer<BotContext>();

/** Short codes for remittance kinds in callback data (64-byte limit). */
const KIND_CODE: Record<RemittanceKindCode, string> = { FINES_TO_MAGISTRATE: 'f', FEEDING_TO_POUND_KEEPER: 'k', SECURITY_TO_MAGISTRATE: 's', SURPLUS_TO_MAGISTRATE: 'd' };
const CODE_KIND = Object.fromEntries(Object.entries(KIND_CODE).map(([k, v]) => [v, k])) as Record<string, RemittanceKindCode>;

interface ClaimDraft {
  caseId: number;
  number: string;
  claimant?: string;
  reference?: string;
  date?: string;
}

const MAX_TEXT = 120;

/** "fine" or "penalty" of the account (for the words of the ledger lines). */
function termOf(c: CaseForLaw): string {
  return storedAccountOf(c.auction?.account)?.delivered?.account.term.term ?? 'penalty';
}

moneyFeature.command('split', async (ctx) => {
  const arg = commandArg(ctx).trim();
  if (!arg) {
    const magistrate = grantFor(ctx, ['MAGISTRATE']);
    if (!magistrate) {
      await ctx.reply(ctx.t(grantFor(ctx, ['OFFICER']) ? 'officer:usage.split' : 'common:error.not_allowed'));
      return;
    }
    return listSurpluses(ctx, magistrate.role === 'ADMIN' ? 'all' : magistrate.poundIds);
  }
  const c = await caseFromArg(ctx, arg, 'officer:usage.split');
  if (!c) return;
  // The Magistrate's office acts on a surplus held; the officer on the division and the remittances.
  const asMagistrate = c.status === 'SURPLUS_HELD' && grantFor(ctx, ['MAGISTRATE'], c.poundId)?.role === 'MAGISTRATE';
  if (asMagistrate || (!grantFor(ctx, ['OFFICER'], c.poundId) && grantFor(ctx, ['MAGISTRATE'], c.poundId))) return showSurplus(ctx, c);
  const act = await actFor(ctx, ['OFFICER'], c);
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
  const act = await actFor(ctx, ['MAGISTRATE'], c);
  if (!act) return;
  if (c.status !== 'SURPLUS_HELD' || !c.surplusDepositedAt) {
    await ctx.reply(ctx.t('officer:surplus.not_held', { number: c.number, status: ctx.t(`common:status.${c.status}`) }));
    return;
  }
  const status = await moneyStatus(ctx.deps.db, c.id);
  const amount = status.amountOf('MAGISTRATE_DEPOSIT');
  const hold = holdEndOf(c.impoundedAt, c.surplusDepositedAt);
  await ctx.reply(ctx.t('officer:surplus.card', { number: c.number, amount, depositedAt: c.surplusDepositedAt.toISOString(), holdEnd: hold.date }), {
    reply_markup: new InlineKeyboard().text(ctx.t('officer:surplus.claim_button'), cb(ctx, 'mn', 'cl', c.id)).row().text(ctx.t('officer:surplus.revenue_button'), cb(ctx, 'mn', 'rv', c.id)),
  });
}

async function showOfficerMoney(ctx: BotContext, c: CaseForLaw) {
  const term = termOf(c);
  const status = await moneyStatus(ctx.deps.db, c.id);
  const splitRecorded = status.entries.some((e) => e.idempotencyKey.startsWith(`case:${c.id}:split:`));
  if (!splitRecorded) {
    if (c.status !== 'ACCOUNT_DELIVERED') {
      await ctx.reply(ctx.t('officer:split.not_ready', { number: c.number, status: ctx.t(`common:status.${c.status}`) }));
      return;
    }
    const split = await splitOfCase(ctx.deps.db, c.id);
    const lines = split.lines.map((l) =>
      l.unrecoveredPaise > 0
        ? ctx.t('officer:split.line_short', { account: l.account, term, amount: l.amountPaise, due: l.duePaise, unrecovered: l.unrecoveredPaise })
        : ctx.t('officer:split.line', { account: l.account, term, amount: l.amountPaise }),
    );
    await ctx.reply(ctx.t('officer:split.preview', { number: c.number, proceeds: split.proceedsPaise, lines: lines.join('\n'), total: split.lines.reduce((s, l) => s + l.amountPaise, 0) }), {
      reply_markup: new InlineKeyboard().text(ctx.t('officer:split.record_button'), cb(ctx, 'mn', 'rec', c.id)),
    });
    return;
  }
  const lines = status.entries
    .filter((e) => e.idempotencyKey.startsWith(`case:${c.id}:split:`))
    .map((e) => ctx.t('officer:split.line', { account: e.account, term, amount: e.amountPaise }));
  const remitted = status.remittances.map((r) => ctx.t('officer:split.remitted_line', { kind: r.kind, term, amount: r.amountPaise, at: r.confirmedAt.toISOString() }));
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
    const act = await actFor(ctx, ['OFFICER'], c);
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
      await replyActionError(ctx, e, c);
    }
    return;
  }
  if (op === 'cl' || op === 'rv' || op === 'rvok') {
    const c = await caseById(ctx, a1);
    if (!c) return;
    const act = await actFor(ctx, ['MAGISTRATE'], c);
    if (!act) return;
    const amount = (await moneyStatus(ctx.deps.db, c.id)).amountOf('MAGISTRATE_DEPOSIT');
    if (op === 'cl') {
      setFlow(ctx, 'surplus', 'claimant', { caseId: c.id, number: c.number } satisfies ClaimDraft);
      await ctx.reply(ctx.t('officer:surplus.ask_claimant'));
      return;
    }
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
      await replyActionError(ctx, e, c);
    }
    return;
  }
  if (inFlow(ctx, 'surplus')) {
    const d = flowData<ClaimDraft>(ctx);
    if (op === 'today' && ctx.session.step === 'date') return askClaimConfirm(ctx, { ...d, date: toIstDate(now) });
    if (op === 'clok' && ctx.session.step === 'confirm') {
      const c = await caseById(ctx, d.caseId);
      if (!c) return leaveFlow(ctx);
      const act = await actFor(ctx, ['MAGISTRATE'], c);
      leaveFlow(ctx);
      if (!act) return;
      try {
        const r = await claimSurplus(ctx.deps.db, act, { caseId: c.id, claimantName: d.claimant ?? '', orderReference: d.reference ?? '', orderedOn: d.date ?? toIstDate(now) }, now);
        await ctx.reply(ctx.t('officer:surplus.claimed', { number: r.caseNumber, amount: r.amountPaise, claimant: r.claimant, receipt: r.receiptNumber }));
      } catch (e) {
        await replyActionError(ctx, e, c);
      }
      return;
    }
  }
  await staleTap(ctx);
});

async function askClaimConfirm(ctx: BotContext, d: ClaimDraft) {
  setFlow(ctx, 'surplus', 'confirm', { ...d });
  const amount = (await moneyStatus(ctx.deps.db, d.caseId)).amountOf('MAGISTRATE_DEPOSIT');
  await ctx.reply(ctx.t('officer:surplus.confirm_claim', { number: d.number, amount, claimant: d.claimant, reference: d.reference, date: d.date }), {
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
    case 'claimant':
      setFlow(ctx, 'surplus', 'reference', { ...d, claimant: text });
      await ctx.reply(ctx.t('officer:surplus.ask_order_ref'));
      return;
    case 'reference':
      setFlow(ctx, 'surplus', 'date', { ...d, reference: text });
      await ctx.reply(ctx.t('officer:surplus.ask_order_date'), { reply_markup: new InlineKeyboard().text(ctx.t('officer:button.today'), cb(ctx, 'mn', 'today')) });
      return;
    case 'date': {
      const date = parseIstDate(text);
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
