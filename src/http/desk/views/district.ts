import { formatRupees } from '../../../i18n';
import type { DistrictRow } from '../../../services/desk';
import { deskHref, escapeHtml, type Frame, frame } from './frame';

const e = escapeHtml;

export function districtView(f: Frame, rows: DistrictRow[]): string {
  const { t, lang } = f;
  const body = rows.length
    ? `<div class="scroll"><table><thead><tr><th>${e(t('desk:district.pound'))}</th><th>${e(t('desk:district.open'))}</th><th>${e(
        t('desk:district.overdue'),
      )}</th><th>${e(t('desk:district.held'))}</th></tr></thead><tbody>${rows
        .map(
          (r) =>
            `<tr><td><a data-desk href="${e(deskHref('register', { pound: r.pound.id }, lang))}">${e(
              lang === 'hi' ? r.pound.nameHi : r.pound.name,
            )}</a></td><td class="num">${r.openCases}</td><td class="num${r.overdueSteps ? ' late' : ''}">${r.overdueSteps}</td><td class="num">${e(
              formatRupees(r.heldPaise, lang),
            )}</td></tr>`,
        )
        .join('')}</tbody></table></div>`
    : `<p class="empty">${e(t('desk:district.none'))}</p>`;
  return frame(f, t('desk:district.title'), body);
}
