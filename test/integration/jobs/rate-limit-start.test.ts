import { describe, expect, it } from 'vitest';
import { COLD_SENDS, COLD_US, TelegramRateLimiter, WINDOW_MARGIN_US } from '../../../jobs/rate-limit';
import { redisPerTest } from './harness';

// The broadcast with no 429: Telegram counts messages in any second as they arrive. A fresh process's
// first Bot API calls may leave tens of ms after their admission (cold code, the HTTP client's first connection),
// so the limiter counts them as leaving COLD_US late: the limit's worth of later messages cannot arrive within one
// second of them. And a departure reported late (`departing`) takes its place in the window from when it left.
const fresh = redisPerTest();

async function departures(
  limiter: TelegramRateLimiter,
  chats: string[],
  beforeEach?: (i: number) => Promise<void>,
): Promise<number[]> {
  const at: number[] = [];
  for (const [i, chat] of chats.entries()) {
    await beforeEach?.(i);
    await limiter.waitTurn(chat, false);
    at.push(performance.now());
  }
  return at;
}

describe('jobs: the shared budget at process start and after a late departure', () => {
  it("a fresh process's first sends count as leaving late: the limit's next message waits for them to be a second and the margin old", async () => {
    const { redis, prefix } = fresh();
    // 3/s: three cold departures, then the fourth. By the spacing alone it would leave 1031 ms after the first.
    const limiter = new TelegramRateLimiter(redis, { perSecond: 3, perChatIntervalMs: 1000, prefix });
    expect(COLD_SENDS).toBeGreaterThanOrEqual(3);
    const at = await departures(limiter, ['1', '2', '3', '4']);
    const held = (COLD_US + WINDOW_MARGIN_US) / 1000 + 1000; // 1180 ms
    expect(at[3]! - at[0]!).toBeGreaterThan(held - 20);
  });

  it('a departure that left late is counted from when it left: the limit is kept on arrivals, not admissions', async () => {
    const { redis, prefix } = fresh();
    const limiter = new TelegramRateLimiter(redis, { perSecond: 2, perChatIntervalMs: 1000, prefix });
    // Warm it (its cold sends leave the window after 1.18 s), then two departures: the first leaves 200 ms late.
    await departures(
      limiter,
      Array.from({ length: COLD_SENDS }, (_, i) => `w${i}`),
    );
    await new Promise((r) => setTimeout(r, COLD_US / 1000 + WINDOW_MARGIN_US / 1000 + 1050));
    await limiter.waitTurn('a', false);
    const first = performance.now();
    await new Promise((r) => setTimeout(r, 200));
    limiter.departing('a'); // the Bot API call really leaves now
    const left = performance.now();
    await limiter.waitTurn('b', false);
    limiter.departing('b');
    await limiter.waitTurn('c', false);
    const third = performance.now();
    // 2/s: the third message may leave only a second and the margin after the first *left* (not was admitted).
    // Counted from its admission it would leave ~200 ms sooner; the limiter's clock (Redis) and this process's are read
    // apart, so a few ms either way is the clocks, not the limit (a loaded CI machine read 1019 against 1020).
    expect(third - left).toBeGreaterThan(1000 + WINDOW_MARGIN_US / 1000 - 50);
    expect(third - first).toBeGreaterThan(1200);
  });
});
