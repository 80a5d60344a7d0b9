import { LawError } from './errors';
import { sumPaise, type Paise } from './money';

/**
 * s. 16: "the cattle, or as many of them as may be necessary, shall be sold". THE selection rule:
 *
 * 1. Fewest heads: choose lots whose proceeds cover the target (dues + expenses of sale) with the
 *    smallest total number of heads (a lot is one head or a group sold together).
 * 2. Among those, the smallest total proceeds that still covers (the owner keeps the more valuable
 *    animals and the least surplus is realised by compulsion).
 * 3. Among those, the set that comes first when the lots are listed by price descending, then lot id
 *    ascending (plain code-unit order): compare the sets' lots in that listing, earliest first.
 *
 * The rule is a total order, so the result does not depend on the order the lots are given in.
 * When all lots together do not cover the target, all lots are sold and the shortfall is reported.
 * A target of 0 sells nothing.
 *
 * Algorithm: a 0/1 knapsack over heads gives the minimum head count k exactly (rule 1 is always
 * proved). A branch-and-bound search, include-first in the listing order (so candidates are met in
 * rule-3 order), then looks for the least covering proceeds with exact DP bounds (max proceeds within
 * b heads, min proceeds with exactly b heads) and stops as soon as the proceeds equal the target
 * rounded up to the bids' common divisor (nothing can be cheaper). Rule 2 is a subset-sum problem, so
 * the search is capped at `SELECTION_NODE_LIMIT` nodes: within the cap (every realistic herd, and any
 * herd where an exact cover exists) the result is proved (`proceedsMinimality: 'PROVEN'`); past it, the
 * least-proceeds set found so far is returned, still with the fewest heads and still deterministic,
 * and marked 'BEST_FOUND_WITHIN_LIMIT'.
 */
export const S16_SELECTION_RULE = 'FEWEST_HEADS_THEN_LEAST_PROCEEDS_THEN_PRICE_DESC_ID_ASC' as const;

/** Cap on branch-and-bound nodes (a few tens of milliseconds). */
export const SELECTION_NODE_LIMIT = 2_000_000;

/** Cap on DP table cells (lots × heads budget). */
const DP_CELL_LIMIT = 20_000_000;

/** A lot offered at the auction: one head or a group, with its price/bid. */
export interface PricedLot {
  readonly id: string;
  readonly heads: number;
  readonly pricePaise: Paise;
}

export interface LotSelection<L extends PricedLot> {
  /** The chosen lots in listing order (price desc, id asc). */
  readonly chosen: readonly L[];
  readonly heads: number;
  readonly proceedsPaise: Paise;
  /** True when `proceedsPaise >= target`. */
  readonly covered: boolean;
  /** Rule 2 proved, or the best found within `SELECTION_NODE_LIMIT` (rule 1 is always proved). */
  readonly proceedsMinimality: 'PROVEN' | 'BEST_FOUND_WITHIN_LIMIT';
}

/** The listing order of rule 3: price descending, then id ascending (code-unit order). */
export function compareLots(a: PricedLot, b: PricedLot): number {
  if (a.pricePaise !== b.pricePaise) return b.pricePaise - a.pricePaise;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function summary<L extends PricedLot>(
  chosen: readonly L[],
  target: Paise,
  proceedsMinimality: LotSelection<L>['proceedsMinimality'] = 'PROVEN',
): LotSelection<L> {
  const proceedsPaise = sumPaise(chosen.map((l) => l.pricePaise));
  return {
    chosen,
    heads: chosen.reduce((s, l) => s + l.heads, 0),
    proceedsPaise,
    covered: proceedsPaise >= target,
    proceedsMinimality,
  };
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * Chooses the lots to sell under s. 16 by `S16_SELECTION_RULE`. Lots must already be validated
 * (unique ids, whole positive heads, whole non-negative prices).
 */
export function selectLotsToCover<L extends PricedLot>(
  lots: readonly L[],
  target: Paise,
  nodeLimit: number = SELECTION_NODE_LIMIT,
): LotSelection<L> {
  const sorted = [...lots].sort(compareLots);
  if (target <= 0) return summary([], target);
  const total = sumPaise(sorted.map((l) => l.pricePaise));
  if (total < target) return summary(sorted, target);

  const n = sorted.length;
  const w = sorted.map((l) => l.heads);
  const p = sorted.map((l) => l.pricePaise);
  const totalHeads = w.reduce((s, x) => s + x, 0);

  // Minimum number of heads k: best[b] = max proceeds within b heads (0/1 knapsack over heads).
  if ((totalHeads + 1) * n > DP_CELL_LIMIT) {
    throw new LawError('SELECTION_SEARCH_LIMIT', { lots: n, heads: totalHeads, reason: 'dp_too_large' }, 's. 16');
  }
  const best = new Float64Array(totalHeads + 1);
  for (let i = 0; i < n; i++) {
    const wi = w[i]!;
    const pi = p[i]!;
    for (let b = totalHeads; b >= wi; b--) {
      const v = best[b - wi]! + pi;
      if (v > best[b]!) best[b] = v;
    }
  }
  let k = 0;
  while (best[k]! < target) k++;

  // Bounds for budgets 0..k from each suffix i: maxWithin (≤ b heads), minExact (= b heads).
  const width = k + 1;
  const maxWithin = new Float64Array((n + 1) * width);
  const minExact = new Float64Array((n + 1) * width).fill(Infinity);
  minExact[n * width] = 0;
  for (let i = n - 1; i >= 0; i--) {
    const wi = w[i]!;
    const pi = p[i]!;
    const row = i * width;
    const next = (i + 1) * width;
    for (let b = 0; b <= k; b++) {
      let mx = maxWithin[next + b]!;
      let mn = minExact[next + b]!;
      if (wi <= b) {
        const inMax = pi + maxWithin[next + b - wi]!;
        if (inMax > mx) mx = inMax;
        const inMin = pi + minExact[next + b - wi]!;
        if (inMin < mn) mn = inMin;
      }
      maxWithin[row + b] = mx;
      minExact[row + b] = mn;
    }
  }

  // Lexicographically first (include-first) completion achieving minExact[i][left].
  const cheapestCompletion = (start: number, left: number): number[] => {
    const out: number[] = [];
    for (let j = start; j < n && left > 0; j++) {
      const wj = w[j]!;
      if (wj <= left && p[j]! + minExact[(j + 1) * width + left - wj]! === minExact[j * width + left]!) {
        out.push(j);
        left -= wj;
      }
    }
    return out;
  };

  // Every sum of bids is a multiple of their common divisor g, so no cover can be below this floor.
  const g = p.reduce((acc, x) => gcd(acc, x), 0) || 1;
  const floor = Math.ceil(target / g) * g;
  let bestSum = Infinity;
  let bestSet: number[] = [];
  const chosen: number[] = [];
  let nodes = 0;
  let capped = false;
  // Every covering set has exactly k heads (fewer cannot cover, by the choice of k), so any completion
  // that covers from (i, left) uses exactly `left` more heads.
  const search = (i: number, left: number, sum: number): void => {
    // The first set found with proceeds equal to the floor cannot be beaten (rule 2), and sets are met
    // in rule-3 order, so the search is over.
    if (bestSum === floor || capped) return;
    if (++nodes > nodeLimit && bestSum !== Infinity) {
      capped = true;
      return;
    }
    if (sum >= target) {
      if (sum < bestSum) {
        bestSum = sum;
        bestSet = chosen.slice();
      }
      return;
    }
    if (left === 0 || i === n) return;
    if (sum + maxWithin[i * width + left]! < target) return;
    const lowest = sum + minExact[i * width + left]!;
    if (lowest >= bestSum) return; // equal sums found later come later in rule-3 order
    if (lowest >= target) {
      bestSum = lowest;
      bestSet = chosen.concat(cheapestCompletion(i, left));
      return;
    }
    if (w[i]! <= left) {
      chosen.push(i);
      search(i + 1, left - w[i]!, sum + p[i]!);
      chosen.pop();
    }
    search(i + 1, left, sum);
  };
  search(0, k, 0);
  if (bestSum === Infinity) throw new LawError('INTERNAL_INVARIANT', { check: 's16_selection_found', k }, 's. 16');
  return summary(
    bestSet.map((idx) => sorted[idx]!),
    target,
    capped ? 'BEST_FOUND_WITHIN_LIMIT' : 'PROVEN',
  );
}
