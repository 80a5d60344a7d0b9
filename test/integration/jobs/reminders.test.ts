import { describe, expect, it } from 'vitest';
import { computeTimeline } from '../../../src/law';
import { duesForCase } from '../../../src/services/dues';
import { formatRupees } from '../../../src/i18n';
import { addToOutbox } from '../../../src/services/outbox';
import { enrolOfficials } from '../../support/fixtures';
import { paymentWritten } from '../../support/paid-case';
import { addAuction, caseAtAuction, createCase, seedPounds } from './cases';
import { harnessPerTest } from './harness';

const harness = harnessPerTest();

const DAY = 86_400_000;
const HOUR = 3_600_000;
const OFFICER = 7700001;
const KEEPER = 7700002;
const MAGISTRATE = 7700003;
const OWNER = 7700009;

async function setup() {
  const h = await harness({ start: '2026-11-29T10:00:00+05:30' });
  const db = h.db.prisma;
  await seedPounds(db, h.clock.now());
  await enrolOfficials(db, [
    { id: OFFICER, role: 'OFFICER', lang: 'en' },
    { id: KEEPER, role: 'POUND_KEEPER', lang: 'en' },
    { id: MAGISTRATE, role: 'MAGISTRATE', lang: 'en' },
  ]);
  await db.telegramUser.create({ data: { id: BigInt(OWNER), language: 'hi' } });
  return h;
}

// Several jobs runtimes, Redis and the database per test: on a loaded 2-core machine a test can pass 30 s (nothing here is timed).
describe('jobs: reminders', { timeout: 90_000 }, () => {
  it('auction: the officer and the owner the day before (owner: last chance, dues from the statute engine), and nothing once the owner has claimed', async () => {
    const h = await setup();
    const db = h.db.prisma;
    const c = await caseAtAuction(db, h.clock.now(), { ownerTelegramId: BigInt(OWNER) });
    const auctionAt = new Date('2026-12-02T11:00:00+05:30');
    await addAuction(db, c.id, auctionAt);
    await h.runtime.start();
    await h.runtime.drain();
    expect(h.fake.sentTo(OFFICER)).toEqual([]);

    h.clock.set('2026-12-01T09:00:00+05:30');
    await h.runtime.drain();
    const t = h.deps.translator;
    const common = { number: c.number, at: auctionAt.toISOString(), place: 'Amer Haat', pound: 'Amer Pound' };
    expect(h.fake.sentTo(OFFICER).map((m) => m.text)).toEqual([
      t.t('en', 'jobs:auction.day_before.to_officer', { ...common, conditions: 'Cash on the fall of the hammer' }),
    ]);
    // The message names the day of the auction (tomorrow): its amount is the engine's dues for a claim on that
    // day — one day's feeding more than today's, which it also gives — not today's sum told for a visit tomorrow.
    const onAuctionDay = await duesForCase(db, c.id, auctionAt);
    const today = await duesForCase(db, c.id, h.clock.now());
    if (!onAuctionDay.ok) throw onAuctionDay.error;
    if (!today.ok) throw today.error;
    expect(onAuctionDay.value.breakdown.asOfDate).toBe('2026-12-02');
    expect(onAuctionDay.value.breakdown.totals.totalPaise).toBeGreaterThan(today.value.breakdown.totals.totalPaise);
    const toOwner = h.fake.sentTo(OWNER).map((m) => m.text);
    expect(toOwner).toEqual([
      t.t('hi', 'jobs:auction.day_before.to_owner', {
        ...common,
        pound: 'आमेर कांजी हाउस',
        amount: onAuctionDay.value.breakdown.totals.totalPaise,
        asOf: '2026-12-02',
        today: today.value.breakdown.totals.totalPaise,
      }),
    ]);
    expect(toOwner[0]).toContain(
      `${formatRupees(onAuctionDay.value.breakdown.totals.totalPaise, 'hi')} चुकाएँ — यह नीलामी के दिन, 2 दिसंबर 2026 को`,
    );
    expect(toOwner[0]).toContain(`आज ही आएँ तो ${formatRupees(today.value.breakdown.totals.totalPaise, 'hi')}`);

    // The owner claims before the morning of the auction: no morning reminder to anyone.
    await db.case.update({ where: { id: c.id }, data: { status: 'PAYMENT_PENDING' } });
    h.clock.set('2026-12-02T07:30:00+05:30');
    await h.runtime.drain();
    expect(h.fake.sentTo(OFFICER)).toHaveLength(1);
    expect(h.fake.sentTo(OWNER)).toHaveLength(1);
    const runs = await db.deadlineRun.findMany({ where: { caseId: c.id }, orderBy: { dueAt: 'asc' } });
    expect(runs.map((r) => [r.step, r.outcome])).toEqual([
      ['auction-day-before', 'sent'],
      ['auction-morning', 'moved_on'],
    ]);
  });

  it('an auction fixed for later the same day: "today" alone, never "tomorrow" with it (in both languages)', async () => {
    const h = await setup();
    const db = h.db.prisma;
    const c = await caseAtAuction(db, h.clock.now(), { ownerTelegramId: BigInt(OWNER) });
    // Fixed at 10:00 on 29 Nov for 17:00 the same day.
    const auctionAt = new Date('2026-11-29T17:00:00+05:30');
    await addAuction(db, c.id, auctionAt);
    await h.runtime.start();
    await h.runtime.drain();
    const t = h.deps.translator;
    const common = { number: c.number, at: auctionAt.toISOString(), place: 'Amer Haat', pound: 'Amer Pound' };
    const toOfficer = h.fake.sentTo(OFFICER).map((m) => m.text);
    expect(toOfficer).toEqual([
      t.t('en', 'jobs:auction.morning.to_officer', { ...common, conditions: 'Cash on the fall of the hammer' }),
    ]);
    expect(toOfficer).not.toContain(
      t.t('en', 'jobs:auction.day_before.to_officer', { ...common, conditions: 'Cash on the fall of the hammer' }),
    );
    const toOwner = h.fake.sentTo(OWNER).map((m) => m.text);
    expect(toOwner).toHaveLength(1);
    const dues = await duesForCase(db, c.id, h.clock.now());
    if (!dues.ok) throw dues.error;
    expect(toOwner[0]).toBe(
      t.t('hi', 'jobs:auction.morning.to_owner', {
        ...common,
        pound: 'आमेर कांजी हाउस',
        amount: dues.value.breakdown.totals.totalPaise,
        asOf: '2026-11-29',
      }),
    );
    const runs = await db.deadlineRun.findMany({ where: { caseId: c.id }, orderBy: { dueAt: 'asc' } });
    expect(runs.map((r) => [r.step, r.outcome])).toEqual([
      ['auction-day-before', 'moved_on'],
      ['auction-morning', 'sent'],
    ]);
  });

  it('a s. 16 auction (after a refusal) is labelled s. 16 in the officer reminder and the village broadcast, not s. 14', async () => {
    const h = await setup();
    const db = h.db.prisma;
    const now = h.clock.now().getTime();
    const c = await createCase(db, {
      impoundedAt: new Date(now - 3 * DAY),
      status: 'AUCTION_SCHEDULED',
      place: 'Kunda',
    });
    await db.case.update({ where: { id: c.id }, data: { ownerRefusedAt: new Date(now - 2 * DAY) } });
    const auctionAt = new Date('2026-12-01T11:00:00+05:30');
    await addAuction(db, c.id, auctionAt);
    const VILLAGER = 7700010;
    await db.telegramUser.create({ data: { id: BigInt(VILLAGER), language: 'hi' } });
    await db.subscription.create({
      data: { telegramUserId: BigInt(VILLAGER), kind: 'VILLAGE', villageKey: 'kunda', filter: '' },
    });
    await addToOutbox(
      db,
      { name: 'broadcast', payload: { kind: 'auction', caseId: c.id } },
      `case:${c.id}:broadcast:auction`,
      h.clock.now(),
    );
    await h.runtime.start();
    h.clock.set('2026-11-30T09:00:00+05:30');
    await h.runtime.drain();
    const t = h.deps.translator;
    const common = {
      number: c.number,
      at: auctionAt.toISOString(),
      place: 'Amer Haat',
      pound: 'Amer Pound',
      conditions: 'Cash on the fall of the hammer',
    };
    expect(h.fake.sentTo(OFFICER).map((m) => m.text)).toEqual([
      t.t('en', 'jobs:auction.day_before.to_officer_s16', common),
    ]);
    expect(h.fake.sentTo(OFFICER)[0]!.text).toContain('(s. 16)');
    const toVillager = h.fake.sentTo(VILLAGER).map((m) => m.text);
    expect(toVillager).toHaveLength(1);
    expect(toVillager[0]).toContain('(धारा 16)');
    expect(toVillager[0]).not.toContain('(धारा 14)');
  });

  it('a payment not confirmed within PAYMENT_NUDGE_HOURS nudges the keepers once; a confirmed one does not', async () => {
    const h = await setup();
    const db = h.db.prisma;
    const now = h.clock.now();
    const c = await createCase(db, { impoundedAt: new Date(now.getTime() - DAY), status: 'PAYMENT_PENDING' });
    const pending = await paymentWritten(db, c.id, {
      kind: 'S13_PAYMENT',
      status: 'PENDING',
      amountPaise: 48_000,
      declaredAt: now,
      payer: BigInt(OWNER),
    });
    const other = await createCase(db, { impoundedAt: new Date(now.getTime() - DAY), status: 'PAYMENT_PENDING' });
    const confirmed = await paymentWritten(db, other.id, {
      kind: 'S13_PAYMENT',
      status: 'PENDING',
      amountPaise: 30_000,
      declaredAt: now,
      payer: BigInt(OWNER),
    });
    await h.runtime.start();
    await h.runtime.drain();
    await db.payment.update({
      where: { id: confirmed.id },
      data: { status: 'CONFIRMED', confirmedAt: now, confirmedSlot: `${other.id}:S13_PAYMENT` },
    });
    h.clock.advance(h.deps.config.PAYMENT_NUDGE_HOURS * HOUR + 60_000);
    await h.runtime.drain();
    expect(h.fake.sentTo(KEEPER).map((m) => m.text)).toEqual([
      h.deps.translator.t('en', 'jobs:payment_nudge.payment', {
        number: c.number,
        amount: pending.amountPaise,
        declaredAt: now.toISOString(),
        count: h.deps.config.PAYMENT_NUDGE_HOURS,
      }),
    ]);
    expect(h.fake.sentTo(OFFICER)).toEqual([]);
  });

  it('s. 15 depositor: reminded before and on the last day of the s. 20 window, with the amount deposited', async () => {
    const h = await setup();
    const db = h.db.prisma;
    const impoundedAt = new Date(h.clock.now().getTime() - DAY);
    const c = await createCase(db, { impoundedAt, status: 'DEPOSITED_S15' });
    await paymentWritten(db, c.id, {
      kind: 'S15_DEPOSIT',
      status: 'CONFIRMED',
      amountPaise: 123_450,
      declaredAt: new Date(impoundedAt.getTime() + HOUR),
      payer: BigInt(OWNER),
    });
    await h.runtime.start();
    await h.runtime.drain();
    const tl = computeTimeline({ impoundedAt }, { s20ComplaintDays: h.deps.config.S20_COMPLAINT_WINDOW_DAYS });
    if (!tl.ok) throw tl.error;
    const last = tl.value.s20ComplaintWindowEnd.date;
    h.clock.set(`${last}T23:00:00+05:30`);
    await h.runtime.drain();
    const params = { number: c.number, lastDay: last, count: h.deps.config.S20_COMPLAINT_WINDOW_DAYS, amount: 123_450 };
    expect(h.fake.sentTo(OWNER).map((m) => m.text)).toEqual([t('early', params), t('last_day', params)]);
    function t(k: string, p: Record<string, unknown>) {
      return h!.deps.translator.t('hi', `jobs:complaint.${k}`, p);
    }
  });

  it('s. 15 depositor: the s. 20 window and both reminders run from the seizure the register keeps, not the impounding', async () => {
    const h = await setup();
    const db = h.db.prisma;
    // Brought in yesterday 10:00; seized three days before that, in the evening (a different India day).
    const impoundedAt = new Date(h.clock.now().getTime() - DAY);
    const seizedAt = new Date(impoundedAt.getTime() - 3 * DAY + 9 * HOUR);
    const c = await createCase(db, { impoundedAt, seizedAt, status: 'DEPOSITED_S15' });
    await paymentWritten(db, c.id, {
      kind: 'S15_DEPOSIT',
      status: 'CONFIRMED',
      amountPaise: 98_760,
      declaredAt: new Date(impoundedAt.getTime() + HOUR),
      payer: BigInt(OWNER),
    });
    await h.runtime.start();
    await h.runtime.drain();
    const days = h.deps.config.S20_COMPLAINT_WINDOW_DAYS;
    const fromSeizure = computeTimeline({ impoundedAt, seizedAt }, { s20ComplaintDays: days });
    const fromImpounding = computeTimeline({ impoundedAt }, { s20ComplaintDays: days });
    if (!fromSeizure.ok || !fromImpounding.ok) throw new Error('timeline');
    const last = fromSeizure.value.s20ComplaintWindowEnd.date;
    expect(last < fromImpounding.value.s20ComplaintWindowEnd.date).toBe(true);
    // The last day of the window counted from the seizure: the owner has had both reminders by 23:00 IST.
    h.clock.set(`${last}T23:00:00+05:30`);
    await h.runtime.drain();
    const params = { number: c.number, lastDay: last, count: days, amount: 98_760 };
    const t = (k: string) => h.deps.translator.t('hi', `jobs:complaint.${k}`, params);
    expect(h.fake.sentTo(OWNER).map((m) => m.text)).toEqual([t('early'), t('last_day')]);
    // The next day (the impounding's window would still be open) nothing more is sent.
    h.clock.set(`${fromImpounding.value.s20ComplaintWindowEnd.date}T09:30:00+05:30`);
    await h.runtime.drain();
    expect(h.fake.sentTo(OWNER)).toHaveLength(2);
  });

  it("s. 17: the owner before the hold ends; the Magistrate's office when it has lapsed, with the surplus", async () => {
    const h = await setup();
    const db = h.db.prisma;
    const now = h.clock.now();
    const c = await createCase(db, {
      impoundedAt: new Date(now.getTime() - 40 * DAY),
      status: 'SURPLUS_HELD',
      ownerTelegramId: BigInt(OWNER),
      surplusDepositedAt: now,
    });
    await db.remittance.create({
      data: { caseId: c.id, kind: 'SURPLUS_TO_MAGISTRATE', amountPaise: 345_600, confirmedAt: now },
    });
    await h.runtime.start();
    await h.runtime.drain();
    const tl = computeTimeline({ impoundedAt: new Date(now.getTime() - 40 * DAY), surplusDepositedAt: now });
    if (!tl.ok || !tl.value.surplusHoldEnd) throw new Error('timeline');
    const end = tl.value.surplusHoldEnd;
    // A week before the last day: the owner.
    h.clock.set(new Date(end.dueAt.getTime() - 7 * DAY + 10 * HOUR));
    await h.runtime.drain();
    const t = h.deps.translator;
    expect(h.fake.sentTo(OWNER).map((m) => m.text)).toEqual([
      t.t('hi', 'jobs:surplus.to_owner', { number: c.number, amount: 345_600, lastDay: end.date }),
    ]);
    expect(h.fake.sentTo(MAGISTRATE)).toEqual([]);
    // The morning after the three months: the Magistrate's office.
    h.clock.set(new Date(end.dueAt.getTime() + 10 * HOUR));
    await h.runtime.drain();
    expect(h.fake.sentTo(OWNER)).toHaveLength(1);
    expect(h.fake.sentTo(MAGISTRATE).map((m) => m.text)).toEqual([
      t.t('en', 'jobs:surplus.lapsed_to_magistrate', {
        number: c.number,
        amount: 345_600,
        lastDay: end.date,
        depositedAt: now.toISOString(),
        pound: 'Amer Pound',
      }),
    ]);
  });
});
