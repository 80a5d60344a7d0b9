import type { CaseStatus, StatutoryWindows } from '../../law';
import { audit } from '../audit';
import { transition, touchCase } from '../case-transition';
import { claimDivisionPostings } from '../claim-division';
import { postLedger } from '../ledger';
import { Refusal } from '../refusal';
import { deadlineReplan } from '../deadlines';
import { addAllToOutbox, messageItem, type Tx } from '../outbox';
import { issueReceipt, receiptItemsFromSnapshot } from '../receipts';
import type { authorizeOnRowsInTx, StaffActor } from '../staff';
import { s20LastDay } from '../next-deadline';
import type { ConfirmationFacts } from './confirm-facts';
import { type ConfirmationPlan, releasePart } from '../part-claim';
import { keeperPrintouts, receiptMessage, receiptPdf } from './messages';

// The steps of a keeper's confirmation (src/services/payments/confirm.ts), in the order it takes them inside its
// one transaction, each through the writer every other service uses: the payment, `transition` (or `touchCase`),
// `postLedger`, `issueReceipt`, `releasePart`, `addAllToOutbox`, `audit`. The statements are counted in
// test/integration (the keeper's update has a budget, docs/MONEY.md).

/** What a keeper's confirmation says. */
export type ConfirmInput = {
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

/** The payment as the confirmation read it, with its case's statutory facts, pound, claim heads and receipt. */
type Facts = ConfirmationFacts;
/** The keeper's right to confirm at the payment's pound, with what his audit event names. */
type Keeper = ReturnType<typeof authorizeOnRowsInTx>;

/**
 * What the steps after the amount work on: the transaction, the payment as read, the keeper's word and right, what
 * src/law planned (the case's own payment or one owner's heads) and the amount received.
 */
export interface ConfirmationStep {
  tx: Tx;
  p: Facts;
  input: ConfirmInput;
  who: Keeper;
  plan: ConfirmationPlan;
  confirmedPaise: number;
}

const LEDGER = {
  S13_PAYMENT: { account: 'OWNER_PAYMENT', section: 's. 13' },
  S15_DEPOSIT: { account: 'OWNER_DEPOSIT', section: 's. 15' },
} as const;

/** The dues the owner was shown when declaring (the statute engine's total in the snapshot), if recorded. */
export function duesTold(snapshot: unknown): number | null {
  const total = (snapshot as { totals?: { totalPaise?: unknown } } | null)?.totals?.totalPaise;
  return typeof total === 'number' && Number.isSafeInteger(total) && total > 0 ? total : null;
}

/** The confirmed-payment slot: one per case and kind for the case's own payment, one per claim for a part payment. */
export function confirmedSlotOf(p: { caseId: number; kind: string; claimId: number | null }, part: boolean): string {
  return part ? `${p.caseId}:${p.kind}:claim:${p.claimId}` : `${p.caseId}:${p.kind}`;
}

/**
 * A payment is confirmed once: confirmed already is "already" (the keeper sees its receipt), and a rejected or
 * cancelled one is refused, naming the case. Null: PENDING, go on.
 */
export function alreadyOrRefused(p: Facts, paymentId: number) {
  if (p.status === 'CONFIRMED')
    return { status: 'already', paymentId, caseNumber: p.c.number, receiptNumber: p.receiptNumber } as const;
  if (p.status !== 'PENDING')
    throw new Refusal(p.status === 'REJECTED' ? 'PAYMENT_WAS_REJECTED' : 'PAYMENT_WAS_CANCELLED', null, {
      caseNumber: p.c.number,
    });
  return null;
}

/**
 * Ss. 13 and 15 take exactly "the fines and expenses": the amount received is the dues the owner was told. A
 * keeper who typed another amount is refused (more or less, by how much); what he types is never recorded.
 */
export function amountReceived(p: Facts, typed: number | null | undefined): number {
  const duePaise = duesTold(p.duesSnapshot) ?? p.amountPaise;
  if (typed != null && typed !== duePaise)
    throw new Refusal(typed > duePaise ? 'CONFIRM_AMOUNT_MORE' : 'CONFIRM_AMOUNT_LESS', null, {
      caseNumber: p.c.number,
      due: duePaise,
      given: typed,
      difference: Math.abs(typed - duePaise),
    });
  // The keeper's word is the amount received: the dues told (equal to what the keeper typed, if anything).
  return duePaise;
}

/**
 * The payment PENDING → CONFIRMED, then the case, then the ledger. The payment's update is conditional: a concurrent
 * confirmation waits for this row and then finds it confirmed (null: nothing written). The case is changed guarded by
 * the version read (`transition`; a part payment only takes a new version, `touchCase`): a case changed meanwhile is
 * refused as a CONFLICT and the transaction rolls back. The ledger holds the money received and, for a s. 13 payment,
 * its s. 17 division (the keeper retains the feeding charges received, the fines are the Magistrate's); a s. 15 deposit
 * is divided only when the Magistrate orders it applied (deposit-outcome.ts). Returns the division, which the audit
 * event records.
 */
export async function recordPaymentCaseAndLedger({ tx, p, input, who, plan, confirmedPaise }: ConfirmationStep) {
  const { paymentId, now } = input;
  const ledger = LEDGER[p.kind];
  const division = p.kind === 'S13_PAYMENT' ? claimDivisionPostings(p.duesSnapshot, paymentId, confirmedPaise) : null;
  const paid = await tx.payment.updateMany({
    where: { id: paymentId, status: 'PENDING' },
    data: {
      status: 'CONFIRMED',
      part: plan.part,
      amountPaise: BigInt(confirmedPaise),
      confirmedSlot: confirmedSlotOf(p, plan.part),
      confirmedAt: now,
      confirmedByStaffId: who.grant.staffId,
      confirmedViaMessageId: input.actor.messageId,
      receiptBookNo: input.receiptBookNo?.trim() || null,
    },
  });
  if (paid.count === 0) return null;
  const { from, to } = plan.caseChange;
  if (from === to) await touchCase(tx, plan.c);
  else await transition(tx, plan.c, { from: from as CaseStatus, to: to as CaseStatus });
  await postLedger(tx, p.caseId, now, [
    {
      account: ledger.account,
      amountPaise: confirmedPaise,
      section: ledger.section,
      memo: `payment ${paymentId}`,
      idempotencyKey: `payment:${paymentId}:received`,
    },
    ...(division?.postings ?? []),
  ]);
  return { division };
}

/**
 * The owner's receipt for what he paid (with, for a s. 15 deposit, the last day to complain under s. 20), and for a
 * part payment the release of his heads now (ss. 13, 15) while the case goes on for the rest.
 */
export async function receiptAndRelease({ tx, p, input, who, plan, confirmedPaise }: ConfirmationStep) {
  const { paymentId, now } = input;
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
  return { items, lastDay, receipt, released };
}

/**
 * Every message and the deadline replan (`addAllToOutbox`, one statement), then the audit event. What the messages say is made when each is
 * sent, by the job that sends it: the owner's receipt (words, QR), the same receipt as a PDF, and the keeper's
 * printouts — the receipt and the release slip the owner signs when taking the cattle (s. 13) — typeset from the rows
 * recorded. Nothing is typeset in the keeper's update.
 */
export async function tellAndAudit(
  { tx, p, input, who, plan, confirmedPaise }: ConfirmationStep,
  recorded: NonNullable<Awaited<ReturnType<typeof recordPaymentCaseAndLedger>>>,
  issued: Awaited<ReturnType<typeof receiptAndRelease>>,
): Promise<void> {
  const { paymentId, now } = input;
  const { division } = recorded;
  const { items, lastDay, receipt, released } = issued;
  const kind = p.kind;
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
    receiptPdf(String(p.payerTelegramId), receipt, `payment:${paymentId}:receipt:pdf`, now),
    ...(released ? [released.message] : []),
    ...(input.keeperChat != null ? keeperPrintouts(paymentId, String(input.keeperChat), receipt, p.c, now) : []),
    deadlineReplan(p.caseId, now),
  ];
  const action = p.kind === 'S13_PAYMENT' ? 'payment.confirm' : 'deposit.confirm';
  await addAllToOutbox(tx, messages);
  await audit(tx, who.audit, action, p.caseId, {
    paymentId,
    amountPaise: confirmedPaise,
    declaredPaise: p.amountPaise,
    ...(p.kind === 'S13_PAYMENT' ? { division: division?.lines ?? 'snapshot_not_divisible' } : {}),
    receiptNumber: receipt.number,
    receiptBookNo: input.receiptBookNo ?? null,
    ...(plan.headIds.length ? { heads: plan.headIds, part: plan.part, releaseId: released?.release.id ?? null } : {}),
  });
}
