import { formatDate } from '../../../i18n';
import type { DeskPound, WorkItem } from '../../../services/desk';
import { deskHref, escapeHtml, type Frame, frame, sectionText } from './frame';

const e = escapeHtml;

export function todayView(f: Frame, items: WorkItem[], pounds: DeskPound[], caseLink: (n: string) => string | null) {
  const { t, lang } = f;
  const name = (id: number) => {
    const p = pounds.find((x) => x.id === id);
    return p ? (lang === 'hi' ? p.nameHi : p.name) : '';
  };
  // Late first, then what may be done now (open since a day past, not late), then by date.
  const groupOf = (i: WorkItem) => (i.overdue ? 'overdue' : i.open ? 'open' : i.date);
  const byDate = new Map<string, WorkItem[]>([
    ['overdue', []],
    ['open', []],
  ]);
  for (const i of items) byDate.set(groupOf(i), [...(byDate.get(groupOf(i)) ?? []), i]);
  const heading = (group: string) =>
    group === 'overdue'
      ? `<h2 class="late">${e(t('desk:today.overdue'))}</h2>`
      : group === 'open'
        ? `<h2>${e(t('desk:today.open_now'))}</h2>`
        : `<h2>${e(formatDate(group, lang))}</h2>`;
  const groups = [...byDate.entries()]
    .filter(([, its]) => its.length)
    .map(
      ([group, its]) =>
        `<section data-group="${e(group)}">${heading(group)}<ul class="work">${its
          .map((i) => {
            const link = caseLink(i.caseNumber);
            return `<li data-kind="${i.kind}"><strong>${e(t(`desk:work.${i.kind}`))}</strong> · ${e(sectionText(t, i.section))}${
              i.overdue
                ? ` · ${e(t('desk:today.since', { date: formatDate(i.date, lang) }))}`
                : i.open
                  ? ` · ${e(t('desk:today.open_since', { date: formatDate(i.date, lang) }))}`
                  : ''
            }<br><a data-desk href="${e(deskHref('entry', { id: i.caseId }, lang))}">${e(i.caseNumber)}</a> · ${e(name(i.poundId))}${
              link ? ` · <a data-tg-link href="${e(link)}">${e(t('desk:today.in_chat'))}</a>` : ''
            }</li>`;
          })
          .join('')}</ul></section>`,
    )
    .join('\n');
  return frame(f, t('desk:today.title'), groups || `<p class="empty">${e(t('desk:today.nothing'))}</p>`);
}
