import { Redis, type RedisOptions } from 'ioredis';
// The handler ioredis itself runs when a connection closes (flush the waiting commands, status 'end').
import { closeHandler } from 'ioredis/built/redis/event_handler.js';

/** Redis could not be reached: the message names the URL tried (without its password). */
export class RedisUnavailableError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(
      `Redis is not reachable at ${url} (${cause instanceof Error ? cause.message : String(cause)}). Start Redis or set REDIS_URL.`,
    );
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
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: timeoutMs,
    enableOfflineQueue: false,
  });
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

/**
 * An ioredis client that can be closed while it waits to reconnect. ioredis's `disconnect()` on a client
 * in the `reconnecting` state (socket gone, retry timer pending) cancels the timer and ends a stream that is
 * already closed: no 'close' follows, so the client never reaches 'end' and commands queued meanwhile are
 * never answered. BullMQ's `Worker.close()` waits for exactly that 'end' on its blocking connection (a
 * `duplicate()` of ours), so a runtime stopped while Redis was down, or just after it came back and before
 * the worker's own client had reconnected, hung (BullMQ issue #4656). Here that disconnect runs ioredis's
 * close handler, as it does for a client that never connected: queued commands fail, the status is 'end'.
 */
export class ClosableRedis extends Redis {
  override disconnect(reconnect = false): void {
    const waitingToReconnect = !reconnect && this.status === 'reconnecting';
    super.disconnect(reconnect);
    if (waitingToReconnect && this.status === 'reconnecting') closeHandler(this)();
  }

  override duplicate(override?: Partial<RedisOptions>): ClosableRedis {
    return new ClosableRedis({ ...this.options, ...override });
  }
}

/** A connection for BullMQ queues and workers (BullMQ requires maxRetriesPerRequest: null for workers). */
export function createRedis(url: string): Redis {
  return new ClosableRedis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

/**
 * A connection for the HTTP server's per-client limits (src/http/client-limits.ts). Unlike BullMQ's, a command never
 * waits for Redis: while it is away commands fail at once (no offline queue), one that gets no answer fails after
 * 500 ms, and the request is served uncounted — a limit must not take the public pages down. It reconnects by itself.
 */
export function createLimitsRedis(url: string): Redis {
  const redis = new ClosableRedis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 3000,
    lazyConnect: true,
  });
  // Errors reach the requests as skipped counts; the jobs connection already logs Redis going away.
  redis.on('error', () => {});
  return redis;
}
