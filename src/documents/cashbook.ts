import { poundNameIn } from '../i18n';
import type { LocalDate } from '../law';
import { cashBook, istStamp } from '../services/document-facts';
import {
  BILINGUAL,
  money,
  parts,
  sectionText,
  type DocumentDeps,
  type DocumentLangs,
  type DocumentSpec,
  type PartBody,
} from './compose';
import type { Block } from './engine';
import { poundWithDistrict } from './returns';

/**
 * The cash book of a pound for India days `from`..`to` (a day, or a month): the money received by section (s. 13
 * fines and feeding, s. 15 deposits, s. 14 / s. 16 sale proceeds), what was divided to the treasury and to the
 * pound-keeper (s. 17), what was remitted, and every ledger line of a day (a month: each day's totals) — the
 * ledger's own lines (services/desk/books.ts), so the book equals the ledger to the paisa.
 */
export async function cashBookDocument(
  deps: DocumentDeps,
  poundId: number,
  from: LocalDate,
  to: LocalDate,
  langs: DocumentLangs = BILINGUAL,
): Promise<DocumentSpec> {
  const pound = await poundWithDistrict(deps, poundId);
  const b = await cashBook(deps.db, [poundId], from, to);
  const body: PartBody = (t, lang) => {
    const sec = (s: string) => sectionText(t, s, lang);
    const blocks: Block[] = [
      { t: 'heading', text: t('documents:cashbook.summary') },
      {
        t: 'table',
        head: [t('documents:cashbook.col_item'), t('documents:cashbook.col_amount')],
        rows: [
          ...b.received.map((r) => [
            t('documents:cashbook.received_under', { section: sec(r.section) }),
            money(t, r.amountPaise),
          ]),
          [t('documents:cashbook.received_total'), money(t, b.receivedPaise)],
          [t('documents:cashbook.treasury'), money(t, b.treasuryPaise)],
          [t('documents:cashbook.keeper'), money(t, b.keeperPaise)],
          [t('documents:cashbook.other'), money(t, b.otherPaise)],
          [t('documents:cashbook.remitted_treasury'), money(t, b.remittedTreasuryPaise)],
          [t('documents:cashbook.remitted_keeper'), money(t, b.remittedKeeperPaise)],
        ],
        widths: ['1fr', 'auto'],
        right: [1],
      },
      { t: 'heading', text: t('documents:cashbook.by_account') },
      b.totals.length
        ? {
            t: 'table',
            head: [
              t('desk:money.account'),
              t('desk:money.section'),
              t('documents:cashbook.col_count'),
              t('desk:money.amount'),
            ],
            rows: b.totals.map((x) => [
              t(`desk:account.${x.account}`),
              sec(x.section),
              String(x.count),
              money(t, x.amountPaise),
            ]),
            widths: ['1fr', 'auto', 'auto', 'auto'],
            right: [2, 3],
          }
        : { t: 'p', text: t('documents:cashbook.none') },
    ];
    if (from === to) {
      if (b.lines.length)
        blocks.push(
          { t: 'heading', text: t('documents:cashbook.lines') },
          {
            t: 'table',
            head: [
              t('documents:register.col_when'),
              t('staff:export.col.case_number'),
              t('desk:money.account'),
              t('desk:money.section'),
              t('desk:money.amount'),
            ],
            rows: b.lines.map((l) => [
              istStamp(l.at),
              l.caseNumber,
              t(`desk:account.${l.account}`),
              sec(l.section),
              money(t, l.amountPaise),
            ]),
            widths: ['auto', 'auto', '1fr', 'auto', 'auto'],
            right: [4],
          },
        );
    } else
      blocks.push(
        { t: 'heading', text: t('documents:cashbook.days') },
        {
          t: 'table',
          head: [
            t('documents:cashbook.col_day'),
            t('documents:cashbook.col_received'),
            t('documents:cashbook.col_treasury'),
            t('documents:cashbook.col_keeper'),
            t('documents:cashbook.col_remitted'),
          ],
          rows: b.days.map((d) => [
            t('documents:date', { d: d.day }),
            money(t, d.receivedPaise),
            money(t, d.treasuryPaise),
            money(t, d.keeperPaise),
            money(t, d.remittedPaise),
          ]),
          widths: ['1fr', 'auto', 'auto', 'auto', 'auto'],
          right: [1, 2, 3, 4],
        },
      );
    if (b.remittances.length)
      blocks.push(
        { t: 'heading', text: t('documents:cashbook.remittances') },
        {
          t: 'table',
          head: [
            t('documents:register.col_when'),
            t('staff:export.col.case_number'),
            t('documents:remittance.col_kind'),
            t('desk:money.amount'),
          ],
          rows: b.remittances.map((r) => [
            istStamp(r.at),
            r.caseNumber,
            t(`desk:remittance_kind.${r.kind}`),
            money(t, r.amountPaise),
          ]),
          widths: ['auto', 'auto', '1fr', 'auto'],
          right: [3],
        },
      );
    blocks.push({ t: 'sign', items: [t('documents:cashbook.sign'), t('documents:notice.sign_date')] });
    return {
      head: [
        { t: 'title', text: t('documents:cashbook.title') },
        {
          t: 'subtitle',
          text: t(from === to ? 'documents:cashbook.subtitle_day' : 'documents:cashbook.subtitle_period', {
            pound: `${poundNameIn(lang, pound)} (${pound.code})`,
            district: poundNameIn(lang, pound.area),
            from,
            to,
          }),
        },
      ],
      blocks,
    };
  };
  return {
    layout: {
      title: `${pound.code} cash book ${from} ${to}`,
      paper: 'a4',
      size: 9,
      qr: null,
      parts: parts(deps.translator, langs, body),
    },
    filename: `cashbook-${pound.code}-${from}-${to}.pdf`,
    caption: { key: 'documents:caption.cashbook', params: { pound: pound.code, from, to } },
  };
}
