import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadNoticeFacts, renderNoticeTexts } from '../../../src/services/notice';
import type { BotHarness } from '../../support/bot-harness';
import { caseFixture } from '../../support/case-builder';
import { englishOwner, hindiOwner, ownerHarness } from '../owner/owner-harness';

// counts agree with their nouns in both languages ("2 × cows", "2 × गायें"; "1 head … is held"),
// and a heifer reads कलोर in Hindi (बछिया is read as a female calf, whose rates differ).
describe('counts and class names as owners and officers read them', () => {
  let h: BotHarness;
  let oneHeadCaseId: number;
  let threeHeads: string;
  beforeAll(async () => {
    h = await ownerHarness();
    const entry = (heads: Array<[string, string]>) =>
      caseFixture(h.deps.db, {
        pound: 'JAI2',
        impoundedAt: '2026-11-28T16:20:00+05:30',
        place: 'Itawa',
        heads,
        seizerName: 'S',
        seizerResidence: 'Chomu',
      }).build();
    threeHeads = (
      await entry([
        ['cow', 'brown'],
        ['cow', 'brown'],
        ['heifer', 'white'],
      ])
    ).number;
    oneHeadCaseId = (await entry([['camel', 'young']])).id;
  });
  afterAll(() => h?.close());

  it('the case card counts in plurals: "2 × cows", "1 × heifer" / "2 × गायें", "1 × कलोर"', async () => {
    await h.send(englishOwner, `/case ${threeHeads}`);
    const en = h.api.lastTo(englishOwner.id)!.text;
    expect(en).toContain('• 2 × cows — brown');
    expect(en).toContain('• 1 × heifer — white');
    await h.send(hindiOwner, `/case ${threeHeads}`);
    const hi = h.api.lastTo(hindiOwner.id)!.text;
    expect(hi).toContain('• 2 × गायें — brown');
    expect(hi).toContain('• 1 × कलोर — white');
    expect(hi).not.toContain('बछिया');
  });

  it('the drum proclamation agrees with one head ("is held" / "बंद है") and with several ("are held" / "बंद हैं")', async () => {
    const one = renderNoticeTexts(h.deps.translator, (await loadNoticeFacts(h.deps.db, oneHeadCaseId))!);
    expect(one.proclamation.en).toContain(
      '1 head of cattle seized at Itawa is held at Chomu Pound and nobody has claimed it:',
    );
    expect(one.proclamation.hi).toContain('Itawa में जब्त किया गया 1 पशु चौमूं कांजी हाउस में बंद है');
    expect(one.notice.en).toContain('• 1 × camel — young');
    const c = await h.deps.db.case.findUniqueOrThrow({ where: { number: threeHeads } });
    const three = renderNoticeTexts(h.deps.translator, (await loadNoticeFacts(h.deps.db, c.id))!);
    expect(three.proclamation.en).toContain('3 head of cattle seized at Itawa are held at Chomu Pound');
    expect(three.proclamation.hi).toContain('Itawa में जब्त किए गए 3 पशु चौमूं कांजी हाउस में बंद हैं');
    expect(three.notice.en).toContain('• 2 × cows — brown');
    expect(three.notice.hi).toContain('• 2 × गायें — brown');
  });
});
