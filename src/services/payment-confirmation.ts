import { checkTransition, type CaseAction, type StatutoryWindows, type TransitionAllowed } from '../law';
import type { Db } from '../db';
import { Prisma } from '../db';
import { queryRows, sqlTransaction } from '../db/direct';
import { claimDivisionPostings } from './claim-division';
import { caseStateOf, isDatabaseConflict, isUniqueViolation, loadCase, type CaseForLaw } from './case-transition';
import { refusalOf, Refusal } from './refusal';
import { deadlineReplan } from './deadlines';
import { messageItem, type Tx } from './outbox';
import { issueReceipt, receiptItemsFromSnapshot } from './receipts';
import { authorizeOnRowsInTx, type StaffActor } from './staff-actor';
import { s20LastDay } from './next-deadline';
import { paiseOf } from '../db';
import { confirmationFacts, queueAndAudit, recordConfirmation } from './confirmation-sql';
import { confirmationPlan, releasePart } from './part-claim';
import { keeperPrintouts, receiptMessage } from './payment-messages';

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

const LEDGER = {
  S13_PAYMENT: { account: 'OWNER_PAYMENT', section: 's. 13' },
  S15_DEPOSIT: { account: 'OWNER_DEPOSIT', section: 's. 15' },
} as const;

/** The dues the owner was shown when declaring (the statute engine's total in the snapshot), if recorded. */
export function duesTold(snapshot: unknown): number | null {
  const total = (snapshot as { totals?: { totalPaise?: unknown } } | null)?.totals?.totalPaise;
  return typeof total === 'number' && Number.isSafeInteger(total) && total > 0 ? total : null;
}

/**
 * The statute engine's leave for the keeper to act on the case now, read inside the transaction; a refusal
 * rolls it back as a Refusal (REFUSED with the engine's reason and section).
 */
export async function keeperMay(
  tx: Tx,
  caseId: number,
  action: CaseAction,
  now: Date,
): Promise<{ c: CaseForLaw; allowed: TransitionAllowed }> {
  const c = await loadCase(tx, caseId);
  const check = checkTransition(caseStateOf(c), action, 'pound_keeper', now);
  if (check.ok) return { c, allowed: check.value };
  throw refusalOf(check.error);
}

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
  const rows = await queryRows<PaymentInScope>(
    db,
    Prisma.sql`SELECT p."id" AS "paymentId", c."poundId", c."number" AS "caseNumber"
      FROM "Payment" p JOIN "Case" c ON c."id" = p."caseId" WHERE p."id" = ${paymentId}`,
  );
  return rows[0] ?? null;
}

/**
 * The payment whose card is message `messageId` in chat `chatId` (a keeper replies to the card), with its case's pound
 * and number, in one statement; null when that message is no payment card.
 */
export async function paymentOfCard(db: Db, chatId: number, messageId: number): Promise<PaymentInScope | null> {
  const rows = await queryRows<PaymentInScope>(
    db,
    Prisma.sql`SELECT p."id" AS "paymentId", c."poundId", c."number" AS "caseNumber"
      FROM "PaymentCard" pc JOIN "Payment" p ON p."id" = pc."paymentId" JOIN "Case" c ON c."id" = p."caseId"
      WHERE pc."chatId" = ${BigInt(chatId)} AND pc."messageId" = ${messageId}`,
  );
  return rows[0] ?? null;
}

/** What a keeper's confirmation says. */
type ConfirmInput = {
  paymentId: number;
  actor: StaffActor;
  now: Date;
  botUsername: string;
  amountPaise?: number | null;
  receiptBookNo?: string | null;
  /**
   * The chat the keeper confirmed in: his printouts (the receipt and the release slip, s. 13) are sent there by the
   * jobs, typeset when sent. None: no printouts (a confirmation made elsewhere than in a keeper's chat).
   */
  keeperChat?: bigint | number | null;
  /** The configured statutory periods (the s. 20 window told to a s. 15 depositor); the Act's when absent. */
  windows?: Partial<StatutoryWindows>;
};

/** The confirmed-payment slot: one per case and kind for the case's own payment, one per claim for a part payment. */
function confirmedSlotOf(p: { caseId: number; kind: string; claimId: number | null }, part: boolean): string {
  return part ? `${p.caseId}:${p.kind}:claim:${p.claimId}` : `${p.caseId}:${p.kind}`;
}

async function confirmOnce(db: Db, input: ConfirmInput): Promise<ConfirmOutcome> {
  const { paymentId, now } = input;
  // Known once the payment is read: the refusal and "already" paths below name the case.
  let caseNumber: string | null = null;
  try {
    // Raw SQL on one pooled connection on Postgres (no Prisma work per statement), a Prisma transaction on PGlite.
    const done = await sqlTransaction(db, async (tx) => {
      const p = await confirmationFacts(tx, paymentId, input.actor.telegramId);
      if (!p) throw new Refusal('PAYMENT_NOT_FOUND');
      // The keeper's grants as they stand now, read with the payment (not the bot's cached copy): a keeper revoked a
      // moment ago confirms nothing.
      const who = authorizeOnRowsInTx(p.grantRows, input.actor, 'payment.confirm', p.pound.id);
      caseNumber = p.c.number;
      if (p.status === 'CONFIRMED')
        return { status: 'already', paymentId, caseNumber: p.c.number, receiptNumber: p.receiptNumber } as const;
      if (p.status !== 'PENDING')
        throw new Refusal(p.status === 'REJECTED' ? 'PAYMENT_WAS_REJECTED' : 'PAYMENT_WAS_CANCELLED', null, {
          caseNumber: p.c.number,
        });
      const duePaise = duesTold(p.duesSnapshot) ?? p.amountPaise;
      if (input.amountPaise != null && input.amountPaise !== duePaise)
        throw new Refusal(input.amountPaise > duePaise ? 'CONFIRM_AMOUNT_MORE' : 'CONFIRM_AMOUNT_LESS', null, {
          caseNumber: p.c.number,
          due: duePaise,
          given: input.amountPaise,
          difference: Math.abs(input.amountPaise - duePaise),
        });
      // The keeper's word is the amount received: the dues told (equal to what the keeper typed, if anything).
      const confirmedPaise = duePaise;
      // One owner's heads of a multi-owner entry (a part payment) or the case's own payment: src/law decides (part-claim.ts).
      const plan = confirmationPlan(p.c, p.claimId === null ? [] : p.claimHeadIds, p, now);
      // The ledger: the money received and, for a s. 13 payment, its s. 17 division (the keeper retains the feeding
      // charges received, the fines are the Magistrate's). A s. 15 deposit is divided only when the Magistrate orders
      // it applied (deposit-outcome.ts).
      const ledger = LEDGER[p.kind];
      const division =
        p.kind === 'S13_PAYMENT' ? claimDivisionPostings(p.duesSnapshot, paymentId, confirmedPaise) : null;
      // The payment, the case and the ledger in one statement (confirmation-sql.ts); false: confirmed meanwhile.
      const recorded = await recordConfirmation(tx, {
        paymentId,
        caseId: p.caseId,
        part: plan.part,
        amountPaise: confirmedPaise,
        confirmedSlot: confirmedSlotOf(p, plan.part),
        staffId: who.grant.staffId,
        messageId: input.actor.messageId,
        receiptBookNo: input.receiptBookNo?.trim() || null,
        now,
        c: plan.c,
        caseChange: plan.caseChange,
        ledger: [
          {
            account: ledger.account,
            amountPaise: confirmedPaise,
            section: ledger.section,
            memo: `payment ${paymentId}`,
            idempotencyKey: `payment:${paymentId}:received`,
          },
          ...(division?.postings ?? []),
        ],
      });
      if (!recorded) return null;
      const kind = p.kind;
      const items = receiptItemsFromSnapshot(p.duesSnapshot, confirmedPaise, kind, now);
      // s. 15: the depositor is told the last day to complain (s. 20), the engine's date that gated the deposit.
      const lastDay = kind === 'S15_DEPOSIT' ? s20LastDay(p.c, input.windows ?? {}) : undefined;
      const receipt = await issueReceipt(tx, {
        caseId: p.caseId,
        pound: p.pound,
        kind,
        amountPaise: confirmedPaise,
        items,
        paymentId,
        issuedToTelegramId: p.payerTelegramId,
        now,
      });
      // A part payment delivers its heads now (ss. 13, 15); the case goes on for the rest.
      const released =
        plan.part && p.claimId !== null
          ? await releasePart(tx, {
              c: plan.c,
              claimId: p.claimId,
              kind,
              headIds: plan.headIds,
              staffId: who.grant.staffId,
              messageId: input.actor.messageId,
              ownerChat: p.payerTelegramId,
              receiptNumber: receipt.number,
              ...(lastDay ? { lastDay } : {}),
              now,
            })
          : null;
      // Every message, the deadline replan and the audit event in one statement. What the messages say is made when
      // each is sent, by the job that sends it: the owner's receipt (words, QR), the same receipt as a PDF, and the
      // keeper's printouts — the receipt and the release slip the owner signs when taking the cattle (s. 13) — typeset
      // from the rows above.
      const messages = [
        messageItem(
          receiptMessage({
            chatId: p.payerTelegramId,
            kind,
            receipt: {
              number: receipt.number,
              verificationCode: receipt.verificationCode,
              amountPaise: confirmedPaise,
              items,
            },
            caseNumber: p.c.number,
            now,
            botUsername: input.botUsername,
            ...(lastDay ? { lastDay } : {}),
            // A part payment covers its owner's heads only: the receipt names them, as his release message does.
            ...(plan.part ? { heads: plan.c.heads.filter((h) => plan.headIds.includes(h.id)) } : {}),
          }),
          `payment:${paymentId}:receipt`,
          now,
        ),
        messageItem(
          {
            chatId: String(p.payerTelegramId),
            key: 'documents:caption.receipt',
            params: { number: receipt.number },
            document: { kind: 'receipt', receiptId: receipt.id },
            priority: 'personal',
          },
          `payment:${paymentId}:receipt:pdf`,
          now,
        ),
        ...(released ? [released.message] : []),
        ...(input.keeperChat != null ? keeperPrintouts(paymentId, String(input.keeperChat), receipt, p.c, now) : []),
        deadlineReplan(p.caseId, now),
      ];
      const action = p.kind === 'S13_PAYMENT' ? 'payment.confirm' : 'deposit.confirm';
      await queueAndAudit(tx, messages, {
        actor: who.audit,
        action,
        caseId: p.caseId,
        details: {
          paymentId,
          amountPaise: confirmedPaise,
          declaredPaise: p.amountPaise,
          ...(p.kind === 'S13_PAYMENT' ? { division: division?.lines ?? 'snapshot_not_divisible' } : {}),
          receiptNumber: receipt.number,
          receiptBookNo: input.receiptBookNo ?? null,
          ...(plan.headIds.length
            ? { heads: plan.headIds, part: plan.part, releaseId: released?.release.id ?? null }
            : {}),
        },
      });
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
}

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
