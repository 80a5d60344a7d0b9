import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTransition } from '../../../src/law';
import { caseStateOf, loadCase } from '../../../src/services/case-transition';
import type { BotHarness } from '../../support/bot-harness';
import { ist } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { englishOwner, hindiOwner, ownerHarness, t } from './owner-harness';

// What the owner's card promises equals what the Act (and the engine's gate) allows. Dates worked out by
// hand (General Clauses Act s. 9: the first day is excluded): a notice posted on 20 Nov → seven days end
// with 27 Nov → the first day of sale is 28 Nov.
describe('owner: the next statutory step on the case card (ss. 14, 16)', () => {
  let h: BotHarness;
  const cards = { notice: '', reported: '', refused: '', partS14: '', partS16: '' };
  const cardOf = async (number: string) => {
    await h.send(englishOwner, number);
    const en = h.api.lastTo(englishOwner.id)!.text;
    await h.send(hindiOwner, number);
    return { en, hi: h.api.lastTo(hindiOwner.id)!.text };
  };

  beforeAll(async () => {
    h = await ownerHarness();
    const db = h.deps.db;
    // One buffalo: what comes next reads singular ("claim it"), `count: 1` below.
    const heads: Array<[string, string]> = [['buffalo', 'black, curved horns']];
    const a = await caseFixture(db, { pound: 'JAI1', impoundedAt: '2026-11-12T10:00:00+05:30', heads }).build();
    await db.case.update({
      where: { id: a.id },
      data: { status: 'NOTICE_POSTED', reportedAt: ist('2026-11-20 09:00'), noticePostedAt: ist('2026-11-20 10:15') },
    });
    // Back-dated: registered late, the report already sent.
    const b = await caseFixture(db, { pound: 'JAI1', impoundedAt: '2026-11-15T10:00:00+05:30', heads }).build();
    await db.case.update({
      where: { id: b.id },
      data: { status: 'REPORTED_S14', reportedAt: ist('2026-11-29 09:00') },
    });
    // Owner appeared on 28 Nov (day 3) and did not pay: s. 16.
    const c = await caseFixture(db, { pound: 'JAI1', impoundedAt: '2026-11-25T10:00:00+05:30', heads }).build();
    await db.case.update({ where: { id: c.id }, data: { ownerRefusedAt: ist('2026-11-28 11:00') } });
    // Partly sold at a s. 14 auction (heads without a bid stay), and partly sold under s. 16 (the rest returned).
    const d = await caseFixture(db, { pound: 'JAI1', impoundedAt: '2026-11-01T10:00:00+05:30', heads }).build();
    await db.case.update({
      where: { id: d.id },
      data: { status: 'PARTLY_SOLD', reportedAt: ist('2026-11-09 09:00'), noticePostedAt: ist('2026-11-09 10:15') },
    });
    const e = await caseFixture(db, { pound: 'JAI1', impoundedAt: '2026-11-01T10:00:00+05:30', heads }).build();
    await db.case.update({
      where: { id: e.id },
      data: { status: 'PARTLY_SOLD', ownerRefusedAt: ist('2026-11-03 11:00') },
    });
    Object.assign(cards, {
      notice: a.number,
      reported: b.number,
      refused: c.number,
      partS14: d.number,
      partS16: e.number,
    });
  });
  afterAll(() => h?.close());

  it('notice posted: the first day of sale is the day the engine first allows the auction; claim until sold', async () => {
    const { en, hi } = await cardOf(cards.notice);
    expect(en).toContain(t(h, 'en', 'owner:next.auction_from', { date: '2026-11-28', count: 1 }));
    expect(hi).toContain(t(h, 'hi', 'owner:next.auction_from', { date: '2026-11-28', count: 1 }));
    expect(en).toContain('You can still claim it until it is sold.');
    expect(en).not.toContain('until then');
    // The gate: refused one minute before 28 Nov 00:00 IST, allowed at it.
    const state = caseStateOf(
      await loadCase(h.deps.db, (await h.deps.db.case.findUniqueOrThrow({ where: { number: cards.notice } })).id),
    );
    const now = ist('2026-11-21 10:00');
    expect(checkTransition(state, 'SCHEDULE_AUCTION', 'officer', now, { auctionAt: ist('2026-11-27 23:59') }).ok).toBe(
      false,
    );
    expect(checkTransition(state, 'SCHEDULE_AUCTION', 'officer', now, { auctionAt: ist('2026-11-28 00:00') }).ok).toBe(
      true,
    );
  });

  it('a back-dated case already reported says it was reported, not that the keeper will report', async () => {
    const { en, hi } = await cardOf(cards.reported);
    const p = { date: '2026-11-22', reportedAt: ist('2026-11-29 09:00').toISOString(), count: 1 };
    expect(en).toContain(t(h, 'en', 'owner:next.reported', p));
    expect(hi).toContain(t(h, 'hi', 'owner:next.reported', p));
    expect(en).not.toContain(t(h, 'en', 'owner:next.report_due', { date: '2026-11-22', count: 1 }));
  });

  it('after a s. 16 refusal the card no longer promises "claim by" day 7: a sale is possible now', async () => {
    const { en, hi } = await cardOf(cards.refused);
    expect(en).toContain(t(h, 'en', 'owner:next.s16_sale', { date: '2026-11-28', saleFrom: '2026-11-29', count: 1 }));
    expect(hi).toContain(t(h, 'hi', 'owner:next.s16_sale', { date: '2026-11-28', saleFrom: '2026-11-29', count: 1 }));
    expect(en).not.toContain(t(h, 'en', 'owner:next.claim_by', { date: '2026-12-02', count: 1 }));
  });

  it('PARTLY_SOLD: on the s. 14 path the rest stay in the pound (s. 14); after a s. 16 sale the rest are returned (s. 16)', async () => {
    // The one buffalo is still in the pound: its status reads singular.
    const s14 = await cardOf(cards.partS14);
    expect(s14.en).toContain(t(h, 'en', 'common:status_s14.PARTLY_SOLD', { count: 1 }));
    expect(s14.en).toContain('the animal without a bid is still in the pound');
    expect(s14.hi).toContain(t(h, 'hi', 'common:status_s14.PARTLY_SOLD', { count: 1 }));
    expect(s14.hi).toContain('जिस पशु की बोली नहीं लगी वह कांजी हाउस में ही है');
    expect(s14.en).not.toContain(t(h, 'en', 'common:status.PARTLY_SOLD', { count: 1 }));
    const s16 = await cardOf(cards.partS16);
    expect(s16.en).toContain(t(h, 'en', 'common:status.PARTLY_SOLD', { count: 1 }));
    expect(s16.en).toContain('Partly sold; the unsold animal returned (s. 16)');
    expect(s16.hi).toContain(t(h, 'hi', 'common:status.PARTLY_SOLD', { count: 1 }));
  });

  it('/help: the earliest s. 14 sale is day 16 (7 days, the report and notice next day, 7 days), at the village and nearest market', async () => {
    await h.send(englishOwner, '/help');
    const en = h.api.lastTo(englishOwner.id)!.text;
    // Act 8 of 2026 amends s. 16 only: the s. 12 fine per head keeps its word, the s. 16 deduction says penalty.
    expect(en).toBe(
      t(h, 'en', 'owner:help.text', {
        fine: t(h, 'en', 'common:term.fine'),
        deducted: t(h, 'en', 'common:term.penalty_glossed'),
        saleDay: 16,
      }),
    );
    expect(en).toContain('the fine for each animal (s. 12)');
    expect(en).toContain('The penalty and charges are then taken from the sale money (s. 16)');
    expect(en).toContain('on day 16 after impounding at the earliest');
    expect(en).toContain('in the village and at the market-place nearest to the place of seizure');
    expect(en).not.toContain('about 14 days');
    await h.send(hindiOwner, '/help');
    const hi = h.api.lastTo(hindiOwner.id)!.text;
    expect(hi).toBe(
      t(h, 'hi', 'owner:help.text', {
        fine: t(h, 'hi', 'common:term.fine'),
        deducted: t(h, 'hi', 'common:term.penalty_glossed'),
        saleDay: 16,
      }),
    );
    expect(hi).toContain('प्रति पशु जुर्माना (धारा 12)');
    expect(hi).toContain('फिर बिक्री से मिली राशि से शास्ति (यानी दंड की राशि) और खर्च काट लिए जाते हैं (धारा 16)');
    expect(hi).toContain('16वें दिन');
  });
});
