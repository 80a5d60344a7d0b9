import { InlineKeyboard, InputFile } from 'grammy';
import { z } from 'zod';
import { checkOwnerMay, claimOfUser, cleanName, recordClaim, type ClaimKind } from '../../src/services/claims';
import { findCaseById } from '../../src/services/cases';
import { duesAndNextDayOf, duesForCase, windowsFromConfig } from '../../src/services/dues';
import { parseRupees } from '../../src/services/typed-input';
import { parseUpiRef } from '../../src/services/typed-answers';
import {
  amountRefused,
  declarePayment,
  pendingPayment,
  type DeclareResult,
  type PaymentMethod,
} from '../../src/services/payments';
import { isRefusal, Refusal } from '../../src/services/refusal';
import { refusalText } from '../../src/i18n';
import { hasOfficialUpi, upiIntentUri, upiQrPng } from '../../src/services/upi';
import type { BotContext } from '../context';
import { defineFlow } from '../flows/flow';
import { ownerCb } from '../keyboards/owner';
import { onAction, type TapAnswer } from './on-action';
import { renderDues } from '../views/owner/dues';
import { CAPTION_LIMIT, fitMessage, poundName, sectionText } from '../views/owner/text';
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

const claimKind = z.enum(['S13_CLAIM', 'S15_PROTEST']);
/** The names: the claimant's ('name'), and an agent's owner's ('owner_name', the agent's own name kept). */
const claimData = z.object({
  caseId: z.number().int().positive(),
  kind: claimKind,
  isAgent: z.boolean(),
  claimantName: z.string().optional(),
});
const claimFlow = defineFlow('owner_claim', { steps: ['name', 'owner_name'], data: claimData });
/** What was paid: the amount ('amount'), then for UPI the optional transaction reference ('upiref'). */
const paidFlow = defineFlow('owner_paid', {
  steps: ['amount', 'upiref'],
  data: z.object({
    claimId: z.number().int().positive(),
    method: z.enum(['CASH', 'UPI']),
    amount: z.number().int().optional(),
  }),
});

const kindArg = (kind: ClaimKind) => (kind === 'S13_CLAIM' ? 13 : 15);
const kindOf = (arg: number): ClaimKind | null => (arg === 13 ? 'S13_CLAIM' : arg === 15 ? 'S15_PROTEST' : null);
const methodArg = (m: PaymentMethod) => (m === 'CASH' ? 'c' : 'u');
const methodOf = (arg: string): PaymentMethod | null => (arg === 'c' ? 'CASH' : arg === 'u' ? 'UPI' : null);
const stale = (ctx: BotContext): TapAnswer => ({ text: ctx.t('common:error.stale_button'), alert: true });

/** Tells the owner why he cannot do this now (the one refusal table, in an owner's words); anything else is a bug. */
export async function replyOwnerRefusal(ctx: BotContext, e: unknown): Promise<void> {
  if (!(e instanceof Refusal)) throw e;
  await ctx.reply(refusalText(ctx.t, e, 'owner'));
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
  try {
    await checkOwnerMay(ctx.deps.db, c.id, kind, ctx.deps.clock.now(), windowsFromConfig(ctx.deps.config));
  } catch (e) {
    return replyOwnerRefusal(ctx, e);
  }
  const kb = new InlineKeyboard()
    .text(
      ctx.t('owner:claim.owner_button'),
      ownerCb.claimRole.encode(ctx, { caseId: c.id, kind: kindArg(kind), role: 'o' }),
    )
    .row()
    .text(
      ctx.t('owner:claim.agent_button'),
      ownerCb.claimRole.encode(ctx, { caseId: c.id, kind: kindArg(kind), role: 'a' }),
    );
  await ctx.reply(
    ctx.t(kind === 'S13_CLAIM' ? 'owner:claim.intro' : 'owner:claim.intro_protest', { number: c.number }),
    { reply_markup: kb },
  );
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
  // One statement, the dues valued now and a day later (it was three loads of the case and the rules).
  const { dues, nextDayPaise } = await duesAndNextDayOf(
    ctx.deps.db,
    claim.caseId,
    ctx.deps.clock.now(),
    await duesOptionsOf(ctx, claim),
  );
  if (!dues.ok) {
    await ctx.reply(
      ctx.t('owner:dues.unavailable', {
        number: claim.case.number,
        date: ctx.deps.clock.now().toISOString(),
        section: sectionText(ctx, dues.error.section ?? 's. 12'),
      }),
    );
    return;
  }
  const b = dues.value.breakdown;
  const kb = new InlineKeyboard().text(
    ctx.t('owner:pay.cash_button'),
    ownerCb.payMethod.encode(ctx, { claimId: claim.id, method: 'c' }),
  );
  if (hasOfficialUpi(dues.value.rules.poundRow))
    kb.text(ctx.t('owner:pay.upi_button'), ownerCb.payMethod.encode(ctx, { claimId: claim.id, method: 'u' }));
  // A part claim: the dues are those of the heads named, said above them.
  const text = [
    ...[await myHeadsLine(ctx, claim.id)].filter((l): l is string => l !== null),
    renderDues(ctx, claim.case.number, b, null, { nextDayPaise }),
    ctx.t('owner:pay.choose', {
      what: ctx.t(deposit ? 'owner:pay.what_deposit' : 'owner:pay.what_payment'),
      number: claim.case.number,
      amount: b.totals.totalPaise,
      section: sectionText(ctx, b.section),
    }),
  ].join('\n\n');
  await ctx.reply(fitMessage(text), { reply_markup: kb });
}

/** After the names and the heads: s. 15 in a state with s. 12A security asks security-or-declaration first. */
async function afterClaimRecorded(ctx: BotContext, claimId: number, caseId: number, kind: ClaimKind): Promise<void> {
  if (kind === 'S15_PROTEST') {
    const dues = await duesForCase(ctx.deps.db, caseId, ctx.deps.clock.now(), { mode: 'deposit' });
    if (dues.ok && dues.value.breakdown.totals.securityPaise > 0) {
      const kb = new InlineKeyboard()
        .text(ctx.t('owner:protest.security_button'), ownerCb.declaration.encode(ctx, { claimId, declaration: 0 }))
        .row()
        .text(ctx.t('owner:protest.declaration_button'), ownerCb.declaration.encode(ctx, { claimId, declaration: 1 }));
      await ctx.reply(ctx.t('owner:protest.security_choice', { amount: dues.value.breakdown.totals.securityPaise }), {
        reply_markup: kb,
      });
      return;
    }
  }
  await showPaymentChoice(ctx, claimId);
}

onAction(claimFeature, ownerCb.claim, async (ctx, { caseId }) => {
  if (caseId <= 0 || !(await findCaseById(ctx.deps.db, caseId))) return stale(ctx);
  await startClaim(ctx, caseId, 'S13_CLAIM');
});

onAction(claimFeature, ownerCb.claimRole, async (ctx, { caseId, kind: k, role }) => {
  const kind = kindOf(k);
  if (caseId <= 0 || !kind || (role !== 'o' && role !== 'a')) return stale(ctx);
  try {
    await checkOwnerMay(ctx.deps.db, caseId, kind, ctx.deps.clock.now(), windowsFromConfig(ctx.deps.config));
  } catch (e) {
    if (isRefusal(e, 'CASE_NOT_FOUND')) return stale(ctx);
    return replyOwnerRefusal(ctx, e);
  }
  claimFlow.enter(ctx, 'name', { caseId, kind, isAgent: role === 'a' });
  await ctx.reply(ctx.t('owner:claim.ask_name'));
});

/** The names are given: the claim is recorded, then the heads (claim-heads.ts), the s. 12A choice or the payment. */
async function recordNames(
  ctx: BotContext,
  data: z.infer<typeof claimData>,
  claimantName: string,
  ownerName: string,
): Promise<void> {
  claimFlow.leave(ctx);
  if (!ctx.from) return;
  const claim = await recordClaim(ctx.deps.db, {
    caseId: data.caseId,
    kind: data.kind,
    telegramUserId: BigInt(ctx.from.id),
    claimantName,
    isAgent: data.isAgent,
    ownerName,
    intendsComplaint: data.kind === 'S15_PROTEST',
  });
  // More than one head in the pound: "Which of these are yours?" first (claim-heads.ts), then on.
  if (!(await askHeads(ctx, claim.id))) await afterClaimRecorded(ctx, claim.id, data.caseId, data.kind);
}

claimFlow.texts(claimFeature, {
  name: async (ctx, data, text) => {
    const name = cleanName(text);
    if (!name) return ctx.reply(ctx.t('owner:claim.name_invalid'));
    if (!data.isAgent) return recordNames(ctx, data, name, name);
    claimFlow.enter(ctx, 'owner_name', { ...data, claimantName: name });
    await ctx.reply(ctx.t('owner:claim.ask_owner_name'));
  },
  owner_name: async (ctx, data, text) => {
    const name = cleanName(text);
    if (!name) return ctx.reply(ctx.t('owner:claim.name_invalid'));
    await recordNames(ctx, data, data.claimantName ?? name, name);
  },
});
claimHeadsActions(claimFeature, afterClaimRecorded);

onAction(claimFeature, ownerCb.payMethod, async (ctx, { claimId, method: m }) => {
  const method = methodOf(m);
  if (claimId <= 0 || !method || !ctx.from) return stale(ctx);
  const claim = await claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id));
  if (!claim) return stale(ctx);
  const deposit = claim.kind === 'S15_PROTEST';
  const pending = await pendingPayment(ctx.deps.db, claim.caseId, deposit ? 'S15_DEPOSIT' : 'S13_PAYMENT');
  if (pending) {
    await ctx.reply(
      pending.payerTelegramId === BigInt(ctx.from.id)
        ? ctx.t('owner:pay.already', { amount: paiseOf(pending.amountPaise), number: claim.case.number })
        : ctx.t('owner:pay.already_other', { number: claim.case.number }),
    );
    return;
  }
  const dues = await duesForCase(ctx.deps.db, claim.caseId, ctx.deps.clock.now(), await duesOptionsOf(ctx, claim));
  if (!dues.ok) return stale(ctx);
  const amount = dues.value.breakdown.totals.totalPaise;
  const pound = dues.value.rules.poundRow;
  const kb = new InlineKeyboard().text(
    ctx.t('owner:pay.paid_button', { amount }),
    ownerCb.havePaid.encode(ctx, { claimId: claim.id, method: methodArg(method), amountPaise: amount }),
  );
  paidFlow.enter(ctx, 'amount', { claimId: claim.id, method });
  if (method === 'CASH') {
    await ctx.reply(ctx.t('owner:pay.cash', { amount, pound: poundName(ctx, pound), address: pound.address }), {
      reply_markup: kb,
    });
    return;
  }
  const uri = upiIntentUri(pound, amount, claim.case.number);
  if (!uri) {
    paidFlow.leave(ctx);
    await ctx.reply(ctx.t('owner:pay.no_upi'));
    return;
  }
  const caption = ctx.t('owner:pay.upi', {
    amount,
    upiId: pound.upiId,
    payee: pound.upiPayeeName ?? poundName(ctx, pound),
    number: claim.case.number,
  });
  await ctx.replyWithPhoto(new InputFile(await upiQrPng(uri), 'upi.png'), {
    caption: fitMessage(caption, CAPTION_LIMIT),
    reply_markup: kb,
  });
});

/** Records the declaration and answers with what happened. */
async function declare(
  ctx: BotContext,
  claimId: number,
  method: PaymentMethod,
  amountPaise: number,
  upiRef: string | null,
): Promise<void> {
  if (!ctx.from) return;
  paidFlow.leave(ctx);
  let r: DeclareResult;
  try {
    r = await declarePayment(ctx.deps, windowsFromConfig(ctx.deps.config), {
      claimId,
      telegramUserId: BigInt(ctx.from.id),
      method,
      amountPaise,
      upiRef,
      now: ctx.deps.clock.now(),
      chatId: ctx.chat?.id ?? null,
      messageId: ctx.callbackQuery?.message?.message_id ?? ctx.message?.message_id ?? null,
    });
  } catch (e) {
    return replyOwnerRefusal(ctx, e);
  }
  if (r.kind === 'declared') {
    const said = ctx.t(r.keepers > 0 ? 'owner:pay.declared' : 'owner:pay.declared_no_keeper', {
      amount: r.amountPaise,
      number: r.caseNumber,
      method: ctx.t(`owner:pay.method_${method}`),
    });
    await ctx.reply([said, await myHeadsLine(ctx, claimId)].filter((l) => l).join('\n\n'));
    return;
  }
  await ctx.reply(
    r.mine
      ? ctx.t('owner:pay.already', { amount: r.amountPaise, number: r.caseNumber })
      : ctx.t('owner:pay.already_other', { number: r.caseNumber }),
  );
}

/** UPI: ask for the optional transaction reference before recording. */
async function askUpiRef(ctx: BotContext, claimId: number, amount: number): Promise<void> {
  paidFlow.enter(ctx, 'upiref', { claimId, method: 'UPI', amount });
  await ctx.reply(ctx.t('owner:pay.ask_upi_ref'), {
    reply_markup: new InlineKeyboard().text(
      ctx.t('owner:pay.no_ref_button'),
      ownerCb.noUpiRef.encode(ctx, { claimId, amountPaise: amount }),
    ),
  });
}

onAction(claimFeature, ownerCb.havePaid, async (ctx, { claimId, method: m, amountPaise }) => {
  const method = methodOf(m);
  if (claimId <= 0 || !method || amountPaise <= 0 || !ctx.from) return stale(ctx);
  if (!(await claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id)))) return stale(ctx);
  if (method === 'UPI') return askUpiRef(ctx, claimId, amountPaise);
  await declare(ctx, claimId, method, amountPaise, null);
});

onAction(claimFeature, ownerCb.noUpiRef, async (ctx, { claimId, amountPaise }) => {
  if (claimId <= 0 || amountPaise <= 0 || !ctx.from) return stale(ctx);
  if (!(await claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id)))) return stale(ctx);
  await declare(ctx, claimId, 'UPI', amountPaise, null);
});

/** The claim of the owner_paid flow, the sender's own; null when it is gone (then the flow is left). */
const paidClaim = (ctx: BotContext, claimId: number) =>
  ctx.from ? claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id)) : Promise.resolve(null);

// A claim gone meanwhile (or not the sender's): the flow is left and the text is what it says (case.ts's fallback).
// The 'amount' step then reads the claim again for its dues (a text in this flow is rare; two small reads).
claimFeature
  .on('message:text')
  .filter((ctx) => paidFlow.at(ctx))
  .use(async (ctx, next) => {
    const data = paidFlow.data(ctx);
    if (data && !(await paidClaim(ctx, data.claimId))) paidFlow.leave(ctx);
    return next();
  });

paidFlow.texts(claimFeature, {
  upiref: async (ctx, data, text) => {
    const ref = parseUpiRef(text);
    if (!ref) return ctx.reply(ctx.t('owner:pay.upi_ref_invalid', { input: text.slice(0, 40) }));
    await declare(ctx, data.claimId, 'UPI', Number(data.amount), ref);
  },
  amount: async (ctx, data, text) => {
    const claim = await paidClaim(ctx, data.claimId);
    if (!claim) return;
    const amount = parseRupees(text);
    if (amount === null) {
      // Stay in the step: "12OO" gets a clear answer and nothing is recorded.
      return ctx.reply(ctx.t('common:error.amount_invalid', { input: text.slice(0, 40) }));
    }
    const dues = await duesForCase(ctx.deps.db, claim.caseId, ctx.deps.clock.now(), await duesOptionsOf(ctx, claim));
    const due = dues.ok ? dues.value.breakdown.totals.totalPaise : amount;
    // Short: the flow is left. Over: stay in the step — the owner may tap the button for the dues or type what was
    // really paid.
    if (amount < due) paidFlow.leave(ctx);
    if (amount !== due) return replyOwnerRefusal(ctx, amountRefused(amount, due, claim.kind === 'S15_PROTEST'));
    if (data.method === 'UPI') return askUpiRef(ctx, claim.id, amount);
    await declare(ctx, claim.id, 'CASH', amount, null);
  },
});
