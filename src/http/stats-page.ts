import { formatRupees, type Lang, type Translator } from '../i18n';
import { FIGURES, GLANCE, type DistrictEntry, type Published, type StatsView } from '../services/open-data';
import { escapeHtml, otherLanguage, publicPage } from './page';

// The public statistics pages (GET /stats, /stats/d/<district>, /stats/p/<pound>): open pound data in the shell every
// public page shares (./page.ts). Each chart (uPlot, served from this server, drawn by /stats/assets/charts.js from
// the page's own JSON) has its table beside it, so a screen reader and a phone without scripts read the same figures.

/** The statistics pages' own rules (after the shared ones): wider for tables, the charts, the "< 3" mark. */
const STYLE = `
main{max-width:60rem}
h2{font-size:1.05rem;margin:20px 0 6px}
section{background:#fff;border-radius:8px;padding:8px 14px;margin:0 0 14px}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:4px 6px;border-bottom:1px solid #e4e4e0;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.scroll{overflow-x:auto}
.chart{min-height:0;margin:6px 0}
.note{font-size:.85rem;color:#444}
ul.links{padding-left:1.2rem}
dl.glance{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:4px 16px}
`;

/** Counts grouped as people read them in India (lakh, crore), in Latin digits; made once per language. */
const COUNTS: Record<Lang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-IN'),
  hi: new Intl.NumberFormat('hi-IN', { numberingSystem: 'latn' }),
};

/** A count, a sum in rupees, or its mark ("< 3", "x"). */
function shown(lang: Lang, v: Published | undefined, unit: string): string {
  if (v === undefined) return '';
  if (typeof v !== 'number') return v;
  return unit === 'paise' ? formatRupees(v, lang) : COUNTS[lang].format(v);
}

const SECTION = new Map(FIGURES.map((f) => [f.name, f.section]));

/** The data the charts draw: the months and their series, the pending buckets ("< 3" as a gap). */
function chartData(t: (k: string) => string, v: StatsView) {
  const num = (x: Published | undefined) => (typeof x === 'number' ? x : null);
  const series = ['impounded', 'released_s13', 'released_s15', 'sold'];
  return {
    months: {
      x: v.months.map((m) => m.month),
      series: series.map((s) => ({ label: t(`stats:figure.${s}`), values: v.months.map((m) => num(m.figures[s])) })),
    },
    pending: {
      x: Object.keys(v.stock)
        .filter((k) => k.startsWith('pending_'))
        .map((k) => t(`stats:pending.${k}`)),
      values: Object.entries(v.stock)
        .filter(([k]) => k.startsWith('pending_'))
        .map(([, x]) => num(x)),
      label: t('stats:cases'),
    },
  };
}

/** JSON inside a <script type="application/json">: no "<" can end the element. */
const scriptJson = (x: unknown) => JSON.stringify(x).replace(/</g, '\\u003c');

/** The page of a district or a pound. */
export function renderStatsPage(translator: Translator, lang: Lang, v: StatsView): string {
  const t = translator.forLang(lang);
  const e = escapeHtml;
  const nameOf = (n: { name: string; nameHi: string }) => (lang === 'hi' ? n.nameHi : n.name);
  const kindPath = v.kind === 'district' ? 'district' : 'pound';
  const api = `/stats/v1/${kindPath}/${encodeURIComponent(v.scope.code)}`;
  const glance = GLANCE.map(
    (g) => `<div><dt>${e(t(`stats:glance.${g}`))}</dt><dd>${e(shown(lang, v.glance[g], 'heads'))}</dd></div>`,
  ).join('');
  const pendingRows = Object.entries(v.stock)
    .filter(([k]) => k.startsWith('pending_'))
    .map(
      ([k, x]) =>
        `<tr><th scope="row">${e(t(`stats:pending.${k}`))}</th><td class="n">${e(shown(lang, x, 'cases'))}</td></tr>`,
    )
    .join('');
  const flowNames = [
    'impounded',
    'released_s13',
    'released_s15',
    'released_s16',
    'released_s19',
    'sold',
    'disposed_s14_proviso',
  ];
  const monthRows = [...v.months]
    .reverse()
    .map(
      (m) =>
        `<tr><th scope="row">${e(m.month)}</th>${flowNames.map((f) => `<td class="n">${e(shown(lang, m.figures[f], 'heads'))}</td>`).join('')}</tr>`,
    )
    .join('');
  const moneyRows = FIGURES.filter((f) => f.group === 'money')
    .map(
      (f) =>
        `<tr><th scope="row">${e(t(`stats:figure.${f.name}`))}</th><td>${e(f.section)}</td><td class="n">${e(shown(lang, v.totals[f.name], 'paise'))}</td></tr>`,
    )
    .join('');
  const complaints = [
    ['complaints_filed', v.totals.complaints_filed],
    ['complaints_decided', v.totals.complaints_decided],
    ['complaints_pending', v.stock.complaints_pending],
  ]
    .map(
      ([k, x]) =>
        `<tr><th scope="row">${e(t(`stats:figure.${k}`))}</th><td>${e(SECTION.get(String(k)) ?? '')}</td><td class="n">${e(shown(lang, x as Published, 'complaints'))}</td></tr>`,
    )
    .join('');
  const pounds = v.pounds.length
    ? `<h2>${e(t('stats:pounds'))}</h2><ul class="links">${v.pounds
        .map(
          (p) =>
            `<li><a href="/stats/p/${e(encodeURIComponent(p.code))}?lang=${lang}">${e(nameOf(p))} (${e(p.code)})</a></li>`,
        )
        .join('')}</ul>`
    : `<p><a href="/stats/d/${e(encodeURIComponent(v.district.code))}?lang=${lang}">${e(t('stats:district_of', { name: nameOf(v.district) }))}</a></p>`;
  const computed = v.computedAt
    ? t('stats:computed', { at: v.computedAt, asOf: v.asOf })
    : t('stats:computed_never', { asOf: v.asOf });
  const body = `<p class="note">${e(computed)}</p>
<p class="note"><strong>${e(t('stats:suppressed_note'))}</strong></p>
<p class="note">${e(t('stats:withheld_note'))}</p>
<h2>${e(t('stats:glance_heading'))}</h2>
<section><dl class="glance">${glance}</dl></section>
<h2 id="pending">${e(t('stats:pending_heading'))}</h2>
<section><div class="chart" data-chart="pending" role="img" aria-label="${e(t('stats:pending_caption'))}"></div>
<table aria-describedby="pending"><caption class="note">${e(t('stats:pending_caption'))}</caption><thead><tr><th>${e(t('stats:bucket'))}</th><th class="n">${e(t('stats:cases'))}</th></tr></thead><tbody>${pendingRows}</tbody></table>
<p class="note">${e(t('stats:stock_note', { at: v.stockAsOf }))}</p></section>
<h2 id="months">${e(t('stats:months_heading'))}</h2>
<section><div class="chart" data-chart="months" role="img" aria-label="${e(t('stats:months_caption'))}"></div>
<div class="scroll"><table><caption class="note">${e(t('stats:months_caption'))}</caption><thead><tr><th>${e(t('stats:month'))}</th>${flowNames.map((f) => `<th class="n">${e(t(`stats:figure.${f}`))}</th>`).join('')}</tr></thead><tbody>${monthRows}</tbody></table></div></section>
<h2>${e(t('stats:money_heading'))}</h2>
<section><div class="scroll"><table><caption class="note">${e(t('stats:money_caption'))}</caption><thead><tr><th></th><th>${e(t('stats:section'))}</th><th class="n">${e(t('stats:amount'))}</th></tr></thead><tbody>${moneyRows}</tbody></table></div></section>
<h2>${e(t('stats:complaints_heading'))}</h2>
<section><table><thead><tr><th></th><th>${e(t('stats:section'))}</th><th class="n">${e(t('stats:count'))}</th></tr></thead><tbody>${complaints}</tbody></table></section>
${pounds}
<p>${e(t('stats:downloads'))} <a href="${e(`${api}.json`)}">JSON</a> · <a href="${e(`${api}.csv`)}">CSV</a></p>
<p><a href="/stats?lang=${lang}">${e(t('stats:all_districts'))}</a></p>
<script type="application/json" id="stats-data">${scriptJson(chartData(t, v))}</script>
<link rel="stylesheet" href="/stats/assets/uPlot.min.css">
<script src="/stats/assets/uPlot.iife.min.js"></script>
<script src="/stats/assets/charts.js"></script>`;
  return shell(translator, lang, t('stats:title_scope', { name: nameOf(v.scope) }), nameOf(v.scope), body);
}

/** The list of districts and their pounds (GET /stats). */
export function renderStatsIndex(translator: Translator, lang: Lang, list: DistrictEntry[]): string {
  const t = translator.forLang(lang);
  const e = escapeHtml;
  const nameOf = (n: { name: string; nameHi: string }) => (lang === 'hi' ? n.nameHi : n.name);
  const items = list
    .map(
      (d) =>
        `<li><a href="/stats/d/${e(encodeURIComponent(d.code))}?lang=${lang}">${e(nameOf(d))}</a><ul>${d.pounds
          .map(
            (p) =>
              `<li><a href="/stats/p/${e(encodeURIComponent(p.code))}?lang=${lang}">${e(nameOf(p))} (${e(p.code)})</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const body = `<p>${e(t('stats:intro'))}</p>
<p class="note"><strong>${e(t('stats:suppressed_note'))}</strong></p>
<p class="note">${e(t('stats:withheld_note'))}</p>
<h2>${e(t('stats:districts'))}</h2>
<section><ul class="links">${items}</ul></section>
<h2>${e(t('stats:api_heading'))}</h2>
<p class="note">${e(t('stats:api_note'))} <a href="/stats/v1/districts.json">districts.json</a></p>`;
  return shell(translator, lang, t('stats:title'), t('stats:heading'), body);
}

/** The one "no such district or pound" page. */
export function renderStatsNotFound(translator: Translator, lang: Lang): string {
  const t = translator.forLang(lang);
  const body = `<p role="status"><strong>${escapeHtml(t('stats:not_found'))}</strong></p><p><a href="/stats?lang=${lang}">${escapeHtml(t('stats:not_found_note'))}</a></p>`;
  return shell(translator, lang, t('stats:title'), t('stats:heading'), body);
}

function shell(translator: Translator, lang: Lang, title: string, heading: string, body: string): string {
  return publicPage({
    lang,
    title,
    heading,
    switchLabel: translator.t(otherLanguage(lang), 'stats:switch_here'),
    footer: translator.t(lang, 'stats:footer'),
    style: STYLE,
    body,
  });
}
