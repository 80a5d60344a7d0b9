/**
 * Money columns at the database boundary. Amounts received, paid out, sold for and recorded in the ledger
 * are BIGINT paise in the database (a sum can pass 2^31 paise = ₹2,14,74,836.48); the code computes in JS
 * numbers, which are exact integers up to 2^53 paise (about ₹90 lakh crore). `paiseOf` converts a value read
 * from such a column and refuses one that a number would not hold exactly; writes take numbers as they are.
 */
export function paiseOf(v: bigint | number): number;
export function paiseOf(v: bigint | number | null): number | null;
export function paiseOf(v: bigint | number | null): number | null {
  if (v === null) return null;
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError('money column beyond 2^53 paise');
  return n;
}
