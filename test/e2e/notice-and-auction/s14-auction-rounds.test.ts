import { describe, expect, it } from 'vitest';
import { formatRupees } from '../../../src/i18n';
import type { StaffActor } from '../../../src/services/staff';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { flushOutbox } from '../../support/outbox';
import { actorOf, fixAuctionFromCard, ist } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { inLanguage, lastText, press, section } from '../../support/press';

// s. 14 with a head nobody bids for, through the real bot: the first auction sells two of three heads,
// the third stays in the pound; a further auction sells it; each auction's s. 16 account and s. 17
// division deduct only what was still owed, and the ledger balances to the paisa across the two. The
// surplus goes to the District Magistrate; the owner who had claimed the case asks for it from the case
// card; the Magistrate's office picks him as the claimant and the receipt reaches him on Telegram.
//
// Seed rates (src/db/seed.ts, JAI1): penalty buffalo ₹200, cow ₹100; feeding a day buffalo ₹90, cow ₹70.
// Impounded 1 Nov 2026 10:00 IST. Worked out by hand:
//   Auction 1, 17 Nov (17 days, all three heads): penalties 2 × 20 000 + 10 000 = 50 000;
//     feeding 17 × (2 × 9 000 + 7 000) = 4 25 000. Buffalo A ₹4,000 + cow ₹1,500 = 5 50 000; expenses 20 000
//     → balance 55 000 to the Magistrate's deposit. Buffalo B: no bid, stays.
//   Auction 2, 25 Nov: buffalo B alone, 18–25 Nov = 8 more days × 9 000 = 72 000; nothing was left
//     unrecovered. Sold ₹1,000; expenses 10 000 → feeding 72 000, balance 18 000.
//   Over both: proceeds 6 50 000 = expenses 30 000 + penalties 50 000 + feeding 4 97 000 + surplus 73 000.
const R1 = { proceeds: 550000, expenses: 20000, penalties: 50000, feeding: 17 * 25000 };
const R1_BALANCE = R1.proceeds - R1.expenses - R1.penalties - R1.feeding;
const R2 = { proceeds: 100000, expenses: 10000, feeding: 8 * 9000 };
const R2_BALANCE = R2.proceeds - R2.expenses - R2.feeding;

describe.each(await dbKinds())('s. 14: a head without a bid goes to a further auction (%s)', (dbKind) => {
  const officer: TestUser = { id: 8301, firstName: 'Vikram', languageCode: 'en' };
  const keeper: TestUser = { id: 8302, firstName: 'Suresh', languageCode: 'en' };
  const magistrate: TestUser = { id: 8303, firstName: 'Meena', languageCode: 'hi' };
  const owner: TestUser = { id: 8304, firstName: 'Ramesh', languageCode: 'hi' };
  const stranger: TestUser = { id: 8305, firstName: 'Kishan', languageCode: 'hi' };
  let act: StaffActor;
  let caseId: number;
  let number: string;
  let headIds: number[];

  const staff: SuiteStaff[] = [
    [officer, 'OFFICER', ['JAI1'], 'Vikram Singh'],
    [keeper, 'POUND_KEEPER', ['JAI1'], 'Suresh Kumar'],
    [magistrate, 'MAGISTRATE', ['JAI1'], 'DM office Jaipur'],
  ];
  const h = botSuite(
    { dbKind, start: '2026-11-09T10:00:00+05:30', seededAt: ist('2026-11-01 09:00'), staff },
    async (h) => {
      const db = h.deps.db;
      act = await actorOf(db, officer.id);
      const c = await caseFixture(db, {
        pound: 'JAI1',
        impoundedAt: '2026-11-01T10:00:00+05:30',
        heads: [
          ['buffalo', 'A, black'],
          ['buffalo', 'B, white patch'],
          ['cow', 'C, brown Rathi'],
        ],
      }).build();
      caseId = c.id;
      number = c.number;
      headIds = c.heads.map((x) => x.id);
      // Ramesh claimed the cattle on day 3 but never paid; the case went on under s. 14.
      await h.send(owner, 'नमस्ते');
      await h.send(stranger, 'नमस्ते');
      await db.claim.create({
        data: {
          caseId,
          kind: 'S13_CLAIM',
          telegramUserId: BigInt(owner.id),
          claimantName: 'Ramesh Gujjar',
          ownerName: 'Ramesh Gujjar',
        },
      });
      // The notice and the first auction are set up with the services (their bot flows are tested elsewhere).
      await caseFixture(db, { caseId }).toS14Auction(act).build();
    },
  );
  const en = inLanguage(h, 'en');
  const hi = inLanguage(h, 'hi');

  it('first auction: buffalo B gets no bid and stays in the pound; the rest are sold and their account drawn up', async () => {
    h.clock.set('2026-11-17T12:00:00+05:30');
    const buyer = en('officer:sale.bidder_button', { n: 1, name: 'Gopal Meena' });
    await h.send(officer, `/sale ${number}`);
    await press(h, officer, buyer);
    await h.send(officer, '4000');
    expect(lastText(h, officer)).toBe(
      en('officer:sale.ask_head', { i: 2, n: 3, cls: en('common:cattle.buffalo'), description: 'B, white patch' }),
    );
    await press(h, officer, en('officer:sale.not_sold_button'));
    await press(h, officer, buyer);
    await h.send(officer, '1500');
    await h.send(officer, '200');
    const preview = lastText(h, officer);
    expect(preview).toContain(en('officer:sale.line_unsold_s14', { i: 2, cls: en('common:cattle.buffalo') }));
    expect(preview).toContain(en('officer:sale.selection_s14_unsold', { unsold: 1 }));
    expect(preview).toContain(formatRupees(R1.penalties + R1.feeding, 'en'));
    await press(h, officer, en('officer:sale.record_button'));
    const out = lastText(h, officer);
    expect(out).toContain(en('officer:sale.recorded', { number }));
    expect(out).toContain(en('officer:account.remaining.POUND', { remaining: 1 }));
    expect(out).toContain(formatRupees(R1_BALANCE, 'en'));
    expect(out).toContain(en('officer:sale.recorded_unsold', { number, unsold: 1 }));

    const db = h.deps.db;
    expect((await db.head.findMany({ where: { caseId }, orderBy: { index: 'asc' } })).map((x) => x.status)).toEqual([
      'SOLD',
      'IMPOUNDED',
      'SOLD',
    ]);
    expect((await db.case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe('PARTLY_SOLD');
    expect(
      Number(
        (await db.ledgerEntry.findUniqueOrThrow({ where: { idempotencyKey: `case:${caseId}:sale:proceeds` } }))
          .amountPaise,
      ),
    ).toBe(R1.proceeds);
    // The division waits until buffalo B is sold or disposed of.
    await h.send(officer, `/split ${number}`);
    expect(lastText(h, officer)).toBe(
      en('refusal:CATTLE_REMAIN', { heads: 1, number, section: section(h, 'en', '14') }),
    );
    expect(await db.ledgerEntry.count({ where: { caseId, account: { not: 'SALE_PROCEEDS' } } })).toBe(0);
  });

  it('the officer schedules a further auction for buffalo B; a bidder whose name is the keeper’s in Devanagari is refused (s. 19)', async () => {
    h.clock.set('2026-11-18T10:00:00+05:30');
    await h.send(officer, `/auction ${number}`);
    expect(lastText(h, officer)).toBe(en('officer:auction.intro_round', { number, heads: 1 }));
    await fixAuctionFromCard(h, officer, 'en', { at: '25.11.2026 11:00' });
    expect(lastText(h, officer)).toBe(
      en('officer:auction.scheduled', {
        number,
        at: ist('2026-11-25 11:00').toISOString(),
        place: 'Amer Pound, Near Tehsil Office, Amer, Jaipur',
      }),
    );
    const db = h.deps.db;
    const rounds = await db.auction.findMany({ where: { caseId }, orderBy: { round: 'asc' } });
    expect(rounds.map((a) => [a.round, a.status])).toEqual([
      [1, 'COMPLETED'],
      [2, 'SCHEDULED'],
    ]);
    const c = await db.case.findUniqueOrThrow({ where: { id: caseId } });
    expect([c.status, c.currentAuctionId]).toEqual(['AUCTION_SCHEDULED', rounds[1]!.id]);
    expect(await db.outboxEntry.count({ where: { jobKey: `case:${caseId}:r2:broadcast:auction` } })).toBe(1);

    await h.send(officer, `/auction ${number}`);
    expect(lastText(h, officer)).toContain(en('officer:auction.card_round_line', { round: 2 }));
    await press(h, officer, en('officer:auction.register_bidder_button'));
    await h.send(officer, 'सुरेश कुमार');
    await h.send(officer, 'आमेर');
    await press(h, officer, en('officer:auction.declaration_signed_button'));
    expect(lastText(h, officer)).toBe(
      en('officer:auction.bidder_refused', { name: 'सुरेश कुमार', section: section(h, 'en', '19') }),
    );
    await press(h, officer, en('officer:auction.register_bidder_button'));
    await h.send(officer, 'Harish Jat');
    await h.send(officer, 'Amer');
    await press(h, officer, en('officer:auction.declaration_signed_button'));
    expect(lastText(h, officer)).toBe(en('officer:auction.bidder_registered', { n: 1, name: 'Harish Jat' }));
    const refused = await db.auditEvent.findFirstOrThrow({ where: { caseId, action: 'S19_BIDDER_REFUSED' } });
    expect((refused.details as { matchedStaffId?: number }).matchedStaffId).toBeGreaterThan(0);
  });

  it('second auction: only what was still owed is deducted; the account counts the heads sold before', async () => {
    h.clock.set('2026-11-25T12:00:00+05:30');
    await h.send(officer, `/sale ${number}`);
    expect(lastText(h, officer)).toBe(
      en('officer:sale.ask_head', { i: 1, n: 1, cls: en('common:cattle.buffalo'), description: 'B, white patch' }),
    );
    await press(h, officer, en('officer:sale.bidder_button', { n: 1, name: 'Harish Jat' }));
    await h.send(officer, '1000');
    await h.send(officer, '100');
    const preview = lastText(h, officer);
    expect(preview).toContain(en('officer:sale.preview_round', { round: 2, carried: 0 }));
    expect(preview).toContain(formatRupees(R2.feeding, 'en'));
    await press(h, officer, en('officer:sale.record_button'));
    const out = lastText(h, officer);
    expect(out).toContain(en('officer:account.round_note', { round: 2, soldEarlier: 2, carried: 0 }));
    expect(out).toContain(formatRupees(R2_BALANCE, 'en'));
    expect(out).toContain(en('officer:sale.next_split', { number }));
    const db = h.deps.db;
    expect((await db.case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe('ACCOUNT_DELIVERED');
    expect((await db.head.findMany({ where: { caseId } })).every((x) => x.status === 'SOLD')).toBe(true);
    expect(
      Number(
        (await db.ledgerEntry.findUniqueOrThrow({ where: { idempotencyKey: `case:${caseId}:r2:sale:proceeds` } }))
          .amountPaise,
      ),
    ).toBe(R2.proceeds);
    expect(Number((await db.sale.findFirstOrThrow({ where: { headId: headIds[1]! } })).pricePaise)).toBe(100000);
  });

  it('the s. 17 division of both auctions balances to the paisa; one remittance per kind covers both', async () => {
    await h.send(officer, `/split ${number}`);
    const preview = lastText(h, officer);
    expect(preview).toContain(en('officer:split.round_header', { round: 1, proceeds: R1.proceeds }));
    expect(preview).toContain(en('officer:split.round_header', { round: 2, proceeds: R2.proceeds }));
    await press(h, officer, en('officer:split.record_button'));
    expect(h.api.sentTo(officer.id).at(-2)!.text).toContain(
      en('officer:split.recorded_surplus', { surplus: R1_BALANCE + R2_BALANCE, holdEnd: '2027-02-25' }),
    );

    const db = h.deps.db;
    const ledger = await db.ledgerEntry.findMany({ where: { caseId } });
    const byKey = Object.fromEntries(
      ledger.map((e) => [e.idempotencyKey.replace(`case:${caseId}:`, ''), Number(e.amountPaise)]),
    );
    expect(byKey).toEqual({
      'sale:proceeds': R1.proceeds,
      'split:SALE_EXPENSES': R1.expenses,
      'split:DISTRICT_MAGISTRATE': R1.penalties,
      'split:POUND_KEEPER': R1.feeding,
      'split:MAGISTRATE_DEPOSIT': R1_BALANCE,
      'r2:sale:proceeds': R2.proceeds,
      'r2:split:SALE_EXPENSES': R2.expenses,
      'r2:split:POUND_KEEPER': R2.feeding,
      'r2:split:MAGISTRATE_DEPOSIT': R2_BALANCE,
    });
    const parts = ledger.filter((e) => e.account !== 'SALE_PROCEEDS').reduce((s, e) => s + Number(e.amountPaise), 0);
    expect(parts).toBe(R1.proceeds + R2.proceeds);
    expect((await db.case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe('SURPLUS_HELD');

    await h.send(officer, `/split ${number}`);
    await press(h, officer, en('officer:split.remit_button', { kind: 'FEEDING_TO_POUND_KEEPER', term: 'penalty' }));
    expect(lastText(h, officer)).toBe(
      en('officer:split.remitted', {
        kind: 'FEEDING_TO_POUND_KEEPER',
        term: 'penalty',
        amount: R1.feeding + R2.feeding,
        number,
      }),
    );
  });

  it('the owner who claimed the case asks for the surplus from the case card; others get no button', async () => {
    h.clock.set('2026-12-01T10:00:00+05:30');
    const label = hi('officer:surplus_owner.request_button');
    await h.send(stranger, `/case ${number}`);
    expect(JSON.stringify(h.api.lastTo(stranger.id)!.payload.reply_markup ?? {})).not.toContain(label);
    await h.send(owner, `/case ${number}`);
    await press(h, owner, label);
    const surplus = R1_BALANCE + R2_BALANCE;
    expect(lastText(h, owner)).toBe(
      hi('officer:surplus_owner.requested', { number, amount: surplus, holdEnd: '2027-02-25' }),
    );
    const db = h.deps.db;
    const req = await db.surplusRequest.findFirstOrThrow({ where: { caseId } });
    expect([req.telegramUserId, req.claimantName]).toEqual([BigInt(owner.id), 'Ramesh Gujjar']);
    // The same (old) button again: nothing new.
    await press(h, owner, label);
    expect(lastText(h, owner)).toBe(
      hi('officer:surplus_owner.already_requested', {
        number,
        at: ist('2026-12-01 10:00').toISOString(),
        holdEnd: '2027-02-25',
      }),
    );
    expect(await db.surplusRequest.count({ where: { caseId } })).toBe(1);
    // The Magistrate's office is told, in the language his Telegram gives (known once he has written to the bot).
    await h.send(magistrate, '/help');
    await flushOutbox(h.deps, h.bot.api);
    expect(lastText(h, magistrate)).toBe(
      hi('officer:surplus.request_to_magistrate', {
        claimant: 'Ramesh Gujjar',
        number,
        amount: surplus,
        holdEnd: '2027-02-25',
        at: ist('2026-12-01 10:00').toISOString(),
      }),
    );
  });

  it('the Magistrate’s office picks the claimant who asked; the receipt is sent to him on Telegram (s. 17)', async () => {
    h.clock.set('2026-12-10T11:00:00+05:30');
    const surplus = R1_BALANCE + R2_BALANCE;
    await h.send(magistrate, `/split ${number}`);
    expect(lastText(h, magistrate)).toContain(hi('officer:surplus.requests_line', { names: 'Ramesh Gujjar' }));
    await press(h, magistrate, hi('officer:surplus.claim_button'));
    expect(lastText(h, magistrate)).toBe(hi('officer:surplus.ask_claimant_pick'));
    await press(
      h,
      magistrate,
      hi('officer:surplus.claimant_button_requested', { name: 'Ramesh Gujjar', date: '2026-12-01' }),
    );
    expect(lastText(h, magistrate)).toBe(hi('officer:surplus.ask_order_ref'));
    await h.send(magistrate, 'DM/JPR/S17/9/2026');
    await press(h, magistrate, hi('officer:button.today'));
    expect(lastText(h, magistrate)).toContain(
      hi('officer:surplus.claimant_on_telegram', { claimant: 'Ramesh Gujjar' }),
    );
    await press(h, magistrate, hi('officer:button.yes_record'));
    const db = h.deps.db;
    const receipt = await db.receipt.findFirstOrThrow({ where: { caseId, kind: 'SURPLUS_CLAIM' } });
    expect([Number(receipt.amountPaise), receipt.issuedToTelegramId]).toEqual([surplus, BigInt(owner.id)]);
    expect(lastText(h, magistrate)).toBe(
      hi('officer:surplus.claimed', { number, amount: surplus, claimant: 'Ramesh Gujjar', receipt: receipt.number }),
    );
    const order = await db.courtOrder.findFirstOrThrow({ where: { caseId, kind: 'SURPLUS_CLAIM' } });
    expect(order.details).toEqual({ claimant: 'Ramesh Gujjar', claimantTelegramId: String(owner.id) });
    await flushOutbox(h.deps, h.bot.api);
    expect(lastText(h, owner)).toBe(
      hi('officer:surplus.to_claimant', {
        number,
        amount: surplus,
        receipt: receipt.number,
        reference: 'DM/JPR/S17/9/2026',
      }),
    );
    // Paid out of the deposit of both auctions, to the paisa.
    expect(
      Number(
        (await db.ledgerEntry.findUniqueOrThrow({ where: { idempotencyKey: `case:${caseId}:surplus:claim` } }))
          .amountPaise,
      ),
    ).toBe(surplus);
    // Once claimed, the owner's card offers no request any more.
    await h.send(owner, `/case ${number}`);
    expect(JSON.stringify(h.api.lastTo(owner.id)!.payload.reply_markup ?? {})).not.toContain(
      hi('officer:surplus_owner.request_button'),
    );
  });
});
