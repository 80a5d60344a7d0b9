import { CATTLE_CLASS_CODES, type CattleClassCode } from './data/cattle-classes';
import { LawError } from './errors';

export { CATTLE_CLASS_CODES, CATTLE_CLASSES } from './data/cattle-classes';
export type { CattleClassCode, CattleClassDef } from './data/cattle-classes';

const CODE_SET: ReadonlySet<string> = new Set(CATTLE_CLASS_CODES);
const CLASS_ORDER: ReadonlyMap<string, number> = new Map(CATTLE_CLASS_CODES.map((c, i) => [c, i]));

/** True when `code` is one of the s. 3 class codes. */
export function isCattleClass(code: unknown): code is CattleClassCode {
  return typeof code === 'string' && CODE_SET.has(code);
}

/** Throws `UNKNOWN_CLASS` (s. 3) unless `code` is a s. 3 class code. */
export function assertCattleClass(code: unknown, field: string): asserts code is CattleClassCode {
  if (!isCattleClass(code)) throw new LawError('UNKNOWN_CLASS', { field, value: code }, 's. 3');
}

/** Position of a class in the s. 3 list (used to order output lines deterministically). */
export function classOrder(code: CattleClassCode): number {
  return CLASS_ORDER.get(code) ?? Number.MAX_SAFE_INTEGER;
}

/** Throws unless `n` is a whole, non-negative number of heads. */
export function assertHeadCount(n: unknown, field: string): asserts n is number {
  if (typeof n !== 'number' || Number.isNaN(n)) throw new LawError('INVALID_COUNT', { field, value: n });
  if (n < 0) throw new LawError('NEGATIVE_COUNT', { field, value: n });
  if (!Number.isSafeInteger(n)) throw new LawError('INVALID_COUNT', { field, value: n });
}

/** Heads of one class in an impounded herd (the s. 8 register's "number and description"). */
export interface HerdEntry {
  readonly cattleClass: string;
  readonly heads: number;
}

/** A herd validated and merged by class, in s. 3 order, zero-head classes dropped. */
export interface Herd {
  readonly byClass: readonly { readonly cattleClass: CattleClassCode; readonly heads: number }[];
  readonly heads: number;
}

/**
 * Validates a herd: every class must be a s. 3 class, every count a whole non-negative number,
 * and the herd must have at least one head. Entries of the same class are added together.
 */
export function normaliseHerd(entries: readonly HerdEntry[]): Herd {
  if (!Array.isArray(entries)) throw new LawError('EMPTY_HERD', { field: 'herd' });
  const totals = new Map<CattleClassCode, number>();
  entries.forEach((e, i) => {
    assertCattleClass(e?.cattleClass, `herd[${i}].cattleClass`);
    assertHeadCount(e.heads, `herd[${i}].heads`);
    const next = (totals.get(e.cattleClass) ?? 0) + e.heads;
    if (!Number.isSafeInteger(next)) throw new LawError('INVALID_COUNT', { field: `herd[${i}].heads`, value: e.heads });
    totals.set(e.cattleClass, next);
  });
  const byClass = [...totals.entries()]
    .filter(([, heads]) => heads > 0)
    .sort(([a], [b]) => classOrder(a) - classOrder(b))
    .map(([cattleClass, heads]) => ({ cattleClass, heads }));
  const heads = byClass.reduce((s, c) => s + c.heads, 0);
  if (heads === 0) throw new LawError('EMPTY_HERD', { field: 'herd' });
  return { byClass, heads };
}
