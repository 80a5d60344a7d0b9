import type { Api } from 'grammy';
import { Redis } from 'ioredis';
import type { Db } from '../db';

/** The parts /readyz checks; each is 'ok' or why it is not. */
export type ReadinessReport = { ready: boolean; checks: Record<'database' | 'redis' | 'bot_api', string> };

const withTimeout = <T>(p: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    p,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

const reason = (err: unknown) =>
  `down: ${(err instanceof Error ? err.message : String(err)).replace(/bot\d+:[\w-]+/g, 'bot***').slice(0, 200)}`;

/**
 * Readiness of this process for a load balancer: the database answers SELECT 1, Redis answers PING, and
 * the Bot API answers getMe. The getMe answer is kept `botApiCacheSeconds` (a failure 5 s), so a load
 * balancer probing every few seconds does not turn into a stream of calls to Telegram.
 */
export class Readiness {
  private readonly redis: Redis;
  private botApi: { at: number; result: string } | undefined;

  constructor(
    private readonly o: { db: Db; redisUrl: string; api?: Api; botApiCacheSeconds: number; timeoutMs?: number },
  ) {
    // Its own connection, without an offline queue: while Redis is down PING fails at once instead of waiting.
    this.redis = new Redis(o.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      retryStrategy: (n) => Math.min(n * 250, 2000),
    });
    this.redis.on('error', () => {});
  }

  private async checkBotApi(timeoutMs: number): Promise<string> {
    if (!this.o.api) return 'ok';
    const now = Date.now();
    if (this.botApi && now - this.botApi.at < (this.botApi.result === 'ok' ? this.o.botApiCacheSeconds * 1000 : 5000))
      return this.botApi.result;
    let result: string;
    try {
      await withTimeout(this.o.api.getMe(), timeoutMs, 'the Bot API');
      result = 'ok';
    } catch (err) {
      result = reason(err);
    }
    this.botApi = { at: Date.now(), result };
    return result;
  }

  async check(): Promise<ReadinessReport> {
    const timeoutMs = this.o.timeoutMs ?? 2000;
    // Just after start (or while it reconnects) give the connection a moment before calling Redis down.
    if (this.redis.status !== 'ready')
      await withTimeout(new Promise((r) => this.redis.once('ready', r)), 500, 'Redis').catch(() => {});
    const settle = (p: Promise<unknown>) => p.then(() => 'ok', reason);
    const [database, redis, bot_api] = await Promise.all([
      settle(withTimeout(this.o.db.$queryRaw`SELECT 1`, timeoutMs, 'the database')),
      settle(
        withTimeout(
          this.redis.status === 'ready'
            ? this.redis.ping()
            : Promise.reject(new Error(`not connected (${this.redis.status})`)),
          timeoutMs,
          'Redis',
        ),
      ),
      this.checkBotApi(timeoutMs),
    ]);
    const checks = { database, redis, bot_api };
    return { ready: Object.values(checks).every((v) => v === 'ok'), checks };
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
