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
  const byDate = new Map<string, WorkItem[]>();
  for (const i of items)
    byDate.set(i.overdue ? 'overdue' : i.date, [...(byDate.get(i.overdue ? 'overdue' : i.date) ?? []), i]);
  const groups = [...byDate.entries()]
    .map(
      ([date, its]) =>
        `<section><h2>${e(date === 'overdue' ? t('desk:today.overdue') : formatDate(date, lang))}</h2><ul class="work">${its
          .map((i) => {
            const link = caseLink(i.caseNumber);
            return `<li><strong>${e(t(`desk:work.${i.kind}`))}</strong> · ${e(sectionText(t, i.section))}${
              i.overdue ? ` · ${e(t('desk:today.since', { date: formatDate(i.date, lang) }))}` : ''
            }<br><a data-desk href="${e(deskHref('entry', { id: i.caseId }, lang))}">${e(i.caseNumber)}</a> · ${e(name(i.poundId))}${
              link ? ` · <a data-tg-link href="${e(link)}">${e(t('desk:today.in_chat'))}</a>` : ''
            }</li>`;
          })
          .join('')}</ul></section>`,
    )
    .join('\n');
  return frame(f, t('desk:today.title'), groups || `<p class="empty">${e(t('desk:today.nothing'))}</p>`);
}
