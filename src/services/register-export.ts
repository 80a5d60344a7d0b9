import {
  endOfIstDay,
  isLocalDate,
  startOfIstDay,
  toIstDate,
  daysBetween,
  type LocalDate,
  type SalePath,
  type SalePathFacts,
  salePath,
} from '../law';
import type { Db } from '../db';
import type { Translate } from '../i18n';
import { paiseOf } from '../db';
import { audit } from './audit';
import { Refusal } from './refusal';
import { authorize, poundsInScope, type StaffActor } from './staff-actor';

/** Columns of the register export, in order (headers are i18n keys staff:export.col.<name>). */
export const EXPORT_COLUMNS = [
  'record',
  'case_number',
  'date_time_ist',
  'section',
  'status',
  'heads',
  'cattle_class',
  'description',
  'place_of_seizure',
  'seizer',
  'owner',
  'amount_paise',
  'amount_rupees',
  'reference',
  'details',
] as const;
type Column = (typeof EXPORT_COLUMNS)[number];
/** One register row: the export's columns, its instant and its record type's order. */
export type RegisterRow = Partial<Record<Column, string | number | null>> & { at: Date; order: number };
type Row = RegisterRow;

/** Record types in the export, in the order they are listed for the same instant. */
export const EXPORT_RECORDS = [
  'case',
  'head',
  'payment',
  'receipt',
  'release',
  'order',
  'notice',
  'auction',
  'sale',
  'ledger',
  'remittance',
] as const;

/** Longest range one export covers (a year and a day: an annual return). */
export const MAX_EXPORT_DAYS = 366;

/** Whole rupees and paise as "1250.00" (integer arithmetic, no floats). */
export function paiseToRupeesText(paise: number): string {
  const p = BigInt(paise);
  const sign = p < 0n ? '-' : '';
  const abs = p < 0n ? -p : p;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** "2026-11-29 16:05" in India time. */
export function istStamp(at: Date): string {
  const shifted = new Date(at.getTime() + 330 * 60_000);
  return `${toIstDate(at)} ${shifted.toISOString().slice(11, 16)}`;
}

/**
 * One CSV cell (RFC 4180). A cell that a spreadsheet would run as a formula (starting = + - @ or a tab) is
 * prefixed with an apostrophe: register text comes from people typing in Telegram.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value == null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The section an auction and its sales come under: s. 16 when the owner appeared and refused or omitted to pay
 * (the cattle, or as many as necessary, sold "as referred to in section 14"), s. 14 when they were unclaimed. The
 * account stored with a held auction says which computation was made (its `inputs.mode`); before that, the case's
 * refusal decides, as it does for the sale itself (services/sale.ts).
 */
export function auctionSection(a: { account: unknown }, c: SalePathFacts): SalePath {
  const mode = (a.account as { inputs?: { mode?: string } } | null)?.inputs?.mode;
  if (mode === 'S16_AS_MANY_AS_NECESSARY') return 's. 16';
  if (mode === 'S14_ALL') return 's. 14';
  return salePath(c);
}

function person(name: string | null | undefined, residence: string | null | undefined): string {
  return [name, residence].filter(Boolean).join(', ');
}

/**
 * The s. 7 register of one pound for India dates `from`..`to` (inclusive) as CSV: every case registered
 * (with each head), and every payment, receipt, release, court order, notice, auction, sale, ledger entry and
 * remittance dated in the range. Headers and record names are in the reader's language (`t`); amounts are
 * paise and plain rupees; times are IST. Starts with a UTF-8 byte order mark so spreadsheets read Hindi.
 */
export async function buildRegisterExport(
  db: Db,
  input: { poundId: number; from: LocalDate; to: LocalDate; t: Translate },
) {
  const { from, to, t } = input;
  if (!isLocalDate(from) || !isLocalDate(to)) throw new Refusal('EXPORT_BAD_DATE');
  if (daysBetween(from, to) < 0) throw new Refusal('EXPORT_RANGE_REVERSED');
  if (daysBetween(from, to) >= MAX_EXPORT_DAYS)
    throw new Refusal('EXPORT_RANGE_TOO_LONG', null, { days: MAX_EXPORT_DAYS });
  const gte = startOfIstDay(from);
  const lt = endOfIstDay(to);
  const inRange = { gte, lt };
  const ofPound = { poundId: input.poundId };
  const rows: Row[] = [];
  const rec = (r: (typeof EXPORT_RECORDS)[number]) => ({
    record: t(`staff:export.record.${r}`),
    order: EXPORT_RECORDS.indexOf(r),
  });
  // Every money column is exported twice, as paise (exact) and as rupees (for the clerk who reads it).
  const money = (stored: bigint | number | null) => {
    const paise = paiseOf(stored);
    return { amount_paise: paise, amount_rupees: paise === null ? null : paiseToRupeesText(paise) };
  };

  const cases = await db.case.findMany({
    where: { ...ofPound, impoundedAt: inRange },
    include: { heads: { orderBy: { index: 'asc' } } },
    orderBy: { id: 'asc' },
  });
  for (const c of cases) {
    rows.push({
      ...rec('case'),
      at: c.impoundedAt,
      case_number: c.number,
      section: 's. 8',
      status: c.status,
      heads: c.heads.length,
      place_of_seizure: c.placeOfSeizure,
      seizer: person(c.seizerName, c.seizerResidence),
      owner: person(c.ownerName, c.ownerResidence),
      // The time of seizure (register; the s. 20 window runs from it) beside s. 8(b), when it was kept.
      // s. 14 steps taken on paper and entered later are said as such (src/services/back-entry.ts).
      details: [
        `registered ${istStamp(c.registeredAt)}`,
        c.seizedAt ? `seized ${istStamp(c.seizedAt)}` : null,
        c.reportedAt && c.reportSource === 'paper' ? `s. 14 report on paper ${istStamp(c.reportedAt)}` : null,
        c.backEntryAt
          ? `recorded from the paper register ${istStamp(c.backEntryAt)} by ${c.backEntryRole ?? 'pound_keeper'}`
          : null,
      ]
        .filter(Boolean)
        .join('; '),
    });
    for (const h of c.heads) {
      rows.push({
        ...rec('head'),
        at: c.impoundedAt,
        case_number: c.number,
        section: 's. 8',
        status: h.status,
        heads: 1,
        cattle_class: h.cattleClass,
        description: h.description,
        reference: `#${h.index}`,
      });
    }
  }
  const ofCase = { case: ofPound };
  // Every other record is read the same way (its rows of the pound dated in the range, oldest first, with its case)
  // and becomes one row each, named by its record type and carrying its case's number.
  const dated = { include: { case: true }, orderBy: { id: 'asc' } } as const;
  const add = <R extends { case: { number: string } }>(
    record: (typeof EXPORT_RECORDS)[number],
    found: readonly R[],
    row: (r: R) => Omit<Row, 'order'>,
  ) => {
    for (const r of found) rows.push({ ...rec(record), case_number: r.case.number, ...row(r) });
  };
  add('payment', await db.payment.findMany({ where: { ...ofCase, declaredAt: inRange }, ...dated }), (p) => ({
    at: p.declaredAt,
    section: p.kind === 'S13_PAYMENT' ? 's. 13' : 's. 15',
    status: p.status,
    ...money(p.amountPaise),
    reference: [p.upiRef, p.receiptBookNo].filter(Boolean).join(' / '),
    details: [
      p.method,
      p.confirmedAt ? `confirmed ${istStamp(p.confirmedAt)}` : null,
      p.rejectedReason ? `rejected: ${p.rejectedReason}` : null,
    ]
      .filter(Boolean)
      .join('; '),
  }));
  const receiptSection = {
    S13_PAYMENT: 's. 13',
    S15_DEPOSIT: 's. 15',
    S16_BALANCE: 's. 16',
    SURPLUS_CLAIM: 's. 17',
  } as const;
  add('receipt', await db.receipt.findMany({ where: { ...ofCase, issuedAt: inRange }, ...dated }), (r) => ({
    at: r.issuedAt,
    section: receiptSection[r.kind],
    status: r.kind,
    ...money(r.amountPaise),
    reference: r.number,
  }));
  const releaseSection = {
    S13_PAYMENT: 's. 13',
    S15_DEPOSIT: 's. 15',
    S16_REMAINING: 's. 16',
    S19_ORDER: 's. 19',
  } as const;
  add(
    'release',
    await db.release.findMany({
      where: { ...ofCase, releasedAt: inRange },
      include: { case: true, order: true },
      orderBy: { id: 'asc' },
    }),
    (r) => ({
      at: r.releasedAt,
      section: releaseSection[r.basis],
      status: r.basis,
      heads: r.headCount,
      reference: r.order ? `${r.order.authority}: ${r.order.reference}` : null,
      details: r.acknowledgedAt ? `acknowledged ${istStamp(r.acknowledgedAt)}` : null,
    }),
  );
  add('order', await db.courtOrder.findMany({ where: { ...ofCase, recordedAt: inRange }, ...dated }), (o) => ({
    at: o.recordedAt,
    section:
      o.kind === 'PROVISO_DISPOSAL' || o.kind === 'AUCTION_DIRECTION'
        ? 's. 14'
        : o.kind === 'SURPLUS_CLAIM'
          ? 's. 17'
          : o.kind.startsWith('DEPOSIT')
            ? 's. 15'
            : 's. 19',
    status: o.kind,
    reference: `${o.authority}: ${o.reference}`,
    details: `ordered on ${o.orderedOn.toISOString().slice(0, 10)}`,
  }));
  add('notice', await db.notice.findMany({ where: { ...ofCase, postedAt: inRange }, ...dated }), (n) => ({
    at: n.postedAt,
    section: 's. 14',
    details: [
      n.source === 'paper' ? 'recorded from the paper register' : null,
      n.proclaimedWhere ? `proclaimed: ${n.proclaimedWhere}` : null,
      n.proclaimedVillageAt ? `village ${istStamp(n.proclaimedVillageAt)}` : null,
      n.proclaimedMarketAt ? `market ${istStamp(n.proclaimedMarketAt)}` : null,
    ]
      .filter(Boolean)
      .join('; '),
  }));
  add('auction', await db.auction.findMany({ where: { ...ofCase, scheduledFor: inRange }, ...dated }), (a) => ({
    at: a.scheduledFor,
    section: auctionSection(a, a.case),
    status: a.status,
    ...money(a.saleExpensesPaise),
    reference: a.directionRef,
    details: [a.place, a.conditions].filter(Boolean).join('; '),
  }));
  const sales = await db.sale.findMany({
    where: { auction: { case: ofPound, OR: [{ completedAt: inRange }, { completedAt: null, scheduledFor: inRange }] } },
    include: { auction: { include: { case: true } }, head: true, bidder: true },
    orderBy: { id: 'asc' },
  });
  // A sale's case is its auction's.
  add(
    'sale',
    sales.map((s) => ({ ...s, case: s.auction.case })),
    (s) => ({
      at: s.auction.completedAt ?? s.auction.scheduledFor,
      section: auctionSection(s.auction, s.auction.case),
      heads: 1,
      cattle_class: s.head.cattleClass,
      description: s.head.description,
      ...money(s.pricePaise),
      reference: `#${s.head.index}`,
      details: person(s.bidder.name, s.bidder.address),
    }),
  );
  add('ledger', await db.ledgerEntry.findMany({ where: { ...ofCase, createdAt: inRange }, ...dated }), (l) => ({
    at: l.createdAt,
    section: l.section,
    status: l.account,
    ...money(l.amountPaise),
    details: l.memo,
  }));
  add('remittance', await db.remittance.findMany({ where: { ...ofCase, confirmedAt: inRange }, ...dated }), (r) => ({
    at: r.confirmedAt,
    section: 's. 17',
    status: r.kind,
    ...money(r.amountPaise),
  }));
  rows.sort(
    (a, b) =>
      a.at.getTime() - b.at.getTime() ||
      a.order - b.order ||
      String(a.case_number).localeCompare(String(b.case_number)),
  );
  const header = EXPORT_COLUMNS.map((c) => csvCell(t(`staff:export.col.${c}`))).join(',');
  const lines = rows.map((r) =>
    EXPORT_COLUMNS.map((c) => (c === 'date_time_ist' ? istStamp(r.at) : csvCell(r[c]))).join(','),
  );
  const counts = Object.fromEntries(
    EXPORT_RECORDS.map((k) => [k, rows.filter((r) => r.order === EXPORT_RECORDS.indexOf(k)).length]),
  ) as Record<(typeof EXPORT_RECORDS)[number], number>;
  return {
    csv: `\uFEFF${[header, ...lines].join('\r\n')}\r\n`,
    rows: rows.length,
    counts,
    records: rows as readonly RegisterRow[],
  };
}

/**
 * The pound an official asks the register of: the one with `code`, else the only pound in his scope (null: say
 * which pounds he may choose from, `codes`). His right at that pound is checked by the export itself.
 */
export async function exportPound(
  db: Db,
  actor: StaffActor,
  ref: { code?: string | undefined } | { id: number },
): Promise<{ pound: { id: number; code: string } | null; codes: string[] }> {
  if ('id' in ref) return { pound: await db.pound.findUnique({ where: { id: ref.id } }), codes: [] };
  const scope = poundsInScope(actor, 'register.export');
  const pounds = await db.pound.findMany({
    where: scope === 'all' ? {} : { id: { in: scope } },
    orderBy: { code: 'asc' },
  });
  const pound = ref.code
    ? await db.pound.findUnique({ where: { code: ref.code.toUpperCase() } })
    : pounds.length === 1
      ? pounds[0]!
      : null;
  return { pound, codes: pounds.map((p) => p.code) };
}

/**
 * The s. 7 register of a pound for an official with the right there, audited as 'register.export': as CSV (the
 * rows returned), or — `format: 'pdf'` — the printable extract the caller renders (only the audit is written here).
 */
export async function exportRegister(
  db: Db,
  actor: StaffActor,
  input: { pound: { id: number; code: string }; from: LocalDate; to: LocalDate; t: Translate; format: 'csv' | 'pdf' },
): Promise<Awaited<ReturnType<typeof buildRegisterExport>> | null> {
  const { pound, from, to } = input;
  const who = authorize(actor, 'register.export', pound.id);
  if (input.format === 'pdf') {
    await audit(db, who.audit, 'register.export', null, { pound: pound.code, from, to, format: 'pdf' });
    return null;
  }
  const out = await buildRegisterExport(db, { poundId: pound.id, from, to, t: input.t });
  await audit(db, who.audit, 'register.export', null, { pound: pound.code, from, to, rows: out.rows });
  return out;
}
