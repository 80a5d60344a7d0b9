import type { Lang } from '../../../i18n';
import { escapeHtml } from './frame';

const e = escapeHtml;

/** The desk's page: no data; its script fetches the views with Telegram's initData. */
export function shell(t: (lang: Lang, key: string) => string, lang: Lang): string {
  const both = (key: string) =>
    `data-${key.replace(/[._]/g, '-')}-en="${e(t('en', `desk:${key}`))}" data-${key.replace(/[._]/g, '-')}-hi="${e(t('hi', `desk:${key}`))}"`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${e(t(lang, 'desk:title'))}</title>
<link rel="stylesheet" href="/desk/desk.css">
<link rel="stylesheet" href="/desk/uplot.css">
<script src="/desk/draft.js" defer></script>
<script src="/desk/app.js" defer></script>
</head>
<body ${['unauthorized', 'failed', 'loading', 'refused', 'busy', 'server', 'signed_out'].map((k) => both(`msg.${k}`)).join(' ')} ${both('login.sign_out')}>
<main id="desk" aria-live="polite"><p class="empty">${e(t(lang, 'desk:msg.loading'))}</p></main>
<noscript><p>${e(t(lang, 'desk:msg.noscript'))}</p></noscript>
</body>
</html>
`;
}
