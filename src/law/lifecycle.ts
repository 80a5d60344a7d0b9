import { assertInstant, toIstDate } from './calendar';
import {
  CASE_ACTIONS,
  CASE_STATUSES,
  missingProclamations,
  TRANSITIONS,
  type ActionParamName,
  type ActionParams,
  type Actor,
  type CaseAction,
  type CaseState,
  type CaseStatus,
  type Role,
  type TransitionSpec,
} from './case-model';
import type { StatutoryWindows } from './data/windows';
import { err, guard, LawError, ok, TransitionRefused, type LawResult, type RefusalReason } from './errors';
import { resolveWindows } from './rules';
import { isS16Path } from './sale-path';
import type { Section } from './sections';
import { s14AuctionEligible, s14ReportDue, s16SaleEligible, s17SurplusHoldEnd, s20ComplaintWindowOf } from './timeline';

/**
 * The state machine of a case (ss. 13–19). `checkTransition` answers "may this actor do this now?",
 * `nextActions` lists what a role may do now, `applyTransition` returns the next case state.
 * Refusals are `TransitionRefused` errors (code 'TRANSITION_REFUSED') carrying the forbidding section
 * and a reason code; bad case data is a plain `LawError`.
 */

/** An allowed transition and what it changes. */
export interface TransitionAllowed {
  readonly action: CaseAction;
  readonly from: CaseStatus;
  readonly to: CaseStatus;
  readonly section: Section | null;
  readonly roles: TransitionSpec['roles'];
  /** Fields of the case state to overwrite. */
  readonly effects: Partial<Omit<CaseState, 'status'>>;
}

/** An action a role may take now (params it still needs are listed). */
export interface AvailableAction {
  readonly action: CaseAction;
  readonly section: Section | null;
  readonly to: readonly CaseStatus[];
  readonly roles: TransitionSpec['roles'];
  readonly needs: readonly ActionParamName[];
}

interface Refusal {
  readonly reason: RefusalReason;
  readonly section: Section | null;
  readonly details?: Record<string, unknown>;
}

interface Ctx {
  readonly state: CaseState;
  readonly now: Date;
  readonly windows: StatutoryWindows;
  /** The owner appeared and refused/omitted to pay: s. 16 sale, no s. 14 notice period. */
  readonly s16Path: boolean;
}

interface ActionRule {
  /** Checks on the case and the time (used by nextActions too). */
  readonly gate?: (c: Ctx) => Refusal | null;
  /** Checks on the supplied facts. */
  readonly params?: (c: Ctx, p: ActionParams) => Refusal | null;
  readonly to: (c: Ctx, p: ActionParams) => CaseStatus;
  readonly effects?: (c: Ctx, p: ActionParams) => Partial<Omit<CaseState, 'status'>>;
}

const SPEC: ReadonlyMap<CaseAction, TransitionSpec> = new Map(TRANSITIONS.map((t) => [t.action, t]));
const STATUS_SET: ReadonlySet<string> = new Set(CASE_STATUSES);
const ACTION_SET: ReadonlySet<string> = new Set(CASE_ACTIONS);

const refuse = (reason: RefusalReason, section: Section | null, details?: Record<string, unknown>): Refusal =>
  details ? { reason, section, details } : { reason, section };

/** The status to return to when a claim or deposit falls through. */
function resumeStatus(s: CaseState): CaseStatus {
  if (headsSold(s) > 0) return 'PARTLY_SOLD';
  if (s.auctionAt) return 'AUCTION_SCHEDULED';
  if (s.noticePostedAt) return 'NOTICE_POSTED';
  if (s.reportedAt) return 'REPORTED_S14';
  return 'IMPOUNDED';
}

function required<T>(value: T | null | undefined, field: string): T {
  if (value == null) throw new LawError('INVALID_DATE', { field, reason: 'required_for_this_status' });
  return value;
}

/** s. 14: the sale may not happen before the notice period has run (s. 14 path only). */
function auctionEligibleAt(c: Ctx): Date {
  const notice = required(c.state.noticePostedAt, 'noticePostedAt');
  assertInstant(notice, 'noticePostedAt');
  return s14AuctionEligible(toIstDate(notice), c.windows).dueAt;
}

function saleGate(c: Ctx, at: Date): Refusal | null {
  if (c.s16Path) {
    // s. 16: "at such place and time … as are referred to in section 14" — not before the minimum interval.
    const refusedAt = c.state.ownerRefusedAt!;
    assertInstant(refusedAt, 'ownerRefusedAt');
    const from = s16SaleEligible(toIstDate(refusedAt), c.windows);
    return at.getTime() < from.dueAt.getTime()
      ? refuse('SALE_BEFORE_S16_INTERVAL', 's. 16', { eligibleFrom: from.dueAt.toISOString(), at: at.toISOString() })
      : null;
  }
  const eligible = auctionEligibleAt(c);
  return at.getTime() < eligible.getTime()
    ? refuse('SALE_BEFORE_AUCTION_ELIGIBLE', 's. 14', { eligibleFrom: eligible.toISOString(), at: at.toISOString() })
    : null;
}

/**
 * Where an auction (or a proviso disposal) may be arranged from: on the s. 16 path from any pre-sale
 * status, on the s. 14 path only once the notice is posted; after a s. 16 partial sale, never again.
 */
function auctionStatusGate(c: Ctx): Refusal | null {
  const { status } = c.state;
  if (status === 'PARTLY_SOLD') return c.s16Path ? refuse('WRONG_STATUS', 's. 16') : null;
  if (!c.s16Path && status === 'REPORTED_S14' && c.state.notice) {
    // A notice stuck up but not proclaimed everywhere does not count yet: name what is missing.
    const missing = missingProclamations(c.state.notice);
    if (missing.length) return refuse('PROCLAMATION_PENDING', 's. 14', { missing: missing.join(',') });
  }
  if (!c.s16Path && (status === 'IMPOUNDED' || status === 'REPORTED_S14')) return refuse('NOTICE_NOT_POSTED', 's. 14');
  return null;
}

/**
 * An auction already fixed may be fixed again only once its time has passed without a sale (no one bid:
 * the sale is adjourned to another day); before that it stands.
 */
function adjournedGate(c: Ctx): Refusal | null {
  if (c.state.status !== 'AUCTION_SCHEDULED') return null;
  const at = c.state.auctionAt;
  return at && c.now.getTime() >= at.getTime()
    ? null
    : refuse('AUCTION_NOT_STARTED', 's. 14', at ? { auctionAt: at.toISOString() } : {});
}

/**
 * s. 14: the pound-keeper reports, and the officer "shall thereupon" stick up the notice and cause the
 * proclamation "of the same" to be made: the notice follows the report, the proclamations follow the notice.
 * A notice dated before the report (or with no report) would start the seven days of notice early.
 */
function noticeOrderGate(c: Ctx, p: ActionParams): Refusal | null {
  const postedAt = p.noticePostedAt ?? c.now;
  assertInstant(postedAt, 'noticePostedAt');
  const reportedAt = c.state.reportedAt;
  if (!reportedAt || postedAt.getTime() < reportedAt.getTime()) {
    return refuse('NOTICE_BEFORE_REPORT', 's. 14', {
      postedAt: postedAt.toISOString(),
      ...(reportedAt ? { reportedAt: reportedAt.toISOString() } : {}),
    });
  }
  for (const at of p.proclaimedAt ?? []) {
    assertInstant(at, 'proclaimedAt');
    if (at.getTime() < postedAt.getTime())
      return refuse('PROCLAMATION_BEFORE_NOTICE', 's. 14', { postedAt: postedAt.toISOString(), at: at.toISOString() });
  }
  return null;
}

function surplusHoldEndsAt(c: Ctx): Date {
  const deposited = required(c.state.surplusDepositedAt, 'surplusDepositedAt');
  assertInstant(deposited, 'surplusDepositedAt');
  return s17SurplusHoldEnd(toIstDate(deposited), c.windows).dueAt;
}

/** s. 19: police officers, officers and pound-keepers appointed under the Act may not buy, directly or indirectly. */
export function isOfficialBuyer(actor: Actor, depth = 0): boolean {
  if (depth > 16) return true;
  if (actor.role === 'officer' || actor.role === 'pound_keeper') return true;
  if (actor.isPoliceOfficer === true || actor.appointedUnderAct === true) return true;
  return actor.actingFor != null && isOfficialBuyer(actor.actingFor, depth + 1);
}

export function headsRemaining(s: CaseState): number {
  return s.headsRemaining ?? s.heads;
}

/**
 * The keeper's answer to a declared s. 13 payment or s. 15 deposit: received (the status stays, the fact is
 * recorded) or not received (the case goes back to where it stood before the declaration). Either is refused once
 * the money was confirmed — it cannot be booked twice nor un-received. The same rule for both, so written once.
 */
function keeperAnswer(
  fact: 'paymentReceived' | 'depositReceived',
  reason: RefusalReason,
  section: Section,
  received: boolean,
): ActionRule {
  return {
    gate: (c) => (c.state[fact] ? refuse(reason, section) : null),
    to: (c) => (received ? c.state.status : resumeStatus(c.state)),
    effects: () => (fact === 'paymentReceived' ? { paymentReceived: received } : { depositReceived: received }),
  };
}

/** Heads gone at a s. 14/16 sale: not in the pound and not delivered to an owner on his part claim. */
function headsSold(s: CaseState): number {
  return s.heads - headsRemaining(s) - (s.headsReleased ?? 0);
}

const RULES: Record<CaseAction, ActionRule> = {
  CLAIM_AND_PAY: {
    // s. 16: after a refusal, cattle left unsold go back to the owner with the account, not on a fresh claim.
    gate: (c) => (c.state.status === 'PARTLY_SOLD' && c.s16Path ? refuse('WRONG_STATUS', 's. 16') : null),
    to: () => 'PAYMENT_PENDING',
    effects: () => ({ paymentReceived: false }),
  },
  DEPOSIT_UNDER_PROTEST: {
    // s. 15 rests on an intended complaint under s. 20, which must be made within the window.
    gate: (c) => {
      const end = s20ComplaintWindowOf(c.state, c.windows);
      return c.now.getTime() >= end.dueAt.getTime()
        ? refuse('COMPLAINT_WINDOW_CLOSED', 's. 20', { lastDay: end.date, closedAt: end.dueAt.toISOString() })
        : null;
    },
    to: () => 'DEPOSIT_PENDING',
    effects: () => ({ depositReceived: false }),
  },
  CONFIRM_PAYMENT: keeperAnswer('paymentReceived', 'PAYMENT_ALREADY_CONFIRMED', 's. 13', true),
  PAYMENT_NOT_RECEIVED: keeperAnswer('paymentReceived', 'PAYMENT_ALREADY_CONFIRMED', 's. 13', false),
  CONFIRM_DEPOSIT: keeperAnswer('depositReceived', 'DEPOSIT_ALREADY_CONFIRMED', 's. 15', true),
  DEPOSIT_NOT_RECEIVED: keeperAnswer('depositReceived', 'DEPOSIT_ALREADY_CONFIRMED', 's. 15', false),
  RELEASE: {
    // s. 19: no release except on payment (s. 13) or deposit (s. 15), or on an order (ORDER_RELEASE).
    gate: (c) => {
      const { status, paymentReceived, depositReceived } = c.state;
      if (status === 'PAYMENT_PENDING' && paymentReceived) return null;
      if (status === 'DEPOSIT_PENDING' && depositReceived) return null;
      return refuse('RELEASE_WITHOUT_PAYMENT_DEPOSIT_OR_ORDER', 's. 19', {
        paymentReceived: !!paymentReceived,
        depositReceived: !!depositReceived,
      });
    },
    params: (c, p) =>
      c.state.status === 'PAYMENT_PENDING' && p.receiptSigned !== true ? refuse('RECEIPT_NOT_SIGNED', 's. 13') : null,
    // The rest of a partly sold case claimed under s. 13: the sale's account stands and its s. 17 division follows.
    to: (c) =>
      c.state.status !== 'PAYMENT_PENDING'
        ? 'DEPOSITED_S15'
        : headsSold(c.state) > 0
          ? 'ACCOUNT_DELIVERED'
          : 'RELEASED_S13',
  },
  REFUSE_TO_PAY: {
    gate: (c) => {
      // Heads already sold at a s. 14 auction: the rest stay on the s. 14 path (a further auction or the proviso).
      if (headsSold(c.state) > 0) return refuse('WRONG_STATUS', 's. 14');
      if (c.state.status === 'PAYMENT_PENDING' && c.state.paymentReceived)
        return refuse('PAYMENT_ALREADY_CONFIRMED', 's. 13');
      if (c.state.status === 'DEPOSIT_PENDING' && c.state.depositReceived)
        return refuse('DEPOSIT_ALREADY_CONFIRMED', 's. 15');
      return null;
    },
    to: (c) => resumeStatus(c.state),
    effects: (c) => ({
      ownerRefusedAt: c.state.ownerRefusedAt ?? c.now,
      paymentReceived: false,
      depositReceived: false,
    }),
  },
  REPORT_S14: {
    gate: (c) => {
      const due = s14ReportDue(toIstDate(c.state.impoundedAt), c.windows);
      return c.now.getTime() < due.dueAt.getTime()
        ? refuse('CLAIM_PERIOD_RUNNING', 's. 14', { lastClaimDay: due.date, reportableFrom: due.actionableFrom })
        : null;
    },
    to: () => 'REPORTED_S14',
    effects: (c) => ({ reportedAt: c.now }),
  },
  POST_NOTICE: {
    params: (c, p) => {
      const n = p.notice;
      const filled = (x: unknown): boolean => typeof x === 'string' && x.trim() !== '';
      if (!n || !filled(n.description) || !filled(n.placeOfSeizure) || !filled(n.placeOfImpounding)) {
        return refuse('NOTICE_INCOMPLETE', 's. 14');
      }
      return p.proclaimedByDrum === true ? noticeOrderGate(c, p) : refuse('PROCLAMATION_REQUIRED', 's. 14');
    },
    to: () => 'NOTICE_POSTED',
    effects: (c, p) => ({ noticePostedAt: p.noticePostedAt ?? c.now }),
  },
  SCHEDULE_AUCTION: {
    gate: (c) => auctionStatusGate(c) ?? adjournedGate(c),
    params: (c, p) => {
      const at = p.auctionAt;
      if (!(at instanceof Date) || Number.isNaN(at.getTime())) return refuse('AUCTION_TIME_REQUIRED', 's. 14');
      if (at.getTime() < c.now.getTime())
        return refuse('AUCTION_TIME_IN_PAST', 's. 14', { auctionAt: at.toISOString() });
      return saleGate(c, at);
    },
    to: () => 'AUCTION_SCHEDULED',
    effects: (_c, p) => ({ auctionAt: p.auctionAt ?? null }),
  },
  PLACE_BID: {
    gate: (c) => {
      const sale = saleGate(c, c.now);
      if (sale) return sale;
      const at = c.state.auctionAt;
      return at && c.now.getTime() < at.getTime()
        ? refuse('AUCTION_NOT_STARTED', 's. 14', { auctionAt: at.toISOString() })
        : null;
    },
    to: (c) => c.state.status,
  },
  RECORD_SALE: {
    gate: (c) => saleGate(c, c.now),
    params: (c, p) => {
      const sold = p.headsSold;
      const left = headsRemaining(c.state);
      if (typeof sold !== 'number' || !Number.isSafeInteger(sold) || sold < 1 || sold > left) {
        return refuse('INVALID_HEADS_SOLD', 's. 16', { headsSold: sold, headsRemaining: left });
      }
      if (!p.buyers || p.buyers.length === 0) return refuse('BUYER_REQUIRED', 's. 14');
      const official = p.buyers.findIndex((b) => isOfficialBuyer(b));
      return official >= 0 ? refuse('OFFICIAL_BUYER', 's. 19', { buyerIndex: official }) : null;
    },
    to: (c, p) => ((p.headsSold ?? 0) >= headsRemaining(c.state) ? 'SOLD' : 'PARTLY_SOLD'),
    effects: (c, p) => ({ headsRemaining: headsRemaining(c.state) - (p.headsSold ?? 0) }),
  },
  DISPOSE_PROVISO: {
    gate: (c) => auctionStatusGate(c) ?? saleGate(c, c.now),
    params: (_c, p) => (p.notLikelyToFetchFairPrice === true ? null : refuse('MAGISTRATE_OPINION_REQUIRED', 's. 14')),
    to: () => 'DISPOSED_PROVISO',
  },
  DELIVER_ACCOUNT: {
    // s. 16: the owner gives a receipt for the cattle and balance delivered with the account; if he is not
    // there, the account is recorded and kept for him and the unclaimed surplus goes to the Magistrate (s. 17).
    params: (c, p) =>
      c.s16Path && p.receiptSigned !== true && p.ownerAbsent !== true ? refuse('RECEIPT_NOT_SIGNED', 's. 16') : null,
    to: () => 'ACCOUNT_DELIVERED',
  },
  RECORD_SPLIT: {
    params: (_c, p) => {
      const x = p.surplusToDepositPaise;
      return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0
        ? null
        : refuse('SURPLUS_AMOUNT_REQUIRED', 's. 17');
    },
    to: (_c, p) => ((p.surplusToDepositPaise ?? 0) > 0 ? 'SURPLUS_HELD' : 'SPLIT_RECORDED'),
    effects: (c, p) =>
      (p.surplusToDepositPaise ?? 0) > 0 ? { surplusDepositedAt: p.surplusDepositedAt ?? c.now } : {},
  },
  CLAIM_SURPLUS: {
    gate: (c) => {
      const end = surplusHoldEndsAt(c);
      return c.now.getTime() >= end.getTime()
        ? refuse('SURPLUS_HOLD_EXPIRED', 's. 17', { endedAt: end.toISOString() })
        : null;
    },
    to: () => 'SURPLUS_CLAIMED',
  },
  SURPLUS_LAPSES: {
    gate: (c) => {
      const end = surplusHoldEndsAt(c);
      return c.now.getTime() < end.getTime()
        ? refuse('SURPLUS_HOLD_RUNNING', 's. 17', { endsAt: end.toISOString() })
        : null;
    },
    to: () => 'SURPLUS_TO_REVENUE',
  },
  ORDER_RELEASE: {
    params: (_c, p) => {
      const o = p.order;
      return o && (o.by === 'MAGISTRATE' || o.by === 'CIVIL_COURT') && typeof o.ref === 'string' && o.ref.trim() !== ''
        ? null
        : refuse('ORDER_REQUIRED', 's. 19');
    },
    to: () => 'RELEASED_BY_ORDER',
    effects: (_c, p) => ({ order: p.order ?? null }),
  },
  DEPOSIT_OUTCOME_REFUND: { to: () => 'CLOSED' },
  DEPOSIT_OUTCOME_APPLY: { to: () => 'CLOSED' },
  CLOSE: { to: () => 'CLOSED' },
};

function contextOf(state: CaseState, now: Date): Ctx {
  if (state == null || !STATUS_SET.has(state.status)) throw new LawError('UNKNOWN_STATUS', { value: state?.status });
  assertInstant(state.impoundedAt, 'impoundedAt');
  assertInstant(now, 'now');
  if (!Number.isSafeInteger(state.heads) || state.heads < 0) {
    throw new LawError(state.heads < 0 ? 'NEGATIVE_COUNT' : 'INVALID_COUNT', { field: 'heads', value: state.heads });
  }
  return { state, now, windows: resolveWindows(state.windows), s16Path: isS16Path(state) };
}

function asActor(actor: Actor | Role): Actor {
  return typeof actor === 'string' ? { role: actor } : actor;
}

/** Status, role and time checks; `params === null` skips the checks on supplied facts. */
function evaluate(
  c: Ctx,
  action: CaseAction,
  actor: Actor,
  params: ActionParams | null,
): TransitionAllowed | TransitionRefused {
  const spec = SPEC.get(action)!;
  const from = c.state.status;
  const no = (r: Refusal): TransitionRefused => new TransitionRefused(r.reason, r.section, action, from, r.details);
  if (c.now.getTime() < c.state.impoundedAt.getTime()) return no(refuse('BEFORE_IMPOUNDING', null));
  if (!spec.from.includes(from)) return no(refuse('WRONG_STATUS', spec.section, { allowedFrom: spec.from }));
  // s. 19 is checked before the role so that an official trying to bid is told why, not just "not your role".
  if (action === 'PLACE_BID' && isOfficialBuyer(actor)) return no(refuse('OFFICIAL_BUYER', 's. 19'));
  if (!spec.roles.includes(actor.role))
    return no(refuse('ROLE_NOT_ALLOWED', spec.section, { role: actor.role, allowedRoles: spec.roles }));
  const rule = RULES[action];
  const gated = rule.gate?.(c) ?? null;
  if (gated) return no(gated);
  const p = params ?? {};
  if (params !== null) {
    const bad = rule.params?.(c, p) ?? null;
    if (bad) return no(bad);
  }
  return {
    action,
    from,
    to: rule.to(c, p),
    section: spec.section,
    roles: spec.roles,
    effects: rule.effects?.(c, p) ?? {},
  };
}

/**
 * May `actor` do `action` to the case at `now`, given the facts in `params`? Returns the transition
 * (target status and field changes) or a `TransitionRefused` naming the forbidding section and reason.
 */
export function checkTransition(
  state: CaseState,
  action: CaseAction,
  actor: Actor | Role,
  now: Date,
  params: ActionParams = {},
): LawResult<TransitionAllowed> {
  const r = guard(() => {
    if (!ACTION_SET.has(action)) throw new LawError('UNKNOWN_ACTION', { value: action });
    return evaluate(contextOf(state, now), action, asActor(actor), params);
  });
  if (!r.ok) return r;
  return r.value instanceof TransitionRefused ? err(r.value) : ok(r.value);
}

/**
 * May `actor` attempt `action` on the case at `now`, before the facts the action needs are known (status, role,
 * the statutory time gates — e.g. s. 14's claim period and notice period, s. 16's path, s. 17's hold)? The
 * checks on supplied facts (`params`: the auction time, the heads sold and buyers, the notice's contents) are left
 * to `checkTransition` when the facts are given. Use it to decide whether to ask for them at all — never invent
 * facts to get past those checks. `to` of the result is a placeholder when the target depends on the facts.
 */
export function mayAttempt(
  state: CaseState,
  action: CaseAction,
  actor: Actor | Role,
  now: Date,
): LawResult<TransitionAllowed> {
  const r = guard(() => {
    if (!ACTION_SET.has(action)) throw new LawError('UNKNOWN_ACTION', { value: action });
    return evaluate(contextOf(state, now), action, asActor(actor), null);
  });
  if (!r.ok) return r;
  return r.value instanceof TransitionRefused ? err(r.value) : ok(r.value);
}

/** The case state after an allowed transition (or the refusal). */
export function applyTransition(
  state: CaseState,
  action: CaseAction,
  actor: Actor | Role,
  now: Date,
  params: ActionParams = {},
): LawResult<CaseState> {
  const r = checkTransition(state, action, actor, now, params);
  if (!r.ok) return r;
  return ok({ ...state, ...r.value.effects, status: r.value.to });
}

/** What `role` may do to the case at `now` (status, role and time checks; params still to be supplied). */
export function nextActions(state: CaseState, role: Role | 'public', now: Date): LawResult<readonly AvailableAction[]> {
  return guard(() => {
    const c = contextOf(state, now);
    const out: AvailableAction[] = [];
    for (const spec of TRANSITIONS) {
      if (!spec.from.includes(c.state.status) || !spec.roles.includes(role)) continue;
      const r = evaluate(c, spec.action, { role }, null);
      if (r instanceof TransitionRefused) continue;
      // Only RECORD_SALE and RECORD_SPLIT have a target that depends on the facts still to be supplied.
      const dependsOnParams = spec.action === 'RECORD_SALE' || spec.action === 'RECORD_SPLIT';
      out.push({
        action: spec.action,
        section: spec.section,
        to: dependsOnParams ? spec.to.filter((t): t is CaseStatus => t !== 'SAME') : [r.to],
        roles: spec.roles,
        needs: spec.needs,
      });
    }
    return out;
  });
}
