import { paiseOf, Prisma, type Db } from '../../db';
import { isDatabaseConflict, isUniqueViolation } from '../case-transition';
import { Refusal } from '../refusal';
import type { Tx } from '../outbox';
import { authorizeOnRowsInTx } from '../staff';
import { confirmationFacts } from './confirm-facts';
import { confirmationPlan } from '../part-claim';
import {
  alreadyOrRefused,
  amountReceived,
  type ConfirmInput,
  confirmedSlotOf,
  receiptAndRelease,
  recordPaymentCaseAndLedger,
  tellAndAudit,
} from './confirm-steps';

/** What the keeper's confirmation led to. */
export type ConfirmOutcome =
  | {
      status: 'confirmed';
      paymentId: number;
      caseId: number;
      caseNumber: string;
      amountPaise: number;
      receiptNumber: string;
      verificationCode: string;
      /** A part payment: its heads were delivered now, and how many stay in the pound. */
      part?: { released: number; left: number };
    }
  | { status: 'already'; paymentId: number; caseNumber: string; receiptNumber: string | null };
// Refused (a Refusal): PAYMENT_NOT_FOUND (the card is out of date), PAYMENT_WAS_REJECTED / PAYMENT_WAS_CANCELLED,
// CONFIRM_AMOUNT_MORE / CONFIRM_AMOUNT_LESS (the keeper typed another amount than the dues the owner was told).

export async function loadPayment(db: Db | Tx, paymentId: number) {
  const p = await db.payment.findUnique({
    where: { id: paymentId },
    include: { case: { include: { pound: true } }, receipt: true },
  });
  return p && { ...p, amountPaise: paiseOf(p.amountPaise) };
}

/**
 * A keeper confirms a payment (s. 13) or deposit under protest (s. 15). Exactly one confirmation is ever
 * recorded: the PENDING → CONFIRMED update is conditional (a concurrent second confirmation finds the row
 * no longer PENDING once the first commits), and Payment.confirmedSlot "<caseId>:<kind>" is unique, so a
 * second payment of the same kind for the case cannot be confirmed either. The keeper's amount, when given,
 * must equal the dues the owner was told when declaring (the snapshot's total; Payment.amountPaise if none).
 * What is recorded is that confirmed amount, never what the owner declared: the keeper attests the money
 * received, and s. 13 / s. 15 take exactly "the fines and expenses" (an owner who declared ₹1,00,000.55 on
 * ₹800 of dues gets a receipt for ₹800.00). Payment.amountPaise becomes the confirmed amount in the same
 * update (the declaration stays in the S13_PAYMENT_DECLARED / S15_DEPOSIT_DECLARED audit event, and a
 * trigger keeps a confirmed amount from changing again). In the same transaction: the ledger entry
 * (idempotent key), the receipt, the owner's receipt message, a deadline replan and the audit event.
 */
export async function confirmPayment(db: Db, input: ConfirmInput): Promise<ConfirmOutcome> {
  try {
    return await confirmOnce(db, input);
  } catch (e) {
    // Another keeper settled another owner's claim on the same case between our read and our write (the case's
    // version moved): nothing was kept; a part payment is judged again on the new state (it may now be "already",
    // the whole of what is left, or a refusal).
    // Only a part payment: another owner's settlement is the expected neighbour there. The case's own payment keeps
    // the CONFLICT (the keeper is told the case changed and looks again: test/integration/concurrency/version-guard).
    if (!(e instanceof Refusal && e.code === 'CONFLICT')) throw e;
    const declared = await db.payment.findUnique({ where: { id: input.paymentId }, select: { part: true } });
    if (!declared?.part) throw e;
    return confirmOnce(db, input);
  }
}

/** A payment as a keeper's answer finds it: which pound's keepers may act on it, and the case it is for. */
export interface PaymentInScope {
  paymentId: number;
  poundId: number;
  caseNumber: string;
}

/** The payment `paymentId` (a button's) with its case's pound and number, in one statement; null if there is none. */
export async function paymentInScope(db: Db, paymentId: number): Promise<PaymentInScope | null> {
  const rows = await db.$queryRaw<
    PaymentInScope[]
  >(Prisma.sql`SELECT p."id" AS "paymentId", c."poundId", c."number" AS "caseNumber"
      FROM "Payment" p JOIN "Case" c ON c."id" = p."caseId" WHERE p."id" = ${paymentId}`);
  return rows[0] ?? null;
}

/**
 * The payment whose card is message `messageId` in chat `chatId` (a keeper replies to the card), with its case's pound
 * and number, in one statement; null when that message is no payment card.
 */
export async function paymentOfCard(db: Db, chatId: number, messageId: number): Promise<PaymentInScope | null> {
  const rows = await db.$queryRaw<
    PaymentInScope[]
  >(Prisma.sql`SELECT p."id" AS "paymentId", c."poundId", c."number" AS "caseNumber"
      FROM "PaymentCard" pc JOIN "Payment" p ON p."id" = pc."paymentId" JOIN "Case" c ON c."id" = p."caseId"
      WHERE pc."chatId" = ${BigInt(chatId)} AND pc."messageId" = ${messageId}`);
  return rows[0] ?? null;
}

/**
 * One try at a keeper's confirmation, in one short transaction (docs/MONEY.md, "The keeper's confirmation"): read
 * the payment with everything the law and the keeper's right need, check, then write in as few statements as the
 * budget allows. The steps are in ./confirm-steps.ts.
 */
async function confirmOnce(db: Db, input: ConfirmInput): Promise<ConfirmOutcome> {
  const { paymentId, now } = input;
  // Known once the payment is read: the refusal and "already" paths below name the case.
  let caseNumber: string | null = null;
  try {
    // Unique violations are not turned into CONFLICT here (as caseTransaction does): settledMeanwhile reads them as
    // "another confirmation took the slot first".
    const done = await db.$transaction(async (tx) => {
      const p = await confirmationFacts(tx, paymentId, input.actor.telegramId);
      if (!p) throw new Refusal('PAYMENT_NOT_FOUND');
      // The keeper's grants as they stand now, read with the payment (not the bot's cached copy): a keeper revoked a
      // moment ago confirms nothing.
      const who = authorizeOnRowsInTx(p.grantRows, input.actor, 'payment.confirm', p.pound.id);
      caseNumber = p.c.number;
      const settled = alreadyOrRefused(p, paymentId);
      if (settled) return settled;
      const confirmedPaise = amountReceived(p, input.amountPaise);
      // One owner's heads of a multi-owner entry (a part payment) or the case's own payment: src/law decides (part-claim.ts).
      const plan = confirmationPlan(p.c, p.claimId === null ? [] : p.claimHeadIds, p, now);
      const step = { tx, p, input, who, plan, confirmedPaise };
      const recorded = await recordPaymentCaseAndLedger(step);
      if (!recorded) return null;
      const issued = await receiptAndRelease(step);
      await tellAndAudit(step, recorded, issued);
      const { receipt, released } = issued;
      const left = plan.c.heads.filter((h) => h.status === 'IMPOUNDED' && !plan.headIds.includes(h.id)).length;
      return {
        status: 'confirmed',
        paymentId,
        caseId: p.caseId,
        caseNumber: p.c.number,
        amountPaise: confirmedPaise,
        receiptNumber: receipt.number,
        verificationCode: receipt.verificationCode,
        ...(released ? { part: { released: released.release.headCount, left } } : {}),
      } as const;
    });
    if (!done) return already(db, paymentId, caseNumber ?? '');
    return done;
  } catch (e) {
    if (caseNumber === null) throw e;
    return settledMeanwhile(db, e, paymentId, caseNumber);
  }
}

/**
 * A confirmation that failed after the payment was read (`e`): when another keeper's confirmation got there first, the
 * keeper is told it is done ("already", with its receipt) rather than shown an error; a case changed meanwhile under
 * the version guard is CONFLICT (a part payment is judged once more: confirmPayment); anything else is thrown.
 */
async function settledMeanwhile(db: Db, e: unknown, paymentId: number, caseNumber: string): Promise<ConfirmOutcome> {
  // Confirmed by someone else between our read and our write: the law says so; it is "already".
  if (e instanceof Refusal && (e.reason === 'PAYMENT_ALREADY_CONFIRMED' || e.reason === 'DEPOSIT_ALREADY_CONFIRMED'))
    return already(db, paymentId, caseNumber);
  // A part payment confirmed by another keeper meanwhile: its heads have left the pound (HEAD_NOT_IN_CUSTODY) or
  // the case moved on; the payment itself says it is done.
  if (
    e instanceof Refusal &&
    (await db.payment.findUnique({ where: { id: paymentId }, select: { status: true } }))?.status === 'CONFIRMED'
  )
    return already(db, paymentId, caseNumber);
  // Another payment of the same kind for this case was confirmed first (confirmedSlot is unique).
  if (isUniqueViolation(e)) return already(db, paymentId, caseNumber);
  if (isDatabaseConflict(e)) throw new Refusal('CONFLICT');
  throw e;
}

/** The answer for a payment confirmed already: its receipt, or the receipt of the payment that took its slot. */
async function already(db: Db, paymentId: number, caseNumber: string): Promise<ConfirmOutcome> {
  const p = await loadPayment(db, paymentId);
  const slotHolder =
    p && p.status !== 'CONFIRMED'
      ? await db.payment.findUnique({
          where: { confirmedSlot: confirmedSlotOf(p, p.part) },
          include: { receipt: true },
        })
      : null;
  return { status: 'already', paymentId, caseNumber, receiptNumber: (slotHolder ?? p)?.receipt?.number ?? null };
}
