import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotHarness } from '../../support/bot-harness';
import { data, englishOwner, hindiOwner, lastButton, ownerHarness, t } from './owner-harness';

// A typed name is printed on the keeper's payment card and the receipt: an owner must not be able to put
// "(KEEPER CONFIRMED: PAID)"-looking text there, reorder it with a right-to-left override, or leave a phone
// number. The bot says why in the owner's language and records nothing until a real name comes.
describe('owner: typed names are names', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await ownerHarness();
  });
  afterAll(() => h?.close());

  const HOSTILE = [
    'Sunita \u202e(DIAP :DEMRIFNOC REPEEK)',
    'Sunita (KEEPER CONFIRMED: PAID)',
    'Sunita 98123 45678',
    'Sunita\u200b Devi',
    'सुनीता ९८१२३४५६७८',
  ];

  it('English: each hostile name is refused with the reason, nothing recorded; a real name goes through', async () => {
    const kunda = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-1' } });
    await h.tap(englishOwner, data(h, 'cl', kunda.id));
    await h.tap(englishOwner, lastButton(h, englishOwner.id, 'who')!.data);
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'owner:claim.ask_name'));
    for (const name of HOSTILE) {
      await h.send(englishOwner, name);
      expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'owner:claim.name_invalid'));
    }
    expect(await h.deps.db.claim.count()).toBe(0);
    await h.send(englishOwner, "Sunita D'Souza-Devi");
    expect((await h.deps.db.claim.findFirstOrThrow({ where: { caseId: kunda.id } })).claimantName).toBe(
      "Sunita D'Souza-Devi",
    );
  });

  it('Hindi agent: the owner’s name is checked too; a Devanagari name with matras, nukta and a joiner is kept as typed', async () => {
    const samod = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI2-2026-1' } });
    await h.tap(hindiOwner, data(h, 'cl', samod.id));
    await h.tap(hindiOwner, data(h, 'who', samod.id, '13', 'a'));
    await h.send(hindiOwner, 'रमेश कुमार');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'owner:claim.ask_owner_name'));
    for (const name of ['गोपाल \u202e(भुगतान: हो गया)', 'गोपाल 9812345678']) {
      await h.send(hindiOwner, name);
      expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'owner:claim.name_invalid'));
    }
    expect(await h.deps.db.claim.count({ where: { caseId: samod.id } })).toBe(0);
    await h.send(hindiOwner, 'ज़ाकिर क्\u200dषत्रिय');
    const claim = await h.deps.db.claim.findFirstOrThrow({ where: { caseId: samod.id } });
    expect(claim).toMatchObject({
      claimantName: 'रमेश कुमार',
      ownerName: 'ज़ाकिर क्\u200dषत्रिय'.normalize('NFC'),
      isAgent: true,
    });
  });
});
