import type { Db } from '../../../src/db';
import { scheduleAuction, registerBidder, recordSplit, recordSale } from '../../../src/services/sale';
import { recordOwnerRefusal } from '../../../src/services/owner-refusal';
import { loadCase } from '../../../src/services/case-transition';
import { planDeadlines } from '../../../src/services/deadlines';
import { recordNotice, recordS14Reported } from '../../../src/services/notice';
import type { StaffActor } from '../../../src/services/staff';
import { type CaseEntry, registeredAtOf, writeEntry } from './entry';

export type { CaseEntry } from './entry';

/**
 * The one way a test (or a benchmark) puts a case in the database. The s. 8 register entry is written as
 * `registerSeizure` writes it (number from `allocateCaseNumber`, the village and search keys) but without the keepers'
 * broadcast or an enrolled keeper — the s. 8 flow itself is tested through the bot in test/e2e/register. Every later
 * state is reached through the service the staff or the owner use, in the statute's order, so a fixture cannot drift
 * from the law: a step the engine refuses fails the test.
 *
 *   const c = await caseFixture(db, { pound: 'JAI1', impoundedAt: '2026-11-01T10:00:00+05:30', heads: [['cow', 'red']] })
 *     .reported(ist('2026-11-09 00:00'))                           // s. 14 report
 *     .noticed(officer, { postedAt: ist('2026-11-09 10:00') })     // s. 14 notice, proclaimed in village and market
 *     .auction(officer, { at: ist('2026-11-17 11:00') })           // auction fixed
 *     .bidder(officer, { name: 'Gopal Meena', at: ist('2026-11-17 10:00') })
 *     .sold(officer, { at: ist('2026-11-17 12:00'), bids: [[1, 500_000]] })
 *     .build();
 *
 * Other states: `.refused(officer, at)` (s. 16 path), `.split(officer, at)` (s. 17), `.planned()` (deadlines planned as the register service plans them), `.toS14Auction(officer)` (notice, auction and a
 * bidder on the usual dates). `.forcedState(…)` writes a status directly: only for the jobs tests (see there why).
 * A payment or deposit (paid, part-paid, deposited under protest, declared only): `payCase` in ../paid-case.ts.
 * `caseFixture(db, { caseId })` takes a case already stored (a demo case, or one a test changed in between) on.
 */
export function caseFixture(db: Db, entry: CaseEntry | { caseId: number }): CaseBuilder {
  return new CaseBuilder(db, entry);
}

/** A later state written by `forcedState` (see there why). */
export interface ForcedState {
  status:
    | 'PAYMENT_PENDING'
    | 'RELEASED_S13'
    | 'REPORTED_S14'
    | 'NOTICE_POSTED'
    | 'AUCTION_SCHEDULED'
    | 'DEPOSITED_S15'
    | 'SURPLUS_HELD';
  reportedAt?: Date;
  noticePostedAt?: Date;
  surplusDepositedAt?: Date;
}

type Step = (db: Db, built: Built) => Promise<void>;

interface Built {
  id: number;
  headIds: number[];
  bidders: Map<string, number>;
}

export class CaseBuilder {
  private readonly steps: Step[] = [];

  constructor(
    private readonly db: Db,
    private readonly entry: CaseEntry | { caseId: number },
  ) {}

  /** Deadlines planned as the register service plans them (the jobs' reminders; default: at the registering). */
  planned(at?: Date): this {
    this.steps.push((db, b) => db.$transaction((tx) => planDeadlines(tx, b.id, at ?? this.registeredAt())));
    return this;
  }

  /** s. 14: the cattle reported as unclaimed at `at` (the s. 14 report service; `now` defaults to `at`). */
  reported(at: Date, now = at): this {
    this.steps.push(async (db, b) => {
      const ok = await db.$transaction(async (tx) =>
        recordS14Reported(tx, await loadCase(tx, b.id), at, 'delivery', now),
      );
      if (!ok) throw new Error('caseFixture: the statute engine refused the s. 14 report');
    });
    return this;
  }

  /**
   * s. 14: the notice stuck up at `postedAt` and proclaimed by beat of drum in the village (Kunda, an hour later) and at
   * the market (Amer Haat, five hours later) unless `proclaimed: false`; recorded at `now` (default: the last of them).
   */
  noticed(
    officer: StaffActor,
    o: { postedAt: Date; proclaimed?: boolean; village?: string; market?: string; now?: Date },
  ): this {
    this.steps.push(async (db, b) => {
      const hour = 3_600_000;
      const village = { place: o.village ?? 'Kunda', at: new Date(o.postedAt.getTime() + hour) };
      const market = { place: o.market ?? 'Amer Haat', at: new Date(o.postedAt.getTime() + 5 * hour) };
      const proclaimed = o.proclaimed !== false;
      await recordNotice(
        db,
        officer,
        { caseId: b.id, postedAt: o.postedAt, ...(proclaimed ? { village, market } : {}) },
        o.now ?? (proclaimed ? new Date(market.at.getTime() + hour) : o.postedAt),
      );
    });
    return this;
  }

  /** s. 16: the owner appeared at `at` and refused or omitted to pay (the officer's record from /auction). */
  refused(officer: StaffActor, at: Date, name = 'Ramesh Gujjar'): this {
    this.steps.push(async (db, b) => {
      await recordOwnerRefusal(db, officer, b.id, at, { name });
    });
    return this;
  }

  /** The auction fixed for `at` (at the pound unless `place`), recorded at `now` (default: a day before, at most). */
  auction(
    officer: StaffActor,
    o: { at: Date; place?: string; conditions?: string; directionRef?: string; now: Date },
  ): this {
    this.steps.push(async (db, b) => {
      await scheduleAuction(
        db,
        officer,
        {
          caseId: b.id,
          at: o.at,
          place: o.place ?? 'Amer Pound',
          conditions: o.conditions ?? 'Cash',
          directionRef: o.directionRef ?? 'DM/JPR/Pound/12/2026',
        },
        o.now,
      );
    });
    return this;
  }

  /** A bidder registered with his signed declaration at `at` (name Gopal Meena of Kunda unless given). */
  bidder(officer: StaffActor, o: { at: Date; name?: string; address?: string }): this {
    const name = o.name ?? 'Gopal Meena';
    this.steps.push(async (db, b) => {
      const r = await registerBidder(
        db,
        officer,
        { caseId: b.id, name, address: o.address ?? 'Kunda', declarationSigned: true },
        o.at,
      );
      b.bidders.set(name, r.bidderId);
    });
    return this;
  }

  /**
   * The auction's results recorded at `at`: each bid is [head index (1-based), price in paise, bidder name (default:
   * the first registered)]. On the s. 16 path the owner is away (account kept for him) unless `ownerPresent` (he
   * was there and signed the account).
   */
  sold(
    officer: StaffActor,
    o: {
      at: Date;
      bids: Array<[index: number, pricePaise: number, bidder?: string]>;
      expensesPaise?: number;
      ownerPresent?: boolean;
    },
  ): this {
    this.steps.push(async (db, b) => {
      const first = [...b.bidders.values()][0];
      await recordSale(
        db,
        officer,
        {
          caseId: b.id,
          bids: o.bids.map(([index, pricePaise, bidder]) => ({
            headId: b.headIds[index - 1]!,
            bidderId: (bidder ? b.bidders.get(bidder) : first) ?? fail(`no bidder ${bidder ?? ''} registered`),
            pricePaise,
          })),
          saleExpensesPaise: o.expensesPaise ?? 0,
          ownerPresentAndSigned: o.ownerPresent === true,
        },
        o.at,
      );
    });
    return this;
  }

  /** s. 17: the officer records the split of the proceeds at `at` (a surplus is then held for the owner from `at`). */
  split(officer: StaffActor, at: Date): this {
    this.steps.push(async (db, b) => {
      await recordSplit(db, officer, b.id, at);
    });
    return this;
  }

  /**
   * The case's status and dates written directly, not through a service. Only for `createCase` of the jobs tests
   * (test/integration/jobs/cases.ts: reminders, the reconciler, the stated dates, the desk's job cards): they assert the
   * exact messages each person gets and the exact deadlines planned, and the services that reach these states queue
   * messages of their own (the notice and auction broadcasts, the receipt of a confirmed deposit) and write the auction
   * and the payment the test writes itself (`paymentWritten` in ../paid-case.ts). Everything else uses the steps above.
   */
  forcedState(s: ForcedState): this {
    this.steps.push(async (db, b) => {
      await db.case.update({ where: { id: b.id }, data: s });
    });
    return this;
  }

  /**
   * A case impounded on 1 Nov 2026 taken to its s. 14 auction: notice posted 9 Nov 10:00, proclaimed in the village at
   * 11:00 and at the market at 15:00; the auction fixed on 10 Nov for 17 Nov 11:00; Gopal Meena of Kunda registered
   * as a bidder at 10:00 that day.
   */
  toS14Auction(officer: StaffActor, o: { place?: string; directionRef?: string } = {}): this {
    return this.noticed(officer, { postedAt: ist('2026-11-09 10:00') })
      .auction(officer, { at: ist('2026-11-17 11:00'), now: ist('2026-11-10 10:00'), ...o })
      .bidder(officer, { at: ist('2026-11-17 10:00') });
  }

  /** Writes the entry (unless the case is stored already) and runs the steps; the case as stored at the end. */
  async build() {
    const db = this.db;
    const id = 'caseId' in this.entry ? this.entry.caseId : await writeEntry(db, this.e);
    const built: Built = { id, headIds: [], bidders: new Map() };
    built.headIds = (await db.head.findMany({ where: { caseId: id }, orderBy: { index: 'asc' } })).map((h) => h.id);
    for (const step of this.steps) await step(db, built);
    const c = await db.case.findUniqueOrThrow({
      where: { id },
      include: { heads: { orderBy: { index: 'asc' } }, pound: true },
    });
    return { ...c, bidders: built.bidders };
  }

  private get e(): CaseEntry {
    if ('caseId' in this.entry) throw new Error('caseFixture: the case is stored already');
    return this.entry;
  }

  private registeredAt(): Date {
    return registeredAtOf(this.e);
  }
}

/** An instant in India time: ist('2026-11-09 11:00'). */
export function ist(s: string): Date {
  return new Date(`${s.replace(' ', 'T')}:00+05:30`);
}

function fail(why: string): never {
  throw new Error(`caseFixture: ${why}`);
}
