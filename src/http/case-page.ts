import type { BotContext } from '../../bot/context';
import { renderNext } from '../../bot/views/owner/next-deadline';
import { className } from '../../bot/views/owner/text';
import type { Lang, Translator } from '../i18n';
import { caseUrl } from '../case-url';
import { PUBLIC_DAYS_AFTER_CUSTODY, type PublicCaseView } from '../services/public-case';

// The public case page (GET /c/<number>): what the s. 14 notice makes public, for an owner without Telegram or whose
// son has it far away — the number and description of the cattle with their photos, the place of seizure, the pound
// and its address, when they were brought in, the notice's dates, the auction once fixed and the statute's next date.
// Never a claim, payment, deposit or complaint, a name (owner, seizer, staff) or a phone number: the read model
// (src/services/public-case.ts) has none. Server-rendered HTML, no script, one inline stylesheet sized for a 360 px
// phone; images only from this server.

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
.next{margin:12px 0}
.tg{display:block;text-align:center;background:#0b57d0;color:#fff;border-radius:8px;padding:12px;margin:16px 0;text-decoration:none;font-weight:600}
footer{font-size:.8rem;color:#555;margin-top:16px}
a{color:#0b57d0}
`;

/** What the page shows: the case's public facts (null: the one "no such case" page; gone: its time is over). */
export type CasePageView =
  | {
      gone: false;
      view: PublicCaseView /** The bot's username for the "open in Telegram" button (none: no button). */;
      botUsername: string;
    }
  | { gone: true; number: string };

/** The page's own path, for the photo links (relative to the server; PUBLIC_URL is not needed to serve it). */
const pathOf = (number: string) => caseUrl('', number);

/** The whole HTML page for one case (or the one "no such case" page, the same for any unknown or malformed number). */
export function renderCasePage(translator: Translator, lang: Lang, page: CasePageView | null): string {
  const t = translator.forLang(lang);
  // The bot's owner views are pure functions of the read model and `t`: the page words the dates as the chat does.
  const ctx = { t, lang } as unknown as BotContext;
  const other: Lang = lang === 'hi' ? 'en' : 'hi';
  const row = (label: string, value: string) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`;
  let body: string;
  let title = t('casepage:title_unknown');
  let heading = t('casepage:heading_unknown');
  if (page && !page.gone) {
    const v = page.view;
    title = t('casepage:title', { number: v.number });
    heading = t('casepage:heading', { number: v.number });
    const pound = lang === 'hi' ? v.pound.nameHi : v.pound.name;
    const cattle = v.groups
      .map((g, i) => {
        const photo = g.photoKey
          ? `<img src="${escapeHtml(`${pathOf(v.number)}/photo/${g.photoKey}`)}" alt="${escapeHtml(t('casepage:photo_alt', { n: i + 1 }))}" width="320" height="213" loading="lazy">`
          : '';
        const line = t('owner:case.cattle_line', {
          count: g.count,
          cls: className(ctx, g.cattleClass, g.count),
          description: g.description || '—',
        }).replace(/^•\s*/, '');
        return `<li>${photo}${escapeHtml(line)}</li>`;
      })
      .join('');
    const auction = v.auction
      ? row(
          t('casepage:auction'),
          t('casepage:auction_value', { at: v.auction.scheduledFor.toISOString(), place: v.auction.place }),
        )
      : row(t('casepage:auction'), t('casepage:auction_none'));
    const notice = v.notice
      ? `${row(t('casepage:public.notice_posted'), t('casepage:public.day', { d: v.notice.postedOn }))}${
          v.notice.auctionFrom
            ? row(t('casepage:public.sale_from'), t('casepage:public.day', { d: v.notice.auctionFrom }))
            : ''
        }`
      : '';
    // Where the pound is, when its position is recorded: a plain link to the map (no map is loaded into the page).
    const { latitude: lat, longitude: lon } = v.pound;
    const map =
      lat != null && lon != null
        ? `<dt>${escapeHtml(t('casepage:map'))}</dt><dd><a href="${escapeHtml(
            `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`,
          )}">${escapeHtml(t('casepage:map_link'))}</a></dd>`
        : '';
    const hours = (lang === 'hi' ? v.pound.openingHoursHi : v.pound.openingHours) ?? v.pound.openingHours;
    const telegram = page.botUsername
      ? `<a class="tg" href="${escapeHtml(`https://t.me/${page.botUsername}?start=case_${v.number}`)}">${escapeHtml(t('casepage:open_telegram'))}</a>`
      : '';
    const note = v.inPound > 0 ? t('casepage:status_note', { count: v.inPound }) : '';
    body = `<p class="status" role="status"><strong>${escapeHtml(t(`casepage:public.status.${v.status}`))}</strong>${escapeHtml(note)}</p>
<h2>${escapeHtml(t('casepage:cattle_heading', { count: v.headCount }))}</h2>
<ul class="cattle">${cattle}</ul>
<dl>
${row(t('casepage:place'), v.placeOfSeizure)}
${row(t('casepage:pound'), `${pound} (${v.pound.code})`)}
${row(t('casepage:address'), v.pound.address)}${map}${hours ? row(t('casepage:hours'), hours) : ''}
${row(t('casepage:brought_in'), t('casepage:brought_in_value', { at: v.impoundedAt.toISOString() }))}
${notice}
${auction}
</dl>
${v.next ? `<p class="next">${escapeHtml(renderNext(ctx, v.next))}</p>` : ''}
${telegram}`;
  } else if (page?.gone) {
    title = t('casepage:title', { number: page.number });
    heading = t('casepage:heading', { number: page.number });
    body = `<p class="status" role="status"><strong>${escapeHtml(t('casepage:public.gone'))}</strong>${escapeHtml(t('casepage:public.gone_note', { count: PUBLIC_DAYS_AFTER_CUSTODY }))}</p>`;
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
<header><h1>${escapeHtml(heading)}</h1><a class="lang" lang="${other}" hreflang="${other}" href="?lang=${other}">${escapeHtml(translator.t(other, 'casepage:switch_here'))}</a></header>
${body}
<footer>${escapeHtml(t('casepage:footer'))}</footer>
</main>
</body>
</html>
`;
}
