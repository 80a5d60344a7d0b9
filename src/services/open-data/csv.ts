import { FIGURES } from './figures';
import { GLANCE, type StatsView } from './read';

// The same figures as the JSON, one per line, for a spreadsheet: what, for which period, its value ("< 3" where the
// rule hides it, "x" where it is withheld to protect one), its unit and the sections of the Act it counts under. The scope and the dates on every line, so a
// file pasted into another keeps its meaning.

const DEF = new Map(FIGURES.map((f) => [f.name, f]));
const GLANCE_FIGURE: Record<(typeof GLANCE)[number], string> = {
  impounded_month: 'impounded',
  impounded_year: 'impounded',
  in_pound: 'in_pound',
  released_s13_year: 'released_s13',
  released_s15_year: 'released_s15',
  sold_year: 'sold',
  disposed_s14_proviso_year: 'disposed_s14_proviso',
};

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const field = (v: string | number) => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The view as CSV (RFC 4180, CRLF line ends, a header line). */
export function statsCsv(v: StatsView): string {
  const lines: Array<Array<string | number>> = [
    ['scope', 'code', 'computed_at', 'as_of', 'group', 'figure', 'period', 'value', 'unit', 'section'],
  ];
  const add = (group: string, figure: string, period: string, value: string | number, def = figure) => {
    const d = DEF.get(def);
    lines.push([
      v.kind,
      v.scope.code,
      v.computedAt ?? '',
      v.asOf,
      group,
      figure,
      period,
      value,
      d?.unit ?? '',
      d?.section ?? '',
    ]);
  };
  for (const g of GLANCE)
    add(
      'glance',
      g,
      g.endsWith('_month') ? v.today.slice(0, 7) : g.endsWith('_year') ? v.today.slice(0, 4) : v.today,
      v.glance[g],
      GLANCE_FIGURE[g],
    );
  for (const [name, value] of Object.entries(v.stock)) add('stock', name, v.stockAsOf, value);
  for (const [name, value] of Object.entries(v.totals))
    add('total', name, `${v.months[0]?.month}/${v.months.at(-1)?.month}`, value);
  for (const m of v.months) for (const [name, value] of Object.entries(m.figures)) add('month', name, m.month, value);
  return `${lines.map((l) => l.map(field).join(',')).join('\r\n')}\r\n`;
}
