import { assertInstant } from './calendar';
import { CLAIMABLE, type CaseState } from './case-model';
import { err, guard, LawError, ok, TransitionRefused, type LawResult, type RefusalReason } from './errors';
import { headsRemaining } from './lifecycle';
import { resolveWindows } from './rules';
import type { Section } from './sections';
import { s20ComplaintWindowOf } from './timeline';

/**
 * One register entry, several owners. Section 13 lets "the owner of the cattle impounded" claim
 * them on payment of the fines and charges "in respect of such cattle", and s. 15 lets him deposit that amount under
 * protest: each owner of a mixed lot claims, and pays for, his own heads. A claim for a strict part of the heads still
 * in the pound (a *part claim*) is settled on its own: once the keeper confirms the payment or deposit, those heads
 * are delivered and the case goes on for the rest (its status does not move; the s. 14 report, notice and sale carry
 * on for the heads still in the pound). A claim for every head still in the pound is the ordinary path of the case
 * (CLAIM_AND_PAY / DEPOSIT_UNDER_PROTEST → RELEASE), judged by `checkTransition`.
 */

/** Which procedure the part claim is under: s. 13 (claim and pay) or s. 15 (deposit under protest). */
export type ClaimBasis = 's13' | 's15';

/** What the owner's claim covers. */
export interface ClaimedHeads {
  /** Heads the claim names. */
  readonly claimed: number;
  /** Of those, heads still in the pound (not sold, not delivered to another owner). */
  readonly claimedInCustody: number;
}

/** 'part': a strict part of the heads in the pound, settled on its own; 'whole': every head left, the case's own path. */
export type ClaimScope = 'part' | 'whole';

const SECTION: Record<ClaimBasis, Section> = { s13: 's. 13', s15: 's. 15' };
const ACTION: Record<ClaimBasis, string> = { s13: 'CLAIM_AND_PAY', s15: 'DEPOSIT_UNDER_PROTEST' };

/**
 * May this claim (declared, or confirmed by the keeper) be settled now, and is it a part claim or the whole? Refusals
 * (each with its section): no head named (NO_HEADS_CLAIMED); a head named that is no longer in the pound —
 * delivered on another claim or sold — (HEAD_NOT_IN_CUSTODY, the claim is for "such cattle" impounded); a part
 * claim after a s. 14 sale of some heads (PART_CLAIM_AFTER_SALE: what that sale left unrecovered is owed for the
 * heads left together and cannot be apportioned to one owner's heads, s. 13 with s. 16 ¶2); a part claim while the
 * whole entry's payment or deposit is already confirmed (PAYMENT_ALREADY_CONFIRMED / DEPOSIT_ALREADY_CONFIRMED);
 * any other status (WRONG_STATUS); a s. 15 deposit once the s. 20 window has closed (COMPLAINT_WINDOW_CLOSED).
 * 'whole' is returned without further checks: the caller takes the ordinary transition, which checks them.
 */
export function checkPartClaim(
  state: CaseState,
  basis: ClaimBasis,
  heads: ClaimedHeads,
  now: Date,
): LawResult<ClaimScope> {
  const r = guard((): ClaimScope | TransitionRefused => {
    assertInstant(now, 'now');
    assertInstant(state.impoundedAt, 'impoundedAt');
    for (const [k, v] of Object.entries(heads)) {
      if (!Number.isSafeInteger(v) || v < 0)
        throw new LawError(v < 0 ? 'NEGATIVE_COUNT' : 'INVALID_COUNT', { field: k, value: v });
    }
    const section = SECTION[basis];
    const no = (reason: RefusalReason, s: Section, details?: Record<string, unknown>) =>
      new TransitionRefused(reason, s, ACTION[basis], state.status, details);
    if (now.getTime() < state.impoundedAt.getTime()) return no('BEFORE_IMPOUNDING', section);
    if (heads.claimed < 1) return no('NO_HEADS_CLAIMED', section);
    if (heads.claimedInCustody < heads.claimed)
      return no('HEAD_NOT_IN_CUSTODY', section, { claimed: heads.claimed, inCustody: heads.claimedInCustody });
    const left = headsRemaining(state);
    if (heads.claimedInCustody >= left) return 'whole';
    const { status } = state;
    if (status === 'PARTLY_SOLD') return no('PART_CLAIM_AFTER_SALE', 's. 13');
    if (status === 'PAYMENT_PENDING' && state.paymentReceived) return no('PAYMENT_ALREADY_CONFIRMED', 's. 13');
    if (status === 'DEPOSIT_PENDING' && state.depositReceived) return no('DEPOSIT_ALREADY_CONFIRMED', 's. 15');
    if (!CLAIMABLE.includes(status) && status !== 'PAYMENT_PENDING' && status !== 'DEPOSIT_PENDING')
      return no('WRONG_STATUS', section);
    if (basis === 's15') {
      // s. 15 rests on an intended complaint under s. 20, which must be made within the window.
      const end = s20ComplaintWindowOf(state, resolveWindows(state.windows));
      if (now.getTime() >= end.dueAt.getTime())
        return no('COMPLAINT_WINDOW_CLOSED', 's. 20', { lastDay: end.date, closedAt: end.dueAt.toISOString() });
    }
    return 'part';
  });
  if (!r.ok) return r;
  return r.value instanceof TransitionRefused ? err(r.value) : ok(r.value);
}
