import type { Lang } from '../../../i18n';
import { htmlHead } from '../../page';
import { escapeHtml } from './frame';

const e = escapeHtml;

/** The head of every whole page of the desk: its stylesheet and what the page adds. */
const head = (lang: Lang, title: string, more = '') =>
  htmlHead(lang, title, `<link rel="stylesheet" href="/desk/desk.css">${more}`);

/** The desk's page: no data; its script fetches the views with Telegram's initData (or the browser's session). */
export function shell(t: (lang: Lang, key: string) => string, lang: Lang): string {
  const both = (key: string, ns = 'desk') =>
    `data-${key.replace(/[._]/g, '-')}-en="${e(t('en', `${ns}:${key}`))}" data-${key.replace(/[._]/g, '-')}-hi="${e(t('hi', `${ns}:${key}`))}"`;
  return `${head(
    lang,
    t(lang, 'desk:title'),
    `
<link rel="stylesheet" href="/desk/uplot.css">
<script src="/desk/draft.js" defer></script>
<script src="/desk/app.js" defer></script>`,
  )}
<body ${['unauthorized', 'failed', 'loading', 'refused', 'busy', 'server', 'signed_out'].map((k) => both(`msg.${k}`)).join(' ')} ${both('login.sign_out', 'deskbrowser')}>
<main id="desk" aria-live="polite"><p class="empty">${e(t(lang, 'desk:msg.loading'))}</p></main>
<noscript><p>${e(t(lang, 'desk:msg.noscript'))}</p></noscript>
</body>
</html>
`;
}

/**
 * A page of the desk without its script (the sign-in, an expired document link): `body` is HTML the caller escaped;
 * the switch to the other language keeps the page's own query (`here`).
 */
export function standalonePage(p: { lang: Lang; title: string; switchLabel: string; here: string; body: string }) {
  const other: Lang = p.lang === 'hi' ? 'en' : 'hi';
  const u = new URL(p.here, 'http://desk.invalid');
  u.searchParams.set('lang', other);
  return `${head(p.lang, p.title)}
<body>
<main id="desk" class="standalone">
<header class="top" data-lang="${p.lang}"><span></span><a class="lang" lang="${other}" hreflang="${other}" href="${e(
    `${u.pathname}${u.search}`,
  )}">${e(p.switchLabel)}</a></header>
<h1>${e(p.title)}</h1>
${p.body}
</main>
</body>
</html>
`;
}
