import { formatDate, formatDateTime, formatRupees, type Lang, type Translate } from '../../../i18n';
import type { DeskPound } from '../../../services/desk';
import type { NextDeadline } from '../../../services/next-deadline';
import { escapeHtml } from '../../page';

// The staff desk's HTML: pure functions of the read models (src/services/desk/) and the translator, one file per
// view beside this one. Every text is escaped here, with the one escaper of every page (../../page.ts); every word
// comes from locales/<lang>/desk.json (and common.json for statuses, roles and cattle). The page (`shell`) has no
// data; the fragments are fetched with Telegram's initData by the page's script. Here: the frame every fragment
// shares and the small pieces the views are built of.

export { escapeHtml };
const e = escapeHtml;

/** What every fragment's header needs: who, in which language, which tabs. */
export interface Frame {
  t: Translate;
  lang: Lang;
  /** The path and query of this view, without lang (for the language switch). */
  here: string;
  tab: 'today' | 'register' | 'books' | 'seize' | 'money' | 'district' | 'staff';
  /** May register a seizure (a keeper). */
  seize: boolean;
  district: boolean;
  staffAdmin: boolean;
  /** The other language's name in that language (the switch). */
  switchLabel: string;
  /** The reader's Telegram id: the page keeps a form's draft in this browser under it (one draft per person). */
  user: string;
}

/** A link inside the desk: the page's script fetches it with initData. */
export function deskHref(path: string, params: Record<string, string | number | undefined>, lang: Lang): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  q.set('lang', lang);
  return `/desk/v/${path}?${q.toString()}`;
}

/** The section as the reader writes it ("s. 14" / "धारा 14"). */
export function sectionText(t: Translate, section: string): string {
  const n = /^s\.\s*(.+)$/.exec(section)?.[1];
  return n ? t('common:section', { n }) : section;
}

export function frame(f: Frame, title: string, body: string): string {
  const other: Lang = f.lang === 'hi' ? 'en' : 'hi';
  const tab = (name: Frame['tab'], path: string) =>
    `<a data-desk class="chip" href="${e(deskHref(path, {}, f.lang))}"${f.tab === name ? ' aria-current="page"' : ''}>${e(f.t(`desk:tab.${name}`))}</a>`;
  const switchHref = `${f.here}${f.here.includes('?') ? '&' : '?'}lang=${other}`;
  return `<header class="top" data-lang="${f.lang}" data-user="${e(f.user)}"><nav>${tab('today', 'today')}${tab('register', 'register')}${tab('books', 'books')}${f.seize ? tab('seize', 'seize') : ''}${tab('money', 'money')}${
    f.district ? tab('district', 'district') : ''
  }${f.staffAdmin ? tab('staff', 'staff') : ''}</nav><a data-desk class="lang" lang="${other}" hreflang="${other}" href="${e(
    switchHref,
  )}">${e(f.switchLabel)}</a></header>
<h1>${e(title)}</h1>
${body}`;
}

export const money = (paise: number | null, lang: Lang) => (paise === null ? '—' : formatRupees(paise, lang));

/** The next statutory step in words, with its date. */
export function nextText(t: Translate, lang: Lang, n: NextDeadline | null): string {
  if (!n) return t('desk:next.unknown');
  switch (n.kind) {
    case 'claim_by':
    case 'report_due':
    case 'auction_from':
    case 'complaint_by':
    case 'surplus_until':
      return t(`desk:next.${n.kind}`, { date: formatDate(n.date, lang), section: sectionText(t, n.section) });
    case 'reported':
      return t('desk:next.reported', { at: formatDateTime(n.reportedAt, lang), section: sectionText(t, n.section) });
    case 's16_sale':
      return t('desk:next.s16_sale', { date: formatDate(n.saleFrom, lang), section: sectionText(t, n.section) });
    case 'auction_at':
      return t('desk:next.auction_at', { at: formatDateTime(n.at, lang), place: n.place });
    case 'claim_rest':
      return t('desk:next.claim_rest', { section: sectionText(t, n.section) });
    default:
      return t('desk:next.none');
  }
}

export function poundPicker(f: Frame, path: string, pounds: DeskPound[], current: number | undefined): string {
  if (pounds.length < 2) return '';
  return `<p class="pounds">${pounds
    .map(
      (p) =>
        `<a data-desk class="chip" href="${e(deskHref(path, { pound: p.id }, f.lang))}"${p.id === current ? ' aria-current="true"' : ''}>${e(
          f.lang === 'hi' ? p.nameHi : p.name,
        )}</a>`,
    )
    .join(' ')}</p>`;
}

export function dl(rows: Array<[string, string | null | undefined]>): string {
  return `<dl>${rows
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v!)}</dd>`)
    .join('')}</dl>`;
}

export function section(title: string, body: string, empty: string): string {
  return `<section><h2>${e(title)}</h2>${body || `<p class="empty">${e(empty)}</p>`}</section>`;
}

export function list(items: string[]): string {
  return items.length ? `<ul>${items.map((i) => `<li>${e(i)}</li>`).join('')}</ul>` : '';
}
