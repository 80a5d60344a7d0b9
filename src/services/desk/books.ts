import { type Db, paiseOf, Prisma } from '../../db';
import {
  addDays,
  addCalendarMonths,
  endOfIstDay,
  feedingDays,
  isLocalDate,
  startOfIstDay,
  sumPaise,
  toIstDate,
  type LocalDate,
} from '../../law';
import { audit } from '../audit';
import { authorizeInTx, type StaffActor } from '../staff';

// The day's books of a pound, as the keeper kept them on paper: the cash book of a day or a month, read from the
// ledger (every LedgerEntry dated in the period, nothing worked out again) and the s. 17 remittances confirmed in
// it; and the headcount of the cattle in the pound today, by kind, with their days in the pound (s. 9 feeding).

/** A pound's books the desk hands out through a short-lived link: the register (PDF, CSV) and the cash book. */
export const BOOK_KINDS = ['register', 'register_csv', 'cashbook'] as const;
export type BookKind = (typeof BOOK_KINDS)[number];

/** A book's period: a month "YYYY-MM" or a day "YYYY-MM-DD" (India dates). */
export function isBookPeriod(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  return /^\d{4}-\d{2}$/.test(v) ? isLocalDate(`${v}-01`) : /^\d{4}-\d{2}-\d{2}$/.test(v) && isLocalDate(v);
}

/** The first and last India day of a period. */
export function periodDays(period: string): { from: LocalDate; to: LocalDate } {
  if (period.length === 10) return { from: period as LocalDate, to: period as LocalDate };
  const from = `${period}-01` as LocalDate;
  return { from, to: addDays(addCalendarMonths(from, 1), -1) };
}

/** Ledger accounts that are money received at the pound, by the section it was received under. */
export const RECEIVED_ACCOUNTS = ['OWNER_PAYMENT', 'OWNER_DEPOSIT', 'SALE_PROCEEDS'] as const;
/** Accounts of what is due to the treasury (the District Magistrate: fines, security, surplus, lapsed surplus). */
export const TREASURY_ACCOUNTS = [
  'DISTRICT_MAGISTRATE',
  'SECURITY',
  'MAGISTRATE_DEPOSIT',
  'GOVERNMENT_REVENUE',
] as const;
/** Accounts of what is due to the pound-keeper (feeding and watering, s. 17). */
export const KEEPER_ACCOUNTS = ['POUND_KEEPER'] as const;
/** Remittances to the treasury (s. 17); the rest (feeding) go to the keeper. */
const TREASURY_REMITTANCES = new Set(['FINES_TO_MAGISTRATE', 'SECURITY_TO_MAGISTRATE', 'SURPLUS_TO_MAGISTRATE']);

/** One ledger line of the period. */
export interface CashLine {
  at: Date;
  caseId: number;
  caseNumber: string;
  account: string;
  section: string;
  amountPaise: number;
}

export interface CashBook {
  from: LocalDate;
  to: LocalDate;
  /** Every ledger line dated in the period, oldest first. */
  lines: CashLine[];
  /** Totals by account and section (every line in exactly one), in the ledger's order of accounts. */
  totals: Array<{ account: string; section: string; amountPaise: number; count: number }>;
  /** Money received by section: s. 13 (fines and feeding), s. 15 (deposits), s. 14 / s. 16 (sale proceeds). */
  received: Array<{ section: string; amountPaise: number }>;
  receivedPaise: number;
  /** Divided to the treasury and to the keeper (s. 17) in the period. */
  treasuryPaise: number;
  keeperPaise: number;
  /** Every other line (sale expenses, owner's balance, refunds, surplus paid to a claimant). */
  otherPaise: number;
  /** s. 17 remittances confirmed in the period. */
  remittances: Array<{ at: Date; caseNumber: string; kind: string; amountPaise: number }>;
  remittedTreasuryPaise: number;
  remittedKeeperPaise: number;
  /** The period's days (India dates) with what was received, divided and remitted on each. */
  days: Array<{
    day: LocalDate;
    receivedPaise: number;
    treasuryPaise: number;
    keeperPaise: number;
    remittedPaise: number;
  }>;
}

const inList = (list: readonly string[], x: string) => list.includes(x);

/** The cash book of the pounds in `poundIds` for India days `from`..`to`, read from the ledger. */
export async function cashBook(db: Db, poundIds: number[], from: LocalDate, to: LocalDate): Promise<CashBook> {
  const range = { gte: startOfIstDay(from), lt: endOfIstDay(to) };
  const [ledger, remits] = await Promise.all([
    db.ledgerEntry.findMany({
      where: { createdAt: range, case: { poundId: { in: poundIds } } },
      select: {
        caseId: true,
        account: true,
        section: true,
        amountPaise: true,
        createdAt: true,
        case: { select: { number: true } },
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    }),
    db.remittance.findMany({
      where: { confirmedAt: range, case: { poundId: { in: poundIds } } },
      select: { kind: true, amountPaise: true, confirmedAt: true, case: { select: { number: true } } },
      orderBy: [{ confirmedAt: 'asc' }, { id: 'asc' }],
    }),
  ]);
  const lines: CashLine[] = ledger.map((l) => ({
    at: l.createdAt,
    caseId: l.caseId,
    caseNumber: l.case.number,
    account: l.account,
    section: l.section,
    amountPaise: paiseOf(l.amountPaise),
  }));
  const remittances = remits.map((r) => ({
    at: r.confirmedAt,
    caseNumber: r.case.number,
    kind: r.kind,
    amountPaise: paiseOf(r.amountPaise),
  }));
  const totals: CashBook['totals'] = [];
  for (const l of lines) {
    const t = totals.find((x) => x.account === l.account && x.section === l.section);
    if (t) {
      t.amountPaise = sumPaise([t.amountPaise, l.amountPaise]);
      t.count++;
    } else totals.push({ account: l.account, section: l.section, amountPaise: l.amountPaise, count: 1 });
  }
  const sum = (xs: Array<{ amountPaise: number }>) => sumPaise(xs.map((x) => x.amountPaise));
  const received: CashBook['received'] = [];
  for (const t of totals.filter((x) => inList(RECEIVED_ACCOUNTS, x.account))) {
    const r = received.find((x) => x.section === t.section);
    if (r) r.amountPaise = sumPaise([r.amountPaise, t.amountPaise]);
    else received.push({ section: t.section, amountPaise: t.amountPaise });
  }
  received.sort((a, b) => sectionOrder(a.section) - sectionOrder(b.section));
  const known = [...RECEIVED_ACCOUNTS, ...TREASURY_ACCOUNTS, ...KEEPER_ACCOUNTS] as readonly string[];
  // Each line and remittance counted on its India day once (a month of a busy pound has thousands).
  const days: CashBook['days'] = [];
  const byDay = new Map<LocalDate, CashBook['days'][number]>();
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const day = { day: d, receivedPaise: 0, treasuryPaise: 0, keeperPaise: 0, remittedPaise: 0 };
    days.push(day);
    byDay.set(d, day);
  }
  for (const l of lines) {
    const day = byDay.get(toIstDate(l.at));
    if (!day) continue;
    if (inList(RECEIVED_ACCOUNTS, l.account)) day.receivedPaise = sumPaise([day.receivedPaise, l.amountPaise]);
    else if (inList(TREASURY_ACCOUNTS, l.account)) day.treasuryPaise = sumPaise([day.treasuryPaise, l.amountPaise]);
    else if (inList(KEEPER_ACCOUNTS, l.account)) day.keeperPaise = sumPaise([day.keeperPaise, l.amountPaise]);
  }
  for (const r of remittances) {
    const day = byDay.get(toIstDate(r.at));
    if (day) day.remittedPaise = sumPaise([day.remittedPaise, r.amountPaise]);
  }
  return {
    from,
    to,
    lines,
    totals,
    received,
    receivedPaise: sum(received),
    treasuryPaise: sum(lines.filter((l) => inList(TREASURY_ACCOUNTS, l.account))),
    keeperPaise: sum(lines.filter((l) => inList(KEEPER_ACCOUNTS, l.account))),
    otherPaise: sum(lines.filter((l) => !known.includes(l.account))),
    remittances,
    remittedTreasuryPaise: sum(remittances.filter((r) => TREASURY_REMITTANCES.has(r.kind))),
    remittedKeeperPaise: sum(remittances.filter((r) => !TREASURY_REMITTANCES.has(r.kind))),
    days,
  };
}

function sectionOrder(section: string): number {
  const n = /^s\.\s*(\d+)/.exec(section)?.[1];
  return n ? Number(n) : 999;
}

/** The cattle in the pound today: by kind, and by entry with its days in the pound (both India days counted). */
export interface Headcount {
  today: LocalDate;
  byKind: Array<{ cattleClass: string; heads: number; mostDays: number }>;
  entries: Array<{
    caseId: number;
    number: string;
    impoundedOn: LocalDate;
    days: number;
    cattle: Array<{ cattleClass: string; count: number }>;
  }>;
  heads: number;
  /** Entries with cattle in the pound (the list may show fewer: HEADCOUNT_ROWS). */
  entriesInPound: number;
}

/** Most rows of (entry, class) the headcount lists: the entries longest in the pound; the counts cover them all. */
export const HEADCOUNT_ROWS = 300;

/**
 * The headcount of the pounds in `poundIds` at `now`: every head still IMPOUNDED, counted in the database by class
 * (with the longest stay) and by entry and class, the longest in the pound first (at most HEADCOUNT_ROWS rows listed;
 * `entriesInPound` says how many entries there are).
 */
export async function headcount(db: Db, poundIds: number[], now: Date): Promise<Headcount> {
  const today = toIstDate(now);
  const inPound = Prisma.sql`h."status" = 'IMPOUNDED' AND c."poundId" = ANY(${poundIds}::int[])`;
  const [kinds, rows, [cases]] = await Promise.all([
    db.$queryRaw<Array<{ cattleClass: string; heads: bigint; since: Date }>>(
      Prisma.sql`SELECT h."cattleClass", count(*) AS "heads", min(c."impoundedAt") AS "since"
        FROM "Head" h JOIN "Case" c ON c."id" = h."caseId" WHERE ${inPound} GROUP BY 1`,
    ),
    db.$queryRaw<Array<{ caseId: number; number: string; impoundedAt: Date; cattleClass: string; heads: bigint }>>(
      Prisma.sql`SELECT c."id" AS "caseId", c."number", c."impoundedAt", h."cattleClass", count(*) AS "heads"
        FROM "Head" h JOIN "Case" c ON c."id" = h."caseId" WHERE ${inPound}
       GROUP BY c."id", h."cattleClass" ORDER BY c."impoundedAt", c."id", min(h."index") LIMIT ${HEADCOUNT_ROWS}`,
    ),
    db.$queryRaw<Array<{ n: bigint }>>(
      Prisma.sql`SELECT count(DISTINCT h."caseId") AS "n" FROM "Head" h JOIN "Case" c ON c."id" = h."caseId" WHERE ${inPound}`,
    ),
  ]);
  const byKind = kinds
    .map((k: { cattleClass: string; heads: bigint; since: Date }) => ({
      cattleClass: k.cattleClass,
      heads: Number(k.heads),
      mostDays: feedingDays(toIstDate(k.since), today),
    }))
    .sort((a, b) => b.heads - a.heads || a.cattleClass.localeCompare(b.cattleClass));
  const entries = new Map<number, Headcount['entries'][number]>();
  for (const r of rows) {
    let e = entries.get(r.caseId);
    if (!e) {
      const impoundedOn = toIstDate(r.impoundedAt);
      e = { caseId: r.caseId, number: r.number, impoundedOn, days: feedingDays(impoundedOn, today), cattle: [] };
      entries.set(r.caseId, e);
    }
    e.cattle.push({ cattleClass: r.cattleClass, count: Number(r.heads) });
  }
  return {
    today,
    byKind,
    entries: [...entries.values()],
    heads: byKind.reduce((s, k) => s + k.heads, 0),
    entriesInPound: Number(cases?.n ?? 0),
  };
}

/** A cash book shown from the desk, audited as the entry's documents are ('document.view'). */
export async function auditCashBook(
  db: Db,
  actor: StaffActor,
  pound: { id: number; code: string },
  period: string,
): Promise<void> {
  const who = await authorizeInTx(db, actor, 'register.export', pound.id);
  const { from, to } = periodDays(period);
  await audit(db, who.audit, 'document.view', null, { kind: 'cashbook', pound: pound.code, from, to });
}
