import { describe, expect, it } from 'vitest';
import { applyTransition, checkPartClaim, checkTransition, TransitionRefused, type CaseState } from '../../../src/law';
import { ist } from './fixtures';

// One register entry of 3 heads of two owners, impounded 31 May 2026 11:00 IST; s. 20 window 1–10 June.
const ENTRY: CaseState = { status: 'IMPOUNDED', impoundedAt: ist('2026-05-31T11:00'), heads: 3 };
const NOW = ist('2026-06-02T10:00');

function refusal(r: ReturnType<typeof checkPartClaim>): TransitionRefused {
  expect(r.ok).toBe(false);
  if (r.ok) throw new Error(`allowed: ${r.value}`);
  expect(r.error).toBeInstanceOf(TransitionRefused);
  return r.error as TransitionRefused;
}

describe('checkPartClaim: each owner claims his own heads (ss. 13, 15)', () => {
  it('a strict part of the heads in the pound is a part claim; all of them is the whole (the ordinary path)', () => {
    expect(checkPartClaim(ENTRY, 's13', { claimed: 1, claimedInCustody: 1 }, NOW)).toEqual({ ok: true, value: 'part' });
    expect(checkPartClaim(ENTRY, 's15', { claimed: 2, claimedInCustody: 2 }, NOW)).toEqual({ ok: true, value: 'part' });
    expect(checkPartClaim(ENTRY, 's13', { claimed: 3, claimedInCustody: 3 }, NOW)).toEqual({
      ok: true,
      value: 'whole',
    });
    // After one owner's head went home, the other two are all that is left: the whole.
    const oneGone: CaseState = { ...ENTRY, headsRemaining: 2, headsReleased: 1 };
    expect(checkPartClaim(oneGone, 's13', { claimed: 2, claimedInCustody: 2 }, NOW)).toEqual({
      ok: true,
      value: 'whole',
    });
  });

  it('refuses a head no longer in the pound, an empty claim, a part after a sale, and a part once the whole is paid', () => {
    const gone = refusal(
      checkPartClaim(
        { ...ENTRY, headsRemaining: 2, headsReleased: 1 },
        's13',
        { claimed: 1, claimedInCustody: 0 },
        NOW,
      ),
    );
    expect([gone.reason, gone.section]).toEqual(['HEAD_NOT_IN_CUSTODY', 's. 13']);
    expect(refusal(checkPartClaim(ENTRY, 's15', { claimed: 0, claimedInCustody: 0 }, NOW)).reason).toBe(
      'NO_HEADS_CLAIMED',
    );
    const sold = refusal(
      checkPartClaim(
        { ...ENTRY, status: 'PARTLY_SOLD', headsRemaining: 2 },
        's13',
        { claimed: 1, claimedInCustody: 1 },
        NOW,
      ),
    );
    expect([sold.reason, sold.section]).toEqual(['PART_CLAIM_AFTER_SALE', 's. 13']);
    const paid = refusal(
      checkPartClaim(
        { ...ENTRY, status: 'PAYMENT_PENDING', paymentReceived: true },
        's13',
        { claimed: 1, claimedInCustody: 1 },
        NOW,
      ),
    );
    expect(paid.reason).toBe('PAYMENT_ALREADY_CONFIRMED');
    // Another owner's whole claim only declared: his confirmation will be refused instead (his heads left).
    expect(
      checkPartClaim(
        { ...ENTRY, status: 'PAYMENT_PENDING', paymentReceived: false },
        's13',
        { claimed: 1, claimedInCustody: 1 },
        NOW,
      ),
    ).toEqual({ ok: true, value: 'part' });
    expect(
      refusal(checkPartClaim({ ...ENTRY, status: 'RELEASED_S13' }, 's13', { claimed: 1, claimedInCustody: 1 }, NOW))
        .reason,
    ).toBe('WRONG_STATUS');
  });

  it('s. 15: a part deposit only within the s. 20 window; before impounding nothing', () => {
    const late = refusal(checkPartClaim(ENTRY, 's15', { claimed: 1, claimedInCustody: 1 }, ist('2026-06-11T00:00')));
    expect([late.reason, late.section]).toEqual(['COMPLAINT_WINDOW_CLOSED', 's. 20']);
    expect(checkPartClaim(ENTRY, 's13', { claimed: 1, claimedInCustody: 1 }, ist('2026-06-11T00:00')).ok).toBe(true);
    expect(
      refusal(checkPartClaim(ENTRY, 's13', { claimed: 1, claimedInCustody: 1 }, ist('2026-05-30T00:00'))).reason,
    ).toBe('BEFORE_IMPOUNDING');
  });

  it('heads delivered on part claims are not "sold": the rest is claimed and released as RELEASED_S13, not an account', () => {
    const rest: CaseState = { ...ENTRY, headsRemaining: 2, headsReleased: 1 };
    const pending = applyTransition(rest, 'CLAIM_AND_PAY', 'owner', NOW);
    if (!pending.ok) throw pending.error;
    const release = checkTransition({ ...pending.value, paymentReceived: true }, 'RELEASE', 'pound_keeper', NOW, {
      receiptSigned: true,
    });
    expect(release.ok && release.value.to).toBe('RELEASED_S13');
    // A keeper's "not received" returns it to IMPOUNDED, not PARTLY_SOLD; a refusal to pay is still possible (s. 16).
    const back = checkTransition(pending.value, 'PAYMENT_NOT_RECEIVED', 'pound_keeper', NOW);
    expect(back.ok && back.value.to).toBe('IMPOUNDED');
    expect(checkTransition(rest, 'REFUSE_TO_PAY', 'pound_keeper', NOW).ok).toBe(true);
    // Whereas after a sale of one head the rest of a claimed case goes with the account (unchanged).
    const sold = checkTransition(
      { ...ENTRY, status: 'PAYMENT_PENDING', headsRemaining: 2, paymentReceived: true },
      'RELEASE',
      'pound_keeper',
      NOW,
      { receiptSigned: true },
    );
    expect(sold.ok && sold.value.to).toBe('ACCOUNT_DELIVERED');
  });
});
