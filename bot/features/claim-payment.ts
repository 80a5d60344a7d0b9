import { InlineKeyboard, InputFile, type Composer } from 'grammy';
import { z } from 'zod';
import { claimOfUser } from '../../src/services/claims';
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
import { Refusal } from '../../src/services/refusal';
import { refusalText } from '../../src/i18n';
import { hasOfficialUpi, upiIntentUri, upiQrPng } from '../../src/services/upi';
import type { BotContext } from '../context';
import { defineFlow } from '../flows/flow';
import { ownerCb } from '../keyboards/owner';
import { onAction, type TapAnswer } from './on-action';
import { inPound } from '../views/owner/case-card';
import { renderDues } from '../views/owner/dues';
import { CAPTION_LIMIT, fitMessage, poundName, sectionText } from '../views/owner/text';
import { duesOptionsOf, myHeadsLine } from './claim-heads';
import { paiseOf } from '../../src/db';
import { toIstDate } from '../../src/law';

/** What was paid: the amount ('amount'), then for UPI the optional transaction reference ('upiref'). */
const paidFlow = defineFlow('owner_paid', {
  steps: ['amount', 'upiref'],
  data: z.object({
    claimId: z.number().int().positive(),
    method: z.enum(['CASH', 'UPI']),
    amount: z.number().int().optional(),
  }),
});

const methodArg = (m: PaymentMethod) => (m === 'CASH' ? 'c' : 'u');
const methodOf = (arg: string): PaymentMethod | null => (arg === 'c' ? 'CASH' : arg === 'u' ? 'UPI' : null);
export const stale = (ctx: BotContext): TapAnswer => ({ text: ctx.t('common:error.stale_button'), alert: true });

/**
 * Tells the owner why he cannot do this now (the one refusal table, in an owner's words); anything else is a bug.
 * `c`: the case, when the caller has it — or its id, read here only for a refusal — so that its animals still in the
 * pound are counted and one reads singular ("the animal is not yet recorded as brought in").
 */
export async function replyOwnerRefusal(
  ctx: BotContext,
  e: unknown,
  c?: { number: string; heads: ReadonlyArray<{ status: string }> } | { caseId: number },
): Promise<void> {
  if (!(e instanceof Refusal)) throw e;
  const known = c && 'caseId' in c ? await findCaseById(ctx.deps.db, c.caseId) : c;
  const of = known ? { number: known.number, count: inPound(known) } : {};
  await ctx.reply(refusalText(ctx.t, e, 'owner', of));
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
    const claim = await claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id));
    return replyOwnerRefusal(ctx, e, claim ? { caseId: claim.caseId } : undefined);
  }
  if (r.kind === 'declared') {
    // Not a receipt (only the keeper's confirmation gives one); a s. 15 deposit is called a deposit.
    const key = `owner:pay.declared${r.deposit ? '_deposit' : ''}${r.keepers > 0 ? '' : '_no_keeper'}`;
    const said = ctx.t(key, {
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

/** "I have paid ₹X": the button that declares today's sum `amount` for the claim. */
function paidButton(ctx: BotContext, claimId: number, method: PaymentMethod, amount: number): InlineKeyboard {
  return new InlineKeyboard().text(
    ctx.t('owner:pay.paid_button', { amount }),
    ownerCb.havePaid.encode(ctx, { claimId, method: methodArg(method), amountPaise: amount }),
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

/** The claim of the owner_paid flow, the sender's own; null when it is gone (then the flow is left). */
const paidClaim = (ctx: BotContext, claimId: number) =>
  ctx.from ? claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id)) : Promise.resolve(null);

/**
 * The payment's buttons and texts on `feature`, after the claim's own: cash or UPI (with the pound's QR), "I have paid",
 * the optional UPI reference and a typed amount, which must be the dues (ss. 13, 15 take exactly "the fines and
 * expenses").
 */
export function claimPaymentActions(feature: Composer<BotContext>): void {
  onAction(feature, ownerCb.payMethod, async (ctx, { claimId, method: m }) => {
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
    const kb = paidButton(ctx, claim.id, method, amount);
    paidFlow.enter(ctx, 'amount', { claimId: claim.id, method });
    // The sum is the dues of this India day (s. 5 feeding grows each day): the screen names the day.
    const day = toIstDate(ctx.deps.clock.now());
    if (method === 'CASH') {
      await ctx.reply(ctx.t('owner:pay.cash', { amount, day, pound: poundName(ctx, pound), address: pound.address }), {
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
      day,
      upiId: pound.upiId,
      payee: pound.upiPayeeName ?? poundName(ctx, pound),
      number: claim.case.number,
    });
    await ctx.replyWithPhoto(new InputFile(await upiQrPng(uri), 'upi.png'), {
      caption: fitMessage(caption, CAPTION_LIMIT),
      reply_markup: kb,
    });
  });

  onAction(feature, ownerCb.havePaid, async (ctx, { claimId, method: m, amountPaise }) => {
    const method = methodOf(m);
    if (claimId <= 0 || !method || amountPaise <= 0 || !ctx.from) return stale(ctx);
    const claim = await claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id));
    if (!claim) return stale(ctx);
    // A button from an earlier day carries that day's dues: today's sum and a fresh button instead of a refusal.
    const now = ctx.deps.clock.now();
    const dues = await duesForCase(ctx.deps.db, claim.caseId, now, await duesOptionsOf(ctx, claim));
    if (dues.ok && dues.value.breakdown.totals.totalPaise !== amountPaise) {
      const amount = dues.value.breakdown.totals.totalPaise;
      paidFlow.enter(ctx, 'amount', { claimId, method });
      await ctx.reply(
        ctx.t('owner:pay.stale_amount', {
          was: amountPaise,
          amount,
          day: toIstDate(now),
          section: sectionText(ctx, dues.value.breakdown.section),
        }),
        { reply_markup: paidButton(ctx, claimId, method, amount) },
      );
      return;
    }
    if (method === 'UPI') return askUpiRef(ctx, claimId, amountPaise);
    await declare(ctx, claimId, method, amountPaise, null);
  });

  onAction(feature, ownerCb.noUpiRef, async (ctx, { claimId, amountPaise }) => {
    if (claimId <= 0 || amountPaise <= 0 || !ctx.from) return stale(ctx);
    if (!(await claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id)))) return stale(ctx);
    await declare(ctx, claimId, 'UPI', amountPaise, null);
  });

  // A claim gone meanwhile (or not the sender's): the flow is left and the text is what it says (case.ts's fallback).
  // The 'amount' step then reads the claim again for its dues (a text in this flow is rare; two small reads).
  feature
    .on('message:text')
    .filter((ctx) => paidFlow.at(ctx))
    .use(async (ctx, next) => {
      const data = paidFlow.data(ctx);
      if (data && !(await paidClaim(ctx, data.claimId))) paidFlow.leave(ctx);
      return next();
    });

  paidFlow.texts(feature, {
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
      // Short or over: stay in the step — the owner may pay the rest and type the sum, tap the button for today's
      // dues, or type what was really paid.
      if (amount !== due) {
        await replyOwnerRefusal(
          ctx,
          amountRefused(amount, due, claim.kind === 'S15_PROTEST', dues.ok ? dues.value.breakdown.heads : undefined),
        );
        return;
      }
      if (data.method === 'UPI') return askUpiRef(ctx, claim.id, amount);
      await declare(ctx, claim.id, 'CASH', amount, null);
    },
  });
}
