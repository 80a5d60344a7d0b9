import type { Db } from '../../db';
import { sumPaise, type StatutoryWindows } from '../../law';
import type { StaffActor } from '../staff';
import { moneySummary } from './money';
import { deskPounds, OPEN_STATUSES, type DeskPound } from './pounds';
import { workList } from './today';

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
