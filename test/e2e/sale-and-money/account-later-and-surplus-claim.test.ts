import { describe, expect, it } from 'vitest';
import { formatRupees } from '../../../src/i18n';
import { scheduleAuction, registerBidder, recordSplit, recordSale } from '../../../src/services/sale';
import type { StaffActor } from '../../../src/services/staff';
import { recordNotice } from '../../../src/services/notice';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { actorOf, ist, soldWithOwnerAway } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { inLanguage, lastText, press, section } from '../../support/press';

// The s. 16 account delivered when the owner comes after the sale, and a surplus claim established
// within the three months (s. 17) — driven through the bot; earlier steps are set up with the services.
describe.each(await dbKinds())('account delivered later; surplus claimed within the hold (%s)', (dbKind) => {
  const officer: TestUser = { id: 8201, firstName: 'Vikram', languageCode: 'en' };
  const magistrate: TestUser = { id: 8202, firstName: 'Meena', languageCode: 'hi' };
  let act: StaffActor;

  const staff: SuiteStaff[] = [
    [officer, 'OFFICER', ['JAI2'], 'Vikram'],
    [magistrate, 'MAGISTRATE', ['JAI2'], 'DM office'],
  ];
  const h = botSuite(
    { dbKind, start: '2026-11-05T10:00:00+05:30', seededAt: ist('2026-11-01 09:00'), staff },
    async (h) => {
      act = await actorOf(h.deps.db, officer.id);
    },
  );
  const en = inLanguage(h, 'en');
  const hi = inLanguage(h, 'hi');

  it('s. 16 sale with the owner away: the remaining goat stays until the owner comes, then account, cattle and balance go to him', async () => {
    const db = h.deps.db;
    const c = await soldWithOwnerAway(db, act, ['white, black ears', 'brown']);
    expect(
      (await db.head.findMany({ where: { caseId: c.id }, orderBy: { index: 'asc' } })).map((x) => x.status),
    ).toEqual(['IMPOUNDED', 'SOLD']);

    // The s. 17 division cannot be recorded before the account is delivered.
    await h.send(officer, `/split ${c.number}`);
    expect(lastText(h, officer)).toBe(
      en('officer:split.not_ready', { number: c.number, status: en('common:status.PARTLY_SOLD') }),
    );

    h.clock.set('2026-11-05T10:00:00+05:30');
    await h.send(officer, `/sale ${c.number}`);
    expect(lastText(h, officer)).toBe(en('officer:sale.pending_delivery', { number: c.number }));
    await press(h, officer, en('officer:sale.deliver_button'));
    const account = lastText(h, officer);
    // Goat penalty ₹40 each (from 1 June 2026), feeding ₹30 a day each from 1 Oct: the sale of 3 Nov
    // covers 2 × 40 + 3 days × 2 × 30 = ₹260; the balance of the ₹4,000 goat is ₹3,740.
    const dues = 2 * 4000 + 3 * 2 * 3000;
    expect(account).toContain(formatRupees(400000 - dues, 'en'));
    expect(account).toContain(en('officer:account.balance_to.OWNER'));
    const receipt = await db.receipt.findFirstOrThrow({ where: { caseId: c.id, kind: 'S16_BALANCE' } });
    expect(Number(receipt.amountPaise)).toBe(400000 - dues);
    expect(account).toContain(receipt.number);
    expect(
      (await db.head.findMany({ where: { caseId: c.id }, orderBy: { index: 'asc' } })).map((x) => x.status),
    ).toEqual(['RELEASED', 'SOLD']);
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('ACCOUNT_DELIVERED');
    // Tapping the old button again delivers nothing twice.
    await press(h, officer, en('officer:sale.deliver_button'));
    expect(lastText(h, officer)).toBe(en('refusal:ALREADY_DONE', { number: c.number }));
    expect(await db.receipt.count({ where: { caseId: c.id } })).toBe(1);
  });

  it('the Magistrate’s office records a claim established within three months: paid with a receipt; then no revenue transfer', async () => {
    const db = h.deps.db;
    const c = await caseFixture(db, {
      pound: 'JAI2',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [['camel', 'brown, nose peg']],
    }).build();
    await recordNotice(
      db,
      act,
      {
        caseId: c.id,
        postedAt: ist('2026-11-09 10:00'),
        village: { place: 'Samod', at: ist('2026-11-09 11:00') },
        market: { place: 'Chomu Mandi', at: ist('2026-11-09 15:00') },
      },
      ist('2026-11-09 16:00'),
    );
    await scheduleAuction(
      db,
      act,
      {
        caseId: c.id,
        at: ist('2026-11-17 11:00'),
        place: 'Chomu Mandi',
        conditions: 'Cash',
        directionRef: 'DM/JPR/12/2026',
      },
      ist('2026-11-10 10:00'),
    );
    const b = await registerBidder(
      db,
      act,
      { caseId: c.id, name: 'Bhanwar Lal', address: 'Samod', declarationSigned: true },
      ist('2026-11-17 10:00'),
    );
    const head = await db.head.findFirstOrThrow({ where: { caseId: c.id } });
    await recordSale(
      db,
      act,
      {
        caseId: c.id,
        bids: [{ headId: head.id, bidderId: b.bidderId, pricePaise: 3000000 }],
        saleExpensesPaise: 50000,
        ownerPresentAndSigned: false,
      },
      ist('2026-11-17 12:00'),
    );
    const split = await recordSplit(db, act, c.id, ist('2026-11-18 10:00'));
    expect(split.holdEnd?.date).toBe('2027-02-18');

    h.clock.set('2027-01-10T11:00:00+05:30');
    await h.send(magistrate, `/split ${c.number}`);
    await press(h, magistrate, hi('officer:surplus.claim_button'));
    await h.send(magistrate, 'रामलाल गुर्जर');
    await h.send(magistrate, 'DM/JPR/S17/3/2027');
    await h.send(magistrate, '32.01.2027');
    expect(lastText(h, magistrate)).toBe(hi('officer:input.bad_date', { input: '32.01.2027' }));
    await press(h, magistrate, hi('officer:button.today'));
    await press(h, magistrate, hi('officer:button.yes_record'));
    const receipt = await db.receipt.findFirstOrThrow({ where: { caseId: c.id, kind: 'SURPLUS_CLAIM' } });
    expect(lastText(h, magistrate)).toBe(
      hi('officer:surplus.claimed', {
        number: c.number,
        amount: split.surplusPaise,
        claimant: 'रामलाल गुर्जर',
        receipt: receipt.number,
      }),
    );
    expect(Number(receipt.amountPaise)).toBe(split.surplusPaise);
    const paid = await db.ledgerEntry.findUniqueOrThrow({ where: { idempotencyKey: `case:${c.id}:surplus:claim` } });
    expect(Number(paid.amountPaise)).toBe(
      Number(
        (await db.ledgerEntry.findUniqueOrThrow({ where: { idempotencyKey: `case:${c.id}:split:MAGISTRATE_DEPOSIT` } }))
          .amountPaise,
      ),
    );
    expect((await db.courtOrder.findFirstOrThrow({ where: { caseId: c.id, kind: 'SURPLUS_CLAIM' } })).reference).toBe(
      'DM/JPR/S17/3/2027',
    );
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('SURPLUS_CLAIMED');

    // The surplus is gone: after the three months nothing turns into revenue.
    h.clock.set('2027-03-01T11:00:00+05:30');
    await h.send(magistrate, `/split ${c.number}`);
    expect(lastText(h, magistrate)).toBe(
      hi('officer:surplus.not_held', { number: c.number, status: hi('common:status.SURPLUS_CLAIMED') }),
    );
    expect(await db.ledgerEntry.count({ where: { caseId: c.id, account: 'GOVERNMENT_REVENUE' } })).toBe(0);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { caseId: c.id, action: 'S17_SURPLUS_CLAIMED' } });
    expect(audit.actorTelegramId).toBe(BigInt(magistrate.id));
    expect(audit.messageId).toBeGreaterThan(0);
    expect(section(h, 'hi', '17')).toBe('धारा 17');
  });
});
