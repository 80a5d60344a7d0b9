import { formatDate, formatDateTime, formatRupees, type Lang, type Translate } from '../../../i18n';
import type { BookKind, CashBook, DeskPound, Headcount } from '../../../services/desk';
import { deskHref, escapeHtml, type Frame, frame, poundPicker, section, sectionText } from './frame';

const e = escapeHtml;

/** A link to one of the pound's books: the page's script asks for a short-lived link (initData) and opens it. */
export function bookLink(pound: number, kind: BookKind, period: string, lang: Lang, label: string): string {
  const href = `/desk/v/book?${new URLSearchParams({ pound: String(pound), kind, period, lang }).toString()}`;
  const type = kind === 'register_csv' ? 'text/csv' : 'application/pdf';
  return `<a data-pdf data-book="${kind}" class="chip" href="${e(href)}" type="${type}">${e(label)}</a>`;
}

const table = (head: string[], rows: string[][], right: number[]) =>
  `<div class="scroll"><table><thead><tr>${head.map((h) => `<th>${e(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c, i) => `<td${right.includes(i) ? ' class="num"' : ''}>${e(c)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table></div>`;

/** The cash book's summary: received by section, divided to the treasury and the keeper, remitted. */
function summary(t: Translate, lang: Lang, b: CashBook): string {
  const r = (paise: number) => formatRupees(paise, lang);
  return table(
    [t('desk:books.item'), t('desk:money.amount')],
    [
      ...b.received.map((x) => [
        t('desk:books.received_under', { section: sectionText(t, x.section) }),
        r(x.amountPaise),
      ]),
      [t('desk:books.received_total'), r(b.receivedPaise)],
      [t('desk:books.treasury'), r(b.treasuryPaise)],
      [t('desk:books.keeper'), r(b.keeperPaise)],
      [t('desk:books.other'), r(b.otherPaise)],
      [t('desk:books.remitted_treasury'), r(b.remittedTreasuryPaise)],
      [t('desk:books.remitted_keeper'), r(b.remittedKeeperPaise)],
    ],
    [1],
  );
}

export interface BooksPage {
  day: string;
  month: string;
  dayBook: CashBook;
  monthBook: CashBook;
  count: Headcount;
}

export function booksView(f: Frame, pounds: DeskPound[], pound: DeskPound, p: BooksPage): string {
  const { t, lang } = f;
  const form = `<form data-desk class="filters" action="/desk/v/books" method="get">
<input type="hidden" name="pound" value="${pound.id}"><input type="hidden" name="lang" value="${lang}">
<label>${e(t('desk:books.day'))}<input type="date" name="day" value="${e(p.day)}"></label>
<label>${e(t('desk:books.month'))}<input type="month" name="month" value="${e(p.month)}"></label>
<button type="submit">${e(t('desk:register.apply'))}</button>
</form>`;
  const lines = p.dayBook.lines.length
    ? table(
        [
          t('desk:entry.ledger_at'),
          t('desk:register.col.number'),
          t('desk:money.account'),
          t('desk:money.section'),
          t('desk:money.amount'),
        ],
        p.dayBook.lines.map((l) => [
          formatDateTime(l.at, lang),
          l.caseNumber,
          t(`desk:account.${l.account}`),
          sectionText(t, l.section),
          formatRupees(l.amountPaise, lang),
        ]),
        [4],
      )
    : `<p class="empty">${e(t('desk:books.no_lines'))}</p>`;
  const days = p.monthBook.days.filter((d) => d.receivedPaise || d.treasuryPaise || d.keeperPaise || d.remittedPaise);
  const dayRows = days.length
    ? table(
        [
          t('desk:books.col_day'),
          t('desk:books.col_received'),
          t('desk:books.col_treasury'),
          t('desk:books.col_keeper'),
          t('desk:books.col_remitted'),
        ],
        days.map((d) => [
          formatDate(d.day, lang),
          formatRupees(d.receivedPaise, lang),
          formatRupees(d.treasuryPaise, lang),
          formatRupees(d.keeperPaise, lang),
          formatRupees(d.remittedPaise, lang),
        ]),
        [1, 2, 3, 4],
      )
    : `<p class="empty">${e(t('desk:books.no_lines'))}</p>`;
  const kinds = p.count.byKind.length
    ? table(
        [t('desk:books.kind'), t('desk:books.heads'), t('desk:books.most_days')],
        p.count.byKind.map((k) => [
          t(`common:cattle.${k.cattleClass}`, { count: k.heads }),
          String(k.heads),
          t('desk:books.days', { count: k.mostDays }),
        ]),
        [1, 2],
      )
    : '';
  const entries = p.count.entries.length
    ? `<div class="scroll"><table class="headcount"><thead><tr><th>${e(t('desk:register.col.number'))}</th><th>${e(
        t('desk:register.col.cattle'),
      )}</th><th>${e(t('desk:books.since'))}</th><th>${e(t('desk:books.in_pound'))}</th></tr></thead><tbody>${p.count.entries
        .map(
          (x) =>
            `<tr><td><a data-desk href="${e(deskHref('entry', { id: x.caseId }, lang))}">${e(x.number)}</a></td><td>${e(
              x.cattle.map((c) => `${c.count} ${t(`common:cattle.${c.cattleClass}`, { count: c.count })}`).join(', '),
            )}</td><td>${e(formatDate(x.impoundedOn, lang))}</td><td class="num">${e(t('desk:books.days', { count: x.days }))}</td></tr>`,
        )
        .join('')}</tbody></table></div>`
    : '';
  const more =
    p.count.entries.length < p.count.entriesInPound
      ? `<p class="empty">${e(t('desk:books.listed', { shown: p.count.entries.length, count: p.count.entriesInPound }))}</p>`
      : '';
  const monthName = formatMonth(p.month, lang);
  return frame(
    f,
    t('desk:books.title', { pound: lang === 'hi' ? pound.nameHi : pound.name }),
    `${poundPicker(f, 'books', pounds, pound.id)}${form}
<section data-book="day"><h2>${e(t('desk:books.day_title', { date: formatDate(p.day, lang) }))}</h2>
<p>${bookLink(pound.id, 'cashbook', p.day, lang, t('desk:books.print_day'))}</p>
${summary(t, lang, p.dayBook)}${lines}</section>
<section data-book="month"><h2>${e(t('desk:books.month_title', { month: monthName }))}</h2>
<p>${bookLink(pound.id, 'cashbook', p.month, lang, t('desk:books.print_month'))}</p>
${summary(t, lang, p.monthBook)}${dayRows}</section>
<section data-book="register"><h2>${e(t('desk:books.register_title', { month: monthName }))}</h2>
<p>${bookLink(pound.id, 'register', p.month, lang, t('desk:books.register_pdf'))} ${bookLink(
      pound.id,
      'register_csv',
      p.month,
      lang,
      t('desk:books.register_csv'),
    )}</p></section>
${section(t('desk:books.headcount', { count: p.count.heads, date: formatDate(p.count.today, lang) }), kinds + entries, t('desk:books.none_in_pound'))}${more}`,
  );
}

/** "November 2026" / "नवंबर 2026". */
export function formatMonth(month: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  }).format(new Date(`${month}-15T00:00:00Z`));
}
