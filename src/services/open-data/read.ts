import { toIstDate, type LocalDate } from '../../law';
import type { PrismaClient } from '../../db';
import { SUPPRESSED, WITHHELD, type Published } from './figures';
import { monthsUpTo } from './snapshot';
import { publishedTable, type ReadOptions, type ScopePublished } from './table';

// The published figures of a district or a pound: the district's table (./table.ts: the snapshot's rows, today's
// flows and the stock now read live, the "< 3" rule and the secondary suppression), the scope's part of it. Counts
// and sums only: no name, number, village or case.

export type { ReadOptions } from './table';

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
  'disposed_s14_proviso_year',
] as const;

/** What a district's or a pound's page and API publish (version 1 of the API). */
export interface StatsView {
  version: 1;
  kind: 'district' | 'pound';
  scope: Named;
  /** The district a pound is in; a district's pounds. */
  district: Named;
  pounds: Named[];
  /** When the daily snapshot was taken (null: never yet), and the instant today's flows were read to. */
  computedAt: string | null;
  asOf: string;
  /** The instant the stock (in the pound, pending by days, complaints pending) was read at: today, now or nearly. */
  stockAsOf: string;
  today: LocalDate;
  suppressed: typeof SUPPRESSED;
  withheld: typeof WITHHELD;
  glance: Record<(typeof GLANCE)[number], Published>;
  /** Entries pending by days in the pound, cattle in the pound, s. 20 complaints pending: at `stockAsOf`. */
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

/** A scope's published view from its part of the district's table. */
function viewOf(
  p: ScopePublished,
  months: string[],
  today: LocalDate,
  read: { computedAt: Date | null; asOf: Date; stockAsOf: Date },
): Omit<StatsView, 'kind' | 'scope' | 'district' | 'pounds'> {
  const month = p.months.get(today.slice(0, 7)) ?? {};
  return {
    version: 1,
    computedAt: read.computedAt?.toISOString() ?? null,
    asOf: read.asOf.toISOString(),
    stockAsOf: read.stockAsOf.toISOString(),
    today,
    suppressed: SUPPRESSED,
    withheld: WITHHELD,
    glance: {
      impounded_month: month.impounded ?? 0,
      impounded_year: p.year.impounded ?? 0,
      in_pound: p.stock.in_pound ?? 0,
      released_s13_year: p.year.released_s13 ?? 0,
      released_s15_year: p.year.released_s15 ?? 0,
      sold_year: p.year.sold ?? 0,
      disposed_s14_proviso_year: p.year.disposed_s14_proviso ?? 0,
    },
    stock: p.stock,
    totals: p.total,
    months: months.map((m) => ({ month: m, figures: p.months.get(m) ?? {} })),
  };
}

const NAMED = { code: true, name: true, nameHi: true } as const;

const AREA = { ...NAMED, pounds: { select: { id: true, ...NAMED }, orderBy: { code: 'asc' } } } as const;

/** The view of `scope` (the district: 'd', or a pound's id) from its district's table at `now`. */
async function scopeView(
  db: PrismaClient,
  poundIds: number[],
  scope: 'd' | number,
  now: Date,
  opts: ReadOptions,
): Promise<Omit<StatsView, 'kind' | 'scope' | 'district' | 'pounds'>> {
  const today = toIstDate(now);
  const months = monthsUpTo(today);
  const table = await publishedTable(db, poundIds, now, months, opts);
  return viewOf(scope === 'd' ? table.district : table.pounds.get(scope)!, months, today, table);
}

const named = ({ code, name, nameHi }: Named): Named => ({ code, name, nameHi });

/** A district's published figures at `now` (null: no such district). */
export async function districtStats(
  db: PrismaClient,
  code: string,
  now: Date,
  opts: ReadOptions = {},
): Promise<StatsView | null> {
  const area = await db.area.findUnique({ where: { code }, select: AREA });
  if (!area || area.pounds.length === 0) return null;
  const scope = named(area);
  const ids = area.pounds.map((p) => p.id);
  return {
    kind: 'district',
    scope,
    district: scope,
    pounds: area.pounds.map(named),
    ...(await scopeView(db, ids, 'd', now, opts)),
  };
}

/** A pound's published figures at `now` (null: no such pound): its part of its district's table. */
export async function poundStats(
  db: PrismaClient,
  code: string,
  now: Date,
  opts: ReadOptions = {},
): Promise<StatsView | null> {
  const pound = await db.pound.findUnique({ where: { code }, select: { id: true, ...NAMED, area: { select: AREA } } });
  if (!pound) return null;
  const ids = pound.area.pounds.map((p) => p.id);
  return {
    kind: 'pound',
    scope: named(pound),
    district: named(pound.area),
    pounds: [],
    ...(await scopeView(db, ids, pound.id, now, opts)),
  };
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
