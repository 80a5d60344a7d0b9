import { TransitionRefused, type Section } from '../law';

/**
 * The one refusal of every staff (and payment) service. A refusal names a reason from the one table of
 * wordings, `refusal:<reason>` (locales/<lang>/refusal.json), carries the section of the Act that forbids the act
 * (s. 14 for an early auction, s. 19 for a staff bidder …; null for a plain fact such as a CONFLICT) and the
 * params the wording needs. Thrown inside the action's transaction, so nothing the action had started is kept;
 * the bot words it with one function (`refusalText`, bot/views/refusal.ts).
 */

/** Reasons of the services' own refusals (the statute engine's reasons come as REFUSED + its `RefusalReason`). */
export type RefusalCode =
  /** The sender holds no role with this right (an owner, or a keeper asking an officer's action). */
  | 'NOT_ALLOWED'
  /** s. 19: the bidder's name may be an initial or short form of a staff member's; the officer must confirm. */
  | 'BIDDER_RESEMBLES_STAFF'
  | 'WRONG_POUND'
  | 'CASE_NOT_FOUND'
  /** The statute engine refused the transition: `reason` is its RefusalReason, `section` its section. */
  | 'REFUSED'
  | 'LAW_ERROR'
  /** Someone else changed the case first (version moved, a unique key taken, a write conflict): nothing kept. */
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
  /** Proviso to s. 14: disposal otherwise than by auction needs the District Magistrate's order. */
  | 'PROVISO_ORDER_REQUIRED'
  | 'ORDER_DATE_INVALID'
  | 'NO_DEPOSIT'
  | 'DUES_UNAVAILABLE'
  | 'CATTLE_REMAIN'
  | 'NOT_A_CLAIMANT'
  | 'SURPLUS_NOT_HELD'
  /** s. 14 back-entry: no step (report, notice, proclamation) was given. */
  | 'BACK_ENTRY_EMPTY'
  /** s. 14 back-entry: the case has moved on (reported, noticed, claimed …): its steps are recorded as they happen. */
  | 'BACK_ENTRY_CASE_MOVED'
  /** s. 14 back-entry: the bot has already sent the report to the officer (it reaches him, dated when it does). */
  | 'BACK_ENTRY_REPORT_SENT';

/** A staff action the law, the role, the pound or the facts do not allow (see the module comment). */
export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly section: Section | null = null,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${code}${section ? ` [${section}]` : ''} ${JSON.stringify(params)}`);
    this.name = 'Refusal';
  }

  /** The key of its wording in the one table, `refusal:<reason>`: the engine's reason for REFUSED, else the code. */
  get reason(): string {
    return this.code === 'REFUSED' ? String(this.params.reason ?? 'OTHER') : this.code;
  }
}

/**
 * The statute engine's refusal as a Refusal (reason, section, the dates it gives and the status it refused
 * from); any other engine error as LAW_ERROR with its code.
 */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof TransitionRefused) {
    const params: Record<string, string | number> = { reason: error.reason, status: error.from };
    for (const [k, v] of Object.entries(error.details)) {
      if (typeof v === 'string' || typeof v === 'number') params[k] = v;
    }
    return new Refusal('REFUSED', error.section, params);
  }
  const e = error as { code?: string; section?: Section | null };
  return new Refusal('LAW_ERROR', e.section ?? null, { code: String(e.code ?? 'UNKNOWN') });
}
