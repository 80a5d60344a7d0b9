import { describe, expect, it } from 'vitest';
import { TelegramRateLimiter, URGENT_STALE_US } from '../../../jobs/rate-limit';
import { redisPerTest } from './harness';

// The priority lane (officials' and people's messages before the bulk): a process registers an urgent send, and
// every process's bulk sends wait until it has left. A worker killed between registering and leaving (kill -9) must
// not hold the deployment's bulk back: the chaos run saw a broadcast stall from one kill to the next fault, for the
// 60 s the registration was then kept. A live urgent send that waits longer than that (a 429 pause) keeps its place.
const fresh = redisPerTest();

describe('jobs: the priority lane after a process died in it', () => {
  it("a dead process's urgent registration holds the bulk back for URGENT_STALE at most, not a minute", async () => {
    const { redis, prefix } = fresh();
    const dead = new TelegramRateLimiter(redis, { perSecond: 30, perChatIntervalMs: 1000, prefix });
    const live = new TelegramRateLimiter(redis, { perSecond: 30, perChatIntervalMs: 1000, prefix });
    // Registered, then the process is gone: no admission, no clean-up.
    const grant = await dead.acquire('100', false, 'token-of-a-killed-worker');
    expect(grant.kind).toBe('go');
    const t0 = performance.now();
    await live.waitTurn('200', false);
    const waited = performance.now() - t0;
    expect(waited).toBeGreaterThan(URGENT_STALE_US / 1000 - 200); // it did yield while the entry could be live
    expect(waited).toBeLessThan(URGENT_STALE_US / 1000 + 1500);
  }, 20_000);

  it('a live urgent send kept waiting longer than that by a 429 pause still leaves before the bulk that asked first', async () => {
    const { redis, prefix } = fresh();
    // 5/s: one interval is ~206 ms, so "may leave within one interval" is not a race of milliseconds.
    const a = new TelegramRateLimiter(redis, { perSecond: 5, perChatIntervalMs: 1000, prefix });
    const b = new TelegramRateLimiter(redis, { perSecond: 5, perChatIntervalMs: 1000, prefix });
    await a.pauseAll(URGENT_STALE_US / 1000 + 1500);
    const order: string[] = [];
    // The bulk asks first; the urgent send registered more than URGENT_STALE before the pause ends. (ADMIT renews a
    // waiting urgent send's entry to its next attempt; here both also wake within a few ms of each other, so this
    // guards the outcome — the urgent send first after a long pause — rather than the renewal alone.)
    const bulk = Promise.all(
      ['401', '402'].map((chat) => b.waitTurn(chat, false).then(() => order.push(`bulk ${chat}`))),
    );
    await new Promise((r) => setTimeout(r, 50));
    const urgent = a.waitTurn('300', false, true).then(() => order.push('urgent'));
    await Promise.all([urgent, bulk]);
    expect(order[0]).toBe('urgent');
  }, 20_000);
});

describe('jobs: admission checks the sending job still holds its lock, in the same atomic step', () => {
  it('a lock that is gone (Redis restarted empty while the admission call waited) or held by another run admits nothing', async () => {
    const { redis, prefix } = fresh();
    const limiter = new TelegramRateLimiter(redis, { perSecond: 30, perChatIntervalMs: 1000, prefix });
    const key = `${prefix}:send:d.1:lock`;
    expect(await limiter.waitTurn('500', false, false, undefined, { key, token: 'run-1' })).toEqual({
      kind: 'lock_lost',
    });
    await redis.set(key, 'run-2', 'PX', 10_000);
    expect(await limiter.waitTurn('500', false, false, undefined, { key, token: 'run-1' })).toEqual({
      kind: 'lock_lost',
    });
    // Nothing was admitted: no departure in the window.
    expect(await redis.zcard(`${prefix}:tg:window`)).toBe(0);
    expect((await limiter.waitTurn('500', false, false, undefined, { key, token: 'run-2' })).kind).toBe('go');
    expect(await redis.zcard(`${prefix}:tg:window`)).toBe(1);
  });
});
