import { toIstDate } from '../law';
import { divideAsShown } from './claim-division';
import { type Db, paiseOf } from '../db';
import { audit } from './audit';
import {
  caseStateOf,
  loadCaseAs,
  mustAllow,
  requireText,
  touchCase,
  transition,
  caseTransaction,
} from './case-transition';
import { Refusal } from './refusal';
import type { StaffActor } from './staff';
import { planDeadlines } from './deadlines';
import { recordOrderTx } from './orders';
import { queueMessage, type Tx } from './outbox';
import { postLedger } from './ledger';

/** The Magistrate's outcome for a s. 15 deposit: returned to the depositor, or applied to the dues. */
export type DepositOutcome = 'refund' | 'apply';

type OutcomeEntry = {
  account: 'DEPOSIT_REFUND' | 'DISTRICT_MAGISTRATE' | 'POUND_KEEPER' | 'SECURITY';
  amountPaise: number;
  section: string;
};

/**
 * The ledger entries of a deposit's outcome: 'refund' returns it whole; 'apply' divides it as the dues the depositor
 * was shown (s. 17: fines to the Magistrate, feeding to the keeper, s. 12A security held), to the paisa.
 */
function outcomeEntries(
  deposit: { amountPaise: number; duesSnapshot: unknown },
  outcome: DepositOutcome,
): OutcomeEntry[] {
  if (outcome === 'refund') return [{ account: 'DEPOSIT_REFUND', amountPaise: deposit.amountPaise, section: 's. 15' }];
  const division = divideAsShown(deposit.duesSnapshot, deposit.amountPaise);
  if (division.ok) return division.lines;
  if (division.reason === 'DUES_UNAVAILABLE') throw new Refusal('DUES_UNAVAILABLE', 's. 15');
  throw new Refusal('SPLIT_UNBALANCED', 's. 15', { total: division.total, proceeds: deposit.amountPaise });
}

/** The depositor is told the Magistrate's outcome of his deposit (returned, or applied to the dues). */
function tellDepositor(
  tx: Tx,
  deposit: { payerTelegramId: bigint; amountPaise: number },
  outcome: DepositOutcome,
  number: string,
  reference: string,
  jobKey: string,
  now: Date,
) {
  return queueMessage(
    tx,
    {
      chatId: String(deposit.payerTelegramId),
      key: outcome === 'refund' ? 'officer:outcome.to_depositor_refund' : 'officer:outcome.to_depositor_apply',
      params: { number, amount: deposit.amountPaise, reference },
      priority: 'personal',
    },
    jobKey,
    now,
  );
}

/**
 * Records the Magistrate's outcome of a s. 15 deposit under ss. 20–22, on the order with `orderReference`
 * (recorded now if it was not yet): 'refund' returns the deposit to the depositor (DEPOSIT_REFUND entry);
 * 'apply' applies it to the dues — fines/penalties to the District Magistrate, feeding charges to the
 * pound-keeper (s. 17), s. 12A security held — as ledger entries that add up to the deposit. The depositor
 * is told. The case closes. A second outcome is refused (the case is no longer DEPOSITED_S15).
 */
export async function recordDepositOutcome(
  db: Db,
  act: StaffActor,
  input: { caseId: number; outcome: DepositOutcome; orderReference: string },
  now: Date,
) {
  const reference = requireText(input.orderReference, 120);
  return caseTransaction(db, async (tx) => {
    const { c, who } = await loadCaseAs(tx, act, 'magistrate', input.caseId);
    const role = who.lawRole;
    const action = input.outcome === 'refund' ? 'DEPOSIT_OUTCOME_REFUND' : 'DEPOSIT_OUTCOME_APPLY';
    const allowed = mustAllow(caseStateOf(c), action, role, now);
    // The case's own deposit (an owner's part deposit has its own outcome: recordPartDepositOutcome).
    const confirmed = c.payments.find((p) => p.kind === 'S15_DEPOSIT' && p.status === 'CONFIRMED' && !p.part);
    if (!confirmed) throw new Refusal('NO_DEPOSIT', 's. 15');
    const deposit = { ...confirmed, amountPaise: paiseOf(confirmed.amountPaise) };
    const kind = input.outcome === 'refund' ? 'DEPOSIT_REFUND' : 'DEPOSIT_APPLY';
    const { order } = await recordOrderTx(
      tx,
      act,
      { caseId: c.id, kind, authority: 'MAGISTRATE', reference, orderedOn: toIstDate(now) },
      now,
    );
    const entries = outcomeEntries(deposit, input.outcome);
    await postLedger(
      tx,
      c.id,
      now,
      entries.map((e) => ({
        account: e.account,
        amountPaise: e.amountPaise,
        section: e.section,
        memo: `s. 15 deposit ${input.outcome}: order ${reference}`,
        idempotencyKey: `case:${c.id}:deposit:${input.outcome}:${e.account}`,
      })),
    );
    await transition(tx, c, allowed, { closedAt: now });
    await tx.complaint.updateMany({
      where: { caseId: c.id, outcome: null },
      data: { outcome: input.outcome, outcomeAt: now },
    });
    await tellDepositor(
      tx,
      deposit,
      input.outcome,
      c.number,
      reference,
      `case:${c.id}:deposit-outcome:${deposit.payerTelegramId}`,
      now,
    );
    await audit(tx, who.audit, input.outcome === 'refund' ? 'S15_DEPOSIT_REFUNDED' : 'S15_DEPOSIT_APPLIED', c.id, {
      paymentId: deposit.id,
      amountPaise: deposit.amountPaise,
      orderId: order.id,
      orderReference: reference,
      entries,
    });
    await planDeadlines(tx, c.id, now);
    return {
      caseNumber: c.number,
      outcome: input.outcome,
      amountPaise: deposit.amountPaise,
      entries,
      depositorChat: String(deposit.payerTelegramId),
    };
  });
}

/**
 * The Magistrate's outcome of one owner's part deposit (he deposited under protest for his own
 * heads of a multi-owner entry, and they went home on it). The same entries as the case's own outcome, keyed by the
 * payment (`payment:<id>:deposit:<outcome>:<ACCOUNT>`); the case does not close (the other heads are another
 * matter), only its version moves. A second outcome for the same deposit is refused (ALREADY_DONE).
 */
export async function recordPartDepositOutcome(
  db: Db,
  act: StaffActor,
  input: { paymentId: number; outcome: DepositOutcome; orderReference: string },
  now: Date,
) {
  const reference = requireText(input.orderReference, 120);
  return caseTransaction(db, async (tx) => {
    const p = await tx.payment.findUnique({ where: { id: input.paymentId } });
    if (p?.kind !== 'S15_DEPOSIT' || p.status !== 'CONFIRMED' || !p.part) throw new Refusal('NO_DEPOSIT', 's. 15');
    const { c, who } = await loadCaseAs(tx, act, 'magistrate', p.caseId);
    const prefix = `payment:${p.id}:deposit:`;
    if ((await tx.ledgerEntry.count({ where: { caseId: c.id, idempotencyKey: { startsWith: prefix } } })) > 0)
      throw new Refusal('ALREADY_DONE', 's. 15', { number: c.number });
    const deposit = { ...p, amountPaise: paiseOf(p.amountPaise) };
    const entries = outcomeEntries(deposit, input.outcome);
    const kind = input.outcome === 'refund' ? 'DEPOSIT_REFUND' : 'DEPOSIT_APPLY';
    const { order } = await recordOrderTx(
      tx,
      act,
      { caseId: c.id, kind, authority: 'MAGISTRATE', reference, orderedOn: toIstDate(now) },
      now,
    );
    await postLedger(
      tx,
      c.id,
      now,
      entries.map((e) => ({
        ...e,
        memo: `s. 15 part deposit ${p.id} ${input.outcome}: order ${reference}`,
        idempotencyKey: `${prefix}${input.outcome}:${e.account}`,
      })),
    );
    await touchCase(tx, c);
    await tellDepositor(tx, deposit, input.outcome, c.number, reference, `payment:${p.id}:deposit-outcome`, now);
    await audit(tx, who.audit, input.outcome === 'refund' ? 'S15_DEPOSIT_REFUNDED' : 'S15_DEPOSIT_APPLIED', c.id, {
      paymentId: p.id,
      part: true,
      amountPaise: deposit.amountPaise,
      orderId: order.id,
      orderReference: reference,
      entries,
    });
    return { caseNumber: c.number, outcome: input.outcome, amountPaise: deposit.amountPaise, entries };
  });
}

/** One owner's part deposit under protest that awaits the Magistrate's outcome: named by its receipt. */
export interface PartDepositAwaiting {
  paymentId: number;
  receiptNumber: string;
  amountPaise: number;
  depositor: string;
}

/**
 * The part deposits of a case that await the Magistrate's outcome (ss. 15, 20–22): confirmed, with a receipt, and
 * no outcome entry (`payment:<id>:deposit:…`) in the ledger. Two statements, whatever the number of owners.
 */
export async function partDepositsAwaitingOutcome(db: Db, caseId: number): Promise<PartDepositAwaiting[]> {
  const rows = await db.payment.findMany({
    where: { caseId, kind: 'S15_DEPOSIT', status: 'CONFIRMED', part: true },
    select: {
      id: true,
      amountPaise: true,
      receipt: { select: { number: true } },
      claim: { select: { claimantName: true } },
    },
    orderBy: { id: 'asc' },
  });
  if (rows.length === 0) return [];
  const decided = await db.ledgerEntry.findMany({
    where: { caseId, idempotencyKey: { contains: ':deposit:' } },
    select: { idempotencyKey: true },
  });
  const done = new Set(decided.map((e) => /^payment:(\d+):deposit:/.exec(e.idempotencyKey)?.[1]));
  return rows
    .filter((p) => p.receipt && !done.has(String(p.id)))
    .map((p) => ({
      paymentId: p.id,
      receiptNumber: p.receipt!.number,
      amountPaise: paiseOf(p.amountPaise),
      depositor: p.claim?.claimantName ?? '',
    }));
}

/** The part deposit a receipt number names (the Magistrate's `/outcome <receipt> …`), or null: no such receipt, or not a part deposit. */
export async function partDepositOfReceipt(
  db: Db,
  receiptNumber: string,
): Promise<{ paymentId: number; caseId: number } | null> {
  const r = await db.receipt.findUnique({
    where: { number: receiptNumber },
    select: { caseId: true, payment: { select: { id: true, kind: true, part: true } } },
  });
  return r?.payment && r.payment.kind === 'S15_DEPOSIT' && r.payment.part
    ? { paymentId: r.payment.id, caseId: r.caseId }
    : null;
}
