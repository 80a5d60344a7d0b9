import type { Translate } from '../../../i18n';
import { Refusal } from '../../../services/refusal';
import type { RowOutcome } from '../../../services/register-import';

/** A refusal in the reader's language: the one table of wordings (`refusal:<reason>`), with the section and the step. */
export function refusalWords(f: { t: Translate }, err: Refusal, number = ''): string {
  const p: Record<string, unknown> = {
    ...err.params,
    number,
    section: err.section ? f.t('common:section', { n: err.section.replace('s. ', '') }) : '',
    status: err.params.status ? f.t(`common:status.${err.params.status}`) : '',
  };
  if (typeof err.params.step === 'string') p.step = f.t(`staff:paper.step.${err.params.step}`);
  if (err.reason === 'PAPER_STEP_MISSING') p.missing = f.t(`staff:paper.step.${String(err.params.missing)}`);
  const key = `refusal:${err.reason}`;
  const words = f.t(key, p);
  return words === key ? f.t('refusal:OTHER', { ...p, reason: err.reason }) : words;
}

/** One row of a paper register's import, in the reader's language (the desk's table, the admin CLI's lines). */
export function importRowText(f: { t: Translate }, r: RowOutcome): string {
  const { t } = f;
  switch (r.status) {
    case 'ready':
      return t('desk:import.row.ready');
    case 'entered':
      return t('desk:import.row.entered', { number: r.number });
    case 'already':
      return t('desk:import.row.already', { number: r.number });
    case 'unreadable':
      return t(`desk:import.problem.${r.problem}`, { field: r.field ?? '' });
    case 'refused':
      if (r.error instanceof Refusal) return refusalWords(f, r.error);
      return t(`desk:seize.error.${r.error.problem}`, {
        section: t('common:section', { n: r.error.section.replace('s. ', '') }),
      });
  }
}
