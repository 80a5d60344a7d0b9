// Secondary suppression: a cell published as "< 3" must not be worked out by subtraction — from its total and the
// other cells of the row, or by any chain of such sums (a pound's year and the district's months, say). The cells of
// one figure in a district form a table: each scope (the district, each pound) has its months, this year and the 24
// months' total, and the district's cell is the sum of its pounds' cells. A "< 3" cell is recoverable exactly when the
// published figures determine it as a linear system: then one more cell is withheld — in the sum that exposes it, the
// smallest cell that is not itself a total, else the total — and the test is made again, until no "< 3" cell can be
// recovered; then a withheld cell the others turn out to cover is published again (the practice of statistical
// offices: complementary suppression of the least informative cells, margins last; docs/OPEN-DATA.md).

/** A published sum: the cell `sum` is the total of the cells `parts`. */
export interface Relation {
  sum: string;
  parts: readonly string[];
}

const EPS = 1e-9;

/**
 * The cells among `unknown` that the relations determine, given every other cell's value: reduces the relations
 * restricted to the unknown cells to row echelon form; an unknown is determined when its pivot's row names it alone.
 */
export function determined(relations: readonly Relation[], unknown: ReadonlySet<string>): Set<string> {
  const cols = [...unknown];
  const col = new Map(cols.map((c, i) => [c, i]));
  const rows: number[][] = [];
  for (const r of relations) {
    const row = new Array<number>(cols.length).fill(0);
    let any = false;
    const add = (cell: string, k: number) => {
      const i = col.get(cell);
      if (i === undefined) return;
      row[i]! += k;
      any = true;
    };
    add(r.sum, 1);
    for (const p of r.parts) add(p, -1);
    if (any) rows.push(row);
  }
  // Reduced row echelon form (the coefficients are small integers; EPS guards the float arithmetic).
  let lead = 0;
  const pivots: Array<[row: number, col: number]> = [];
  for (let c = 0; c < cols.length && lead < rows.length; c++) {
    let best = -1;
    for (let r = lead; r < rows.length; r++) if (Math.abs(rows[r]![c]!) > EPS) best = best < 0 ? r : best;
    if (best < 0) continue;
    [rows[lead], rows[best]] = [rows[best]!, rows[lead]!];
    const pr = rows[lead]!;
    const pv = pr[c]!;
    for (let k = 0; k < pr.length; k++) pr[k]! /= pv;
    for (let r = 0; r < rows.length; r++) {
      if (r === lead) continue;
      const f = rows[r]![c]!;
      if (Math.abs(f) <= EPS) continue;
      for (let k = 0; k < pr.length; k++) rows[r]![k]! -= f * pr[k]!;
    }
    pivots.push([lead, c]);
    lead += 1;
  }
  const out = new Set<string>();
  for (const [r, c] of pivots) if (rows[r]!.every((v, k) => k === c || Math.abs(v) <= EPS)) out.add(cols[c]!);
  return out;
}

/**
 * The cells to withhold beside the `primary` ones ("< 3") so that none of them is determined by `relations` from the
 * published cells. `value` gives each cell's value (for choosing the smallest); a cell that is the sum of some
 * relation is taken only when its relations offer no other.
 */
export function secondaryCells(
  relations: readonly Relation[],
  primary: ReadonlySet<string>,
  value: (cell: string) => number,
): Set<string> {
  const withheld = new Set<string>();
  if (primary.size === 0) return withheld;
  const sums = new Set(relations.map((r) => r.sum));
  const relationsOf = new Map<string, Relation[]>();
  for (const r of relations)
    for (const c of [r.sum, ...r.parts]) relationsOf.set(c, [...(relationsOf.get(c) ?? []), r]);
  const h = new Set(primary);
  for (;;) {
    const known = determined(relations, h);
    if (![...primary].some((c) => known.has(c)))
      return withheld.size <= PRUNE_MAX ? pruned(relations, primary, withheld) : withheld;
    // Every hidden cell the sums determine gets one more cell beside it, the "< 3" ones first: a withheld cell that
    // is itself determined protects nothing (a chain of sums runs through it).
    const exposed = [...primary, ...withheld].filter((c) => known.has(c));
    let added = 0;
    for (const e of exposed) {
      // The sums the exposed cell is in, those with the fewest hidden cells first (the plain subtraction first).
      const mine = (relationsOf.get(e) ?? [])
        .map((r) => ({ cells: [r.sum, ...r.parts], hid: [r.sum, ...r.parts].filter((c) => h.has(c)).length }))
        .sort((a, b) => a.hid - b.hid);
      const pick = (allowZero: boolean) => {
        for (const r of mine) {
          const open = r.cells.filter((c) => !h.has(c) && (allowZero || value(c) !== 0));
          if (open.length === 0) continue;
          // Not a total where a part will do; then the smallest value; then the first named (a stable choice).
          open.sort((a, b) => Number(sums.has(a)) - Number(sums.has(b)) || value(a) - value(b));
          return open[0];
        }
        return undefined;
      };
      const next = pick(false) ?? pick(true);
      if (next === undefined) continue;
      withheld.add(next);
      h.add(next);
      added += 1;
    }
    if (added === 0) {
      // Nothing left beside them: any cell of any sum (the search ends, everything hidden at worst).
      const any = relations.flatMap((r) => [r.sum, ...r.parts]).find((c) => !h.has(c));
      if (any === undefined) return withheld;
      withheld.add(any);
      h.add(any);
    }
  }
}

/** Past this many withheld cells the search does not try to publish any again (each try is an elimination). */
const PRUNE_MAX = 100;

/** The withheld cells without those the "< 3" cells turn out not to need (the later ones covered them): newest first. */
function pruned(relations: readonly Relation[], primary: ReadonlySet<string>, withheld: Set<string>): Set<string> {
  for (const c of [...withheld].reverse()) {
    withheld.delete(c);
    const known = determined(relations, new Set([...primary, ...withheld]));
    if ([...primary].some((p) => known.has(p))) withheld.add(c);
  }
  return withheld;
}
