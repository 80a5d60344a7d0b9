import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRupees } from '../../../src/i18n';
import { subscribeVillage } from '../../../src/services/subscriptions';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { ist } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { inLanguage, lastText, press, section } from '../../support/press';

// s. 14 path end to end through the real bot: an unclaimed case impounded on 1 Nov 2026 (10:00 IST) at
// JAI1 — notice on 9 Nov (proclaimed in the village at once, at the market later that day), auction refused before 17 Nov, a staff bidder refused (s. 19), the sale of
// every head, the s. 16 account, the s. 17 division in the ledger, remittances, and the surplus that
// cannot become Government revenue before three calendar months. The jobs runtime runs on real Redis: the
// notice and auction alerts to a village subscriber, the officer's auction reminders and the Magistrate's
// s. 17 lapse report leave through the dispatcher, the queues and the rate-limited sender (h.drain()).

// The split is recorded on 17 Nov 2026: the 3-month hold runs to the end of 17 Feb 2027 (s. 17).
// Seed rates from 1 June / 1 Oct 2026 (src/db/seed.ts): penalty buffalo ₹200, cow ₹100; feeding per
// day buffalo ₹90, cow ₹70. Worked out by hand here, not taken from the engine.
const DAYS = 17; // 1 Nov … 17 Nov, both days counted
const PENALTIES = 2 * 20000 + 10000;
const FEEDING = DAYS * (2 * 9000 + 7000);
const PRICES = [300000, 250000, 150000];
const EXPENSES = 20000;
const PROCEEDS = PRICES.reduce((a, b) => a + b, 0);

describe.each(await dbKinds())('s. 14 notice → auction → sale → s. 17 split (%s)', (dbKind) => {
  const officer: TestUser = { id: 8001, firstName: 'Vikram', languageCode: 'en' };
  const keeper: TestUser = { id: 8002, firstName: 'Suresh', languageCode: 'hi' };
  const otherOfficer: TestUser = { id: 8003, firstName: 'Anil', languageCode: 'en' };
  const owner: TestUser = { id: 8004, firstName: 'Ramesh', languageCode: 'hi' };
  const magistrate: TestUser = { id: 8005, firstName: 'Meena', languageCode: 'hi' };
  const villager: TestUser = { id: 8006, firstName: 'Bhanwar', languageCode: 'hi' };
  let caseId: number;
  let number: string;

  const staff: SuiteStaff[] = [
    [officer, 'OFFICER', ['JAI1'], 'Vikram Singh'],
    [keeper, 'POUND_KEEPER', ['JAI1'], 'Suresh Kumar'],
    [otherOfficer, 'OFFICER', ['JAI2'], 'Anil Sharma'],
    [magistrate, 'MAGISTRATE', ['JAI1', 'JAI2'], 'DM office Jaipur'],
  ];
  const h = botSuite(
    { dbKind, start: '2026-11-09T10:00:00+05:30', jobs: true, seededAt: ist('2026-11-01 09:00'), staff },
    async (h) => {
      const db = h.deps.db;
      const c = await caseFixture(db, {
        pound: 'JAI1',
        impoundedAt: '2026-11-01T10:00:00+05:30',
        heads: [
          ['buffalo', 'black, curved horns'],
          ['buffalo', 'white patch on forehead'],
          ['cow', 'brown Rathi, ear tag 4411'],
        ],
      }).build();
      caseId = c.id;
      number = c.number;
      // A villager of Kunda (Hindi) follows impoundings from there.
      await db.telegramUser.create({
        data: { id: BigInt(villager.id), firstName: villager.firstName, languageCode: 'hi' },
      });
      await subscribeVillage(db, BigInt(villager.id), 'Kunda', '');
      // Day 9: the day-8 s. 14 report reaches the officer now, through the jobs (the case is reported when an
      // officer has it), so the notice he posts at 10:15 follows the report. Without this the report would go
      // whenever the runtime's background pass got to it, and /notice at 11:30 would count as the report.
      await h.drain();
    },
  );
  const en = inLanguage(h, 'en');
  const hi = inLanguage(h, 'hi');

  it('refuses /notice from an owner and from an officer of another pound, and changes nothing', async () => {
    await h.send(owner, `/notice ${number}`);
    expect(lastText(h, owner)).toBe(hi('common:error.not_allowed'));
    await h.send(otherOfficer, `/notice ${number}`);
    expect(lastText(h, otherOfficer)).toBe(en('common:error.wrong_pound', { number }));
    await h.send(officer, '/notice JAI1-2026-99999');
    expect(lastText(h, officer)).toBe(en('common:error.case_not_found', { number: 'JAI1-2026-99999' }));
    await h.send(officer, '/notice 12ab');
    expect(lastText(h, officer)).toBe(en('common:error.case_malformed', { input: '12ab' }));
    expect(await h.deps.db.notice.count()).toBe(0);
  });

  it('officer records the s. 14 notice (time, photo) and the village proclamation; the market one is not made yet', async () => {
    h.clock.set('2026-11-09T11:30:00+05:30');
    await h.send(officer, `/notice ${number.toLowerCase()}`);
    expect(lastText(h, officer)).toBe(en('officer:notice.ask_posted', { number }));
    // The ready notice states (a) the cattle, (b) the place of seizure, (c) the pound.
    const noticeText = h.api.sentTo(officer.id).at(-2)!.text;
    expect(noticeText).toContain('Kunda');
    expect(noticeText).toContain('Amer Pound');
    expect(noticeText).toContain('black, curved horns');
    expect(noticeText).toContain(number);
    await h.send(officer, '09.11.2026 10:15');
    expect(lastText(h, officer)).toBe(en('officer:notice.ask_photo'));
    await h.send(officer, '', {
      text: undefined,
      photo: [{ file_id: 'notice-photo-1', file_unique_id: 'np1', width: 640, height: 480 }],
    } as never);
    expect(lastText(h, officer)).toBe(en('officer:notice.ask_village_place'));
    await press(h, officer, 'Kunda');
    expect(lastText(h, officer)).toBe(en('officer:notice.ask_proclaimed_at', { place: 'Kunda' }));
    // A time in the future is refused and the question stays.
    await h.send(officer, '09.11.2026 12:00');
    expect(lastText(h, officer)).toBe(en('refusal:TIME_IN_FUTURE', { at: ist('2026-11-09 12:00').toISOString() }));
    await press(h, officer, en('officer:notice.same_time_button'));
    expect(lastText(h, officer)).toBe(en('officer:notice.ask_market_place'));
    await press(h, officer, en('officer:notice.later_button'));
    const confirm = lastText(h, officer);
    expect(confirm).toContain(
      en('officer:notice.proclaimed_line', {
        where: en('officer:notice.place_village'),
        place: 'Kunda',
        at: ist('2026-11-09 10:15').toISOString(),
      }),
    );
    expect(confirm).toContain(en('officer:notice.not_yet_line', { where: en('officer:notice.place_market') }));
    await press(h, officer, en('officer:button.record'));
    expect(lastText(h, officer)).toBe(
      en('officer:notice.recorded_partial', {
        number,
        postedAt: ist('2026-11-09 10:15').toISOString(),
        eligibleFrom: '2026-11-17',
        missing: en('officer:notice.place_market'),
      }),
    );

    const db = h.deps.db;
    const n = await db.notice.findUniqueOrThrow({ where: { caseId } });
    expect(n.postedAt.toISOString()).toBe(ist('2026-11-09 10:15').toISOString());
    expect(n.photoFileId).toBe('notice-photo-1');
    expect([
      n.proclaimedVillagePlace,
      n.proclaimedVillageAt?.toISOString(),
      n.proclaimedMarketPlace,
      n.proclaimedMarketAt,
    ]).toEqual(['Kunda', ist('2026-11-09 10:15').toISOString(), null, null]);
    // Not proclaimed at the market yet: the notice is not complete, nothing is broadcast.
    expect((await db.case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe('REPORTED_S14');
    expect(await db.outboxEntry.count({ where: { jobKey: `case:${caseId}:broadcast:notice` } })).toBe(0);
    // An auction cannot be arranged until the market proclamation is recorded (s. 14).
    await h.send(officer, `/auction ${number}`);
    expect(lastText(h, officer)).toBe(
      en('refusal:PROCLAMATION_PENDING', {
        section: section(h, 'en', '14'),
        number,
        missing: en('officer:notice.place_market'),
      }),
    );
  });

  it('the market proclamation is recorded later with /notice again; the notice date stays the posting date', async () => {
    h.clock.set('2026-11-09T17:00:00+05:30');
    await h.send(officer, `/notice ${number}`);
    expect(h.api.sentTo(officer.id).at(-2)!.text).toBe(
      en('officer:notice.pending', {
        number,
        postedAt: ist('2026-11-09 10:15').toISOString(),
        recorded: en('officer:notice.proclaimed_line', {
          where: en('officer:notice.place_village'),
          place: 'Kunda',
          at: ist('2026-11-09 10:15').toISOString(),
        }),
        missing: en('officer:notice.place_market'),
      }),
    );
    expect(lastText(h, officer)).toBe(en('officer:notice.ask_market_place'));
    await press(h, officer, 'Amer Haat');
    await h.send(officer, '9.11.2026 16:00');
    await press(h, officer, en('officer:button.record'));
    expect(lastText(h, officer)).toBe(
      en('officer:notice.recorded', {
        number,
        postedAt: ist('2026-11-09 10:15').toISOString(),
        eligibleFrom: '2026-11-17',
      }),
    );

    const db = h.deps.db;
    const n = await db.notice.findUniqueOrThrow({ where: { caseId } });
    expect([n.proclaimedMarketPlace, n.proclaimedMarketAt?.toISOString(), n.proclaimedWhere]).toEqual([
      'Amer Haat',
      ist('2026-11-09 16:00').toISOString(),
      'Kunda; Amer Haat',
    ]);
    const c = await db.case.findUniqueOrThrow({ where: { id: caseId } });
    expect(c.status).toBe('NOTICE_POSTED');
    expect(c.noticePostedAt?.toISOString()).toBe(ist('2026-11-09 10:15').toISOString());
    expect(await db.outboxEntry.count({ where: { jobKey: `case:${caseId}:broadcast:notice` } })).toBe(1);
    // A second /notice does not record another.
    await h.send(officer, `/notice ${number}`);
    expect(await db.notice.count({ where: { caseId } })).toBe(1);

    // The jobs deliver the s. 14 notice alert to the village subscriber, in Hindi, once.
    await h.drain();
    const alerts = h.api.sentTo(villager.id);
    expect(alerts).toHaveLength(1);
    for (const fact of ['धारा 14', number, 'Kunda', formatDate('2026-11-17', 'hi')])
      expect(alerts[0]!.text).toContain(fact);
    expect(
      await db.delivery.findMany({
        where: { messageKey: `case:${caseId}:broadcast:notice` },
        select: { telegramUserId: true, status: true },
      }),
    ).toEqual([{ telegramUserId: BigInt(villager.id), status: 'SENT' }]);
    await h.drain();
    expect(h.api.sentTo(villager.id)).toHaveLength(1);
  });

  it('refuses an auction before the auction-eligible date (s. 14), then schedules one', async () => {
    h.clock.set('2026-11-10T10:00:00+05:30');
    await h.send(officer, `/auction ${number}`);
    expect(lastText(h, officer)).toBe(
      en('officer:auction.intro_s14', {
        number,
        noticeAt: ist('2026-11-09 10:15').toISOString(),
        eligibleFrom: '2026-11-17',
      }),
    );
    await press(h, officer, en('officer:auction.schedule_button'));
    await h.send(officer, '16.11.2026 11:00');
    const refusal = lastText(h, officer);
    expect(refusal).toContain(section(h, 'en', '14'));
    expect(refusal).toContain('17 Nov 2026');
    expect(refusal).toBe(
      en('refusal:SALE_BEFORE_AUCTION_ELIGIBLE', { section: section(h, 'en', '14'), eligibleFrom: '2026-11-17' }),
    );
    expect(await h.deps.db.auction.count({ where: { caseId } })).toBe(0);

    await h.send(officer, '17.11.2026 11:00');
    expect(lastText(h, officer)).toBe(en('officer:auction.ask_place'));
    await press(h, officer, en('officer:auction.pound_place_button', { pound: 'Amer Pound' }));
    await press(h, officer, en('officer:auction.usual_conditions_button'));
    await h.send(officer, 'DM/JPR/Pound/12/2026');
    await press(h, officer, en('officer:button.record'));
    expect(lastText(h, officer)).toBe(
      en('officer:auction.scheduled', {
        number,
        at: ist('2026-11-17 11:00').toISOString(),
        place: 'Amer Pound, Near Tehsil Office, Amer, Jaipur',
      }),
    );
    const a = await h.deps.db.auction.findUniqueOrThrow({ where: { caseId_round: { caseId, round: 1 } } });
    expect([a.status, a.directionRef, a.scheduledFor.toISOString()]).toEqual([
      'SCHEDULED',
      'DM/JPR/Pound/12/2026',
      ist('2026-11-17 11:00').toISOString(),
    ]);
    expect(await h.deps.db.outboxEntry.count({ where: { jobKey: `case:${caseId}:broadcast:auction` } })).toBe(1);

    // The auction alert reaches the subscriber through the jobs; the officer's reminders are not due yet.
    const officerMessages = h.api.sentTo(officer.id).length;
    await h.drain();
    const alert = h.api.lastTo(villager.id)!.text;
    // The pound picked as the place reads in the subscriber's language.
    const pound = await h.deps.db.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
    const placeHi = `${pound.nameHi}, ${pound.address}`;
    for (const fact of ['धारा 14', number, formatDateTime(ist('2026-11-17 11:00'), 'hi'), placeHi])
      expect(alert).toContain(fact);
    expect(h.api.sentTo(villager.id)).toHaveLength(2);
    // Nothing about this case reaches the officer yet (the seed's demo cases of the pound, reported yesterday
    // with no notice since, may bring him their notice-overdue reminders in this run).
    expect(
      h.api
        .sentTo(officer.id)
        .slice(officerMessages)
        .filter((m) => m.text.includes(number)),
    ).toEqual([]);
  });

  it('the officer is reminded the day before and the morning of the auction, through the jobs (s. 14)', async () => {
    const a = await h.deps.db.auction.findUniqueOrThrow({ where: { caseId_round: { caseId, round: 1 } } });
    // The usual conditions, without their own full stop (the text puts one after them).
    const conditions = en('officer:auction.usual_conditions').replace(/\.$/, '');
    const params = { number, at: a.scheduledFor.toISOString(), place: a.place, conditions };
    // The seed's demo cases of this pound have their own steps due in the same runs (their s. 14 reports went
    // to this officer, and no notice followed: the notice-overdue reminders), so the reminders are looked for
    // among what the officer got in each run, not as the last message.
    const drainTexts = async (at: string) => {
      const before = h.api.sentTo(officer.id).length;
      h.clock.set(at);
      await h.drain();
      return h.api
        .sentTo(officer.id)
        .slice(before)
        .map((m) => m.text);
    };
    const dayBefore = en('jobs:auction.day_before.to_officer', params);
    const morning = en('jobs:auction.morning.to_officer', params);
    const first = await drainTexts('2026-11-16T09:00:00+05:30');
    expect(first.filter((t) => t === dayBefore)).toHaveLength(1);
    expect(first).not.toContain(morning);
    const second = await drainTexts('2026-11-17T07:00:00+05:30');
    expect(second.filter((t) => t === morning)).toHaveLength(1);
    expect(second).not.toContain(dayBefore);
    // This case's deliveries to the officer: its s. 14 report (with the notice and proclamation, texts and
    // PDFs) and then exactly the two auction reminders, each once.
    const keys = (
      await h.deps.db.delivery.findMany({
        where: { telegramUserId: BigInt(officer.id), messageKey: { startsWith: `case:${caseId}:` } },
        orderBy: { id: 'asc' },
      })
    )
      .map((d) => [d.messageKey.split(':')[2], d.status])
      .filter(([step]) => step !== 's14-report');
    expect(keys).toEqual([
      ['auction-day-before', 'SENT'],
      ['auction-morning', 'SENT'],
    ]);
  });

  it('refuses a bidder who is an enrolled pound-keeper (s. 19) and one without the declaration; admits the others', async () => {
    h.clock.set('2026-11-17T10:30:00+05:30');
    const registerBidder = async (name: string, signed: boolean) => {
      await h.send(officer, `/auction ${number}`);
      await press(h, officer, en('officer:auction.register_bidder_button'));
      await h.send(officer, name);
      await h.send(officer, 'Amer, Jaipur');
      await press(
        h,
        officer,
        en(signed ? 'officer:auction.declaration_signed_button' : 'officer:auction.declaration_not_signed_button'),
      );
    };
    // A bidder's name goes on the s. 16 account: bidi overrides, brackets and digits are refused, nothing stored.
    await h.send(officer, `/auction ${number}`);
    await press(h, officer, en('officer:auction.register_bidder_button'));
    await h.send(officer, 'Gopal \u202e(DIAP :DEMRIFNOC)');
    expect(lastText(h, officer)).toBe(en('officer:input.bad_name'));
    await h.send(officer, 'Gopal 9812345678');
    expect(lastText(h, officer)).toBe(en('officer:input.bad_name'));
    expect(await h.deps.db.bidder.count({ where: { auction: { caseId } } })).toBe(0);
    await registerBidder('shri SURESH kumar', true);
    expect(lastText(h, officer)).toBe(
      en('officer:auction.bidder_refused', { name: 'shri SURESH kumar', section: section(h, 'en', '19') }),
    );
    await registerBidder('Gopal Meena', false);
    expect(lastText(h, officer)).toBe(en('refusal:DECLARATION_REQUIRED', { section: section(h, 'en', '19'), number }));
    await registerBidder('Gopal Meena', true);
    expect(lastText(h, officer)).toBe(en('officer:auction.bidder_registered', { n: 1, name: 'Gopal Meena' }));
    await registerBidder('Harish Jat', true);
    expect(lastText(h, officer)).toBe(en('officer:auction.bidder_registered', { n: 2, name: 'Harish Jat' }));
    const bidders = await h.deps.db.bidder.findMany({ orderBy: { id: 'asc' }, where: { auction: { caseId } } });
    expect(bidders.map((b) => [b.name, b.refusedSection])).toEqual([
      ['shri SURESH kumar', 's. 19'],
      ['Gopal Meena', null],
      ['Harish Jat', null],
    ]);
    // The refused bidder is not offered as a buyer.
    h.clock.set('2026-11-17T12:00:00+05:30');
    await h.send(officer, `/sale ${number}`);
    const labels = (h.api.lastTo(officer.id)!.payload.reply_markup.inline_keyboard as Array<Array<{ text: string }>>)
      .flat()
      .map((b) => b.text);
    expect(labels).toEqual([
      en('officer:sale.bidder_button', { n: 1, name: 'Gopal Meena' }),
      en('officer:sale.bidder_button', { n: 2, name: 'Harish Jat' }),
      en('officer:sale.not_sold_button'),
    ]);
    await h.send(officer, '/cancel');
  });

  it('records the sale of every head; the s. 16 account is balanced and the s. 17 division adds up to the proceeds', async () => {
    h.clock.set('2026-11-17T12:00:00+05:30');
    await h.send(officer, `/sale ${number}`);
    const buyers = ['Gopal Meena', 'Gopal Meena', 'Harish Jat'];
    for (let i = 0; i < 3; i++) {
      await press(
        h,
        officer,
        en('officer:sale.bidder_button', { n: buyers[i] === 'Gopal Meena' ? 1 : 2, name: buyers[i] }),
      );
      await h.send(officer, 'Rs 12x0');
      expect(lastText(h, officer)).toBe(en('officer:input.bad_amount', { input: 'Rs 12x0' }));
      await h.send(officer, String(PRICES[i]! / 100));
    }
    expect(lastText(h, officer)).toBe(en('officer:sale.ask_expenses'));
    await h.send(officer, '200');
    const preview = lastText(h, officer);
    expect(preview).toContain(formatRupees(PROCEEDS, 'en'));
    expect(preview).toContain(formatRupees(PENALTIES + FEEDING, 'en'));
    await press(h, officer, en('officer:sale.record_button'));
    const account = lastText(h, officer);
    const balance = PROCEEDS - EXPENSES - PENALTIES - FEEDING;
    expect(account).toContain(en('officer:sale.recorded', { number }));
    for (const amount of [PROCEEDS, PENALTIES, FEEDING, EXPENSES, balance])
      expect(account).toContain(formatRupees(amount, 'en'));
    expect(account).toContain(en('officer:account.balance_to.MAGISTRATE_DEPOSIT'));

    const db = h.deps.db;
    expect((await db.case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe('ACCOUNT_DELIVERED');
    expect((await db.head.findMany({ where: { caseId } })).every((x) => x.status === 'SOLD')).toBe(true);
    expect(
      (await db.sale.findMany({ where: { auction: { caseId } } })).map((s) => Number(s.pricePaise)).sort(),
    ).toEqual([...PRICES].sort());
    expect(
      Number(
        (await db.ledgerEntry.findUniqueOrThrow({ where: { idempotencyKey: `case:${caseId}:sale:proceeds` } }))
          .amountPaise,
      ),
    ).toBe(PROCEEDS);

    await h.send(officer, `/split ${number}`);
    await press(h, officer, en('officer:split.record_button'));
    expect(h.api.sentTo(officer.id).at(-2)!.text).toContain(
      en('officer:split.recorded_surplus', { surplus: balance, holdEnd: '2027-02-17' }),
    );
    const split = await db.ledgerEntry.findMany({
      where: { caseId, idempotencyKey: { startsWith: `case:${caseId}:split:` } },
    });
    expect(Object.fromEntries(split.map((e) => [e.account, Number(e.amountPaise)]))).toEqual({
      SALE_EXPENSES: EXPENSES,
      DISTRICT_MAGISTRATE: PENALTIES,
      POUND_KEEPER: FEEDING,
      MAGISTRATE_DEPOSIT: balance,
    });
    expect(split.reduce((s, e) => s + Number(e.amountPaise), 0)).toBe(PROCEEDS);
    expect((await db.case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe('SURPLUS_HELD');

    // A second tap on the old "Record" button records nothing more.
    await press(h, officer, en('officer:split.record_button'));
    expect(
      await db.ledgerEntry.count({ where: { caseId, idempotencyKey: { startsWith: `case:${caseId}:split:` } } }),
    ).toBe(4);
  });

  it('the officer confirms remittances once each (s. 17)', async () => {
    const term = 'fine'; // s. 17 "the fines so deducted": not amended by Act 8 of 2026
    await h.send(officer, `/split ${number}`);
    await press(h, officer, en('officer:split.remit_button', { kind: 'FINES_TO_MAGISTRATE', term }));
    expect(lastText(h, officer)).toBe(
      en('officer:split.remitted', { kind: 'FINES_TO_MAGISTRATE', term, amount: PENALTIES, number }),
    );
    await press(h, officer, en('officer:split.remit_button', { kind: 'FINES_TO_MAGISTRATE', term }));
    expect(lastText(h, officer)).toBe(en('refusal:ALREADY_DONE', { number }));
    await h.send(officer, `/split ${number}`);
    await press(h, officer, en('officer:split.remit_button', { kind: 'FEEDING_TO_POUND_KEEPER', term }));
    const rows = await h.deps.db.remittance.findMany({ where: { caseId }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.kind, Number(r.amountPaise)])).toEqual([
      ['FINES_TO_MAGISTRATE', PENALTIES],
      ['FEEDING_TO_POUND_KEEPER', FEEDING],
    ]);
  });

  it('the Magistrate’s office sees the surplus with its end date; it cannot go to revenue before 3 months (s. 17)', async () => {
    const balance = PROCEEDS - EXPENSES - PENALTIES - FEEDING;
    h.clock.set('2027-02-17T20:00:00+05:30');
    await h.send(magistrate, '/split');
    expect(lastText(h, magistrate)).toContain(
      hi('officer:surplus.list_line', { number, amount: balance, holdEnd: '2027-02-17' }),
    );
    await h.send(magistrate, `/split ${number}`);
    expect(lastText(h, magistrate)).toBe(
      hi('officer:surplus.card', {
        number,
        amount: balance,
        depositedAt: ist('2026-11-17 12:00').toISOString(),
        holdEnd: '2027-02-17',
      }),
    );
    await press(h, magistrate, hi('officer:surplus.revenue_button'));
    await press(h, magistrate, hi('officer:button.yes_record'));
    const refusal = lastText(h, magistrate);
    expect(refusal).toContain(section(h, 'hi', '17'));
    expect(refusal).toBe(
      hi('refusal:SURPLUS_HOLD_RUNNING', {
        section: section(h, 'hi', '17'),
        endsAt: ist('2027-02-18 00:00').toISOString(),
      }),
    );
    expect(await h.deps.db.ledgerEntry.count({ where: { caseId, account: 'GOVERNMENT_REVENUE' } })).toBe(0);
    // An officer cannot do it at all.
    await h.send(officer, `/split ${number}`);
    expect(
      h.api
        .lastTo(officer.id)!
        .payload.reply_markup?.inline_keyboard?.flat()
        .some((b: { text: string }) => b.text === en('officer:surplus.revenue_button')) ?? false,
    ).toBe(false);

    h.clock.set('2027-02-18T09:00:00+05:30');
    // The hold is over: the jobs tell the Magistrate's office (in Hindi) to record the surplus as revenue.
    await h.drain();
    const pound = await h.deps.db.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
    expect(lastText(h, magistrate)).toBe(
      hi('jobs:surplus.lapsed_to_magistrate', {
        number,
        amount: balance,
        lastDay: '2027-02-17',
        depositedAt: ist('2026-11-17 12:00').toISOString(),
        pound: pound.nameHi,
      }),
    );
    await h.send(magistrate, `/split ${number}`);
    await press(h, magistrate, hi('officer:surplus.revenue_button'));
    await press(h, magistrate, hi('officer:button.yes_record'));
    expect(lastText(h, magistrate)).toBe(hi('officer:surplus.to_revenue', { number, amount: balance }));
    const revenue = await h.deps.db.ledgerEntry.findMany({ where: { caseId, account: 'GOVERNMENT_REVENUE' } });
    expect(revenue.map((e) => Number(e.amountPaise))).toEqual([balance]);
    expect((await h.deps.db.case.findUniqueOrThrow({ where: { id: caseId } })).status).toBe('SURPLUS_TO_REVENUE');
  });

  it('every staff action is in the audit log with the Telegram user id and message id', async () => {
    const events = await h.deps.db.auditEvent.findMany({
      where: { caseId, actorRole: { in: ['officer', 'magistrate'] } },
      orderBy: { id: 'asc' },
    });
    expect(events.map((e) => e.action)).toEqual([
      'S14_NOTICE_POSTED',
      'S14_PROCLAIMED',
      'S14_NOTICE_COMPLETE',
      'S14_AUCTION_SCHEDULED',
      'S19_BIDDER_REFUSED',
      'S19_BIDDER_REGISTERED',
      'S19_BIDDER_REGISTERED',
      'S16_SALE_RECORDED',
      'S16_ACCOUNT_DELIVERED',
      'S17_SPLIT_RECORDED',
      'S17_REMITTANCE_CONFIRMED',
      'S17_REMITTANCE_CONFIRMED',
      'S17_SURPLUS_TO_REVENUE',
    ]);
    for (const e of events) {
      expect([officer.id, magistrate.id].map(BigInt)).toContain(e.actorTelegramId);
      expect(e.messageId).toBeGreaterThan(0);
      expect(e.chatId).toBe(e.actorTelegramId);
    }
    // The audit log is append-only.
    await expect(h.deps.db.auditEvent.deleteMany({ where: { caseId } })).rejects.toThrow();
  });
});
