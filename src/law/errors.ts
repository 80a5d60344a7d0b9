import type { Section } from './sections';

/**
 * Error convention for src/law (one rule, everywhere):
 *
 * - Every public computation (`computeDues`, `computeTimeline`, `computeSale`, `computeSplit`,
 *   `checkTransition`, `termFor`, rule look-ups …) RETURNS a `LawResult<T>`; it never throws for bad
 *   input or missing rule data. A failure is `{ ok: false, error }` where `error` is a `LawError`
 *   naming the problem (`code`), the section concerned and the offending values (`details`).
 * - The low-level calendar/money primitives (`addDays`, `mulPaise`, …) are total on valid input and
 *   THROW a `LawError` on malformed input (a programming error). The public computations validate
 *   first and convert any such throw into an `{ ok: false }` result, so callers of the computations
 *   never see an exception from this module.
 */

/** What went wrong, as a stable code (the bot maps codes to i18n keys). */
export type LawErrorCode =
  | 'UNKNOWN_CLASS'
  | 'NEGATIVE_COUNT'
  | 'INVALID_COUNT'
  | 'EMPTY_HERD'
  | 'DUPLICATE_ID'
  | 'INVALID_DATE'
  | 'INVALID_INSTANT'
  | 'DATE_BEFORE_IMPOUNDING'
  | 'DATE_ORDER'
  | 'SCALE_MISSING'
  | 'RATE_MISSING'
  | 'SECURITY_SCALE_MISSING'
  | 'AMBIGUOUS_RULE'
  | 'INVALID_RULE'
  | 'INVALID_AMOUNT'
  | 'AMOUNT_OVERFLOW'
  | 'DECLARATION_NOT_ALLOWED'
  | 'INVALID_POUND'
  | 'SELECTION_SEARCH_LIMIT'
  | 'UNKNOWN_STATUS'
  | 'UNKNOWN_ACTION'
  | 'INTERNAL_INVARIANT'
  | 'TRANSITION_REFUSED';

/** Base class of every error produced by the statute engine. */
export class LawError extends Error {
  readonly code: LawErrorCode;
  /** The section whose rule the input or action fails, when there is one. */
  readonly section: Section | null;
  /** The offending values (field names, dates, classes …), for logs and i18n interpolation. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: LawErrorCode, details: Record<string, unknown> = {}, section: Section | null = null) {
    super(`${code}${section ? ` [${section}]` : ''} ${safeJson(details)}`);
    this.name = 'LawError';
    this.code = code;
    this.section = section;
    this.details = Object.freeze({ ...details });
  }
}

function safeJson(x: unknown): string {
  try {
    return JSON.stringify(x);
  } catch {
    return '{}';
  }
}

/** Success or a typed failure. */
export type LawResult<T, E extends LawError = LawError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function err<E extends LawError>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}

/** Runs `fn`, turning a thrown `LawError` into `{ ok: false }`. Other exceptions are bugs and propagate. */
export function guard<T>(fn: () => T): LawResult<T> {
  try {
    return ok(fn());
  } catch (e) {
    if (e instanceof LawError) return err(e);
    throw e;
  }
}

/** Returns the value or throws the `LawError` (for tests and call sites that have already validated). */
export function unwrap<T, E extends LawError>(r: LawResult<T, E>): T {
  if (r.ok) return r.value;
  throw r.error;
}

/** Why a transition was refused (stable codes; the bot maps them to i18n keys). */
export type RefusalReason =
  | 'WRONG_STATUS'
  | 'ROLE_NOT_ALLOWED'
  | 'BEFORE_IMPOUNDING'
  | 'CLAIM_PERIOD_RUNNING'
  | 'SALE_BEFORE_AUCTION_ELIGIBLE'
  | 'SALE_BEFORE_S16_INTERVAL'
  | 'NOTICE_NOT_POSTED'
  /** s. 14: the notice is stuck up but not yet proclaimed by beat of drum everywhere (details.missing). */
  | 'PROCLAMATION_PENDING'
  | 'AUCTION_TIME_REQUIRED'
  | 'AUCTION_TIME_IN_PAST'
  | 'AUCTION_NOT_STARTED'
  | 'RELEASE_WITHOUT_PAYMENT_DEPOSIT_OR_ORDER'
  | 'RECEIPT_NOT_SIGNED'
  | 'ORDER_REQUIRED'
  | 'OFFICIAL_BUYER'
  | 'COMPLAINT_WINDOW_CLOSED'
  | 'PAYMENT_ALREADY_CONFIRMED'
  | 'DEPOSIT_ALREADY_CONFIRMED'
  | 'NOTICE_INCOMPLETE'
  | 'NOTICE_BEFORE_REPORT'
  | 'PROCLAMATION_BEFORE_NOTICE'
  | 'PROCLAMATION_REQUIRED'
  | 'MAGISTRATE_OPINION_REQUIRED'
  | 'INVALID_HEADS_SOLD'
  | 'BUYER_REQUIRED'
  | 'SURPLUS_HOLD_RUNNING'
  | 'SURPLUS_HOLD_EXPIRED'
  | 'SURPLUS_AMOUNT_REQUIRED'
  /** ss. 13, 15 (part claims, `checkPartClaim`): the claim names no head. */
  | 'NO_HEADS_CLAIMED'
  /** ss. 13, 15: a head the claim names is no longer in the pound (delivered on another claim, or sold). */
  | 'HEAD_NOT_IN_CUSTODY'
  /** s. 13 with s. 16 ¶2: after a s. 14 sale of some heads, the heads left are claimed together. */
  | 'PART_CLAIM_AFTER_SALE'
  /** s. 14 back-entry (back-entry.ts): a step's time is not a time. */
  | 'PAPER_STEP_INVALID'
  /** s. 14 back-entry: a step already taken cannot be later than its entry. */
  | 'PAPER_STEP_IN_FUTURE'
  /** s. 14 back-entry: a step entered without the one it follows (details.missing: report or notice). */
  | 'PAPER_STEP_MISSING';

/**
 * A state transition the law (or the role) does not allow. `section` is the section that forbids it
 * (e.g. s. 19 for a release without payment, deposit or order); `reason` says how.
 */
export class TransitionRefused extends LawError {
  readonly reason: RefusalReason;
  readonly action: string;
  readonly from: string;

  constructor(
    reason: RefusalReason,
    section: Section | null,
    action: string,
    from: string,
    details: Record<string, unknown> = {},
  ) {
    super('TRANSITION_REFUSED', { reason, action, from, ...details }, section);
    this.name = 'TransitionRefused';
    this.reason = reason;
    this.action = action;
    this.from = from;
  }
}
