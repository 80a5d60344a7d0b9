import { afterEach, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';

// A user's answer is not lost to a 429: the bot's replies share the sender's budget and wait out retry_after.
let h: BotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const USER = { id: 7700001, firstName: 'Ramesh', languageCode: 'en' };

describe('replies under Telegram flood control', () => {
  it('a 429 on a reply is waited out and retried: the user gets the answer once, no error message', async () => {
    h = await createBotHarness({ jobs: true });
    const calls: Array<{ at: number; answer: number }> = [];
    let refused = false;
    h.api.respond((method) => {
      if (method !== 'sendMessage') return undefined;
      if (!refused) {
        refused = true;
        calls.push({ at: Date.now(), answer: 429 });
        return {
          ok: false,
          error_code: 429,
          description: 'Too Many Requests: retry after 1',
          parameters: { retry_after: 1 },
        };
      }
      calls.push({ at: Date.now(), answer: 200 });
      return undefined;
    });
    await h.send(USER, '/start');
    const accepted = h.api.sentTo(USER.id).filter((m) => m.messageId > 0);
    expect(accepted.length).toBeGreaterThan(0);
    const error = h.deps.translator.t('en', 'common:error.generic');
    expect(accepted.map((m) => m.text)).not.toContain(error);
    expect(calls[0]!.answer).toBe(429);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(1000);
  }, 180_000);
});
