import { describe, expect, it } from 'vitest';
import {
  scheduleAuction,
  registerBidder,
  moneyStatus,
  recordSplit,
  disposeUnderProviso,
  recordSale,
  storedAccountOf,
  requestSurplus,
  surplusClaimants,
} from '../../../src/services/sale';
import type { StaffActor } from '../../../src/services/staff';
import { recordNotice, recordProclamations } from '../../../src/services/notice';
import { recordOrder } from '../../../src/services/orders';
import { dbKinds, suiteDatabase } from '../../support/db';
import { seed } from '../../support/fixtures';
import { actAs, ist, refusal } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';

// Seed rates (src/db/seed.ts): penalty cow ₹100, buffalo ₹200, goat ₹40 a head; feeding a day cow ₹70,
// buffalo ₹90, goat ₹30 (from 1 Oct 2026). Amounts below are worked out by hand.

describe.each(await dbKinds())('s. 14 auction rounds, proclamations and surplus requests on %s', (kind) => {
  let officer: StaffActor;
  let magistrate: StaffActor;
  const t = suiteDatabase(kind, async (db) => {
    await seed(db, ist('2026-11-01 09:00'));
    officer = await actAs(db, 9401, 'OFFICER', ['JAI1'], 'Vikram Singh');
    magistrate = await actAs(db, 9402, 'MAGISTRATE', ['JAI1']);
  });

  /** A JAI1 case impounded 1 Nov 10:00 with its notice complete on 9 Nov and an auction on 17 Nov 11:00. */
  async function noticedCase(heads: Array<[string, string]>) {
    const db = t.prisma;
    const c = await caseFixture(db, { pound: 'JAI1', impoundedAt: '2026-11-01T10:00:00+05:30', heads })
      .toS14Auction(officer, { place: 'Pound', directionRef: 'DM/1' })
      .build();
    return { c, bidder: { bidderId: c.bidders.get('Gopal Meena')! }, heads: c.heads };
  }

  let shortCaseId: number;

  it('what an auction does not recover is deducted at the next one, with the charges since — never twice', async () => {
    const db = t.prisma;
    const { c, bidder, heads } = await noticedCase([
      ['cow', 'one'],
      ['cow', 'two'],
    ]);
    shortCaseId = c.id;
    // Auction 1, 17 Nov: dues 2 × 10 000 + 17 days × 2 × 7 000 = 20 000 + 2 38 000. Cow one sells for ₹1,000;
    // expenses ₹50 → expenses 5 000, penalty 20 000, feeding 75 000 (1 63 000 not recovered); cow two no bid.
    const r1 = await recordSale(
      db,
      officer,
      {
        caseId: c.id,
        bids: [{ headId: heads[0]!.id, bidderId: bidder.bidderId, pricePaise: 100000 }],
        saleExpensesPaise: 5000,
        ownerPresentAndSigned: false,
      },
      ist('2026-11-17 12:00'),
    );
    expect(r1.unsoldHeads).toEqual([2]);
    expect(r1.sale.split.parts.map((p) => [p.kind, p.amountPaise, p.unrecoveredPaise])).toEqual([
      ['sale_expenses', 5000, 0],
      ['fine', 20000, 0],
      ['feeding', 75000, 163000],
      ['security', 0, 0],
      ['balance', 0, 0],
    ]);
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('PARTLY_SOLD');
    expect(await refusal(recordSplit(db, officer, c.id, ist('2026-11-17 13:00')))).toMatchObject({
      code: 'CATTLE_REMAIN',
      section: 's. 14',
    });

    // Auction 2, 20 Nov: cow two alone, 18–20 Nov = 3 days × 7 000 = 21 000 more. Owed: 1 63 000 + 21 000.
    await scheduleAuction(
      db,
      officer,
      { caseId: c.id, at: ist('2026-11-20 11:00'), place: 'Pound', conditions: 'Cash', directionRef: 'DM/1' },
      ist('2026-11-18 10:00'),
    );
    const b2 = await registerBidder(
      db,
      officer,
      { caseId: c.id, name: 'Harish Jat', address: 'Amer', declarationSigned: true },
      ist('2026-11-20 10:00'),
    );
    const r2 = await recordSale(
      db,
      officer,
      {
        caseId: c.id,
        bids: [{ headId: heads[1]!.id, bidderId: b2.bidderId, pricePaise: 300000 }],
        saleExpensesPaise: 3000,
        ownerPresentAndSigned: false,
      },
      ist('2026-11-20 12:00'),
    );
    expect(r2.round).toBe(2);
    expect(r2.sale.target.duesPaise).toBe(163000 + 21000);
    expect(r2.sale.split.parts.map((p) => [p.kind, Number(p.amountPaise)])).toEqual([
      ['sale_expenses', 3000],
      ['fine', 0],
      ['feeding', 184000],
      ['security', 0],
      ['balance', 113000],
    ]);
    expect(r2.sale.account.a_cattleSeized).toBe(2);
    expect(r2.sale.account.remainingCattle).toBe(0);
    const round2 = await db.auction.findUniqueOrThrow({ where: { caseId_round: { caseId: c.id, round: 2 } } });
    const stored = storedAccountOf(round2.account)!;
    expect(stored.inputs.carried).toEqual({ expensesPaise: 0, finePaise: 0, feedingPaise: 163000, securityPaise: 0 });
    expect(stored.inputs.accrued).toEqual({ finePaise: 0, feedingPaise: 21000, securityPaise: 0 });
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('ACCOUNT_DELIVERED');

    const split = await recordSplit(db, officer, c.id, ist('2026-11-20 13:00'));
    expect(split.proceedsPaise).toBe(400000);
    expect(split.surplusPaise).toBe(113000);
    // Feeding deducted over both: cow one 17 days + cow two 20 days at ₹70 — each day once.
    const status = await moneyStatus(db, c.id);
    expect(status.amountOf('POUND_KEEPER')).toBe(37 * 7000);
    expect(status.amountOf('DISTRICT_MAGISTRATE')).toBe(20000);
    expect(status.splitEntries.reduce((s, e) => s + Number(e.amountPaise), 0)).toBe(400000);
    const proceeds = await db.ledgerEntry.findMany({
      where: { caseId: c.id, account: 'SALE_PROCEEDS' },
      orderBy: { id: 'asc' },
    });
    expect(proceeds.map((e) => [e.idempotencyKey, Number(e.amountPaise)])).toEqual([
      [`case:${c.id}:sale:proceeds`, 100000],
      [`case:${c.id}:r2:sale:proceeds`, 300000],
    ]);
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('SURPLUS_HELD');
    expect(await refusal(recordSplit(db, officer, c.id, ist('2026-11-20 14:00')))).toMatchObject({
      code: 'ALREADY_DONE',
    });
  });

  it('s. 14 proviso after a partial auction: the rest are disposed of on the order; the division of what was sold follows', async () => {
    const db = t.prisma;
    const { c, bidder, heads } = await noticedCase([
      ['buffalo', 'big'],
      ['goat', 'old'],
    ]);
    await recordSale(
      db,
      officer,
      {
        caseId: c.id,
        bids: [{ headId: heads[0]!.id, bidderId: bidder.bidderId, pricePaise: 600000 }],
        saleExpensesPaise: 0,
        ownerPresentAndSigned: false,
      },
      ist('2026-11-17 12:00'),
    );
    // Without the Magistrate's order the goat cannot be disposed of otherwise than by auction.
    expect(
      await refusal(
        disposeUnderProviso(db, magistrate, { caseId: c.id, manner: 'to the gaushala' }, ist('2026-11-18 10:00')),
      ),
    ).toMatchObject({ code: 'PROVISO_ORDER_REQUIRED', section: 's. 14' });
    await recordOrder(
      db,
      magistrate,
      {
        caseId: c.id,
        kind: 'PROVISO_DISPOSAL',
        authority: 'MAGISTRATE',
        reference: 'DM/JPR/P/4',
        orderedOn: '2026-11-18',
      },
      ist('2026-11-18 10:00'),
    );
    await disposeUnderProviso(db, magistrate, { caseId: c.id, manner: 'to the gaushala' }, ist('2026-11-18 10:30'));
    expect(
      (await db.head.findMany({ where: { caseId: c.id }, orderBy: { index: 'asc' } })).map((x) => x.status),
    ).toEqual(['SOLD', 'DISPOSED']);
    // No further auction after the disposal.
    expect(
      await refusal(
        scheduleAuction(
          db,
          officer,
          { caseId: c.id, at: ist('2026-11-25 11:00'), place: 'Pound', conditions: 'Cash', directionRef: 'DM/1' },
          ist('2026-11-18 11:00'),
        ),
      ),
    ).toMatchObject({ code: 'REFUSED' });

    // Auction 1 covered: penalties 20 000 + 4 000, feeding 17 × (9 000 + 3 000) = 2 04 000 → surplus 3 72 000.
    const split = await recordSplit(db, officer, c.id, ist('2026-11-18 12:00'));
    expect(split.lines.filter((l) => l.amountPaise > 0)).toEqual([
      { account: 'DISTRICT_MAGISTRATE', section: 's. 17', amountPaise: 24000 },
      { account: 'POUND_KEEPER', section: 's. 17', amountPaise: 204000 },
      { account: 'MAGISTRATE_DEPOSIT', section: 's. 17', amountPaise: 372000 },
    ]);
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('SURPLUS_HELD');
    const actions = (await db.auditEvent.findMany({ where: { caseId: c.id }, orderBy: { id: 'asc' } })).map(
      (e) => e.action,
    );
    expect(actions.slice(-2)).toEqual(['S16_ACCOUNT_DELIVERED', 'S17_SPLIT_RECORDED']);
  });

  it('an auction at which no one bids is adjourned to another day; the whole dues come from the next one', async () => {
    const db = t.prisma;
    const { c } = await noticedCase([['cow', 'thin']]);
    // Before its time the auction stands.
    expect(
      await refusal(
        scheduleAuction(
          db,
          officer,
          { caseId: c.id, at: ist('2026-11-20 11:00'), place: 'Pound', conditions: 'Cash', directionRef: 'DM/1' },
          ist('2026-11-17 10:30'),
        ),
      ),
    ).toMatchObject({ code: 'ALREADY_DONE' });
    // Held, no bid: nothing to record as a sale.
    expect(
      await refusal(
        recordSale(
          db,
          officer,
          { caseId: c.id, bids: [], saleExpensesPaise: 0, ownerPresentAndSigned: false },
          ist('2026-11-17 12:00'),
        ),
      ),
    ).toMatchObject({ code: 'NO_BIDS' });
    const next = await scheduleAuction(
      db,
      officer,
      { caseId: c.id, at: ist('2026-11-20 11:00'), place: 'Amer Haat', conditions: 'Cash', directionRef: 'DM/1' },
      ist('2026-11-17 13:00'),
    );
    expect(next.auction.round).toBe(2);
    const rounds = await db.auction.findMany({ where: { caseId: c.id }, orderBy: { round: 'asc' } });
    expect(rounds.map((a) => [a.round, a.status])).toEqual([
      [1, 'CANCELLED'],
      [2, 'SCHEDULED'],
    ]);
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('AUCTION_SCHEDULED');
    const audit = await db.auditEvent.findFirstOrThrow({
      where: { caseId: c.id, action: 'S14_AUCTION_SCHEDULED' },
      orderBy: { id: 'desc' },
    });
    expect(audit.details).toMatchObject({ round: 2, adjournedAuctionId: rounds[0]!.id, reason: 'no_bids' });
    const b = await registerBidder(
      db,
      officer,
      { caseId: c.id, name: 'Harish Jat', address: 'Amer', declarationSigned: true },
      ist('2026-11-20 10:00'),
    );
    const head = c.heads[0]!;
    // 20 Nov: penalty 10 000 + 20 days × 7 000 = 1 50 000, all owed at this sale (nothing was deducted before).
    const sale = await recordSale(
      db,
      officer,
      {
        caseId: c.id,
        bids: [{ headId: head.id, bidderId: b.bidderId, pricePaise: 200000 }],
        saleExpensesPaise: 0,
        ownerPresentAndSigned: false,
      },
      ist('2026-11-20 12:00'),
    );
    expect(sale.sale.target.duesPaise).toBe(10000 + 20 * 7000);
    expect(sale.sale.split.balancePaise).toBe(200000 - 150000);
    const split = await recordSplit(db, officer, c.id, ist('2026-11-20 13:00'));
    expect(split.rounds.map((r) => [r.round, r.proceedsPaise])).toEqual([[2, 200000]]);
    const keys = (await db.ledgerEntry.findMany({ where: { caseId: c.id }, orderBy: { id: 'asc' } })).map((e) =>
      e.idempotencyKey.replace(`case:${c.id}:`, ''),
    );
    expect(keys).toEqual([
      'r2:sale:proceeds',
      'r2:split:DISTRICT_MAGISTRATE',
      'r2:split:POUND_KEEPER',
      'r2:split:MAGISTRATE_DEPOSIT',
    ]);
  });

  it('the notice counts only once proclaimed in the village and at the market; the posting date stays the notice date', async () => {
    const db = t.prisma;
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [['cow', 'red']],
    }).build();
    const posted = await recordNotice(
      db,
      officer,
      { caseId: c.id, postedAt: ist('2026-11-09 10:00') },
      ist('2026-11-09 10:30'),
    );
    expect(posted.missing).toEqual(['village', 'market']);
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('REPORTED_S14');
    const pending = await refusal(
      scheduleAuction(
        db,
        officer,
        { caseId: c.id, at: ist('2026-11-20 11:00'), place: 'Pound', conditions: 'Cash', directionRef: 'DM/1' },
        ist('2026-11-10 10:00'),
      ),
    );
    expect(pending).toMatchObject({
      code: 'REFUSED',
      section: 's. 14',
      params: { reason: 'PROCLAMATION_PENDING', missing: 'village,market' },
    });

    const village = await recordProclamations(
      db,
      officer,
      { caseId: c.id, village: { place: 'Kunda', at: ist('2026-11-10 09:00') } },
      ist('2026-11-10 10:00'),
    );
    expect(village.missing).toEqual(['market']);
    expect(
      await refusal(
        recordProclamations(
          db,
          officer,
          { caseId: c.id, village: { place: 'Kunda', at: ist('2026-11-10 09:30') } },
          ist('2026-11-10 10:00'),
        ),
      ),
    ).toMatchObject({ code: 'ALREADY_DONE' });
    expect(
      await refusal(
        recordProclamations(
          db,
          officer,
          { caseId: c.id, market: { place: 'Amer Haat', at: ist('2026-11-11 09:00') } },
          ist('2026-11-10 10:00'),
        ),
      ),
    ).toMatchObject({ code: 'TIME_IN_FUTURE' });
    const done = await recordProclamations(
      db,
      officer,
      { caseId: c.id, market: { place: 'Amer Haat', at: ist('2026-11-11 09:00') } },
      ist('2026-11-11 10:00'),
    );
    expect(done.missing).toEqual([]);
    // Seven days from the notice posted on 9 Nov, not from the last proclamation on 11 Nov.
    expect(done.auctionEligible.actionableFrom).toBe('2026-11-17');
    const after = await db.case.findUniqueOrThrow({ where: { id: c.id } });
    expect([after.status, after.noticePostedAt?.toISOString()]).toEqual([
      'NOTICE_POSTED',
      ist('2026-11-09 10:00').toISOString(),
    ]);
    expect(await db.outboxEntry.count({ where: { jobKey: `case:${c.id}:broadcast:notice` } })).toBe(1);
    const n = await db.notice.findUniqueOrThrow({ where: { caseId: c.id } });
    expect([n.proclaimedVillagePlace, n.proclaimedMarketPlace, n.proclaimedWhere]).toEqual([
      'Kunda',
      'Amer Haat',
      'Kunda; Amer Haat',
    ]);
    expect(
      await refusal(
        recordProclamations(
          db,
          officer,
          { caseId: c.id, market: { place: 'Amer Haat', at: ist('2026-11-11 09:00') } },
          ist('2026-11-11 11:00'),
        ),
      ),
    ).toMatchObject({ code: 'ALREADY_DONE' });
  });

  it('only someone who claimed the case may ask for the surplus, once, and only while it is held (s. 17)', async () => {
    const db = t.prisma;
    const claimant = 9410n;
    const stranger = 9411n;
    const owner = 9412n;
    for (const id of [claimant, stranger, owner]) await db.telegramUser.create({ data: { id } });
    await db.claim.create({
      data: {
        caseId: shortCaseId,
        kind: 'S13_CLAIM',
        telegramUserId: claimant,
        claimantName: 'Bhanwar Lal (agent)',
        isAgent: true,
        ownerName: 'Mangi Lal',
      },
    });
    await db.case.update({ where: { id: shortCaseId }, data: { ownerTelegramId: owner, ownerName: 'Mangi Lal' } });
    const at = ist('2026-12-01 10:00');
    const ask = (id: bigint, when = at) =>
      requestSurplus(db, { caseId: shortCaseId, telegramUserId: id, chatId: Number(id), messageId: 5 }, when);

    expect(await refusal(ask(stranger))).toMatchObject({ code: 'NOT_A_CLAIMANT', section: 's. 17' });
    const r = await ask(claimant);
    expect([r.amountPaise, r.holdEnd.date, r.claimant]).toEqual([113000, '2027-02-20', 'Bhanwar Lal (agent)']);
    expect(await refusal(ask(claimant))).toMatchObject({ code: 'ALREADY_DONE' });
    const told = await db.outboxEntry.findMany({
      where: { jobKey: { startsWith: `case:${shortCaseId}:surplus-request:` } },
    });
    expect(told.map((o) => (o.payload as { chatId: string }).chatId)).toEqual([String(magistrate.telegramId)]);
    const audit = await db.auditEvent.findFirstOrThrow({
      where: { caseId: shortCaseId, action: 'S17_SURPLUS_REQUESTED' },
    });
    expect([audit.actorTelegramId, audit.actorRole, audit.messageId]).toEqual([claimant, 'owner', 5]);
    // Whoever asked comes first, then the owner on the register.
    expect((await surplusClaimants(db, shortCaseId)).map((x) => [x.telegramUserId, x.requestedAt !== null])).toEqual([
      [claimant, true],
      [owner, false],
    ]);
    // The hold (from the division on 20 Nov) ends with 20 Feb 2027: after it, nothing can be asked.
    expect(await refusal(ask(owner, ist('2027-02-21 09:00')))).toMatchObject({ code: 'SURPLUS_NOT_HELD' });
    expect(await db.surplusRequest.count({ where: { caseId: shortCaseId } })).toBe(1);
  });
});
