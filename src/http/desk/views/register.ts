import { formatDate, formatDateTime, type Translate } from '../../../i18n';
import { CASE_STATUSES } from '../../../law';
import type { DeskPound, REGISTER_SORTS, RegisterPage, RegisterQuery, RegisterRow } from '../../../services/desk';
import { bookLink, formatMonth } from './books';
import { deskHref, escapeHtml, type Frame, frame, money, nextText, poundPicker } from './frame';

const e = escapeHtml;

function cattleText(t: Translate, cattle: RegisterRow['cattle']): string {
  return cattle.map((c) => `${c.count} ${t(`common:cattle.${c.cattleClass}`, { count: c.count })}`).join(', ');
}

export function registerView(
  f: Frame,
  pounds: DeskPound[],
  pound: DeskPound,
  query: RegisterQuery,
  page: RegisterPage,
  month: string,
): string {
  const { t, lang } = f;
  const base = {
    pound: pound.id,
    status: query.status,
    from: query.from,
    to: query.to,
    q: query.q,
    sort: query.sort,
    dir: query.dir,
  };
  const sortLink = (sort: (typeof REGISTER_SORTS)[number], label: string) => {
    const dir = query.sort === sort && query.dir === 'desc' ? 'asc' : 'desc';
    const mark = query.sort === sort ? (query.dir === 'desc' ? ' ▼' : ' ▲') : '';
    return `<a data-desk href="${e(deskHref('register', { ...base, sort, dir, page: 1 }, lang))}">${e(label)}${mark}</a>`;
  };
  const statusOptions = ['open', 'all', ...CASE_STATUSES]
    .map(
      (s) =>
        `<option value="${s}"${s === query.status ? ' selected' : ''}>${e(
          s === 'open' || s === 'all' ? t(`desk:register.status_${s}`) : t(`common:status.${s}`),
        )}</option>`,
    )
    .join('');
  const form = `<form data-desk class="filters" action="/desk/v/register" method="get">
<input type="hidden" name="pound" value="${pound.id}"><input type="hidden" name="lang" value="${lang}">
<input type="hidden" name="sort" value="${query.sort}"><input type="hidden" name="dir" value="${query.dir}">
<label>${e(t('desk:register.search'))}<input type="search" name="q" maxlength="60" value="${e(query.q ?? '')}"></label>
<label>${e(t('desk:register.status'))}<select name="status">${statusOptions}</select></label>
<label>${e(t('desk:register.from'))}<input type="date" name="from" value="${e(query.from ?? '')}"></label>
<label>${e(t('desk:register.to'))}<input type="date" name="to" value="${e(query.to ?? '')}"></label>
<button type="submit">${e(t('desk:register.apply'))}</button>
</form>`;
  const rows = page.rows
    .map(
      (r) => `<tr>
<td class="no"><a data-desk href="${e(deskHref('entry', { id: r.id }, lang))}">${e(r.number)}</a>${
        r.paperSerial
          ? `<br><small class="serial" data-paper-serial>${e(t('desk:register.paper_serial', { serial: r.paperSerial }))}</small>`
          : ''
      }</td>
<td data-label="${e(t('desk:register.col.date'))}">${e(formatDateTime(r.impoundedAt, lang))}</td>
<td data-label="${e(t('desk:register.col.cattle'))}">${e(cattleText(t, r.cattle))}</td>
<td data-label="${e(t('desk:register.col.seizer'))}">${e(r.seizerName)}</td>
<td data-label="${e(t('desk:register.col.status'))}">${e(t(`common:status.${r.status}`))}${
        r.backEntry
          ? `<br><small class="paper" data-back-entry>${e(
              t('desk:register.back_entry', {
                date: formatDate(r.backEntry.at, lang),
                role: t(`common:role.${r.backEntry.role}`),
              }),
            )}</small>`
          : ''
      }</td>
<td data-label="${e(t('desk:register.col.dues'))}" class="num">${e(money(r.duesTodayPaise, lang))}</td>
<td data-label="${e(t('desk:register.col.next'))}">${e(nextText(t, lang, r.next))}</td>
</tr>`,
    )
    .join('\n');
  const table = page.rows.length
    ? `<div class="scroll"><table class="register">
<thead><tr><th>${sortLink('number', t('desk:register.col.number'))}</th><th>${sortLink('date', t('desk:register.col.date'))}</th><th>${e(
        t('desk:register.col.cattle'),
      )}</th><th>${sortLink('seizer', t('desk:register.col.seizer'))}</th><th>${sortLink('status', t('desk:register.col.status'))}</th><th>${e(
        t('desk:register.col.dues'),
      )}</th><th>${e(t('desk:register.col.next'))}</th></tr></thead>
<tbody>
${rows}
</tbody></table></div>`
    : `<p class="empty">${e(t('desk:register.none'))}</p>`;
  const pager = `<p class="pager">${
    page.page > 1
      ? `<a data-desk rel="prev" href="${e(deskHref('register', { ...base, page: page.page - 1 }, lang))}">${e(t('desk:prev'))}</a>`
      : ''
  } <span>${e(t('desk:register.page', { page: page.page, pages: page.pages, count: page.total }))}</span> ${
    page.page < page.pages
      ? `<a data-desk rel="next" href="${e(deskHref('register', { ...base, page: page.page + 1 }, lang))}">${e(t('desk:next_page'))}</a>`
      : ''
  }</p>`;
  // The month's register as the paper one is kept: printable (PDF) and as CSV, through the desk's short-lived links.
  const print = `<p class="print">${e(t('desk:register.month', { month: formatMonth(month, lang) }))} ${bookLink(
    pound.id,
    'register',
    month,
    lang,
    t('desk:books.register_pdf'),
  )} ${bookLink(pound.id, 'register_csv', month, lang, t('desk:books.register_csv'))}</p>`;
  return frame(
    f,
    t('desk:register.title', { pound: lang === 'hi' ? pound.nameHi : pound.name }),
    `${poundPicker(f, 'register', pounds, pound.id)}${form}\n${print}\n${table}\n${pager}`,
  );
}
