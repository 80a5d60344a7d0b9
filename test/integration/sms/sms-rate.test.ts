import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MobileVault, type FakeSmsProvider, insertOwnerMobile, queueOwnerSms } from '../../../src/services/sms';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';
import { caseFixture } from '../../support/case-builder';
import { seed } from '../../support/fixtures';

// The SMS queue has its own budget (SMS_PER_SECOND, BullMQ's limiter, shared by every worker of the deployment):
// six SMS at 2 a second take at least two seconds, whatever Telegram's budget is.
describe('SMS rate limit', () => {
  let h: BotHarness;
  const KEY = Buffer.alloc(32, 3).toString('base64');
  beforeAll(async () => {
    h = await createBotHarness({
      jobs: true,
      env: { SMS_PROVIDER: 'fake', SMS_DATA_KEY: KEY, SMS_PER_SECOND: '2' },
    });
    await seed(h.deps.db, h.clock.now());
  });
  afterAll(() => h?.close());

  it('sends at most SMS_PER_SECOND a second', async () => {
    const c = await caseFixture(h.deps.db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-28T10:00:00+05:30',
      heads: [['cow', 'brown']],
    }).build();
    const vault = new MobileVault(KEY);
    const now = h.clock.now();
    await h.deps.db.$transaction(async (tx) => {
      for (let i = 0; i < 6; i++)
        await insertOwnerMobile(tx, {
          caseId: c.id,
          mobile: { ...vault.seal(`90000000${String(i).padStart(2, '0')}`), language: 'en' },
          staffId: null,
          now,
        });
      expect(await queueOwnerSms(tx, c.id, 'registered', now)).toBe(6);
    });
    await h.drain();
    const sent = (h.deps.sms!.provider as FakeSmsProvider).sent;
    expect(sent).toHaveLength(6);
    const times = sent.map((s) => s.acceptedAtMs).sort((a, b) => a - b);
    // Three windows of one second: the last leaves about two seconds after the first (without the limiter all six
    // leave within a few tens of milliseconds); any third is well apart from the first of its pair.
    expect(times[5]! - times[0]!).toBeGreaterThanOrEqual(1500);
    for (let i = 2; i < times.length; i++) expect(times[i]! - times[i - 2]!).toBeGreaterThanOrEqual(500);
  });
});
