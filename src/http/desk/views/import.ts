import type { DeskPound } from '../../../services/desk';
import { type RowOutcome, IMPORT_COLUMNS } from '../../../services/register';
import { deskHref, escapeHtml, type Frame, frame } from './frame';
import { importRowText } from './refusal';

const e = escapeHtml;
const stopped = (r: RowOutcome) => (r.status === 'ready' || r.status === 'entered') && r.mobile === 'stopped';

/** What an import did (or would do): each row's outcome. */
export interface ImportResult {
  op: 'preview' | 'import';
  rows: RowOutcome[];
}

/** The paper register's CSV: the file (or pasted text), a preview of every row, then the import. */
export function importView(
  f: Frame,
  pounds: DeskPound[],
  poundId: number | null,
  csv: string,
  result: ImportResult | null,
): string {
  const { t, lang } = f;
  const rowText = (r: RowOutcome): string => importRowText(f, r);
  const table = result
    ? `<p class="${result.rows.some((r) => r.status === 'refused' || r.status === 'unreadable') ? 'bad' : 'ok'}" role="status">${e(
        t(`desk:import.summary_${result.op}`, {
          count: result.rows.length,
          ok: result.rows.filter((r) => r.status !== 'refused' && r.status !== 'unreadable').length,
        }),
      )}</p>
<table class="import"><thead><tr><th>${e(t('desk:import.col.line'))}</th><th>${e(t('desk:import.col.serial'))}</th><th>${e(
        t('desk:import.col.result'),
      )}</th></tr></thead><tbody>${result.rows
        .map(
          (r) =>
            // A number that asked to stop is the row's problem to see, though the row is entered (as from the form).
            `<tr data-status="${r.status}"${stopped(r) ? ' data-mobile="stopped"' : ''}><td>${r.line}</td><td>${e(r.serial)}</td><td${
              stopped(r) ? ' class="bad"' : ''
            }>${e(rowText(r))}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const poundOptions = pounds
    .map(
      (p) =>
        `<option value="${p.id}"${poundId === p.id ? ' selected' : ''}>${e(lang === 'hi' ? p.nameHi : p.name)}</option>`,
    )
    .join('');
  const form = (op: 'preview' | 'import', label: string) =>
    `<form data-desk data-method="post" class="filters import" action="/desk/v/import" method="post">
<input type="hidden" name="lang" value="${lang}"><input type="hidden" name="op" value="${op}">
<label>${e(t('desk:staff.pound'))}<select name="pound">${poundOptions}</select></label>
<label>${e(t('desk:import.file'))}<input type="file" accept=".csv,text/csv" data-into="csv"></label>
<label>${e(t('desk:import.text'))}<textarea name="csv" rows="6" maxlength="200000">${e(csv)}</textarea></label>
<button type="submit">${e(label)}</button></form>`;
  return frame(
    f,
    t('desk:import.title'),
    `<p class="empty">${e(t('desk:import.note', { columns: IMPORT_COLUMNS.map((c) => t(`staff:import.column.${c}`)).join(', ') }))}</p>
<p class="template">${e(t('desk:import.template'))} ${(['hi', 'en'] as const)
      .map(
        (l) =>
          `<a data-pdf class="chip" data-template="${l}" href="/desk/v/import-template?lang=${l}" type="text/csv">${e(t(`desk:import.template_${l}`))}</a>`,
      )
      .join(' ')}</p>
${table}
${form('preview', t('desk:import.preview'))}
${result?.op === 'preview' ? form('import', t('desk:import.import')) : ''}
<p><a data-desk href="${e(deskHref('seize', {}, lang))}">${e(t('desk:import.back'))}</a></p>`,
  );
}
