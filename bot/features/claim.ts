import { Composer, InlineKeyboard, InputFile } from 'grammy';
import { checkOwnerMay, claimOfUser, cleanName, recordClaim, type ClaimKind } from '../../src/services/claims';
import { findCaseById } from '../../src/services/cases';
import { duesAndNextDayOf, duesForCase, windowsFromConfig } from '../../src/services/dues';
import { parseRupees } from '../../src/services/typed-input';
import { parseUpiRef } from '../../src/services/typed-answers';
import { declarePayment, pendingPayment, type DeclareResult, type PaymentMethod } from '../../src/services/payments';
import { hasOfficialUpi, upiIntentUri, upiQrPng } from '../../src/services/upi';
import type { BotContext } from '../context';
import { cb, clearFlow, isCommandText, setFlow } from '../keyboards/owner';
import { idArg, onAction, type TapAnswer } from './on-action';
import { renderDues } from '../views/owner/dues';
import { ownerRefusal } from '../views/owner/refusal';
import { CAPTION_LIMIT, fitMessage, poundName, sectionText } from '../views/owner/text';
import { overText, shortText } from '../views/owner/pay';
import { askHeads, claimHeadsActions, duesOptionsOf, myHeadsLine } from './claim-heads';
import { paiseOf } from '../../src/db';
import { Feature } from './feature';

/**
 * Claim and pay (s. 13) — and the same path for a deposit under protest (s. 15, entered from protest.ts):
 * owner or agent (the agent gives the owner's name) → the dues → cash at the pound or UPI to the pound's
 * official id (QR with amount and case number) → "I have paid" (amount, optional UPI reference) → a
 * PENDING payment and a card to every keeper of the pound, who confirms by replying to it.
 */
export const claimFeature = new Feature();

const FLOW_CLAIM = 'owner_claim';
const FLOW_PAID = 'owner_paid';

const kindArg = (kind: ClaimKind) => (kind === 'S13_CLAIM' ? '13' : '15');
const methodArg = (m: PaymentMethod) => (m === 'CASH' ? 'c' : 'u');
const methodOf = (arg: string | undefined): PaymentMethod | null => (arg === 'c' ? 'CASH' : arg === 'u' ? 'UPI' : null);
const stale = (ctx: BotContext): TapAnswer => ({ text: ctx.t('common:error.stale_button'), alert: true });

/** Tells the owner why the law does not let them start this now (reason and section). */
async function replyNotNow(ctx: BotContext, caseId: number, error: Parameters<typeof ownerRefusal>[1]): Promise<void> {
  const c = await findCaseById(ctx.deps.db, caseId);
  const { reason, section } = ownerRefusal(ctx, error, c?.status ?? 'IMPOUNDED');
  await ctx.reply(ctx.t('owner:claim.not_now', { number: c?.number ?? '', reason, section }));
}

/**
 * First step of a claim (s. 13) or a deposit under protest (s. 15): the law is asked whether it may start
 * now, then the owner says whether they are the owner or an agent.
 */
export async function startClaim(ctx: BotContext, caseId: number, kind: ClaimKind): Promise<void> {
  const c = await findCaseById(ctx.deps.db, caseId);
  if (!c || !ctx.from) return;
  const pending = await pendingPayment(ctx.deps.db, c.id, kind === 'S13_CLAIM' ? 'S13_PAYMENT' : 'S15_DEPOSIT');
  if (pending) {
    await ctx.reply(
      pending.payerTelegramId === BigInt(ctx.from.id)
        ? ctx.t('owner:pay.already', { amount: paiseOf(pending.amountPaise), number: c.number })
        : ctx.t('owner:pay.already_other', { number: c.number }),
    );
    return;
  }
  const may = await checkOwnerMay(ctx.deps.db, c.id, kind, ctx.deps.clock.now(), windowsFromConfig(ctx.deps.config));
  if (!may.ok) return replyNotNow(ctx, c.id, may.error);
  const kb = new InlineKeyboard()
    .text(ctx.t('owner:claim.owner_button'), cb(ctx, 'who', c.id, kindArg(kind), 'o'))
    .row()
    .text(ctx.t('owner:claim.agent_button'), cb(ctx, 'who', c.id, kindArg(kind), 'a'));
  await ctx.reply(ctx.t(kind === 'S13_CLAIM' ? 'owner:claim.intro' : 'owner:claim.intro_protest', { number: c.number }), { reply_markup: kb });
}

/**
 * The dues to pay or deposit now and the choice of cash or UPI (UPI only when the pound has an official
 * UPI id on record).
 */
export async function showPaymentChoice(ctx: BotContext, claimId: number): Promise<void> {
  if (!ctx.from) return;
  const claim = await claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id));
  if (!claim) return;
  const deposit = claim.kind === 'S15_PROTEST';
  // One statement, the dues valued now and a day later (it was three loads of the case and the rules; issue 13).
  const { dues, nextDayPaise } = await duesAndNextDayOf(ctx.deps.db, claim.caseId, ctx.deps.clock.now(), await duesOptionsOf(ctx, claim));
  if (!dues.ok) {
    await ctx.reply(ctx.t('owner:dues.unavailable', { number: claim.case.number, date: ctx.deps.clock.now().toISOString(), section: sectionText(ctx, dues.error.section ?? 's. 12') }));
    return;
  }
  const b = dues.value.breakdown;
  const kb = new InlineKeyboard().text(ctx.t('owner:pay.cash_button'), cb(ctx, 'pm', claim.id, 'c'));
  if (hasOfficialUpi(dues.value.rules.poundRow)) kb.text(ctx.t('owner:pay.upi_button'), cb(ctx, 'pm', claim.id, 'u'));
  // A part claim (issue #10 item 11): the dues are those of the heads named, said above them.
  const text = [
    ...[await myHeadsLine(ctx, claim.id)].filter((l): l is string => l !== null),
    renderDues(ctx, claim.case.number, b, null, { nextDayPaise }),
    ctx.t('owner:pay.choose', { what: ctx.t(deposit ? 'owner:pay.what_deposit' : 'owner:pay.what_payment'), number: claim.case.number, amount: b.totals.totalPaise, section: sectionText(ctx, b.section) }),
  ].join('\n\n');
  await ctx.reply(fitMessage(text), { reply_markup: kb });
}

/** After the names and the heads: s. 15 in a state with s. 12A security asks security-or-declaration first. */
async function afterClaimRecorded(ctx: BotContext, claimId: number, caseId: number, kind: ClaimKind): Promise<void> {
  if (kind === 'S15_PROTEST') {
    const dues = await duesForCase(ctx.deps.db, caseId, ctx.deps.clock.now(), { mode: 'deposit' });
    if (dues.ok && dues.value.breakdown.totals.securityPaise > 0) {
      const kb = new InlineKeyboard()
        .text(ctx.t('owner:protest.security_button'), cb(ctx, 'dcl', claimId, 0))
        .row()
        .text(ctx.t('owner:protest.declaration_button'), cb(ctx, 'dcl', claimId, 1));
      await ctx.reply(ctx.t('owner:protest.security_choice', { amount: dues.value.breakdown.totals.securityPaise }), { reply_markup: kb });
      return;
    }
  }
  await showPaymentChoice(ctx, claimId);
}

onAction(claimFeature, 'cl', async (ctx, args) => {
  const id = idArg(args[0]);
  if (!id || !(await findCaseById(ctx.deps.db, id))) return stale(ctx);
  await startClaim(ctx, id, 'S13_CLAIM');
});

onAction(claimFeature, 'who', async (ctx, args) => {
  const id = idArg(args[0]);
  const kind: ClaimKind | null = args[1] === '13' ? 'S13_CLAIM' : args[1] === '15' ? 'S15_PROTEST' : null;
  if (!id || !kind || (args[2] !== 'o' && args[2] !== 'a')) return stale(ctx);
  const may = await checkOwnerMay(ctx.deps.db, id, kind, ctx.deps.clock.now(), windowsFromConfig(ctx.deps.config)).catch(() => null);
  if (!may) return stale(ctx);
  if (!may.ok) return replyNotNow(ctx, id, may.error);
  setFlow(ctx, FLOW_CLAIM, 'name', { caseId: id, kind, isAgent: args[2] === 'a' });
  await ctx.reply(ctx.t('owner:claim.ask_name'));
});

claimFeature.on('message:text', async (ctx, next) => {
  if (ctx.session.flow !== FLOW_CLAIM || isCommandText(ctx.msg.text) || !ctx.from) return next();
  const data = (ctx.session.data ?? {}) as { caseId?: number; kind?: ClaimKind; isAgent?: boolean; claimantName?: string };
  if (!data.caseId || (data.kind !== 'S13_CLAIM' && data.kind !== 'S15_PROTEST')) {
    clearFlow(ctx);
    return next();
  }
  const name = cleanName(ctx.msg.text);
  if (!name) {
    await ctx.reply(ctx.t('owner:claim.name_invalid'));
    return;
  }
  if (ctx.session.step === 'name' && data.isAgent) {
    setFlow(ctx, FLOW_CLAIM, 'owner_name', { ...data, claimantName: name });
    await ctx.reply(ctx.t('owner:claim.ask_owner_name'));
    return;
  }
  const claimantName = ctx.session.step === 'owner_name' ? (data.claimantName ?? name) : name;
  clearFlow(ctx);
  const claim = await recordClaim(ctx.deps.db, {
    caseId: data.caseId,
    kind: data.kind,
    telegramUserId: BigInt(ctx.from.id),
    claimantName,
    isAgent: Boolean(data.isAgent),
    ownerName: name,
    intendsComplaint: data.kind === 'S15_PROTEST',
  });
  // More than one head in the pound: "Which of these are yours?" first (claim-heads.ts), then on.
  if (!(await askHeads(ctx, claim.id))) await afterClaimRecorded(ctx, claim.id, data.caseId, data.kind);
});
claimHeadsActions(claimFeature, afterClaimRecorded);

onAction(claimFeature, 'pm', async (ctx, args) => {
  const claimId = idArg(args[0]);
  const method = methodOf(args[1]);
  if (!claimId || !method || !ctx.from) return stale(ctx);
  const claim = await claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id));
  if (!claim) return stale(ctx);
  const deposit = claim.kind === 'S15_PROTEST';
  const pending = await pendingPayment(ctx.deps.db, claim.caseId, deposit ? 'S15_DEPOSIT' : 'S13_PAYMENT');
  if (pending) {
    await ctx.reply(pending.payerTelegramId === BigInt(ctx.from.id) ? ctx.t('owner:pay.already', { amount: paiseOf(pending.amountPaise), number: claim.case.number }) : ctx.t('owner:pay.already_other', { number: claim.case.number }));
    return;
  }
  const dues = await duesForCase(ctx.deps.db, claim.caseId, ctx.deps.clock.now(), await duesOptionsOf(ctx, claim));
  if (!dues.ok) return stale(ctx);
  const amount = dues.value.breakdown.totals.totalPaise;
  const pound = dues.value.rules.poundRow;
  const kb = new InlineKeyboard().text(ctx.t('owner:pay.paid_button', { amount }), cb(ctx, 'ip', claim.id, methodArg(method), amount));
  setFlow(ctx, FLOW_PAID, 'amount', { claimId: claim.id, method });
  if (method === 'CASH') {
    await ctx.reply(ctx.t('owner:pay.cash', { amount, pound: poundName(ctx, pound), address: pound.address }), { reply_markup: kb });
    return;
  }
  const uri = upiIntentUri(pound, amount, claim.case.number);
  if (!uri) {
    clearFlow(ctx);
    await ctx.reply(ctx.t('owner:pay.no_upi'));
    return;
  }
  const caption = ctx.t('owner:pay.upi', { amount, upiId: pound.upiId, payee: pound.upiPayeeName ?? poundName(ctx, pound), number: claim.case.number });
  await ctx.replyWithPhoto(new InputFile(await upiQrPng(uri), 'upi.png'), { caption: fitMessage(caption, CAPTION_LIMIT), reply_markup: kb });
});

/** Records the declaration and answers with what happened. */
async function declare(ctx: BotContext, claimId: number, method: PaymentMethod, amountPaise: number, upiRef: string | null): Promise<void> {
  if (!ctx.from) return;
  clearFlow(ctx);
  const r: DeclareResult = await declarePayment(ctx.deps, windowsFromConfig(ctx.deps.config), {
    claimId,
    telegramUserId: BigInt(ctx.from.id),
    method,
    amountPaise,
    upiRef,
    now: ctx.deps.clock.now(),
    chatId: ctx.chat?.id ?? null,
    messageId: ctx.callbackQuery?.message?.message_id ?? ctx.message?.message_id ?? null,
  });
  switch (r.kind) {
    case 'declared': {
      const said = ctx.t(r.keepers > 0 ? 'owner:pay.declared' : 'owner:pay.declared_no_keeper', { amount: r.amountPaise, number: r.caseNumber, method: ctx.t(`owner:pay.method_${method}`) });
      await ctx.reply([said, await myHeadsLine(ctx, claimId)].filter((l) => l).join('\n\n'));
      return;
    }
    case 'already':
      await ctx.reply(r.mine ? ctx.t('owner:pay.already', { amount: r.amountPaise, number: r.caseNumber }) : ctx.t('owner:pay.already_other', { number: r.caseNumber }));
      return;
    case 'short':
      await ctx.reply(shortText(ctx, r.amountPaise, r.duesPaise, r.deposit));
      return;
    case 'over':
      await ctx.reply(overText(ctx, r.amountPaise, r.duesPaise, r.deposit));
      return;
    case 'refused': {
      const claim = await claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id));
      await replyNotNow(ctx, claim?.caseId ?? 0, r.error);
      return;
    }
    case 'dues_error':
      await ctx.reply(ctx.t('owner:dues.unavailable', { number: r.caseNumber, date: ctx.deps.clock.now().toISOString(), section: sectionText(ctx, r.error.section ?? 's. 12') }));
      return;
    case 'not_your_claim':
      await ctx.reply(ctx.t('common:error.stale_button'));
  }
}

/** UPI: ask for the optional transaction reference before recording. */
async function askUpiRef(ctx: BotContext, claimId: number, amount: number): Promise<void> {
  setFlow(ctx, FLOW_PAID, 'upiref', { claimId, method: 'UPI', amount });
  await ctx.reply(ctx.t('owner:pay.ask_upi_ref'), { reply_markup: new InlineKeyboard().text(ctx.t('owner:pay.no_ref_button'), cb(ctx, 'nr', claimId, amount)) });
}

onAction(claimFeature, 'ip', async (ctx, args) => {
  const claimId = idArg(args[0]);
  const method = methodOf(args[1]);
  const amount = idArg(args[2]);
  if (!claimId || !method || !amount || !ctx.from) return stale(ctx);
  if (!(await claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id)))) return stale(ctx);
  if (method === 'UPI') return askUpiRef(ctx, claimId, amount);
  await declare(ctx, claimId, method, amount, null);
});

onAction(claimFeature, 'nr', async (ctx, args) => {
  const claimId = idArg(args[0]);
  const amount = idArg(args[1]);
  if (!claimId || !amount || !ctx.from) return stale(ctx);
  if (!(await claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id)))) return stale(ctx);
  await declare(ctx, claimId, 'UPI', amount, null);
});

claimFeature.on('message:text', async (ctx, next) => {
  if (ctx.session.flow !== FLOW_PAID || isCommandText(ctx.msg.text) || !ctx.from) return next();
  const data = (ctx.session.data ?? {}) as { claimId?: number; method?: PaymentMethod; amount?: number };
  const claim = data.claimId ? await claimOfUser(ctx.deps.db, data.claimId, BigInt(ctx.from.id)) : null;
  if (!claim || (data.method !== 'CASH' && data.method !== 'UPI')) {
    clearFlow(ctx);
    return next();
  }
  const text = ctx.msg.text;
  if (ctx.session.step === 'upiref') {
    const ref = parseUpiRef(text);
    if (!ref) {
      await ctx.reply(ctx.t('owner:pay.upi_ref_invalid', { input: text.trim().slice(0, 40) }));
      return;
    }
    await declare(ctx, claim.id, 'UPI', Number(data.amount), ref);
    return;
  }
  const amount = parseRupees(text);
  if (amount === null) {
    // Stay in the step: "12OO" gets a clear answer and nothing is recorded.
    await ctx.reply(ctx.t('common:error.amount_invalid', { input: text.trim().slice(0, 40) }));
    return;
  }
  const dues = await duesForCase(ctx.deps.db, claim.caseId, ctx.deps.clock.now(), await duesOptionsOf(ctx, claim));
  if (dues.ok && amount < dues.value.breakdown.totals.totalPaise) {
    clearFlow(ctx);
    await ctx.reply(shortText(ctx, amount, dues.value.breakdown.totals.totalPaise, claim.kind === 'S15_PROTEST'));
    return;
  }
  if (dues.ok && amount > dues.value.breakdown.totals.totalPaise) {
    // Stay in the step: the owner may tap the button for the dues or type what was really paid.
    await ctx.reply(overText(ctx, amount, dues.value.breakdown.totals.totalPaise, claim.kind === 'S15_PROTEST'));
    return;
  }
  if (data.method === 'UPI') return askUpiRef(ctx, claim.id, amount);
  await declare(ctx, claim.id, 'CASH', amount, null);
});
