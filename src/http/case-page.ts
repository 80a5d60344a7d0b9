import type { BotContext } from '../../bot/context';
import { renderDuesLines } from '../../bot/views/owner/dues';
import { renderNext } from '../../bot/views/owner/next-deadline';
import { className, statusText } from '../../bot/views/owner/text';
import type { Lang, Translator } from '../i18n';
import type { DuesScreen } from '../services/case-card';
import { caseUrl } from '../services/case-page-url';
import { photoGroups } from '../services/photos';

// The public case page (GET /c/<number>): what the s. 14 notice makes public, for an owner without Telegram or whose
// son has it far away — the number and description of the cattle with their photos, the place of seizure, the pound
// and its address, the status, the dues if paid today (itemised, each line with its section) and what happens next
// (the last day to claim, the auction once fixed). Server-rendered HTML, no script, one inline stylesheet sized for a
// 360 px phone; images only from this server. Never a name (owner, seizer, staff) or a phone number: the read model
// it is drawn from (src/services/case-card.ts) has none.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,"Noto Sans","Noto Sans Devanagari",sans-serif;font-size:17px;line-height:1.5;color:#1a1a1a;background:#f4f4f0}
main{max-width:34rem;margin:0 auto;padding:16px}
header{display:flex;justify-content:space-between;align-items:baseline;gap:8px;flex-wrap:wrap}
h1{font-size:1.2rem;margin:0 0 12px}
h2{font-size:1.05rem;margin:16px 0 6px}
.lang{font-size:.95rem}
.status{border-radius:8px;padding:10px 14px;margin:0 0 14px;border:2px solid #8a6d00;background:#fff8e1}
.status strong{display:block;font-size:1.1rem}
.bad{background:#fdecea;border-color:#c62828}
dl{margin:0;background:#fff;border-radius:8px;padding:4px 14px}
dt{font-size:.85rem;color:#555;margin-top:10px}
dd{margin:0 0 10px;font-weight:600;overflow-wrap:anywhere}
ul.cattle{list-style:none;margin:0;padding:0}
ul.cattle li{background:#fff;border-radius:8px;padding:10px;margin:0 0 10px}
ul.cattle img{display:block;width:100%;height:auto;border-radius:6px;margin:0 0 6px;background:#ddd}
.dues{background:#fff;border-radius:8px;padding:10px 14px;white-space:pre-line;overflow-wrap:anywhere}
.next{margin:12px 0}
.tg{display:block;text-align:center;background:#0b57d0;color:#fff;border-radius:8px;padding:12px;margin:16px 0;text-decoration:none;font-weight:600}
footer{font-size:.8rem;color:#555;margin-top:16px}
a{color:#0b57d0}
`;

/** What the page shows: the dues screen's read model of the case (null: the one "no such case" page). */
export interface CasePageView {
  screen: DuesScreen;
  /** The case's photos per group: the heads' photo ids, in register order (from the Head rows). */
  heads: Array<{ id: number; cattleClass: string; description: string; photoId: number | null }>;
  /** The bot's username for the "open in Telegram" button (none: no button). */
  botUsername: string;
}

/** The page's own path, for the photo links (relative to the server; PUBLIC_URL is not needed to serve it). */
const pathOf = (number: string) => caseUrl('', number);

/** The whole HTML page for one case (or the one "no such case" page, the same for any unknown or malformed number). */
export function renderCasePage(translator: Translator, lang: Lang, view: CasePageView | null): string {
  const t = translator.forLang(lang);
  // The bot's owner views are pure functions of the read model and `t`: the page words the dues and dates as the chat does.
  const ctx = { t, lang } as unknown as BotContext;
  const other: Lang = lang === 'hi' ? 'en' : 'hi';
  const row = (label: string, value: string) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`;
  let body: string;
  let title = t('casepage:title_unknown');
  if (view) {
    const { card, dues } = view.screen;
    title = t('casepage:title', { number: card.number });
    const pound = lang === 'hi' ? card.pound.nameHi : card.pound.name;
    const inPound = card.heads.filter((h) => h.status === 'IMPOUNDED').length;
    const groups = photoGroups(view.heads);
    const cattle = groups
      .map((g, i) => {
        const photo =
          g.photoId !== null && card.photos.some((p) => p.id === g.photoId && p.stored)
            ? `<img src="${escapeHtml(`${pathOf(card.number)}/photo/${g.photoId}`)}" alt="${escapeHtml(t('casepage:photo_alt', { n: i + 1 }))}" width="320" height="213" loading="lazy">`
            : '';
        const line = t('owner:case.cattle_line', {
          count: g.count,
          cls: className(ctx, g.cattleClass, g.count),
          description: g.description || '—',
        }).replace(/^•\s*/, '');
        return `<li>${photo}${escapeHtml(line)}</li>`;
      })
      .join('');
    const duesBlock =
      card.inCustody && dues.ok
        ? `<h2>${escapeHtml(t('casepage:dues_heading', { date: dues.value.breakdown.asOfDate }))}</h2><div class="dues">${escapeHtml(renderDuesLines(ctx, dues.value.breakdown))}</div>`
        : '';
    const auction =
      card.auction && card.auction.status === 'SCHEDULED'
        ? row(
            t('casepage:auction'),
            t('casepage:auction_value', { at: card.auction.scheduledFor.toISOString(), place: card.auction.place }),
          )
        : row(t('casepage:auction'), t('casepage:auction_none'));
    // Where the pound is, when its position is recorded: a plain link to the map (no map is loaded into the page).
    const { latitude: lat, longitude: lon } = card.pound;
    const map =
      lat != null && lon != null
        ? `<dt>${escapeHtml(t('casepage:map'))}</dt><dd><a href="${escapeHtml(
            `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`,
          )}">${escapeHtml(t('casepage:map_link'))}</a></dd>`
        : '';
    const hours = (lang === 'hi' ? card.pound.openingHoursHi : card.pound.openingHours) ?? card.pound.openingHours;
    const telegram = view.botUsername
      ? `<a class="tg" href="${escapeHtml(`https://t.me/${view.botUsername}?start=case_${card.number}`)}">${escapeHtml(t('casepage:open_telegram'))}</a>`
      : '';
    body = `<p class="status" role="status"><strong>${escapeHtml(statusText(ctx, card))}</strong>${escapeHtml(t('casepage:status_note', { count: inPound }))}</p>
<h2>${escapeHtml(t('casepage:cattle_heading', { count: card.heads.length }))}</h2>
<ul class="cattle">${cattle}</ul>
<dl>
${row(t('casepage:place'), card.placeOfSeizure)}
${row(t('casepage:pound'), `${pound} (${card.pound.code})`)}
${row(t('casepage:address'), card.pound.address)}${map}${hours ? row(t('casepage:hours'), hours) : ''}
${row(t('casepage:brought_in'), t('casepage:brought_in_value', { at: card.impoundedAt.toISOString() }))}
${auction}
</dl>
${card.next ? `<p class="next">${escapeHtml(renderNext(ctx, card.next))}</p>` : ''}
${duesBlock}
${telegram}`;
  } else {
    body = `<p class="status bad" role="status"><strong>${escapeHtml(t('casepage:not_found'))}</strong>${escapeHtml(t('casepage:not_found_note'))}</p>`;
  }
  // The switch names the other language in that language; relative, so the same page opens in the other language.
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header><h1>${escapeHtml(view ? t('casepage:heading', { number: view.screen.card.number }) : t('casepage:heading_unknown'))}</h1><a class="lang" lang="${other}" hreflang="${other}" href="?lang=${other}">${escapeHtml(translator.t(other, 'casepage:switch_here'))}</a></header>
${body}
<footer>${escapeHtml(t('casepage:footer'))}</footer>
</main>
</body>
</html>
`;
}
