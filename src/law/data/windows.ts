/** Lengths of the statutory periods the timeline uses. Configurable: pass your own to the functions. */
export interface StatutoryWindows {
  /** s. 14: days from impounding within which the cattle may be claimed before the report is due. */
  readonly s14ClaimDays: number;
  /** s. 14: days from the date of the notice before the cattle may be sold by auction. */
  readonly s14NoticeDays: number;
  /** s. 20: days from the seizure within which the owner may complain (context for the s. 15 deposit). */
  readonly s20ComplaintDays: number;
  /** s. 17: calendar months the District Magistrate holds surplus proceeds on deposit. */
  readonly s17SurplusHoldMonths: number;
  /**
   * s. 16 (read with s. 14's "such place and time … as the Magistrate … directs"): clear days after the day of the
   * owner's refusal before the sale may be held (README "Open readings" 7). A Magistrate's order fixing a longer
   * interval is entered here.
   */
  readonly s16SaleAfterRefusalDays: number;
}

/** The periods as enacted. */
export const DEFAULT_WINDOWS: StatutoryWindows = Object.freeze({
  s14ClaimDays: 7,
  s14NoticeDays: 7,
  s20ComplaintDays: 10,
  s17SurplusHoldMonths: 3,
  s16SaleAfterRefusalDays: 0,
});
