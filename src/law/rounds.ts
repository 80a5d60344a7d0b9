import { guard, type LawResult } from './errors';
import { assertPaise, subPaise, sumPaise, type Paise } from './money';
import type { Section } from './sections';
import type { SplitPart } from './split';

/**
 * s. 14 (further auction) with s. 16: what a later auction round deducts from its proceeds. Heads left without
 * a bid at one auction stay in the pound and are offered again; the later round deducts what the previous round
 * left unrecovered (its s. 17 parts' `unrecoveredPaise`: fines, feeding, security; unrecovered expenses of sale
 * join this round's expenses) plus the charges accrued since the previous sale for the heads still in the pound
 * (their dues now minus their dues on the previous sale date) — never what an earlier round already deducted.
 * So for each kind: deducted over all rounds + still unrecovered = owed (test/unit/law/sale-rounds.test.ts).
 */
export const ROUND_DEDUCTION_SECTIONS: readonly Section[] = ['s. 14', 's. 16'];

/** The charges the sale deducts, by kind (paise). */
export interface RoundCharges {
  readonly finePaise: Paise;
  readonly feedingPaise: Paise;
  readonly securityPaise?: Paise;
}

export interface LaterRoundInput {
  /** The s. 17 parts of the previous round's split (`SaleResult.split.parts`). */
  readonly previousParts: readonly SplitPart[];
  /** Dues (`computeDues`, mode 'sale') of the heads still in the pound, valued at this round's sale. */
  readonly duesNow: RoundCharges;
  /** Dues of the same heads valued at the previous round's sale. */
  readonly duesAtPreviousSale: RoundCharges;
  /** Expenses of this round's sale. */
  readonly saleExpensesPaise: Paise;
}

export interface LaterRoundDues {
  /** What this round deducts, to pass as `SaleInput.dues`. */
  readonly dues: { readonly finePaise: Paise; readonly feedingPaise: Paise; readonly securityPaise: Paise };
  /** This round's expenses plus the previous round's unrecovered expenses (`SaleInput.saleExpensesPaise`). */
  readonly saleExpensesPaise: Paise;
  /** Left unrecovered by the previous round. */
  readonly carried: {
    readonly expensesPaise: Paise;
    readonly finePaise: Paise;
    readonly feedingPaise: Paise;
    readonly securityPaise: Paise;
  };
  /** Accrued since the previous sale. */
  readonly accrued: { readonly finePaise: Paise; readonly feedingPaise: Paise; readonly securityPaise: Paise };
}

function accruedSince(now: Paise, then: Paise, field: string): Paise {
  assertPaise(now, field);
  assertPaise(then, field);
  return subPaise(now, then);
}

/** The charges a round leaves unrecovered, by kind (its s. 17 parts' `unrecoveredPaise`). */
export function unrecoveredOf(
  parts: readonly Pick<SplitPart, 'kind' | 'unrecoveredPaise'>[],
): LaterRoundDues['carried'] {
  const of = (kind: SplitPart['kind']) => parts.find((p) => p.kind === kind)?.unrecoveredPaise ?? 0;
  return {
    expensesPaise: of('sale_expenses'),
    finePaise: of('fine'),
    feedingPaise: of('feeding'),
    securityPaise: of('security'),
  };
}

/**
 * The one rule of "Auction rounds" (module comment): for each kind of charge, what the previous round left
 * unrecovered plus what accrued since its sale for the heads still in the pound. A later round deducts it from its
 * proceeds (`laterRoundDues`); the owner claiming the heads left unsold under s. 13 pays it (partly-sold.ts
 * `duesAfterPartialSale`). Throws LawError on bad amounts (call inside `guard`).
 */
export function chargesAfterRound(
  carried: RoundCharges,
  duesNow: RoundCharges,
  duesAtPreviousSale: RoundCharges,
): Pick<LaterRoundDues, 'dues' | 'accrued'> {
  for (const [k, v] of Object.entries(carried)) assertPaise(v, `carried.${k}`);
  const accrued = {
    finePaise: accruedSince(duesNow.finePaise, duesAtPreviousSale.finePaise, 'finePaise'),
    feedingPaise: accruedSince(duesNow.feedingPaise, duesAtPreviousSale.feedingPaise, 'feedingPaise'),
    securityPaise: accruedSince(duesNow.securityPaise ?? 0, duesAtPreviousSale.securityPaise ?? 0, 'securityPaise'),
  };
  return {
    dues: {
      finePaise: sumPaise([carried.finePaise, accrued.finePaise]),
      feedingPaise: sumPaise([carried.feedingPaise, accrued.feedingPaise]),
      securityPaise: sumPaise([carried.securityPaise ?? 0, accrued.securityPaise]),
    },
    accrued,
  };
}

/** What a later s. 14 auction round deducts (see the module comment). */
export function laterRoundDues(input: LaterRoundInput): LawResult<LaterRoundDues> {
  return guard(() => {
    assertPaise(input.saleExpensesPaise, 'saleExpensesPaise');
    const carried = unrecoveredOf(input.previousParts);
    const { dues, accrued } = chargesAfterRound(carried, input.duesNow, input.duesAtPreviousSale);
    return { dues, saleExpensesPaise: sumPaise([input.saleExpensesPaise, carried.expensesPaise]), carried, accrued };
  });
}
