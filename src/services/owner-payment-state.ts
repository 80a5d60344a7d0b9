import { paiseOf } from '../db';
import { toIstDate, type LocalDate } from '../law';
import type { DbReader } from './dues';

/**
 * Where an owner's own claim on a case stands, for "I have already paid" and "how do I pay" typed in his own
 * words: nothing typed records a payment — only the "I have paid" button of a claim declares one (s. 13, s. 15),
 * and only the keeper's confirmation makes it paid. Reads only; one statement.
 */
export type OwnerPaymentState =
  /** No claim of his on the case: a payment starts with the claim (owner or agent). */
  | { kind: 'no_claim' }
  /** A claim, and no payment declared on it (or the last one was refused): the payment choice is next. */
  | {
      kind: 'claim';
      claimId: number;
      deposit: boolean;
      rejected: { amountPaise: number; reason: string | null } | null;
    }
  /** Declared and waiting for the keeper to confirm. */
  | { kind: 'pending'; claimId: number; deposit: boolean; amountPaise: number; method: 'CASH' | 'UPI'; on: LocalDate }
  /** Confirmed by the keeper: the receipt has been issued. */
  | { kind: 'confirmed'; claimId: number; deposit: boolean; amountPaise: number; receipt: string | null };

export async function ownerPaymentState(
  db: DbReader,
  caseId: number,
  telegramUserId: bigint,
): Promise<OwnerPaymentState> {
  const claim = await db.claim.findFirst({
    where: { caseId, telegramUserId },
    orderBy: { id: 'desc' },
    include: { payments: { orderBy: { id: 'desc' }, take: 1, include: { receipt: { select: { number: true } } } } },
  });
  if (!claim) return { kind: 'no_claim' };
  const deposit = claim.kind === 'S15_PROTEST';
  const p = claim.payments[0];
  if (!p) return { kind: 'claim', claimId: claim.id, deposit, rejected: null };
  const amountPaise = paiseOf(p.amountPaise);
  if (p.status === 'PENDING')
    return { kind: 'pending', claimId: claim.id, deposit, amountPaise, method: p.method, on: toIstDate(p.declaredAt) };
  if (p.status === 'CONFIRMED')
    return { kind: 'confirmed', claimId: claim.id, deposit, amountPaise, receipt: p.receipt?.number ?? null };
  const rejected = p.status === 'REJECTED' ? { amountPaise, reason: p.rejectedReason } : null;
  return { kind: 'claim', claimId: claim.id, deposit, rejected };
}
