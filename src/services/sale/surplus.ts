import { sumPaise, type TimelineEntry } from '../../law';
import { holdEndOf, isSplitKey } from './split';
import { type Db, paiseOf } from '../../db';
import { audit } from '../audit';
import { caseStateOf, loadCaseAs, mustAllow, requireText, transition, caseTransaction } from '../case-transition';
import type { StaffActor } from '../staff';
import { planDeadlines } from '../deadlines';
import { queueMessage, type Tx } from '../outbox';
import { issueReceipt } from '../receipts';
import { postLedger } from '../ledger';

/**
 * s. 17: the surplus the District Magistrate holds for three months — what is held, a claim by the person
 * entitled (ordered by the Magistrate's office), and the surplus lapsing to Government revenue after the hold.
 */

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
      amountPaise: sumPaise(c.ledger.map((e) => paiseOf(e.amountPaise))),
      depositedAt: c.surplusDepositedAt!,
      holdEnd: holdEndOf(c.impoundedAt, c.surplusDepositedAt!),
    }));
}

/** The surplus the District Magistrate holds for a case: the MAGISTRATE_DEPOSIT parts of every round. */
export async function heldAmount(db: Db | Tx, caseId: number): Promise<number> {
  const rows = await db.ledgerEntry.findMany({ where: { caseId, account: 'MAGISTRATE_DEPOSIT' } });
  return sumPaise(rows.filter((e) => isSplitKey(caseId, e.idempotencyKey)).map((e) => paiseOf(e.amountPaise)));
}

/**
 * The Magistrate's office records a claim to the surplus preferred and established within the 3-month
 * hold (s. 17): the order establishing it (with the claimant's name and Telegram id), the amount paid to
 * the claimant (ledger SURPLUS_CLAIMANT) and a receipt issued to them. A claimant on Telegram (someone who
 * claimed the case, see surplus-request.ts) is sent the receipt message. Refused once the hold has ended
 * (the money is then Government revenue).
 */
export async function claimSurplus(
  db: Db,
  act: StaffActor,
  input: {
    caseId: number;
    claimantName: string;
    orderReference: string;
    orderedOn: string;
    claimantTelegramId?: bigint | null;
  },
  now: Date,
) {
  const claimant = requireText(input.claimantName, 120);
  const reference = requireText(input.orderReference, 120);
  return caseTransaction(db, async (tx) => {
    const { c, who } = await loadCaseAs(tx, act, 'magistrate', input.caseId);
    const role = who.lawRole;
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
        recordedByStaffId: who.grant.staffId,
        details: {
          claimant,
          claimantTelegramId: input.claimantTelegramId != null ? String(input.claimantTelegramId) : null,
        },
      },
    });
    await postLedger(tx, c.id, now, [
      {
        account: 'SURPLUS_CLAIMANT',
        amountPaise: amount,
        section: 's. 17',
        memo: `claim established: order ${reference}`,
        idempotencyKey: `case:${c.id}:surplus:claim`,
      },
    ]);
    const receipt = await issueReceipt(tx, {
      caseId: c.id,
      pound: c.pound,
      kind: 'SURPLUS_CLAIM',
      amountPaise: amount,
      items: [{ kind: 'total', section: 's. 17', amountPaise: amount }],
      issuedToTelegramId: input.claimantTelegramId ?? null,
      now,
    });
    await transition(tx, c, allowed);
    await audit(tx, who.audit, 'S17_SURPLUS_CLAIMED', c.id, {
      amountPaise: amount,
      claimant,
      claimantTelegramId: input.claimantTelegramId != null ? String(input.claimantTelegramId) : null,
      orderId: order.id,
      orderReference: reference,
      receiptNumber: receipt.number,
    });
    if (input.claimantTelegramId != null) {
      await queueMessage(
        tx,
        {
          chatId: String(input.claimantTelegramId),
          key: 'officer:surplus.to_claimant',
          params: { number: c.number, amount, receipt: receipt.number, reference },
          priority: 'personal',
        },
        `case:${c.id}:surplus:claimant`,
        now,
      );
    }
    await planDeadlines(tx, c.id, now);
    return {
      caseNumber: c.number,
      amountPaise: amount,
      receiptNumber: receipt.number,
      claimant,
      claimantTelegramId: input.claimantTelegramId ?? null,
    };
  });
}

/**
 * At the end of the 3-month hold with no claim established, the surplus is Government revenue (s. 17):
 * one GOVERNMENT_REVENUE ledger entry. Refused while the hold is running, with its end date.
 */
export async function surplusToRevenue(db: Db, act: StaffActor, caseId: number, now: Date) {
  return caseTransaction(db, async (tx) => {
    const { c, who } = await loadCaseAs(tx, act, 'magistrate', caseId);
    const role = who.lawRole;
    const allowed = mustAllow(caseStateOf(c), 'SURPLUS_LAPSES', role, now);
    const amount = await heldAmount(tx, c.id);
    await postLedger(tx, c.id, now, [
      {
        account: 'GOVERNMENT_REVENUE',
        amountPaise: amount,
        section: 's. 17',
        memo: 'no claim established within 3 months',
        idempotencyKey: `case:${c.id}:surplus:revenue`,
      },
    ]);
    await transition(tx, c, allowed);
    await audit(tx, who.audit, 'S17_SURPLUS_TO_REVENUE', c.id, { amountPaise: amount });
    await planDeadlines(tx, c.id, now);
    return { caseNumber: c.number, amountPaise: amount };
  });
}
