import { assertInstant, dateFromDayIndex, dayIndex, daysBetween, toIstDate, type LocalDate } from './calendar';
import { normaliseHerd, type CattleClassCode, type HerdEntry } from './cattle';
import { STATE_VARIANTS, type StateVariant } from './data/state-variants';
import { TERM_AMENDMENTS } from './data/term-amendments';
import { guard, LawError, type LawResult } from './errors';
import { mulPaise, sumPaise, type Paise } from './money';
import {
  feedingCandidates,
  feedingRateOnDay,
  fineScaleOn,
  assertPound,
  securityScaleOn,
  stateVariantOn,
  type LawRules,
  type Pound,
  type RuleCandidate,
  type RuleRef,
} from './rules';
import { termOn, type TermInfo } from './terms';

/**
 * THE feeding-day rule (s. 5 charges, s. 9 duty to feed): charged per head for each India calendar day
 * the animal is in the pound, counting BOTH the day of impounding and the day of release / valuation.
 * A claim on the day of impounding is 1 day; on the next day 2 days. Each day is charged at the rate in
 * force on that day, so a rate change mid-stay splits the charge into lines.
 */
export const FEEDING_DAY_RULE = 'IST_DAYS_BOTH_ENDS_INCLUSIVE' as const;

/** Number of chargeable feeding days from impounding to valuation (both India dates counted). */
export function feedingDays(impoundedOn: LocalDate, valuedOn: LocalDate): number {
  return daysBetween(impoundedOn, valuedOn) + 1;
}

/**
 * Why the dues are being computed:
 * - 'claim'   — s. 13, owner claims and pays;
 * - 'deposit' — s. 15, owner deposits under protest (Maharashtra: or makes the s. 12A declaration);
 * - 'sale'    — s. 16, what is deducted from the proceeds of sale.
 */
export type DuesMode = 'claim' | 'deposit' | 'sale';

/** The facts of a case needed to value it at a moment. */
export interface DuesInput {
  readonly pound: Pound;
  /** Heads by s. 3 class. */
  readonly herd: readonly HerdEntry[];
  /** When the cattle were brought to the pound (s. 8(b), day and hour). */
  readonly impoundedAt: Date;
  /** The moment to value the case at ("what if I come on date D" = another `asOf`). */
  readonly asOf: Date;
  /** Defaults to 'claim'. */
  readonly mode?: DuesMode;
  /** Maharashtra s. 15 case: the owner makes the s. 12A declaration instead of depositing security. */
  readonly s12aDeclaration?: boolean;
}

/**
 * A per-head line from a dated scale (s. 12 fine, s. 12A security): the heads of one class at the rate in
 * force on the India date of impounding. Both are valued the same way (`scaleOn` in rules.ts).
 */
interface ScaledLine {
  readonly cattleClass: CattleClassCode;
  readonly heads: number;
  readonly ratePaise: Paise;
  readonly amountPaise: Paise;
  /** The date whose scale applies (the India date of impounding). */
  readonly scaleDate: LocalDate;
  readonly ruleRef: RuleRef;
}

/** s. 12: fine / penalty for the heads of one class, from the scale in force on the impounding date. */
export interface FineLine extends ScaledLine {
  readonly kind: 'fine';
  readonly section: 's. 12';
  /**
   * 'fine' or 'penalty' — the word of the section the valuation is made under (claim s. 13, deposit s. 15,
   * sale s. 16) on the date of the valuation (`termVersion` says why; Act 8 of 2026 amends s. 16 only).
   */
  readonly term: TermInfo['term'];
  readonly termVersion: string;
}

/** s. 5: feeding and watering for the heads of one class over consecutive days at one rate row. */
export interface FeedingLine {
  readonly kind: 'feeding';
  readonly section: 's. 5';
  readonly cattleClass: CattleClassCode;
  readonly heads: number;
  readonly days: number;
  /** Per head per day. */
  readonly ratePaise: Paise;
  /** heads × days × ratePaise. */
  readonly amountPaise: Paise;
  /** First and last India day charged on this line (inclusive). */
  readonly from: LocalDate;
  readonly to: LocalDate;
  readonly ruleRef: RuleRef;
}

/** s. 12A (state variant, e.g. Maharashtra): security per head for one class. */
export interface SecurityLine extends ScaledLine {
  readonly kind: 'security';
  readonly section: 's. 12A';
  /** Id of the state variant that requires it. */
  readonly stateVariant: string;
}

export type DuesLine = FineLine | FeedingLine | SecurityLine;

/** Totals by kind, in paise. */
export interface DuesTotals {
  readonly finePaise: Paise;
  readonly feedingPaise: Paise;
  readonly securityPaise: Paise;
  readonly totalPaise: Paise;
}

/** Per class: what one head costs and what the class costs. */
export interface ClassDues {
  readonly cattleClass: CattleClassCode;
  readonly heads: number;
  readonly finePerHeadPaise: Paise;
  /** Sum over the days of the rate in force each day. */
  readonly feedingPerHeadPaise: Paise;
  readonly securityPerHeadPaise: Paise;
  readonly perHeadPaise: Paise;
  readonly totalPaise: Paise;
}

/** The itemised dues of a case at a moment. */
export interface DuesBreakdown {
  /** The section under which the sum is payable: s. 13 (claim), s. 15 (deposit), s. 16 (sale). */
  readonly section: 's. 13' | 's. 15' | 's. 16';
  readonly mode: DuesMode;
  readonly pound: Pound;
  readonly impoundedAt: Date;
  readonly impoundedOn: LocalDate;
  readonly asOf: Date;
  readonly asOfDate: LocalDate;
  /** Chargeable feeding days (see `FEEDING_DAY_RULE`). */
  readonly feedingDays: number;
  readonly heads: number;
  /** The word for the s. 12 sum, decided by the valuation date. */
  readonly term: TermInfo;
  /** The state variant applied (by the impounding date), or null for the Act unamended. */
  readonly stateVariant: { readonly id: string; readonly act: string } | null;
  /** True when a s. 12A declaration replaced the security (Maharashtra, s. 15 case). */
  readonly securityWaivedByDeclaration: boolean;
  /** Fine lines, then feeding lines, then security lines; each in s. 3 class order, feeding by date. */
  readonly lines: readonly DuesLine[];
  readonly perClass: readonly ClassDues[];
  readonly totals: DuesTotals;
  readonly feedingDayRule: typeof FEEDING_DAY_RULE;
}

const SECTION_OF_MODE = { claim: 's. 13', deposit: 's. 15', sale: 's. 16' } as const;

function feedingLinesFor(
  candidates: readonly RuleCandidate[],
  pound: Pound,
  cattleClass: CattleClassCode,
  heads: number,
  firstDay: number,
  lastDay: number,
): FeedingLine[] {
  const lines: FeedingLine[] = [];
  let current: RuleCandidate | null = null;
  let segmentStart = firstDay;
  const close = (endDay: number): void => {
    if (current === null) return;
    const days = endDay - segmentStart + 1;
    lines.push({
      kind: 'feeding',
      section: 's. 5',
      cattleClass,
      heads,
      days,
      ratePaise: current.paise,
      amountPaise: mulPaise(heads, days, current.paise),
      from: dateFromDayIndex(segmentStart),
      to: dateFromDayIndex(endDay),
      ruleRef: current.ref,
    });
  };
  for (let day = firstDay; day <= lastDay; day++) {
    const row = feedingRateOnDay(candidates, pound, cattleClass, day);
    if (row !== current) {
      close(day - 1);
      current = row;
      segmentStart = day;
    }
  }
  close(lastDay);
  return lines;
}

function securityRequirement(
  variant: StateVariant | null,
  mode: DuesMode,
  declaration: boolean,
): { required: boolean; waived: boolean } {
  const security = variant?.s16Security ?? null;
  if (declaration) {
    if (security === null || !security.declarationAllowed) {
      throw new LawError(
        'DECLARATION_NOT_ALLOWED',
        { reason: 'no_s12A_declaration_in_this_state', state: variant?.state ?? null },
        's. 12A',
      );
    }
    if (mode !== 'deposit') {
      throw new LawError('DECLARATION_NOT_ALLOWED', { reason: 'declaration_only_in_s15_case', mode }, 's. 12A');
    }
    return { required: false, waived: true };
  }
  if (security === null) return { required: false, waived: false };
  if (mode === 'sale' && !security.deductFromProceeds) return { required: false, waived: false };
  return { required: true, waived: false };
}

/** Throwing form of `computeDues` (internal). */
export function duesOf(input: DuesInput, rules: LawRules): DuesBreakdown {
  const { pound } = input;
  assertPound(pound);
  assertInstant(input.impoundedAt, 'impoundedAt');
  assertInstant(input.asOf, 'asOf');
  if (input.asOf.getTime() < input.impoundedAt.getTime()) {
    throw new LawError('DATE_BEFORE_IMPOUNDING', {
      field: 'asOf',
      asOf: input.asOf.toISOString(),
      impoundedAt: input.impoundedAt.toISOString(),
    });
  }
  const mode: DuesMode = input.mode ?? 'claim';
  if (!(mode in SECTION_OF_MODE)) throw new LawError('INVALID_RULE', { field: 'mode', value: mode });
  const herd = normaliseHerd(input.herd);
  const impoundedOn = toIstDate(input.impoundedAt);
  const asOfDate = toIstDate(input.asOf);
  const days = feedingDays(impoundedOn, asOfDate);
  // The word of the section the valuation is made under (s. 13 claim, s. 15 deposit, s. 16 deduction).
  const term = termOn(asOfDate, SECTION_OF_MODE[mode], rules.termAmendments ?? TERM_AMENDMENTS);
  const variant = stateVariantOn(rules.stateVariants ?? STATE_VARIANTS, pound.state, impoundedOn);
  const security = securityRequirement(variant, mode, input.s12aDeclaration === true);

  const fineLines: FineLine[] = [];
  const feedingLines: FeedingLine[] = [];
  const securityLines: SecurityLine[] = [];
  const perClass: ClassDues[] = [];
  const firstDay = dayIndex(impoundedOn);
  const lastDay = firstDay + days - 1;

  for (const { cattleClass, heads } of herd.byClass) {
    const fine = fineScaleOn(rules.fineScale, pound, cattleClass, impoundedOn);
    fineLines.push({
      kind: 'fine',
      section: 's. 12',
      term: term.term,
      termVersion: term.ruleVersion,
      cattleClass,
      heads,
      ratePaise: fine.paise,
      amountPaise: mulPaise(heads, fine.paise),
      scaleDate: impoundedOn,
      ruleRef: fine.ref,
    });
    const candidates = feedingCandidates(rules.feedingRates, pound, cattleClass);
    const feeding = feedingLinesFor(candidates, pound, cattleClass, heads, firstDay, lastDay);
    feedingLines.push(...feeding);
    let securityPerHead = 0;
    if (security.required && variant) {
      const sec = securityScaleOn(rules.securityScale ?? [], pound, cattleClass, impoundedOn);
      securityPerHead = sec.paise;
      securityLines.push({
        kind: 'security',
        section: 's. 12A',
        stateVariant: variant.id,
        cattleClass,
        heads,
        ratePaise: sec.paise,
        amountPaise: mulPaise(heads, sec.paise),
        scaleDate: impoundedOn,
        ruleRef: sec.ref,
      });
    }
    const feedingPerHead = sumPaise(feeding.map((l) => mulPaise(l.days, l.ratePaise)));
    const perHead = sumPaise([fine.paise, feedingPerHead, securityPerHead]);
    perClass.push({
      cattleClass,
      heads,
      finePerHeadPaise: fine.paise,
      feedingPerHeadPaise: feedingPerHead,
      securityPerHeadPaise: securityPerHead,
      perHeadPaise: perHead,
      totalPaise: mulPaise(perHead, heads),
    });
  }

  const finePaise = sumPaise(fineLines.map((l) => l.amountPaise));
  const feedingPaise = sumPaise(feedingLines.map((l) => l.amountPaise));
  const securityPaise = sumPaise(securityLines.map((l) => l.amountPaise));
  const totalPaise = sumPaise([finePaise, feedingPaise, securityPaise]);
  if (totalPaise !== sumPaise(perClass.map((c) => c.totalPaise))) {
    throw new LawError('INTERNAL_INVARIANT', { check: 'lines_equal_per_class', totalPaise });
  }
  return {
    section: SECTION_OF_MODE[mode],
    mode,
    pound,
    impoundedAt: input.impoundedAt,
    impoundedOn,
    asOf: input.asOf,
    asOfDate,
    feedingDays: days,
    heads: herd.heads,
    term,
    stateVariant: variant ? { id: variant.id, act: variant.act } : null,
    securityWaivedByDeclaration: security.waived,
    lines: [...fineLines, ...feedingLines, ...securityLines],
    perClass,
    totals: { finePaise, feedingPaise, securityPaise, totalPaise },
    feedingDayRule: FEEDING_DAY_RULE,
  };
}

/**
 * The dues of a case at the moment `asOf` (s. 13 claim, s. 15 deposit, or s. 16 deduction): per class
 * and per head, the s. 12 fine/penalty from the scale in force for the pound's area on the impounding
 * date, s. 5 feeding charges per head per day at the rate in force each day, and (where a state variant
 * requires it) the s. 12A security. Every line cites its section and rule row.
 */
export function computeDues(input: DuesInput, rules: LawRules): LawResult<DuesBreakdown> {
  return guard(() => duesOf(input, rules));
}
