import type { DeskPhotoGroup } from '../../../services/desk';
import { escapeHtml, type Frame, section } from './frame';

const e = escapeHtml;

/**
 * The entry's photos, one per group of heads (as the chat's card numbers the groups), each a small copy inline; for
 * a keeper of the pound, a form per group to add or replace its photo (camera or gallery; the page's script shrinks
 * it and sends it as base64) with `formKey`, made when the page is shown, so the same form sent twice stores one photo. `said`: what the last
 * send did (stored, or why not), shown at the top.
 */
export function entryPhotosSection(
  f: Frame,
  caseId: number,
  groups: DeskPhotoGroup[],
  mayAdd: boolean,
  said?: { ok: boolean; text: string },
  formKey = '',
): string {
  const { t, lang } = f;
  const items = groups
    .map((g) => {
      const label = t('desk:photo.group', {
        n: g.n,
        count: g.count,
        cattle: t(`common:cattle.${g.cattleClass}`, { count: g.count }),
        description: g.description,
      });
      const img = g.thumb
        ? `<img src="${e(g.thumb)}" alt="${e(label)}" loading="lazy">`
        : `<p class="empty">${e(t('desk:photo.none'))}</p>`;
      const form = mayAdd
        ? `<form data-desk data-method="post" class="photo-form" action="/desk/v/entry-photo" method="post" data-too-big="${e(
            t('photos:problem.too_big'),
          )}">
<input type="hidden" name="lang" value="${lang}"><input type="hidden" name="case" value="${caseId}"><input type="hidden" name="group" value="${g.n}"><input type="hidden" name="key" value="${e(formKey)}">
<input type="hidden" name="photo" id="photo-${g.n}">
<label>${e(t(g.photoId ? 'desk:photo.replace' : 'desk:photo.add'))}<input type="file" accept="image/jpeg,image/png" capture="environment" data-into="photo-${g.n}" data-read="photo" required></label>
<p class="field-problem" id="photo-${g.n}-problem" role="alert"></p>
<button type="submit">${e(t('desk:photo.send'))}</button></form>`
        : '';
      return `<figure class="group-photo" data-group="${g.n}">${img}<figcaption>${e(label)}</figcaption>${form}</figure>`;
    })
    .join('');
  const status = said ? `<p class="${said.ok ? 'ok' : 'bad'}" role="status">${e(said.text)}</p>` : '';
  return section(t('desk:photo.title'), `${status}${items}`, t('desk:entry.none'));
}
