import { Redis } from 'ioredis';

/** Redis could not be reached: the message names the URL tried (without its password). */
export class RedisUnavailableError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`Redis is not reachable at ${url} (${cause instanceof Error ? cause.message : String(cause)}). Start Redis or set REDIS_URL.`);
    this.name = 'RedisUnavailableError';
  }
}

/** The URL as safe to print: any password replaced by ***. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString().replace(/\/$/, '');
  } catch {
    return '(unparseable REDIS_URL)';
  }
}

/**
 * Connects once, without retrying, and pings: start() fails fast with one clear error instead of
 * BullMQ's connection retrying forever in the background.
 */
export async function probeRedis(url: string, timeoutMs = 3000): Promise<{ maxmemoryPolicy: string | null }> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: timeoutMs, enableOfflineQueue: false });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    let policy: string | null = null;
    try {
      const res = (await probe.config('GET', 'maxmemory-policy')) as string[];
      policy = res[1] ?? null;
    } catch {
      // Managed Redis services often forbid CONFIG; the requirement is documented instead.
    }
    return { maxmemoryPolicy: policy };
  } catch (err) {
    throw new RedisUnavailableError(redactRedisUrl(url), err);
  } finally {
    probe.disconnect();
  }
}

/** A connection for BullMQ queues and workers (BullMQ requires maxRetriesPerRequest: null for workers). */
export function createRedis(url: string): Redis {
  const r = new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
  return r;
}
