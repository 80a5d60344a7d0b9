import { TransitionRefused, type Section } from '../law';

/**
 * The one refusal of every service to a user, staff or owner. A refusal names a reason from the one table of
 * wordings, `refusal:<reason>` (locales/<lang>/refusal.json), carries the section of the Act that forbids the act
 * (s. 14 for an early auction, s. 19 for a staff bidder …; null for a plain fact such as a CONFLICT) and the
 * params the wording needs.
 *
 * The rule: a service refuses by throwing a Refusal — inside its transaction, so nothing the action had started is
 * kept — and never returns one (no result object or outcome union carries a refusal, no service has an error class
 * of its own). A caller that must branch catches it and reads `code` (`isRefusal(e, 'COMPLAINT_FUTURE_DATE')`). What a
 * service returns is what was done, including an idempotent repeat answered with what was done before (already
 * declared, already confirmed, already released). Every refusal is worded by one function, `refusalText(t, refusal,
 * audience)` (src/i18n/refusal.ts), for the bot, the local chat, the desk and the jobs alike. The statute engine's
 * own `LawResult` stays the law layer's: `refusalOf` turns its refusals into this type.
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
  /** A register export's range: not dates, the first after the second, or longer than MAX_EXPORT_DAYS. */
  | 'EXPORT_BAD_DATE'
  | 'EXPORT_RANGE_REVERSED'
  | 'EXPORT_RANGE_TOO_LONG'
  /** Staff administration: only an administrator or the District Magistrate's office issues enrolment codes. */
  | 'STAFF_ADMIN_NOT_ALLOWED'
  | 'ENROL_BAD_ROLE'
  | 'ENROL_BAD_NAME'
  /** A pound that does not exist or is outside the official's district (`code` when known). */
  | 'ENROL_UNKNOWN_POUND'
  | 'ENROL_POUND_REQUIRED'
  /** A code's validity outside 1–720 hours (`value`). */
  | 'ENROL_BAD_TTL'
  /** Too many codes issued by this official in the last hour (`count`: minutes to wait). */
  | 'ENROL_ISSUE_THROTTLED'
  /** An enrolment code not accepted. */
  | 'ENROL_CODE_INVALID'
  | 'ENROL_CODE_EXPIRED'
  | 'ENROL_CODE_USED'
  | 'ENROL_CODE_REVOKED'
  /** Too many wrong codes from this account, or from everyone lately (`count`: minutes): the code was not read. */
  | 'ENROL_THROTTLED'
  | 'ENROL_THROTTLED_ALL'
  /** The grant to revoke is unknown, already revoked, or outside the official's district. */
  | 'STAFF_NOT_REVOKED'
  /** A grant above the official's own (the Magistrate's office and an administrator's grant). */
  | 'STAFF_REVOKE_ABOVE'
  /** The last administrator's grant: another is enrolled first. */
  | 'STAFF_LAST_ADMIN'
  /** With no administrator, the last Magistrate's office grant of these pounds (`pounds`: their codes). */
  | 'STAFF_LAST_MAGISTRATE'
  /** The official's own grant: revoked only once he confirms (the chat's button, the desk's second step). */
  | 'STAFF_REVOKE_SELF_UNCONFIRMED'
  /** An owner's consent code for SMS beyond his own case (DPDP Act): the number is not on a case he claimed. */
  | 'SMS_CODE_NOT_YOURS'
  /** SMS to that number are stopped: started again first (/sms on, or START). */
  | 'SMS_CODE_STOPPED'
  /** A code sent a short while ago is still good. */
  | 'SMS_CODE_TOO_SOON'
  /** The s. 8 register entry (s. 3 for the kind of cattle): `field` names the particular refused. */
  | 'SEIZURE_FUTURE_TIME'
  | 'SEIZURE_SEIZED_AFTER_IMPOUNDING'
  | 'SEIZURE_UNKNOWN_CLASS'
  | 'SEIZURE_BAD_COUNT'
  | 'SEIZURE_TOO_MANY_HEADS'
  | 'SEIZURE_MISSING_FIELD'
  | 'SEIZURE_FIELD_TOO_LONG'
  /** A control or format character in a particular of the entry (`field`). */
  | 'SEIZURE_BAD_CHARACTER'
  /** A photo that is not a JPEG or PNG of at most 2 MiB. */
  | 'SEIZURE_BAD_PHOTO'
  /** The owner's claim is not his (or no longer there): the button he tapped is out of date. */
  | 'NOT_YOUR_CLAIM'
  /** ss. 13, 15: the amount declared is below (SHORT) or above (OVER) the dues — exactly the dues are taken. */
  | 'PAYMENT_SHORT'
  | 'PAYMENT_OVER'
  /** s. 20: only the person who deposited under protest records the complaint. */
  | 'COMPLAINT_NOT_DEPOSITOR'
  /** The complaint's filing date (`date`) is in the future, before the seizure (`seized`), or after the window. */
  | 'COMPLAINT_FUTURE_DATE'
  | 'COMPLAINT_BEFORE_SEIZURE'
  | 'COMPLAINT_OUTSIDE_WINDOW'
  /** s. 13: the cattle's receipt is acknowledged only by who paid (or claimed); the release tapped is gone. */
  | 'ACK_NOT_YOURS'
  | 'RELEASE_NOT_FOUND'
  /** The keeper's payment card is out of date (no such payment). */
  | 'PAYMENT_NOT_FOUND'
  /** A payment to confirm was rejected or cancelled before (`caseNumber`). */
  | 'PAYMENT_WAS_REJECTED'
  | 'PAYMENT_WAS_CANCELLED'
  /** The keeper typed more or less than the dues the owner was told (`due`, `given`, `difference`). */
  | 'CONFIRM_AMOUNT_MORE'
  | 'CONFIRM_AMOUNT_LESS'
  /** A confirmed payment cannot be rejected: the money was received. */
  | 'REJECT_AFTER_CONFIRM'
  /** s. 14 back-entry: no step (report, notice, proclamation) was given. */
  | 'BACK_ENTRY_EMPTY'
  /** s. 14 back-entry: the case has moved on (reported, noticed, claimed …): its steps are recorded as they happen. */
  | 'BACK_ENTRY_CASE_MOVED'
  /** s. 14 back-entry: the bot has already sent the report to the officer (it reaches him, dated when it does). */
  | 'BACK_ENTRY_REPORT_SENT';

/** An action the law, the role, the pound or the facts do not allow (see the module comment). */
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

/** Whether `error` is a Refusal (with one of `codes`, when given). */
export function isRefusal(error: unknown, ...codes: RefusalCode[]): error is Refusal {
  return error instanceof Refusal && (codes.length === 0 || codes.includes(error.code));
}
