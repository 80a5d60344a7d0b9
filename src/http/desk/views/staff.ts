import { formatDate, formatDateTime } from '../../../i18n';
import type { DeskPound } from '../../../services/desk';
import type { StaffListEntry } from '../../../services/staff';
import { escapeHtml, type Frame, frame, section } from './frame';

const e = escapeHtml;

export function staffView(
  f: Frame,
  staff: StaffListEntry[],
  pounds: DeskPound[],
  issued: { code: string; link: string; expiresAt: Date } | null,
  message: { ok: boolean; text: string } | null,
  confirmSelf: { id: number; text: string } | null = null,
): string {
  const { t, lang } = f;
  const roles = ['POUND_KEEPER', 'OFFICER', 'MAGISTRATE'] as const;
  const roleKey = {
    POUND_KEEPER: 'pound_keeper',
    OFFICER: 'officer',
    MAGISTRATE: 'magistrate',
    ADMIN: 'admin',
  } as const;
  const form = `<form data-desk data-method="post" class="filters" action="/desk/v/staff" method="post">
<input type="hidden" name="lang" value="${lang}"><input type="hidden" name="op" value="enrol">
<label>${e(t('desk:staff.role'))}<select name="role">${roles
    .map((r) => `<option value="${r}">${e(t(`common:role.${roleKey[r]}`))}</option>`)
    .join('')}</select></label>
<label>${e(t('desk:staff.pound'))}<select name="pound">${pounds
    .map((p) => `<option value="${e(p.code)}">${e(lang === 'hi' ? p.nameHi : p.name)} (${e(p.code)})</option>`)
    .join('')}</select></label>
<label>${e(t('desk:staff.name'))}<input name="name" maxlength="60"></label>
<button type="submit">${e(t('desk:staff.enrol'))}</button>
</form>`;
  // Revoking one's own grant: asked once more, with the one button that does it.
  const confirm = confirmSelf
    ? `<form data-desk data-method="post" class="bad" role="alert" action="/desk/v/staff" method="post"><p>${e(
        confirmSelf.text,
      )}</p>
<input type="hidden" name="lang" value="${lang}"><input type="hidden" name="op" value="revoke"><input type="hidden" name="staff" value="${confirmSelf.id}"><input type="hidden" name="confirm" value="1"><button type="submit">${e(
        t('desk:revoke_self.yes'),
      )}</button></form>`
    : '';
  const notice = issued
    ? `<p class="ok" role="status">${e(
        t('desk:staff.issued', { code: issued.code, at: formatDateTime(issued.expiresAt, lang) }),
      )}<br><a data-tg-link href="${e(issued.link)}">${e(issued.link)}</a></p>`
    : message
      ? `<p class="${message.ok ? 'ok' : 'bad'}" role="${message.ok ? 'status' : 'alert'}">${e(message.text)}</p>`
      : '';
  const rows = staff
    .map(
      (
        s,
      ) => `<tr><td class="who">${e(s.self ? `${s.name} ${t('desk:revoke_self.you')}` : s.name)}</td><td data-label="${e(t('desk:staff.role'))}">${e(t(`common:role.${roleKey[s.role as keyof typeof roleKey]}`))}</td><td data-label="${e(t('desk:staff.pounds'))}">${e(s.poundCodes.join(', '))}</td><td data-label="${e(t('desk:staff.since'))}">${e(
        formatDate(s.enrolledAt.toISOString().slice(0, 10), lang),
      )}</td><td><form data-desk data-method="post" data-confirm="${e(t('desk:staff.revoke_confirm', { name: s.name }))}" action="/desk/v/staff" method="post">
<input type="hidden" name="lang" value="${lang}"><input type="hidden" name="op" value="revoke"><input type="hidden" name="staff" value="${s.id}"><button type="submit">${e(
        t('desk:staff.revoke'),
      )}</button></form></td></tr>`,
    )
    .join('');
  return frame(
    f,
    t('desk:staff.title'),
    `${confirm}${notice}${section(t('desk:staff.enrol_title'), form, '')}
${section(
  t('desk:staff.list_title'),
  rows
    ? `<div class="scroll"><table class="staff"><thead><tr><th>${e(t('desk:staff.name'))}</th><th>${e(t('desk:staff.role'))}</th><th>${e(
        t('desk:staff.pounds'),
      )}</th><th>${e(t('desk:staff.since'))}</th><th></th></tr></thead><tbody>${rows}</tbody></table></div>`
    : '',
  t('desk:staff.none'),
)}`,
  );
}
