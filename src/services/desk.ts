import type { Db } from '../db';
import { paiseOf, Prisma } from '../db';
import { queryRows } from '../db/direct';
import {
  addDays,
  endOfIstDay,
  isLocalDate,
  startOfIstDay,
  sumPaise,
  toIstDate,
  type CaseStatus,
  type LocalDate,
  type StatutoryWindows,
} from '../law';
import { afterSaleFacts, duesOfLoaded, rulesForPound, type PoundRules } from './dues';
import { FINISHED_STATUSES } from './deadlines';
import { SALE_PATH_SELECT, salePathOf, type SalePathFacts } from './law-case';
import { holdEndOf } from './money-split';
import { caseTimeline, nextDeadline, type NextDeadline } from './next-deadline';
import { may, poundsInScope, type StaffActor, type StaffRight } from './staff-actor';

/**
 * Read models of the staff desk (the Telegram Mini App, src/http/desk): the s. 7 register of a pound as a table, one
 * entry with every fact, the work falling due, the money by section, the district at a glance. Every read is scoped
 * to the pounds the actor's grants name (an administrator: all). The views are pure functions of these.
 */

/** Statuses of an entry still in hand (the register's "open" filter). */
export const OPEN_STATUSES = [
  'IMPOUNDED',
  'PAYMENT_PENDING',
  'DEPOSIT_PENDING',
  'DEPOSITED_S15',
  'REPORTED_S14',
  'NOTICE_POSTED',
  'AUCTION_SCHEDULED',
  'PARTLY_SOLD',
  'SURPLUS_HELD',
] as const satisfies readonly CaseStatus[];
const FINISHED = new Set<string>(FINISHED_STATUSES);
/** Statuses in which cattle are in the pound and dues run (ss. 12, 13). */
const DUES_RUN = new Set<string>([
  'IMPOUNDED',
  'PAYMENT_PENDING',
  'DEPOSIT_PENDING',
  'REPORTED_S14',
  'NOTICE_POSTED',
  'AUCTION_SCHEDULED',
  'PARTLY_SOLD',
]);

/**
 * The staff desk's address for Telegram (menu button, web_app buttons): PUBLIC_URL/desk when PUBLIC_URL is https
 * (Telegram opens Mini Apps over https only); null when the desk cannot be offered.
 */
export function deskUrl(config: { PUBLIC_URL?: string | undefined }): string | null {
  return config.PUBLIC_URL?.startsWith('https://') ? `${config.PUBLIC_URL}/desk` : null;
}

/** A pound as the desk lists it. */
export interface DeskPound {
  id: number;
  code: string;
  name: string;
  nameHi: string;
}

/** The pounds whose register `actor` may read (keeper, officer, Magistrate's office; an administrator: all). */
export async function deskPounds(db: Db, actor: StaffActor): Promise<DeskPound[]> {
  const scope = poundsInScope(actor, 'register.export');
  return db.pound.findMany({
    where: scope === 'all' ? {} : { id: { in: scope } },
    select: { id: true, code: true, name: true, nameHi: true },
    orderBy: { code: 'asc' },
  });
}

/** True when `actor` sees the district overview: the Magistrate's office, or an administrator. */
export function seesDistrict(actor: StaffActor): boolean {
  return actor.administrator || actor.grants.some((g) => g.role === 'MAGISTRATE');
}

// ---------------------------------------------------------------------------------------------------------------
// The register (s. 7)

export const REGISTER_PAGE_SIZE = 25;
export const REGISTER_SORTS = ['number', 'date', 'status', 'seizer'] as const;
export type RegisterSort = (typeof REGISTER_SORTS)[number];
/** The status filter: one status, every open one, or all. */
export type StatusFilter = CaseStatus | 'open' | 'all';
/** Longest search text looked at. */
export const MAX_SEARCH_LENGTH = 60;

export interface RegisterQuery {
  poundId: number;
  status: StatusFilter;
  from?: LocalDate | undefined;
  to?: LocalDate | undefined;
  /** Case number, seizer or place (part of it). */
  q?: string | undefined;
  sort: RegisterSort;
  dir: 'asc' | 'desc';
  /** 1-based. */
  page: number;
}

export interface RegisterRow {
  id: number;
  number: string;
  impoundedAt: Date;
  /** Heads by class, in register order of the class's first head. */
  cattle: Array<{ cattleClass: string; count: number }>;
  seizerName: string;
  status: CaseStatus;
  /** What the owner would pay today under s. 13 (cattle in the pound only); null when none runs or cannot be valued. */
  duesTodayPaise: number | null;
  /** The next statutory step and its date (src/law); null when the facts are inconsistent. */
  next: NextDeadline | null;
}

export interface RegisterPage {
  rows: RegisterRow[];
  total: number;
  page: number;
  pages: number;
}

const ORDER: Record<RegisterSort, (dir: 'asc' | 'desc') => Prisma.CaseOrderByWithRelationInput[]> = {
  number: (dir) => [{ year: dir }, { seq: dir }],
  date: (dir) => [{ impoundedAt: dir }, { id: dir }],
  status: (dir) => [{ status: dir }, { impoundedAt: 'desc' }, { id: 'desc' }],
  seizer: (dir) => [{ seizerName: dir }, { id: 'desc' }],
};

/**
 * One page of a pound's register: filtered by status and India dates of impounding, searched in the number, the
 * seizer and the place, sorted and paginated (REGISTER_PAGE_SIZE rows). Two statements for the page (rows and
 * count, on the (poundId, status, impoundedAt) index) and one for the pound's rules; dues and the next step are
 * computed by src/law for the page's rows only.
 */
export async function registerPage(
  db: Db,
  query: RegisterQuery,
  now: Date,
  windows: Partial<StatutoryWindows>,
): Promise<RegisterPage> {
  const where: Prisma.CaseWhereInput = { poundId: query.poundId };
  if (query.status === 'open') where.status = { in: [...OPEN_STATUSES] };
  else if (query.status !== 'all') where.status = query.status;
  if (query.from || query.to)
    where.impoundedAt = {
      ...(query.from ? { gte: startOfIstDay(query.from) } : {}),
      ...(query.to ? { lt: endOfIstDay(query.to) } : {}),
    };
  const q = query.q?.trim().slice(0, MAX_SEARCH_LENGTH);
  if (q)
    where.OR = [
      { numberKey: { contains: q.toUpperCase() } },
      { seizerName: { contains: q, mode: 'insensitive' } },
      { placeOfSeizure: { contains: q, mode: 'insensitive' } },
    ];
  const [total, cases] = await Promise.all([
    db.case.count({ where }),
    db.case.findMany({
      where,
      orderBy: ORDER[query.sort](query.dir),
      skip: (query.page - 1) * REGISTER_PAGE_SIZE,
      take: REGISTER_PAGE_SIZE,
      select: {
        id: true,
        number: true,
        poundId: true,
        status: true,
        impoundedAt: true,
        seizedAt: true,
        reportedAt: true,
        noticePostedAt: true,
        ...SALE_PATH_SELECT,
        surplusDepositedAt: true,
        seizerName: true,
        heads: { select: { id: true, cattleClass: true, status: true }, orderBy: { index: 'asc' } },
        auction: { select: { scheduledFor: true, place: true, status: true } },
      },
    }),
  ]);
  let rules: PoundRules | null = null;
  if (cases.some((c) => DUES_RUN.has(c.status))) rules = await rulesForPound(db, query.poundId);
  const rows: RegisterRow[] = [];
  for (const c of cases) {
    let duesTodayPaise: number | null = null;
    if (rules && DUES_RUN.has(c.status)) {
      // After a s. 14 partial sale the dues are what the sale left unrecovered (one more statement, rare).
      const afterSale = c.status === 'PARTLY_SOLD' ? await afterSaleFacts(db, c.id, c.heads) : null;
      const d = duesOfLoaded(c, rules, now, { afterSale });
      duesTodayPaise = d.ok ? d.value.breakdown.totals.totalPaise : null;
    }
    const next = nextDeadline(c, now, windows);
    rows.push({
      id: c.id,
      number: c.number,
      impoundedAt: c.impoundedAt,
      cattle: countByClass(c.heads),
      seizerName: c.seizerName,
      status: c.status,
      duesTodayPaise,
      next: next.ok ? next.value : null,
    });
  }
  return { rows, total, page: query.page, pages: Math.max(1, Math.ceil(total / REGISTER_PAGE_SIZE)) };
}

function countByClass(heads: ReadonlyArray<{ cattleClass: string }>): Array<{ cattleClass: string; count: number }> {
  const out: Array<{ cattleClass: string; count: number }> = [];
  for (const h of heads) {
    const seen = out.find((x) => x.cattleClass === h.cattleClass);
    if (seen) seen.count++;
    else out.push({ cattleClass: h.cattleClass, count: 1 });
  }
  return out;
}

/** True for a valid India date text (yyyy-mm-dd) — the register's date filter. */
export function isDeskDate(s: unknown): s is LocalDate {
  return isLocalDate(s);
}

// ---------------------------------------------------------------------------------------------------------------
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
    select: { number: true, kind: true, amountPaise: true, issuedAt: true, verificationCode: true },
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
  receipts: Array<{ number: string; kind: string; amountPaise: number; issuedAt: Date; verificationCode: string }>;
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
    ...salePathOf(c),
    surplusDepositedAt: c.surplusDepositedAt,
    closedAt: c.closedAt,
    heads: c.heads.map((h) => ({
      index: h.index,
      cattleClass: h.cattleClass,
      description: h.description,
      status: h.status,
      hasPhoto: Boolean(h.photoFileId),
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

// ---------------------------------------------------------------------------------------------------------------
// Today and this week

/** A piece of work falling due. */
export type WorkKind =
  | 'report_due'
  | 'notice_due'
  | 'proclamation_due'
  | 'auction_from'
  | 'auction_at'
  | 's16_sale'
  | 'payment_to_confirm'
  | 'complaint_window'
  | 'surplus_hold_end';

export interface WorkItem {
  kind: WorkKind;
  section: string;
  /** India date it falls due (or is actionable from). */
  date: LocalDate;
  /** Before today: late. */
  overdue: boolean;
  caseId: number;
  caseNumber: string;
  poundId: number;
}

const WORK_RIGHT: Record<WorkKind, StaffRight> = {
  report_due: 'register.export',
  notice_due: 'notice',
  proclamation_due: 'notice',
  auction_from: 'auction',
  auction_at: 'auction.view',
  s16_sale: 'auction',
  payment_to_confirm: 'payment.confirm',
  complaint_window: 'magistrate',
  surplus_hold_end: 'magistrate',
};

/** The most open entries looked at for the work list (oldest first: those are the ones falling due). */
export const WORK_CASES_LIMIT = 2000;

/**
 * What `actor` must do at his pounds from the past (late) to `days` India days ahead, by date: s. 14 reports,
 * notices and proclamations, auctions (from when they may be held, and those fixed), s. 16 sales, payments
 * awaiting the keeper's confirmation, s. 20 windows of deposits and s. 17 hold ends — each only for the role
 * whose work it is. Dates come from src/law (`nextDeadline`).
 */
export async function workList(
  db: Db,
  actor: StaffActor,
  now: Date,
  windows: Partial<StatutoryWindows>,
  days = 7,
  options: { everyRole?: boolean } = {},
): Promise<WorkItem[]> {
  const scope = poundsInScope(actor, 'register.export');
  const ofPounds = scope === 'all' ? {} : { poundId: { in: scope } };
  const today = toIstDate(now);
  const until = addDays(today, days);
  const [cases, pending] = await Promise.all([
    db.case.findMany({
      where: { ...ofPounds, status: { in: [...OPEN_STATUSES] } },
      orderBy: [{ impoundedAt: 'asc' }, { id: 'asc' }],
      take: WORK_CASES_LIMIT,
      select: {
        id: true,
        number: true,
        poundId: true,
        status: true,
        impoundedAt: true,
        seizedAt: true,
        reportedAt: true,
        noticePostedAt: true,
        ...SALE_PATH_SELECT,
        surplusDepositedAt: true,
        notice: { select: { proclaimedVillageAt: true, proclaimedMarketAt: true } },
        auction: { select: { scheduledFor: true, place: true, status: true } },
      },
    }),
    db.payment.findMany({
      where: { status: 'PENDING', case: ofPounds },
      orderBy: { declaredAt: 'asc' },
      take: WORK_CASES_LIMIT,
      select: { declaredAt: true, kind: true, case: { select: { id: true, number: true, poundId: true } } },
    }),
  ]);
  const items: WorkItem[] = [];
  const add = (
    kind: WorkKind,
    section: string,
    date: LocalDate,
    c: { id: number; number: string; poundId: number },
  ) => {
    if (date > until || (!options.everyRole && !may(actor, WORK_RIGHT[kind], c.poundId))) return;
    items.push({ kind, section, date, overdue: date < today, caseId: c.id, caseNumber: c.number, poundId: c.poundId });
  };
  for (const c of cases) {
    const r = nextDeadline(c, now, windows);
    if (!r.ok) continue;
    const n = r.value;
    switch (n.kind) {
      case 'claim_by':
      case 'report_due': {
        // The report may be made from the first day after the claim period (s. 14).
        const tl = caseTimeline(c, windows);
        if (tl.ok) add('report_due', n.section, tl.value.s14ReportDue.actionableFrom, c);
        break;
      }
      case 'reported':
        add('notice_due', 's. 14', toIstDate(n.reportedAt), c);
        break;
      case 'auction_from':
        add('auction_from', n.section, n.date, c);
        break;
      case 'auction_at':
        add('auction_at', n.section, toIstDate(n.at), c);
        break;
      case 's16_sale':
        add('s16_sale', n.section, n.saleFrom, c);
        break;
      case 'complaint_by':
        add('complaint_window', n.section, n.date, c);
        break;
      case 'surplus_until':
        add('surplus_hold_end', n.section, n.date, c);
        break;
      default:
        break;
    }
    if (c.notice && (!c.notice.proclaimedVillageAt || !c.notice.proclaimedMarketAt) && !FINISHED.has(c.status))
      add('proclamation_due', 's. 14', toIstDate(c.noticePostedAt ?? now), c);
  }
  for (const p of pending)
    add('payment_to_confirm', p.kind === 'S13_PAYMENT' ? 's. 13' : 's. 15', toIstDate(p.declaredAt), p.case);
  return items.sort((a, b) => a.date.localeCompare(b.date) || a.caseNumber.localeCompare(b.caseNumber));
}

// ---------------------------------------------------------------------------------------------------------------
// Money

/** One ledger total: an account under a section at a pound. */
export interface MoneyLine {
  poundId: number;
  account: string;
  section: string;
  amountPaise: number;
}

export interface MoneySummary {
  /** Ledger totals by pound, account and section. */
  lines: MoneyLine[];
  /** s. 17 remittances confirmed, by pound and kind. */
  remittances: Array<{ poundId: number; kind: string; amountPaise: number }>;
  /** Surplus held by the District Magistrate, with the last day of each hold (s. 17). */
  surplus: Array<{ caseId: number; caseNumber: string; poundId: number; amountPaise: number; holdEnd: LocalDate }>;
  /** s. 15 deposits awaiting the outcome of a complaint (ss. 20-22). */
  deposits: Array<{ caseId: number; caseNumber: string; poundId: number; amountPaise: number }>;
  /** Money received (owners' payments and deposits, sale proceeds) by India month, oldest first. */
  months: Array<{ month: string; receivedPaise: number; remittedPaise: number }>;
}

/** Months the money chart covers. */
export const MONEY_MONTHS = 12;

/** The money of the pounds in `poundIds` ('all': every pound) at `now`. */
export async function moneySummary(db: Db, poundIds: number[] | 'all', now: Date): Promise<MoneySummary> {
  const inScope =
    poundIds === 'all' ? Prisma.sql`TRUE` : Prisma.sql`c."poundId" = ANY(${poundIds.length ? poundIds : [-1]}::int[])`;
  const firstMonth = `${addMonths(toIstDate(now).slice(0, 7), -(MONEY_MONTHS - 1))}-01`;
  const since = startOfIstDay(firstMonth);
  const [lines, remits, held, deposits, months, remitMonths] = await Promise.all([
    queryRows<{ poundId: number; account: string; section: string; amount: bigint }>(
      db,
      Prisma.sql`SELECT c."poundId", l."account"::text AS "account", l."section", sum(l."amountPaise") AS "amount"
        FROM "LedgerEntry" l JOIN "Case" c ON c."id" = l."caseId" WHERE ${inScope}
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    ),
    queryRows<{ poundId: number; kind: string; amount: bigint }>(
      db,
      Prisma.sql`SELECT c."poundId", r."kind"::text AS "kind", sum(r."amountPaise") AS "amount"
        FROM "Remittance" r JOIN "Case" c ON c."id" = r."caseId" WHERE ${inScope} GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
    db.case.findMany({
      where: { status: 'SURPLUS_HELD', ...(poundIds === 'all' ? {} : { poundId: { in: poundIds } }) },
      select: {
        id: true,
        number: true,
        poundId: true,
        impoundedAt: true,
        surplusDepositedAt: true,
        ledger: { where: { account: 'MAGISTRATE_DEPOSIT' }, select: { amountPaise: true } },
      },
      orderBy: { surplusDepositedAt: 'asc' },
    }),
    db.case.findMany({
      where: { status: 'DEPOSITED_S15', ...(poundIds === 'all' ? {} : { poundId: { in: poundIds } }) },
      select: {
        id: true,
        number: true,
        poundId: true,
        ledger: { where: { account: 'OWNER_DEPOSIT' }, select: { amountPaise: true } },
      },
      orderBy: { id: 'asc' },
    }),
    queryRows<{ month: string; amount: bigint }>(
      db,
      Prisma.sql`SELECT to_char(l."createdAt" AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') AS "month", sum(l."amountPaise") AS "amount"
        FROM "LedgerEntry" l JOIN "Case" c ON c."id" = l."caseId"
        WHERE ${inScope} AND l."createdAt" >= ${since}
          AND l."account" IN ('OWNER_PAYMENT', 'OWNER_DEPOSIT', 'SALE_PROCEEDS')
        GROUP BY 1 ORDER BY 1`,
    ),
    queryRows<{ month: string; amount: bigint }>(
      db,
      Prisma.sql`SELECT to_char(r."confirmedAt" AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') AS "month", sum(r."amountPaise") AS "amount"
        FROM "Remittance" r JOIN "Case" c ON c."id" = r."caseId"
        WHERE ${inScope} AND r."confirmedAt" >= ${since} GROUP BY 1 ORDER BY 1`,
    ),
  ]);
  const monthList: MoneySummary['months'] = [];
  for (let i = 0; i < MONEY_MONTHS; i++) {
    const month = addMonths(firstMonth.slice(0, 7), i);
    monthList.push({
      month,
      receivedPaise: paiseOf(months.find((m) => m.month === month)?.amount ?? 0n),
      remittedPaise: paiseOf(remitMonths.find((m) => m.month === month)?.amount ?? 0n),
    });
  }
  return {
    lines: lines.map((l) => ({
      poundId: l.poundId,
      account: l.account,
      section: l.section,
      amountPaise: paiseOf(l.amount),
    })),
    remittances: remits.map((r) => ({ poundId: r.poundId, kind: r.kind, amountPaise: paiseOf(r.amount) })),
    surplus: held
      .filter((c) => c.surplusDepositedAt)
      .map((c) => ({
        caseId: c.id,
        caseNumber: c.number,
        poundId: c.poundId,
        amountPaise: sumPaise(c.ledger.map((e) => paiseOf(e.amountPaise))),
        holdEnd: holdEndOf(c.impoundedAt, c.surplusDepositedAt!).date,
      })),
    deposits: deposits.map((c) => ({
      caseId: c.id,
      caseNumber: c.number,
      poundId: c.poundId,
      amountPaise: sumPaise(c.ledger.map((e) => paiseOf(e.amountPaise))),
    })),
    months: monthList,
  };
}

/** "2026-11" plus `n` months. */
function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const k = y * 12 + (m - 1) + n;
  return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The district at a glance

export interface DistrictRow {
  pound: DeskPound;
  openCases: number;
  /** Steps past their date (from the work list: reports, notices, auctions that may be held, hold ends). */
  overdueSteps: number;
  /** Surplus held by the Magistrate and s. 15 deposits awaiting an outcome. */
  heldPaise: number;
}

/** Each pound of the district (the Magistrate's office's pounds; an administrator's: all) at `now`. */
export async function districtOverview(
  db: Db,
  actor: StaffActor,
  now: Date,
  windows: Partial<StatutoryWindows>,
): Promise<DistrictRow[]> {
  const pounds = await deskPounds(db, actor);
  const ids = pounds.map((p) => p.id);
  const [open, work, money] = await Promise.all([
    db.case.groupBy({
      by: ['poundId'],
      where: { poundId: { in: ids }, status: { in: [...OPEN_STATUSES] } },
      _count: { _all: true },
    }),
    workList(db, actor, now, windows, 0, { everyRole: true }),
    moneySummary(db, ids, now),
  ]);
  return pounds.map((pound) => ({
    pound,
    openCases: open.find((o) => o.poundId === pound.id)?._count._all ?? 0,
    overdueSteps: work.filter((w) => w.poundId === pound.id && w.overdue).length,
    heldPaise: sumPaise([
      ...money.surplus.filter((s) => s.poundId === pound.id).map((s) => s.amountPaise),
      ...money.deposits.filter((s) => s.poundId === pound.id).map((s) => s.amountPaise),
    ]),
  }));
}
