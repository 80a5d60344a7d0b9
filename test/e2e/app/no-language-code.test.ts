import { afterEach, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness, type TestUser } from '../../support/bot-harness';
import { enrolStaff, seed } from '../../support/fixtures';
import { declareAndDeliver, demoCase } from '../../support/paid-case';

/**
 * A person whose Telegram sends no language code: the bot's replies, the messages the jobs push to him (a payment
 * card, then the deadline job's reminder) and his command menu are all in the deployment's DEFAULT_LANGUAGE.
 */
describe('a user with no language code reads replies and pushed messages in one language', () => {
  let h: BotHarness | undefined;
  afterEach(() => h?.close());

  for (const lang of ['hi', 'en'] as const) {
    it(`DEFAULT_LANGUAGE=${lang}: /cancel, the payment card and the reminder job all in ${lang}`, async () => {
      h = await createBotHarness({ jobs: true, env: { DEFAULT_LANGUAGE: lang } });
      const t = (key: string, params?: Record<string, unknown>) => h!.deps.translator.t(lang, key, params);
      await seed(h.deps.db, h.clock.now());
      const keeper: TestUser = { id: 4401, firstName: 'Mohan' }; // no languageCode
      const owner: TestUser = { id: 4402, firstName: 'Ramesh' }; // no languageCode
      await enrolStaff(h.deps.db, keeper.id, 'POUND_KEEPER', ['JAI1']);

      // The chat: a reply in the default language.
      await h.send(keeper, '/cancel');
      expect(h.api.lastTo(keeper.id)!.text).toBe(t('owner:nothing_to_cancel'));

      // Pushed by the jobs: the payment card...
      const c = await demoCase(h, 'JAI1', 'Kunda');
      const { paymentId, cardOf } = await declareAndDeliver(h, { caseId: c.id, owner });
      const card = h.api.sentTo(keeper.id).find((m) => m.messageId === cardOf(keeper))!.text;
      expect(card).toContain(c.number);
      expect(/[\u0900-\u097F]/.test(card)).toBe(lang === 'hi');

      // ...and the deadline job's reminder when no keeper has answered it in time.
      h.clock.advance((h.deps.config.PAYMENT_NUDGE_HOURS + 1) * 3_600_000);
      await h.drain();
      const p = await h.deps.db.payment.findUniqueOrThrow({ where: { id: paymentId } });
      expect(h.api.sentTo(keeper.id).map((m) => m.text)).toContain(
        t('jobs:payment_nudge.payment', {
          number: c.number,
          amount: Number(p.amountPaise),
          declaredAt: p.declaredAt.toISOString(),
          count: h.deps.config.PAYMENT_NUDGE_HOURS,
          section: '13',
          pound: lang === 'hi' ? c.pound.nameHi : c.pound.name,
        }),
      );
    }, 120_000); // the demo seed's own cases go out through the real jobs first
  }
});
