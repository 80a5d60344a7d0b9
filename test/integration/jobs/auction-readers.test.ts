import { describe, expect, it } from 'vitest';
import { duesForCase } from '../../../src/services/dues';
import { addToOutbox } from '../../../src/services/outbox';
import { enrolOfficials } from '../../support/fixtures';
import { caseAtAuction, seedPounds } from './cases';
import { harnessPerTest } from './harness';

const harness = harnessPerTest();

const OFFICER = 7710001;
const OWNER = 7710009;
const FOLLOWER = 7710010;
const VILLAGER_EN = 7710011;
const VILLAGER_HI = 7710012;

async function setup() {
  const h = await harness({ start: '2026-11-29T10:00:00+05:30' });
  const db = h.db.prisma;
  await seedPounds(db, h.clock.now());
  await enrolOfficials(db, [{ id: OFFICER, role: 'OFFICER', lang: 'en' }]);
  await db.telegramUser.create({ data: { id: BigInt(OWNER), language: 'hi' } });
  await db.telegramUser.create({ data: { id: BigInt(FOLLOWER), language: 'en' } });
  return h;
}

/**
 * Who hears of an auction, and in which words: whoever follows the case (🔔) gets the owner's last chance with the
 * dues, and the place and conditions an officer picked in Hindi reach an English reader in English (and a Hindi
 * reader with one "।", not two).
 */
describe('jobs: the auction to its readers', { timeout: 90_000 }, () => {
  it('a follower of the case gets the last-chance reminder with the dues, in his language, like the owner', async () => {
    const h = await setup();
    const db = h.db.prisma;
    const c = await caseAtAuction(db, h.clock.now(), { ownerTelegramId: BigInt(OWNER) });
    await db.subscription.create({ data: { telegramUserId: BigInt(FOLLOWER), kind: 'CASE', caseId: c.id } });
    const auctionAt = new Date('2026-11-29T17:00:00+05:30');
    await db.auction.create({
      data: { caseId: c.id, scheduledFor: auctionAt, place: 'Amer Haat', conditions: 'Cash' },
    });
    await h.runtime.start();
    await h.runtime.drain();
    const dues = await duesForCase(db, c.id, h.clock.now());
    if (!dues.ok) throw dues.error;
    const t = h.deps.translator;
    const params = {
      number: c.number,
      at: auctionAt.toISOString(),
      place: 'Amer Haat',
      amount: dues.value.breakdown.totals.totalPaise,
      asOf: '2026-11-29',
    };
    expect(h.fake.sentTo(FOLLOWER).map((m) => m.text)).toEqual([
      t.t('en', 'jobs:auction.morning.to_owner', { ...params, pound: 'Amer Pound' }),
    ]);
    expect(h.fake.sentTo(OWNER).map((m) => m.text)).toEqual([
      t.t('hi', 'jobs:auction.morning.to_owner', { ...params, pound: 'आमेर कांजी हाउस' }),
    ]);
  });

  it('the pound and the usual conditions picked in Hindi reach English readers in English, Hindi ones with one "।"', async () => {
    const h = await setup();
    const db = h.db.prisma;
    const c = await caseAtAuction(db, h.clock.now(), { place: 'Kunda' });
    const pound = await db.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
    const t = h.deps.translator;
    // What a Hindi officer's two buttons store: the pound in his words, and the usual conditions in his words.
    await db.auction.create({
      data: {
        caseId: c.id,
        scheduledFor: new Date('2026-12-01T11:00:00+05:30'),
        place: `${pound.nameHi}, ${pound.address}`,
        conditions: t.t('hi', 'officer:auction.usual_conditions'),
      },
    });
    for (const [id, language] of [
      [VILLAGER_EN, 'en'],
      [VILLAGER_HI, 'hi'],
    ] as const) {
      await db.telegramUser.create({ data: { id: BigInt(id), language } });
      await db.subscription.create({
        data: { telegramUserId: BigInt(id), kind: 'VILLAGE', villageKey: 'kunda', filter: '' },
      });
    }
    await addToOutbox(
      db,
      { name: 'broadcast', payload: { kind: 'auction', caseId: c.id } },
      `case:${c.id}:broadcast:auction`,
      h.clock.now(),
    );
    await h.runtime.start();
    h.clock.set('2026-11-30T09:00:00+05:30');
    await h.runtime.drain();
    const [en] = h.fake.sentTo(VILLAGER_EN).map((m) => m.text);
    expect(en).toContain(
      `at ${pound.name}, ${pound.address}. Conditions: Payment in cash on the fall of the hammer; the buyer takes the animal away the same day. `,
    );
    expect(en).not.toMatch(/[\u0900-\u097F]/);
    const [hi] = h.fake.sentTo(VILLAGER_HI).map((m) => m.text);
    expect(hi).toContain(`${pound.nameHi}, ${pound.address} में होगी।`);
    expect(hi).toContain('शर्तें: बोली समाप्त होते ही नकद भुगतान; खरीदार उसी दिन पशु ले जाएगा। ');
    expect(hi).not.toContain('।।');
    // The officer's reminder the day before: his language too.
    const [toOfficer] = h.fake.sentTo(OFFICER).map((m) => m.text);
    expect(toOfficer).toContain('Conditions: Payment in cash on the fall of the hammer; the buyer takes the animal');
    expect(toOfficer).not.toMatch(/[\u0900-\u097F]/);
  });
});
