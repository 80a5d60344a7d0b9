/**
 * The two statutory paths to an auction. Unclaimed cattle are reported (s. 14), the notice is stuck up and
 * proclaimed, and after its days they are sold (s. 14). If the owner or his agent appears and refuses or omits to pay
 * the fines and expenses, the cattle — as many as necessary — are sold without report or notice (s. 16). Which one a
 * case is on is a fact recorded on it (`ownerRefusedAt`, case-model.ts), read only here.
 */

/** The section an auction of the case comes under. */
export type SalePath = 's. 14' | 's. 16';

/** What decides the path: when the owner appeared and refused or omitted to pay (null or absent: he did not). */
export interface SalePathFacts {
  readonly ownerRefusedAt?: Date | null;
}

/** s. 16 once the owner refused or omitted to pay; s. 14 otherwise. */
export function salePath(c: SalePathFacts): SalePath {
  return c.ownerRefusedAt != null ? 's. 16' : 's. 14';
}

/** True on the s. 16 path (the owner refused or omitted to pay). */
export function isS16Path(c: SalePathFacts): boolean {
  return c.ownerRefusedAt != null;
}

/** When the owner refused or omitted to pay — the instant the s. 16 interval runs from; null on the s. 14 path. */
export function s16RefusedAt(c: SalePathFacts): Date | null {
  return c.ownerRefusedAt ?? null;
}
