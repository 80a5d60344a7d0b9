import { poundNameIn } from '../i18n';
import type { Lang, Translator } from '../i18n';
import { headLabelText } from '../services/head-label';
import type { PublicReceipt } from '../services/verify';

// The public receipt page (GET /r/<code>): server-rendered HTML, no script, no third-party asset, one
// inline stylesheet sized for a 360 px phone. Only what the printed receipt shows: no name, no residence. A receipt for
// one owner's heads of a register entry lists those heads (class, description) and says it covers only
// them, as the receipt PDF, the chat receipt and /verify do; a receipt of the whole entry lists none.

const ROLE_KEY = {
  POUND_KEEPER: 'pound_keeper',
  OFFICER: 'officer',
  MAGISTRATE: 'magistrate',
  ADMIN: 'admin',
} as const;

/** The page's language: ?lang= (the switch link), else the first of hi/en in Accept-Language, else the default. */
export function pageLanguage(query: string | undefined, acceptLanguage: string | undefined, fallback: Lang): Lang {
  if (query === 'hi' || query === 'en') return query;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag!.split('-')[0]!, q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((x) => (x.lang === 'hi' || x.lang === 'en') && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (ranked[0]?.lang as Lang | undefined) ?? fallback;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,"Noto Sans","Noto Sans Devanagari",sans-serif;font-size:17px;line-height:1.5;color:#1a1a1a;background:#f4f4f0}
main{max-width:34rem;margin:0 auto;padding:16px}
header{display:flex;justify-content:space-between;align-items:baseline;gap:8px;flex-wrap:wrap}
h1{font-size:1.2rem;margin:0 0 12px}
.lang{font-size:.95rem}
.verdict{border-radius:8px;padding:12px 14px;margin:0 0 14px;border:2px solid}
.ok{background:#e8f5e9;border-color:#2e7d32}
.bad{background:#fdecea;border-color:#c62828}
.verdict strong{display:block;font-size:1.25rem}
dl{margin:0;background:#fff;border-radius:8px;padding:4px 14px}
dt{font-size:.85rem;color:#555;margin-top:10px}
dd{margin:0 0 10px;font-weight:600;overflow-wrap:anywhere}
dd ul{margin:0;padding-left:1.2em}
dd .note{margin:6px 0 0;font-weight:400;font-size:.95rem}
footer{font-size:.8rem;color:#555;margin-top:16px}
a{color:#0b57d0}
`;

/** The whole HTML page for one receipt (or the one "not verified" page, the same for any unknown code). */
export function renderReceiptPage(translator: Translator, lang: Lang, receipt: PublicReceipt | null): string {
  const t = translator.forLang(lang);
  const other: Lang = lang === 'hi' ? 'en' : 'hi';
  const row = (label: string, value: string) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`;
  let body: string;
  if (receipt) {
    const pound = poundNameIn(lang, receipt.pound);
    const confirmed = receipt.confirmedByRole
      ? t(`common:role.${ROLE_KEY[receipt.confirmedByRole]}`)
      : t('web:receipt.confirmed_by_none');
    // One owner's heads of the entry (a part receipt): each head by class and description, and that it covers only them.
    const heads = receipt.heads?.length
      ? `<dt>${escapeHtml(t('web:receipt.part_heads', { count: receipt.heads.length }))}</dt><dd><ul class="heads">${receipt.heads.map((h) => `<li>${escapeHtml(headLabelText(t, h))}</li>`).join('')}</ul><p class="note">${escapeHtml(t('web:receipt.part_note', { count: receipt.heads.length }))}</p></dd>\n`
      : '';
    body = `<p class="verdict ok" role="status"><strong>✓ ${escapeHtml(t('web:receipt.genuine'))}</strong>${escapeHtml(t('web:receipt.genuine_note'))}</p>
<dl>
${row(t('web:receipt.number'), receipt.number)}
${row(t('web:receipt.pound'), `${pound} (${receipt.pound.code})`)}
${row(t('web:receipt.case'), receipt.caseNumber)}
${row(t('web:receipt.kind'), t(`owner:verify.kind_${receipt.kind}`))}
${heads}${row(t('web:receipt.amount'), t('web:receipt.amount_value', { amount: receipt.amountPaise }))}
${row(t('web:receipt.issued'), t('web:receipt.issued_value', { at: receipt.issuedAt.toISOString() }))}
${row(t('web:receipt.confirmed_by'), confirmed)}
</dl>`;
  } else {
    body = `<p class="verdict bad" role="status"><strong>✗ ${escapeHtml(t('web:receipt.not_found'))}</strong>${escapeHtml(t('web:receipt.not_found_note'))}</p>`;
  }
  // The switch names the other language in that language. Relative: the same page in the other language; the not-verified page never repeats the code it was asked for.
  const switchHref = `?lang=${other}`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t('web:receipt.title'))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header><h1>${escapeHtml(t('web:receipt.heading'))}</h1><a class="lang" lang="${other}" hreflang="${other}" href="${escapeHtml(switchHref)}">${escapeHtml(translator.t(other, 'web:receipt.switch_here'))}</a></header>
${body}
<footer>${escapeHtml(t('web:receipt.footer'))}</footer>
</main>
</body>
</html>
`;
}
