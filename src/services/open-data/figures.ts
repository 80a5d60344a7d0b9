// The figures open pound data publishes, each with the section of the Act it counts under, and the one rule that
// keeps a person out of them: a cell counting fewer than three register entries is published as "< 3", never exactly.

/** A cell as computed: its value (heads, complaints or paise) and how many register entries it counts. */
export type Cell = readonly [value: number, cases: number];

/** One pound's (or district's) cells by figure name; a figure absent is [0, 0]. */
export type Cells = Record<string, Cell>;

/**
 * What a published cell is: the exact value, "< 3" when it counts one or two register entries, or "x" when it is
 * withheld so that a "< 3" cell cannot be worked out from a total and the other cells (./secondary.ts).
 */
export type Published = number | '< 3' | 'x';

/** The mark a suppressed cell is published as (the page says what it means). */
export const SUPPRESSED = '< 3' as const;

/** The mark of a cell withheld to protect a "< 3" cell of the same sum (secondary suppression). */
export const WITHHELD = 'x' as const;

/** Fewer register entries than this in a cell and its value is not published. */
export const MIN_CASES = 3;

/**
 * How a figure is counted over time:
 * - `flow` figures happen on a day (an entry made, a release, a ledger posting) and are kept per pound-month;
 * - `stock` figures are how things stand at an instant (cattle in the pound, entries pending by days in the pound).
 * `once`: a register entry is counted in at most one month of the figure (its impounding, its disposal under the
 * s. 14 proviso), so the entries of several
 * months add up; other flow figures may count one entry in several months (two part releases, a sale and its later
 * division), so a cell spanning months is known to count at least as many entries as its largest month, no more.
 */
export interface FigureDef {
  name: string;
  kind: 'flow' | 'stock';
  unit: 'heads' | 'cases' | 'complaints' | 'paise';
  group: 'glance' | 'money' | 'complaints' | 'pending';
  /** The sections of the Act the figure counts under (docs/OPEN-DATA.md). */
  section: string;
  once?: boolean;
}

/** Every figure, in the order the API and the CSV list them. */
export const FIGURES: readonly FigureDef[] = [
  { name: 'impounded', kind: 'flow', unit: 'heads', group: 'glance', section: 'ss. 8, 10', once: true },
  { name: 'released_s13', kind: 'flow', unit: 'heads', group: 'glance', section: 's. 13' },
  { name: 'released_s15', kind: 'flow', unit: 'heads', group: 'glance', section: 's. 15' },
  { name: 'released_s16', kind: 'flow', unit: 'heads', group: 'glance', section: 's. 16' },
  { name: 'released_s19', kind: 'flow', unit: 'heads', group: 'glance', section: 's. 19' },
  { name: 'sold', kind: 'flow', unit: 'heads', group: 'glance', section: 'ss. 14, 16' },
  // Once: an entry's cattle in the pound are disposed of under the proviso at most once (it ends in DISPOSED_PROVISO).
  {
    name: 'disposed_s14_proviso',
    kind: 'flow',
    unit: 'heads',
    group: 'glance',
    section: 's. 14, proviso',
    once: true,
  },
  { name: 'fines_paise', kind: 'flow', unit: 'paise', group: 'money', section: 'ss. 12, 17' },
  { name: 'fines_remitted_paise', kind: 'flow', unit: 'paise', group: 'money', section: 's. 17' },
  { name: 'feeding_paise', kind: 'flow', unit: 'paise', group: 'money', section: 'ss. 12, 17' },
  { name: 'sale_proceeds_paise', kind: 'flow', unit: 'paise', group: 'money', section: 'ss. 14, 16' },
  { name: 'surplus_held_paise', kind: 'flow', unit: 'paise', group: 'money', section: 's. 17' },
  { name: 'surplus_claimed_paise', kind: 'flow', unit: 'paise', group: 'money', section: 's. 17' },
  { name: 'surplus_lapsed_paise', kind: 'flow', unit: 'paise', group: 'money', section: 's. 17' },
  { name: 'deposits_paise', kind: 'flow', unit: 'paise', group: 'money', section: 's. 15' },
  { name: 'deposits_refunded_paise', kind: 'flow', unit: 'paise', group: 'money', section: 'ss. 15, 20' },
  { name: 'deposits_applied_paise', kind: 'flow', unit: 'paise', group: 'money', section: 'ss. 15, 20' },
  { name: 'complaints_filed', kind: 'flow', unit: 'complaints', group: 'complaints', section: 's. 20' },
  { name: 'complaints_decided', kind: 'flow', unit: 'complaints', group: 'complaints', section: 'ss. 20-22' },
  { name: 'in_pound', kind: 'stock', unit: 'heads', group: 'glance', section: 's. 8' },
  { name: 'pending_0_7', kind: 'stock', unit: 'cases', group: 'pending', section: 'ss. 13-16' },
  { name: 'pending_8_14', kind: 'stock', unit: 'cases', group: 'pending', section: 'ss. 13-16' },
  { name: 'pending_15_30', kind: 'stock', unit: 'cases', group: 'pending', section: 'ss. 13-16' },
  { name: 'pending_over_30', kind: 'stock', unit: 'cases', group: 'pending', section: 'ss. 13-16' },
  { name: 'complaints_pending', kind: 'stock', unit: 'complaints', group: 'complaints', section: 's. 20' },
];

export const FLOW_FIGURES = FIGURES.filter((f) => f.kind === 'flow');
export const STOCK_FIGURES = FIGURES.filter((f) => f.kind === 'stock');
const ONCE = new Set(FIGURES.filter((f) => f.once).map((f) => f.name));

const ZERO: Cell = [0, 0];

/** A figure's cell ([0, 0] when absent). */
export const cellOf = (cells: Cells | undefined, name: string): Cell => cells?.[name] ?? ZERO;

/** Adds up cells figure by figure: the values always, the entries counted as `entries` combines them. */
function addCells(parts: readonly Cells[], entries: (figure: string, sum: number, part: number) => number): Cells {
  const out: Record<string, [number, number]> = {};
  for (const p of parts)
    for (const [name, [v, n]] of Object.entries(p)) {
      const c = (out[name] ??= [0, 0]);
      c[0] += v;
      c[1] = entries(name, c[1], n);
    }
  return out;
}

/** Cells of different pounds for the same period: a register entry belongs to one pound, so both parts add up. */
export const sumPounds = (parts: readonly Cells[]): Cells => addCells(parts, (_, sum, n) => sum + n);

/**
 * Cells of one pound for different periods (months, or the month so far and today): the values add up; the entries
 * counted add up only for a `once` figure, and are otherwise taken as the largest part's (a lower bound: an entry
 * may be in several parts, and the "< 3" rule must never publish a cell that could count fewer than three).
 */
export const sumPeriods = (parts: readonly Cells[]): Cells =>
  addCells(parts, (name, sum, n) => (ONCE.has(name) ? sum + n : Math.max(sum, n)));

/** The "< 3" rule: a cell counting one or two register entries is published as "< 3"; none (a zero) or three or more, exactly. */
export function publish([value, cases]: Cell): number | typeof SUPPRESSED {
  return cases > 0 && cases < MIN_CASES ? SUPPRESSED : value;
}
