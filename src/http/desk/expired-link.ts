import type { Lang, Translate } from '../../i18n';
import { escapeHtml, otherLanguage } from '../page';

const e = escapeHtml;

/** The page's headers: no script, its own inline style, nothing else loaded. */
export const EXPIRED_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  vary: 'Accept-Language',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
} as const;

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
  const other = otherLanguage(lang);
  const switchHref = `${links.here}${links.here.includes('?') ? '&' : '?'}lang=${other}`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(t('desk:expired.title'))}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:16px;background:#f4f4f5;color:#1c1c1d;line-height:1.45}
main{max-width:560px;margin:0 auto}
h1{font-size:1.2rem}
a.button{display:block;margin:12px 0;padding:12px;border-radius:8px;background:#2481cc;color:#fff;text-align:center;text-decoration:none;font-weight:600}
a.second{background:#fff;color:#2481cc;border:1px solid #2481cc}
</style>
</head>
<body>
<main>
<p><a lang="${other}" hreflang="${other}" href="${e(switchHref)}">${e(links.switchLabel)}</a></p>
<h1>${e(t('desk:expired.title'))}</h1>
<p>${e(t('desk:expired.why'))}</p>
<a class="button" data-fresh href="${e(links.fresh)}">${e(t('desk:expired.fresh'))}</a>
${links.chat ? `<a class="button second" href="${e(links.chat)}">${e(t('desk:expired.chat'))}</a>` : ''}
</main>
</body>
</html>
`;
}
