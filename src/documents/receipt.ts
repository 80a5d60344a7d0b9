import { poundNameIn } from '../i18n';
import type { Lang, Translate } from '../i18n';
import { groupHeads, type ReceiptItem, s20LastDay, verificationLink } from '../services/document-facts';
import {
  BILINGUAL,
  DocumentUnavailable,
  fileSafe,
  money,
  parts,
  sectionText,
  type DocumentDeps,
  type DocumentLangs,
  type CaseDocument,
  type DocumentSpec,
  type PartBody,
} from './compose';
import type { Block } from './engine';
import { paiseOf } from '../db';

/** Finds a receipt by id or by its number ("JAI1-R-2026-000123"). */
export async function findReceipt(deps: DocumentDeps, ref: { receiptId: number } | { number: string }) {
  const r = await deps.db.receipt.findUnique({
    where: 'receiptId' in ref ? { id: ref.receiptId } : { number: ref.number },
    include: {
      case: { include: { pound: true } },
      payment: {
        select: {
          part: true,
          claim: {
            select: { heads: { select: { head: { select: { index: true, cattleClass: true, description: true } } } } },
          },
        },
      },
    },
  });
  if (!r) throw new DocumentUnavailable('not_found');
  return r;
}

function itemLine(t: Translate, lang: Lang, i: ReceiptItem): string {
  const cattle = i.cattleClass ? t(`common:cattle.${i.cattleClass}`) : '';
  if (i.kind === 'fine')
    return t('documents:receipt.item_fine', {
      term: i.term === 'penalty' ? 'Penalty' : 'Fine',
      detail: i.heads && cattle ? t('documents:receipt.detail_heads', { heads: i.heads, cattle }) : '',
    });
  if (i.kind === 'feeding')
    return t('documents:receipt.item_feeding', {
      detail: i.days ? t('documents:receipt.detail_days', { days: i.days }) : '',
    });
  if (i.kind === 'security') return t('documents:receipt.item_security');
  return t('documents:receipt.item_total', { section: sectionText(t, i.section, lang) });
}

/**
 * The owner's receipt (A5): the Receipt row as issued (number, kind, amount, lines by section — the amount
 * is the row's, never recomputed), the case and pound, the verification code and a QR code of the verify link.
 * A receipt for one owner's heads of an entry lists those heads (class, description) and says it covers only them.
 */
export async function receiptDocument(
  deps: DocumentDeps,
  ref: { receiptId: number } | { number: string },
  langs: DocumentLangs = BILINGUAL,
): Promise<DocumentSpec> {
  const r = await findReceipt(deps, ref);
  const items = Array.isArray(r.items) ? (r.items as unknown as ReceiptItem[]) : [];
  const link = verificationLink(deps.botUsername, r.verificationCode);
  // A receipt for one owner's heads of the entry (a part payment): those heads, and that it covers only them.
  const partHeads = r.payment?.part
    ? (r.payment.claim?.heads.map((x) => x.head) ?? []).sort((a, b) => a.index - b.index)
    : [];
  const body: PartBody = (t, lang) => {
    const rows = items.map((i) => [itemLine(t, lang, i), money(t, i.amountPaise)]);
    const heads: Block[] = partHeads.length
      ? [
          { t: 'heading', text: t('documents:receipt.part_heads', { count: partHeads.length }) },
          {
            t: 'table',
            head: [
              t('documents:notice.col_cattle'),
              t('documents:notice.col_description'),
              t('documents:notice.col_count'),
            ],
            rows: groupHeads(partHeads).map((g) => [
              t(`common:cattle.${g.cattleClass}`),
              g.description,
              String(g.count),
            ]),
            widths: ['auto', '1fr', 'auto'],
            right: [2],
          },
          { t: 'p', text: t('documents:receipt.part_note') },
        ]
      : [];
    const blocks: Block[] = [
      {
        t: 'kv',
        rows: [
          [t('documents:receipt.number'), r.number],
          [t('documents:case'), r.case.number],
          [t('documents:pound'), poundNameIn(lang, r.case.pound)],
          [t('documents:receipt.issued'), t('documents:datetime', { at: r.issuedAt.toISOString() })],
        ],
      },
      ...heads,
      {
        t: 'table',
        head: [t('documents:receipt.col_item'), t('documents:receipt.col_amount')],
        rows: [...rows, [t('documents:receipt.total'), money(t, paiseOf(r.amountPaise))]],
        widths: ['1fr', 'auto'],
        right: [1],
      },
      // s. 15: the last day to complain (s. 20), from the engine's window that gated the deposit.
      ...(r.kind === 'S15_DEPOSIT'
        ? [
            {
              t: 'p',
              text: t('documents:receipt.note_s15', { lastDay: s20LastDay(r.case, deps.windows ?? {}) }),
            } as Block,
          ]
        : []),
      { t: 'p', text: t('documents:receipt.verify', { code: r.verificationCode }) },
      { t: 'sign', items: [t('documents:receipt.sign_keeper')] },
    ];
    return {
      head: [
        { t: 'title', text: t(`documents:receipt.title_${r.kind}`) },
        { t: 'subtitle', text: t('documents:act') },
      ],
      blocks,
    };
  };
  return {
    layout: {
      title: r.number,
      paper: 'a5',
      size: 9,
      qr: { link, caption: r.verificationCode },
      parts: parts(deps.translator, langs, body),
    },
    filename: `receipt-${fileSafe(r.number)}.pdf`,
    caption: { key: 'documents:caption.receipt', params: { number: r.number } },
  };
}

/**
 * The release slip the owner signs when taking the cattle (s. 13 / s. 16 "shall give a receipt"): the
 * cattle handed over (from the register), the basis of the release and the receipt for the money; the time
 * of delivery once the keeper has recorded the release, a blank to fill in before.
 */
export const releaseSlipDocument: CaseDocument = async (deps, caseId, langs = BILINGUAL) => {
  const c = await deps.db.case.findUnique({
    where: { id: caseId },
    include: {
      pound: true,
      heads: { orderBy: { index: 'asc' } },
      releases: {
        include: { order: true, claim: { select: { heads: { select: { headId: true } } } } },
        orderBy: { id: 'asc' },
      },
      receipts: { include: { payment: { select: { claimId: true } } }, orderBy: { id: 'desc' } },
    },
  });
  if (!c) throw new DocumentUnavailable('not_found');
  const release = c.releases.at(-1) ?? null;
  // A part release (one owner's heads of a mixed entry): his heads and his receipt only; the
  // release of the case: the heads released with it, not those an owner took earlier on his own claim.
  const partOf = (r: (typeof c.releases)[number]) => new Set(r.claim?.heads.map((h) => h.headId) ?? []);
  const earlierParts = new Set(
    c.releases.filter((r) => r.claimId !== null && r !== release).flatMap((r) => [...partOf(r)]),
  );
  const mine = release?.claimId != null ? partOf(release) : null;
  const receipts = mine ? c.receipts.filter((x) => x.payment?.claimId === release!.claimId) : c.receipts;
  const receipt = receipts.find((x) => x.kind === 'S13_PAYMENT' || x.kind === 'S15_DEPOSIT') ?? receipts[0] ?? null;
  if (!release && !receipt) throw new DocumentUnavailable('no_receipt');
  const heads = c.heads.filter((h) =>
    mine ? mine.has(h.id) : release ? h.status === 'RELEASED' && !earlierParts.has(h.id) : h.status === 'IMPOUNDED',
  );
  const body: PartBody = (t, lang) => {
    const basis = release
      ? t(`documents:release.basis_${release.basis}`, {
          receipt: receipt?.number ?? '—',
          order: release.order ? `${release.order.authority}: ${release.order.reference}` : '—',
        })
      : t('documents:release.basis_pending', { receipt: receipt!.number });
    const blocks: Block[] = [
      {
        t: 'kv',
        rows: [
          [t('documents:case'), c.number],
          [t('documents:pound'), poundNameIn(lang, c.pound)],
          [t('documents:release.basis'), basis],
          [
            t('documents:release.released_at'),
            release
              ? t('documents:datetime', { at: release.releasedAt.toISOString() })
              : t('documents:release.not_released'),
          ],
        ],
      },
      { t: 'heading', text: `${t('documents:release.heads')}: ${release?.headCount ?? heads.length}` },
      {
        t: 'table',
        head: [
          t('documents:notice.col_cattle'),
          t('documents:notice.col_description'),
          t('documents:notice.col_count'),
        ],
        rows: groupHeads(heads).map((g) => [t(`common:cattle.${g.cattleClass}`), g.description, String(g.count)]),
        widths: ['auto', '1fr', 'auto'],
        right: [2],
      },
      { t: 'p', text: t('documents:release.owner_says') },
      { t: 'sign', items: [t('documents:release.sign_owner'), t('documents:release.sign_keeper')] },
    ];
    return {
      head: [
        { t: 'title', text: t('documents:release.title') },
        { t: 'subtitle', text: t('documents:release.subtitle') },
      ],
      blocks,
    };
  };
  return {
    layout: {
      title: `${c.number} release`,
      paper: 'a5',
      size: 9,
      qr: null,
      parts: parts(deps.translator, langs, body),
    },
    filename: `release-${fileSafe(c.number)}.pdf`,
    caption: { key: 'documents:caption.release', params: { number: c.number } },
  };
};
