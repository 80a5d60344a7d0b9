import { assertInstant, toIstDate } from './calendar';
import { TERM_AMENDMENTS, type TermAmendment } from './data/term-amendments';
import type { StatutoryWindows } from './data/windows';
import { guard, LawError, type LawResult } from './errors';
import { assertDeductionOrder, DEFAULT_DEDUCTION_ORDER, type DeductionKind } from './deduction-order';
import { assertPaise, subPaise, sumPaise, type Paise } from './money';
import { resolveWindows } from './rules';
import type { Section } from './sections';
import { termOn, type TermInfo } from './terms';
import { s17SurplusHoldEnd, type TimelineEntry } from './timeline';

/**
 * s. 17 — where the money goes.
 *
 * Payees: fines/penalties → DISTRICT_MAGISTRATE; feeding and watering → POUND_KEEPER; expenses of sale →
 * SALE_EXPENSES (retained by the selling officer to meet them); Maharashtra s. 12A security →
 * S12A_SECURITY (sent to the District Magistrate and held as security, separately from the fines, so
 * that it can be dealt with under s. 12A); the balance → OWNER when the owner is present (s. 16), else
 * MAGISTRATE_DEPOSIT, held for 3 calendar months and then Government revenue (s. 17).
 *
 * Deduction order when the proceeds do not cover everything: the Act sets none, so it is data
 * (`SplitInput.deductionOrder`, a dated per-area `DeductionOrderRow` found by `findDeductionOrder`); the
 * default `DEFAULT_DEDUCTION_ORDER` (= `DEDUCTION_PRIORITY`) is expenses of sale, fines/penalties, feeding and
 * watering, s. 12A security (src/law/README.md, "Open readings"). Each deduction takes the whole of what is owed or whatever is left; what is not
 * recovered is reported in `unrecovered`. No proportional division occurs, so no rounding is needed:
 * every part is a whole number of paise and the parts add up to the proceeds exactly.
 */
export type Payee =
  | 'SALE_EXPENSES'
  | 'DISTRICT_MAGISTRATE'
  | 'POUND_KEEPER'
  | 'S12A_SECURITY'
  | 'OWNER'
  | 'MAGISTRATE_DEPOSIT';

/** What a part of the proceeds is. */
export type SplitKind = 'sale_expenses' | 'fine' | 'feeding' | 'security' | 'balance';

/** The default order in which deductions are met from insufficient proceeds (see deduction-order.ts). */
export const DEDUCTION_PRIORITY: readonly DeductionKind[] = DEFAULT_DEDUCTION_ORDER;

/** The rounding rule of the split (see the module comment). */
export const SPLIT_ROUNDING_RULE = 'NO_DIVISION_WHOLE_PAISE_IN_PRIORITY_ORDER' as const;

/** One part of the proceeds. */
export interface SplitPart {
  readonly kind: SplitKind;
  readonly payee: Payee;
  readonly section: Section;
  /** Paid out of the proceeds. */
  readonly amountPaise: Paise;
  /** What was owed under this head (equal to `amountPaise` for the balance). */
  readonly duePaise: Paise;
  /** `duePaise - amountPaise`. */
  readonly unrecoveredPaise: Paise;
  /** For the fine part: 'fine' or 'penalty' by the date of the account. */
  readonly term?: TermInfo['term'];
}

/**
 * What the s. 16 account and the s. 17 division are both computed under: the date that decides the word,
 * the amendments and windows in force, and the order the proceeds meet the deductions. One declaration, so
 * the sale and the split cannot drift apart in what they accept.
 */
export interface AccountOptions {
  /** The date that decides "fine"/"penalty" for the account; defaults to `saleAt`. */
  readonly accountAt?: Date | null;
  readonly termAmendments?: readonly TermAmendment[];
  readonly windows?: Partial<StatutoryWindows>;
  /** Order in which the proceeds meet the deductions (every kind once, `findDeductionOrder`); default `DEDUCTION_PRIORITY`. */
  readonly deductionOrder?: readonly DeductionKind[];
}

export interface SplitInput extends AccountOptions {
  readonly proceedsPaise: Paise;
  readonly saleExpensesPaise: Paise;
  readonly finePaise: Paise;
  readonly feedingPaise: Paise;
  /** Maharashtra s. 12A security to deduct (0 elsewhere). */
  readonly securityPaise?: Paise;
  /** 'OWNER' when the owner is present and takes the balance (s. 16); else held by the Magistrate (s. 17). */
  readonly balanceTo: 'OWNER' | 'MAGISTRATE_DEPOSIT';
  /** When the sale was made. */
  readonly saleAt: Date;
  /** When the surplus reached the District Magistrate; defaults to `saleAt` (then `surplusHoldProvisional`). */
  readonly surplusDepositedAt?: Date | null;
}

export interface SplitResult {
  readonly proceedsPaise: Paise;
  /** Deductions in the order met (`priority`), then the balance. Always all five kinds (amounts may be 0). */
  readonly parts: readonly SplitPart[];
  readonly balancePaise: Paise;
  readonly balanceTo: 'OWNER' | 'MAGISTRATE_DEPOSIT';
  /** Sum of the deductions actually met. */
  readonly deductedPaise: Paise;
  /** Total owed but not met by the proceeds. */
  readonly unrecoveredPaise: Paise;
  /** s. 17 hold end for a surplus held on deposit (null when none is held). */
  readonly surplusHold: TimelineEntry | null;
  /** True when the hold was counted from the sale date because no deposit date was given. */
  readonly surplusHoldProvisional: boolean;
  readonly term: TermInfo;
  /** The order in which the deductions were met. */
  readonly priority: readonly DeductionKind[];
  readonly roundingRule: typeof SPLIT_ROUNDING_RULE;
}

const DEDUCTION_TARGET: Record<DeductionKind, { payee: Payee; section: Section }> = {
  sale_expenses: { payee: 'SALE_EXPENSES', section: 's. 16' },
  fine: { payee: 'DISTRICT_MAGISTRATE', section: 's. 17' },
  feeding: { payee: 'POUND_KEEPER', section: 's. 17' },
  security: { payee: 'S12A_SECURITY', section: 's. 12A' },
};

/** Throwing form of `computeSplit` (internal). */
export function splitOf(input: SplitInput): SplitResult {
  const securityPaise = input.securityPaise ?? 0;
  assertPaise(input.proceedsPaise, 'proceedsPaise');
  assertPaise(input.saleExpensesPaise, 'saleExpensesPaise');
  assertPaise(input.finePaise, 'finePaise');
  assertPaise(input.feedingPaise, 'feedingPaise');
  assertPaise(securityPaise, 'securityPaise');
  assertInstant(input.saleAt, 'saleAt');
  if (input.balanceTo !== 'OWNER' && input.balanceTo !== 'MAGISTRATE_DEPOSIT') {
    throw new LawError('INVALID_RULE', { field: 'balanceTo', value: input.balanceTo });
  }
  const windows = resolveWindows(input.windows);
  const accountAt = input.accountAt ?? input.saleAt;
  assertInstant(accountAt, 'accountAt');
  // The deduction and the account are made under s. 16 (its word on the account date).
  const term = termOn(toIstDate(accountAt), 's. 16', input.termAmendments ?? TERM_AMENDMENTS);

  const order = input.deductionOrder ?? DEDUCTION_PRIORITY;
  assertDeductionOrder(order);
  const owed: Record<DeductionKind, Paise> = {
    sale_expenses: input.saleExpensesPaise,
    fine: input.finePaise,
    feeding: input.feedingPaise,
    security: securityPaise,
  };
  let left = input.proceedsPaise;
  const parts: SplitPart[] = [];
  for (const kind of order) {
    const due = owed[kind];
    const paid = Math.min(due, left);
    left = subPaise(left, paid);
    parts.push({
      kind,
      ...DEDUCTION_TARGET[kind],
      amountPaise: paid,
      duePaise: due,
      unrecoveredPaise: subPaise(due, paid),
      ...(kind === 'fine' ? { term: term.term } : {}),
    });
  }
  const balancePaise = left;
  parts.push({
    kind: 'balance',
    payee: input.balanceTo,
    section: input.balanceTo === 'OWNER' ? 's. 16' : 's. 17',
    amountPaise: balancePaise,
    duePaise: balancePaise,
    unrecoveredPaise: 0,
  });

  let surplusHold: TimelineEntry | null = null;
  let provisional = false;
  if (input.balanceTo === 'MAGISTRATE_DEPOSIT' && balancePaise > 0) {
    const depositedAt = input.surplusDepositedAt ?? input.saleAt;
    assertInstant(depositedAt, 'surplusDepositedAt');
    if (depositedAt.getTime() < input.saleAt.getTime()) {
      throw new LawError('DATE_ORDER', { field: 'surplusDepositedAt', reason: 'deposit_before_sale' }, 's. 17');
    }
    provisional = input.surplusDepositedAt == null;
    surplusHold = s17SurplusHoldEnd(toIstDate(depositedAt), windows);
  }

  const total = sumPaise(parts.map((p) => p.amountPaise));
  if (total !== input.proceedsPaise) {
    throw new LawError('INTERNAL_INVARIANT', {
      check: 'split_conserves_proceeds',
      total,
      proceeds: input.proceedsPaise,
    });
  }
  const deductedPaise = subPaise(input.proceedsPaise, balancePaise);
  return {
    proceedsPaise: input.proceedsPaise,
    parts,
    balancePaise,
    balanceTo: input.balanceTo,
    deductedPaise,
    unrecoveredPaise: sumPaise(parts.map((p) => p.unrecoveredPaise)),
    surplusHold,
    surplusHoldProvisional: provisional,
    term,
    priority: [...order],
    roundingRule: SPLIT_ROUNDING_RULE,
  };
}

/**
 * s. 17 split of sale proceeds: deductions in `DEDUCTION_PRIORITY` order, balance to the owner or to the
 * Magistrate's deposit with its hold end. The parts always add up to the proceeds, to the paisa.
 */
export function computeSplit(input: SplitInput): LawResult<SplitResult> {
  return guard(() => splitOf(input));
}

/** Where a s. 13 payment (or an applied s. 15 deposit) goes: fines to the Magistrate, feeding to the keeper. */
export interface ClaimPaymentPart {
  readonly kind: 'fine' | 'feeding' | 'security';
  readonly payee: Payee;
  readonly section: Section;
  readonly amountPaise: Paise;
}

/**
 * Splits a payment of dues made at the pound (s. 13, or a s. 15 deposit applied on the Magistrate's
 * outcome): the fine/penalty goes to the District Magistrate, the feeding charges are retained by the
 * pound-keeper (s. 17, second paragraph), any s. 12A security to S12A_SECURITY.
 */
export function splitClaimPayment(totals: {
  readonly finePaise: Paise;
  readonly feedingPaise: Paise;
  readonly securityPaise?: Paise;
}): LawResult<readonly ClaimPaymentPart[]> {
  return guard(() => {
    assertPaise(totals.finePaise, 'finePaise');
    assertPaise(totals.feedingPaise, 'feedingPaise');
    assertPaise(totals.securityPaise ?? 0, 'securityPaise');
    return [
      { kind: 'fine', payee: 'DISTRICT_MAGISTRATE', section: 's. 13', amountPaise: totals.finePaise },
      { kind: 'feeding', payee: 'POUND_KEEPER', section: 's. 17', amountPaise: totals.feedingPaise },
      { kind: 'security', payee: 'S12A_SECURITY', section: 's. 12A', amountPaise: totals.securityPaise ?? 0 },
    ];
  });
}
