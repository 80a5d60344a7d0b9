import { assertInstant, toIstDate, type LocalDate } from './calendar';
import { assertCattleClass, assertHeadCount, type CattleClassCode } from './cattle';
import type { DeductionKind } from './deduction-order';
import { feedingDays } from './dues';
import { guard, LawError, type LawResult } from './errors';
import { assertPaise, splitEvenly, subPaise, sumPaise, type Paise } from './money';
import { compareLots, S16_SELECTION_RULE, selectLotsToCover, type LotSelection } from './sale-selection';
import { splitOf, type AccountOptions, type SplitPart, type SplitResult } from './split';
import type { TermInfo } from './terms';

/**
 * - 'S16_AS_MANY_AS_NECESSARY' — s. 16: the owner appeared and refused or omitted to pay (or deposit);
 *   only as many head as necessary are sold (see `S16_SELECTION_RULE`), the rest go back to the owner.
 * - 'S14_ALL' — s. 14: unclaimed cattle; every lot offered is sold.
 */
export type SaleMode = 'S16_AS_MANY_AS_NECESSARY' | 'S14_ALL';

/** A lot at the auction: one head or a group sold together, with the price bid for it. */
export interface SaleLotInput {
  readonly id: string;
  /** Heads in the lot (default 1). */
  readonly heads?: number;
  /** Register ids of the heads, if known (length must equal `heads`). */
  readonly headIds?: readonly string[];
  readonly cattleClass?: string;
  readonly pricePaise: Paise;
}

export interface SaleInput extends AccountOptions {
  readonly mode: SaleMode;
  /** (a) the number of cattle seized (all heads of the case, including any without a bid). */
  readonly herdHeads: number;
  /**
   * Heads of the case already sold (or otherwise disposed of) at an earlier auction round — s. 14 cattle left
   * without a bid may be offered again. They are neither offered now nor remaining. Default 0.
   */
  readonly headsSoldEarlier?: number;
  readonly impoundedAt: Date;
  readonly saleAt: Date;
  readonly lots: readonly SaleLotInput[];
  /** Dues at the sale date (e.g. `computeDues({ …, asOf: saleAt, mode: 'sale' }).value.totals`). */
  readonly dues: { readonly finePaise: Paise; readonly feedingPaise: Paise; readonly securityPaise?: Paise };
  readonly saleExpensesPaise: Paise;
  /** s. 16: the owner or agent is present and takes the balance; otherwise it is held under s. 17. */
  readonly ownerPresent: boolean;
  readonly surplusDepositedAt?: Date | null;
  /** The state variant applied to the dues (`DuesBreakdown.stateVariant`), recorded in the account. */
  readonly stateVariant?: { readonly id: string; readonly act: string } | null;
}

/** A sold lot with its price attributed to its heads (odd paise to the first heads, see money.ts). */
export interface SoldLot {
  readonly id: string;
  readonly heads: number;
  readonly headIds: readonly string[] | null;
  readonly cattleClass: CattleClassCode | null;
  readonly pricePaise: Paise;
  readonly perHeadPaise: readonly Paise[];
}

/** The s. 16 account, clauses (a)–(f), as data for the bot to render. */
export interface S16Account {
  readonly section: 's. 16';
  /** "fines" or "penalties", by the date of the account. */
  readonly term: TermInfo;
  /** State variant of s. 16 applied (e.g. Maharashtra), or null for the Act unamended. */
  readonly stateVariant: { readonly id: string; readonly act: string } | null;
  /** (a) number of cattle seized. */
  readonly a_cattleSeized: number;
  /** (b) time during which they have been impounded (India dates, both counted). */
  readonly b_timeImpounded: {
    readonly fromAt: Date;
    readonly from: LocalDate;
    readonly toAt: Date;
    readonly to: LocalDate;
    readonly days: number;
  };
  /** (c) amount of fines/penalties and charges incurred. */
  readonly c_finesAndCharges: {
    readonly term: TermInfo['term'];
    readonly finePaise: Paise;
    readonly feedingPaise: Paise;
    readonly securityPaise: Paise;
    readonly totalPaise: Paise;
  };
  /** (d) number of cattle sold. */
  readonly d_cattleSold: number;
  /** (e) proceeds of sale. */
  readonly e_proceedsPaise: Paise;
  /** (f) the manner in which the proceeds have been disposed of (the s. 17 split), in the order met. */
  readonly f_disposal: readonly SplitPart[];
  /** The order in which the proceeds met the deductions (shown with (f)). */
  readonly f_order: readonly DeductionKind[];
  /** Delivered to the owner with the account (s. 16, third paragraph). */
  readonly remainingCattle: number;
  readonly balancePaise: Paise;
  readonly balanceTo: 'OWNER' | 'MAGISTRATE_DEPOSIT';
}

export interface SaleResult {
  readonly mode: SaleMode;
  readonly selectionRule: typeof S16_SELECTION_RULE | 'S14_ALL_LOTS';
  /** Whether the least-proceeds part of the rule was proved or is the best found within the search cap. */
  readonly proceedsMinimality: 'PROVEN' | 'BEST_FOUND_WITHIN_LIMIT';
  /** What the proceeds must cover: dues + expenses of sale. */
  readonly target: { readonly duesPaise: Paise; readonly saleExpensesPaise: Paise; readonly totalPaise: Paise };
  readonly sold: { readonly lots: readonly SoldLot[]; readonly heads: number; readonly proceedsPaise: Paise };
  /** Lots not sold, and every head not sold (including heads without a bid). */
  readonly remaining: { readonly lotIds: readonly string[]; readonly heads: number };
  readonly covered: boolean;
  /** Target minus proceeds when not covered, else 0. */
  readonly shortfallPaise: Paise;
  readonly split: SplitResult;
  readonly account: S16Account;
}

export interface ValidLot {
  readonly id: string;
  readonly heads: number;
  readonly headIds: readonly string[] | null;
  readonly cattleClass: CattleClassCode | null;
  readonly pricePaise: Paise;
}

function validateLots(lots: readonly SaleLotInput[], herdHeads: number): ValidLot[] {
  if (!Array.isArray(lots)) throw new LawError('INVALID_COUNT', { field: 'lots' }, 's. 16');
  const ids = new Set<string>();
  const headIds = new Set<string>();
  let heads = 0;
  const out = lots.map((lot, i): ValidLot => {
    if (typeof lot?.id !== 'string' || lot.id === '')
      throw new LawError('INVALID_COUNT', { field: `lots[${i}].id`, value: lot?.id });
    if (ids.has(lot.id)) throw new LawError('DUPLICATE_ID', { field: 'lots', id: lot.id });
    ids.add(lot.id);
    const n = lot.heads ?? 1;
    assertHeadCount(n, `lots[${i}].heads`);
    if (n === 0) throw new LawError('INVALID_COUNT', { field: `lots[${i}].heads`, value: 0 });
    assertPaise(lot.pricePaise, `lots[${i}].pricePaise`);
    let cattleClass: CattleClassCode | null = null;
    if (lot.cattleClass != null) {
      assertCattleClass(lot.cattleClass, `lots[${i}].cattleClass`);
      cattleClass = lot.cattleClass;
    }
    if (lot.headIds != null) {
      if (lot.headIds.length !== n) {
        throw new LawError('INVALID_COUNT', { field: `lots[${i}].headIds`, heads: n, headIds: lot.headIds.length });
      }
      for (const h of lot.headIds) {
        if (headIds.has(h)) throw new LawError('DUPLICATE_ID', { field: 'headIds', id: h });
        headIds.add(h);
      }
    }
    heads += n;
    return {
      id: lot.id,
      heads: n,
      headIds: lot.headIds ? [...lot.headIds] : null,
      cattleClass,
      pricePaise: lot.pricePaise,
    };
  });
  if (heads > herdHeads) {
    throw new LawError(
      'INVALID_COUNT',
      { field: 'lots', reason: 'more_heads_offered_than_seized', offered: heads, herdHeads },
      's. 16',
    );
  }
  return out;
}

/** Throwing form of `computeSale` (internal). */
export function saleOf(input: SaleInput): SaleResult {
  assertInstant(input.impoundedAt, 'impoundedAt');
  assertInstant(input.saleAt, 'saleAt');
  if (input.saleAt.getTime() < input.impoundedAt.getTime()) {
    throw new LawError('DATE_BEFORE_IMPOUNDING', {
      field: 'saleAt',
      saleAt: input.saleAt.toISOString(),
      impoundedAt: input.impoundedAt.toISOString(),
    });
  }
  if (input.mode !== 'S16_AS_MANY_AS_NECESSARY' && input.mode !== 'S14_ALL') {
    throw new LawError('INVALID_RULE', { field: 'mode', value: input.mode });
  }
  assertHeadCount(input.herdHeads, 'herdHeads');
  if (input.herdHeads === 0) throw new LawError('EMPTY_HERD', { field: 'herdHeads' });
  const earlier = input.headsSoldEarlier ?? 0;
  assertHeadCount(earlier, 'headsSoldEarlier');
  if (earlier >= input.herdHeads)
    throw new LawError(
      'INVALID_COUNT',
      { field: 'headsSoldEarlier', value: earlier, herdHeads: input.herdHeads },
      's. 14',
    );
  const finePaise = input.dues.finePaise;
  const feedingPaise = input.dues.feedingPaise;
  const securityPaise = input.dues.securityPaise ?? 0;
  assertPaise(finePaise, 'dues.finePaise');
  assertPaise(feedingPaise, 'dues.feedingPaise');
  assertPaise(securityPaise, 'dues.securityPaise');
  assertPaise(input.saleExpensesPaise, 'saleExpensesPaise');
  const lots = validateLots(input.lots, input.herdHeads - earlier);

  const duesPaise = sumPaise([finePaise, feedingPaise, securityPaise]);
  const targetPaise = sumPaise([duesPaise, input.saleExpensesPaise]);
  const selection = input.mode === 'S14_ALL' ? selectAll(lots) : selectLotsToCover(lots, targetPaise);
  const soldIds = new Set(selection.chosen.map((l) => l.id));
  const proceedsPaise = sumPaise(selection.chosen.map((l) => l.pricePaise));
  const soldHeads = selection.chosen.reduce((s, l) => s + l.heads, 0);
  const balanceTo = input.ownerPresent ? 'OWNER' : 'MAGISTRATE_DEPOSIT';
  const split = splitOf({
    proceedsPaise,
    saleExpensesPaise: input.saleExpensesPaise,
    finePaise,
    feedingPaise,
    securityPaise,
    balanceTo,
    saleAt: input.saleAt,
    surplusDepositedAt: input.surplusDepositedAt ?? null,
    accountAt: input.accountAt ?? null,
    ...(input.termAmendments ? { termAmendments: input.termAmendments } : {}),
    ...(input.windows ? { windows: input.windows } : {}),
    ...(input.deductionOrder ? { deductionOrder: input.deductionOrder } : {}),
  });
  const impoundedOn = toIstDate(input.impoundedAt);
  const saleOn = toIstDate(input.saleAt);
  const covered = proceedsPaise >= targetPaise;
  const soldLots: SoldLot[] = selection.chosen.map((l) => ({ ...l, perHeadPaise: splitEvenly(l.pricePaise, l.heads) }));
  const remainingCattle = input.herdHeads - earlier - soldHeads;
  return {
    mode: input.mode,
    selectionRule: input.mode === 'S14_ALL' ? 'S14_ALL_LOTS' : S16_SELECTION_RULE,
    proceedsMinimality: 'proceedsMinimality' in selection ? selection.proceedsMinimality : 'PROVEN',
    target: { duesPaise, saleExpensesPaise: input.saleExpensesPaise, totalPaise: targetPaise },
    sold: { lots: soldLots, heads: soldHeads, proceedsPaise },
    remaining: { lotIds: lots.filter((l) => !soldIds.has(l.id)).map((l) => l.id), heads: remainingCattle },
    covered,
    shortfallPaise: covered ? 0 : subPaise(targetPaise, proceedsPaise),
    split,
    account: {
      section: 's. 16',
      term: split.term,
      stateVariant: input.stateVariant ?? null,
      a_cattleSeized: input.herdHeads,
      b_timeImpounded: {
        fromAt: input.impoundedAt,
        from: impoundedOn,
        toAt: input.saleAt,
        to: saleOn,
        days: feedingDays(impoundedOn, saleOn),
      },
      c_finesAndCharges: { term: split.term.term, finePaise, feedingPaise, securityPaise, totalPaise: duesPaise },
      d_cattleSold: soldHeads,
      e_proceedsPaise: proceedsPaise,
      f_disposal: split.parts,
      f_order: split.priority,
      remainingCattle,
      balancePaise: split.balancePaise,
      balanceTo,
    },
  };
}

function selectAll(lots: readonly ValidLot[]): { chosen: readonly ValidLot[] } {
  return { chosen: [...lots].sort(compareLots) };
}

/**
 * The s. 16 sale (or a s. 14 sale of everything): chooses the heads to sell, deducts fines/penalties,
 * feeding charges, expenses of sale (and Maharashtra's s. 12A security) by the s. 17 split, and returns
 * the remaining cattle, the balance and the account (a)–(f).
 */
export function computeSale(input: SaleInput): LawResult<SaleResult> {
  return guard(() => saleOf(input));
}

/**
 * Just the s. 16 choice: which lots to sell to cover `targetPaise` (dues + expenses of sale), by
 * `S16_SELECTION_RULE`. `herdHeads` defaults to the heads offered.
 */
export function selectS16Lots(lots: readonly SaleLotInput[], targetPaise: Paise): LawResult<LotSelection<SoldLotBase>> {
  return guard(() => {
    assertPaise(targetPaise, 'targetPaise');
    const valid = validateLots(lots, Number.MAX_SAFE_INTEGER);
    return selectLotsToCover(valid, targetPaise);
  });
}

/** A validated lot (as chosen by `selectS16Lots`). */
export type SoldLotBase = ValidLot;
