import type { DeskPound } from '../../../services/desk';
import { deskHref, escapeHtml, type Frame, frame } from './frame';

const e = escapeHtml;

/** s. 14 steps already taken on paper (src/services/register/back-entry.ts), in their order; each optional. */
export const PAPER_FIELDS = ['paper_report', 'paper_notice', 'paper_village', 'paper_market'] as const;

/** Rows of cattle on the seizure form (a bigger herd: more rows in the chat, or counts per row). */
export const SEIZE_ROWS = 4;

/** The s. 8 facts on one screen (a keeper): the same checks and service as the chat's /register. */
export function seizeView(
  f: Frame,
  pounds: DeskPound[],
  classes: readonly string[],
  key: string,
  values: Record<string, string | undefined>,
  problem: string | null,
  /** Why a photo was refused, by its field (photo1 …): said beside the field. */
  photoProblems: Record<string, string> = {},
  /** The owner's mobile for SMS (when SMS is configured): how long the number is kept after the case ends. */
  sms: { retentionDays: number } | null = null,
): string {
  const { t, lang } = f;
  const v = (name: string) => e(values[name] ?? '');
  const input = (name: string, label: string, attrs = '') =>
    `<label>${e(label)}<input name="${name}" value="${v(name)}" ${attrs}></label>`;
  const rows = Array.from({ length: SEIZE_ROWS }, (_, i) => {
    const n = i + 1;
    return `<fieldset class="row"><legend>${e(t('desk:seize.group', { n }))}</legend>
<label>${e(t('desk:seize.class'))}<select name="class${n}"><option value="">—</option>${classes
      .map(
        (c) =>
          `<option value="${c}"${values[`class${n}`] === c ? ' selected' : ''}>${e(t(`common:cattle.${c}`))}</option>`,
      )
      .join('')}</select></label>
${input(`count${n}`, t('desk:seize.count'), 'inputmode="numeric" maxlength="3"')}
${input(`desc${n}`, t('desk:seize.description'), 'maxlength="200"')}
<label>${e(t('desk:seize.photo'))}<input type="file" accept="image/jpeg,image/png,image/webp" capture="environment" data-into="photo${n}" data-read="photo" aria-describedby="photo${n}-problem"></label><input type="hidden" name="photo${n}"><span class="bad field-problem" id="photo${n}-problem" role="alert">${e(photoProblems[`photo${n}`] ?? '')}</span></fieldset>`;
  }).join('\n');
  return frame(
    f,
    t('desk:seize.title'),
    `${problem ? `<p class="bad" role="alert">${e(problem)}</p>` : ''}<p class="empty">${e(t('desk:seize.note'))} <a data-desk href="${e(deskHref('import', {}, lang))}">${e(t('desk:import.link'))}</a></p>
<form data-desk data-method="post" data-draft="seize" data-draft-restored="${e(t('deskbrowser:draft.restored'))}" data-draft-discard="${e(t('deskbrowser:draft.discard'))}" class="filters seize" action="/desk/v/seize" method="post" data-too-big="${e(t('photos:problem.too_big'))}" data-unreadable="${e(t('desk:upload.failed'))}">
<input type="hidden" name="lang" value="${lang}"><input type="hidden" name="key" value="${e(key)}">
<label>${e(t('desk:staff.pound'))}<select name="pound">${pounds
      .map(
        (p) =>
          `<option value="${p.id}"${values.pound === String(p.id) ? ' selected' : ''}>${e(lang === 'hi' ? p.nameHi : p.name)}</option>`,
      )
      .join('')}</select></label>
${input('impounded', t('desk:seize.impounded'), 'type="datetime-local" required')}
${input('seized', t('desk:seize.seized'), 'type="datetime-local"')}
${rows}
${input('place', t('desk:seize.place'), 'maxlength="200" required')}
${input('seizer', t('desk:seize.seizer'), 'maxlength="200" required')}
${input('seizer_residence', t('desk:seize.seizer_residence'), 'maxlength="200" required')}
${input('owner', t('desk:seize.owner'), 'maxlength="200"')}
${input('owner_residence', t('desk:seize.owner_residence'), 'maxlength="200"')}
${
  sms
    ? `<fieldset class="mobile"><legend>${e(t('desk:seize.mobile'))}</legend>
<p class="empty">${e(t('desk:seize.mobile_note', { count: sms.retentionDays }))}</p>
<label>${e(t('desk:seize.mobile_number'))}<input name="mobile" type="tel" inputmode="tel" maxlength="20" autocomplete="off"></label>
<label>${e(t('desk:seize.mobile_language'))}<select name="mobile_language">${(['hi', 'en'] as const)
        .map(
          (l) =>
            `<option value="${l}"${values.mobile_language === l ? ' selected' : ''}>${e(t(`sms:language.${l}`))}</option>`,
        )
        .join('')}</select></label></fieldset>`
    : ''
}
<details class="paper"${PAPER_FIELDS.some((n) => values[n]) ? ' open' : ''}><summary>${e(t('desk:seize.paper.title'))}</summary>
<p class="empty">${e(t('desk:seize.paper.note'))}</p>
${PAPER_FIELDS.map((n) => input(n, t(`desk:seize.paper.${n}`), 'type="datetime-local"')).join('\n')}
</details>
<button type="submit">${e(t('desk:seize.record'))}</button>
</form>`,
  );
}
