import type { BotContext } from '../../bot/context';
import { renderNext } from '../../bot/views/owner/next-deadline';
import { className } from '../../bot/views/owner/text';
import type { Lang, Translator } from '../i18n';
import { caseUrl } from '../case-url';
import { PUBLIC_DAYS_AFTER_CUSTODY, type PublicCaseView } from '../services/public-case';
import { escapeHtml, otherLanguage, publicPage } from './page';

// The public case page (GET /c/<number>): what the s. 14 notice makes public, for an owner without Telegram or whose
// son has it far away — the number and description of the cattle with their photos, the place of seizure, the pound
// and its address, when they were brought in, the notice's dates, the auction once fixed and the statute's next date.
// Never a claim, payment, deposit or complaint, a name (owner, seizer, staff) or a phone number: the read model
// (src/services/public-case.ts) has none. In the shell every public page shares (./page.ts); images only from this
// server.

/** The case page's own rules (after the shared ones in ./page.ts): the status box, the cattle with their photos. */
const STYLE = `
h2{font-size:1.05rem;margin:16px 0 6px}
.status{border-radius:8px;padding:10px 14px;margin:0 0 14px;border:2px solid #8a6d00;background:#fff8e1}
.status strong{display:block;font-size:1.1rem}
.bad{background:#fdecea;border-color:#c62828}
ul.cattle{list-style:none;margin:0;padding:0}
ul.cattle li{background:#fff;border-radius:8px;padding:10px;margin:0 0 10px}
ul.cattle img{display:block;width:100%;height:auto;border-radius:6px;margin:0 0 6px;background:#ddd}
.next{margin:12px 0}
.tg{display:block;text-align:center;background:#0b57d0;color:#fff;border-radius:8px;padding:12px;margin:16px 0;text-decoration:none;font-weight:600}
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
${v.next ? `<p class="next">${escapeHtml(renderNext(ctx, v.next, v.inPound, v.pound))}</p>` : ''}
${telegram}`;
  } else if (page?.gone) {
    title = t('casepage:title', { number: page.number });
    heading = t('casepage:heading', { number: page.number });
    body = `<p class="status" role="status"><strong>${escapeHtml(t('casepage:public.gone'))}</strong>${escapeHtml(t('casepage:public.gone_note', { count: PUBLIC_DAYS_AFTER_CUSTODY }))}</p>`;
  } else {
    body = `<p class="status bad" role="status"><strong>${escapeHtml(t('casepage:not_found'))}</strong>${escapeHtml(t('casepage:not_found_note'))}</p>`;
  }
  return publicPage({
    lang,
    title,
    heading,
    switchLabel: translator.t(otherLanguage(lang), 'casepage:switch_here'),
    footer: t('casepage:footer'),
    style: STYLE,
    body,
  });
}
