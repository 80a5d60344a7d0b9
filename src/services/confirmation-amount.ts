import { claimDivisionPostings } from './claim-division';
import type { ConfirmationFacts } from './confirmation-sql';
import { Refusal } from './refusal';

/** The ledger account and section of the money a keeper confirms: a s. 13 payment, or a s. 15 deposit. */
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
 * The amount the keeper confirms: the dues the owner was told when declaring (the statute engine's total in the
 * snapshot), which the keeper's typed amount, if any, must equal. Refused for a payment no longer pending
 * (PAYMENT_WAS_REJECTED, PAYMENT_WAS_CANCELLED) and for another amount (CONFIRM_AMOUNT_MORE, CONFIRM_AMOUNT_LESS).
 */
export function amountToConfirm(p: ConfirmationFacts, typedPaise: number | null | undefined): number {
  if (p.status !== 'PENDING')
    throw new Refusal(p.status === 'REJECTED' ? 'PAYMENT_WAS_REJECTED' : 'PAYMENT_WAS_CANCELLED', null, {
      caseNumber: p.c.number,
    });
  const duePaise = duesTold(p.duesSnapshot) ?? p.amountPaise;
  if (typedPaise != null && typedPaise !== duePaise)
    throw new Refusal(typedPaise > duePaise ? 'CONFIRM_AMOUNT_MORE' : 'CONFIRM_AMOUNT_LESS', null, {
      caseNumber: p.c.number,
      due: duePaise,
      given: typedPaise,
      difference: Math.abs(typedPaise - duePaise),
    });
  // The keeper's word is the amount received: the dues told (equal to what the keeper typed, if anything).
  return duePaise;
}

/**
 * The ledger lines of a confirmation: the money received and, for a s. 13 payment, its s. 17 division (the keeper
 * retains the feeding charges received, the fines are the Magistrate's). A s. 15 deposit is divided only when the
 * Magistrate orders it applied (deposit-outcome.ts).
 */
export function confirmationLedger(p: ConfirmationFacts, paymentId: number, confirmedPaise: number) {
  const received = LEDGER[p.kind];
  const division = p.kind === 'S13_PAYMENT' ? claimDivisionPostings(p.duesSnapshot, paymentId, confirmedPaise) : null;
  const ledger = [
    {
      account: received.account,
      amountPaise: confirmedPaise,
      section: received.section,
      memo: `payment ${paymentId}`,
      idempotencyKey: `payment:${paymentId}:received`,
    },
    ...(division?.postings ?? []),
  ];
  return { ledger, division };
}
