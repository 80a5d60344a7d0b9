import { LawError } from './errors';

/**
 * Money is whole paise in a JS `number` that must be a safe integer. No floats, ever: the engine
 * only adds, subtracts and multiplies integers, and checks every result with `Number.isSafeInteger`.
 *
 * Rounding rule: the s. 17 split allocates whole amounts in priority order and never divides, so it
 * never rounds. The only division in the engine is attributing a group lot's price to its heads
 * (`splitEvenly`): each head gets ⌊price / heads⌋ and the first (price mod heads) heads, in the order
 * given, get one paisa more, so the shares always add back to the price exactly.
 */

/** An amount in paise (1 rupee = 100 paise). A non-negative safe integer unless stated otherwise. */
export type Paise = number;

/** Throws `INVALID_AMOUNT` unless `x` is a non-negative safe integer. */
export function assertPaise(x: unknown, field: string): asserts x is Paise {
  if (typeof x !== 'number' || !Number.isSafeInteger(x) || x < 0) {
    throw new LawError('INVALID_AMOUNT', { field, value: x });
  }
}

function checked(x: number, op: string, operands: readonly number[]): Paise {
  if (!Number.isSafeInteger(x)) throw new LawError('AMOUNT_OVERFLOW', { op, operands: [...operands] });
  return x;
}

/** Sum of amounts, checked for overflow. */
export function sumPaise(xs: readonly number[]): Paise {
  let total = 0;
  for (const x of xs) total = checked(total + x, 'add', [total, x]);
  return total;
}

/** `a + b`, checked. */
export function addPaise(a: Paise, b: Paise): Paise {
  return checked(a + b, 'add', [a, b]);
}

/** `a - b`, checked (may be negative; callers decide whether that is allowed). */
export function subPaise(a: Paise, b: Paise): Paise {
  return checked(a - b, 'sub', [a, b]);
}

/** `a × b × …` for integer factors (e.g. rate × heads × days), checked. */
export function mulPaise(...factors: number[]): Paise {
  let product = 1;
  for (const f of factors) {
    if (!Number.isSafeInteger(f)) throw new LawError('AMOUNT_OVERFLOW', { op: 'mul', operands: factors });
    product = checked(product * f, 'mul', factors);
  }
  return product;
}

/**
 * Splits `total` paise into `n` shares that differ by at most one paisa and add back to `total`:
 * ⌊total / n⌋ each, and one extra paisa to each of the first `total mod n` shares.
 */
export function splitEvenly(total: Paise, n: number): Paise[] {
  assertPaise(total, 'total');
  if (!Number.isSafeInteger(n) || n < 1) throw new LawError('INVALID_COUNT', { field: 'shares', value: n });
  const base = Math.floor(total / n);
  const extra = total - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < extra ? 1 : 0));
}
