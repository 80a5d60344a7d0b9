import { checkTransition, type CaseAction, type StatutoryWindows, type TransitionAllowed } from '../law';
import type { Db } from '../db';
import { Prisma } from '../db';
import { audit } from './audit';
import { recordClaimDivision } from './claim-division';
import { caseStateOf, isDatabaseConflict, loadCase, transition, type CaseForLaw } from './case-transition';
import { refusalOf, Refusal } from './refusal';
import { planDeadlines } from './deadlines';
import { queueMessage, type Tx } from './outbox';
import { issueReceipt, itemTotals, receiptItemsFromSnapshot, verificationLink, type ReceiptItem } from './receipts';
import { authorize, authorizeInTx, type StaffActor } from './staff-actor';
import { paiseOf } from '../db';
import { postLedger } from './ledger';
import { s20LastDay } from './next-deadline';
import { confirmationPlan, releasePart } from './part-claim';
import type { HeadWords } from './head-label';

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
  | { status: 'already'; paymentId: number; caseNumber: string; receiptNumber: string | null }
  | { status: 'not_pending'; paymentId: number; caseNumber: string; current: 'REJECTED' | 'CANCELLED' }
  | {
      status: 'amount_mismatch';
      paymentId: number;
      caseNumber: string;
      duePaise: number;
      givenPaise: number;
      differencePaise: number;
    }
  | { status: 'not_found'; paymentId: number };

/** What the keeper's rejection led to. */
export type RejectOutcome =
  | { status: 'rejected'; paymentId: number; caseNumber: string; reason: string }
  | { status: 'already'; paymentId: number; caseNumber: string; current: 'CONFIRMED' | 'REJECTED' | 'CANCELLED' }
  | { status: 'not_found'; paymentId: number };

const REJECT_ACTION = {
  S13_PAYMENT: 'PAYMENT_NOT_RECEIVED',
  S15_DEPOSIT: 'DEPOSIT_NOT_RECEIVED',
} as const satisfies Record<string, CaseAction>;
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
async function keeperMay(
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

async function loadPayment(db: Db | Tx, paymentId: number) {
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

/** What a keeper's confirmation says. */
type ConfirmInput = {
  paymentId: number;
  actor: StaffActor;
  now: Date;
  botUsername: string;
  amountPaise?: number | null;
  receiptBookNo?: string | null;
  /** The configured statutory periods (the s. 20 window told to a s. 15 depositor); the Act's when absent. */
  windows?: Partial<StatutoryWindows>;
};

/** The confirmed-payment slot: one per case and kind for the case's own payment, one per claim for a part payment. */
function confirmedSlotOf(p: { caseId: number; kind: string; claimId: number | null }, part: boolean): string {
  return part ? `${p.caseId}:${p.kind}:claim:${p.claimId}` : `${p.caseId}:${p.kind}`;
}

async function confirmOnce(db: Db, input: ConfirmInput): Promise<ConfirmOutcome> {
  const { paymentId, now } = input;
  const p = await loadPayment(db, paymentId);
  if (!p) return { status: 'not_found', paymentId };
  // An early answer on the bot's grants; the confirmation itself is decided on the grants inside its transaction.
  authorize(input.actor, 'payment.confirm', p.case.poundId);
  const caseNumber = p.case.number;
  if (p.status === 'CONFIRMED')
    return { status: 'already', paymentId, caseNumber, receiptNumber: p.receipt?.number ?? null };
  if (p.status !== 'PENDING') return { status: 'not_pending', paymentId, caseNumber, current: p.status };
  const duePaise = duesTold(p.duesSnapshot) ?? p.amountPaise;
  if (input.amountPaise != null && input.amountPaise !== duePaise) {
    return {
      status: 'amount_mismatch',
      paymentId,
      caseNumber,
      duePaise,
      givenPaise: input.amountPaise,
      differencePaise: input.amountPaise - duePaise,
    };
  }
  // The keeper's word is the amount received: the dues told (equal to what the keeper typed, if anything).
  const confirmedPaise = duePaise;
  try {
    const done = await db.$transaction(async (tx) => {
      // The keeper's grants as they stand now: a keeper revoked a moment ago confirms nothing.
      const who = await authorizeInTx(tx, input.actor, 'payment.confirm', p.case.poundId);
      // One owner's heads of a multi-owner entry (a part payment) or the case's own payment: src/law decides (part-claim.ts).
      const plan = await confirmationPlan(tx, p, now);
      const claimed = await tx.payment.updateMany({
        where: { id: paymentId, status: 'PENDING' },
        data: {
          status: 'CONFIRMED',
          part: plan.part,
          amountPaise: confirmedPaise,
          confirmedSlot: confirmedSlotOf(p, plan.part),
          confirmedAt: now,
          confirmedByStaffId: who.grant.staffId,
          confirmedViaMessageId: input.actor.messageId,
          receiptBookNo: input.receiptBookNo?.trim() || null,
        },
      });
      if (claimed.count !== 1) return null;
      await plan.write();
      const ledger = LEDGER[p.kind];
      await postLedger(tx, p.caseId, now, [
        {
          account: ledger.account,
          amountPaise: confirmedPaise,
          section: ledger.section,
          memo: `payment ${paymentId}`,
          idempotencyKey: `payment:${paymentId}:received`,
        },
      ]);
      // s. 17: the keeper retains the feeding charges received under s. 13; the fines are the Magistrate's.
      // (A s. 15 deposit is divided only when the Magistrate orders it applied: deposit-outcome.ts.)
      const division =
        p.kind === 'S13_PAYMENT'
          ? await recordClaimDivision(tx, {
              caseId: p.caseId,
              paymentId,
              snapshot: p.duesSnapshot,
              receivedPaise: confirmedPaise,
              now,
            })
          : null;
      const kind = p.kind === 'S13_PAYMENT' ? 'S13_PAYMENT' : 'S15_DEPOSIT';
      const items = receiptItemsFromSnapshot(p.duesSnapshot, confirmedPaise, kind, now);
      // s. 15: the depositor is told the last day to complain (s. 20), the engine's date that gated the deposit.
      const lastDay = kind === 'S15_DEPOSIT' ? s20LastDay(p.case, input.windows ?? {}) : undefined;
      const receipt = await issueReceipt(tx, {
        caseId: p.caseId,
        pound: p.case.pound,
        kind,
        amountPaise: confirmedPaise,
        items,
        paymentId,
        issuedToTelegramId: p.payerTelegramId,
        now,
      });
      await queueReceiptMessage(tx, {
        chatId: p.payerTelegramId,
        kind,
        receipt: {
          number: receipt.number,
          verificationCode: receipt.verificationCode,
          amountPaise: paiseOf(receipt.amountPaise),
          items,
        },
        caseNumber,
        now,
        botUsername: input.botUsername,
        jobKey: `payment:${paymentId}:receipt`,
        ...(lastDay ? { lastDay } : {}),
        // A part payment covers its owner's heads only: the receipt names them, as his release message does.
        ...(plan.part ? { heads: plan.c.heads.filter((h) => plan.headIds.includes(h.id)) } : {}),
      });
      // The same receipt as a PDF to keep or show on the phone (src/documents), typeset from the Receipt row when sent.
      await queueMessage(
        tx,
        {
          chatId: String(p.payerTelegramId),
          key: 'documents:caption.receipt',
          params: { number: receipt.number },
          document: { kind: 'receipt', receiptId: receipt.id },
          priority: 'personal',
        },
        `payment:${paymentId}:receipt:pdf`,
        now,
      );
      // A part payment delivers its heads now (ss. 13, 15); the case goes on for the rest.
      const release =
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
      await planDeadlines(tx, p.caseId, now);
      await audit(tx, who.audit, p.kind === 'S13_PAYMENT' ? 'payment.confirm' : 'deposit.confirm', p.caseId, {
        paymentId,
        amountPaise: confirmedPaise,
        declaredPaise: p.amountPaise,
        ...(p.kind === 'S13_PAYMENT' ? { division: division ?? 'snapshot_not_divisible' } : {}),
        receiptNumber: receipt.number,
        receiptBookNo: input.receiptBookNo ?? null,
        ...(plan.headIds.length ? { heads: plan.headIds, part: plan.part, releaseId: release?.id ?? null } : {}),
      });
      const left = plan.c.heads.filter((h) => h.status === 'IMPOUNDED' && !plan.headIds.includes(h.id)).length;
      return { receipt, part: release ? { released: release.headCount, left } : undefined };
    });
    if (!done) return already(db, paymentId, caseNumber);
    const { receipt, part } = done;
    return {
      status: 'confirmed',
      paymentId,
      caseId: p.caseId,
      caseNumber,
      amountPaise: confirmedPaise,
      receiptNumber: receipt.number,
      verificationCode: receipt.verificationCode,
      ...(part ? { part } : {}),
    };
  } catch (e) {
    // Confirmed by someone else between our read and our transaction: the law says so; it is "already".
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
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002')
      return already(db, paymentId, caseNumber);
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

/**
 * Queues the owner's receipt (kind, total, breakdown by section, verification code, link and QR). A receipt for one
 * owner's heads of a register entry (a part payment) names those heads and says it covers only them.
 */
export async function queueReceiptMessage(
  tx: Tx,
  input: {
    chatId: bigint;
    kind: 'S13_PAYMENT' | 'S15_DEPOSIT';
    receipt: { number: string; verificationCode: string; amountPaise: number; items: ReceiptItem[] };
    caseNumber: string;
    now: Date;
    botUsername: string;
    jobKey: string;
    /** The heads a part payment covers, in register order; absent for the case's own payment. */
    heads?: readonly HeadWords[];
    /** s. 15: the last day of the s. 20 window (India date), named on the receipt. */
    lastDay?: string;
  },
): Promise<void> {
  const totals = itemTotals(input.receipt.items);
  const term = input.receipt.items.find((i) => i.kind === 'fine')?.term ?? 'fine';
  const link = verificationLink(input.botUsername, input.receipt.verificationCode);
  const itemised = totals.finePaise + totals.feedingPaise + totals.securityPaise === input.receipt.amountPaise;
  await queueMessage(
    tx,
    {
      chatId: String(input.chatId),
      key: `receipt:owner.${input.kind === 'S13_PAYMENT' ? 's13' : 's15'}${input.heads ? '_part' : ''}`,
      params: {
        number: input.receipt.number,
        caseNumber: input.caseNumber,
        amount: input.receipt.amountPaise,
        fine: totals.finePaise,
        feeding: totals.feedingPaise,
        security: totals.securityPaise,
        term: term === 'penalty' ? 'Penalty' : 'Fine',
        at: input.now.toISOString(),
        code: input.receipt.verificationCode,
        link,
        ...(itemised ? (totals.securityPaise > 0 ? { context: 'security' } : { context: 'itemised' }) : {}),
        ...(input.heads ? { headCount: input.heads.length } : {}),
        ...(input.lastDay ? { lastDay: input.lastDay } : {}),
      },
      ...(input.heads
        ? { heads: input.heads.map((h) => ({ cattleClass: h.cattleClass, description: h.description })) }
        : {}),
      qr: link,
      priority: 'personal',
    },
    input.jobKey,
    input.now,
  );
}

/**
 * A keeper says the money did not come ("no <reason>"). The payment becomes REJECTED with the reason and
 * the case returns to where it was before the claim (the statute engine decides); the owner is told why.
 */
export async function rejectPayment(
  db: Db,
  input: { paymentId: number; actor: StaffActor; reason: string; now: Date },
): Promise<RejectOutcome> {
  const { paymentId, now } = input;
  const reason = input.reason.trim().slice(0, 500);
  const p = await loadPayment(db, paymentId);
  if (!p) return { status: 'not_found', paymentId };
  authorize(input.actor, 'payment.confirm', p.case.poundId);
  const caseNumber = p.case.number;
  if (p.status !== 'PENDING') return { status: 'already', paymentId, caseNumber, current: p.status };
  try {
    const done = await db.$transaction(async (tx) => {
      const who = await authorizeInTx(tx, input.actor, 'payment.confirm', p.case.poundId);
      // A part payment (one owner's heads) never moved the case: rejecting it leaves the case as it is.
      const judged = p.part ? null : await keeperMay(tx, p.caseId, REJECT_ACTION[p.kind], now);
      const claimed = await tx.payment.updateMany({
        where: { id: paymentId, status: 'PENDING' },
        data: { status: 'REJECTED', rejectedReason: reason },
      });
      if (claimed.count !== 1) return false;
      if (judged) await transition(tx, judged.c, judged.allowed);
      await queueMessage(
        tx,
        {
          chatId: String(p.payerTelegramId),
          key: p.kind === 'S13_PAYMENT' ? 'staff:owner.payment_rejected' : 'staff:owner.deposit_rejected',
          params: { caseNumber, amount: p.amountPaise, reason },
          priority: 'personal',
        },
        `payment:${paymentId}:rejected`,
        now,
      );
      await planDeadlines(tx, p.caseId, now);
      await audit(tx, who.audit, p.kind === 'S13_PAYMENT' ? 'payment.reject' : 'deposit.reject', p.caseId, {
        paymentId,
        reason,
      });
      return true;
    });
    if (!done) {
      const now2 = await loadPayment(db, paymentId);
      return {
        status: 'already',
        paymentId,
        caseNumber,
        current: (now2?.status ?? 'REJECTED') as 'CONFIRMED' | 'REJECTED' | 'CANCELLED',
      };
    }
    return { status: 'rejected', paymentId, caseNumber, reason };
  } catch (e) {
    if (isDatabaseConflict(e)) throw new Refusal('CONFLICT');
    throw e;
  }
}
