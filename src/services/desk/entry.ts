import { type Db, paiseOf, type Prisma } from '../../db';
import { sumPaise, type CaseStatus, type LocalDate, type StatutoryWindows } from '../../law';
import { afterSaleFacts, duesOfLoaded } from '../dues';
import { rulesForPound } from '../pound-rules';
import { salePathOf, type SalePathFacts } from '../law-case';
import { nextDeadline, type NextDeadline } from '../next-deadline';
import { paperSerialOf } from '../register';
import { may, type StaffActor } from '../staff';
import { DUES_RUN, type DeskPound } from './pounds';

// One entry, every fact

const ENTRY_INCLUDE = {
  pound: { select: { id: true, code: true, name: true, nameHi: true } },
  heads: { orderBy: { index: 'asc' }, include: { sale: { select: { pricePaise: true } } } },
  payments: {
    orderBy: { id: 'asc' },
    select: {
      id: true,
      kind: true,
      method: true,
      amountPaise: true,
      status: true,
      declaredAt: true,
      confirmedAt: true,
      part: true,
      receipt: { select: { number: true } },
    },
  },
  receipts: {
    orderBy: { id: 'asc' },
    select: { id: true, number: true, kind: true, amountPaise: true, issuedAt: true, verificationCode: true },
  },
  releases: {
    orderBy: { id: 'asc' },
    select: { basis: true, headCount: true, releasedAt: true, acknowledgedAt: true },
  },
  notice: true,
  auctions: { orderBy: { round: 'asc' }, include: { sales: { select: { pricePaise: true } } } },
  orders: { orderBy: { id: 'asc' }, select: { kind: true, authority: true, reference: true, orderedOn: true } },
  complaints: { orderBy: { id: 'asc' }, select: { reference: true, filedOn: true, outcome: true } },
  ledger: {
    orderBy: { id: 'asc' },
    select: { account: true, amountPaise: true, section: true, memo: true, createdAt: true },
  },
  remittances: { orderBy: { id: 'asc' }, select: { kind: true, amountPaise: true, confirmedAt: true } },
} as const satisfies Prisma.CaseInclude;

/** The most audit events an entry's page lists (newest kept). */
export const ENTRY_AUDIT_LIMIT = 100;

export interface DeskEntry extends SalePathFacts {
  id: number;
  number: string;
  /** The serial in the pound's paper register, for an entry brought in from it. */
  paperSerial: string | null;
  pound: DeskPound;
  status: CaseStatus;
  impoundedAt: Date;
  seizedAt: Date | null;
  registeredAt: Date;
  placeOfSeizure: string;
  nearestMarket: string | null;
  seizerName: string;
  seizerResidence: string;
  ownerName: string | null;
  ownerResidence: string | null;
  reportedAt: Date | null;
  noticePostedAt: Date | null;
  /** s. 14 steps taken on paper and entered later (src/services/register/back-entry.ts): when, by which role; else null. */
  backEntry: { at: Date; role: string; report: boolean; notice: boolean } | null;
  surplusDepositedAt: Date | null;
  closedAt: Date | null;
  heads: Array<{
    index: number;
    cattleClass: string;
    description: string;
    status: string;
    hasPhoto: boolean;
    soldForPaise: number | null;
  }>;
  payments: Array<{
    kind: string;
    method: string;
    amountPaise: number;
    status: string;
    declaredAt: Date;
    confirmedAt: Date | null;
    part: boolean;
    receiptNumber: string | null;
  }>;
  receipts: Array<{
    id: number;
    number: string;
    kind: string;
    amountPaise: number;
    issuedAt: Date;
    verificationCode: string;
  }>;
  releases: Array<{ basis: string; headCount: number; releasedAt: Date; acknowledgedAt: Date | null }>;
  notice: {
    postedAt: Date;
    proclaimedVillageAt: Date | null;
    proclaimedVillagePlace: string | null;
    proclaimedMarketAt: Date | null;
    proclaimedMarketPlace: string | null;
  } | null;
  auctions: Array<{
    round: number;
    status: string;
    scheduledFor: Date;
    place: string;
    completedAt: Date | null;
    proceedsPaise: number;
    saleExpensesPaise: number | null;
    accountDelivered: boolean;
  }>;
  orders: Array<{ kind: string; authority: string; reference: string; orderedOn: LocalDate }>;
  complaints: Array<{ reference: string; filedOn: LocalDate; outcome: string | null }>;
  ledger: Array<{ account: string; amountPaise: number; section: string; memo: string | null; createdAt: Date }>;
  remittances: Array<{ kind: string; amountPaise: number; confirmedAt: Date }>;
  audit: Array<{ at: Date; actorRole: string; action: string }>;
  next: NextDeadline | null;
  duesTodayPaise: number | null;
}

/** Every fact of one register entry, when it is of a pound in `actor`'s scope; null otherwise (or unknown). */
export async function deskEntry(
  db: Db,
  actor: StaffActor,
  caseId: number,
  now: Date,
  windows: Partial<StatutoryWindows>,
): Promise<DeskEntry | null> {
  const c = await db.case.findUnique({ where: { id: caseId }, include: ENTRY_INCLUDE });
  if (!c || !may(actor, 'register.export', c.poundId)) return null;
  const events = await db.auditEvent.findMany({
    where: { caseId },
    orderBy: { id: 'desc' },
    take: ENTRY_AUDIT_LIMIT,
    select: { at: true, actorRole: true, action: true },
  });
  let duesTodayPaise: number | null = null;
  if (DUES_RUN.has(c.status)) {
    const rules = await rulesForPound(db, c.poundId);
    const afterSale = c.status === 'PARTLY_SOLD' ? await afterSaleFacts(db, c.id, c.heads) : null;
    const d = duesOfLoaded(c, rules, now, { afterSale });
    duesTodayPaise = d.ok ? d.value.breakdown.totals.totalPaise : null;
  }
  const next = nextDeadline({ ...c, auction: c.auctions.at(-1) ?? null }, now, windows);
  return {
    id: c.id,
    number: c.number,
    paperSerial: paperSerialOf(c.registerKey, c.poundId),
    pound: c.pound,
    status: c.status,
    impoundedAt: c.impoundedAt,
    seizedAt: c.seizedAt,
    registeredAt: c.registeredAt,
    placeOfSeizure: c.placeOfSeizure,
    nearestMarket: c.nearestMarket,
    seizerName: c.seizerName,
    seizerResidence: c.seizerResidence,
    ownerName: c.ownerName,
    ownerResidence: c.ownerResidence,
    reportedAt: c.reportedAt,
    noticePostedAt: c.noticePostedAt,
    backEntry: c.backEntryAt
      ? {
          at: c.backEntryAt,
          role: c.backEntryRole ?? 'pound_keeper',
          report: c.reportSource === 'paper',
          notice: c.notice?.source === 'paper',
        }
      : null,
    ...salePathOf(c),
    surplusDepositedAt: c.surplusDepositedAt,
    closedAt: c.closedAt,
    heads: c.heads.map((h) => ({
      index: h.index,
      cattleClass: h.cattleClass,
      description: h.description,
      status: h.status,
      hasPhoto: Boolean(h.photoFileId || h.photoId),
      soldForPaise: h.sale ? paiseOf(h.sale.pricePaise) : null,
    })),
    payments: c.payments.map((p) => ({
      kind: p.kind,
      method: p.method,
      amountPaise: paiseOf(p.amountPaise),
      status: p.status,
      declaredAt: p.declaredAt,
      confirmedAt: p.confirmedAt,
      part: p.part,
      receiptNumber: p.receipt?.number ?? null,
    })),
    receipts: c.receipts.map((r) => ({ ...r, amountPaise: paiseOf(r.amountPaise) })),
    releases: c.releases,
    notice: c.notice,
    auctions: c.auctions.map((a) => ({
      round: a.round,
      status: a.status,
      scheduledFor: a.scheduledFor,
      place: a.place,
      completedAt: a.completedAt,
      proceedsPaise: sumPaise(a.sales.map((s) => paiseOf(s.pricePaise))),
      saleExpensesPaise: a.saleExpensesPaise === null ? null : paiseOf(a.saleExpensesPaise),
      accountDelivered: a.account !== null,
    })),
    orders: c.orders.map((o) => ({ ...o, orderedOn: o.orderedOn.toISOString().slice(0, 10) })),
    complaints: c.complaints.map((o) => ({ ...o, filedOn: o.filedOn.toISOString().slice(0, 10) })),
    ledger: c.ledger.map((l) => ({ ...l, amountPaise: paiseOf(l.amountPaise) })),
    remittances: c.remittances.map((r) => ({ ...r, amountPaise: paiseOf(r.amountPaise) })),
    audit: events,
    next: next.ok ? next.value : null,
    duesTodayPaise,
  };
}
