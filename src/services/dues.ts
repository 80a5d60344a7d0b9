import type { Config } from '../config';
import {
  computeDues,
  computeTimeline,
  LawError,
  toIstDate,
  STATE_WIDE_AREA,
  type DuesBreakdown,
  type DuesMode,
  type LawResult,
  type LawRules,
  type Pound as LawPound,
  type Section,
  type StatutoryWindows,
  type Timeline,
} from '../law';
import type { Tx } from './outbox';

/**
 * The bridge between the database's dated rule rows (FineScale per area, FeedingRate per pound,
 * SecurityScale per state) and the statute engine. Every amount a user sees is computed here by
 * src/law from those rows; nothing in this file does statute arithmetic itself.
 */

/** A Prisma client or a transaction client: dues can be computed inside the caller's transaction. */
export type DbReader = Tx;

/** The rule rows in force for one pound, shaped for src/law, plus the pound's display facts. */
export interface PoundRules {
  /** The pound as the engine sees it (code, state, area code). */
  pound: LawPound;
  rules: LawRules;
  poundRow: { id: number; code: string; name: string; nameHi: string; address: string; upiId: string | null; upiPayeeName: string | null; stateCode: string };
}

/** A case that does not exist (wrong id). */
export class CaseNotFoundError extends Error {
  constructor(readonly caseId: number) {
    super(`case ${caseId} not found`);
    this.name = 'CaseNotFoundError';
  }
}

/** India date of a `@db.Date` column (Prisma returns it as UTC midnight). */
function localDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Statutory period lengths with the deployment's configured s. 20 window. */
export function windowsFromConfig(config: Pick<Config, 'S20_COMPLAINT_WINDOW_DAYS'>): Partial<StatutoryWindows> {
  return { s20ComplaintDays: config.S20_COMPLAINT_WINDOW_DAYS };
}

/**
 * Loads the s. 12 fine scale of the pound's local area, the s. 5 feeding rates fixed for the pound, the
 * s. 12A security scale of its state (state-wide rows) and the s. 16 order of deductions directed for its
 * area, as src/law rule rows.
 */
export async function rulesForPound(db: DbReader, poundId: number, windows?: Partial<StatutoryWindows>): Promise<PoundRules> {
  const pound = await db.pound.findUnique({ where: { id: poundId }, include: { area: true } });
  if (!pound) throw new Error(`pound ${poundId} not found`);
  const [fines, feeding, security, orders] = await Promise.all([
    db.fineScale.findMany({ where: { areaId: pound.areaId }, orderBy: { id: 'asc' } }),
    db.feedingRate.findMany({ where: { poundId }, orderBy: { id: 'asc' } }),
    db.securityScale.findMany({ where: { stateCode: pound.area.stateCode }, orderBy: { id: 'asc' } }),
    db.deductionOrder.findMany({ where: { areaId: pound.areaId }, orderBy: { id: 'asc' } }),
  ]);
  const state = pound.area.stateCode;
  const area = pound.area.code;
  return {
    pound: { code: pound.code, state, area },
    poundRow: {
      id: pound.id,
      code: pound.code,
      name: pound.name,
      nameHi: pound.nameHi,
      address: pound.address,
      upiId: pound.upiId,
      upiPayeeName: pound.upiPayeeName,
      stateCode: state,
    },
    rules: {
      fineScale: fines.map((r) => ({
        id: String(r.id),
        state,
        area,
        cattleClass: r.cattleClass,
        effectiveFrom: localDate(r.effectiveFrom),
        effectiveTo: r.effectiveTo ? localDate(r.effectiveTo) : null,
        paisePerHead: r.paisePerHead,
        notification: r.notification,
      })),
      feedingRates: feeding.map((r) => ({
        id: String(r.id),
        poundCode: pound.code,
        cattleClass: r.cattleClass,
        effectiveFrom: localDate(r.effectiveFrom),
        effectiveTo: r.effectiveTo ? localDate(r.effectiveTo) : null,
        paisePerDay: r.paisePerDay,
        order: r.orderRef,
      })),
      securityScale: security.map((r) => ({
        id: String(r.id),
        state: r.stateCode,
        area: STATE_WIDE_AREA,
        cattleClass: r.cattleClass,
        effectiveFrom: localDate(r.effectiveFrom),
        effectiveTo: r.effectiveTo ? localDate(r.effectiveTo) : null,
        paisePerHead: r.paisePerHead,
        notification: r.reference,
      })),
      deductionOrders: orders.map((r) => ({
        id: String(r.id),
        state,
        area,
        effectiveFrom: localDate(r.effectiveFrom),
        effectiveTo: r.effectiveTo ? localDate(r.effectiveTo) : null,
        order: r.kinds,
        reference: r.reference,
      })),
      ...(windows ? { windows } : {}),
    },
  };
}

/** Which heads of the case are valued. */
export type HerdSelection =
  /** Heads still in the pound; if none are (released, sold), every head of the register entry. */
  | 'in_custody'
  /** Every head of the s. 8 register entry (e.g. the s. 16 sale account after heads were marked SOLD). */
  | 'all';

/** Options of `duesForCase`. */
export interface DuesOptions {
  /** 'claim' (s. 13, default), 'deposit' (s. 15) or 'sale' (s. 16 deductions). */
  mode?: DuesMode;
  /** Maharashtra s. 15 case: the owner makes the s. 12A declaration instead of depositing security. */
  s12aDeclaration?: boolean;
  /** Defaults to 'in_custody'. */
  herd?: HerdSelection;
}

/** The dues of a case and the rules they were computed from. */
export interface CaseDues {
  caseId: number;
  number: string;
  breakdown: DuesBreakdown;
  rules: PoundRules;
}

/**
 * The itemised dues of case `caseId` at the instant `at` (s. 13 claim by default; s. 15 deposit or s. 16
 * deduction with `options.mode`), computed by src/law from the pound's dated rule rows. "What if I come on
 * date D" is the same call with another `at`. Returns the engine's typed error (e.g. SCALE_MISSING, s. 12)
 * rather than a wrong number; throws CaseNotFoundError for an unknown id.
 */
export async function duesForCase(db: DbReader, caseId: number, at: Date, options: DuesOptions = {}): Promise<LawResult<CaseDues>> {
  const c = await db.case.findUnique({ where: { id: caseId }, include: { heads: true } });
  if (!c) throw new CaseNotFoundError(caseId);
  return duesOfLoaded(c, await rulesForPound(db, c.poundId), at, options);
}

/** A case as `duesOfLoaded` needs it (e.g. a loaded case card). */
export interface CaseForDues {
  id: number;
  number: string;
  poundId: number;
  impoundedAt: Date;
  heads: Array<{ cattleClass: string; status: string }>;
}

/** `duesForCase` on a case and rules already loaded (no database access). */
export function duesOfLoaded(c: CaseForDues, rules: PoundRules, at: Date, options: DuesOptions = {}): LawResult<CaseDues> {
  const inCustody = c.heads.filter((h) => h.status === 'IMPOUNDED');
  const heads = (options.herd ?? 'in_custody') === 'all' || inCustody.length === 0 ? c.heads : inCustody;
  const result = computeDues(
    {
      pound: rules.pound,
      herd: heads.map((h) => ({ cattleClass: h.cattleClass, heads: 1 })),
      impoundedAt: c.impoundedAt,
      asOf: at,
      mode: options.mode ?? 'claim',
      ...(options.s12aDeclaration ? { s12aDeclaration: true } : {}),
    },
    rules.rules,
  );
  if (!result.ok) return result;
  return { ok: true, value: { caseId: c.id, number: c.number, breakdown: result.value, rules } };
}

/**
 * How much the dues grow if the owner comes one day later: the engine's valuation 24 hours after `at`
 * minus its valuation at `at` (feeding at the next day's rate). Null when either cannot be computed.
 */
export async function nextDayIncrease(db: DbReader, caseId: number, at: Date, options: DuesOptions = {}): Promise<number | null> {
  const c = await db.case.findUnique({ where: { id: caseId }, include: { heads: true } });
  if (!c) throw new CaseNotFoundError(caseId);
  return duesAndNextDay(db, c, at, options).then((r) => r.nextDayPaise);
}

/**
 * The dues of a loaded case at `at` and how much they grow a day later, from one load of the pound's rules
 * (the dues screen showed them with three loads of the case and rules; issue 13).
 */
export async function duesAndNextDay(db: DbReader, c: CaseForDues, at: Date, options: DuesOptions = {}): Promise<{ dues: LawResult<CaseDues>; nextDayPaise: number | null }> {
  const rules = await rulesForPound(db, c.poundId);
  const dues = duesOfLoaded(c, rules, at, options);
  const tomorrow = duesOfLoaded(c, rules, new Date(at.getTime() + 86_400_000), options);
  return { dues, nextDayPaise: dues.ok && tomorrow.ok ? tomorrow.value.breakdown.totals.totalPaise - dues.value.breakdown.totals.totalPaise : null };
}

/** True when the pound's state has a variant that asks for s. 12A security (Maharashtra). */
export function requiresSecurity(breakdown: DuesBreakdown): boolean {
  return breakdown.stateVariant !== null;
}

/** The case facts the statutory timeline depends on. */
export interface TimelineFacts {
  impoundedAt: Date;
  /** When the cattle were seized (the register's time of seizure; null: taken as `impoundedAt`) — start of the s. 20 window. */
  seizedAt?: Date | null;
  noticePostedAt?: Date | null;
  surplusDepositedAt?: Date | null;
}

/** The statutory dates of a case (ss. 14, 17, 20) with the configured windows, from src/law. */
export function caseTimeline(facts: TimelineFacts, windows: Partial<StatutoryWindows>): LawResult<Timeline> {
  return computeTimeline(
    {
      impoundedAt: facts.impoundedAt,
      seizedAt: facts.seizedAt ?? null,
      noticePostedAt: facts.noticePostedAt ?? null,
      surplusDepositedAt: facts.surplusDepositedAt ?? null,
    },
    windows,
  );
}

/** The next statutory step an owner should know about, for the case card and the dues screen. */
export type NextDeadline =
  /** Claim within the s. 14 period; after `date` ends the keeper reports the cattle as unclaimed. */
  | { kind: 'claim_by'; section: Section; date: string; dueAt: Date }
  /** The s. 14 claim period is over; a report to the officer and a notice follow. */
  | { kind: 'report_due'; section: Section; date: string }
  /** The s. 14 report reached the officer at `reportedAt`; the notice follows. */
  | { kind: 'reported'; section: Section; date: string; reportedAt: Date }
  /** Notice posted: the cattle may be auctioned from `date`, the first day of sale (s. 14). */
  | { kind: 'auction_from'; section: Section; date: string }
  /** s. 16: the owner appeared and refused or omitted to pay on `date`; a sale is possible now. */
  | { kind: 's16_sale'; section: Section; date: string }
  /** The auction is fixed for `at`. */
  | { kind: 'auction_at'; section: Section; at: Date; place: string }
  /** s. 15 deposit made: complain to the Magistrate by `date` (s. 20). */
  | { kind: 'complaint_by'; section: Section; date: string; dueAt: Date }
  /** Surplus held by the District Magistrate until `date` (s. 17). */
  | { kind: 'surplus_until'; section: Section; date: string }
  | { kind: 'none' };

/** Facts of a case needed to say what comes next. */
export interface DeadlineFacts extends TimelineFacts {
  status: string;
  /** s. 16: when the owner appeared and refused or omitted to pay (no claim period after it). */
  ownerRefusedAt?: Date | null;
  /** s. 14: when the report reached the officer. */
  reportedAt?: Date | null;
  auction?: { scheduledFor: Date; place: string; status: string } | null;
}

/**
 * What happens next if nothing is done, from the status and the statute engine's timeline.
 * Returns a LawError result when the case facts are inconsistent (never a guessed date).
 */
export function nextDeadline(facts: DeadlineFacts, now: Date, windows: Partial<StatutoryWindows>): LawResult<NextDeadline> {
  const tl = caseTimeline(facts, windows);
  if (!tl.ok) return tl;
  const t = tl.value;
  const value = ((): NextDeadline => {
    switch (facts.status) {
      case 'IMPOUNDED':
      case 'PAYMENT_PENDING':
      case 'DEPOSIT_PENDING': {
        const r = t.s14ReportDue;
        if (facts.ownerRefusedAt) return { kind: 's16_sale', section: 's. 16', date: toIstDate(facts.ownerRefusedAt) };
        return now.getTime() < r.dueAt.getTime()
          ? { kind: 'claim_by', section: r.section, date: r.date, dueAt: r.dueAt }
          : { kind: 'report_due', section: r.section, date: r.date };
      }
      case 'REPORTED_S14':
        return facts.reportedAt
          ? { kind: 'reported', section: t.s14ReportDue.section, date: t.s14ReportDue.date, reportedAt: facts.reportedAt }
          : { kind: 'report_due', section: t.s14ReportDue.section, date: t.s14ReportDue.date };
      case 'NOTICE_POSTED':
        return t.auctionEligible ? { kind: 'auction_from', section: t.auctionEligible.section, date: t.auctionEligible.actionableFrom } : { kind: 'none' };
      case 'AUCTION_SCHEDULED':
        if (facts.auction && facts.auction.status === 'SCHEDULED') return { kind: 'auction_at', section: 's. 14', at: facts.auction.scheduledFor, place: facts.auction.place };
        return t.auctionEligible ? { kind: 'auction_from', section: t.auctionEligible.section, date: t.auctionEligible.actionableFrom } : { kind: 'none' };
      case 'DEPOSITED_S15': {
        const w = t.s20ComplaintWindowEnd;
        return now.getTime() < w.dueAt.getTime() ? { kind: 'complaint_by', section: w.section, date: w.date, dueAt: w.dueAt } : { kind: 'none' };
      }
      case 'SURPLUS_HELD':
        return t.surplusHoldEnd ? { kind: 'surplus_until', section: t.surplusHoldEnd.section, date: t.surplusHoldEnd.date } : { kind: 'none' };
      default:
        return { kind: 'none' };
    }
  })();
  return { ok: true, value };
}

/** Re-export for callers that map engine errors to messages. */
export { LawError };
