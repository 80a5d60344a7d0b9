import { addCalendarMonths, addDays, startOfIstDay, toIstDate, type LocalDate } from '../../law';
import type { PrismaClient } from '../../db';
import type { Prisma } from '../../db';
import { addToOutbox, type Tx } from '../outbox';
import { flowCells, stockCells } from './compute';

// The daily snapshot: every pound's flow figures for each India month of the last MONTHS months through the end of
// yesterday, and its stock figures now, written in one transaction that also plans the next day's run (an outbox
// 'deadline' row with the step OPEN_DATA_STEP, run by the deadline worker like any statutory step, so a restart or a
// Redis loss is caught up by the dispatcher and the reconciler). A request reads these rows and adds today live.

/** How many India months the figures go back, the current one included. */
export const MONTHS = 24;
/** The deadline step that takes the snapshot (jobs/deadline-worker.ts). */
export const OPEN_DATA_STEP = 'open-data-snapshot';
/** Minutes after India midnight the day's snapshot runs. */
const RUN_AFTER_MIDNIGHT_MS = 10 * 60_000;

/** The outbox key of the snapshot of India day `day`: one run per day, however often it is planned. */
export const snapshotKey = (day: LocalDate) => `open-data:snapshot:${day}`;

/** The first day of the India month of `d`. */
export const monthStart = (d: LocalDate): LocalDate => `${d.slice(0, 7)}-01` as LocalDate;

/** The first day of the earliest month published on India day `today` (MONTHS months, the current one included). */
export const firstMonth = (today: LocalDate): LocalDate => addCalendarMonths(monthStart(today), -(MONTHS - 1));

/** The India months published on `today`, oldest first, as 'YYYY-MM'. */
export function monthsUpTo(today: LocalDate): string[] {
  const first = firstMonth(today);
  return Array.from({ length: MONTHS }, (_, i) => addCalendarMonths(first, i).slice(0, 7));
}

/** Plans India day `day`'s snapshot (at 00:10 IST), unless it is planned already. */
export function planSnapshot(tx: Tx | PrismaClient, day: LocalDate, at?: Date): Promise<void> {
  const runAt = at ?? new Date(startOfIstDay(day).getTime() + RUN_AFTER_MIDNIGHT_MS);
  return addToOutbox(
    tx as Tx,
    { name: 'deadline', payload: { caseId: 0, step: OPEN_DATA_STEP } },
    snapshotKey(day),
    runAt,
  );
}

/**
 * At start-up of the jobs: today's snapshot, now, unless today's is planned or taken already (a new deployment, or
 * one whose chain of daily runs was broken, catches up at once).
 */
export function planSnapshotOnStart(db: PrismaClient, now: Date): Promise<void> {
  return planSnapshot(db, toIstDate(now), now);
}

/** What a snapshot wrote. */
export interface SnapshotResult {
  pounds: number;
  monthRows: number;
  ms: number;
}

/** Takes the snapshot at `now` and plans tomorrow's. */
export async function takeSnapshot(
  deps: { db: PrismaClient; clock: { now(): Date } },
  now?: Date,
): Promise<SnapshotResult> {
  const at = now ?? deps.clock.now();
  const started = Date.now();
  const today = toIstDate(at);
  const from = startOfIstDay(firstMonth(today));
  const to = startOfIstDay(today);
  const [pounds, cells, stock] = await Promise.all([
    deps.db.pound.findMany({ select: { id: true } }),
    flowCells(deps.db, from, to),
    stockCells(deps.db, at),
  ]);
  const flows = cells.month;
  // The window starts on a month's first day at most 23 months back: this India year's cell covers it from 1 January.
  const yearOf = (poundId: number) => cells.year.get(poundId)?.get(today.slice(0, 4)) ?? {};
  const totalOf = (poundId: number) => cells.all.get(poundId)?.get('') ?? {};
  const monthRows: Prisma.OpenDataMonthCreateManyInput[] = [];
  for (const [poundId, months] of flows)
    for (const [month, figures] of months)
      monthRows.push({ poundId, month: new Date(`${month}-01T00:00:00Z`), figures, computedAt: at });
  await deps.db.$transaction(
    async (tx) => {
      await tx.openDataMonth.deleteMany({});
      for (let i = 0; i < monthRows.length; i += 5000)
        await tx.openDataMonth.createMany({ data: monthRows.slice(i, i + 5000) });
      await tx.openDataStock.deleteMany({});
      await tx.openDataStock.createMany({
        data: pounds.map((p) => ({
          poundId: p.id,
          figures: stock.get(p.id) ?? {},
          year: yearOf(p.id),
          total: totalOf(p.id),
          computedAt: at,
        })),
      });
      await planSnapshot(tx, addDays(today, 1));
    },
    { timeout: 120_000 },
  );
  return { pounds: pounds.length, monthRows: monthRows.length, ms: Date.now() - started };
}
