import { describe, expect, it } from 'vitest';
import { scheduleAuction, registerBidder } from '../../../src/services/sale';
import type { StaffActor } from '../../../src/services/staff';
import { recordNotice } from '../../../src/services/notice';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { actorOf, fixAuctionFromCard, ist } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { inLanguage, lastText, press, section } from '../../support/press';

// s. 14: the auction is held and no one bids at all. Recording "not sold" for every head records nothing
// and says what can be done; once the auction's time has passed its card offers to fix another day.
describe.each(await dbKinds())('an auction with no bid at all is adjourned through the bot (%s)', (dbKind) => {
  const officer: TestUser = { id: 8501, firstName: 'Vikram', languageCode: 'en' };
  let act: StaffActor;

  const staff: SuiteStaff[] = [[officer, 'OFFICER', ['JAI1'], 'Vikram Singh']];
  const h = botSuite(
    { dbKind, start: '2026-11-17T10:00:00+05:30', seededAt: ist('2026-11-01 09:00'), staff },
    async (h) => {
      act = await actorOf(h.deps.db, officer.id);
    },
  );
  const en = inLanguage(h, 'en');

  it('"not sold" for every head records nothing; after the auction time the card offers another day', async () => {
    const db = h.deps.db;
    const c = await caseFixture(db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-01T10:00:00+05:30',
      heads: [['ass', 'grey, lame']],
    }).build();
    await recordNotice(
      db,
      act,
      {
        caseId: c.id,
        postedAt: ist('2026-11-09 10:00'),
        village: { place: 'Kunda', at: ist('2026-11-09 11:00') },
        market: { place: 'Amer Haat', at: ist('2026-11-09 12:00') },
      },
      ist('2026-11-09 13:00'),
    );
    await scheduleAuction(
      db,
      act,
      { caseId: c.id, at: ist('2026-11-17 11:00'), place: 'Amer Pound', conditions: 'Cash', directionRef: 'DM/1' },
      ist('2026-11-10 10:00'),
    );
    await registerBidder(
      db,
      act,
      { caseId: c.id, name: 'Gopal Meena', address: 'Kunda', declarationSigned: true },
      ist('2026-11-17 09:00'),
    );

    // Before its time, the card has no such button.
    await h.send(officer, `/auction ${c.number}`);
    expect(JSON.stringify(h.api.lastTo(officer.id)!.payload.reply_markup)).not.toContain(
      en('officer:auction.adjourn_button'),
    );

    h.clock.set('2026-11-17T12:00:00+05:30');
    await h.send(officer, `/sale ${c.number}`);
    await press(h, officer, en('officer:sale.not_sold_button'));
    await h.send(officer, '0');
    expect(lastText(h, officer)).toBe(en('refusal:NO_BIDS', { number: c.number, section: section(h, 'en', '14') }));
    expect(await db.sale.count({ where: { auction: { caseId: c.id } } })).toBe(0);

    await h.send(officer, `/auction ${c.number}`);
    await fixAuctionFromCard(h, officer, 'en', { adjourn: true, at: '24.11.2026 11:00', directionRef: 'DM/1' });
    expect(lastText(h, officer)).toBe(
      en('officer:auction.scheduled', {
        number: c.number,
        at: ist('2026-11-24 11:00').toISOString(),
        place: 'Amer Pound, Near Tehsil Office, Amer, Jaipur',
      }),
    );
    const rounds = await db.auction.findMany({ where: { caseId: c.id }, orderBy: { round: 'asc' } });
    expect(rounds.map((a) => [a.round, a.status, a.scheduledFor.toISOString()])).toEqual([
      [1, 'CANCELLED', ist('2026-11-17 11:00').toISOString()],
      [2, 'SCHEDULED', ist('2026-11-24 11:00').toISOString()],
    ]);
    // The new auction's card: a fresh bidder list (the declaration is signed for each sale).
    await h.send(officer, `/auction ${c.number}`);
    const card = lastText(h, officer);
    expect(card).toContain(en('officer:auction.card_round_line', { round: 2 }));
    expect(card).toContain(en('officer:auction.no_bidders'));
  });
});
