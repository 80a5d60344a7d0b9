import { poundNameIn } from '../i18n';
import { isLocalDate, startOfIstDay, toIstDate, type LocalDate } from '../law';
import type { Lang, Translate } from '../i18n';
import {
  buildRegisterExport,
  EXPORT_RECORDS,
  istStamp,
  type RegisterRow,
  surplusesHeld,
} from '../services/document-facts';
import {
  BILINGUAL,
  DocumentUnavailable,
  money,
  parts,
  sectionText,
  type DocumentDeps,
  type DocumentLangs,
  type DocumentSpec,
  type PartBody,
} from './compose';
import type { Block } from './engine';
import { groupPhotos, photosBlock } from './photos';
import { paiseOf } from '../db';

/** The India dates of a month written "YYYY-MM": its first day and the first day of the next month. */
export function monthRange(month: string): { first: LocalDate; next: LocalDate } {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const first = m ? `${m[1]}-${m[2]}-01` : '';
  if (!m || !isLocalDate(first)) throw new DocumentUnavailable('bad_month');
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const next = mo === 12 ? `${y + 1}-01-01` : `${y}-${String(mo + 1).padStart(2, '0')}-01`;
  return { first: first as LocalDate, next: next as LocalDate };
}

async function poundOf(deps: DocumentDeps, poundId: number) {
  const pound = await deps.db.pound.findUnique({ where: { id: poundId } });
  if (!pound) throw new DocumentUnavailable('not_found');
  return pound;
}

/** A pound with its district (the heading of the register and the cash book). */
export async function poundWithDistrict(deps: DocumentDeps, poundId: number) {
  const pound = await deps.db.pound.findUnique({
    where: { id: poundId },
    include: { area: { select: { name: true, nameHi: true } } },
  });
  if (!pound) throw new DocumentUnavailable('not_found');
  return pound;
}

/**
 * The s. 17 remittance statement for the District Magistrate: the remittances the selling officers confirmed
 * in a month (India dates) for one pound — fines or penalties, security and surplus sent to the Magistrate,
 * feeding charges paid to the pound-keeper — and the surpluses the Magistrate holds with the last day of each
 * 3-month hold (surplusesHeld, the same list the Magistrate's /surplus shows).
 */
export async function remittanceDocument(
  deps: DocumentDeps,
  poundId: number,
  month: string,
  langs: DocumentLangs = BILINGUAL,
): Promise<DocumentSpec> {
  const { first, next } = monthRange(month);
  const pound = await poundOf(deps, poundId);
  const rows = await deps.db.remittance.findMany({
    where: { case: { poundId }, confirmedAt: { gte: startOfIstDay(first), lt: startOfIstDay(next) } },
    include: { case: { select: { number: true } } },
    orderBy: [{ confirmedAt: 'asc' }, { id: 'asc' }],
  });
  const held = await surplusesHeld(deps.db, [poundId]);
  const total = rows.reduce((s, r) => s + paiseOf(r.amountPaise), 0);
  const body: PartBody = (t, lang) => {
    const monthName = new Intl.DateTimeFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', {
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
      numberingSystem: 'latn',
    }).format(startOfIstDay(first));
    const blocks: Block[] = [
      { t: 'p', text: t('documents:remittance.to') },
      { t: 'p', text: t('documents:remittance.intro') },
      rows.length
        ? {
            t: 'table',
            head: [
              t('documents:remittance.col_case'),
              t('documents:remittance.col_kind'),
              t('documents:remittance.col_date'),
              t('documents:remittance.col_amount'),
            ],
            rows: [
              ...rows.map((r) => [
                r.case.number,
                t(`documents:remittance.kind_${r.kind}`),
                t('documents:date', { d: toIstDate(r.confirmedAt) }),
                money(t, paiseOf(r.amountPaise)),
              ]),
              ['', t('documents:remittance.total'), '', money(t, total)],
            ],
            widths: ['auto', '1fr', 'auto', 'auto'],
            right: [3],
          }
        : { t: 'p', text: t('documents:remittance.none') },
      { t: 'heading', text: t('documents:remittance.held_heading') },
      held.length
        ? {
            t: 'table',
            head: [
              t('documents:remittance.col_case'),
              t('documents:remittance.col_deposited'),
              t('documents:remittance.col_hold_end'),
              t('documents:remittance.col_amount'),
            ],
            rows: held.map((h) => [
              h.caseNumber,
              t('documents:date', { d: toIstDate(h.depositedAt) }),
              t('documents:date', { d: h.holdEnd.date }),
              money(t, h.amountPaise),
            ]),
            widths: ['auto', '1fr', 'auto', 'auto'],
            right: [3],
          }
        : { t: 'p', text: t('documents:remittance.held_none') },
      { t: 'p', text: t('documents:remittance.held_note') },
      { t: 'sign', items: [t('documents:remittance.sign'), t('documents:notice.sign_date')] },
    ];
    return {
      head: [
        { t: 'title', text: t('documents:remittance.title') },
        {
          t: 'subtitle',
          text: t('documents:remittance.subtitle', {
            pound: `${poundNameIn(lang, pound)} (${pound.code})`,
            month: monthName,
          }),
        },
      ],
      blocks,
    };
  };
  return {
    layout: {
      title: `${pound.code} s. 17 ${month}`,
      paper: 'a4',
      size: 10,
      qr: null,
      parts: parts(deps.translator, langs, body),
    },
    filename: `remittances-${pound.code}-${month}.pdf`,
    caption: { key: 'documents:caption.remittance', params: { pound: pound.code, month } },
  };
}

/** A record's status in the reader's words (the CSV export keeps the codes, for machines). */
function statusWords(t: Translate, r: RegisterRow): string | null {
  if (r.status == null || r.status === '') return null;
  // The row's `record` is already in the reader's words; its type is its place in EXPORT_RECORDS.
  const record = EXPORT_RECORDS[r.order];
  if (record === 'case') return t(`common:status.${r.status}`);
  return t(`documents:register.status.${record}.${r.status}`);
}

function particulars(t: Translate, r: RegisterRow): string {
  const cls = r.cattle_class ? t(`common:cattle.${r.cattle_class}`) : null;
  return [statusWords(t, r), cls, r.description, r.place_of_seizure, r.seizer, r.owner, r.reference, r.details]
    .filter((x) => x != null && x !== '')
    .join('; ');
}

/** Most entries whose photos a register extract prints (a month of a busy pound stays a printable file). */
const MAX_PHOTO_CASES = 60;

/**
 * The register extract (ss. 7, 8) of a pound for India dates `from`..`to`: the same rows as the CSV export
 * (buildRegisterExport), in time order, with the amounts in rupees. Landscape A4.
 */
export async function registerDocument(
  deps: DocumentDeps,
  poundId: number,
  from: LocalDate,
  to: LocalDate,
  langs: DocumentLangs = BILINGUAL,
): Promise<DocumentSpec> {
  const pound = await poundWithDistrict(deps, poundId);
  const exports = new Map<Lang, Awaited<ReturnType<typeof buildRegisterExport>>>();
  for (const lang of langs)
    exports.set(lang, await buildRegisterExport(deps.db, { poundId, from, to, t: deps.translator.forLang(lang) }));
  // A photo per group of each entry in the extract (the s. 8 description made visible), after the table.
  const numbers = [
    ...new Set([...exports.values()][0]?.records.map((r) => String(r.case_number ?? '')).filter(Boolean)),
  ];
  const cases = await deps.db.case.findMany({
    where: { poundId, number: { in: numbers.slice(0, MAX_PHOTO_CASES) } },
    select: { id: true, number: true },
    orderBy: { id: 'asc' },
  });
  const photos = (await Promise.all(cases.map(async (c) => ({ c, p: await groupPhotos(deps.db, c.id) })))).filter(
    (x) => x.p.items.length > 0,
  );
  const body: PartBody = (t, lang) => {
    const e = exports.get(lang)!;
    const blocks: Block[] = [
      { t: 'p', text: t('documents:register.summary', { cases: e.counts.case, rows: e.rows }) },
      e.records.length
        ? {
            t: 'table',
            head: [
              t('documents:register.col_when'),
              t('staff:export.col.case_number'),
              t('staff:export.col.section'),
              t('staff:export.col.record'),
              t('staff:export.col.heads'),
              t('documents:register.col_particulars'),
              t('documents:register.col_amount'),
            ],
            rows: e.records.map((r) => [
              istStamp(r.at),
              String(r.case_number ?? ''),
              r.section ? sectionText(t, String(r.section), lang) : '',
              String(r.record ?? ''),
              r.heads == null ? '' : String(r.heads),
              particulars(t, r),
              r.amount_paise == null ? '' : money(t, Number(r.amount_paise)),
            ]),
            widths: ['auto', 'auto', 'auto', 'auto', 'auto', '1fr', 'auto'],
            right: [4, 6],
          }
        : { t: 'p', text: t('documents:register.none') },
      ...(photos.length ? [{ t: 'heading', text: t('documents:photos.register_heading') } as Block] : []),
      ...photos.flatMap(({ c, p }) => [
        { t: 'p', text: t('documents:photos.register_case', { number: c.number }) } as Block,
        photosBlock(t, p.items)!,
      ]),
      { t: 'sign', items: [t('documents:register.sign'), t('documents:notice.sign_date')] },
    ];
    const name = `${poundNameIn(lang, pound)} (${pound.code})`;
    return {
      head: [
        { t: 'title', text: t('documents:register.title') },
        {
          t: 'subtitle',
          text: t('documents:register.subtitle', { pound: name, district: poundNameIn(lang, pound.area), from, to }),
        },
      ],
      blocks,
    };
  };
  return {
    layout: {
      title: `${pound.code} register ${from} ${to}`,
      paper: 'a4',
      landscape: true,
      size: 8,
      qr: null,
      parts: parts(deps.translator, langs, body),
      images: photos.flatMap((x) => x.p.images),
    },
    filename: `register-${pound.code}-${from}-${to}.pdf`,
    caption: { key: 'documents:caption.register', params: { pound: pound.code, from, to } },
  };
}
