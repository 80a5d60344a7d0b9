import { startOfIstDay, toIstDate, type LocalDate } from '../../law';
import type { PrismaClient } from '../../db';
import { flowCells, type FlowCells } from './compute';
import {
  FLOW_FIGURES,
  publish,
  publishAll,
  STOCK_FIGURES,
  SUPPRESSED,
  sumPeriods,
  sumPounds,
  cellOf,
  type Cells,
  type Published,
} from './figures';
import { monthsUpTo } from './snapshot';

// The published figures of a district or a pound: the snapshot's rows, the day so far read live (today's rows only,
// on the time indexes), combined, then the "< 3" rule. Counts and sums only: no name, number, village or case.

/** A name in both languages. */
export interface Named {
  code: string;
  name: string;
  nameHi: string;
}

/** A district (a local area of the s. 12 scales, whose pounds the District Magistrate established under s. 4) and its pounds. */
export interface DistrictEntry extends Named {
  pounds: Named[];
}

/** The at-a-glance figures: this month and this India year, and how things stand. */
export const GLANCE = [
  'impounded_month',
  'impounded_year',
  'in_pound',
  'released_s13_year',
  'released_s15_year',
  'sold_year',
] as const;

/** What a district's or a pound's page and API publish (version 1 of the API). */
export interface StatsView {
  version: 1;
  kind: 'district' | 'pound';
  scope: Named;
  /** The district a pound is in; a district's pounds. */
  district: Named;
  pounds: Named[];
  /** When the daily snapshot was taken (null: never yet), and the instant today's figures were read to. */
  computedAt: string | null;
  asOf: string;
  today: LocalDate;
  suppressed: typeof SUPPRESSED;
  glance: Record<(typeof GLANCE)[number], Published>;
  /** Entries pending by days in the pound, s. 20 complaints pending: at the snapshot. */
  stock: Record<string, Published>;
  /** Every flow figure over the MONTHS months published. */
  totals: Record<string, Published>;
  months: Array<{ month: string; figures: Record<string, Published> }>;
}

/** Every district with its pounds, by code. */
export async function districts(db: PrismaClient): Promise<DistrictEntry[]> {
  const areas = await db.area.findMany({
    select: {
      code: true,
      name: true,
      nameHi: true,
      pounds: { select: { code: true, name: true, nameHi: true }, orderBy: { code: 'asc' } },
    },
    orderBy: { code: 'asc' },
  });
  return areas.filter((a) => a.pounds.length > 0);
}

interface PoundFigures {
  months: Map<string, Cells>;
  /** The India year so far and all the months published: each entry counted once (the snapshot's), plus today. */
  year: Cells;
  total: Cells;
  stock: Cells;
  computedAt: Date | null;
}

/** How a request reads today's figures: `liveMaxAgeMs` > 0 lets requests share one reading that old at most. */
export interface ReadOptions {
  liveMaxAgeMs?: number;
}

/** Today's reading of each database, shared by the requests of `liveMaxAgeMs` (the public pages: half a minute). */
const todays = new WeakMap<PrismaClient, { day: string; at: number; cells: Promise<FlowCells> }>();

/** Today's flow cells of every pound, read at `now` or taken from a reading of this India day at most `maxAgeMs` old. */
function todaysFlows(db: PrismaClient, now: Date, maxAgeMs: number): { at: Date; cells: Promise<FlowCells> } {
  const day = toIstDate(now);
  const seen = todays.get(db);
  const age = seen ? now.getTime() - seen.at : Number.POSITIVE_INFINITY;
  if (maxAgeMs > 0 && seen && seen.day === day && age >= 0 && age <= maxAgeMs)
    return { at: new Date(seen.at), cells: seen.cells };
  const cells = flowCells(db, startOfIstDay(day), now, true);
  if (maxAgeMs > 0) {
    todays.set(db, { day, at: now.getTime(), cells });
    cells.catch(() => todays.delete(db));
  }
  return { at: now, cells };
}

/** One pound's cells per month (snapshot plus today) and its stock; `now` becomes the instant today was read to. */
async function poundFigures(
  db: PrismaClient,
  poundIds: number[],
  now: Date,
  months: string[],
  opts: ReadOptions,
): Promise<{ figures: Map<number, PoundFigures>; asOf: Date }> {
  const today = toIstDate(now);
  const reading = todaysFlows(db, now, opts.liveMaxAgeMs ?? 0);
  const [rows, stock, live] = await Promise.all([
    db.openDataMonth.findMany({
      where: { poundId: { in: poundIds }, month: { gte: new Date(`${months[0]}-01T00:00:00Z`) } },
    }),
    db.openDataStock.findMany({ where: { poundId: { in: poundIds } } }),
    reading.cells,
  ]);
  const out = new Map<number, PoundFigures>(
    poundIds.map((id) => [id, { months: new Map(), year: {}, total: {}, stock: {}, computedAt: null }]),
  );
  for (const r of rows)
    out.get(r.poundId)?.months.set(r.month.toISOString().slice(0, 7), r.figures as unknown as Cells);
  for (const s of stock) {
    const p = out.get(s.poundId);
    if (p)
      Object.assign(p, {
        stock: s.figures as unknown as Cells,
        // A snapshot of an earlier India year (none taken since New Year) has nothing of this one.
        year: toIstDate(s.computedAt).slice(0, 4) === today.slice(0, 4) ? (s.year as unknown as Cells) : {},
        total: s.total as unknown as Cells,
        computedAt: s.computedAt,
      });
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
  return { figures: out, asOf: reading.at };
}

/** A published view from the pounds' combined cells. */
function viewOf(
  figures: PoundFigures[],
  months: string[],
  today: LocalDate,
  now: Date,
): Omit<StatsView, 'kind' | 'scope' | 'district' | 'pounds'> {
  // Over time within each pound first (its entries may recur across months), then across pounds (they never do).
  const combine = (ms: string[]) => sumPounds(figures.map((p) => sumPeriods(ms.map((m) => p.months.get(m) ?? {}))));
  const month = combine([today.slice(0, 7)]);
  const yearCells = sumPounds(figures.map((p) => p.year));
  const stock = sumPounds(figures.map((p) => p.stock));
  const computed = figures.map((p) => p.computedAt?.getTime() ?? 0).reduce((a, b) => Math.max(a, b), 0);
  return {
    version: 1,
    computedAt: computed ? new Date(computed).toISOString() : null,
    asOf: now.toISOString(),
    today,
    suppressed: SUPPRESSED,
    glance: {
      impounded_month: publish(cellOf(month, 'impounded')),
      impounded_year: publish(cellOf(yearCells, 'impounded')),
      in_pound: publish(cellOf(stock, 'in_pound')),
      released_s13_year: publish(cellOf(yearCells, 'released_s13')),
      released_s15_year: publish(cellOf(yearCells, 'released_s15')),
      sold_year: publish(cellOf(yearCells, 'sold')),
    },
    stock: publishAll(stock, STOCK_FIGURES),
    totals: publishAll(sumPounds(figures.map((p) => p.total)), FLOW_FIGURES),
    months: months.map((m) => ({ month: m, figures: publishAll(combine([m]), FLOW_FIGURES) })),
  };
}

const NAMED = { code: true, name: true, nameHi: true } as const;

/** A district's published figures at `now` (null: no such district). */
export async function districtStats(
  db: PrismaClient,
  code: string,
  now: Date,
  opts: ReadOptions = {},
): Promise<StatsView | null> {
  const area = await db.area.findUnique({
    where: { code },
    select: { ...NAMED, pounds: { select: { id: true, ...NAMED }, orderBy: { code: 'asc' } } },
  });
  if (!area || area.pounds.length === 0) return null;
  const today = toIstDate(now);
  const months = monthsUpTo(today);
  const { figures, asOf } = await poundFigures(
    db,
    area.pounds.map((p) => p.id),
    now,
    months,
    opts,
  );
  const scope = { code: area.code, name: area.name, nameHi: area.nameHi };
  return {
    kind: 'district',
    scope,
    district: scope,
    pounds: area.pounds.map(({ code: c, name, nameHi }) => ({ code: c, name, nameHi })),
    ...viewOf([...figures.values()], months, today, asOf),
  } as StatsView;
}

/** A pound's published figures at `now` (null: no such pound). */
export async function poundStats(
  db: PrismaClient,
  code: string,
  now: Date,
  opts: ReadOptions = {},
): Promise<StatsView | null> {
  const pound = await db.pound.findUnique({ where: { code }, select: { id: true, ...NAMED, area: { select: NAMED } } });
  if (!pound) return null;
  const today = toIstDate(now);
  const months = monthsUpTo(today);
  const { figures, asOf } = await poundFigures(db, [pound.id], now, months, opts);
  return {
    kind: 'pound',
    scope: { code: pound.code, name: pound.name, nameHi: pound.nameHi },
    district: pound.area,
    pounds: [],
    ...viewOf([...figures.values()], months, today, asOf),
  } as StatsView;
}

/**
 * The figures of the pound or district a code names (a pound's code first, then a district's; either case), or
 * null. For the chat's /stats, where a person types the code.
 */
export async function statsByCode(
  db: PrismaClient,
  typed: string,
  now: Date,
  opts: ReadOptions = {},
): Promise<StatsView | null> {
  const code = typed.trim().toUpperCase();
  if (!/^[\w-]{1,20}$/.test(code)) return null;
  return (await poundStats(db, code, now, opts)) ?? districtStats(db, code, now, opts);
}

/** The code of the first of `poundIds` (a staff member's pound, for /stats without a code), or of any pound. */
export async function poundCodeOf(db: PrismaClient, poundIds: readonly number[]): Promise<string | null> {
  const p = await db.pound.findFirst({
    where: poundIds.length ? { id: { in: [...poundIds] } } : {},
    select: { code: true },
    orderBy: { id: 'asc' },
  });
  return p?.code ?? null;
}
