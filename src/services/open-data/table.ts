import { toIstDate } from '../../law';
import type { PrismaClient } from '../../db';
import {
  cellOf,
  FIGURES,
  publish,
  STOCK_FIGURES,
  SUPPRESSED,
  sumPeriods,
  sumPounds,
  WITHHELD,
  type Cells,
  type Published,
} from './figures';
import { stockNow, todaysFlows } from './live';
import { secondaryCells, type Relation } from './secondary';

// A district's table of figures as published: every pound's cells (the snapshot's rows, today's flows and the stock
// now, read live), the district's (its pounds' summed), then the "< 3" rule and the secondary suppression over the
// whole table, so that a pound's page and its district's page withhold the same cells.

/** How a request reads the live figures: `liveMaxAgeMs` > 0 lets requests share a reading that old at most. */
export interface ReadOptions {
  liveMaxAgeMs?: number;
}

/** One scope's cells: its months (snapshot plus today), this India year, the months' total, and the stock now. */
export interface ScopeCells {
  months: Map<string, Cells>;
  year: Cells;
  total: Cells;
  stock: Cells;
}

/** One scope's figures as published. */
export interface ScopePublished {
  months: Map<string, Record<string, Published>>;
  year: Record<string, Published>;
  total: Record<string, Published>;
  stock: Record<string, Published>;
}

/** The district's table as published, and when its parts were read. */
export interface PublishedTable {
  district: ScopePublished;
  pounds: Map<number, ScopePublished>;
  computedAt: Date | null;
  asOf: Date;
  stockAsOf: Date;
}

/** Each pound's cells: the snapshot's months, year and total with today's flows added, and its stock now. */
async function poundCells(
  db: PrismaClient,
  poundIds: number[],
  now: Date,
  months: string[],
  opts: ReadOptions,
): Promise<{ cells: Map<number, ScopeCells>; computedAt: Date | null; asOf: Date; stockAsOf: Date }> {
  const today = toIstDate(now);
  const maxAge = opts.liveMaxAgeMs ?? 0;
  const flows = todaysFlows(db, now, maxAge);
  const stock = stockNow(db, now, maxAge);
  const [rows, snapshot, live, stockCells] = await Promise.all([
    db.openDataMonth.findMany({
      where: { poundId: { in: poundIds }, month: { gte: new Date(`${months[0]}-01T00:00:00Z`) } },
    }),
    db.openDataStock.findMany({ where: { poundId: { in: poundIds } } }),
    flows.value,
    stock.value,
  ]);
  const out = new Map<number, ScopeCells>(
    poundIds.map((id) => [id, { months: new Map(), year: {}, total: {}, stock: stockCells.get(id) ?? {} }]),
  );
  for (const r of rows)
    out.get(r.poundId)?.months.set(r.month.toISOString().slice(0, 7), r.figures as unknown as Cells);
  let computed = 0;
  for (const s of snapshot) {
    const p = out.get(s.poundId);
    if (!p) continue;
    // A snapshot of an earlier India year (none taken since New Year) has nothing of this one.
    p.year = toIstDate(s.computedAt).slice(0, 4) === today.slice(0, 4) ? (s.year as unknown as Cells) : {};
    p.total = s.total as unknown as Cells;
    computed = Math.max(computed, s.computedAt.getTime());
  }
  const current = today.slice(0, 7);
  for (const [poundId, byMonth] of live.month) {
    const p = out.get(poundId);
    const day = byMonth.get(current);
    if (!p || !day) continue;
    p.months.set(current, sumPeriods([p.months.get(current) ?? {}, day]));
    p.year = sumPeriods([p.year, day]);
    p.total = sumPeriods([p.total, day]);
  }
  return { cells: out, computedAt: computed ? new Date(computed) : null, asOf: flows.at, stockAsOf: stock.at };
}

/** The pounds' cells summed (a register entry belongs to one pound, so values and entries add up). */
function districtCells(pounds: ScopeCells[], months: string[]): ScopeCells {
  return {
    months: new Map(months.map((m) => [m, sumPounds(pounds.map((p) => p.months.get(m) ?? {}))])),
    year: sumPounds(pounds.map((p) => p.year)),
    total: sumPounds(pounds.map((p) => p.total)),
    stock: sumPounds(pounds.map((p) => p.stock)),
  };
}

/** The cells of one figure in a district's table, by name 'scope|period' (scope 'd' or a pound's id). */
function cellsOfFigure(figure: string, scopes: Map<string, ScopeCells>, months: string[]) {
  const stock = STOCK_FIGURES.some((f) => f.name === figure);
  const out = new Map<string, readonly [number, number]>();
  for (const [s, c] of scopes)
    if (stock) out.set(`${s}|stock`, cellOf(c.stock, figure));
    else {
      for (const m of months) out.set(`${s}|${m}`, cellOf(c.months.get(m), figure));
      out.set(`${s}|year`, cellOf(c.year, figure));
      out.set(`${s}|total`, cellOf(c.total, figure));
    }
  return out;
}

/**
 * The sums a reader can form from a district's published cells of one figure: each scope's 24 months add up to its
 * total and this year's months to its year; each period's pounds add up to the district's. (A stock figure has only
 * the last.) The pending buckets have no published total (the cattle in the pound are heads, not entries).
 */
export function districtRelations(
  pounds: readonly string[],
  months: readonly string[],
  year: string,
  stock: boolean,
): Relation[] {
  const periods = stock ? ['stock'] : [...months, 'year', 'total'];
  const out: Relation[] = periods.map((k) => ({ sum: `d|${k}`, parts: pounds.map((p) => `${p}|${k}`) }));
  if (!stock)
    for (const s of ['d', ...pounds]) {
      out.push({ sum: `${s}|total`, parts: months.map((m) => `${s}|${m}`) });
      out.push({ sum: `${s}|year`, parts: months.filter((m) => m.startsWith(year)).map((m) => `${s}|${m}`) });
    }
  return out;
}

/**
 * The cells withheld of one figure's table, remembered by the table's shape and its cells (value, and whether "< 3"):
 * the same cells give the same choice, so the requests that share a reading decide it once (the search may try a few
 * dozen patterns on a table with a "< 3"; milliseconds each time).
 */
const decided = new Map<string, Set<string>>();
const DECIDED_MAX = 5000;

function withheldOf(
  relations: Relation[],
  cells: Map<string, readonly [number, number]>,
  primary: Set<string>,
  shape: string,
): Set<string> {
  if (primary.size === 0) return primary;
  const key = `${shape}#${[...cells].map(([k, [v]]) => `${v}${primary.has(k) ? '*' : ''}`).join(',')}`;
  const seen = decided.get(key);
  if (seen) return seen;
  const out = secondaryCells(relations, primary, (k) => cells.get(k)?.[0] ?? 0);
  if (decided.size >= DECIDED_MAX) decided.clear();
  decided.set(key, out);
  return out;
}

/** A district's table of figures at `now`, published: the "< 3" rule, then the secondary suppression. */
export async function publishedTable(
  db: PrismaClient,
  poundIds: number[],
  now: Date,
  months: string[],
  opts: ReadOptions,
): Promise<PublishedTable> {
  const read = await poundCells(db, poundIds, now, months, opts);
  const scopes = new Map<string, ScopeCells>([
    ['d', districtCells([...read.cells.values()], months)],
    ...[...read.cells].map(([id, c]) => [String(id), c] as [string, ScopeCells]),
  ]);
  const empty = (): ScopePublished => ({
    months: new Map(months.map((m) => [m, {}])),
    year: {},
    total: {},
    stock: {},
  });
  const out = new Map<string, ScopePublished>([...scopes.keys()].map((s) => [s, empty()]));
  const year = toIstDate(now).slice(0, 4);
  const pounds = [...read.cells.keys()].map(String);
  for (const f of FIGURES) {
    const cells = cellsOfFigure(f.name, scopes, months);
    const primary = new Set([...cells].filter(([, c]) => publish(c) === SUPPRESSED).map(([k]) => k));
    const relations = districtRelations(pounds, months, year, f.kind === 'stock');
    const shape = `${f.kind}|${pounds.join(',')}|${months[0]}|${year}`;
    const withheld = withheldOf(relations, cells, primary, shape);
    for (const [k, c] of cells) {
      const [scope, period] = k.split('|') as [string, string];
      const p = out.get(scope)!;
      const shown: Published = withheld.has(k) ? WITHHELD : publish(c);
      if (period === 'stock') p.stock[f.name] = shown;
      else if (period === 'year') p.year[f.name] = shown;
      else if (period === 'total') p.total[f.name] = shown;
      else p.months.get(period)![f.name] = shown;
    }
  }
  return {
    district: out.get('d')!,
    pounds: new Map([...read.cells.keys()].map((id) => [id, out.get(String(id))!])),
    computedAt: read.computedAt,
    asOf: read.asOf,
    stockAsOf: read.stockAsOf,
  };
}
