import { describe, expect, it } from 'vitest';
import { paiseOf } from '../../../src/db';
import { recordSale } from '../../../src/services/sale';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { flushOutbox } from '../../support/outbox';
import { actorOf, ist } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { inLanguage, lastText, press } from '../../support/press';

// heads left without a bid at a s. 14 auction are still impounded cattle their owner may claim
// under s. 13. Through the real bot: the owner's card says so and offers the claim (not a s. 15 deposit), the
// dues are what the sale money left unpaid plus the feeding since the sale day, the owner pays, the keeper
// confirms and releases, and the sale's s. 17 division follows; every paisa of both is in the ledger.
//
// Seed rates (JAI1): penalty buffalo ₹200, cow ₹100; feeding a day buffalo ₹90, cow ₹70. Impounded 1 Nov 2026.
// Worked out by hand:
//   Auction 17 Nov (17 days, all three heads): fines 2 × 20 000 + 10 000 = 50 000; feeding 17 × (2 × 9 000 +
//   7 000) = 4 25 000. Buffalo A ₹400 + cow ₹150 = 55 000; expenses 20 000. Default order: expenses 20 000,
//   fines 35 000 of 50 000 (15 000 unrecovered), feeding 0 of 4 25 000 (all unrecovered). Buffalo B: no bid.
//   Claim on 20 Nov: 15 000 + 4 25 000 + feeding 18, 19, 20 Nov for buffalo B 3 × 9 000 = 27 000 → 4 67 000.
const PROCEEDS = 55000;
const UNRECOVERED = { fine: 15000, feeding: 425000 };
const SINCE = 3 * 9000;
const DUE = UNRECOVERED.fine + UNRECOVERED.feeding + SINCE;

describe.each(await dbKinds())('s. 13 claim of the heads left unsold at a s. 14 auction (%s)', (dbKind) => {
  const officer: TestUser = { id: 8401, firstName: 'Vikram', languageCode: 'en' };
  const keeper: TestUser = { id: 8402, firstName: 'Suresh', languageCode: 'en' };
  const owner: TestUser = { id: 8404, firstName: 'Ramesh', languageCode: 'hi' };
  let caseId: number;
  let number: string;

  const staff: SuiteStaff[] = [
    [officer, 'OFFICER', ['JAI1'], 'Vikram Singh'],
    [keeper, 'POUND_KEEPER', ['JAI1'], 'Suresh Kumar'],
  ];
  const h = botSuite(
    { dbKind, start: '2026-11-09T10:00:00+05:30', seededAt: ist('2026-11-01 09:00'), staff },
    async (h) => {
      const db = h.deps.db;
      const act = await actorOf(db, officer.id);
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
      const b = { bidderId: (await caseFixture(db, { caseId }).toS14Auction(act).build()).bidders.get('Gopal Meena')! };
      await recordSale(
        db,
        act,
        {
          caseId,
          bids: [
            { headId: c.heads[0]!.id, bidderId: b.bidderId, pricePaise: 40000 },
            { headId: c.heads[2]!.id, bidderId: b.bidderId, pricePaise: 15000 },
          ],
          saleExpensesPaise: 20000,
          ownerPresentAndSigned: false,
        },
        ist('2026-11-17 12:00'),
      );
      expect((await db.case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe('PARTLY_SOLD');
      await h.send(owner, 'नमस्ते');
    },
  );
  const en = inLanguage(h, 'en');
  const hi = inLanguage(h, 'hi');

  it('the owner’s card says the rest may still be claimed (s. 13) and offers the claim, not a s. 15 deposit', async () => {
    h.clock.set('2026-11-20T10:00:00+05:30');
    await h.send(owner, `/case ${number}`);
    const card = h.api.lastTo(owner.id)!;
    expect(card.text).toContain(hi('common:status_s14.PARTLY_SOLD', { count: 1 }));
    expect(card.text).toContain('जिस पशु की बोली नहीं लगी वह कांजी हाउस में ही है');
    // one buffalo of the three got no bid: the singular
    expect(card.text).toContain(hi('owner:next.claim_rest', { count: 1 }));
    expect(card.text).toContain('जिस पशु की बोली नहीं लगी, वह अभी कांजी हाउस में है');
    expect(card.text).not.toContain(hi('owner:next.none'));
    const labels = JSON.stringify(card.payload.reply_markup ?? {});
    expect(labels).toContain(hi('owner:case.claim_button'));
    expect(labels).not.toContain(hi('owner:case.protest_button'));
    // In English too.
    await h.send({ ...owner, id: 8405, languageCode: 'en' }, `/case ${number}`);
    expect(h.api.lastTo(8405)!.text).toContain('The animal left without a bid is still in the pound');
  });

  it('the dues: what the sale money left unpaid plus the feeding since the sale day, computed by the engine', async () => {
    await press(h, owner, hi('owner:case.dues_button'));
    const text = lastText(h, owner);
    expect(text).toContain(hi('owner:dues.after_sale_note', { count: 1, date: '2026-11-17' }));
    expect(text).toContain(
      hi('owner:dues.line_after_sale', {
        date: '2026-11-17',
        term: hi('common:term.Fine'),
        fine: UNRECOVERED.fine,
        feeding: UNRECOVERED.feeding,
      }),
    );
    expect(text).toContain(hi('owner:dues.total', { total: DUE }));
  });

  it('the owner claims and pays; the keeper confirms and releases buffalo B; the sale’s s. 17 division follows; the ledger balances', async () => {
    const db = h.deps.db;
    await press(h, owner, hi('owner:case.claim_button'));
    await press(h, owner, hi('owner:claim.owner_button'));
    await h.send(owner, 'रमेश गुर्जर');
    expect(lastText(h, owner)).toContain(
      hi('owner:pay.choose', { what: hi('owner:pay.what_payment'), number, amount: DUE, section: 'धारा 13' }),
    );
    await press(h, owner, hi('owner:pay.cash_button'));
    await press(h, owner, hi('owner:pay.paid_button', { amount: DUE }));
    const payment = await db.payment.findFirstOrThrow({ where: { caseId } });
    expect([payment.kind, payment.status, paiseOf(payment.amountPaise)]).toEqual(['S13_PAYMENT', 'PENDING', DUE]);
    expect((await db.case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe('PAYMENT_PENDING');

    await flushOutbox(h.deps, h.bot.api);
    const cardToKeeper = h.api
      .sentTo(keeper.id)
      .filter((m) => m.text.includes(number))
      .at(-1)!;
    await h.reply(keeper, cardToKeeper.messageId, 'ok');
    expect((await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe('CONFIRMED');
    await h.send(keeper, `/release ${number}`);
    const c = await db.case.findUniqueOrThrow({
      where: { id: caseId },
      include: { heads: { orderBy: { index: 'asc' } }, releases: true },
    });
    expect(c.heads.map((x) => x.status)).toEqual(['SOLD', 'RELEASED', 'SOLD']);
    expect(c.releases.map((r) => [r.basis, r.headCount])).toEqual([['S13_PAYMENT', 1]]);
    // The sale's account stands; its s. 17 division is next (no cattle remain in the pound).
    expect(c.status).toBe('ACCOUNT_DELIVERED');
    await h.send(officer, `/split ${number}`);
    await press(h, officer, en('officer:split.record_button'));
    expect((await db.case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe('SPLIT_RECORDED');

    const ledger = await db.ledgerEntry.findMany({ where: { caseId } });
    const sum = (pred: (e: (typeof ledger)[number]) => boolean) =>
      ledger.filter(pred).reduce((s, e) => s + paiseOf(e.amountPaise), 0);
    // The sale: the proceeds are divided to the paisa.
    expect(sum((e) => e.account === 'SALE_PROCEEDS')).toBe(PROCEEDS);
    expect(sum((e) => /^case:\d+:(r\d+:)?split:/.test(e.idempotencyKey))).toBe(PROCEEDS);
    // The s. 13 payment: fines to the District Magistrate, feeding to the keeper (s. 17), nothing more, nothing less.
    const claimParts = ledger.filter((e) => /^payment:\d+:split:/.test(e.idempotencyKey));
    expect(sum((e) => e.account === 'OWNER_PAYMENT')).toBe(DUE);
    expect(claimParts.reduce((s, e) => s + paiseOf(e.amountPaise), 0)).toBe(DUE);
    expect(Object.fromEntries(claimParts.map((e) => [e.account, paiseOf(e.amountPaise)]))).toMatchObject({
      DISTRICT_MAGISTRATE: UNRECOVERED.fine,
      POUND_KEEPER: UNRECOVERED.feeding + SINCE,
    });
  });
});
