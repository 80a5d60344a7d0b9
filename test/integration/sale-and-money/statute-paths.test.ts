import { describe, expect, it } from 'vitest';
import {
  recordSale,
  deliverAccount,
  scheduleAuction,
  registerBidder,
  normaliseName,
  confirmRemittance,
  recordSplit,
  claimSurplus,
  surplusToRevenue,
  surplusesHeld,
  disposeUnderProviso,
} from '../../../src/services/sale';
import { recordNotice } from '../../../src/services/notice';
import { recordOwnerRefusal } from '../../../src/services/owner-refusal';
import { recordOrder } from '../../../src/services/orders';
import { recordDepositOutcome } from '../../../src/services/deposit-outcome';
import type { StaffActor } from '../../../src/services/staff';
import { createConfig } from '../../../src/config';
import { dbKinds, suiteDatabase } from '../../support/db';
import { seed } from '../../support/fixtures';
import { actAs, ist, refusal } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { payCase } from '../../support/paid-case';

// Seed rates (src/db/seed.ts, illustrative): from 1 June 2026 penalty per head buffalo ₹200, cow ₹100;
// feeding from 1 Oct 2026 per head per day buffalo ₹90, cow ₹70. The expected amounts below are worked
// out by hand from those rates, independently of the engine.
const PENALTY = { buffalo: 20000, cow: 10000 };
const FEEDING = { buffalo: 9000, cow: 7000 };
const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST' });

describe.each(await dbKinds())('staff B services on %s', (kind) => {
  let officer: StaffActor;
  let magistrate: StaffActor;
  let otherOfficer: StaffActor;
  let keeper: StaffActor;
  const t = suiteDatabase(kind, async (db) => {
    await seed(db, ist('2026-11-01 09:00'));
    officer = await actAs(db, 9101, 'OFFICER', ['JAI1'], 'Vikram Singh Rathore');
    magistrate = await actAs(db, 9102, 'MAGISTRATE', ['JAI1', 'JAI2']);
    otherOfficer = await actAs(db, 9103, 'OFFICER', ['JAI2']);
    keeper = await actAs(db, 9104, 'POUND_KEEPER', ['JAI1'], 'Shri Suresh Kumar');
  });

  it('s. 14 path: notice, early auction refused, staff bidder refused, sale of all, balanced s. 17 split, surplus held 3 months', async () => {
    const db = t.prisma;
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [
        ['buffalo', 'black, curved horns'],
        ['buffalo', 'white patch'],
        ['cow', 'brown Rathi'],
      ],
    }).build();
    // The claim period runs to the end of 8 Nov: a notice "posted" on 8 Nov is refused (s. 14).
    const early = await refusal(
      recordNotice(
        db,
        officer,
        {
          caseId: c.id,
          postedAt: ist('2026-11-08 11:00'),
          village: { place: 'Kunda', at: ist('2026-11-08 12:00') },
          market: { place: 'Amer Haat', at: ist('2026-11-08 12:00') },
        },
        ist('2026-11-08 13:00'),
      ),
    );
    expect(early.section).toBe('s. 14');
    expect(
      await refusal(
        recordNotice(
          db,
          otherOfficer,
          {
            caseId: c.id,
            postedAt: ist('2026-11-09 11:00'),
            village: { place: 'x', at: ist('2026-11-09 11:00') },
            market: { place: 'x', at: ist('2026-11-09 11:00') },
          },
          ist('2026-11-09 13:00'),
        ),
      ),
    ).toMatchObject({ code: 'WRONG_POUND' });

    const n = await recordNotice(
      db,
      officer,
      {
        caseId: c.id,
        postedAt: ist('2026-11-09 11:00'),
        village: { place: 'Kunda', at: ist('2026-11-09 12:00') },
        market: { place: 'Amer Haat', at: ist('2026-11-09 16:00') },
      },
      ist('2026-11-09 17:00'),
    );
    expect(n.auctionEligible.actionableFrom).toBe('2026-11-17');
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('NOTICE_POSTED');
    expect(await db.outboxEntry.count({ where: { jobKey: `case:${c.id}:broadcast:notice` } })).toBe(1);

    const tooSoon = await refusal(
      scheduleAuction(
        db,
        officer,
        {
          caseId: c.id,
          at: ist('2026-11-16 11:00'),
          place: 'Amer Pound yard',
          conditions: 'Cash',
          directionRef: 'DM/JPR/12/2026',
        },
        ist('2026-11-10 10:00'),
      ),
    );
    expect(tooSoon).toMatchObject({ code: 'REFUSED', section: 's. 14' });
    expect(tooSoon.params.reason).toBe('SALE_BEFORE_AUCTION_ELIGIBLE');
    await scheduleAuction(
      db,
      officer,
      {
        caseId: c.id,
        at: ist('2026-11-17 11:00'),
        place: 'Amer Pound yard',
        conditions: 'Cash on the fall of the hammer',
        directionRef: 'DM/JPR/12/2026',
      },
      ist('2026-11-10 10:00'),
    );

    const staffBidder = await registerBidder(
      db,
      officer,
      { caseId: c.id, name: 'suresh  KUMAR', address: 'Amer', declarationSigned: true },
      ist('2026-11-17 10:30'),
    );
    expect(staffBidder.refused).toBe(true);
    expect(
      await refusal(
        registerBidder(
          db,
          officer,
          { caseId: c.id, name: 'Gopal', address: 'Amer', declarationSigned: false },
          ist('2026-11-17 10:30'),
        ),
      ),
    ).toMatchObject({ code: 'DECLARATION_REQUIRED', section: 's. 19' });
    const b1 = await registerBidder(
      db,
      officer,
      { caseId: c.id, name: 'Gopal Meena', address: 'Kunda', declarationSigned: true },
      ist('2026-11-17 10:31'),
    );
    const b2 = await registerBidder(
      db,
      officer,
      { caseId: c.id, name: 'Harish Jat', address: 'Amer', declarationSigned: true },
      ist('2026-11-17 10:32'),
    );
    expect([b1.number, b2.number, b1.refused]).toEqual([1, 2, false]);

    const [h1, h2, h3] = c.heads;
    // A refused (staff) bidder can never be a buyer (s. 19).
    expect(
      await refusal(
        recordSale(
          db,
          officer,
          {
            caseId: c.id,
            bids: [
              { headId: h1!.id, bidderId: staffBidder.bidderId, pricePaise: 300000 },
              { headId: h2!.id, bidderId: b1.bidderId, pricePaise: 250000 },
              { headId: h3!.id, bidderId: b2.bidderId, pricePaise: 150000 },
            ],
            saleExpensesPaise: 20000,
            ownerPresentAndSigned: false,
          },
          ist('2026-11-17 12:00'),
        ),
      ),
    ).toMatchObject({ code: 'BIDDER_IS_STAFF', section: 's. 19' });
    const out = await recordSale(
      db,
      officer,
      {
        caseId: c.id,
        bids: [
          { headId: h1!.id, bidderId: b1.bidderId, pricePaise: 300000 },
          { headId: h2!.id, bidderId: b1.bidderId, pricePaise: 250000 },
          { headId: h3!.id, bidderId: b2.bidderId, pricePaise: 150000 },
        ],
        saleExpensesPaise: 20000,
        ownerPresentAndSigned: false,
      },
      ist('2026-11-17 12:00'),
    );
    const days = 17; // 1 Nov to 17 Nov, both counted
    const fine = 2 * PENALTY.buffalo + PENALTY.cow;
    const feeding = days * (2 * FEEDING.buffalo + FEEDING.cow);
    expect(out.sale.account.c_finesAndCharges).toMatchObject({
      finePaise: fine,
      feedingPaise: feeding,
      term: 'penalty',
    });
    expect(out.sale.account.e_proceedsPaise).toBe(700000);
    expect(out.delivered?.account.balanceTo).toBe('MAGISTRATE_DEPOSIT');
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('ACCOUNT_DELIVERED');

    const split = await recordSplit(db, officer, c.id, ist('2026-11-18 10:00'));
    const ledger = await db.ledgerEntry.findMany({
      where: { caseId: c.id, idempotencyKey: { startsWith: `case:${c.id}:split:` } },
    });
    const byAccount = Object.fromEntries(ledger.map((e) => [e.account, Number(e.amountPaise)]));
    expect(byAccount).toEqual({
      SALE_EXPENSES: 20000,
      DISTRICT_MAGISTRATE: fine,
      POUND_KEEPER: feeding,
      MAGISTRATE_DEPOSIT: 700000 - 20000 - fine - feeding,
    });
    expect(ledger.reduce((s, e) => s + Number(e.amountPaise), 0)).toBe(700000);
    expect(split.holdEnd?.date).toBe('2027-02-18');
    expect(await refusal(recordSplit(db, officer, c.id, ist('2026-11-18 10:05')))).toMatchObject({
      code: 'ALREADY_DONE',
    });

    await confirmRemittance(db, officer, c.id, 'FINES_TO_MAGISTRATE', ist('2026-11-19 10:00'));
    expect(
      await refusal(confirmRemittance(db, officer, c.id, 'FINES_TO_MAGISTRATE', ist('2026-11-19 10:01'))),
    ).toMatchObject({ code: 'ALREADY_DONE' });
    expect(
      await refusal(confirmRemittance(db, officer, c.id, 'SECURITY_TO_MAGISTRATE', ist('2026-11-19 10:01'))),
    ).toMatchObject({ code: 'NOTHING_TO_REMIT' });

    const held = await surplusesHeld(db, magistrate.grants[0]!.poundIds);
    expect(Number(held.find((s) => s.caseId === c.id)?.amountPaise)).toBe(byAccount.MAGISTRATE_DEPOSIT);
    // Not Government revenue before the 3 months end (s. 17) ...
    const running = await refusal(surplusToRevenue(db, magistrate, c.id, ist('2027-02-18 23:00')));
    expect(running).toMatchObject({ code: 'REFUSED', section: 's. 17' });
    // ... nor can an officer do it.
    expect(await refusal(surplusToRevenue(db, officer, c.id, ist('2027-02-19 09:00')))).toMatchObject({
      code: 'NOT_ALLOWED',
    });
    await surplusToRevenue(db, magistrate, c.id, ist('2027-02-19 00:00'));
    const revenue = await db.ledgerEntry.findUniqueOrThrow({
      where: { idempotencyKey: `case:${c.id}:surplus:revenue` },
    });
    expect(Number(revenue.amountPaise)).toBe(byAccount.MAGISTRATE_DEPOSIT);
    expect(
      await refusal(
        claimSurplus(
          db,
          magistrate,
          { caseId: c.id, claimantName: 'Late owner', orderReference: 'DM/1', orderedOn: '2027-02-19' },
          ist('2027-02-19 10:00'),
        ),
      ),
    ).toMatchObject({ code: 'REFUSED' });
  });

  it('s. 16 path: mixed herd, only as many sold as necessary, remaining cattle and balance to the owner', async () => {
    const db = t.prisma;
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [
        ['buffalo', 'A'],
        ['buffalo', 'B'],
        ['cow', 'C'],
      ],
      ownerTelegramId: 777001n,
    }).build();
    await recordOwnerRefusal(db, officer, c.id, ist('2026-11-03 10:00'), { name: 'Ramesh Gujjar' });
    await scheduleAuction(
      db,
      officer,
      {
        caseId: c.id,
        at: ist('2026-11-04 15:00'),
        place: 'Pound yard',
        conditions: 'Cash',
        directionRef: 'DM/JPR/12/2026',
      },
      ist('2026-11-04 10:05'),
    );
    const b = await registerBidder(
      db,
      officer,
      { caseId: c.id, name: 'Gopal Meena', address: 'Kunda', declarationSigned: true },
      ist('2026-11-04 14:55'),
    );
    const [hA, hB, hC] = c.heads;
    const out = await recordSale(
      db,
      officer,
      {
        caseId: c.id,
        bids: [
          { headId: hA!.id, bidderId: b.bidderId, pricePaise: 300000 },
          { headId: hB!.id, bidderId: b.bidderId, pricePaise: 250000 },
          { headId: hC!.id, bidderId: b.bidderId, pricePaise: 150000 },
        ],
        saleExpensesPaise: 10000,
        ownerPresentAndSigned: true,
      },
      ist('2026-11-04 15:30'),
    );
    const dues = 2 * PENALTY.buffalo + PENALTY.cow + 4 * (2 * FEEDING.buffalo + FEEDING.cow);
    // One head covers dues + expenses; the cheapest such head (buffalo B) is sold.
    expect(out.sale.sold.heads).toBe(1);
    const heads = await db.head.findMany({ where: { caseId: c.id }, orderBy: { index: 'asc' } });
    expect(heads.map((h) => h.status)).toEqual(['RELEASED', 'SOLD', 'RELEASED']);
    expect(out.delivered?.account.balancePaise).toBe(250000 - 10000 - dues);
    expect(out.delivered?.account.balanceTo).toBe('OWNER');
    const release = await db.release.findFirstOrThrow({ where: { caseId: c.id } });
    expect([release.basis, release.headCount]).toEqual(['S16_REMAINING', 2]);
    expect(
      await db.receipt.count({ where: { caseId: c.id, kind: 'S16_BALANCE', amountPaise: 250000 - 10000 - dues } }),
    ).toBe(1);
    expect(await db.outboxEntry.count({ where: { jobKey: `case:${c.id}:s16-account:777001` } })).toBe(1);
    await recordSplit(db, officer, c.id, ist('2026-11-04 16:00'));
    const ledger = await db.ledgerEntry.findMany({
      where: { caseId: c.id, idempotencyKey: { startsWith: `case:${c.id}:split:` } },
    });
    expect(ledger.reduce((s, e) => s + Number(e.amountPaise), 0)).toBe(250000);
    expect(Number(ledger.find((e) => e.account === 'OWNER_BALANCE')?.amountPaise)).toBe(250000 - 10000 - dues);
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('SPLIT_RECORDED');
  });

  it('s. 16 path with the owner absent: the account waits for the owner; a sale that does not cover the dues', async () => {
    const db = t.prisma;
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [['cow', 'old cow']],
    }).build();
    await recordOwnerRefusal(db, officer, c.id, ist('2026-11-01 12:00'), { name: 'Ramesh Gujjar' });
    await scheduleAuction(
      db,
      officer,
      {
        caseId: c.id,
        at: ist('2026-11-02 15:00'),
        place: 'Pound yard',
        conditions: 'Cash',
        directionRef: 'DM/JPR/12/2026',
      },
      ist('2026-11-02 10:05'),
    );
    const b = await registerBidder(
      db,
      officer,
      { caseId: c.id, name: 'Harish', address: 'Amer', declarationSigned: true },
      ist('2026-11-02 14:00'),
    );
    const out = await recordSale(
      db,
      officer,
      {
        caseId: c.id,
        bids: [{ headId: c.heads[0]!.id, bidderId: b.bidderId, pricePaise: 12000 }],
        saleExpensesPaise: 5000,
        ownerPresentAndSigned: false,
      },
      ist('2026-11-02 15:10'),
    );
    expect(out.delivered).toBeNull();
    expect(out.sale.covered).toBe(false);
    expect(await refusal(recordSplit(db, officer, c.id, ist('2026-11-02 16:00')))).toMatchObject({
      code: 'ACCOUNT_NOT_DELIVERED',
    });
    const acc = await deliverAccount(db, officer, c.id, ist('2026-11-03 11:00'));
    expect(acc.account.balancePaise).toBe(0);
    await recordSplit(db, officer, c.id, ist('2026-11-03 11:05'));
    const ledger = await db.ledgerEntry.findMany({
      where: { caseId: c.id, idempotencyKey: { startsWith: `case:${c.id}:split:` } },
    });
    // Expenses first (₹50), then the penalty (₹100) — nothing is left for feeding.
    expect(Object.fromEntries(ledger.map((e) => [e.account, Number(e.amountPaise)]))).toEqual({
      SALE_EXPENSES: 5000,
      DISTRICT_MAGISTRATE: 7000,
    });
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('SPLIT_RECORDED');
  });

  it('s. 14 proviso: refused without a Magistrate order, allowed with one; only the Magistrate records orders', async () => {
    const db = t.prisma;
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [['ass', 'lame donkey']],
    }).build();
    await recordNotice(
      db,
      officer,
      {
        caseId: c.id,
        postedAt: ist('2026-11-09 11:00'),
        village: { place: 'Kunda', at: ist('2026-11-09 12:00') },
        market: { place: 'Kunda', at: ist('2026-11-09 12:00') },
      },
      ist('2026-11-09 12:30'),
    );
    expect(
      await refusal(
        disposeUnderProviso(db, magistrate, { caseId: c.id, manner: 'to the gaushala' }, ist('2026-11-17 10:00')),
      ),
    ).toMatchObject({ code: 'PROVISO_ORDER_REQUIRED', section: 's. 14' });
    expect(
      await refusal(
        recordOrder(
          db,
          officer,
          {
            caseId: c.id,
            kind: 'PROVISO_DISPOSAL',
            authority: 'MAGISTRATE',
            reference: 'DM/9',
            orderedOn: '2026-11-16',
          },
          ist('2026-11-17 10:00'),
        ),
      ),
    ).toMatchObject({ code: 'NOT_ALLOWED' });
    expect(
      await refusal(
        recordOrder(
          db,
          magistrate,
          {
            caseId: c.id,
            kind: 'PROVISO_DISPOSAL',
            authority: 'MAGISTRATE',
            reference: 'DM/9',
            orderedOn: '2026-11-18',
          },
          ist('2026-11-17 10:00'),
        ),
      ),
    ).toMatchObject({ code: 'ORDER_DATE_INVALID' });
    const o = await recordOrder(
      db,
      magistrate,
      { caseId: c.id, kind: 'PROVISO_DISPOSAL', authority: 'MAGISTRATE', reference: 'DM/9', orderedOn: '2026-11-16' },
      ist('2026-11-17 10:00'),
    );
    expect(
      (
        await recordOrder(
          db,
          magistrate,
          {
            caseId: c.id,
            kind: 'PROVISO_DISPOSAL',
            authority: 'MAGISTRATE',
            reference: 'DM/9',
            orderedOn: '2026-11-16',
          },
          ist('2026-11-17 10:01'),
        )
      ).created,
    ).toBe(false);
    const d = await disposeUnderProviso(
      db,
      magistrate,
      { caseId: c.id, manner: 'to the gaushala', orderId: o.order.id },
      ist('2026-11-17 10:05'),
    );
    expect(d.heads).toBe(1);
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('DISPOSED_PROVISO');
  });

  it('s. 15 deposit applied on the Magistrate’s outcome: ledger parts add up to the deposit; a second outcome is refused', async () => {
    const db = t.prisma;
    const owner = 777002n;
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [['cow', 'brown']],
    }).build();
    // Deposited under protest on 2 Nov: the cow's penalty and two days' feeding, ₹100 + 2 × ₹70.
    const deposit = await payCase(db, c.id, {
      owner: { id: owner, name: 'Ramesh' },
      section: 's15',
      at: ist('2026-11-02 10:00'),
      confirmedAt: ist('2026-11-02 10:10'),
      releasedAt: ist('2026-11-02 10:15'),
      config,
      confirmedBy: keeper,
    });
    expect(deposit.amountPaise).toBe(PENALTY.cow + 2 * FEEDING.cow);
    await recordDepositOutcome(
      db,
      magistrate,
      { caseId: c.id, outcome: 'apply', orderReference: 'DM/S20/4' },
      ist('2026-11-20 10:00'),
    );
    const ledger = await db.ledgerEntry.findMany({ where: { caseId: c.id } });
    // The deposit as the keeper's confirmation booked it, and its parts applied: penalty to the Magistrate, feeding to
    // the keeper.
    expect(Object.fromEntries(ledger.map((e) => [e.account, Number(e.amountPaise)]))).toEqual({
      OWNER_DEPOSIT: 24000,
      DISTRICT_MAGISTRATE: 10000,
      POUND_KEEPER: 14000,
    });
    expect(await db.outboxEntry.count({ where: { jobKey: `case:${c.id}:deposit-outcome:${owner}` } })).toBe(1);
    expect(
      await refusal(
        recordDepositOutcome(
          db,
          magistrate,
          { caseId: c.id, outcome: 'refund', orderReference: 'DM/S20/5' },
          ist('2026-11-20 11:00'),
        ),
      ),
    ).toMatchObject({ code: 'REFUSED' });
  });

  it('normalises names for the s. 19 identity check', () => {
    expect(normaliseName('Shri Suresh  Kumar')).toBe(normaliseName('kumar, suresh'));
    expect(normaliseName('श्री सुरेश कुमार')).toBe(normaliseName('सुरेश कुमार'));
    expect(normaliseName('Suresh Kumar')).not.toBe(normaliseName('Suresh Kumari'));
  });
});
