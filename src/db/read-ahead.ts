import { workScope } from '../observability/scope';
import type { Prisma } from './generated/client';

/**
 * A read made ahead, in the round trip of the statement before it (src/db/direct.ts `queryTogether`), kept on the unit
 * of work (one update) for the `queryRows` that asks for the same statement — same text, same values — next.
 *
 * It is the answer only if no other statement of the unit of work ran in between (by the unit's statement count,
 * which the driver adapter and the direct path both keep): then it is exactly what that read would have returned had
 * it been sent on its own a moment later, with nothing of this update written between. Anything else — another
 * statement first (a write, a cache refill), another read — and it is dropped; a read made ahead is used once.
 * (The record itself, `ReadAhead`, is a field of the unit of work: src/observability/scope.ts.)
 */

/** The same value as a statement's parameter: primitives (bigint included) by value, Dates by instant, arrays by element. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) return sameValues(a, b);
  return false;
}
function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
}

/** Keeps `rows` as the answer to `sql` for the current unit of work (none outside one). */
export function holdReadAhead(sql: Prisma.Sql, rows: unknown[]): void {
  const scope = workScope.getStore();
  if (scope) scope.readAhead = { text: sql.text, values: sql.values, rows, at: scope.statements };
}

/** The rows read ahead for `sql`, if they are still its answer (see above); they are used once. */
export function takeReadAhead(sql: Prisma.Sql): unknown[] | undefined {
  const scope = workScope.getStore();
  const ahead = scope?.readAhead;
  if (!ahead) return undefined;
  scope.readAhead = undefined;
  return ahead.at === scope.statements && ahead.text === sql.text && sameValues(ahead.values, sql.values)
    ? ahead.rows
    : undefined;
}
