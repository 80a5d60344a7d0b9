import type { Db } from '../../db';
import { addDays, toIstDate, type LocalDate, type StatutoryWindows } from '../../law';
import { STORED_CLOCK_SELECT } from '../law-case';
import { caseTimeline, nextDeadline } from '../next-deadline';
import { may, poundsInScope, type StaffActor, type StaffRight } from '../staff';
import { FINISHED, OPEN_STATUSES } from './pounds';

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
  /** India date it falls due (or, for a step that may be taken from a day on, that day). */
  date: LocalDate;
  /** A step due by `date`, and `date` is before today: late. */
  overdue: boolean;
  /** A step that may be taken from `date` on (an auction may be fixed, a s. 16 sale held), and it has come. */
  open: boolean;
  caseId: number;
  caseNumber: string;
  poundId: number;
}

/**
 * Whose work each is. The s. 14 report is the pound-keeper's duty, which the bot does for him on its day (the
 * officer receives it; his work starts with the notice): the keeper sees it, the officer does not.
 */
const WORK_RIGHT: Record<WorkKind, StaffRight> = {
  report_due: 'seizure.register',
  notice_due: 'notice',
  proclamation_due: 'notice',
  auction_from: 'auction',
  auction_at: 'auction.view',
  s16_sale: 'auction',
  payment_to_confirm: 'payment.confirm',
  complaint_window: 'magistrate',
  surplus_hold_end: 'magistrate',
};

/** Steps that may be taken from their date on, without a last day: open from then, never late. */
const FROM_A_DAY: ReadonlySet<WorkKind> = new Set(['auction_from', 's16_sale']);

/** The most open entries looked at for the work list (oldest first: those are the ones falling due). */
export const WORK_CASES_LIMIT = 2000;

/**
 * What `actor` must do at his pounds from the past (late, or open since) to `days` India days ahead, by date: s. 14 reports,
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
        ...STORED_CLOCK_SELECT,
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
    const past = date < today;
    const from = FROM_A_DAY.has(kind);
    items.push({
      kind,
      section,
      date,
      overdue: past && !from,
      open: past && from,
      caseId: c.id,
      caseNumber: c.number,
      poundId: c.poundId,
    });
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
