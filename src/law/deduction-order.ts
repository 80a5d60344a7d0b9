import { assertLocalDate, daysBetween, type LocalDate } from './calendar';
import { guard, LawError, type LawResult } from './errors';
import { assertPound, STATE_WIDE_AREA, type Pound } from './rules';

/**
 * s. 16, second paragraph: "The fines leviable and the expenses of feeding and watering, together with the
 * expenses of sale, if any, shall be deducted from the proceeds of the sale." The Act says what is deducted,
 * not in what order when the proceeds do not cover it all; s. 17 then sends the fines to the District
 * Magistrate and the feeding charges to the pound-keeper, so the order decides who bears a shortfall.
 * The order is therefore data: a dated row per local area (or state-wide), like the fee scales.
 */
export type DeductionKind = 'sale_expenses' | 'fine' | 'feeding' | 'security';

export const DEDUCTION_KINDS: readonly DeductionKind[] = Object.freeze([
  'sale_expenses',
  'fine',
  'feeding',
  'security',
]);

/**
 * The default when no order is notified (src/law/README.md, "Open readings"): the expenses of sale first
 * (without them there are no proceeds — s. 16 deducts them "together with" the rest), then the items in the
 * order s. 16 ¶2 names them — fines, then feeding and watering — then the Maharashtra s. 12A security, which
 * the substituted ¶2 (Bombay Act XIII of 1959, s. 8) names last.
 */
export const DEFAULT_DEDUCTION_ORDER: readonly DeductionKind[] = DEDUCTION_KINDS;

/** Reference recorded when the default applies (no row in force). */
export const DEFAULT_DEDUCTION_ORDER_REF = 'DEFAULT-S16-TEXT-ORDER';

/** An order of deductions directed for a local area (or a state, area '*') from a date. */
export interface DeductionOrderRow {
  readonly id?: string | null;
  readonly state: string;
  /** Local area code, or '*' for the whole state. */
  readonly area: string;
  readonly effectiveFrom: LocalDate;
  readonly effectiveTo?: LocalDate | null;
  /** Every `DeductionKind` exactly once, first met first. */
  readonly order: readonly string[];
  /** The order or circular that directs it. */
  readonly reference: string;
}

/** The order in force, with where it comes from. */
export interface DeductionOrderInForce {
  readonly order: readonly DeductionKind[];
  readonly reference: string;
  readonly id: string | null;
  readonly effectiveFrom: LocalDate | null;
  readonly scope: 'area' | 'state' | 'default';
}

/** Throws `INVALID_RULE` unless `order` names each deduction kind exactly once. */
export function assertDeductionOrder(
  order: readonly unknown[],
  where = 'deductionOrder',
): asserts order is readonly DeductionKind[] {
  const ok =
    Array.isArray(order) &&
    order.length === DEDUCTION_KINDS.length &&
    DEDUCTION_KINDS.every((k) => order.filter((x) => x === k).length === 1);
  if (!ok)
    throw new LawError(
      'INVALID_RULE',
      { table: 'deduction_order', field: where, value: order as unknown as string, reason: 'not_a_permutation' },
      's. 16',
    );
}

/** Throwing form of `findDeductionOrder` (internal). */
export function deductionOrderOn(
  rows: readonly DeductionOrderRow[],
  pound: Pound,
  date: LocalDate,
): DeductionOrderInForce {
  assertPound(pound);
  assertLocalDate(date, 'date');
  let best: { row: DeductionOrderRow; rank: number } | null = null;
  let tied = false;
  rows.forEach((row, i) => {
    if (row.state !== pound.state) return;
    const rank = row.area === pound.area ? 2 : row.area === STATE_WIDE_AREA ? 1 : 0;
    if (rank === 0) return;
    assertLocalDate(row.effectiveFrom, `deductionOrders[${i}].effectiveFrom`);
    if (row.effectiveTo != null) assertLocalDate(row.effectiveTo, `deductionOrders[${i}].effectiveTo`);
    assertDeductionOrder(row.order, `deductionOrders[${i}].order`);
    if (daysBetween(row.effectiveFrom, date) < 0) return;
    if (row.effectiveTo != null && daysBetween(date, row.effectiveTo) < 0) return;
    if (
      !best ||
      rank > best.rank ||
      (rank === best.rank && daysBetween(best.row.effectiveFrom, row.effectiveFrom) > 0)
    ) {
      best = { row, rank };
      tied = false;
    } else if (rank === best.rank && row.effectiveFrom === best.row.effectiveFrom) tied = true;
  });
  const hit = best as { row: DeductionOrderRow; rank: number } | null;
  if (hit && tied) throw new LawError('AMBIGUOUS_RULE', { table: 'deduction_order', date, area: pound.area }, 's. 16');
  if (!hit)
    return {
      order: DEFAULT_DEDUCTION_ORDER,
      reference: DEFAULT_DEDUCTION_ORDER_REF,
      id: null,
      effectiveFrom: null,
      scope: 'default',
    };
  return {
    order: [...(hit.row.order as readonly DeductionKind[])],
    reference: hit.row.reference,
    id: hit.row.id ?? null,
    effectiveFrom: hit.row.effectiveFrom,
    scope: hit.rank === 2 ? 'area' : 'state',
  };
}

/**
 * The order in which a s. 16 sale's proceeds meet the deductions at `pound` on `date` (the sale date): the
 * area's row in force, else a state-wide row, else `DEFAULT_DEDUCTION_ORDER`.
 */
export function findDeductionOrder(
  rows: readonly DeductionOrderRow[],
  pound: Pound,
  date: LocalDate,
): LawResult<DeductionOrderInForce> {
  return guard(() => deductionOrderOn(rows, pound, date));
}
