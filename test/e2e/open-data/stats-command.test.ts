import { describe, expect, it } from 'vitest';
import { takeSnapshot } from '../../../src/services/open-data';
import { botSuite } from '../../support/bot-harness';
import { caseFixture } from '../../support/case-builder';

// /stats in the chat, on the real bot: a pound's or a district's at-a-glance in the sender's language with the link to
// its page, the "< 3" mark where a figure counts one or two register entries and "x" where one is withheld beside it,
// the keeper's own pound without a code,
// and an unknown code answered with the list of districts. Never a name from the register.

const hindiOwner = { id: 9301, firstName: 'Ramu', languageCode: 'hi' };
const englishOwner = { id: 9302, firstName: 'Sunita', languageCode: 'en' };
const keeper = { id: 9303, firstName: 'Keeper', languageCode: 'en' };

describe('/stats in the chat', () => {
  const h = botSuite(
    {
      start: '2026-11-29T16:05:00+05:30',
      seededAt: 'now',
      staff: [[keeper, 'POUND_KEEPER', ['JAI2'], 'Chomu keeper']],
      env: { PUBLIC_URL: 'https://kanji.example.gov.in' },
    },
    async (h) => {
      // Five entries at Chomu (JAI2) this month, two heads each, in the register with a name the chat must not show.
      for (let k = 0; k < 5; k++)
        await caseFixture(h.deps.db, {
          pound: 'JAI2',
          impoundedAt: new Date(Date.UTC(2026, 10, 3 + k, 5)),
          ownerName: 'Bhola Nath',
          heads: [
            ['cow', 'white'],
            ['cow', 'red'],
          ],
        }).build();
      await takeSnapshot(h.deps);
    },
  );

  it('a pound in English: its at-a-glance and the link to its page', async () => {
    await h.send(englishOwner, '/stats jai2');
    const text = h.api.lastTo(englishOwner.id)!.text!;
    expect(text).toContain('Chomu');
    // Amer (JAI1), the district's other pound, has two entries ("< 3"): Chomu's figures are withheld beside it, or
    // the district's less Chomu's would tell Amer's.
    expect(text).toContain('Cattle impounded this month: x');
    expect(text).toContain('In the pound now: x');
    expect(text).toContain('“x” is held back so that a “< 3” cannot be worked out');
    expect(text).toContain('https://kanji.example.gov.in/stats/p/JAI2?lang=en');
    expect(text).not.toContain('Bhola');
    // The district's own figures are exact: ten heads of these five, the demo's entry at Chomu with three, and Amer's.
    const amer = await h.deps.db.head.count({ where: { status: 'IMPOUNDED', case: { pound: { code: 'JAI1' } } } });
    await h.send(englishOwner, '/stats RJ-JAIPUR');
    expect(h.api.lastTo(englishOwner.id)!.text).toContain(`In the pound now: ${13 + amer}`);
  });

  it('the district in Hindi, where a figure of one or two entries reads "< 3"', async () => {
    await h.send(hindiOwner, '/stats RJ-JAIPUR');
    const text = h.api.lastTo(hindiOwner.id)!.text!;
    expect(text).toContain('जयपुर');
    expect(text).toContain('इस महीने कांजी हाउस में बंद किए गए पशु');
    expect(text).toContain('https://kanji.example.gov.in/stats/d/RJ-JAIPUR?lang=hi');
    // The demo district's own entries at Amer (JAI1) are two: JAI1's figures are "< 3".
    await h.send(hindiOwner, '/stats JAI1');
    expect(h.api.lastTo(hindiOwner.id)!.text).toMatch(/अभी कांजी हाउस में: < 3/);
  });

  it("a keeper without a code gets his own pound's; an unknown code is told the list of districts", async () => {
    await h.send(keeper, '/stats');
    expect(h.api.lastTo(keeper.id)!.text).toContain('Chomu');
    await h.send(englishOwner, '/stats NOWHERE');
    expect(h.api.lastTo(englishOwner.id)!.text).toContain('No pound or district has the code “NOWHERE”');
    expect(h.api.lastTo(englishOwner.id)!.text).toContain('https://kanji.example.gov.in/stats?lang=en');
    await h.send(englishOwner, '/stats');
    expect(h.api.lastTo(englishOwner.id)!.text).toContain('/stats JAI1');
  });
});
