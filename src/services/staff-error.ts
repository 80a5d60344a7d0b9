import { TransitionRefused, type Section } from '../law';

/** Stable codes of refusals by the staff services; the bot maps each to `officer:error.<code>`. */
export type StaffActionCode =
  | 'NOT_ALLOWED'
  /** s. 19: the bidder's name may be an initial or short form of a staff member's; the officer must confirm. */
  | 'BIDDER_RESEMBLES_STAFF'
  | 'WRONG_POUND'
  | 'CASE_NOT_FOUND'
  | 'REFUSED'
  | 'LAW_ERROR'
  | 'CONFLICT'
  | 'ALREADY_DONE'
  | 'TIME_IN_FUTURE'
  | 'TIME_BEFORE_REPORT'
  | 'TEXT_REQUIRED'
  | 'NO_AUCTION'
  | 'AUCTION_NOT_YET'
  | 'DECLARATION_REQUIRED'
  | 'BIDDER_IS_STAFF'
  | 'BIDDER_UNKNOWN'
  | 'HEAD_UNKNOWN'
  | 'NO_BIDS'
  | 'ACCOUNT_NOT_DELIVERED'
  | 'SPLIT_NOT_RECORDED'
  | 'SPLIT_UNBALANCED'
  | 'NOTHING_TO_REMIT'
  | 'ORDER_REQUIRED'
  | 'ORDER_DATE_INVALID'
  | 'NO_DEPOSIT'
  | 'DUES_UNAVAILABLE'
  | 'PROCLAMATION_PENDING'
  | 'CATTLE_REMAIN'
  | 'NOT_A_CLAIMANT'
  | 'SURPLUS_NOT_HELD';

/**
 * A staff action the law, the role, the pound or the facts do not allow. `section` is the section that
 * forbids it (s. 14 for an early auction, s. 19 for a staff bidder ...); `params` go into the message.
 * Thrown inside a transaction, so nothing the action had started is kept.
 */
export class StaffActionError extends Error {
  constructor(
    readonly code: StaffActionCode,
    readonly section: Section | null = null,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${code}${section ? ` [${section}]` : ''} ${JSON.stringify(params)}`);
    this.name = 'StaffActionError';
  }
}

/** Turns a statute-engine refusal into a StaffActionError carrying the reason, the section and the dates. */
export function refusalError(error: unknown): StaffActionError {
  if (error instanceof TransitionRefused) {
    const params: Record<string, string | number> = { reason: error.reason };
    for (const [k, v] of Object.entries(error.details)) {
      if (typeof v === 'string' || typeof v === 'number') params[k] = v;
    }
    return new StaffActionError('REFUSED', error.section, params);
  }
  const e = error as { code?: string; section?: Section | null };
  return new StaffActionError('LAW_ERROR', e.section ?? null, { code: String(e.code ?? 'UNKNOWN') });
}

