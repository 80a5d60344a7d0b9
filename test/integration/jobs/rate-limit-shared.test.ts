import { describe, expect, it } from 'vitest';
import { TelegramRateLimiter } from '../../../jobs/rate-limit';
import { harnessPerTest } from './harness';

// Two processes of one deployment share one budget in Redis, each with the limits of its own configuration.
// If one was configured at 5/s and the other left at the default 30/s, the faster one used to fill the slower
// one's gaps (6 and more departures in a second at "5/s": the broadcast bench's 429s at BENCH_RATE=5). The
// intervals in force are now the longest any live process announced.
const harness = harnessPerTest();

describe('jobs: processes configured at different rates share the slowest budget', () => {
  it('departures through a 30/s limiter stay 5/s apart while a 5/s limiter of the same deployment is alive', async () => {
    const h = await harness();
    const slow = new TelegramRateLimiter(h.redis, { perSecond: 5, perChatIntervalMs: 1000, prefix: h.prefix });
    const fast = new TelegramRateLimiter(h.redis, { perSecond: 30, perChatIntervalMs: 1000, prefix: h.prefix });
    await slow.waitTurn('1', false);
    const at: number[] = [performance.now()];
    for (let i = 0; i < 10; i++) {
      await (i % 2 === 0 ? fast : slow).waitTurn(String(100 + i), false);
      at.push(performance.now());
    }
    // 5/s at pace 0.97: at most 5 departures in any 1031 ms, so the 1st and the 6th are that far apart (15 ms
    // allowed for the replies' travel). Before, the 30/s limiter left 34 ms after each of the slow one's.
    for (let i = 0; i + 5 < at.length; i++) expect(at[i + 5]! - at[i]!).toBeGreaterThan(1015);
  });

  it('alone, a 30/s limiter is not slowed by a 5/s one that no longer runs (its announcement lapsed)', async () => {
    const h = await harness();
    const fast = new TelegramRateLimiter(h.redis, { perSecond: 30, perChatIntervalMs: 1000, prefix: h.prefix });
    await h.redis.zadd(`${h.prefix}:tg:intervals`, 1, '206186:1030928:gone');
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) await fast.waitTurn(String(300 + i), false);
    // Nine intervals of 34 ms; at 5/s they would take 1.8 s.
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
