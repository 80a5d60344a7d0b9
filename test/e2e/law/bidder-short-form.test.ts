import { describe, expect, it } from 'vitest';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { auctionFixedThroughBot, ist } from '../../support/case-fixture';
import { lastText, press, section } from '../../support/press';

// s. 19: "No officer of police or other officer or pound-keeper ... shall, directly or indirectly, purchase any
// cattle". "S. Kumar" or "Suresh K." may be the pound-keeper Suresh Kumar: the bot does not admit such a bidder
// silently; the officer must confirm he checked it is another person.
describe.each(await dbKinds())('s. 19: a bidder whose name is a short form of a staff member’s (%s)', (dbKind) => {
  const officerHi: TestUser = { id: 8701, firstName: 'Rakesh', languageCode: 'hi' };
  const officerEn: TestUser = { id: 8702, firstName: 'Anil', languageCode: 'en' };
  const t = (lang: 'en' | 'hi', key: string, p?: Record<string, unknown>) => h.deps.translator.t(lang, key, p);

  const staff: SuiteStaff[] = [
    [officerHi, 'OFFICER', ['JAI1'], 'Rakesh Yadav'],
    [officerEn, 'OFFICER', ['JAI1'], 'Anil Sharma'],
    [8703, 'POUND_KEEPER', ['JAI1'], 'Suresh Kumar'],
  ];
  const h = botSuite({ dbKind, start: '2026-11-17T09:00:00+05:30', seededAt: ist('2026-11-01 09:00'), staff });

  const auctionFor = (officer: TestUser, lang: 'en' | 'hi') =>
    auctionFixedThroughBot(h, officer, lang, { heads: [['cow', 'brown']] });

  async function registerBidder(officer: TestUser, lang: 'en' | 'hi', number: string, name: string) {
    await h.send(officer, `/auction ${number}`);
    await press(h, officer, t(lang, 'officer:auction.register_bidder_button'));
    await h.send(officer, name);
    await h.send(officer, 'Amer');
    await press(h, officer, t(lang, 'officer:auction.declaration_signed_button'));
  }

  it('"S. Kumar" is held for the officer; admitted only when he confirms another person (Hindi)', async () => {
    const c = await auctionFor(officerHi, 'hi');
    await registerBidder(officerHi, 'hi', c.number, 'S. Kumar');
    expect(lastText(h, officerHi)).toBe(
      t('hi', 'officer:auction.bidder_resembles', {
        name: 'S. Kumar',
        staff: 'Suresh Kumar',
        section: section(h, 'hi', '19'),
      }),
    );
    const auction = await h.deps.db.auction.findFirstOrThrow({ where: { caseId: c.id }, include: { bidders: true } });
    expect(auction.bidders).toEqual([]);
    await press(h, officerHi, t('hi', 'officer:auction.confirm_not_staff_button'));
    expect(lastText(h, officerHi)).toBe(t('hi', 'officer:auction.bidder_registered', { n: 1, name: 'S. Kumar' }));
    const bidders = await h.deps.db.bidder.findMany({ where: { auctionId: auction.id } });
    expect(bidders.map((b) => [b.name, b.refusedSection])).toEqual([['S. Kumar', null]]);
    const audit = await h.deps.db.auditEvent.findFirstOrThrow({
      where: { caseId: c.id, action: 'S19_BIDDER_REGISTERED' },
    });
    expect(audit.details).toMatchObject({ confirmedNotStaffBy: String(officerHi.id) });
  });

  it('"Suresh K." is held too (English); a different person "Harish Jat" is admitted at once', async () => {
    const c = await auctionFor(officerEn, 'en');
    await registerBidder(officerEn, 'en', c.number, 'Suresh K.');
    expect(lastText(h, officerEn)).toBe(
      t('en', 'officer:auction.bidder_resembles', {
        name: 'Suresh K.',
        staff: 'Suresh Kumar',
        section: section(h, 'en', '19'),
      }),
    );
    expect(lastText(h, officerEn)).toContain('“Suresh K.” may be Suresh Kumar');
    await registerBidder(officerEn, 'en', c.number, 'Harish Jat');
    expect(lastText(h, officerEn)).toBe(t('en', 'officer:auction.bidder_registered', { n: 1, name: 'Harish Jat' }));
    const auction = await h.deps.db.auction.findFirstOrThrow({ where: { caseId: c.id }, include: { bidders: true } });
    expect(auction.bidders.map((b) => b.name)).toEqual(['Harish Jat']);
  });
});
