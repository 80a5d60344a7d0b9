import { startOfIstDay, toIstDate } from '../../law';
import type { PrismaClient } from '../../db';
import { flowCells, stockCells, type FlowCells } from './compute';
import type { Cells } from './figures';

// What a request reads live, beside the daily snapshot: today's flow events (on the time indexes) and the stock now
// (cattle in the pound, entries pending by days, complaints pending; on the index of the heads in the pound), each of
// every pound at once, so the whole service runs each statement at most twice a minute however many districts are
// read. A reading is shared by the requests of one India day for `maxAgeMs` at most: once it is half that old, the
// next request starts a fresh reading and is answered from the one it has, so a busy page waits for no statement; a
// reading is never used on another India day (the days in the pound change at midnight).

/** A reading of this India day, taken at `at`, and whether a fresher one is under way. */
interface Reading<T> {
  day: string;
  at: number;
  value: Promise<T>;
  refreshing: boolean;
}

/** A shelf of readings per database, by key. */
type Shelf<T> = WeakMap<PrismaClient, Map<string, Reading<T>>>;

/** The value of `key` at `now`: a shared reading of this day at most `maxAgeMs` old, or one read now. */
function shared<T>(
  shelf: Shelf<T>,
  db: PrismaClient,
  key: string,
  now: Date,
  maxAgeMs: number,
  read: (at: Date) => Promise<T>,
): { at: Date; value: Promise<T> } {
  if (maxAgeMs <= 0) return { at: now, value: read(now) };
  const day = toIstDate(now);
  const readings = shelf.get(db) ?? new Map<string, Reading<T>>();
  shelf.set(db, readings);
  const seen = readings.get(key);
  const age = seen ? now.getTime() - seen.at : Number.POSITIVE_INFINITY;
  if (seen && seen.day === day && age >= 0 && age <= maxAgeMs) {
    if (age > maxAgeMs / 2 && !seen.refreshing) {
      // Fresher figures for the next requests; this one is answered from the reading it has.
      seen.refreshing = true;
      const value = read(now);
      value.then(
        () => readings.set(key, { day, at: now.getTime(), value, refreshing: false }),
        () => {
          seen.refreshing = false;
        },
      );
    }
    return { at: new Date(seen.at), value: seen.value };
  }
  const value = read(now);
  readings.set(key, { day, at: now.getTime(), value, refreshing: false });
  value.catch(() => {
    if (readings.get(key)?.value === value) readings.delete(key);
  });
  return { at: now, value };
}

const flowShelf: Shelf<FlowCells> = new WeakMap();
const stockShelf: Shelf<Map<number, Cells>> = new WeakMap();

/** Today's flow cells of every pound from India midnight to the reading's instant. */
export function todaysFlows(db: PrismaClient, now: Date, maxAgeMs: number): { at: Date; value: Promise<FlowCells> } {
  return shared(flowShelf, db, '', now, maxAgeMs, (at) => flowCells(db, startOfIstDay(toIstDate(at)), at, true));
}

/** The stock cells of every pound at the reading's instant: one reading for the whole service, like today's flows. */
export function stockNow(
  db: PrismaClient,
  now: Date,
  maxAgeMs: number,
): { at: Date; value: Promise<Map<number, Cells>> } {
  return shared(stockShelf, db, '', now, maxAgeMs, (at) => stockCells(db, at));
}
