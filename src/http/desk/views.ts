import { formatDate, formatDateTime, formatRupees, type Lang, type Translate } from '../../i18n';
import { CASE_STATUSES, s16RefusedAt } from '../../law';
import type {
  DeskEntry,
  DeskPound,
  DistrictRow,
  MoneySummary,
  RegisterPage,
  RegisterQuery,
  RegisterRow,
  WorkItem,
} from '../../services/desk';
import type { REGISTER_SORTS } from '../../services/desk';
import type { NextDeadline } from '../../services/next-deadline';
import type { StaffListEntry } from '../../services/staff-admin';

// The staff desk's HTML: pure functions of the read models (src/services/desk.ts) and the translator. Every text is
// escaped here; every word comes from locales/<lang>/desk.json (and common.json for statuses, roles and cattle).
// The page (`shell`) has no data; the fragments are fetched with Telegram's initData by the page's script.

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const e = escapeHtml;

/** What every fragment's header needs: who, in which language, which tabs. */
export interface Frame {
  t: Translate;
  lang: Lang;
  /** The path and query of this view, without lang (for the language switch). */
  here: string;
  tab: 'today' | 'register' | 'seize' | 'money' | 'district' | 'staff';
  /** May register a seizure (a keeper). */
  seize: boolean;
  district: boolean;
  staffAdmin: boolean;
  /** The other language's name in that language (the switch). */
  switchLabel: string;
}

/** A link inside the desk: the page's script fetches it with initData. */
export function deskHref(path: string, params: Record<string, string | number | undefined>, lang: Lang): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  q.set('lang', lang);
  return `/desk/v/${path}?${q.toString()}`;
}

/** The section as the reader writes it ("s. 14" / "धारा 14"). */
export function sectionText(t: Translate, section: string): string {
  const n = /^s\.\s*(.+)$/.exec(section)?.[1];
  return n ? t('common:section', { n }) : section;
}

export function frame(f: Frame, title: string, body: string): string {
  const other: Lang = f.lang === 'hi' ? 'en' : 'hi';
  const tab = (name: Frame['tab'], path: string) =>
    `<a data-desk class="chip" href="${e(deskHref(path, {}, f.lang))}"${f.tab === name ? ' aria-current="page"' : ''}>${e(f.t(`desk:tab.${name}`))}</a>`;
  const switchHref = `${f.here}${f.here.includes('?') ? '&' : '?'}lang=${other}`;
  return `<header class="top" data-lang="${f.lang}"><nav>${tab('today', 'today')}${tab('register', 'register')}${f.seize ? tab('seize', 'seize') : ''}${tab('money', 'money')}${
    f.district ? tab('district', 'district') : ''
  }${f.staffAdmin ? tab('staff', 'staff') : ''}</nav><a data-desk class="lang" lang="${other}" hreflang="${other}" href="${e(
    switchHref,
  )}">${e(f.switchLabel)}</a></header>
<h1>${e(title)}</h1>
${body}`;
}

const money = (paise: number | null, lang: Lang) => (paise === null ? '—' : formatRupees(paise, lang));

function cattleText(t: Translate, cattle: RegisterRow['cattle']): string {
  return cattle.map((c) => `${c.count} ${t(`common:cattle.${c.cattleClass}`, { count: c.count })}`).join(', ');
}

/** The next statutory step in words, with its date. */
export function nextText(t: Translate, lang: Lang, n: NextDeadline | null): string {
  if (!n) return t('desk:next.unknown');
  switch (n.kind) {
    case 'claim_by':
    case 'report_due':
    case 'auction_from':
    case 'complaint_by':
    case 'surplus_until':
      return t(`desk:next.${n.kind}`, { date: formatDate(n.date, lang), section: sectionText(t, n.section) });
    case 'reported':
      return t('desk:next.reported', { at: formatDateTime(n.reportedAt, lang), section: sectionText(t, n.section) });
    case 's16_sale':
      return t('desk:next.s16_sale', { date: formatDate(n.saleFrom, lang), section: sectionText(t, n.section) });
    case 'auction_at':
      return t('desk:next.auction_at', { at: formatDateTime(n.at, lang), place: n.place });
    case 'claim_rest':
      return t('desk:next.claim_rest', { section: sectionText(t, n.section) });
    default:
      return t('desk:next.none');
  }
}

// ---------------------------------------------------------------------------------------------------------------

export function poundPicker(f: Frame, path: string, pounds: DeskPound[], current: number | undefined): string {
  if (pounds.length < 2) return '';
  return `<p class="pounds">${pounds
    .map(
      (p) =>
        `<a data-desk class="chip" href="${e(deskHref(path, { pound: p.id }, f.lang))}"${p.id === current ? ' aria-current="true"' : ''}>${e(
          f.lang === 'hi' ? p.nameHi : p.name,
        )}</a>`,
    )
    .join(' ')}</p>`;
}

export function registerView(
  f: Frame,
  pounds: DeskPound[],
  pound: DeskPound,
  query: RegisterQuery,
  page: RegisterPage,
): string {
  const { t, lang } = f;
  const base = {
    pound: pound.id,
    status: query.status,
    from: query.from,
    to: query.to,
    q: query.q,
    sort: query.sort,
    dir: query.dir,
  };
  const sortLink = (sort: (typeof REGISTER_SORTS)[number], label: string) => {
    const dir = query.sort === sort && query.dir === 'desc' ? 'asc' : 'desc';
    const mark = query.sort === sort ? (query.dir === 'desc' ? ' ▼' : ' ▲') : '';
    return `<a data-desk href="${e(deskHref('register', { ...base, sort, dir, page: 1 }, lang))}">${e(label)}${mark}</a>`;
  };
  const statusOptions = ['open', 'all', ...CASE_STATUSES]
    .map(
      (s) =>
        `<option value="${s}"${s === query.status ? ' selected' : ''}>${e(
          s === 'open' || s === 'all' ? t(`desk:register.status_${s}`) : t(`common:status.${s}`),
        )}</option>`,
    )
    .join('');
  const form = `<form data-desk class="filters" action="/desk/v/register" method="get">
<input type="hidden" name="pound" value="${pound.id}"><input type="hidden" name="lang" value="${lang}">
<input type="hidden" name="sort" value="${query.sort}"><input type="hidden" name="dir" value="${query.dir}">
<label>${e(t('desk:register.search'))}<input type="search" name="q" maxlength="60" value="${e(query.q ?? '')}"></label>
<label>${e(t('desk:register.status'))}<select name="status">${statusOptions}</select></label>
<label>${e(t('desk:register.from'))}<input type="date" name="from" value="${e(query.from ?? '')}"></label>
<label>${e(t('desk:register.to'))}<input type="date" name="to" value="${e(query.to ?? '')}"></label>
<button type="submit">${e(t('desk:register.apply'))}</button>
</form>`;
  const rows = page.rows
    .map(
      (r) => `<tr>
<td class="no"><a data-desk href="${e(deskHref('entry', { id: r.id }, lang))}">${e(r.number)}</a></td>
<td data-label="${e(t('desk:register.col.date'))}">${e(formatDateTime(r.impoundedAt, lang))}</td>
<td data-label="${e(t('desk:register.col.cattle'))}">${e(cattleText(t, r.cattle))}</td>
<td data-label="${e(t('desk:register.col.seizer'))}">${e(r.seizerName)}</td>
<td data-label="${e(t('desk:register.col.status'))}">${e(t(`common:status.${r.status}`))}</td>
<td data-label="${e(t('desk:register.col.dues'))}" class="num">${e(money(r.duesTodayPaise, lang))}</td>
<td data-label="${e(t('desk:register.col.next'))}">${e(nextText(t, lang, r.next))}</td>
</tr>`,
    )
    .join('\n');
  const table = page.rows.length
    ? `<div class="scroll"><table class="register">
<thead><tr><th>${sortLink('number', t('desk:register.col.number'))}</th><th>${sortLink('date', t('desk:register.col.date'))}</th><th>${e(
        t('desk:register.col.cattle'),
      )}</th><th>${sortLink('seizer', t('desk:register.col.seizer'))}</th><th>${sortLink('status', t('desk:register.col.status'))}</th><th>${e(
        t('desk:register.col.dues'),
      )}</th><th>${e(t('desk:register.col.next'))}</th></tr></thead>
<tbody>
${rows}
</tbody></table></div>`
    : `<p class="empty">${e(t('desk:register.none'))}</p>`;
  const pager = `<p class="pager">${
    page.page > 1
      ? `<a data-desk rel="prev" href="${e(deskHref('register', { ...base, page: page.page - 1 }, lang))}">${e(t('desk:prev'))}</a>`
      : ''
  } <span>${e(t('desk:register.page', { page: page.page, pages: page.pages, count: page.total }))}</span> ${
    page.page < page.pages
      ? `<a data-desk rel="next" href="${e(deskHref('register', { ...base, page: page.page + 1 }, lang))}">${e(t('desk:next_page'))}</a>`
      : ''
  }</p>`;
  return frame(
    f,
    t('desk:register.title', { pound: lang === 'hi' ? pound.nameHi : pound.name }),
    `${poundPicker(f, 'register', pounds, pound.id)}${form}\n${table}\n${pager}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------

function dl(rows: Array<[string, string | null | undefined]>): string {
  return `<dl>${rows
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v!)}</dd>`)
    .join('')}</dl>`;
}

function section(title: string, body: string, empty: string): string {
  return `<section><h2>${e(title)}</h2>${body || `<p class="empty">${e(empty)}</p>`}</section>`;
}

function list(items: string[]): string {
  return items.length ? `<ul>${items.map((i) => `<li>${e(i)}</li>`).join('')}</ul>` : '';
}

export function entryView(
  f: Frame,
  c: DeskEntry,
  chatLink: string | null,
  recorded?: { replay: boolean } | undefined,
): string {
  const { t, lang } = f;
  const at = (d: Date | null) => (d ? formatDateTime(d, lang) : null);
  const none = t('desk:entry.none');
  const facts = dl([
    [t('desk:entry.pound'), `${lang === 'hi' ? c.pound.nameHi : c.pound.name} (${c.pound.code})`],
    [t('desk:entry.status'), t(`common:status.${c.status}`)],
    [t('desk:entry.impounded'), at(c.impoundedAt)],
    [t('desk:entry.seized'), at(c.seizedAt)],
    [t('desk:entry.registered'), at(c.registeredAt)],
    [t('desk:entry.place'), c.placeOfSeizure],
    [t('desk:entry.market'), c.nearestMarket],
    [t('desk:entry.seizer'), [c.seizerName, c.seizerResidence].filter(Boolean).join(', ')],
    [
      t('desk:entry.owner'),
      [c.ownerName, c.ownerResidence].filter(Boolean).join(', ') || t('desk:entry.owner_unknown'),
    ],
    [t('desk:entry.reported'), at(c.reportedAt)],
    [t('desk:entry.refused'), at(s16RefusedAt(c))],
    [t('desk:entry.surplus_deposited'), at(c.surplusDepositedAt)],
    [t('desk:entry.closed'), at(c.closedAt)],
    [t('desk:entry.dues_today'), c.duesTodayPaise === null ? null : money(c.duesTodayPaise, lang)],
    [t('desk:entry.next'), nextText(t, lang, c.next)],
  ]);
  const heads = list(
    c.heads.map((h) =>
      t('desk:entry.head', {
        index: h.index,
        cattle: t(`common:cattle.${h.cattleClass}`, { count: 1 }),
        description: h.description,
        status: t(`desk:head_status.${h.status}`),
        photo: h.hasPhoto ? t('desk:entry.photo_in_chat') : '',
        sold: h.soldForPaise === null ? '' : t('desk:entry.sold_for', { amount: h.soldForPaise }),
      }).trim(),
    ),
  );
  const payments = list(
    c.payments.map((p) =>
      t('desk:entry.payment', {
        kind: t(`desk:payment_kind.${p.kind}`),
        method: t(`desk:method.${p.method}`),
        amount: p.amountPaise,
        status: t(`desk:payment_status.${p.status}`),
        at: formatDateTime(p.confirmedAt ?? p.declaredAt, lang),
        receipt: p.receiptNumber ?? '—',
        part: p.part ? t('desk:entry.part') : '',
      }).trim(),
    ),
  );
  const receipts = c.receipts.length
    ? `<ul>${c.receipts
        .map(
          (r) =>
            `<li>${e(
              t('desk:entry.receipt', {
                number: r.number,
                kind: t(`desk:receipt_kind.${r.kind}`),
                amount: r.amountPaise,
                at: formatDateTime(r.issuedAt, lang),
              }),
            )} <a href="/r/${e(r.verificationCode)}?lang=${lang}" target="_blank" rel="noopener">${e(t('desk:entry.receipt_page'))}</a></li>`,
        )
        .join('')}</ul>`
    : '';
  const releases = list(
    c.releases.map((r) =>
      t('desk:entry.release', {
        basis: t(`desk:release_basis.${r.basis}`),
        count: r.headCount,
        at: formatDateTime(r.releasedAt, lang),
        ack: r.acknowledgedAt ? t('desk:entry.acknowledged', { at: formatDateTime(r.acknowledgedAt, lang) }) : '',
      }).trim(),
    ),
  );
  const notice = c.notice
    ? dl([
        [t('desk:entry.notice_posted'), at(c.notice.postedAt)],
        [
          t('desk:entry.proclaimed_village'),
          c.notice.proclaimedVillageAt
            ? `${at(c.notice.proclaimedVillageAt)}${c.notice.proclaimedVillagePlace ? `, ${c.notice.proclaimedVillagePlace}` : ''}`
            : t('desk:entry.not_yet'),
        ],
        [
          t('desk:entry.proclaimed_market'),
          c.notice.proclaimedMarketAt
            ? `${at(c.notice.proclaimedMarketAt)}${c.notice.proclaimedMarketPlace ? `, ${c.notice.proclaimedMarketPlace}` : ''}`
            : t('desk:entry.not_yet'),
        ],
      ])
    : '';
  const auctions = list(
    c.auctions.map((a) =>
      t('desk:entry.auction', {
        round: a.round,
        at: formatDateTime(a.scheduledFor, lang),
        place: a.place,
        status: t(`desk:auction_status.${a.status}`),
        proceeds: a.proceedsPaise,
        account: a.accountDelivered ? t('desk:entry.account_delivered') : '',
      }).trim(),
    ),
  );
  const orders = list(
    c.orders.map((o) =>
      t('desk:entry.order', {
        kind: t(`desk:order_kind.${o.kind}`),
        reference: o.reference,
        on: formatDate(o.orderedOn, lang),
      }),
    ),
  );
  const complaints = list(
    c.complaints.map((o) =>
      t('desk:entry.complaint', {
        reference: o.reference,
        on: formatDate(o.filedOn, lang),
        outcome: o.outcome ?? t('desk:entry.pending'),
      }),
    ),
  );
  const ledger = c.ledger.length
    ? `<div class="scroll"><table><thead><tr><th>${e(t('desk:entry.ledger_at'))}</th><th>${e(t('desk:entry.ledger_account'))}</th><th>${e(
        t('desk:entry.ledger_section'),
      )}</th><th>${e(t('desk:entry.ledger_amount'))}</th></tr></thead><tbody>${c.ledger
        .map(
          (l) =>
            `<tr><td>${e(formatDateTime(l.createdAt, lang))}</td><td>${e(t(`desk:account.${l.account}`))}</td><td>${e(
              sectionText(t, l.section),
            )}</td><td class="num">${e(formatRupees(l.amountPaise, lang))}</td></tr>`,
        )
        .join('')}</tbody></table></div>`
    : '';
  const remittances = list(
    c.remittances.map((r) =>
      t('desk:entry.remittance', {
        kind: t(`desk:remittance_kind.${r.kind}`),
        amount: r.amountPaise,
        at: formatDateTime(r.confirmedAt, lang),
      }),
    ),
  );
  const audit = list(
    c.audit.map((a) =>
      t('desk:entry.audit', {
        at: formatDateTime(a.at, lang),
        role: t(`common:role.${a.actorRole}`, { defaultValue: a.actorRole }),
        action: a.action,
      }),
    ),
  );
  const open = chatLink
    ? `<p><a class="button" data-tg-link href="${e(chatLink)}">${e(t('desk:entry.open_in_chat'))}</a> <a data-desk href="${e(
        deskHref('register', { pound: c.pound.id }, lang),
      )}">${e(t('desk:entry.back'))}</a></p>`
    : '';
  const done = recorded
    ? `<p class="ok" role="status">${e(t(recorded.replay ? 'desk:seize.replay' : 'desk:seize.done', { number: c.number }))}${
        chatLink ? `<br>${e(t('desk:seize.slip'))} <a data-tg-link href="${e(chatLink)}">${e(chatLink)}</a>` : ''
      }</p>`
    : '';
  return frame(
    f,
    t('desk:entry.title', { number: c.number }),
    `${done}${open}${facts}
${section(t('desk:entry.heads', { count: c.heads.length }), heads, none)}
${section(t('desk:entry.payments'), payments, none)}
${section(t('desk:entry.receipts'), receipts, none)}
${section(t('desk:entry.releases'), releases, none)}
${section(t('desk:entry.notice'), notice, none)}
${section(t('desk:entry.auctions'), auctions, none)}
${section(t('desk:entry.orders'), orders, none)}
${section(t('desk:entry.complaints'), complaints, none)}
${section(t('desk:entry.ledger'), ledger, none)}
${section(t('desk:entry.remittances'), remittances, none)}
${section(t('desk:entry.audit_trail'), audit, none)}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------

export function todayView(f: Frame, items: WorkItem[], pounds: DeskPound[], caseLink: (n: string) => string | null) {
  const { t, lang } = f;
  const name = (id: number) => {
    const p = pounds.find((x) => x.id === id);
    return p ? (lang === 'hi' ? p.nameHi : p.name) : '';
  };
  const byDate = new Map<string, WorkItem[]>();
  for (const i of items)
    byDate.set(i.overdue ? 'overdue' : i.date, [...(byDate.get(i.overdue ? 'overdue' : i.date) ?? []), i]);
  const groups = [...byDate.entries()]
    .map(
      ([date, its]) =>
        `<section><h2>${e(date === 'overdue' ? t('desk:today.overdue') : formatDate(date, lang))}</h2><ul class="work">${its
          .map((i) => {
            const link = caseLink(i.caseNumber);
            return `<li><strong>${e(t(`desk:work.${i.kind}`))}</strong> · ${e(sectionText(t, i.section))}${
              i.overdue ? ` · ${e(t('desk:today.since', { date: formatDate(i.date, lang) }))}` : ''
            }<br><a data-desk href="${e(deskHref('entry', { id: i.caseId }, lang))}">${e(i.caseNumber)}</a> · ${e(name(i.poundId))}${
              link ? ` · <a data-tg-link href="${e(link)}">${e(t('desk:today.in_chat'))}</a>` : ''
            }</li>`;
          })
          .join('')}</ul></section>`,
    )
    .join('\n');
  return frame(f, t('desk:today.title'), groups || `<p class="empty">${e(t('desk:today.nothing'))}</p>`);
}

// ---------------------------------------------------------------------------------------------------------------

export function moneyView(f: Frame, pounds: DeskPound[], current: DeskPound | null, m: MoneySummary): string {
  const { t, lang } = f;
  const name = (id: number) => {
    const p = pounds.find((x) => x.id === id);
    return p ? (lang === 'hi' ? p.nameHi : p.name) : '';
  };
  const totals = new Map<string, number>();
  for (const l of m.lines) {
    const k = `${l.account}\u0000${l.section}`;
    totals.set(k, (totals.get(k) ?? 0) + l.amountPaise);
  }
  const lines = [...totals.entries()]
    .map(([k, v]) => {
      const [account, sec] = k.split('\u0000') as [string, string];
      return `<tr><td>${e(t(`desk:account.${account}`))}</td><td>${e(sectionText(t, sec))}</td><td class="num">${e(
        formatRupees(v, lang),
      )}</td></tr>`;
    })
    .join('');
  const table = lines
    ? `<div class="scroll"><table><thead><tr><th>${e(t('desk:money.account'))}</th><th>${e(t('desk:money.section'))}</th><th>${e(
        t('desk:money.amount'),
      )}</th></tr></thead><tbody>${lines}</tbody></table></div>`
    : '';
  const remits = list(
    m.remittances.map((r) =>
      t('desk:money.remitted', {
        kind: t(`desk:remittance_kind.${r.kind}`),
        amount: r.amountPaise,
        pound: name(r.poundId),
      }),
    ),
  );
  const surplus = m.surplus.length
    ? `<ul>${m.surplus
        .map(
          (s) =>
            `<li><a data-desk href="${e(deskHref('entry', { id: s.caseId }, lang))}">${e(s.caseNumber)}</a> ${e(
              t('desk:money.surplus_line', {
                amount: s.amountPaise,
                date: formatDate(s.holdEnd, lang),
                pound: name(s.poundId),
              }),
            )}</li>`,
        )
        .join('')}</ul>`
    : '';
  const deposits = m.deposits.length
    ? `<ul>${m.deposits
        .map(
          (s) =>
            `<li><a data-desk href="${e(deskHref('entry', { id: s.caseId }, lang))}">${e(s.caseNumber)}</a> ${e(
              t('desk:money.deposit_line', { amount: s.amountPaise, pound: name(s.poundId) }),
            )}</li>`,
        )
        .join('')}</ul>`
    : '';
  const chart = {
    months: m.months.map((x) => x.month),
    received: m.months.map((x) => x.receivedPaise / 100),
    remitted: m.months.map((x) => x.remittedPaise / 100),
    labels: {
      month: t('desk:money.month'),
      received: t('desk:money.chart_received'),
      remitted: t('desk:money.chart_remitted'),
    },
  };
  const monthRows = m.months
    .map(
      (x) =>
        `<tr><td>${e(x.month)}</td><td class="num">${e(formatRupees(x.receivedPaise, lang))}</td><td class="num">${e(
          formatRupees(x.remittedPaise, lang),
        )}</td></tr>`,
    )
    .join('');
  const title = current
    ? t('desk:money.title_pound', { pound: lang === 'hi' ? current.nameHi : current.name })
    : t('desk:money.title_all');
  const allLink =
    pounds.length > 1
      ? `<p class="pounds"><a data-desk class="chip" href="${e(deskHref('money', {}, lang))}"${current ? '' : ' aria-current="true"'}>${e(
          t('desk:money.all_pounds'),
        )}</a></p>`
      : '';
  return frame(
    f,
    title,
    `${allLink}${poundPicker(f, 'money', pounds, current?.id)}
${section(t('desk:money.by_section'), table, t('desk:money.nothing'))}
${section(t('desk:money.remittances'), remits, t('desk:money.nothing'))}
${section(t('desk:money.surplus'), surplus, t('desk:money.nothing'))}
${section(t('desk:money.deposits'), deposits, t('desk:money.nothing'))}
<section><h2>${e(t('desk:money.months'))}</h2><div id="chart" class="chart" data-chart="${e(JSON.stringify(chart))}"></div>
<details><summary>${e(t('desk:money.months_table'))}</summary><div class="scroll"><table><thead><tr><th>${e(
      t('desk:money.month'),
    )}</th><th>${e(t('desk:money.chart_received'))}</th><th>${e(t('desk:money.chart_remitted'))}</th></tr></thead><tbody>${monthRows}</tbody></table></div></details></section>`,
  );
}

// ---------------------------------------------------------------------------------------------------------------

export function districtView(f: Frame, rows: DistrictRow[]): string {
  const { t, lang } = f;
  const body = rows.length
    ? `<div class="scroll"><table><thead><tr><th>${e(t('desk:district.pound'))}</th><th>${e(t('desk:district.open'))}</th><th>${e(
        t('desk:district.overdue'),
      )}</th><th>${e(t('desk:district.held'))}</th></tr></thead><tbody>${rows
        .map(
          (r) =>
            `<tr><td><a data-desk href="${e(deskHref('register', { pound: r.pound.id }, lang))}">${e(
              lang === 'hi' ? r.pound.nameHi : r.pound.name,
            )}</a></td><td class="num">${r.openCases}</td><td class="num${r.overdueSteps ? ' late' : ''}">${r.overdueSteps}</td><td class="num">${e(
              formatRupees(r.heldPaise, lang),
            )}</td></tr>`,
        )
        .join('')}</tbody></table></div>`
    : `<p class="empty">${e(t('desk:district.none'))}</p>`;
  return frame(f, t('desk:district.title'), body);
}

// ---------------------------------------------------------------------------------------------------------------

export function staffView(
  f: Frame,
  staff: StaffListEntry[],
  pounds: DeskPound[],
  issued: { code: string; link: string; expiresAt: Date } | null,
  message: { ok: boolean; text: string } | null,
): string {
  const { t, lang } = f;
  const roles = ['POUND_KEEPER', 'OFFICER', 'MAGISTRATE'] as const;
  const roleKey = {
    POUND_KEEPER: 'pound_keeper',
    OFFICER: 'officer',
    MAGISTRATE: 'magistrate',
    ADMIN: 'admin',
  } as const;
  const form = `<form data-desk data-method="post" class="filters" action="/desk/v/staff" method="post">
<input type="hidden" name="lang" value="${lang}"><input type="hidden" name="op" value="enrol">
<label>${e(t('desk:staff.role'))}<select name="role">${roles
    .map((r) => `<option value="${r}">${e(t(`common:role.${roleKey[r]}`))}</option>`)
    .join('')}</select></label>
<label>${e(t('desk:staff.pound'))}<select name="pound">${pounds
    .map((p) => `<option value="${e(p.code)}">${e(lang === 'hi' ? p.nameHi : p.name)} (${e(p.code)})</option>`)
    .join('')}</select></label>
<label>${e(t('desk:staff.name'))}<input name="name" maxlength="60"></label>
<button type="submit">${e(t('desk:staff.enrol'))}</button>
</form>`;
  const notice = issued
    ? `<p class="ok" role="status">${e(
        t('desk:staff.issued', { code: issued.code, at: formatDateTime(issued.expiresAt, lang) }),
      )}<br><a data-tg-link href="${e(issued.link)}">${e(issued.link)}</a></p>`
    : message
      ? `<p class="${message.ok ? 'ok' : 'bad'}" role="${message.ok ? 'status' : 'alert'}">${e(message.text)}</p>`
      : '';
  const rows = staff
    .map(
      (
        s,
      ) => `<tr><td>${e(s.name)}</td><td>${e(t(`common:role.${roleKey[s.role as keyof typeof roleKey]}`))}</td><td>${e(s.poundCodes.join(', '))}</td><td>${e(
        formatDate(s.enrolledAt.toISOString().slice(0, 10), lang),
      )}</td><td><form data-desk data-method="post" data-confirm="${e(t('desk:staff.revoke_confirm', { name: s.name }))}" action="/desk/v/staff" method="post">
<input type="hidden" name="lang" value="${lang}"><input type="hidden" name="op" value="revoke"><input type="hidden" name="staff" value="${s.id}"><button type="submit">${e(
        t('desk:staff.revoke'),
      )}</button></form></td></tr>`,
    )
    .join('');
  return frame(
    f,
    t('desk:staff.title'),
    `${notice}${section(t('desk:staff.enrol_title'), form, '')}
${section(
  t('desk:staff.list_title'),
  rows
    ? `<div class="scroll"><table><thead><tr><th>${e(t('desk:staff.name'))}</th><th>${e(t('desk:staff.role'))}</th><th>${e(
        t('desk:staff.pounds'),
      )}</th><th>${e(t('desk:staff.since'))}</th><th></th></tr></thead><tbody>${rows}</tbody></table></div>`
    : '',
  t('desk:staff.none'),
)}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------

/** The desk's page: no data; its script fetches the views with Telegram's initData. */
export function shell(t: (lang: Lang, key: string) => string, lang: Lang): string {
  const both = (key: string) =>
    `data-${key.replace(/\./g, '-')}-en="${e(t('en', `desk:${key}`))}" data-${key.replace(/\./g, '-')}-hi="${e(t('hi', `desk:${key}`))}"`;
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
<script src="/desk/app.js" defer></script>
</head>
<body ${both('msg.unauthorized')} ${both('msg.failed')} ${both('msg.loading')}>
<main id="desk" aria-live="polite"><p class="empty">${e(t(lang, 'desk:msg.loading'))}</p></main>
<noscript><p>${e(t(lang, 'desk:msg.noscript'))}</p></noscript>
</body>
</html>
`;
}

// ---------------------------------------------------------------------------------------------------------------

/** Rows of cattle on the seizure form (a bigger herd: more rows in the chat, or counts per row). */
export const SEIZE_ROWS = 4;

/** The s. 8 facts on one screen (a keeper): the same checks and service as the chat's /register. */
export function seizeView(
  f: Frame,
  pounds: DeskPound[],
  classes: readonly string[],
  key: string,
  values: Record<string, string | undefined>,
  problem: string | null,
): string {
  const { t, lang } = f;
  const v = (name: string) => e(values[name] ?? '');
  const input = (name: string, label: string, attrs = '') =>
    `<label>${e(label)}<input name="${name}" value="${v(name)}" ${attrs}></label>`;
  const rows = Array.from({ length: SEIZE_ROWS }, (_, i) => {
    const n = i + 1;
    return `<fieldset class="row"><legend>${e(t('desk:seize.group', { n }))}</legend>
<label>${e(t('desk:seize.class'))}<select name="class${n}"><option value="">—</option>${classes
      .map(
        (c) =>
          `<option value="${c}"${values[`class${n}`] === c ? ' selected' : ''}>${e(t(`common:cattle.${c}`))}</option>`,
      )
      .join('')}</select></label>
${input(`count${n}`, t('desk:seize.count'), 'inputmode="numeric" maxlength="3"')}
${input(`desc${n}`, t('desk:seize.description'), 'maxlength="200"')}</fieldset>`;
  }).join('\n');
  return frame(
    f,
    t('desk:seize.title'),
    `${problem ? `<p class="bad" role="alert">${e(problem)}</p>` : ''}<p class="empty">${e(t('desk:seize.note'))}</p>
<form data-desk data-method="post" class="filters seize" action="/desk/v/seize" method="post">
<input type="hidden" name="lang" value="${lang}"><input type="hidden" name="key" value="${e(key)}">
<label>${e(t('desk:staff.pound'))}<select name="pound">${pounds
      .map(
        (p) =>
          `<option value="${p.id}"${values.pound === String(p.id) ? ' selected' : ''}>${e(lang === 'hi' ? p.nameHi : p.name)}</option>`,
      )
      .join('')}</select></label>
${input('impounded', t('desk:seize.impounded'), 'type="datetime-local" required')}
${input('seized', t('desk:seize.seized'), 'type="datetime-local"')}
${rows}
${input('place', t('desk:seize.place'), 'maxlength="200" required')}
${input('seizer', t('desk:seize.seizer'), 'maxlength="200" required')}
${input('seizer_residence', t('desk:seize.seizer_residence'), 'maxlength="200" required')}
${input('owner', t('desk:seize.owner'), 'maxlength="200"')}
${input('owner_residence', t('desk:seize.owner_residence'), 'maxlength="200"')}
<button type="submit">${e(t('desk:seize.record'))}</button>
</form>`,
  );
}
