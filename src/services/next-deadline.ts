import {
  computeTimeline,
  toIstDate,
  type LawResult,
  type Section,
  type StatutoryWindows,
  type Timeline,
  isS16Path,
  s16RefusedAt,
} from '../law';
import { timelineInputOf, type TimelineFacts } from './law-case';

/**
 * What happens next on a case if nothing is done, and when: the statute engine's timeline (src/law
 * `computeTimeline`) read for the screens and the jobs. Every date told to a person comes from here, the same
 * instants that gate the actions (ss. 14, 16, 17, 20).
 */

export type { StoredClock, TimelineFacts } from './law-case';

/**
 * The last day (India date) to complain to the Magistrate under s. 20 — the day the engine's s. 20 window ends
 * (src/law `s20ComplaintWindowOf`, which also refuses a s. 15 deposit once it is over). Told on the s. 15 receipt
 * and release message. Bad dates (a seizure after the impounding) throw the engine's error, as a wrong date
 * must not be told.
 */
export function s20LastDay(facts: TimelineFacts, windows: Partial<StatutoryWindows>): string {
  const tl = caseTimeline(facts, windows);
  if (!tl.ok) throw tl.error;
  return tl.value.s20ComplaintWindowEnd.date;
}

/** The statutory dates of a case (ss. 14, 17, 20) with the configured windows, from src/law. */
export function caseTimeline(facts: TimelineFacts, windows: Partial<StatutoryWindows>): LawResult<Timeline> {
  return computeTimeline(timelineInputOf(facts), windows);
}

/** The next statutory step an owner should know about, for the case card and the dues screen. */
export type NextDeadline =
  /**
   * Claim within the s. 14 period; after `date` ends the keeper reports the cattle as unclaimed. `saleFrom`:
   * the first day a sale could come if the notice were posted the moment the period ends.
   */
  | { kind: 'claim_by'; section: Section; date: string; dueAt: Date; saleFrom?: string }
  /** The s. 14 claim period is over; a report to the officer and a notice follow (a sale from `saleFrom` at the earliest). */
  | { kind: 'report_due'; section: Section; date: string; saleFrom?: string }
  /** The s. 14 report reached the officer at `reportedAt`; the notice follows (a sale from `saleFrom` at the earliest). */
  | { kind: 'reported'; section: Section; date: string; reportedAt: Date; saleFrom?: string }
  /** Notice posted: the cattle may be auctioned from `date`, the first day of sale (s. 14). */
  | { kind: 'auction_from'; section: Section; date: string }
  /** s. 16: the owner appeared and refused or omitted to pay on `date`; a sale is possible from `saleFrom`. */
  | { kind: 's16_sale'; section: Section; date: string; saleFrom: string }
  /** The auction is fixed for `at`. */
  | { kind: 'auction_at'; section: Section; at: Date; place: string }
  /** s. 15 deposit made: complain to the Magistrate by `date` (s. 20). */
  | { kind: 'complaint_by'; section: Section; date: string; dueAt: Date }
  /** Surplus held by the District Magistrate until `date` (s. 17). */
  | { kind: 'surplus_until'; section: Section; date: string }
  /** Partly sold at a s. 14 auction: the heads left without a bid may still be claimed under s. 13. */
  | { kind: 'claim_rest'; section: Section }
  | { kind: 'none' };

/** Facts of a case needed to say what comes next. */
export interface DeadlineFacts extends TimelineFacts {
  status: string;
  /** s. 14: when the report reached the officer. */
  reportedAt?: Date | null;
  auction?: { scheduledFor: Date; place: string; status: string } | null;
}

/**
 * What happens next if nothing is done, from the status and the statute engine's timeline.
 * Returns a LawError result when the case facts are inconsistent (never a guessed date).
 */
export function nextDeadline(
  facts: DeadlineFacts,
  now: Date,
  windows: Partial<StatutoryWindows>,
): LawResult<NextDeadline> {
  const tl = caseTimeline(facts, windows);
  if (!tl.ok) return tl;
  const t = tl.value;
  /** s. 14: the first sale day if the notice were posted at `noticeAt` (the engine's notice period). */
  const earliestSale = (f: DeadlineFacts, noticeAt: Date): { saleFrom?: string } => {
    const posted = caseTimeline({ ...f, noticePostedAt: noticeAt }, windows);
    return posted.ok && posted.value.auctionEligible ? { saleFrom: posted.value.auctionEligible.actionableFrom } : {};
  };
  const value = ((): NextDeadline => {
    switch (facts.status) {
      case 'IMPOUNDED':
      case 'PAYMENT_PENDING':
      case 'DEPOSIT_PENDING': {
        const r = t.s14ReportDue;
        const refusedAt = s16RefusedAt(facts);
        if (refusedAt && t.s16SaleEligible)
          return {
            kind: 's16_sale',
            section: 's. 16',
            date: toIstDate(refusedAt),
            saleFrom: t.s16SaleEligible.actionableFrom,
          };
        return now.getTime() < r.dueAt.getTime()
          ? { kind: 'claim_by', section: r.section, date: r.date, dueAt: r.dueAt, ...earliestSale(facts, r.dueAt) }
          : { kind: 'report_due', section: r.section, date: r.date, ...earliestSale(facts, now) };
      }
      case 'REPORTED_S14':
        return facts.reportedAt
          ? {
              kind: 'reported',
              section: t.s14ReportDue.section,
              date: t.s14ReportDue.date,
              reportedAt: facts.reportedAt,
              ...earliestSale(facts, now),
            }
          : {
              kind: 'report_due',
              section: t.s14ReportDue.section,
              date: t.s14ReportDue.date,
              ...earliestSale(facts, now),
            };
      case 'NOTICE_POSTED':
        return t.auctionEligible
          ? { kind: 'auction_from', section: t.auctionEligible.section, date: t.auctionEligible.actionableFrom }
          : { kind: 'none' };
      case 'AUCTION_SCHEDULED':
        if (facts.auction && facts.auction.status === 'SCHEDULED')
          return { kind: 'auction_at', section: 's. 14', at: facts.auction.scheduledFor, place: facts.auction.place };
        return t.auctionEligible
          ? { kind: 'auction_from', section: t.auctionEligible.section, date: t.auctionEligible.actionableFrom }
          : { kind: 'none' };
      case 'DEPOSITED_S15': {
        const w = t.s20ComplaintWindowEnd;
        return now.getTime() < w.dueAt.getTime()
          ? { kind: 'complaint_by', section: w.section, date: w.date, dueAt: w.dueAt }
          : { kind: 'none' };
      }
      case 'PARTLY_SOLD':
        return isS16Path(facts) ? { kind: 'none' } : { kind: 'claim_rest', section: 's. 13' };
      case 'SURPLUS_HELD':
        return t.surplusHoldEnd
          ? { kind: 'surplus_until', section: t.surplusHoldEnd.section, date: t.surplusHoldEnd.date }
          : { kind: 'none' };
      default:
        return { kind: 'none' };
    }
  })();
  return { ok: true, value };
}

/**
 * The first day the cattle may be sold (s. 14 or s. 16), when `day` is that day or later: an amount valued for
 * `day` then holds only if they are not sold by then. Null when no sale can come by `day`. After a partial sale
 * (s. 13 for the rest) a further auction may come at any time, so the answer is `day` itself.
 */
export function saleMayComeBy(next: NextDeadline | null, day: string): string | null {
  if (!next) return null;
  const first = ((): string | undefined => {
    switch (next.kind) {
      case 'auction_at':
        return toIstDate(next.at);
      case 'auction_from':
        return next.date;
      case 's16_sale':
      case 'claim_by':
      case 'report_due':
      case 'reported':
        return next.saleFrom;
      case 'claim_rest':
        return day;
      default:
        return undefined;
    }
  })();
  return first !== undefined && first <= day ? first : null;
}

/** Re-export for callers that map engine errors to messages. */
