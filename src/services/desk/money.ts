import { type Db, paiseOf, Prisma } from '../../db';
import { startOfIstDay, sumPaise, toIstDate, type LocalDate } from '../../law';
import { surplusesHeld } from '../sale';

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
    db.$queryRaw<
      { poundId: number; account: string; section: string; amount: bigint }[]
    >(Prisma.sql`SELECT c."poundId", l."account"::text AS "account", l."section", sum(l."amountPaise") AS "amount"
        FROM "LedgerEntry" l JOIN "Case" c ON c."id" = l."caseId" WHERE ${inScope}
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
    db.$queryRaw<
      { poundId: number; kind: string; amount: bigint }[]
    >(Prisma.sql`SELECT c."poundId", r."kind"::text AS "kind", sum(r."amountPaise") AS "amount"
        FROM "Remittance" r JOIN "Case" c ON c."id" = r."caseId" WHERE ${inScope} GROUP BY 1, 2 ORDER BY 1, 2`),
    surplusesHeld(db, poundIds),
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
    db.$queryRaw<
      { month: string; amount: bigint }[]
    >(Prisma.sql`SELECT to_char(l."createdAt" AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') AS "month", sum(l."amountPaise") AS "amount"
        FROM "LedgerEntry" l JOIN "Case" c ON c."id" = l."caseId"
        WHERE ${inScope} AND l."createdAt" >= ${since}
          AND l."account" IN ('OWNER_PAYMENT', 'OWNER_DEPOSIT', 'SALE_PROCEEDS')
        GROUP BY 1 ORDER BY 1`),
    db.$queryRaw<
      { month: string; amount: bigint }[]
    >(Prisma.sql`SELECT to_char(r."confirmedAt" AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') AS "month", sum(r."amountPaise") AS "amount"
        FROM "Remittance" r JOIN "Case" c ON c."id" = r."caseId"
        WHERE ${inScope} AND r."confirmedAt" >= ${since} GROUP BY 1 ORDER BY 1`),
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
    surplus: held.map((h) => ({
      caseId: h.caseId,
      caseNumber: h.caseNumber,
      poundId: h.poundId,
      amountPaise: h.amountPaise,
      holdEnd: h.holdEnd.date,
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
