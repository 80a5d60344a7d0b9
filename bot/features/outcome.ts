import { Composer } from 'grammy';
import { termFor } from '../../src/law';
import { Refusal } from '../../src/services/refusal';
import { splitCaseNumber } from '../../src/services/cases';
import {
  partDepositOfReceipt,
  partDepositsAwaitingOutcome,
  recordDepositOutcome,
  recordPartDepositOutcome,
  type DepositOutcome,
} from '../../src/services/deposit-outcome';
import type { BotContext } from '../context';
import { actFor, caseById, caseFromArg, commandArg, fitMessage, replyRefusal } from './officer-common';

/**
 * `/outcome <case> refund|apply <order reference>` — the District Magistrate's outcome of a deposit under protest
 * (s. 15; the complaint is decided under ss. 20–22): refunded to the depositor, or applied to the fines and charges.
 * An owner of a multi-owner entry may have deposited for his own heads only: such a part deposit is
 * named by its receipt, `/outcome <receipt number> refund|apply <reference>`; asked by case number, the office is
 * shown the part deposits still awaiting an outcome, each with its receipt.
 */
export const outcomeFeature = new Composer<BotContext>();

/** A receipt number as the receipts print it (src/services/receipts.ts `receiptNumber`): JAI1-R-2026-000017. */
const RECEIPT_ARG = /^[A-Z0-9]+-R-\d{4}-\d{1,9}$/i;

outcomeFeature.command('outcome', async (ctx) => {
  const arg = commandArg(ctx).trim();
  // A case number may be typed in several words ("jai1 २०२६ १७"); a receipt number is one.
  const split = splitCaseNumber(arg);
  const [target, word, ...refWords] = split ? [split.number.number, ...split.rest.split(/\s+/)] : arg.split(/\s+/);
  const outcome: DepositOutcome | null =
    word?.toLowerCase() === 'refund' ? 'refund' : word?.toLowerCase() === 'apply' ? 'apply' : null;
  const reference = refWords.join(' ');
  if (!target || !outcome || !reference) {
    await ctx.reply(ctx.t('officer:usage.outcome'));
    return;
  }
  if (RECEIPT_ARG.test(target)) return partOutcome(ctx, target.toUpperCase(), outcome, reference);
  const c = await caseFromArg(ctx, target, 'officer:usage.outcome');
  if (!c) return;
  const act = await actFor(ctx, 'magistrate', c);
  if (!act) return;
  const now = ctx.deps.clock.now();
  try {
    const r = await recordDepositOutcome(ctx.deps.db, act, { caseId: c.id, outcome, orderReference: reference }, now);
    await ctx.reply(
      outcome === 'refund'
        ? ctx.t('officer:outcome.refunded', { number: r.caseNumber, amount: r.amountPaise, reference })
        : appliedText(ctx, 'officer:outcome.applied', r, reference, now),
    );
  } catch (e) {
    // No deposit for the whole entry (refused: nothing to decide, or not in the s. 15 state): the owners' own part
    // deposits, if any, are named by their receipts.
    const whole = c.payments.some((p) => p.kind === 'S15_DEPOSIT' && p.status === 'CONFIRMED' && !p.part);
    const parts = e instanceof Refusal && !whole ? await partDepositsAwaitingOutcome(ctx.deps.db, c.id) : [];
    if (parts.length === 0) return replyRefusal(ctx, e, c);
    const lines = parts.map((p) =>
      ctx.t('officer:outcome.part_line', { receipt: p.receiptNumber, amount: p.amountPaise, depositor: p.depositor }),
    );
    await ctx.reply(
      fitMessage(
        ctx.t('officer:outcome.part_deposits', {
          number: c.number,
          count: parts.length,
          lines: lines.join('\n'),
          example: parts[0]!.receiptNumber,
        }),
      ),
    );
  }
});

/** The outcome of one owner's part deposit, named by its receipt (the case goes on for the other heads). */
async function partOutcome(
  ctx: BotContext,
  receipt: string,
  outcome: DepositOutcome,
  reference: string,
): Promise<void> {
  const found = await partDepositOfReceipt(ctx.deps.db, receipt);
  if (!found) {
    await ctx.reply(ctx.t('officer:outcome.no_part_deposit', { receipt }));
    return;
  }
  const c = await caseById(ctx, found.caseId);
  if (!c) return;
  const act = await actFor(ctx, 'magistrate', c);
  if (!act) return;
  const now = ctx.deps.clock.now();
  try {
    const r = await recordPartDepositOutcome(
      ctx.deps.db,
      act,
      { paymentId: found.paymentId, outcome, orderReference: reference },
      now,
    );
    await ctx.reply(
      outcome === 'refund'
        ? ctx.t('officer:outcome.part_refunded', { receipt, number: r.caseNumber, amount: r.amountPaise, reference })
        : appliedText(ctx, 'officer:outcome.part_applied', { ...r, receipt }, reference, now),
    );
  } catch (e) {
    await replyRefusal(ctx, e, c);
  }
}

/** "Applied": the s. 17 division's lines, in s. 17's own words ("fines": Act 8 of 2026 amends s. 16 only). */
function appliedText(
  ctx: BotContext,
  key: string,
  r: {
    caseNumber: string;
    amountPaise: number;
    entries: Array<{ account: string; amountPaise: number }>;
    receipt?: string;
  },
  reference: string,
  now: Date,
): string {
  const term = termFor(now, 's. 17');
  const lines = r.entries.map((e) =>
    ctx.t('officer:split.line', {
      account: e.account,
      term: term.ok ? term.value.term : 'fine',
      amount: e.amountPaise,
    }),
  );
  return ctx.t(key, {
    number: r.caseNumber,
    receipt: r.receipt,
    amount: r.amountPaise,
    reference,
    lines: lines.join('\n'),
  });
}
