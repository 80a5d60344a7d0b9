import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  scheduleAuction,
  registerBidder,
  confirmRemittance,
  recordSplit,
  recordSale,
} from '../../../src/services/sale';
import { Refusal } from '../../../src/services/refusal';
import type { StaffActor } from '../../../src/services/staff';
import { recordNotice } from '../../../src/services/notice';
import { createTestDatabase, postgresOnly, type TestDatabase } from '../../support/db';
import { seed } from '../../support/fixtures';
import { actAs, ist } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';

// Two officers (or one double-tapping) acting on the same case at the same moment, on real Postgres
// (READ COMMITTED, a connection pool): exactly one sale, one s. 17 division, one remittance is recorded.
const pg = await postgresOnly();

describe.runIf(pg)('concurrent staff actions on Postgres', () => {
  let t: TestDatabase;
  let a: StaffActor;
  let b: StaffActor;
  let caseId: number;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    await seed(t.prisma, ist('2026-11-01 09:00'));
    a = await actAs(t.prisma, 9301, 'OFFICER', ['JAI1']);
    b = await actAs(t.prisma, 9302, 'OFFICER', ['JAI1']);
    const c = await caseFixture(t.prisma, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [
        ['cow', 'brown'],
        ['goat', 'white'],
      ],
    }).build();
    caseId = c.id;
    await recordNotice(
      t.prisma,
      a,
      {
        caseId,
        postedAt: ist('2026-11-09 10:00'),
        village: { place: 'Kunda', at: ist('2026-11-09 11:00') },
        market: { place: 'Kunda', at: ist('2026-11-09 11:00') },
      },
      ist('2026-11-09 12:00'),
    );
    await scheduleAuction(
      t.prisma,
      a,
      { caseId, at: ist('2026-11-17 11:00'), place: 'Pound', conditions: 'Cash', directionRef: 'DM/1' },
      ist('2026-11-10 10:00'),
    );
  });
  afterAll(() => t?.destroy());

  async function settle<T>(ps: Array<Promise<T>>) {
    const r = await Promise.allSettled(ps);
    const failures = r.filter((x): x is PromiseRejectedResult => x.status === 'rejected').map((x) => x.reason);
    for (const f of failures) expect(f).toBeInstanceOf(Refusal);
    return { ok: r.filter((x) => x.status === 'fulfilled').length, failures: failures as Refusal[] };
  }

  it('one sale, one division, one remittance', async () => {
    const db = t.prisma;
    const bidder = await registerBidder(
      db,
      a,
      { caseId, name: 'Gopal', address: 'Kunda', declarationSigned: true },
      ist('2026-11-17 10:00'),
    );
    const heads = await db.head.findMany({ where: { caseId }, orderBy: { index: 'asc' } });
    const bids = heads.map((h, i) => ({ headId: h.id, bidderId: bidder.bidderId, pricePaise: 100000 + i * 1000 }));
    const at = ist('2026-11-17 12:00');
    const sales = await settle(
      [a, b, a].map((who) =>
        recordSale(db, who, { caseId, bids, saleExpensesPaise: 1000, ownerPresentAndSigned: false }, at),
      ),
    );
    expect(sales.ok).toBe(1);
    expect(await db.sale.count({ where: { auction: { caseId } } })).toBe(2);
    expect(await db.ledgerEntry.count({ where: { caseId, account: 'SALE_PROCEEDS' } })).toBe(1);
    expect(await db.auditEvent.count({ where: { caseId, action: 'S16_SALE_RECORDED' } })).toBe(1);

    const splits = await settle([a, b].map((who) => recordSplit(db, who, caseId, ist('2026-11-17 13:00'))));
    expect(splits.ok).toBe(1);
    const ledger = await db.ledgerEntry.findMany({
      where: { caseId, idempotencyKey: { startsWith: `case:${caseId}:split:` } },
    });
    expect(ledger.reduce((s, e) => s + Number(e.amountPaise), 0)).toBe(201000);
    expect(await db.auditEvent.count({ where: { caseId, action: 'S17_SPLIT_RECORDED' } })).toBe(1);

    const remits = await settle(
      [a, b, b].map((who) => confirmRemittance(db, who, caseId, 'FINES_TO_MAGISTRATE', ist('2026-11-18 10:00'))),
    );
    expect(remits.ok).toBe(1);
    expect(await db.remittance.count({ where: { caseId } })).toBe(1);
    expect(await db.auditEvent.count({ where: { caseId, action: 'S17_REMITTANCE_CONFIRMED' } })).toBe(1);
  });

  it('one further auction for the heads left without a bid, however many officers schedule it at once (s. 14)', async () => {
    const db = t.prisma;
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [
        ['cow', 'red'],
        ['cow', 'black'],
      ],
    }).build();
    await recordNotice(
      db,
      a,
      {
        caseId: c.id,
        postedAt: ist('2026-11-09 10:00'),
        village: { place: 'Kunda', at: ist('2026-11-09 11:00') },
        market: { place: 'Amer Haat', at: ist('2026-11-09 11:00') },
      },
      ist('2026-11-09 12:00'),
    );
    await scheduleAuction(
      db,
      a,
      { caseId: c.id, at: ist('2026-11-17 11:00'), place: 'Pound', conditions: 'Cash', directionRef: 'DM/1' },
      ist('2026-11-10 10:00'),
    );
    const bidder = await registerBidder(
      db,
      a,
      { caseId: c.id, name: 'Gopal', address: 'Kunda', declarationSigned: true },
      ist('2026-11-17 10:00'),
    );
    await recordSale(
      db,
      a,
      {
        caseId: c.id,
        bids: [{ headId: c.heads[0]!.id, bidderId: bidder.bidderId, pricePaise: 150000 }],
        saleExpensesPaise: 0,
        ownerPresentAndSigned: false,
      },
      ist('2026-11-17 12:00'),
    );
    const rounds = await settle(
      [a, b, a, b].map((who) =>
        scheduleAuction(
          db,
          who,
          { caseId: c.id, at: ist('2026-11-25 11:00'), place: 'Pound', conditions: 'Cash', directionRef: 'DM/1' },
          ist('2026-11-18 10:00'),
        ),
      ),
    );
    expect(rounds.ok).toBe(1);
    const auctions = await db.auction.findMany({ where: { caseId: c.id }, orderBy: { round: 'asc' } });
    expect(auctions.map((x) => [x.round, x.status])).toEqual([
      [1, 'COMPLETED'],
      [2, 'SCHEDULED'],
    ]);
    const after = await db.case.findUniqueOrThrow({ where: { id: c.id } });
    expect([after.status, after.currentAuctionId]).toEqual(['AUCTION_SCHEDULED', auctions[1]!.id]);
    expect(await db.auditEvent.count({ where: { caseId: c.id, action: 'S14_AUCTION_SCHEDULED' } })).toBe(2);
  });
});
