import { assertLocalDate, dateFromDayIndex, dayIndex, daysBetween, type LocalDate } from './calendar';
import { assertCattleClass, type CattleClassCode } from './cattle';
import { DEFAULT_WINDOWS, type StatutoryWindows } from './data/windows';
import type { StateVariant } from './data/state-variants';
import type { TermAmendment } from './data/term-amendments';
import type { DeductionOrderRow } from './deduction-order';
import { LawError, guard, type LawResult } from './errors';
import { assertPaise } from './money';
import type { Section } from './sections';

/**
 * Rule data types (the database stores these rows and passes them in) and the look-ups that pick the
 * row in force. A new notification or order is a new row: rows need not be closed with `effectiveTo`
 * because, among rows covering a date, the most specific scope wins and then the LATEST `effectiveFrom`
 * wins. Two rows with the same scope and the same `effectiveFrom` both covering a date are ambiguous
 * (`AMBIGUOUS_RULE`), never silently chosen between.
 */

/** The `area` value that makes a fine / security row apply state-wide. */
export const STATE_WIDE_AREA = '*';

/** A pound: where the cattle are impounded. `state` and `area` select the s. 12 scale. */
export interface Pound {
  readonly code: string;
  /** State code, e.g. 'MH', 'UP'. */
  readonly state: string;
  /** Local area the State Government's scale is notified for (district, municipality …). */
  readonly area: string;
}

/** Throws `INVALID_POUND` unless the pound has a non-empty code, state and area. */
export function assertPound(pound: unknown): asserts pound is Pound {
  const p = pound as Partial<Pound> | null | undefined;
  const filled = (x: unknown): boolean => typeof x === 'string' && x !== '';
  if (!p || !filled(p.code) || !filled(p.state) || !filled(p.area)) {
    throw new LawError('INVALID_POUND', { code: p?.code, state: p?.state, area: p?.area });
  }
}

/** What every dated rate row (ss. 5, 12, 12A) carries: its id and the days it is in force. */
export interface DatedRow {
  readonly id?: string | null;
  readonly effectiveFrom: LocalDate;
  /** Inclusive; null/absent = until superseded. */
  readonly effectiveTo?: LocalDate | null;
}

/** s. 12: the fine (penalty) per head for a class, notified by the State Government for a local area. */
export interface FineScaleRow extends DatedRow {
  readonly state: string;
  /** Local area, or '*' for the whole state. */
  readonly area: string;
  readonly cattleClass: string;
  readonly paisePerHead: number;
  /** Reference of the notification, e.g. 'UP Notfn. 123/2024'. */
  readonly notification: string;
}

/** s. 5: feeding and watering charge per head per day fixed by the District Magistrate. */
export interface FeedingRateRow extends DatedRow {
  /** A rate for one pound (most specific) … */
  readonly poundCode?: string | null;
  /** … or for every pound of a local area … */
  readonly area?: string | null;
  /** … optionally restricted to a state (required for a state-wide row with no area). */
  readonly state?: string | null;
  readonly cattleClass: string;
  readonly paisePerDay: number;
  /** Reference of the District Magistrate's order. */
  readonly order: string;
}

/**
 * s. 12A (Maharashtra): security per head, as prescribed; same look-up as the fine scale. A row with no
 * `area` (or '*') applies state-wide.
 */
export interface SecurityScaleRow extends DatedRow {
  readonly state: string;
  readonly area?: string | null;
  readonly cattleClass: string;
  readonly paisePerHead: number;
  readonly notification: string;
}

/** Everything the computations need besides the facts of the case. */
export interface LawRules {
  readonly fineScale: readonly FineScaleRow[];
  readonly feedingRates: readonly FeedingRateRow[];
  readonly securityScale?: readonly SecurityScaleRow[];
  /** Defaults to the shipped `STATE_VARIANTS`. */
  readonly stateVariants?: readonly StateVariant[];
  /** Defaults to the shipped `TERM_AMENDMENTS`. */
  readonly termAmendments?: readonly TermAmendment[];
  /** Defaults to `DEFAULT_WINDOWS`. */
  readonly windows?: Partial<StatutoryWindows>;
  /** s. 16 order of deductions from insufficient proceeds (dated, per area); none = the default. */
  readonly deductionOrders?: readonly DeductionOrderRow[];
}

/** Which rule row produced a number (provenance carried on every line). */
export interface RuleRef {
  readonly table: 'fine_scale' | 'feeding_rate' | 'security_scale';
  readonly id: string | null;
  /** Notification / order reference. */
  readonly reference: string;
  readonly effectiveFrom: LocalDate;
  readonly effectiveTo: LocalDate | null;
  /** How the row matched the pound: one pound, its local area, or state-wide. */
  readonly scope: 'pound' | 'area' | 'state';
}

/** A dated per-head amount in force on a date, with its provenance. */
export interface RateInForce {
  readonly paise: number;
  readonly ref: RuleRef;
}

/** A validated rule row that matches the pound and class, with its dates as day indices. */
export interface RuleCandidate {
  readonly rank: number;
  readonly paise: number;
  readonly ref: RuleRef;
  readonly fromDay: number;
  /** Inclusive; `Infinity` when open-ended. */
  readonly toDay: number;
}

const SCOPE_RANK = { state: 1, area: 2, pound: 3 } as const;

function validateDated(
  row: { effectiveFrom: unknown; effectiveTo?: unknown },
  table: RuleRef['table'],
  index: number,
): void {
  assertLocalDate(row.effectiveFrom, `${table}[${index}].effectiveFrom`);
  if (row.effectiveTo != null) {
    assertLocalDate(row.effectiveTo, `${table}[${index}].effectiveTo`);
    if (daysBetween(row.effectiveFrom, row.effectiveTo) < 0) {
      throw new LawError('INVALID_RULE', {
        table,
        index,
        reason: 'effectiveTo_before_effectiveFrom',
        effectiveFrom: row.effectiveFrom,
        effectiveTo: row.effectiveTo,
      });
    }
  }
}

function amountOf(value: unknown, table: RuleRef['table'], index: number, field: string): number {
  try {
    assertPaise(value, `${table}[${index}].${field}`);
  } catch {
    throw new LawError('INVALID_RULE', { table, index, field, value, reason: 'amount_not_whole_paise' });
  }
  return value;
}

/**
 * One matched row of a dated rate table as a candidate. Every table (s. 5 feeding, s. 12 fines, s. 12A
 * security) is checked and dated the same way, so the steps live here once: dates valid, amount in whole
 * paise, provenance kept.
 */
function datedCandidate(
  row: DatedRow,
  at: { table: RuleRef['table']; index: number; scope: RuleRef['scope'] },
  amount: { value: unknown; field: string },
  reference: string,
): RuleCandidate {
  const { table, index, scope } = at;
  validateDated(row, table, index);
  const paise = amountOf(amount.value, table, index, amount.field);
  const effectiveTo = row.effectiveTo ?? null;
  return {
    rank: SCOPE_RANK[scope],
    paise,
    ref: { table, id: row.id ?? null, reference, effectiveFrom: row.effectiveFrom, effectiveTo, scope },
    fromDay: dayIndex(row.effectiveFrom),
    toDay: effectiveTo === null ? Infinity : dayIndex(effectiveTo),
  };
}

/**
 * Picks the candidate in force on the day with index `day`: highest scope rank, then latest
 * effectiveFrom; two equal best rows are ambiguous.
 */
export function pickInForce(candidates: readonly RuleCandidate[], day: number, section: Section): RuleCandidate | null {
  let best: RuleCandidate | null = null;
  let tied: RuleCandidate | null = null;
  for (const c of candidates) {
    if (day < c.fromDay || day > c.toDay) continue;
    if (best === null) {
      best = c;
      continue;
    }
    const byRank = c.rank - best.rank;
    const byDate = byRank !== 0 ? 0 : c.fromDay - best.fromDay;
    if (byRank > 0 || (byRank === 0 && byDate > 0)) {
      best = c;
      tied = null;
    } else if (byRank === 0 && byDate === 0) {
      tied = c;
    }
  }
  if (best && tied) {
    throw new LawError(
      'AMBIGUOUS_RULE',
      {
        table: best.ref.table,
        date: dateFromDayIndex(day),
        ids: [best.ref.id, tied.ref.id],
        references: [best.ref.reference, tied.ref.reference],
      },
      section,
    );
  }
  return best;
}

function scaleCandidates(
  rows: readonly (FineScaleRow | SecurityScaleRow)[],
  table: 'fine_scale' | 'security_scale',
  pound: Pound,
  cattleClass: CattleClassCode,
): RuleCandidate[] {
  const out: RuleCandidate[] = [];
  rows.forEach((row, index) => {
    if (row.state !== pound.state || row.cattleClass !== cattleClass) return;
    const area = row.area ?? STATE_WIDE_AREA;
    const scope = area === pound.area ? 'area' : area === STATE_WIDE_AREA ? 'state' : null;
    if (scope === null) return;
    out.push(
      datedCandidate(
        row,
        { table, index, scope },
        { value: row.paisePerHead, field: 'paisePerHead' },
        row.notification,
      ),
    );
  });
  return out;
}

/** The feeding-rate rows that can apply to `pound` and `cattleClass` on some date (validated). */
export function feedingCandidates(
  rows: readonly FeedingRateRow[],
  pound: Pound,
  cattleClass: CattleClassCode,
): readonly RuleCandidate[] {
  const out: RuleCandidate[] = [];
  rows.forEach((row, index) => {
    if (row.cattleClass !== cattleClass) return;
    let scope: RuleRef['scope'] | null;
    if (row.poundCode) scope = row.poundCode === pound.code ? 'pound' : null;
    else if (row.area && row.area !== STATE_WIDE_AREA)
      scope = row.area === pound.area && (row.state == null || row.state === pound.state) ? 'area' : null;
    else if (row.state) scope = row.state === pound.state ? 'state' : null;
    else throw new LawError('INVALID_RULE', { table: 'feeding_rate', index, reason: 'no_pound_area_or_state' });
    if (scope === null) return;
    out.push(
      datedCandidate(
        row,
        { table: 'feeding_rate', index, scope },
        { value: row.paisePerDay, field: 'paisePerDay' },
        row.order,
      ),
    );
  });
  return out;
}

/** The feeding rate in force on day `day` among pre-filtered candidates; throws `RATE_MISSING` if none. */
export function feedingRateOnDay(
  candidates: readonly RuleCandidate[],
  pound: Pound,
  cattleClass: CattleClassCode,
  day: number,
): RuleCandidate {
  const hit = pickInForce(candidates, day, 's. 5');
  if (!hit) {
    throw new LawError(
      'RATE_MISSING',
      { poundCode: pound.code, area: pound.area, cattleClass, date: dateFromDayIndex(day) },
      's. 5',
    );
  }
  return hit;
}

/**
 * The per-head scale in force on `date`. Fines (s. 12) and security (s. 12A) are looked up alike and
 * differ only in their table, their section and the code of the refusal when no row is in force.
 */
function scaleOn(
  rows: readonly (FineScaleRow | SecurityScaleRow)[],
  law: {
    table: 'fine_scale' | 'security_scale';
    section: 's. 12' | 's. 12A';
    missing: 'SCALE_MISSING' | 'SECURITY_SCALE_MISSING';
  },
  pound: Pound,
  cattleClass: string,
  date: LocalDate,
): RateInForce {
  assertPound(pound);
  assertCattleClass(cattleClass, 'cattleClass');
  assertLocalDate(date, 'date');
  const hit = pickInForce(scaleCandidates(rows, law.table, pound, cattleClass), dayIndex(date), law.section);
  if (!hit) throw new LawError(law.missing, { state: pound.state, area: pound.area, cattleClass, date }, law.section);
  return { paise: hit.paise, ref: hit.ref };
}

/** Throwing form of `findFineScale` (internal). */
export function fineScaleOn(
  rows: readonly FineScaleRow[],
  pound: Pound,
  cattleClass: string,
  date: LocalDate,
): RateInForce {
  return scaleOn(rows, { table: 'fine_scale', section: 's. 12', missing: 'SCALE_MISSING' }, pound, cattleClass, date);
}

/** Throwing form of `findSecurityScale` (internal). */
export function securityScaleOn(
  rows: readonly SecurityScaleRow[],
  pound: Pound,
  cattleClass: string,
  date: LocalDate,
): RateInForce {
  const law = { table: 'security_scale', section: 's. 12A', missing: 'SECURITY_SCALE_MISSING' } as const;
  return scaleOn(rows, law, pound, cattleClass, date);
}

/** s. 12: the fine/penalty per head for a class at a pound, from the scale in force on `date`. */
export function findFineScale(
  rows: readonly FineScaleRow[],
  pound: Pound,
  cattleClass: string,
  date: LocalDate,
): LawResult<RateInForce> {
  return guard(() => fineScaleOn(rows, pound, cattleClass, date));
}

/** s. 5: the feeding and watering charge per head per day for a class at a pound on `date`. */
export function findFeedingRate(
  rows: readonly FeedingRateRow[],
  pound: Pound,
  cattleClass: string,
  date: LocalDate,
): LawResult<RateInForce> {
  return guard(() => {
    assertPound(pound);
    assertCattleClass(cattleClass, 'cattleClass');
    assertLocalDate(date, 'date');
    const hit = feedingRateOnDay(feedingCandidates(rows, pound, cattleClass), pound, cattleClass, dayIndex(date));
    return { paise: hit.paise, ref: hit.ref };
  });
}

/** s. 12A (state variant): security per head in force on `date`. */
export function findSecurityScale(
  rows: readonly SecurityScaleRow[],
  pound: Pound,
  cattleClass: string,
  date: LocalDate,
): LawResult<RateInForce> {
  return guard(() => securityScaleOn(rows, pound, cattleClass, date));
}

/** Throwing form of `findStateVariant` (internal). */
export function stateVariantOn(variants: readonly StateVariant[], state: string, date: LocalDate): StateVariant | null {
  assertLocalDate(date, 'date');
  const hits = variants.filter((v, index) => {
    if (v.state !== state) return false;
    if (v.effectiveFrom != null) assertLocalDate(v.effectiveFrom, `stateVariants[${index}].effectiveFrom`);
    if (v.effectiveTo != null) assertLocalDate(v.effectiveTo, `stateVariants[${index}].effectiveTo`);
    return (
      (v.effectiveFrom == null || daysBetween(v.effectiveFrom, date) >= 0) &&
      (v.effectiveTo == null || daysBetween(date, v.effectiveTo) >= 0)
    );
  });
  if (hits.length > 1)
    throw new LawError('AMBIGUOUS_RULE', { table: 'state_variant', state, date, ids: hits.map((h) => h.id) });
  return hits[0] ?? null;
}

/** The state variant of the chapter in force for `state` on `date`, or null when the Act applies unamended. */
export function findStateVariant(
  variants: readonly StateVariant[],
  state: string,
  date: LocalDate,
): LawResult<StateVariant | null> {
  return guard(() => stateVariantOn(variants, state, date));
}

/** Fills in defaults and validates statutory period lengths (whole, positive numbers). */
export function resolveWindows(partial: Partial<StatutoryWindows> | undefined): StatutoryWindows {
  const w = { ...DEFAULT_WINDOWS, ...(partial ?? {}) };
  for (const [key, value] of Object.entries(w)) {
    // Every period is at least a day, except the clear days before a s. 16 sale (0: from the day after the refusal).
    const min = key === 's16SaleAfterRefusalDays' ? 0 : 1;
    if (!Number.isSafeInteger(value) || value < min || value > 1200) {
      throw new LawError('INVALID_RULE', { table: 'windows', field: key, value });
    }
  }
  return w;
}
