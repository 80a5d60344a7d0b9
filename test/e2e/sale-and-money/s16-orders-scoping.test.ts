import { describe, expect, it } from 'vitest';
import { formatRupees } from '../../../src/i18n';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { fixAuctionFromCard, ist } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { keeperActor, payCase } from '../../support/paid-case';
import { buttonData, inLanguage, lastText, press, section } from '../../support/press';

// s. 16 (owner appeared and refused to pay): only as many head as necessary are sold, the rest and the
// balance go back to the owner with the account; a s. 14 sale that does not cover the dues; the s. 14
// proviso needs a Magistrate's order; the s. 15 deposit outcome; role and pound scoping; forged buttons.

// Seed rates (src/db/seed.ts): penalty buffalo ₹200, cow ₹100; feeding per day buffalo ₹90, cow ₹70.
const PENALTY = { buffalo: 20000, cow: 10000 };
const FEED = { buffalo: 9000, cow: 7000 };

describe.each(await dbKinds())('s. 16 sale, orders and scoping through the bot (%s)', (dbKind) => {
  const officer: TestUser = { id: 8101, firstName: 'Rakesh', languageCode: 'hi' };
  const keeperOther: TestUser = { id: 8102, firstName: 'Kailash', languageCode: 'en' };
  const magistrate: TestUser = { id: 8103, firstName: 'Meena', languageCode: 'en' };
  const owner: TestUser = { id: 8104, firstName: 'Ramesh', languageCode: 'hi' };
  const officerOther: TestUser = { id: 8105, firstName: 'Anil', languageCode: 'en' };

  const staff: SuiteStaff[] = [
    [officer, 'OFFICER', ['JAI1'], 'Rakesh Yadav'],
    [keeperOther, 'POUND_KEEPER', ['JAI2'], 'Kailash Chand'],
    [magistrate, 'MAGISTRATE', ['JAI1', 'JAI2'], 'DM office'],
    [officerOther, 'OFFICER', ['JAI2'], 'Anil Sharma'],
  ];
  const h = botSuite(
    { dbKind, start: '2026-11-04T10:00:00+05:30', jobs: true, seededAt: ist('2026-11-01 09:00'), staff },
    async (h) => {
      await h.send(owner, 'नमस्ते');
    },
  );
  const en = inLanguage(h, 'en');
  const hi = inLanguage(h, 'hi');

  it('mixed herd on the s. 16 path: the cheapest sufficient head is sold, the rest and the balance go to the owner with the account', async () => {
    const db = h.deps.db;
    // The owner refused on 3 Nov; the s. 16 sale may be held from the next day (src/law s16SaleEligible).
    h.clock.set('2026-11-03T10:00:00+05:30');
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [
        ['buffalo', 'A, black'],
        ['buffalo', 'B, grey'],
        ['cow', 'C, brown'],
      ],
      ownerTelegramId: BigInt(owner.id),
    }).build();
    // No notice yet: an auction is refused under s. 14 ...
    await h.send(officer, `/auction ${c.number}`);
    expect(lastText(h, officer)).toBe(
      hi('refusal:NOTICE_NOT_POSTED', { section: section(h, 'hi', '14'), number: c.number }),
    );
    // ... until the owner's refusal to pay is recorded (s. 16).
    await press(h, officer, hi('officer:auction.refusal_button'));
    await h.send(officer, 'रमेश गुर्जर');
    await press(h, officer, hi('officer:button.yes_record'));
    expect(lastText(h, officer)).toBe(
      hi('officer:auction.refusal_recorded', { at: ist('2026-11-03 10:00').toISOString() }),
    );
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).ownerRefusedAt?.toISOString()).toBe(
      ist('2026-11-03 10:00').toISOString(),
    );
    h.clock.set('2026-11-04T10:00:00+05:30');
    await press(h, officer, hi('officer:auction.schedule_button'));
    await h.send(officer, '04.11.2026 15:00');
    await h.send(officer, 'कांजी हाउस प्रांगण, आमेर');
    await h.send(officer, 'बोली छूटते ही नकद भुगतान');
    await h.send(officer, 'DM/JPR/Pound/12/2026');
    await press(h, officer, hi('officer:button.record'));
    expect(lastText(h, officer)).toBe(
      hi('officer:auction.scheduled', {
        number: c.number,
        at: ist('2026-11-04 15:00').toISOString(),
        place: 'कांजी हाउस प्रांगण, आमेर',
      }),
    );
    await h.send(officer, `/auction ${c.number}`);
    await press(h, officer, hi('officer:auction.register_bidder_button'));
    await h.send(officer, 'गोपाल मीणा');
    await h.send(officer, 'कुंडा, जयपुर');
    await press(h, officer, hi('officer:auction.declaration_signed_button'));

    // Results cannot be recorded before the auction's time.
    await h.send(officer, `/sale ${c.number}`);
    expect(lastText(h, officer)).toBe(
      hi('refusal:AUCTION_NOT_YET', {
        number: c.number,
        at: ist('2026-11-04 15:00').toISOString(),
        section: section(h, 'hi', '14'),
      }),
    );

    h.clock.set('2026-11-04T15:30:00+05:30');
    await h.send(officer, `/sale ${c.number}`);
    for (const price of ['3,000', '२५००', '1500']) {
      await press(h, officer, hi('officer:sale.bidder_button', { n: 1, name: 'गोपाल मीणा' }));
      await h.send(officer, price);
    }
    await h.send(officer, '100');
    expect(lastText(h, officer)).toBe(hi('officer:sale.ask_owner'));
    await press(h, officer, hi('officer:sale.owner_present_button'));
    const preview = lastText(h, officer);
    const dues = 2 * PENALTY.buffalo + PENALTY.cow + 4 * (2 * FEED.buffalo + FEED.cow);
    expect(preview).toContain(hi('officer:sale.selection_s16', { target: dues + 10000 }));
    expect(preview).toContain(hi('officer:sale.line_kept', { i: 1, cls: hi('common:cattle.buffalo'), price: 300000 }));
    await press(h, officer, hi('officer:sale.record_button'));
    const account = lastText(h, officer);
    const balance = 250000 - 10000 - dues;
    expect(account).toContain(formatRupees(balance, 'hi'));
    expect(account).toContain(hi('officer:account.balance_to.OWNER'));

    const heads = await db.head.findMany({ where: { caseId: c.id }, orderBy: { index: 'asc' } });
    expect(heads.map((x) => x.status)).toEqual(['RELEASED', 'SOLD', 'RELEASED']);
    const release = await db.release.findFirstOrThrow({ where: { caseId: c.id } });
    expect([release.basis, release.headCount]).toEqual(['S16_REMAINING', 2]);
    const receipt = await db.receipt.findFirstOrThrow({ where: { caseId: c.id, kind: 'S16_BALANCE' } });
    expect(Number(receipt.amountPaise)).toBe(balance);
    expect(account).toContain(receipt.number);

    // The owner gets the account (a)–(f) in Hindi.
    // The account leaves through the jobs runtime (dispatcher → BullMQ → rate-limited sender).
    await h.drain();
    expect(
      (
        await db.delivery.findUniqueOrThrow({
          where: {
            messageKey_telegramUserId: {
              messageKey: `case:${c.id}:s16-account:${owner.id}`,
              telegramUserId: BigInt(owner.id),
            },
          },
        })
      ).status,
    ).toBe('SENT');
    // The account in the chat, and the same account as a PDF (docs: documents:caption.account).
    const toOwnerAll = h.api.sentTo(owner.id);
    expect(toOwnerAll.filter((m) => m.method === 'sendDocument').map((m) => m.text)).toEqual([
      hi('documents:caption.account', { number: c.number }),
    ]);
    // In the order they happened, each waiting for the one before: the note that his refusal was recorded (s. 16,
    // naming who appeared), the account (its item (f)), then the account as a PDF.
    const kinds = toOwnerAll.map((m) =>
      m.method === 'sendDocument'
        ? 'account PDF'
        : m.text.includes('(च)')
          ? 'account'
          : m.text.includes('रमेश गुर्जर')
            ? 'refusal note'
            : 'other',
    );
    expect(kinds.filter((k) => k !== 'other')).toEqual(['refusal note', 'account', 'account PDF']);
    const toOwner = toOwnerAll[kinds.indexOf('account')]?.text ?? '';
    expect(toOwner).toContain(c.number);
    // one animal of the three was sold: the singular
    expect(toOwner).toContain(`प्रकरण ${c.number} का आपका पशु सार्वजनिक नीलामी द्वारा बेचा गया।`);
    expect(toOwner).toContain('(च)');
    expect(toOwner).toContain(formatRupees(250000, 'hi'));
    expect(toOwner).toContain(formatRupees(balance, 'hi'));

    // The s. 17 division: the balance is the owner's, the parts add up to the proceeds.
    await h.send(officer, `/split ${c.number}`);
    await press(h, officer, hi('officer:split.record_button'));
    const ledger = await db.ledgerEntry.findMany({
      where: { caseId: c.id, idempotencyKey: { startsWith: `case:${c.id}:split:` } },
    });
    expect(Object.fromEntries(ledger.map((e) => [e.account, Number(e.amountPaise)]))).toEqual({
      SALE_EXPENSES: 10000,
      DISTRICT_MAGISTRATE: 2 * PENALTY.buffalo + PENALTY.cow,
      POUND_KEEPER: 4 * (2 * FEED.buffalo + FEED.cow),
      OWNER_BALANCE: balance,
    });
    expect(ledger.reduce((s, e) => s + Number(e.amountPaise), 0)).toBe(250000);
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('SPLIT_RECORDED');
  });

  it('a s. 14 sale that does not cover the dues: expenses, then penalty, then what is left of feeding; the ledger still equals the proceeds', async () => {
    const db = h.deps.db;
    h.clock.set('2026-11-09T10:00:00+05:30');
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [['cow', 'old, lame']],
    }).build();
    await h.send(officer, `/notice ${c.number}`);
    await press(h, officer, hi('officer:button.now'));
    await press(h, officer, hi('officer:button.skip'));
    await h.send(officer, 'कुंडा गाँव');
    await press(h, officer, hi('officer:notice.same_time_button'));
    await h.send(officer, 'आमेर हाट');
    await press(h, officer, hi('officer:notice.same_time_button'));
    await press(h, officer, hi('officer:button.record'));
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('NOTICE_POSTED');
    h.clock.set('2026-11-17T09:00:00+05:30');
    await h.send(officer, `/auction ${c.number}`);
    await fixAuctionFromCard(h, officer, 'hi', { at: '17.11.2026 11:00' });
    await h.send(officer, `/auction ${c.number}`);
    await press(h, officer, hi('officer:auction.register_bidder_button'));
    await h.send(officer, 'Harish Jat');
    await h.send(officer, 'Amer');
    await press(h, officer, hi('officer:auction.declaration_signed_button'));
    h.clock.set('2026-11-17T11:30:00+05:30');
    await h.send(officer, `/sale ${c.number}`);
    expect(lastText(h, officer)).toBe(
      hi('officer:sale.ask_head', { i: 1, n: 1, cls: hi('common:cattle.cow'), description: 'old, lame' }),
    );
    await press(h, officer, hi('officer:sale.bidder_button', { n: 1, name: 'Harish Jat' }));
    await h.send(officer, '300');
    await h.send(officer, '50');
    const preview = lastText(h, officer);
    const feedingDue = 17 * FEED.cow;
    const shortfall = PENALTY.cow + feedingDue + 5000 - 30000;
    expect(preview).toContain(hi('officer:sale.shortfall', { shortfall }));
    await press(h, officer, hi('officer:sale.record_button'));
    await h.send(officer, `/split ${c.number}`);
    expect(lastText(h, officer)).toContain(
      hi('officer:split.line_short', {
        account: 'POUND_KEEPER',
        term: 'penalty',
        amount: 30000 - 5000 - PENALTY.cow,
        due: feedingDue,
        unrecovered: feedingDue - (30000 - 5000 - PENALTY.cow),
      }),
    );
    await press(h, officer, hi('officer:split.record_button'));
    const ledger = await db.ledgerEntry.findMany({
      where: { caseId: c.id, idempotencyKey: { startsWith: `case:${c.id}:split:` } },
    });
    expect(Object.fromEntries(ledger.map((e) => [e.account, Number(e.amountPaise)]))).toEqual({
      SALE_EXPENSES: 5000,
      DISTRICT_MAGISTRATE: PENALTY.cow,
      POUND_KEEPER: 30000 - 5000 - PENALTY.cow,
    });
    expect(ledger.reduce((s, e) => s + Number(e.amountPaise), 0)).toBe(30000);
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('SPLIT_RECORDED');
  });

  it('s. 14 proviso: disposal without a recorded Magistrate order is refused; with one it is recorded', async () => {
    const db = h.deps.db;
    h.clock.set('2026-11-18T10:00:00+05:30');
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [['ass', 'lame donkey']],
    }).build();
    await db.case.update({
      where: { id: c.id },
      data: { status: 'NOTICE_POSTED', reportedAt: ist('2026-11-09 00:00'), noticePostedAt: ist('2026-11-09 11:00') },
    });
    await h.send(magistrate, `/orders ${c.number}`);
    expect(lastText(h, magistrate)).toBe(en('officer:orders.none', { number: c.number }));
    await press(h, magistrate, en('officer:orders.proviso_button'));
    expect(lastText(h, magistrate)).toBe(
      en('refusal:PROVISO_ORDER_REQUIRED', { section: section(h, 'en', '14'), number: c.number }),
    );
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('NOTICE_POSTED');
    expect((await db.head.findFirstOrThrow({ where: { caseId: c.id } })).status).toBe('IMPOUNDED');

    // A keeper or an officer only reads the orders; they get no buttons to record one.
    await h.send(officer, `/orders ${c.number}`);
    expect(h.api.lastTo(officer.id)!.payload.reply_markup).toBeUndefined();

    await h.send(magistrate, `/orders ${c.number}`);
    await press(h, magistrate, en('officer:orders.record_button'));
    await press(h, magistrate, en('officer:order_kind.PROVISO_DISPOSAL'));
    await press(h, magistrate, en('officer:authority.MAGISTRATE'));
    await h.send(magistrate, 'DM/JPR/Pound/140/2026');
    await h.send(magistrate, '19.11.2026');
    expect(lastText(h, magistrate)).toBe(en('refusal:ORDER_DATE_INVALID', { date: '19.11.2026' }));
    await h.send(magistrate, '17.11.2026');
    await press(h, magistrate, en('officer:button.record'));
    expect(lastText(h, magistrate)).toBe(
      en('officer:orders.recorded', {
        kind: 'PROVISO_DISPOSAL',
        reference: 'DM/JPR/Pound/140/2026',
        date: '2026-11-17',
        number: c.number,
      }),
    );
    await h.send(magistrate, `/orders ${c.number}`);
    await press(h, magistrate, en('officer:orders.proviso_button'));
    await h.send(magistrate, 'Given to the gaushala at Amer');
    await press(h, magistrate, en('officer:button.yes_record'));
    expect(lastText(h, magistrate)).toBe(
      en('officer:orders.disposed', {
        number: c.number,
        heads: 1,
        manner: 'Given to the gaushala at Amer',
        reference: 'DM/JPR/Pound/140/2026',
      }),
    );
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('DISPOSED_PROVISO');
    expect((await db.head.findFirstOrThrow({ where: { caseId: c.id } })).status).toBe('DISPOSED');
    const audit = await db.auditEvent.findMany({ where: { caseId: c.id }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.action, a.actorTelegramId])).toEqual([
      ['ORDER_RECORDED', BigInt(magistrate.id)],
      ['S14_PROVISO_DISPOSAL', BigInt(magistrate.id)],
    ]);
    expect(audit.every((a) => (a.messageId ?? 0) > 0)).toBe(true);
  });

  it('s. 15 deposit refunded on the Magistrate’s outcome; the depositor is told; a second outcome is refused', async () => {
    const db = h.deps.db;
    h.clock.set('2026-11-20T10:00:00+05:30');
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [['cow', 'white']],
    }).build();
    // Deposited under protest on 2 Nov, confirmed and the cow released by a JAI1 keeper: ₹100 + 2 days × ₹70.
    const deposit = await payCase(db, c.id, {
      owner: { id: owner.id, name: owner.firstName },
      section: 's15',
      at: ist('2026-11-02 10:00'),
      confirmedAt: ist('2026-11-02 10:10'),
      releasedAt: ist('2026-11-02 10:15'),
      config: h.deps.config,
      confirmedBy: await keeperActor(db, 8106, ['JAI1'], 'Suresh Kumar'),
    });
    expect(deposit.amountPaise).toBe(24000);
    await h.drain();
    await h.send(officer, `/outcome ${c.number} refund DM/S20/7`);
    expect(lastText(h, officer)).toBe(hi('common:error.not_allowed'));
    await h.send(magistrate, `/outcome ${c.number} maybe DM/S20/7`);
    expect(lastText(h, magistrate)).toBe(en('officer:usage.outcome'));
    await h.send(magistrate, `/outcome ${c.number} refund DM/S20/7`);
    expect(lastText(h, magistrate)).toBe(
      en('officer:outcome.refunded', { number: c.number, amount: 24000, reference: 'DM/S20/7' }),
    );
    expect(
      (await db.ledgerEntry.findMany({ where: { caseId: c.id }, orderBy: { id: 'asc' } })).map((e) => [
        e.account,
        Number(e.amountPaise),
      ]),
    ).toEqual([
      ['OWNER_DEPOSIT', 24000],
      ['DEPOSIT_REFUND', 24000],
    ]);
    expect((await db.courtOrder.findFirstOrThrow({ where: { caseId: c.id } })).kind).toBe('DEPOSIT_REFUND');
    await h.drain();
    expect(
      (
        await db.delivery.findUniqueOrThrow({
          where: {
            messageKey_telegramUserId: {
              messageKey: `case:${c.id}:deposit-outcome:${owner.id}`,
              telegramUserId: BigInt(owner.id),
            },
          },
        })
      ).status,
    ).toBe('SENT');
    expect(lastText(h, owner)).toBe(
      hi('officer:outcome.to_depositor_refund', { number: c.number, amount: 24000, reference: 'DM/S20/7' }),
    );
    await h.send(magistrate, `/outcome ${c.number} apply DM/S20/8`);
    expect(lastText(h, magistrate)).toContain(section(h, 'en', '15'));
    expect(await db.ledgerEntry.count({ where: { caseId: c.id } })).toBe(2);
  });

  it('role and pound scoping: owners and staff of another pound are refused; forged and stale buttons change nothing', async () => {
    const db = h.deps.db;
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [['goat', 'white']],
    }).build();
    for (const cmd of ['/notice', '/auction', '/sale', '/split', '/orders']) {
      await h.send(owner, `${cmd} ${c.number}`);
      expect(lastText(h, owner)).toBe(hi('common:error.not_allowed'));
    }
    await h.send(officerOther, `/auction ${c.number}`);
    expect(lastText(h, officerOther)).toBe(en('common:error.wrong_pound', { number: c.number }));
    await h.send(officerOther, `/sale ${c.number}`);
    expect(lastText(h, officerOther)).toBe(en('common:error.wrong_pound', { number: c.number }));
    await h.send(keeperOther, `/orders ${c.number}`);
    expect(lastText(h, keeperOther)).toBe(en('common:error.wrong_pound', { number: c.number }));
    await h.send(keeperOther, `/auction ${c.number}`);
    expect(lastText(h, keeperOther)).toBe(en('common:error.not_allowed'));

    // A button the officer of JAI1 was given, tapped by the officer of JAI2: refused, nothing recorded.
    h.clock.set('2026-11-20T10:00:00+05:30');
    await h.send(officer, `/auction ${c.number}`);
    const refuseButton = buttonData(h, officer, hi('officer:auction.refusal_button'));
    await h.tap(officerOther, refuseButton.data, refuseButton.messageId);
    expect(lastText(h, officerOther)).toBe(en('common:error.wrong_pound', { number: c.number }));
    // A forged button (altered case id, old signature) is answered as stale and changes nothing.
    const forged = refuseButton.data.replace(`|${c.id}|`, `|${c.id + 1}|`);
    await h.tap(officer, forged, refuseButton.messageId);
    const answer = h.api.calls.filter((x) => x.method === 'answerCallbackQuery').at(-1)!;
    expect(answer.payload.text).toBe(hi('common:error.stale_button'));
    // "Yes, record" without having been asked (no flow): stale.
    const ok = buttonData(h, officer, hi('officer:auction.refusal_button'));
    await h.tap(officer, ok.data.replace('|ref|', '|refok|'), ok.messageId);
    expect((await db.case.findUniqueOrThrow({ where: { id: c.id } })).ownerRefusedAt).toBeNull();
    expect(await db.auditEvent.count({ where: { caseId: c.id } })).toBe(0);
  });

  it('a replayed update has no second effect; a command leaves a flow half-way', async () => {
    const db = h.deps.db;
    h.clock.set('2026-11-21T10:00:00+05:30');
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [['goat', 'black']],
    }).build();
    await h.send(officer, `/notice ${c.number}`);
    await press(h, officer, hi('officer:button.now'));
    // Any command leaves the flow: the next text is not taken as an answer.
    await h.send(officer, '/help');
    await h.send(officer, 'कुंडा');
    expect(await db.notice.count({ where: { caseId: c.id } })).toBe(0);
    await h.send(officer, `/notice ${c.number}`);
    await press(h, officer, hi('officer:button.now'));
    await press(h, officer, hi('officer:button.skip'));
    await h.send(officer, 'कुंडा');
    await press(h, officer, hi('officer:notice.same_time_button'));
    await press(h, officer, hi('officer:notice.later_button'));
    const save = buttonData(h, officer, hi('officer:button.record'));
    const update = await h.tap(officer, save.data, save.messageId);
    const sent = h.api.sentTo(officer.id).length;
    await h.feed(update);
    expect(h.api.sentTo(officer.id).length).toBe(sent);
    expect(await db.notice.count({ where: { caseId: c.id } })).toBe(1);
    expect(await db.auditEvent.count({ where: { caseId: c.id, action: 'S14_NOTICE_POSTED' } })).toBe(1);
  });
});
