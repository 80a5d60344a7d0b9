import { describe, expect, it } from 'vitest';
import { chatTag, chatTagSecret, TelegramRateLimiter } from '../../../jobs/rate-limit';
import { harnessPerTest } from './harness';

// The rate limiter keeps per-chat facts in Redis (the chat's last slot and departure, its 429 streak for an
// hour): the keys name the chat by a keyed hash, so a Redis dump or `SCAN` lists no chat id.
const harness = harnessPerTest();

const CHAT = '7712345601';

describe('jobs: the rate limiter keys hold no chat id', () => {
  it('slots, departures, the 429 streak and the priority lane name the chat by its tag only', async () => {
    const h = await harness();
    const limiter = new TelegramRateLimiter(h.redis, {
      perSecond: 30,
      perChatIntervalMs: 1000,
      prefix: h.prefix,
      chatKeySecret: chatTagSecret(h.deps.config, h.prefix),
    });
    expect(await limiter.waitTurn(CHAT, false, true)).toEqual({ kind: 'go', waitMs: 0 });
    await limiter.waitTurn(CHAT, false);
    expect(await limiter.chat429(CHAT)).toBe(1);
    const keys = await h.keys();
    expect(keys).toContain(`${h.prefix}:tg:429:${chatTag(chatTagSecret(h.deps.config, h.prefix), CHAT)}`);
    for (const key of keys) {
      const type = await h.redis.type(key);
      const body =
        type === 'string'
          ? ((await h.redis.get(key)) ?? '')
          : type === 'zset'
            ? (await h.redis.zrange(key, 0, -1)).join(' ')
            : '';
      expect(`${key} ${body}`).not.toContain(CHAT);
    }
    // Another deployment (another bot token) gives the same chat another tag: the hash is keyed.
    expect(chatTag(chatTagSecret({ BOT_TOKEN: '1:other' }, h.prefix), CHAT)).not.toBe(
      chatTag(chatTagSecret(h.deps.config, h.prefix), CHAT),
    );
  });
});
