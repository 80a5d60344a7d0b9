import { expect } from 'vitest';
import type { Db } from '../../src/db/index';
import { allocateCaseNumber, villageKey } from '../../src/services/case-numbers';
import { registerBidder, scheduleAuction } from '../../src/services/auction';
import { recordNotice } from '../../src/services/notice';
import { recordOwnerRefusal } from '../../src/services/auction';
import { Refusal } from '../../src/services/refusal';
import { recordSale } from '../../src/services/sale';
import type { BotHarness, TestUser } from './bot-harness';
import { inLanguage, press } from './press';
import { staffActorOf, type StaffActor, type StaffRoleCode } from '../../src/services/staff-actor';
import { enrolStaff } from './fixtures';

/** A register entry made directly in the database (the s. 8 flow itself is tested in test/e2e/register). */
export async function makeCase(
  db: Db,
  opts: {
    pound: string;
    impoundedAt: string;
    place?: string;
    heads: Array<[cls: string, desc: string]>;
    ownerTelegramId?: bigint | null;
  },
) {
  const pound = await db.pound.findUniqueOrThrow({ where: { code: opts.pound } });
  const impoundedAt = new Date(opts.impoundedAt);
  const place = opts.place ?? 'Kunda';
  return db.$transaction(async (tx) => {
    const { number, seq } = await allocateCaseNumber(tx, pound, 2026);
    return tx.case.create({
      data: {
        number,
        poundId: pound.id,
        year: 2026,
        seq,
        impoundedAt,
        placeOfSeizure: place,
        villageKey: villageKey(place),
        seizerName: 'Mohan Lal',
        seizerResidence: place,
        ownerName: opts.ownerTelegramId ? 'Ramesh' : null,
        ownerTelegramId: opts.ownerTelegramId ?? null,
        registeredAt: impoundedAt,
        heads: { create: opts.heads.map(([cls, desc], i) => ({ index: i + 1, cattleClass: cls, description: desc })) },
      },
      include: { heads: { orderBy: { index: 'asc' } } },
    });
  });
}

/** A staff member enrolled for pounds, as the services see him acting through a Telegram message. */
export async function actAs(
  db: Db,
  telegramId: number,
  role: StaffRoleCode,
  pounds: string[],
  name?: string,
): Promise<StaffActor> {
  const s = await enrolStaff(db, telegramId, role, pounds, name);
  return staffActorOf([{ staffId: s.id, role, name: s.name, poundIds: s.pounds.map((p) => p.poundId) }], {
    telegramId: BigInt(telegramId),
    chatId: telegramId,
    messageId: 1,
  });
}

/** An enrolled staff member (every grant of the Telegram user) as the services see him acting through a message. */
export async function actorOf(db: Db, telegramId: number): Promise<StaffActor> {
  const rows = await db.staffMember.findMany({
    where: { telegramUserId: BigInt(telegramId) },
    include: { pounds: true },
    orderBy: { id: 'asc' },
  });
  return staffActorOf(
    rows.map((s) => ({
      staffId: s.id,
      role: s.role as StaffRoleCode,
      name: s.name,
      poundIds: s.pounds.map((p) => p.poundId),
    })),
    { telegramId: BigInt(telegramId), chatId: telegramId, messageId: 1 },
  );
}

/**
 * Takes a JAI1 case impounded on 1 Nov 2026 to its s. 14 auction with the services (the bot flows are tested
 * elsewhere): notice posted 9 Nov 10:00, proclaimed in the village at 11:00 and at the market at 15:00; the
 * auction fixed on 10 Nov for 17 Nov 11:00; Gopal Meena of Kunda registered as a bidder at 10:00 that day.
 */
export async function toS14Auction(
  db: Db,
  officer: StaffActor,
  caseId: number,
  opts: { place?: string; directionRef?: string } = {},
) {
  await recordNotice(
    db,
    officer,
    {
      caseId,
      postedAt: ist('2026-11-09 10:00'),
      village: { place: 'Kunda', at: ist('2026-11-09 11:00') },
      market: { place: 'Amer Haat', at: ist('2026-11-09 15:00') },
    },
    ist('2026-11-09 16:00'),
  );
  await scheduleAuction(
    db,
    officer,
    {
      caseId,
      at: ist('2026-11-17 11:00'),
      place: opts.place ?? 'Amer Pound',
      conditions: 'Cash',
      directionRef: opts.directionRef ?? 'DM/JPR/Pound/12/2026',
    },
    ist('2026-11-10 10:00'),
  );
  return registerBidder(
    db,
    officer,
    { caseId, name: 'Gopal Meena', address: 'Kunda', declarationSigned: true },
    ist('2026-11-17 10:00'),
  );
}

/** An instant in India time: ist('2026-11-09 11:00'). */
export function ist(s: string): Date {
  return new Date(`${s.replace(' ', 'T')}:00+05:30`);
}

/** The refusal a service call ends in (fails the test if it succeeds or throws anything else). */
export async function refusal(p: Promise<unknown>): Promise<Refusal> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Refusal) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

/**
 * A JAI1 case impounded on 1 Nov 2026 whose s. 14 notice period is over (reported 9 Nov, notice posted 9 Nov 11:00),
 * and its auction fixed through the bot by `officer` in `lang`: 17.11.2026 11:00 at the pound, usual conditions.
 */
export async function auctionFixedThroughBot(
  h: BotHarness,
  officer: TestUser,
  lang: 'en' | 'hi',
  c: { heads: Array<[string, string]>; place?: string },
) {
  const db = h.deps.db;
  const made = await makeCase(db, {
    pound: 'JAI1',
    impoundedAt: '2026-11-01T10:00:00+05:30',
    heads: c.heads,
    ...(c.place ? { place: c.place } : {}),
  });
  await db.case.update({
    where: { id: made.id },
    data: { status: 'NOTICE_POSTED', reportedAt: ist('2026-11-09 00:00'), noticePostedAt: ist('2026-11-09 11:00') },
  });
  await h.send(officer, `/auction ${made.number}`);
  await fixAuctionFromCard(h, officer, lang, { at: '17.11.2026 11:00' });
  return made;
}

/**
 * On the case's auction card (after `/auction <number>`), `officer` fixes the auction through the bot's buttons:
 * the schedule (or, after an auction without bids, the adjourn) button, the time typed, at the JAI1 pound, usual
 * conditions, the direction's reference typed, recorded.
 */
export async function fixAuctionFromCard(
  h: BotHarness,
  officer: TestUser,
  lang: 'en' | 'hi',
  o: { at: string; adjourn?: boolean; directionRef?: string },
) {
  const t = inLanguage(h, lang);
  await press(h, officer, t(o.adjourn ? 'officer:auction.adjourn_button' : 'officer:auction.schedule_button'));
  await h.send(officer, o.at);
  await press(
    h,
    officer,
    t('officer:auction.pound_place_button', { pound: lang === 'hi' ? 'आमेर कांजी हाउस' : 'Amer Pound' }),
  );
  await press(h, officer, t('officer:auction.usual_conditions_button'));
  await h.send(officer, o.directionRef ?? 'DM/JPR/Pound/12/2026');
  await press(h, officer, t('officer:button.record'));
}

/**
 * A JAI2 case of two goats sold on the s. 16 path with the owner away, through the services: the owner refused on
 * 2 Nov 2026, the auction at Chomu Mandi on 3 Nov sold the first goat for ₹5,000 and the second for ₹4,000 to Harish,
 * no expenses; the account is not delivered (the owner was not there to sign).
 */
export async function soldWithOwnerAway(db: Db, act: StaffActor, goats: [string, string] = ['white', 'brown']) {
  const c = await makeCase(db, {
    pound: 'JAI2',
    impoundedAt: '2026-11-01T10:00:00+05:30',
    heads: goats.map((d): [string, string] => ['goat', d]),
  });
  await recordOwnerRefusal(db, act, c.id, ist('2026-11-02 10:00'), { name: 'Ramesh Gujjar' });
  await scheduleAuction(
    db,
    act,
    {
      caseId: c.id,
      at: ist('2026-11-03 11:00'),
      place: 'Chomu Mandi',
      conditions: 'Cash',
      directionRef: 'DM/JPR/12/2026',
    },
    ist('2026-11-02 10:05'),
  );
  const b = await registerBidder(
    db,
    act,
    { caseId: c.id, name: 'Harish', address: 'Chomu', declarationSigned: true },
    ist('2026-11-03 10:00'),
  );
  const heads = await db.head.findMany({ where: { caseId: c.id }, orderBy: { index: 'asc' } });
  const r = await recordSale(
    db,
    act,
    {
      caseId: c.id,
      bids: [
        { headId: heads[0]!.id, bidderId: b.bidderId, pricePaise: 500000 },
        { headId: heads[1]!.id, bidderId: b.bidderId, pricePaise: 400000 },
      ],
      saleExpensesPaise: 0,
      ownerPresentAndSigned: false,
    },
    ist('2026-11-03 12:00'),
  );
  expect(r.delivered).toBeNull();
  return c;
}

let bareCases = 0;
/**
 * A case in a database with no demo seed: a JAI1 pound (with its state and area) upserted, the case numbered
 * afresh. For tests of the database's own rules (triggers, CHECKs), which need a case to hang rows on.
 */
export async function bareCase(p: Db) {
  await p.state.upsert({
    where: { code: 'RJ' },
    create: { code: 'RJ', name: 'Rajasthan', nameHi: 'राजस्थान' },
    update: {},
  });
  const area = await p.area.upsert({
    where: { code: 'JAI' },
    create: { code: 'JAI', name: 'Jaipur', nameHi: 'जयपुर', stateCode: 'RJ' },
    update: {},
  });
  const pound = await p.pound.upsert({
    where: { code: 'JAI1' },
    create: {
      code: 'JAI1',
      name: 'Jaipur Pound 1',
      nameHi: 'जयपुर कांजी हाउस 1',
      areaId: area.id,
      address: 'x',
      policeStation: 'y',
    },
    update: {},
  });
  const seq = ++bareCases;
  return p.case.create({
    data: {
      number: `JAI1-2026-${seq}`,
      poundId: pound.id,
      year: 2026,
      seq,
      impoundedAt: new Date(),
      placeOfSeizure: 'Amer',
      villageKey: 'amer',
      seizerName: 'S',
      seizerResidence: 'R',
    },
  });
}
