import { formatDate, formatDateTime, formatRupees } from '../../../i18n';
import { s16RefusedAt, toIstDate } from '../../../law';
import { type DeskEntry, entryDocuments } from '../../../services/desk';
import { deskHref, dl, escapeHtml, type Frame, frame, list, money, nextText, section, sectionText } from './frame';

const e = escapeHtml;

export function entryView(
  f: Frame,
  c: DeskEntry,
  chatLink: string | null,
  recorded?: { replay: boolean } | undefined,
  photos?: string,
): string {
  const { t, lang } = f;
  const at = (d: Date | null) => (d ? formatDateTime(d, lang) : null);
  const none = t('desk:entry.none');
  const facts = dl([
    [t('desk:entry.pound'), `${lang === 'hi' ? c.pound.nameHi : c.pound.name} (${c.pound.code})`],
    [t('desk:entry.paper_serial'), c.paperSerial],
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
        photo: h.hasPhoto ? t('desk:entry.photo_below') : '',
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
  // The entry's PDFs: the page's script asks for a short-lived link with its initData and opens it (client.js).
  const documents = `<ul class="docs">${entryDocuments(c)
    .map((d) => {
      const href = `/desk/v/document?${new URLSearchParams({
        case: String(c.id),
        kind: d.kind,
        ...(d.n === undefined ? {} : { n: String(d.n) }),
      }).toString()}`;
      const label = t(`desk:entry.doc.${d.kind}`, {
        number: c.receipts.find((r) => r.id === d.n)?.number ?? '',
        round: d.n ?? '',
        date: formatDate(toIstDate(c.impoundedAt), lang),
      });
      return `<li><a data-pdf href="${e(href)}" type="application/pdf">${e(label)}</a></li>`;
    })
    .join('')}</ul>`;
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
  // s. 14 steps taken on paper and entered later: said as such, with when and by whom they were entered.
  const paper = c.backEntry
    ? `<p class="paper" data-back-entry>${e(
        t('desk:entry.back_entry', {
          date: formatDate(c.backEntry.at, lang),
          role: t(`common:role.${c.backEntry.role}`),
          steps: [
            c.backEntry.report ? t('staff:paper.step.report') : null,
            c.backEntry.notice ? t('staff:paper.step.notice') : null,
          ]
            .filter(Boolean)
            .join(', '),
        }),
      )}</p>`
    : '';
  return frame(
    f,
    t('desk:entry.title', { number: c.number }),
    `${done}${open}${paper}${facts}
${section(t('desk:entry.documents'), documents, none)}
${section(t('desk:entry.heads', { count: c.heads.length }), heads, none)}
${photos ?? ''}
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
