import { Refusal } from '../../src/services/refusal';
import type { Db } from '../../src/db';
import { staffActorOf, type StaffActor, type StaffRoleCode } from '../../src/services/staff';
import type { BotHarness, TestUser } from './bot-harness';
import { caseFixture, ist } from './case-builder';
import { enrolStaff } from './fixtures';
import { inLanguage, press } from './press';

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

export { ist };

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
 * A JAI1 case impounded on 1 Nov 2026 whose s. 14 notice period is over (reported 9 Nov, the notice stuck up 9 Nov 10:00 and
 * proclaimed in the village and at the market the same day: the services, through `caseFixture`),
 * and its auction fixed through the bot by `officer` in `lang`: 17.11.2026 11:00 at the pound, usual conditions.
 */
export async function auctionFixedThroughBot(
  h: BotHarness,
  officer: TestUser,
  lang: 'en' | 'hi',
  c: { heads: Array<[string, string]>; place?: string },
) {
  const db = h.deps.db;
  const made = await caseFixture(db, {
    pound: 'JAI1',
    impoundedAt: '2026-11-01T10:00:00+05:30',
    heads: c.heads,
    ...(c.place ? { place: c.place } : {}),
  })
    .reported(ist('2026-11-09 00:00'))
    .noticed(await actorOf(db, officer.id), { postedAt: ist('2026-11-09 10:00') })
    .build();
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
  return caseFixture(db, {
    pound: 'JAI2',
    impoundedAt: '2026-11-01T10:00:00+05:30',
    heads: goats.map((d): [string, string] => ['goat', d]),
  })
    .refused(act, ist('2026-11-02 10:00'))
    .auction(act, {
      at: ist('2026-11-03 11:00'),
      place: 'Chomu Mandi',
      directionRef: 'DM/JPR/12/2026',
      now: ist('2026-11-02 10:05'),
    })
    .bidder(act, { name: 'Harish', address: 'Chomu', at: ist('2026-11-03 10:00') })
    .sold(act, {
      at: ist('2026-11-03 12:00'),
      bids: [
        [1, 500000],
        [2, 400000],
      ],
    })
    .build();
}
