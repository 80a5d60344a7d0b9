import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotHarness, TestUser } from '../../support/bot-harness';
import { enrolStaff } from '../../support/fixtures';
import { englishOwner, footprint, hindiOwner, ownerHarness, t } from './owner-harness';

// People reply to whatever message is in front of them. An owner answering the welcome with the case number
// means the case; a keeper's "ok" or amount that did not reach a payment card is a confirmation gone astray,
// not an owner's search: they are told exactly what to do, in their language, and nothing is recorded.
describe('replies and amounts outside a flow get what the person meant', () => {
  let h: BotHarness;
  const keeperEn: TestUser = { id: 7801, firstName: 'Mohan', languageCode: 'en' };
  const keeperHi: TestUser = { id: 7802, firstName: 'गीता', languageCode: 'hi' };
  beforeAll(async () => {
    h = await ownerHarness();
    await enrolStaff(h.deps.db, keeperEn.id, 'POUND_KEEPER', ['JAI1']);
    await enrolStaff(h.deps.db, keeperHi.id, 'POUND_KEEPER', ['JAI1']);
  });
  afterAll(() => h?.close());

  it.each([
    ['en', englishOwner],
    ['hi', hindiOwner],
  ] as const)(
    '%s: an owner replying to the welcome with a case number gets the case, as if they had just sent it',
    async (lang, owner) => {
      await h.send(owner, '/start');
      const welcome = h.api.lastTo(owner.id)!;
      await h.send(owner, 'JAI1-2026-1');
      const direct = h.api.lastTo(owner.id)!.text;
      expect(direct).toContain('JAI1-2026-1');
      await h.reply(owner, welcome.messageId, 'JAI1-2026-1');
      const answered = h.api.lastTo(owner.id)!.text;
      expect(answered).toBe(direct);
      expect(answered).not.toBe(t(h, lang, 'common:error.unsupported_message'));
    },
  );

  it.each([
    ['en', keeperEn],
    ['hi', keeperHi],
  ] as const)(
    '%s: a keeper’s ok / amount / no sent as a reply to another message, or without replying, is told to reply to the card or use /pending',
    async (lang, keeper) => {
      await h.send(keeper, '/help');
      const notACard = h.api.lastTo(keeper.id)!;
      const before = await footprint(h);
      const payments = await h.deps.db.payment.count();
      for (const text of ['ok', '800.00', 'no not received']) {
        await h.reply(keeper, notACard.messageId, text);
        expect(h.api.lastTo(keeper.id)!.text).toBe(t(h, lang, 'staff:confirm.reply_to_card'));
      }
      for (const text of ['800', '₹ 1,250.50', 'ok']) {
        await h.send(keeper, text);
        expect(h.api.lastTo(keeper.id)!.text).toBe(t(h, lang, 'staff:confirm.reply_to_card'));
      }
      expect(t(h, lang, 'staff:confirm.reply_to_card')).toContain('/pending');
      expect(await footprint(h)).toEqual(before);
      expect(await h.deps.db.payment.count()).toBe(payments);
      // A case number from a keeper is still a search.
      await h.send(keeper, 'JAI1-2026-1');
      expect(h.api.lastTo(keeper.id)!.text).toContain('JAI1-2026-1');
      expect(h.api.lastTo(keeper.id)!.text).not.toBe(t(h, lang, 'staff:confirm.reply_to_card'));
    },
  );
});
