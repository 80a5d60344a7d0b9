import { computeTimeline, sumPaise, type SplitPart, type TimelineEntry } from '../law';
import type { Db } from '../db';
import { audit } from './audit';
import {
  auditActor,
  caseStateOf,
  loadCase,
  mustAllow,
  requireScope,
  requireText,
  saveTransition,
  StaffActionError,
  type StaffAct,
  staffTransaction,
} from './case-transition';
import { planDeadlines } from './deadlines';
import { queueMessage, type Tx } from './outbox';
import { issueReceipt } from './receipts';
import { storedAccountOf } from './sale';

/** Ledger accounts the s. 17 split writes to (LedgerAccount enum values). */
export type SplitAccount = 'SALE_EXPENSES' | 'DISTRICT_MAGISTRATE' | 'POUND_KEEPER' | 'SECURITY' | 'OWNER_BALANCE' | 'MAGISTRATE_DEPOSIT';

/** s. 17 remittance kinds the selling officer confirms (RemittanceKind enum values). */
export type RemittanceKindCode = 'FINES_TO_MAGISTRATE' | 'FEEDING_TO_POUND_KEEPER' | 'SECURITY_TO_MAGISTRATE' | 'SURPLUS_TO_MAGISTRATE';

/** Which ledger account each remittance pays out of. */
export const REMITTANCE_ACCOUNT: Record<RemittanceKindCode, SplitAccount> = {
  FINES_TO_MAGISTRATE: 'DISTRICT_MAGISTRATE',
  FEEDING_TO_POUND_KEEPER: 'POUND_KEEPER',
  SECURITY_TO_MAGISTRATE: 'SECURITY',
  SURPLUS_TO_MAGISTRATE: 'MAGISTRATE_DEPOSIT',
};

/** A part of the proceeds as the ledger records it. */
export interface SplitLine {
  account: SplitAccount;
  section: string;
  amountPaise: number;
  duePaise: number;
  unrecoveredPaise: number;
}

/** The ledger account of an engine split part. */
export function accountOfPart(p: SplitPart): SplitAccount {
  switch (p.payee) {
    case 'SALE_EXPENSES':
      return 'SALE_EXPENSES';
    case 'DISTRICT_MAGISTRATE':
      return 'DISTRICT_MAGISTRATE';
    case 'POUND_KEEPER':
      return 'POUND_KEEPER';
    case 'S12A_SECURITY':
      return 'SECURITY';
    case 'OWNER':
      return 'OWNER_BALANCE';
    case 'MAGISTRATE_DEPOSIT':
      return 'MAGISTRATE_DEPOSIT';
  }
}

/** The s. 17 split of a case whose account has been delivered (the parts of (f)), with the proceeds. */
export async function splitOfCase(db: Db, caseId: number): Promise<{ proceedsPaise: number; lines: SplitLine[]; balanceTo: 'OWNER' | 'MAGISTRATE_DEPOSIT' }> {
  const c = await loadCase(db, caseId);
  const stored = storedAccountOf(c.auction?.account);
  if (!stored?.delivered) throw new StaffActionError('ACCOUNT_NOT_DELIVERED', 's. 16');
  const a = stored.delivered.account;
  return {
    proceedsPaise: a.e_proceedsPaise,
    balanceTo: a.balanceTo,
    lines: a.f_disposal.map((p) => ({ account: accountOfPart(p), section: p.section, amountPaise: p.amountPaise, duePaise: p.duePaise, unrecoveredPaise: p.unrecoveredPaise })),
  };
}

/**
 * Records the s. 17 split as append-only ledger entries (one per non-zero part, idempotency key
 * `case:<id>:split:<ACCOUNT>`): fines/penalties → DISTRICT_MAGISTRATE, feeding → POUND_KEEPER, expenses of
 * sale, s. 12A security, and the balance → OWNER_BALANCE (paid with the account) or MAGISTRATE_DEPOSIT
 * (held 3 calendar months from today, s. 17). Refuses unless the parts add up to the proceeds to the paisa.
 */
export async function recordSplit(db: Db, act: StaffAct, caseId: number, now: Date) {
  return staffTransaction(db, async (tx) => {
    const c = await loadCase(tx, caseId);
    const role = requireScope(act, ['OFFICER'], c.poundId);
    const stored = storedAccountOf(c.auction?.account);
    if (!stored?.delivered) throw new StaffActionError('ACCOUNT_NOT_DELIVERED', 's. 16');
    const existing = await tx.ledgerEntry.count({ where: { caseId: c.id, idempotencyKey: { startsWith: `case:${c.id}:split:` } } });
    if (existing > 0) throw new StaffActionError('ALREADY_DONE', 's. 17');
    const a = stored.delivered.account;
    const lines = a.f_disposal.map((p) => ({ account: accountOfPart(p), section: p.section, amountPaise: p.amountPaise }));
    // Conservation (s. 17): every rupee of the proceeds goes somewhere, and nowhere twice.
    const total = sumPaise(lines.map((l) => l.amountPaise));
    const proceeds = await tx.ledgerEntry.findUnique({ where: { idempotencyKey: `case:${c.id}:sale:proceeds` } });
    if (total !== a.e_proceedsPaise || !proceeds || proceeds.amountPaise !== total) {
      throw new StaffActionError('SPLIT_UNBALANCED', 's. 17', { total, proceeds: proceeds?.amountPaise ?? a.e_proceedsPaise });
    }
    const surplus = a.balanceTo === 'MAGISTRATE_DEPOSIT' ? a.balancePaise : 0;
    const allowed = mustAllow(caseStateOf(c), 'RECORD_SPLIT', role, now, { surplusToDepositPaise: surplus, surplusDepositedAt: now });
    const data = lines
      .filter((l) => l.amountPaise > 0)
      .map((l) => ({ caseId: c.id, account: l.account, amountPaise: l.amountPaise, section: l.section, memo: 's. 17 split', idempotencyKey: `case:${c.id}:split:${l.account}`, createdAt: now }));
    await tx.ledgerEntry.createMany({ data, skipDuplicates: true });
    await saveTransition(tx, c, allowed, surplus > 0 ? { surplusDepositedAt: now } : {});
    const hold = surplus > 0 ? holdEndOf(c.impoundedAt, now) : null;
    await audit(tx, auditActor(act), 'S17_SPLIT_RECORDED', c.id, {
      proceedsPaise: total,
      lines: lines.map((l) => ({ account: l.account, amountPaise: l.amountPaise })),
      surplusPaise: surplus,
      holdEnds: hold?.date ?? null,
    });
    await planDeadlines(tx, c.id, now);
    return { caseNumber: c.number, proceedsPaise: total, lines, surplusPaise: surplus, holdEnd: hold };
  });
}

/** s. 17: the last day of the Magistrate's 3-month hold of a surplus deposited at `depositedAt`. */
export function holdEndOf(impoundedAt: Date, depositedAt: Date): TimelineEntry {
  const t = computeTimeline({ impoundedAt, surplusDepositedAt: depositedAt });
  if (!t.ok || !t.value.surplusHoldEnd) throw new StaffActionError('LAW_ERROR', 's. 17');
  return t.value.surplusHoldEnd;
}

/** A case's ledger entries of the split and the remittances confirmed so far. */
export async function moneyStatus(db: Db, caseId: number) {
  const [entries, remittances] = await Promise.all([
    db.ledgerEntry.findMany({ where: { caseId }, orderBy: { id: 'asc' } }),
    db.remittance.findMany({ where: { caseId }, orderBy: { id: 'asc' } }),
  ]);
  const amountOf = (account: SplitAccount) => entries.find((e) => e.idempotencyKey === `case:${caseId}:split:${account}`)?.amountPaise ?? 0;
  const pending = (Object.keys(REMITTANCE_ACCOUNT) as RemittanceKindCode[]).filter(
    (k) => amountOf(REMITTANCE_ACCOUNT[k]) > 0 && !remittances.some((r) => r.kind === k),
  );
  return { entries, remittances, pending, amountOf };
}

/**
 * The selling officer confirms a s. 17 remittance: fines/penalties (and s. 12A security, and the surplus)
 * sent to the District Magistrate, feeding charges paid over to the pound-keeper. Recorded once per kind
 * (Remittance unique per case and kind) with the audit trail; a second confirmation is ALREADY_DONE.
 */
export async function confirmRemittance(db: Db, act: StaffAct, caseId: number, kind: RemittanceKindCode, now: Date) {
  return staffTransaction(db, async (tx) => {
    const c = await loadCase(tx, caseId);
    requireScope(act, ['OFFICER'], c.poundId);
    const entry = await tx.ledgerEntry.findUnique({ where: { idempotencyKey: `case:${c.id}:split:${REMITTANCE_ACCOUNT[kind]}` } });
    if (!entry) {
      const anySplit = await tx.ledgerEntry.count({ where: { caseId: c.id, idempotencyKey: { startsWith: `case:${c.id}:split:` } } });
      throw new StaffActionError(anySplit ? 'NOTHING_TO_REMIT' : 'SPLIT_NOT_RECORDED', 's. 17');
    }
    const prior = await tx.remittance.findUnique({ where: { caseId_kind: { caseId: c.id, kind } } });
    if (prior) throw new StaffActionError('ALREADY_DONE', 's. 17', { at: prior.confirmedAt.toISOString() });
    const row = await tx.remittance.create({
      data: { caseId: c.id, kind, amountPaise: entry.amountPaise, confirmedAt: now, confirmedByStaffId: act.staffId, viaMessageId: act.messageId },
    });
    await audit(tx, auditActor(act), 'S17_REMITTANCE_CONFIRMED', c.id, { kind, amountPaise: entry.amountPaise, remittanceId: row.id });
    return { caseNumber: c.number, kind, amountPaise: entry.amountPaise };
  });
}

/** A surplus held by the District Magistrate (s. 17), with the last day of the 3-month hold. */
export interface SurplusHeld {
  caseId: number;
  caseNumber: string;
  poundId: number;
  amountPaise: number;
  depositedAt: Date;
  holdEnd: TimelineEntry;
}

/** Surpluses held by the District Magistrate for the given pounds ('all' for an admin). */
export async function surplusesHeld(db: Db, poundIds: number[] | 'all'): Promise<SurplusHeld[]> {
  const cases = await db.case.findMany({
    where: { status: 'SURPLUS_HELD', ...(poundIds === 'all' ? {} : { poundId: { in: poundIds } }) },
    include: { ledger: { where: { account: 'MAGISTRATE_DEPOSIT' } } },
    orderBy: { surplusDepositedAt: 'asc' },
  });
  return cases
    .filter((c) => c.surplusDepositedAt)
    .map((c) => ({
      caseId: c.id,
      caseNumber: c.number,
      poundId: c.poundId,
      amountPaise: c.ledger.reduce((s, e) => s + e.amountPaise, 0),
      depositedAt: c.surplusDepositedAt!,
      holdEnd: holdEndOf(c.impoundedAt, c.surplusDepositedAt!),
    }));
}

async function heldAmount(db: Tx, caseId: number): Promise<number> {
  const e = await db.ledgerEntry.findUnique({ where: { idempotencyKey: `case:${caseId}:split:MAGISTRATE_DEPOSIT` } });
  return e?.amountPaise ?? 0;
}

/**
 * The Magistrate's office records a claim to the surplus preferred and established within the 3-month
 * hold (s. 17): the order establishing it, the amount paid to the claimant (ledger SURPLUS_CLAIMANT) and a
 * receipt. Refused once the hold has ended (the money is then Government revenue).
 */
export async function claimSurplus(
  db: Db,
  act: StaffAct,
  input: { caseId: number; claimantName: string; orderReference: string; orderedOn: string; claimantTelegramId?: bigint | null },
  now: Date,
) {
  const claimant = requireText(input.claimantName, 120);
  const reference = requireText(input.orderReference, 120);
  return staffTransaction(db, async (tx) => {
    const c = await loadCase(tx, input.caseId);
    const role = requireScope(act, ['MAGISTRATE'], c.poundId);
    const allowed = mustAllow(caseStateOf(c), 'CLAIM_SURPLUS', role, now);
    const amount = await heldAmount(tx, c.id);
    const order = await tx.courtOrder.create({
      data: {
        caseId: c.id,
        kind: 'SURPLUS_CLAIM',
        authority: 'MAGISTRATE',
        reference,
        orderedOn: new Date(`${input.orderedOn}T00:00:00Z`),
        recordedAt: now,
        recordedByStaffId: act.staffId,
        details: { claimant },
      },
    });
    await tx.ledgerEntry.createMany({
      data: [{ caseId: c.id, account: 'SURPLUS_CLAIMANT', amountPaise: amount, section: 's. 17', memo: `claim established: order ${reference}`, idempotencyKey: `case:${c.id}:surplus:claim`, createdAt: now }],
      skipDuplicates: true,
    });
    const receipt = await issueReceipt(tx, {
      caseId: c.id,
      pound: c.pound,
      kind: 'SURPLUS_CLAIM',
      amountPaise: amount,
      items: [{ kind: 'total', section: 's. 17', amountPaise: amount }],
      issuedToTelegramId: input.claimantTelegramId ?? null,
      now,
    });
    await saveTransition(tx, c, allowed);
    await audit(tx, auditActor(act), 'S17_SURPLUS_CLAIMED', c.id, { amountPaise: amount, claimant, orderId: order.id, orderReference: reference, receiptNumber: receipt.number });
    if (input.claimantTelegramId != null) {
      await queueMessage(
        tx,
        { chatId: String(input.claimantTelegramId), key: 'officer:surplus.to_claimant', params: { number: c.number, amount, receipt: receipt.number, reference }, priority: 'personal' },
        `case:${c.id}:surplus:claimant`,
        now,
      );
    }
    await planDeadlines(tx, c.id, now);
    return { caseNumber: c.number, amountPaise: amount, receiptNumber: receipt.number, claimant };
  });
}

/**
 * At the end of the 3-month hold with no claim established, the surplus is Government revenue (s. 17):
 * one GOVERNMENT_REVENUE ledger entry. Refused while the hold is running, with its end date.
 */
export async function surplusToRevenue(db: Db, act: StaffAct, caseId: number, now: Date) {
  return staffTransaction(db, async (tx) => {
    const c = await loadCase(tx, caseId);
    const role = requireScope(act, ['MAGISTRATE'], c.poundId);
    const allowed = mustAllow(caseStateOf(c), 'SURPLUS_LAPSES', role, now);
    const amount = await heldAmount(tx, c.id);
    await tx.ledgerEntry.createMany({
      data: [{ caseId: c.id, account: 'GOVERNMENT_REVENUE', amountPaise: amount, section: 's. 17', memo: 'no claim established within 3 months', idempotencyKey: `case:${c.id}:surplus:revenue`, createdAt: now }],
      skipDuplicates: true,
    });
    await saveTransition(tx, c, allowed);
    await audit(tx, auditActor(act), 'S17_SURPLUS_TO_REVENUE', c.id, { amountPaise: amount });
    await planDeadlines(tx, c.id, now);
    return { caseNumber: c.number, amountPaise: amount };
  });
}
