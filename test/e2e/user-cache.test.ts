import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_CACHE_TTL_MS } from '../../bot/middleware/user';
import { issueEnrolmentCode } from '../../src/services/staff';
import { createBotHarness, type BotHarness } from '../support/bot-harness';
import { seed } from '../support/fixtures';

// the user's language and grants are cached in-process (bot/middleware/user.ts); a change made
// through this bot — /language, an enrolment — shows on the very next update.

describe('user cache (e2e, cache on)', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness({ userCacheTtlMs: USER_CACHE_TTL_MS });
    await seed(h.deps.db, h.clock.now());
  }, 120_000);
  afterAll(() => h?.close());

  it('a language change shows at once', async () => {
    const user = { id: 8301, firstName: 'Asha', languageCode: 'en' };
    await h.send(user, '/help');
    expect(h.api.lastTo(user.id)!.text).toBe(
      h.deps.translator.t('en', 'owner:help.text', {
        fine: h.deps.translator.t('en', 'common:term.fine'),
        deducted: h.deps.translator.t('en', 'common:term.penalty_glossed'),
        saleDay: 16,
      }),
    );
    await h.send(user, '/language hi');
    await h.send(user, '/help');
    expect(h.api.lastTo(user.id)!.text).toBe(
      h.deps.translator.t('hi', 'owner:help.text', {
        fine: h.deps.translator.t('hi', 'common:term.fine'),
        deducted: h.deps.translator.t('hi', 'common:term.penalty_glossed'),
        saleDay: 16,
      }),
    );
  });

  it('an enrolment gives the role on the next update', async () => {
    const user = { id: 8302, firstName: 'Mohan', languageCode: 'en' };
    await h.send(user, '/register');
    expect(h.api.lastTo(user.id)!.text).toBe(h.deps.translator.t('en', 'common:error.not_allowed'));
    const { code } = await issueEnrolmentCode(h.deps.db, {
      role: 'POUND_KEEPER',
      poundCodes: ['JAI1'],
      ttlHours: 72,
      now: h.clock.now(),
      name: 'Mohan',
    });
    await h.send(user, `/start enrol_${code}`);
    await h.send(user, '/register');
    expect(h.api.lastTo(user.id)!.text).not.toBe(h.deps.translator.t('en', 'common:error.not_allowed'));
  });
});
