import { describe, expect, it } from 'vitest';
import {
  applyTransition,
  checkTransition,
  mayAttempt,
  missingProclamations,
  noticeCounts,
  nextActions,
  ROLES,
  TRANSITIONS,
  TransitionRefused,
  type ActionParams,
  type Actor,
  type CaseAction,
  type CaseState,
  type Role,
} from '../../../src/law';
import { ist } from './fixtures';

// A case of 3 heads impounded on 31 May 2026 at 11:00 IST (day 0).
//   s. 14 claim period: 1–7 June; report due from 00:00 IST on 8 June.
//   s. 20 window: 1–10 June (seizure = impounding).
const IMPOUNDED: CaseState = { status: 'IMPOUNDED', impoundedAt: ist('2026-05-31T11:00'), heads: 3 };

function step(
  state: CaseState,
  action: CaseAction,
  actor: Actor | Role,
  at: string,
  params: ActionParams = {},
): CaseState {
  const r = applyTransition(state, action, actor, ist(at), params);
  if (!r.ok) throw r.error;
  return r.value;
}

function refused(
  state: CaseState,
  action: CaseAction,
  actor: Actor | Role,
  at: string,
  params: ActionParams = {},
): TransitionRefused {
  const r = checkTransition(state, action, actor, ist(at), params);
  expect(r.ok).toBe(false);
  if (r.ok) throw new Error(`${action} was allowed`);
  expect(r.error).toBeInstanceOf(TransitionRefused);
  return r.error as TransitionRefused;
}

describe('s. 13: claim, pay, release with receipt', () => {
  it('walks IMPOUNDED → PAYMENT_PENDING → (payment confirmed) → RELEASED_S13 → CLOSED', () => {
    let s = step(IMPOUNDED, 'CLAIM_AND_PAY', 'owner', '2026-06-02T10:00');
    expect(s.status).toBe('PAYMENT_PENDING');
    s = step(s, 'CONFIRM_PAYMENT', 'pound_keeper', '2026-06-02T10:30');
    expect(s).toMatchObject({ status: 'PAYMENT_PENDING', paymentReceived: true });
    s = step(s, 'RELEASE', 'pound_keeper', '2026-06-02T10:35', { receiptSigned: true });
    expect(s.status).toBe('RELEASED_S13');
    expect(step(s, 'CLOSE', 'system', '2026-06-02T11:00').status).toBe('CLOSED');
  });

  it('the keeper may not release before the payment is confirmed (s. 19)', () => {
    const pending = step(IMPOUNDED, 'CLAIM_AND_PAY', 'owner', '2026-06-02T10:00');
    expect(refused(pending, 'RELEASE', 'pound_keeper', '2026-06-02T10:05', { receiptSigned: true })).toMatchObject({
      section: 's. 19',
      reason: 'RELEASE_WITHOUT_PAYMENT_DEPOSIT_OR_ORDER',
    });
    expect(refused(IMPOUNDED, 'RELEASE', 'pound_keeper', '2026-06-02T10:05', { receiptSigned: true })).toMatchObject({
      section: 's. 19',
      reason: 'RELEASE_WITHOUT_PAYMENT_DEPOSIT_OR_ORDER',
    });
  });

  it('the owner must sign the receipt in the register (s. 13)', () => {
    const paid = { ...IMPOUNDED, status: 'PAYMENT_PENDING' as const, paymentReceived: true };
    expect(refused(paid, 'RELEASE', 'pound_keeper', '2026-06-02T10:05')).toMatchObject({
      section: 's. 13',
      reason: 'RECEIPT_NOT_SIGNED',
    });
  });

  it('only the pound-keeper confirms a payment; the owner is told whose role it is', () => {
    const pending = step(IMPOUNDED, 'CLAIM_AND_PAY', 'owner', '2026-06-02T10:00');
    const e = refused(pending, 'CONFIRM_PAYMENT', 'owner', '2026-06-02T10:05');
    expect(e).toMatchObject({ reason: 'ROLE_NOT_ALLOWED', section: 's. 13' });
    expect(e.details).toMatchObject({ role: 'owner', allowedRoles: ['pound_keeper'] });
  });

  it('a payment that never arrives puts the case back where it was', () => {
    const reported = step(IMPOUNDED, 'REPORT_S14', 'pound_keeper', '2026-06-08T09:00');
    const pending = step(reported, 'CLAIM_AND_PAY', 'owner', '2026-06-08T10:00');
    expect(step(pending, 'PAYMENT_NOT_RECEIVED', 'pound_keeper', '2026-06-08T12:00').status).toBe('REPORTED_S14');
  });
});

describe('s. 15: deposit under protest, within the s. 20 window', () => {
  it.each([
    ['2026-06-10T23:59', true], // day 10, last day of the window
    ['2026-06-11T00:00', false], // day 11
  ])('a deposit at %s is allowed: %s', (at, allowed) => {
    const r = checkTransition(IMPOUNDED, 'DEPOSIT_UNDER_PROTEST', 'owner', ist(at));
    expect(r.ok).toBe(allowed);
    if (!r.ok) expect(r.error).toMatchObject({ section: 's. 20', reason: 'COMPLAINT_WINDOW_CLOSED' });
  });

  it('walks to DEPOSITED_S15 and the Magistrate decides the outcome', () => {
    let s = step(IMPOUNDED, 'DEPOSIT_UNDER_PROTEST', 'owner', '2026-06-03T10:00');
    expect(s.status).toBe('DEPOSIT_PENDING');
    expect(refused(s, 'RELEASE', 'pound_keeper', '2026-06-03T10:05')).toMatchObject({ section: 's. 19' });
    s = step(s, 'CONFIRM_DEPOSIT', 'pound_keeper', '2026-06-03T10:10');
    s = step(s, 'RELEASE', 'pound_keeper', '2026-06-03T10:15');
    expect(s.status).toBe('DEPOSITED_S15');
    expect(refused(s, 'DEPOSIT_OUTCOME_REFUND', 'pound_keeper', '2026-07-01T10:00')).toMatchObject({
      reason: 'ROLE_NOT_ALLOWED',
    });
    expect(step(s, 'DEPOSIT_OUTCOME_REFUND', 'magistrate', '2026-07-01T10:00').status).toBe('CLOSED');
  });
});

describe('s. 14: report, notice, auction; s. 17: surplus', () => {
  it('the report is refused on day 7 and allowed from 00:00 IST on day 8', () => {
    expect(refused(IMPOUNDED, 'REPORT_S14', 'pound_keeper', '2026-06-07T23:59')).toMatchObject({
      section: 's. 14',
      reason: 'CLAIM_PERIOD_RUNNING',
      details: { lastClaimDay: '2026-06-07', reportableFrom: '2026-06-08' },
    });
    expect(step(IMPOUNDED, 'REPORT_S14', 'pound_keeper', '2026-06-08T00:00').status).toBe('REPORTED_S14');
  });

  const notice = { description: '3 cows, brown', placeOfSeizure: 'Amer fields', placeOfImpounding: 'JAI1 pound' };

  it('the notice needs its particulars (a)–(c) and the proclamation by beat of drum', () => {
    const reported = step(IMPOUNDED, 'REPORT_S14', 'pound_keeper', '2026-06-08T09:00');
    expect(refused(reported, 'POST_NOTICE', 'officer', '2026-06-09T10:00', { proclaimedByDrum: true })).toMatchObject({
      reason: 'NOTICE_INCOMPLETE',
      section: 's. 14',
    });
    expect(
      refused(reported, 'POST_NOTICE', 'officer', '2026-06-09T10:00', {
        notice: { ...notice, placeOfSeizure: ' ' },
        proclaimedByDrum: true,
      }),
    ).toMatchObject({ reason: 'NOTICE_INCOMPLETE' });
    expect(refused(reported, 'POST_NOTICE', 'officer', '2026-06-09T10:00', { notice })).toMatchObject({
      reason: 'PROCLAMATION_REQUIRED',
    });
    expect(
      refused(reported, 'POST_NOTICE', 'pound_keeper', '2026-06-09T10:00', { notice, proclaimedByDrum: true }),
    ).toMatchObject({ reason: 'ROLE_NOT_ALLOWED' });
  });

  it('walks the whole s. 14 path to Government revenue', () => {
    let s = step(IMPOUNDED, 'REPORT_S14', 'pound_keeper', '2026-06-08T09:00');
    s = step(s, 'POST_NOTICE', 'officer', '2026-06-09T10:00', { notice, proclaimedByDrum: true });
    expect(s).toMatchObject({ status: 'NOTICE_POSTED', noticePostedAt: ist('2026-06-09T10:00') });
    // Notice on 9 June: sale not before 00:00 IST on 17 June.
    expect(
      refused(s, 'SCHEDULE_AUCTION', 'officer', '2026-06-10T10:00', { auctionAt: ist('2026-06-16T23:00') }),
    ).toMatchObject({ section: 's. 14', reason: 'SALE_BEFORE_AUCTION_ELIGIBLE' });
    expect(refused(s, 'SCHEDULE_AUCTION', 'officer', '2026-06-10T10:00')).toMatchObject({
      reason: 'AUCTION_TIME_REQUIRED',
    });
    s = step(s, 'SCHEDULE_AUCTION', 'officer', '2026-06-10T10:00', { auctionAt: ist('2026-06-17T11:00') });
    expect(s.status).toBe('AUCTION_SCHEDULED');
    // Bids: not before the auction, never from an official (s. 19), directly or through another.
    expect(refused(s, 'PLACE_BID', { role: 'public' }, '2026-06-17T10:00')).toMatchObject({
      reason: 'AUCTION_NOT_STARTED',
    });
    expect(checkTransition(s, 'PLACE_BID', { role: 'public' }, ist('2026-06-17T11:05')).ok).toBe(true);
    expect(refused(s, 'PLACE_BID', 'officer', '2026-06-17T11:05')).toMatchObject({
      section: 's. 19',
      reason: 'OFFICIAL_BUYER',
    });
    expect(refused(s, 'PLACE_BID', 'pound_keeper', '2026-06-17T11:05')).toMatchObject({
      section: 's. 19',
      reason: 'OFFICIAL_BUYER',
    });
    expect(
      refused(s, 'PLACE_BID', { role: 'public', actingFor: { role: 'pound_keeper' } }, '2026-06-17T11:05'),
    ).toMatchObject({ section: 's. 19', reason: 'OFFICIAL_BUYER' });
    expect(refused(s, 'PLACE_BID', { role: 'public', isPoliceOfficer: true }, '2026-06-17T11:05')).toMatchObject({
      section: 's. 19',
    });
    expect(
      refused(s, 'RECORD_SALE', 'officer', '2026-06-17T12:00', {
        headsSold: 3,
        buyers: [{ role: 'public' }, { role: 'public', appointedUnderAct: true }],
      }),
    ).toMatchObject({ section: 's. 19', reason: 'OFFICIAL_BUYER', details: { buyerIndex: 1 } });
    expect(
      refused(s, 'RECORD_SALE', 'officer', '2026-06-17T12:00', { headsSold: 4, buyers: [{ role: 'public' }] }),
    ).toMatchObject({ reason: 'INVALID_HEADS_SOLD' });
    s = step(s, 'RECORD_SALE', 'officer', '2026-06-17T12:00', { headsSold: 3, buyers: [{ role: 'public' }] });
    expect(s).toMatchObject({ status: 'SOLD', headsRemaining: 0 });
    s = step(s, 'DELIVER_ACCOUNT', 'officer', '2026-06-18T10:00'); // owner absent: no receipt to take
    s = step(s, 'RECORD_SPLIT', 'officer', '2026-06-18T11:00', {
      surplusToDepositPaise: 14_500,
      surplusDepositedAt: ist('2026-06-18T11:00'),
    });
    expect(s.status).toBe('SURPLUS_HELD');
    // Deposit on 18 June: hold runs to the end of 18 September 2026.
    expect(refused(s, 'SURPLUS_LAPSES', 'system', '2026-09-18T23:59')).toMatchObject({
      section: 's. 17',
      reason: 'SURPLUS_HOLD_RUNNING',
    });
    expect(checkTransition(s, 'CLAIM_SURPLUS', 'magistrate', ist('2026-09-18T23:59')).ok).toBe(true);
    expect(refused(s, 'CLAIM_SURPLUS', 'magistrate', '2026-09-19T00:00')).toMatchObject({
      section: 's. 17',
      reason: 'SURPLUS_HOLD_EXPIRED',
    });
    s = step(s, 'SURPLUS_LAPSES', 'system', '2026-09-19T00:00');
    expect(s.status).toBe('SURPLUS_TO_REVENUE');
    expect(step(s, 'CLOSE', 'admin', '2026-09-19T01:00').status).toBe('CLOSED');
  });

  it('a sale already scheduled cannot be recorded before the auction-eligible date', () => {
    const scheduled: CaseState = {
      ...IMPOUNDED,
      status: 'AUCTION_SCHEDULED',
      reportedAt: ist('2026-06-08T09:00'),
      noticePostedAt: ist('2026-06-09T10:00'),
      auctionAt: ist('2026-06-12T10:00'),
    };
    expect(
      refused(scheduled, 'RECORD_SALE', 'officer', '2026-06-16T12:00', { headsSold: 1, buyers: [{ role: 'public' }] }),
    ).toMatchObject({ section: 's. 14', reason: 'SALE_BEFORE_AUCTION_ELIGIBLE' });
    expect(
      refused(scheduled, 'DISPOSE_PROVISO', 'magistrate', '2026-06-16T12:00', { notLikelyToFetchFairPrice: true }),
    ).toMatchObject({ reason: 'SALE_BEFORE_AUCTION_ELIGIBLE' });
  });

  it('without a notice there is no s. 14 auction', () => {
    expect(
      refused(IMPOUNDED, 'SCHEDULE_AUCTION', 'officer', '2026-06-20T10:00', { auctionAt: ist('2026-06-21T10:00') }),
    ).toMatchObject({ section: 's. 14', reason: 'NOTICE_NOT_POSTED' });
  });

  it("proviso: disposal needs the Magistrate and the Magistrate's opinion", () => {
    const posted: CaseState = {
      ...IMPOUNDED,
      status: 'NOTICE_POSTED',
      reportedAt: ist('2026-06-08T09:00'),
      noticePostedAt: ist('2026-06-09T10:00'),
    };
    expect(
      refused(posted, 'DISPOSE_PROVISO', 'officer', '2026-06-20T10:00', { notLikelyToFetchFairPrice: true }),
    ).toMatchObject({ reason: 'ROLE_NOT_ALLOWED' });
    expect(refused(posted, 'DISPOSE_PROVISO', 'magistrate', '2026-06-20T10:00')).toMatchObject({
      reason: 'MAGISTRATE_OPINION_REQUIRED',
    });
    expect(
      step(posted, 'DISPOSE_PROVISO', 'magistrate', '2026-06-20T10:00', { notLikelyToFetchFairPrice: true }).status,
    ).toBe('DISPOSED_PROVISO');
  });
});

describe('s. 16: the owner appears and refuses or omits to pay', () => {
  it('as many head as necessary are sold without the s. 14 notice; the rest go back with a receipt', () => {
    let s = step(IMPOUNDED, 'CLAIM_AND_PAY', 'owner', '2026-06-02T10:00');
    s = step(s, 'REFUSE_TO_PAY', 'pound_keeper', '2026-06-02T18:00'); // omitted to pay
    expect(s).toMatchObject({ status: 'IMPOUNDED', ownerRefusedAt: ist('2026-06-02T18:00') });
    s = step(s, 'SCHEDULE_AUCTION', 'officer', '2026-06-03T10:00', { auctionAt: ist('2026-06-04T11:00') });
    s = step(s, 'RECORD_SALE', 'officer', '2026-06-04T12:00', { headsSold: 1, buyers: [{ role: 'public' }] });
    expect(s).toMatchObject({ status: 'PARTLY_SOLD', headsRemaining: 2 });
    expect(
      refused(s, 'SCHEDULE_AUCTION', 'officer', '2026-06-05T10:00', { auctionAt: ist('2026-06-06T10:00') }),
    ).toMatchObject({ section: 's. 16', reason: 'WRONG_STATUS' });
    expect(refused(s, 'DELIVER_ACCOUNT', 'officer', '2026-06-04T13:00')).toMatchObject({
      section: 's. 16',
      reason: 'RECEIPT_NOT_SIGNED',
    });
    s = step(s, 'DELIVER_ACCOUNT', 'officer', '2026-06-04T13:00', { receiptSigned: true });
    s = step(s, 'RECORD_SPLIT', 'officer', '2026-06-04T14:00', { surplusToDepositPaise: 0 });
    expect(s.status).toBe('SPLIT_RECORDED');
  });

  it('a refusal cannot undo a confirmed payment', () => {
    const paid: CaseState = { ...IMPOUNDED, status: 'PAYMENT_PENDING', paymentReceived: true };
    expect(refused(paid, 'REFUSE_TO_PAY', 'pound_keeper', '2026-06-02T18:00')).toMatchObject({
      reason: 'PAYMENT_ALREADY_CONFIRMED',
    });
  });
});

describe('s. 19: release by order of a Magistrate or Civil Court', () => {
  it('needs the order', () => {
    expect(refused(IMPOUNDED, 'ORDER_RELEASE', 'pound_keeper', '2026-06-03T10:00')).toMatchObject({
      section: 's. 19',
      reason: 'ORDER_REQUIRED',
    });
    expect(
      refused(IMPOUNDED, 'ORDER_RELEASE', 'pound_keeper', '2026-06-03T10:00', {
        order: { by: 'CIVIL_COURT', ref: '' },
      }),
    ).toMatchObject({ reason: 'ORDER_REQUIRED' });
    const s = step(IMPOUNDED, 'ORDER_RELEASE', 'pound_keeper', '2026-06-03T10:00', {
      order: { by: 'CIVIL_COURT', ref: 'CS 12/2026' },
    });
    expect(s).toMatchObject({ status: 'RELEASED_BY_ORDER', order: { by: 'CIVIL_COURT', ref: 'CS 12/2026' } });
    expect(
      refused(IMPOUNDED, 'ORDER_RELEASE', 'owner', '2026-06-03T10:00', { order: { by: 'MAGISTRATE', ref: '1' } }),
    ).toMatchObject({ reason: 'ROLE_NOT_ALLOWED' });
  });
});

describe('every transition names its roles and refuses the others with a reason', () => {
  const cases = TRANSITIONS.flatMap((t) =>
    ROLES.filter((r) => !t.roles.includes(r)).map((role) => [t.action, t.from[0]!, role] as const),
  );
  it.each(cases)('%s from %s by %s is refused', (action, from, role) => {
    const state: CaseState = {
      ...IMPOUNDED,
      status: from,
      noticePostedAt: ist('2026-06-09T10:00'),
      surplusDepositedAt: ist('2026-06-20T10:00'),
    };
    const e = refused(state, action, role, '2026-06-25T10:00');
    const official = action === 'PLACE_BID' && (role === 'officer' || role === 'pound_keeper');
    expect(e.reason).toBe(official ? 'OFFICIAL_BUYER' : 'ROLE_NOT_ALLOWED');
  });

  it('nothing may happen to a closed case', () => {
    for (const t of TRANSITIONS) {
      for (const role of t.roles) {
        const e = refused(
          { ...IMPOUNDED, status: 'CLOSED' },
          t.action,
          role === 'public' ? { role } : role,
          '2026-07-01T10:00',
        );
        expect(e.reason).toBe('WRONG_STATUS');
      }
    }
  });

  it('nothing may happen before the impounding', () => {
    expect(refused(IMPOUNDED, 'CLAIM_AND_PAY', 'owner', '2026-05-31T10:59')).toMatchObject({
      reason: 'BEFORE_IMPOUNDING',
    });
  });

  it('an unknown status or action is a LawError, not a refusal', () => {
    const a = checkTransition(
      { ...IMPOUNDED, status: 'LOST' as never },
      'CLAIM_AND_PAY',
      'owner',
      ist('2026-06-01T10:00'),
    );
    expect(!a.ok && a.error.code).toBe('UNKNOWN_STATUS');
    const b = checkTransition(IMPOUNDED, 'STEAL' as never, 'owner', ist('2026-06-01T10:00'));
    expect(!b.ok && b.error.code).toBe('UNKNOWN_ACTION');
  });
});

describe('nextActions', () => {
  const actions = (state: CaseState, role: Role | 'public', at: string) => {
    const r = nextActions(state, role, ist(at));
    if (!r.ok) throw r.error;
    return r.value.map((a) => a.action).sort();
  };
  it.each([
    ['pound_keeper', '2026-06-03T10:00', ['CLAIM_AND_PAY', 'DEPOSIT_UNDER_PROTEST', 'ORDER_RELEASE', 'REFUSE_TO_PAY']],
    [
      'pound_keeper',
      '2026-06-08T00:00',
      ['CLAIM_AND_PAY', 'DEPOSIT_UNDER_PROTEST', 'ORDER_RELEASE', 'REFUSE_TO_PAY', 'REPORT_S14'],
    ],
    ['pound_keeper', '2026-06-11T00:00', ['CLAIM_AND_PAY', 'ORDER_RELEASE', 'REFUSE_TO_PAY', 'REPORT_S14']],
    ['owner', '2026-06-03T10:00', ['CLAIM_AND_PAY', 'DEPOSIT_UNDER_PROTEST']],
    ['owner', '2026-06-11T00:00', ['CLAIM_AND_PAY']],
    ['magistrate', '2026-06-03T10:00', ['ORDER_RELEASE']],
    ['system', '2026-06-03T10:00', []],
  ] as const)('%s on an impounded case at %s may: %j', (role, at, expected) => {
    expect(actions(IMPOUNDED, role, at)).toEqual([...expected].sort());
  });

  it('lists the target status, section and the facts still needed', () => {
    const r = nextActions(
      { ...IMPOUNDED, status: 'PAYMENT_PENDING', paymentReceived: true },
      'pound_keeper',
      ist('2026-06-03T10:00'),
    );
    const release = r.ok ? r.value.find((a) => a.action === 'RELEASE') : undefined;
    expect(release).toMatchObject({ to: ['RELEASED_S13'], section: 's. 13', needs: ['receiptSigned'] });
  });
});

describe('mayAttempt: may the action be asked for, before its facts are known (no invented facts)', () => {
  const noticed: CaseState = {
    ...IMPOUNDED,
    status: 'NOTICE_POSTED',
    reportedAt: ist('2026-06-08T09:00'),
    noticePostedAt: ist('2026-06-09T10:00'),
  };
  it('s. 14: an auction may be arranged once the notice is posted, whatever day is then chosen; the day is checked when given', () => {
    expect(mayAttempt(noticed, 'SCHEDULE_AUCTION', 'officer', ist('2026-06-10T10:00')).ok).toBe(true);
    // The facts still decide: no time at all, or a day inside the 7 days of notice, is refused by checkTransition.
    expect(refused(noticed, 'SCHEDULE_AUCTION', 'officer', '2026-06-10T10:00')).toMatchObject({
      reason: 'AUCTION_TIME_REQUIRED',
    });
    expect(
      refused(noticed, 'SCHEDULE_AUCTION', 'officer', '2026-06-10T10:00', { auctionAt: ist('2026-06-16T23:00') }),
    ).toMatchObject({ reason: 'SALE_BEFORE_AUCTION_ELIGIBLE' });
  });
  it('keeps the status, role and time gates: no notice yet, the wrong role, the claim period still running', () => {
    const noNotice = mayAttempt(IMPOUNDED, 'SCHEDULE_AUCTION', 'officer', ist('2026-06-20T10:00'));
    expect(!noNotice.ok && noNotice.error).toMatchObject({ section: 's. 14', reason: 'NOTICE_NOT_POSTED' });
    const keeper = mayAttempt(noticed, 'SCHEDULE_AUCTION', 'pound_keeper', ist('2026-06-10T10:00'));
    expect(!keeper.ok && keeper.error).toMatchObject({ reason: 'ROLE_NOT_ALLOWED' });
    const early = mayAttempt(IMPOUNDED, 'REPORT_S14', 'pound_keeper', ist('2026-06-05T10:00'));
    expect(!early.ok && early.error).toMatchObject({ section: 's. 14', reason: 'CLAIM_PERIOD_RUNNING' });
  });
  it('s. 14 notice: may be asked for once reported, without a made-up description (checkTransition still wants one)', () => {
    const reported: CaseState = { ...IMPOUNDED, status: 'REPORTED_S14', reportedAt: ist('2026-06-08T09:00') };
    expect(mayAttempt(reported, 'POST_NOTICE', 'officer', ist('2026-06-09T10:00')).ok).toBe(true);
    expect(refused(reported, 'POST_NOTICE', 'officer', '2026-06-09T10:00').reason).toBe('NOTICE_INCOMPLETE');
  });
});

describe('s. 14: when a notice counts (proclamations are facts of the case)', () => {
  const reported: CaseState = { ...IMPOUNDED, status: 'REPORTED_S14', reportedAt: ist('2026-06-08T09:00') };
  const stuckUp = { stuckUpAt: ist('2026-06-09T10:00') };
  it('counts only once stuck up and proclaimed in the village and at the market', () => {
    expect(noticeCounts(null)).toBe(false);
    expect(noticeCounts(stuckUp)).toBe(false);
    expect(noticeCounts({ ...stuckUp, proclaimedInVillageAt: ist('2026-06-09T11:00') })).toBe(false);
    expect(
      noticeCounts({
        ...stuckUp,
        proclaimedInVillageAt: ist('2026-06-09T11:00'),
        proclaimedAtMarketAt: ist('2026-06-10T09:00'),
      }),
    ).toBe(true);
    expect(missingProclamations({ proclaimedAtMarketAt: ist('2026-06-10T09:00') })).toEqual(['village']);
  });
  it('an auction on a notice not yet proclaimed everywhere is refused naming what is missing; with no notice, NOTICE_NOT_POSTED', () => {
    const r = mayAttempt(
      { ...reported, notice: { ...stuckUp, proclaimedInVillageAt: ist('2026-06-09T11:00') } },
      'SCHEDULE_AUCTION',
      'officer',
      ist('2026-06-10T10:00'),
    );
    expect(!r.ok && r.error).toMatchObject({
      section: 's. 14',
      reason: 'PROCLAMATION_PENDING',
      details: expect.objectContaining({ missing: 'market' }),
    });
    const none = mayAttempt(reported, 'SCHEDULE_AUCTION', 'officer', ist('2026-06-10T10:00'));
    expect(!none.ok && none.error).toMatchObject({ reason: 'NOTICE_NOT_POSTED' });
    // s. 16 path: no notice needed at all.
    expect(
      mayAttempt(
        { ...reported, notice: stuckUp, ownerRefusedAt: ist('2026-06-09T12:00') },
        'SCHEDULE_AUCTION',
        'officer',
        ist('2026-06-10T10:00'),
      ).ok,
    ).toBe(true);
  });
});
