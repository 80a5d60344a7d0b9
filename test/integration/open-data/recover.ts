import type { StatsView } from '../../../src/services/open-data';

// What a reader can work out from a district's published figures: the district's page and each of its pounds' pages
// give, for one figure, every scope's months, this year's cell and the 24 months' total (or the stock cell). The sums
// a reader knows hold: months → total, this year's months → year (in each scope), pounds → district (in each period).
// A hidden cell ("< 3" or "x") is recoverable when the published numbers determine it: when the unit vector of its
// cell lies in the row space of the sums restricted to the hidden cells — rank([A; e]) = rank(A). Written here from the
// pages alone, independently of the service's own suppression.

export interface Sum {
  sum: string;
  parts: string[];
}

/** Each figure's published cells of the district and its pounds, by 'scope|period'. */
export function publishedCells(district: StatsView, pounds: StatsView[], figure: string, stock: boolean) {
  const out = new Map<string, number | string>();
  for (const v of [district, ...pounds]) {
    const s = v.kind === 'district' ? 'd' : v.scope.code;
    if (stock) out.set(`${s}|stock`, v.stock[figure]!);
    else {
      for (const m of v.months) out.set(`${s}|${m.month}`, m.figures[figure]!);
      out.set(`${s}|total`, v.totals[figure]!);
      // The year's cell as the page shows it (the at-a-glance) where there is one; else derived only by the sums.
      const glance: Record<string, string> = {
        impounded: 'impounded_year',
        released_s13: 'released_s13_year',
        released_s15: 'released_s15_year',
        sold: 'sold_year',
        disposed_s14_proviso: 'disposed_s14_proviso_year',
      };
      const g = glance[figure];
      if (g) out.set(`${s}|year`, v.glance[g as keyof StatsView['glance']]);
    }
  }
  return out;
}

/** The sums a reader knows over the cells of `cells`. */
export function knownSums(cells: Map<string, unknown>, pounds: string[], months: string[], year: string): Sum[] {
  const has = (k: string) => cells.has(k);
  const out: Sum[] = [];
  const periods = has('d|stock') ? ['stock'] : [...months, 'year', 'total'];
  for (const k of periods) out.push({ sum: `d|${k}`, parts: pounds.map((p) => `${p}|${k}`) });
  if (!has('d|stock'))
    for (const s of ['d', ...pounds]) {
      out.push({ sum: `${s}|total`, parts: months.map((m) => `${s}|${m}`) });
      out.push({ sum: `${s}|year`, parts: months.filter((m) => m.startsWith(year)).map((m) => `${s}|${m}`) });
    }
  // A cell the pages do not show (the year of a figure without an at-a-glance) is unknown like a hidden one.
  return out;
}

function rank(rows: number[][]): number {
  const m = rows.map((r) => [...r]);
  let r = 0;
  const cols = m[0]?.length ?? 0;
  for (let c = 0; c < cols && r < m.length; c++) {
    let p = r;
    for (let i = r + 1; i < m.length; i++) if (Math.abs(m[i]![c]!) > Math.abs(m[p]![c]!)) p = i;
    if (Math.abs(m[p]![c]!) < 1e-9) continue;
    [m[r], m[p]] = [m[p]!, m[r]!];
    for (let i = 0; i < m.length; i++) {
      if (i === r) continue;
      const f = m[i]![c]! / m[r]![c]!;
      for (let k = c; k < cols; k++) m[i]![k]! -= f * m[r]![k]!;
    }
    r += 1;
  }
  return r;
}

/** The hidden cells among `targets` the sums determine (every cell not a number is unknown, shown or not). */
export function recoverable(cells: Map<string, unknown>, sums: Sum[], targets: string[]): string[] {
  const unknown = new Set<string>();
  for (const s of sums) for (const c of [s.sum, ...s.parts]) if (typeof cells.get(c) !== 'number') unknown.add(c);
  const cols = [...unknown];
  const idx = new Map(cols.map((c, i) => [c, i]));
  const rows = sums
    .map((s) => {
      const row = new Array<number>(cols.length).fill(0);
      const put = (c: string, k: number) => {
        const i = idx.get(c);
        if (i !== undefined) row[i]! += k;
      };
      put(s.sum, 1);
      for (const p of s.parts) put(p, -1);
      return row;
    })
    .filter((r) => r.some((x) => x !== 0));
  const base = rank(rows);
  return targets.filter((t) => {
    const i = idx.get(t);
    if (i === undefined) return false;
    const e = new Array<number>(cols.length).fill(0);
    e[i] = 1;
    return rank([...rows, e]) === base;
  });
}

/** The sums that show exactly one hidden cell beside their published numbers (the plain subtraction). */
export function plainSubtractions(cells: Map<string, unknown>, sums: Sum[]): Sum[] {
  return sums.filter((s) => {
    const hidden = [s.sum, ...s.parts].filter((c) => cells.has(c) && typeof cells.get(c) !== 'number');
    const absent = [s.sum, ...s.parts].filter((c) => !cells.has(c));
    return absent.length === 0 && hidden.length === 1 && cells.get(hidden[0]!) === '< 3';
  });
}
