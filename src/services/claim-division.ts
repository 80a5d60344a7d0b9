import { splitClaimPayment, sumPaise } from '../law';
import type { Tx } from './outbox';
import { postLedger, type LedgerPosting } from './ledger';

/**
 * The division of money paid at the pound under s. 13 (s. 17, second paragraph): the pound-keeper retains
 * the feeding charges received, the fines/penalties are the District Magistrate's (remitted, and confirmed
 * as a Remittance FINES_TO_MAGISTRATE as for a sale), a Maharashtra s. 12A security goes to the Magistrate
 * too. One LedgerEntry per non-zero part, keyed `payment:<id>:split:<ACCOUNT>` (a replay writes nothing),
 * and the parts add up to the OWNER_PAYMENT entry to the paisa.
 */

const ACCOUNT = {
  DISTRICT_MAGISTRATE: 'DISTRICT_MAGISTRATE',
  POUND_KEEPER: 'POUND_KEEPER',
  S12A_SECURITY: 'SECURITY',
} as const;
type DivisionAccount = (typeof ACCOUNT)[keyof typeof ACCOUNT];

/** Ledger key of one part of a s. 13 payment's division. */
export function claimSplitKey(paymentId: number, account: DivisionAccount): string {
  return `payment:${paymentId}:split:${account}`;
}

/** True for a ledger key of a s. 13 payment's division. */
export function isClaimSplitKey(key: string): boolean {
  return /^payment:\d+:split:/.test(key);
}

/** Fine/feeding/security totals from a payment's dues snapshot (the DuesBreakdown the owner was shown). */
function snapshotTotals(snapshot: unknown): { finePaise: number; feedingPaise: number; securityPaise: number } | null {
  const t = (snapshot as { totals?: Record<string, unknown> } | null)?.totals;
  if (!t) return null;
  const n = (x: unknown) => (typeof x === 'number' && Number.isSafeInteger(x) && x >= 0 ? x : null);
  const fine = n(t.finePaise);
  const feeding = n(t.feedingPaise);
  const security = n(t.securityPaise ?? 0);
  return fine === null || feeding === null || security === null
    ? null
    : { finePaise: fine, feedingPaise: feeding, securityPaise: security };
}

/** One part of money divided under s. 17: whose it is, under which section, how much. */
export type DivisionLine = { account: DivisionAccount; section: string; amountPaise: number };

/**
 * Money received against the dues the payer was shown (a s. 13 payment, or a s. 15 deposit applied to the dues),
 * divided as s. 17 divides it: fines to the Magistrate, feeding to the keeper, a s. 12A security held. Refused when
 * the snapshot holds no dues, or when the parts do not add up to what was received (every paisa goes to exactly one
 * part, or nothing is divided).
 */
export function divideAsShown(
  snapshot: unknown,
  receivedPaise: number,
):
  | { ok: true; lines: DivisionLine[] }
  | { ok: false; reason: 'DUES_UNAVAILABLE' }
  | { ok: false; reason: 'SPLIT_UNBALANCED'; total: number } {
  const totals = snapshotTotals(snapshot);
  const parts = totals ? splitClaimPayment(totals) : null;
  if (!parts?.ok) return { ok: false, reason: 'DUES_UNAVAILABLE' };
  const lines = parts.value
    .filter((p) => p.amountPaise > 0)
    .map((p) => ({
      account: ACCOUNT[p.payee as keyof typeof ACCOUNT],
      section: p.section,
      amountPaise: p.amountPaise,
    }));
  const total = sumPaise(lines.map((l) => l.amountPaise));
  return total === receivedPaise ? { ok: true, lines } : { ok: false, reason: 'SPLIT_UNBALANCED', total };
}

/** The parts of a confirmed s. 13 payment from the dues the owner was shown, or null when they do not add up. */
export function claimDivision(snapshot: unknown, receivedPaise: number): DivisionLine[] | null {
  const d = divideAsShown(snapshot, receivedPaise);
  return d.ok ? d.lines : null;
}

/**
 * The ledger postings of a confirmed s. 13 payment's division (idempotent keys), for the caller to post with the
 * payment's own entry in one statement; null when the dues snapshot cannot be divided (then the OWNER_PAYMENT entry
 * stands alone and the audit event says so). `lines` are the parts, as the audit records them.
 */
export function claimDivisionPostings(
  snapshot: unknown,
  paymentId: number,
  receivedPaise: number,
): { lines: NonNullable<ReturnType<typeof claimDivision>>; postings: LedgerPosting[] } | null {
  const lines = claimDivision(snapshot, receivedPaise);
  if (!lines) return null;
  return {
    lines,
    postings: lines.map((l) => ({
      account: l.account,
      amountPaise: l.amountPaise,
      section: l.section,
      memo: `s. 13 payment ${paymentId}: s. 17 division`,
      idempotencyKey: claimSplitKey(paymentId, l.account),
    })),
  };
}

/**
 * Writes the division of a confirmed s. 13 payment inside the caller's transaction (idempotent). Returns
 * the parts written or already there; null when the dues snapshot cannot be divided (nothing is written,
 * the OWNER_PAYMENT entry stands alone and the audit event says so).
 */
export async function recordClaimDivision(
  tx: Tx,
  input: { caseId: number; paymentId: number; snapshot: unknown; receivedPaise: number; now: Date },
) {
  const division = claimDivisionPostings(input.snapshot, input.paymentId, input.receivedPaise);
  if (!division) return null;
  await postLedger(tx, input.caseId, input.now, division.postings);
  return division.lines;
}
