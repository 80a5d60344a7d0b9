import { type Db, paiseOf } from '../../db';
import type { Translate } from '../../i18n';
import { auctionSection, EXPORT_RECORDS, istStamp, paiseToRupeesText, person, type RegisterRow as Row } from './format';
import { paperSerialOf } from './paper-serial';

/** "Paper register no. 12" in the reader's language, or null for an entry not brought in from paper. */
const serialText = (t: Translate, serial: string | null) =>
  serial === null ? null : t('staff:export.paper_serial', { serial });

/**
 * Every record of the s. 7 register of one pound dated in `inRange` (India days, already checked), one row each, in
 * the order they were read: cases (with each head), payments, receipts, releases, court orders, notices, auctions,
 * sales, ledger entries and remittances. Record names are in the reader's language (`t`).
 */
export async function registerRows(
  db: Db,
  input: { poundId: number; inRange: { gte: Date; lt: Date }; t: Translate },
): Promise<Row[]> {
  const { inRange, t } = input;
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
      // The entry's serial in the paper register, for an entry brought in from it (src/services/register/paper-serial.ts).
      reference: serialText(t, paperSerialOf(c.registerKey, c.poundId)),
      // The time of seizure (register; the s. 20 window runs from it) beside s. 8(b), when it was kept.
      // s. 14 steps taken on paper and entered later are said as such (src/services/register/back-entry.ts).
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
  return rows;
}
