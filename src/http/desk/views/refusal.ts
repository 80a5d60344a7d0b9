import { refusalText, type Translate } from '../../../i18n';
import type { RowOutcome } from '../../../services/register';

/** One row of a paper register's import, in the reader's language (the desk's table, the admin CLI's lines). */
export function importRowText(f: { t: Translate }, r: RowOutcome): string {
  const { t } = f;
  switch (r.status) {
    case 'ready':
      return withMobile(t, t('desk:import.row.ready'), r.mobile);
    case 'entered':
      return withMobile(t, t('desk:import.row.entered', { number: r.number }), r.mobile);
    case 'already':
      return t('desk:import.row.already', { number: r.number });
    case 'unreadable':
      // The column in the reader's words (several columns for a header that misses them).
      return t(`desk:import.problem.${r.problem}`, {
        field: (r.field ?? '')
          .split(', ')
          .filter(Boolean)
          .map((c) => t(`staff:import.column.${c}`, { defaultValue: c }))
          .join(', '),
        detail: r.detail ?? '',
      });
    case 'refused':
      return refusalText(t, r.error, 'staff');
  }
}

/** A row's text with what becomes of its owner's mobile (never the number itself). */
const withMobile = (t: Translate, text: string, mobile: 'recorded' | 'stopped' | undefined) =>
  mobile ? `${text} — ${t(`desk:import.row.mobile_${mobile}`)}` : text;
