import { LANGUAGES, type Lang } from '../i18n';

// What every HTML page this server sends shares: the one escaper (the public pages and the staff desk's views), the
// one reading of a browser's Accept-Language, and the shell of the public pages (the receipt page, the case page and
// their 404/410 pages): server-rendered, no script, no third-party asset, one inline stylesheet sized for a 360 px
// phone, not indexed, and a link to the same page in the other language.

/** Text made safe for an HTML element or a quoted attribute: the five characters that could end either, as numbers. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The language a page is not in: the switch links to it. */
export const otherLanguage = (lang: Lang): Lang => (lang === 'hi' ? 'en' : 'hi');

/** One element of Accept-Language (RFC 9110 s. 12.5.4): a language range, then an optional weight. */
const ELEMENT = /^([a-z]{1,8}(?:-[a-z0-9]{1,8})*|\*)(?:[ \t]*;[ \t]*q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?))?$/i;

/**
 * The language a page is in for one request: `?lang=` (the switch link) when it names one of ours, else the one the
 * browser's Accept-Language prefers (RFC 9110 s. 12.5.4), else `fallback` (DEFAULT_LANGUAGE).
 * - A range counts for a language by its primary subtag: `hi-IN` is Hindi (a browser may send only a regional form);
 *   of several ranges for one language the highest weight counts, and `*` weighs each language no range names.
 * - The highest weight wins; of equal weights the language named first, before one only `*` covers; a tie `*` alone
 *   makes is no preference (the fallback).
 * - Weight 0 refuses a language: a browser that accepts neither gets the fallback, or the other language when it
 *   refused only the fallback (`en;q=0` on an English-default server reads Hindi).
 * - An element that is not a range with a valid weight (`q=2`, `q=abc`, `en_US`, `<x>`) is skipped; the rest count.
 */
export function pageLanguage(query: unknown, acceptLanguage: string | undefined, fallback: Lang): Lang {
  if (query === 'hi' || query === 'en') return query;
  const named = new Map<string, { q: number; at: number }>();
  let star: number | undefined;
  for (const [at, element] of (acceptLanguage ?? '').split(',').entries()) {
    const m = ELEMENT.exec(element.trim());
    if (!m) continue;
    const range = m[1]!.toLowerCase();
    const q = m[2] === undefined ? 1 : Number(m[2]);
    if (range === '*') star ??= q;
    else {
      const primary = range.split('-')[0]!;
      const seen = named.get(primary);
      if (!seen || q > seen.q) named.set(primary, { q, at });
    }
  }
  // A language only `*` covers ranks after every named one of its weight.
  const weigh = (lang: Lang) => named.get(lang) ?? { q: star ?? 0, at: Number.MAX_SAFE_INTEGER };
  const [best, next] = LANGUAGES.map((lang) => ({ lang, ...weigh(lang) }))
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.at - b.at);
  if (best) return next && next.q === best.q && next.at === best.at ? fallback : best.lang;
  const refused = (lang: Lang) => named.has(lang) || star === 0;
  const other = otherLanguage(fallback);
  return refused(fallback) && !refused(other) ? other : fallback;
}

/** The rules both public pages share; a page adds its own after them. */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,"Noto Sans","Noto Sans Devanagari",sans-serif;font-size:17px;line-height:1.5;color:#1a1a1a;background:#f4f4f0}
main{max-width:34rem;margin:0 auto;padding:16px}
header{display:flex;justify-content:space-between;align-items:baseline;gap:8px;flex-wrap:wrap}
h1{font-size:1.2rem;margin:0 0 12px}
.lang{font-size:.95rem}
dl{margin:0;background:#fff;border-radius:8px;padding:4px 14px}
dt{font-size:.85rem;color:#555;margin-top:10px}
dd{margin:0 0 10px;font-weight:600;overflow-wrap:anywhere}
footer{font-size:.8rem;color:#555;margin-top:16px}
a{color:#0b57d0}
`;

/** One public page: its words already in `lang`; `body` is HTML the page escaped itself, every other field is text. */
export interface PublicPage {
  lang: Lang;
  title: string;
  heading: string;
  /** The other language's name in that language (the switch). */
  switchLabel: string;
  footer: string;
  /** The page's own rules, after the shared ones. */
  style: string;
  body: string;
}

/**
 * The opening of every HTML page the server makes, to the end of its head: the language, a phone's viewport, not
 * indexed, no referrer sent (links carry receipt codes and case numbers), no favicon fetched; `inHead` is what the
 * page adds (its style or stylesheets and scripts), already HTML.
 */
export function htmlHead(lang: Lang, title: string, inHead: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
${inHead}
</head>`;
}

/**
 * The whole HTML document of a public page. The switch is relative (`?lang=`): the same page in the other language,
 * and a 404 page never repeats the code or number it was asked for.
 */
export function publicPage(p: PublicPage): string {
  const e = escapeHtml;
  const other = otherLanguage(p.lang);
  return `${htmlHead(p.lang, p.title, `<style>${STYLE}${p.style.trimStart()}</style>`)}
<body>
<main>
<header><h1>${e(p.heading)}</h1><a class="lang" lang="${other}" hreflang="${other}" href="?lang=${other}">${e(p.switchLabel)}</a></header>
${p.body}
<footer>${e(p.footer)}</footer>
</main>
</body>
</html>
`;
}
