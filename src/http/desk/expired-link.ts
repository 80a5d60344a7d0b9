import type { Lang, Translate } from '../../i18n';
import { escapeHtml } from '../page';
import { standalonePage } from './views';

const e = escapeHtml;

/**
 * What a document link that ran out shows (a link of the desk's works DOCUMENT_LINK_SECONDS; a phone may open it
 * hours later from its browser's history): that it ran out, and a fresh one — `fresh` makes a new link at once for a
 * browser signed in to the desk as the same person, else opens the entry in the desk (sign in there) — and the case
 * in the chat, whose card opens the desk in Telegram.
 */
export function expiredLinkPage(
  t: Translate,
  lang: Lang,
  links: { here: string; fresh: string; chat: string | null; switchLabel: string },
): string {
  return standalonePage({
    lang,
    title: t('deskbrowser:expired.title'),
    switchLabel: links.switchLabel,
    here: links.here,
    body: `<p>${e(t('deskbrowser:expired.why'))}</p>
<p><a class="button" data-fresh href="${e(links.fresh)}">${e(t('deskbrowser:expired.fresh'))}</a></p>
${links.chat ? `<p><a class="button second" href="${e(links.chat)}">${e(t('deskbrowser:expired.chat'))}</a></p>` : ''}`,
  });
}
