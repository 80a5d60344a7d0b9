import { assertInstant, daysBetween, periodFrom, toIstDate, type LocalDate, type StatutoryPeriod } from './calendar';
import type { StatutoryWindows } from './data/windows';
import { guard, LawError, type LawResult } from './errors';
import { resolveWindows } from './rules';
import type { Section } from './sections';

/** The statutory dates the engine produces. */
export type TimelineRule =
  | 'S14_REPORT_DUE'
  | 'S14_AUCTION_ELIGIBLE'
  | 'S20_COMPLAINT_WINDOW_END'
  | 'S17_SURPLUS_HOLD_END'
  | 'S16_SALE_ELIGIBLE';

/** The event a period runs from. */
export type TimelineEvent = 'IMPOUNDED' | 'NOTICE_POSTED' | 'SEIZED' | 'SURPLUS_DEPOSITED' | 'OWNER_REFUSED';

/**
 * One statutory date. The period runs from the day after `basis.from` (General Clauses Act, s. 9)
 * and its last day is `date`; it ends at `dueAt` (00:00 IST after `date`), from which instant the
 * consequence applies:
 * - S14_REPORT_DUE: claim period over, the pound-keeper must report (reportable from `actionableFrom`);
 * - S14_AUCTION_ELIGIBLE: notice period over, the cattle may be sold by auction from `actionableFrom`;
 * - S20_COMPLAINT_WINDOW_END: last day to complain under s. 20 (ground for a s. 15 deposit);
 * - S17_SURPLUS_HOLD_END: last day to prefer and establish a claim to the surplus; it is Government
 *   revenue from `dueAt`.
 */
export interface TimelineEntry {
  readonly rule: TimelineRule;
  readonly section: Section;
  /** Last India day of the period. */
  readonly date: LocalDate;
  /** Instant the period ends (exclusive end of `date`, i.e. 00:00 IST of `actionableFrom`). */
  readonly dueAt: Date;
  /** First India day on which the consequence applies. */
  readonly actionableFrom: LocalDate;
  readonly basis: {
    readonly event: TimelineEvent;
    readonly from: LocalDate;
    readonly period: StatutoryPeriod['length'];
    readonly convention: 'GCA_S9_FIRST_DAY_EXCLUDED_IST';
  };
  /** For logs only; users see a rendering of `basis` (never this string). */
  readonly basisNote: string;
}

/** Facts the timeline depends on; absent events leave their dates null. */
export interface TimelineInput {
  readonly impoundedAt: Date;
  /** Defaults to `impoundedAt`. */
  readonly seizedAt?: Date | null;
  /** When the s. 14 notice was stuck up. */
  readonly noticePostedAt?: Date | null;
  /** When the surplus proceeds were sent to the District Magistrate (s. 17). */
  readonly surplusDepositedAt?: Date | null;
  /** s. 16: when the owner or agent appeared and refused or omitted to pay. */
  readonly ownerRefusedAt?: Date | null;
}

/** The statutory dates of a case. */
export interface Timeline {
  readonly impoundedOn: LocalDate;
  readonly s14ReportDue: TimelineEntry;
  readonly s20ComplaintWindowEnd: TimelineEntry;
  readonly auctionEligible: TimelineEntry | null;
  readonly surplusHoldEnd: TimelineEntry | null;
  /** s. 16: the sale after the owner's refusal may be held from `actionableFrom`. */
  readonly s16SaleEligible: TimelineEntry | null;
  /** The non-null entries ordered by `dueAt`, then rule. */
  readonly entries: readonly TimelineEntry[];
  readonly windows: StatutoryWindows;
}

const EVENT_WORDS: Record<TimelineEvent, string> = {
  IMPOUNDED: 'impounding',
  NOTICE_POSTED: 'the notice',
  SEIZED: 'seizure',
  SURPLUS_DEPOSITED: 'deposit of the surplus',
  OWNER_REFUSED: "the owner's refusal",
};

/** Builds one entry from an event date and a period, by THE convention (`periodFrom`). */
export function timelineEntry(
  rule: TimelineRule,
  section: Section,
  event: TimelineEvent,
  from: LocalDate,
  length: { readonly days: number } | { readonly months: number },
): TimelineEntry {
  const p = periodFrom(from, length);
  const span = 'days' in length ? `${length.days} days` : `${length.months} calendar months`;
  return {
    rule,
    section,
    date: p.lastDay,
    dueAt: p.endsAt,
    actionableFrom: p.firstDayAfter,
    basis: { event, from, period: length, convention: 'GCA_S9_FIRST_DAY_EXCLUDED_IST' },
    basisNote: `${span} from ${EVENT_WORDS[event]} on ${from}, first day excluded; ends at the end of ${p.lastDay} IST`,
  };
}

function notBefore(at: Date | null | undefined, field: string, impoundedAt: Date, allowEarlier = false): Date | null {
  if (at == null) return null;
  assertInstant(at, field);
  const earlier = at.getTime() < impoundedAt.getTime();
  if (earlier && !allowEarlier) {
    throw new LawError('DATE_BEFORE_IMPOUNDING', {
      field,
      value: at.toISOString(),
      impoundedAt: impoundedAt.toISOString(),
    });
  }
  if (!earlier && allowEarlier && at.getTime() > impoundedAt.getTime()) {
    throw new LawError('DATE_ORDER', {
      field,
      reason: 'seizure_after_impounding',
      value: at.toISOString(),
      impoundedAt: impoundedAt.toISOString(),
    });
  }
  return at;
}

/** s. 14 report due: `s14ClaimDays` days from the date of impounding. */
export function s14ReportDue(impoundedOn: LocalDate, windows: StatutoryWindows): TimelineEntry {
  return timelineEntry('S14_REPORT_DUE', 's. 14', 'IMPOUNDED', impoundedOn, { days: windows.s14ClaimDays });
}

/** s. 14 auction eligibility: `s14NoticeDays` days from the date of the notice. */
export function s14AuctionEligible(noticeOn: LocalDate, windows: StatutoryWindows): TimelineEntry {
  return timelineEntry('S14_AUCTION_ELIGIBLE', 's. 14', 'NOTICE_POSTED', noticeOn, { days: windows.s14NoticeDays });
}

/** s. 20 complaint window (ground of a s. 15 deposit): `s20ComplaintDays` days from the seizure. */
export function s20ComplaintWindowEnd(seizedOn: LocalDate, windows: StatutoryWindows): TimelineEntry {
  return timelineEntry('S20_COMPLAINT_WINDOW_END', 's. 20', 'SEIZED', seizedOn, { days: windows.s20ComplaintDays });
}

/**
 * The s. 20 complaint window of a case: `s20ComplaintDays` days from the India date of the seizure (the
 * register's time of seizure; `impoundedAt` when none was recorded). The one function that both gates a s. 15
 * deposit (lifecycle.ts) and dates every text about the window (timeline, reminders, owner cards), so what an
 * owner is told is what the engine enforces. A seizure after the impounding is bad data (`DATE_ORDER`).
 */
export function s20ComplaintWindowOf(
  facts: { readonly impoundedAt: Date; readonly seizedAt?: Date | null },
  windows: StatutoryWindows,
): TimelineEntry {
  assertInstant(facts.impoundedAt, 'impoundedAt');
  const seizedAt = notBefore(facts.seizedAt, 'seizedAt', facts.impoundedAt, true) ?? facts.impoundedAt;
  return s20ComplaintWindowEnd(toIstDate(seizedAt), windows);
}

/**
 * s. 16: after the owner's refusal the cattle are sold "at such place and time … as are referred to in section
 * 14", i.e. as the District Magistrate directs; the engine's minimum is `s16SaleAfterRefusalDays` clear days after
 * the day of the refusal (README "Open readings" 7). The one function that gates the s. 16 sale and dates it.
 */
export function s16SaleEligible(refusedOn: LocalDate, windows: StatutoryWindows): TimelineEntry {
  return timelineEntry('S16_SALE_ELIGIBLE', 's. 16', 'OWNER_REFUSED', refusedOn, {
    days: windows.s16SaleAfterRefusalDays,
  });
}

/** s. 17 surplus hold: `s17SurplusHoldMonths` calendar months from the deposit of the surplus. */
export function s17SurplusHoldEnd(depositedOn: LocalDate, windows: StatutoryWindows): TimelineEntry {
  return timelineEntry('S17_SURPLUS_HOLD_END', 's. 17', 'SURPLUS_DEPOSITED', depositedOn, {
    months: windows.s17SurplusHoldMonths,
  });
}

/**
 * The earliest day of a s. 14 sale, counted in days after the day of impounding (General Clauses Act s. 9:
 * the day of impounding is day 0): the claim period runs out, the report and the notice follow at the
 * earliest on the next day, and the sale may be held once the notice period has run. With the Act's 7 and 7
 * days: day 16. A late report or notice makes it later; it is never earlier.
 */
export function earliestS14SaleDay(windowsIn?: Partial<StatutoryWindows>): number {
  const windows = resolveWindows(windowsIn);
  const impoundedOn: LocalDate = '2026-01-01';
  const noticeOn = s14ReportDue(impoundedOn, windows).actionableFrom;
  return daysBetween(impoundedOn, s14AuctionEligible(noticeOn, windows).actionableFrom);
}

/** Throwing form of `computeTimeline` (internal). */
export function timelineOf(input: TimelineInput, windowsIn?: Partial<StatutoryWindows>): Timeline {
  assertInstant(input.impoundedAt, 'impoundedAt');
  const windows = resolveWindows(windowsIn);
  const noticeAt = notBefore(input.noticePostedAt, 'noticePostedAt', input.impoundedAt);
  const surplusAt = notBefore(input.surplusDepositedAt, 'surplusDepositedAt', input.impoundedAt);
  const refusedAt = notBefore(input.ownerRefusedAt, 'ownerRefusedAt', input.impoundedAt);
  const impoundedOn = toIstDate(input.impoundedAt);
  const report = s14ReportDue(impoundedOn, windows);
  const complaint = s20ComplaintWindowOf(input, windows);
  const auction = noticeAt ? s14AuctionEligible(toIstDate(noticeAt), windows) : null;
  const surplus = surplusAt ? s17SurplusHoldEnd(toIstDate(surplusAt), windows) : null;
  const s16Sale = refusedAt ? s16SaleEligible(toIstDate(refusedAt), windows) : null;
  const entries = [report, complaint, auction, surplus, s16Sale]
    .filter((e): e is TimelineEntry => e !== null)
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0));
  return {
    impoundedOn,
    s14ReportDue: report,
    s20ComplaintWindowEnd: complaint,
    auctionEligible: auction,
    surplusHoldEnd: surplus,
    s16SaleEligible: s16Sale,
    entries,
    windows,
  };
}

/**
 * The statutory dates of a case: s. 14 report due (7 days from impounding), auction eligibility
 * (7 days from the notice, once posted), the s. 20 complaint window for a s. 15 deposit (10 days from
 * seizure by default) and the s. 17 surplus hold end (3 calendar months from the deposit). Each entry
 * carries the rule, section and basis that produced it.
 */
export function computeTimeline(input: TimelineInput, windows?: Partial<StatutoryWindows>): LawResult<Timeline> {
  return guard(() => timelineOf(input, windows));
}
