import { isIPv6 } from 'node:net';
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { redisTag, redisTagSecret } from '../redis-tag';
import { LoginThrottle } from './login-throttle';

/**
 * Where the per-client limits of the HTTP server count: the deployment's Redis, under its QUEUE_PREFIX, so N bot
 * processes and M workers behind one load balancer allow each client the configured number, not N+M times it.
 * Without it (a test of the server alone, the local chat) each process counts in its own memory.
 */
export interface SharedLimits {
  redis: Redis;
  /** QUEUE_PREFIX: keys are `<prefix>:http:…`. */
  prefix: string;
  /** The key of clientTag(): the same in every process of a deployment (clientTagSecret). */
  secret: string;
}

/** The secret of clientTag() for a deployment (redisTagSecret, as the Telegram pacing's chat tags). */
export function clientTagSecret(
  config: { BOT_TOKEN?: string | undefined; WEBHOOK_SECRET?: string | undefined },
  prefix: string,
): string {
  return redisTagSecret('http-client', config, prefix);
}

/**
 * The client as the limits count him: his IPv4 address, or the /64 of an IPv6 one (a home or phone line is given a
 * whole /64, so counting single IPv6 addresses would let one client rotate through them), an IPv4 mapped into IPv6
 * as the IPv4 address.
 */
export function clientAddress(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const groups = (s: string) => (s ? s.split(':') : []).flatMap(v4Groups);
  const h = groups(head);
  const t = ip.includes('::') ? groups(tail) : [];
  const all = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** An embedded IPv4 tail (::1.2.3.4) as the two IPv6 groups it stands for. */
function v4Groups(g: string): string[] {
  if (!g.includes('.')) return [g];
  const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

/**
 * The name a client goes by in Redis: the redisTag of his address (an IP address is personal data, DPDP Act 2023). The
 * IPv4 space is small, so only the deployment's secret makes this more than a lookup table.
 */
export function clientTag(secret: string, ip: string): string {
  return redisTag(secret, clientAddress(ip));
}

/**
 * The options of @fastify/rate-limit for this server: counted in Redis when `shared` is given, keyed by the client's
 * tag. A limit never takes a page down: when Redis does not answer the request is served uncounted (skipOnError).
 */
export function rateLimitOptions(shared: SharedLimits | undefined): RateLimitPluginOptions {
  if (!shared) return { global: false };
  return {
    global: false,
    redis: shared.redis,
    nameSpace: `${shared.prefix}:http:`,
    skipOnError: true,
    keyGenerator: (req: FastifyRequest) => clientTag(shared.secret, req.ip),
  };
}

/** Wrong logins of one client, as the queue dashboard counts them (the Redis one, or one process's memory). */
export interface WrongLogins {
  /** Seconds until `client` may try again, or 0 when he may try now. */
  blockedFor(client: string, now: number): Promise<number>;
  failed(client: string, now: number): Promise<void>;
  succeeded(client: string): Promise<void>;
}

// One script per step, so a count and its expiry are set together: a count left without expiry would lock out for good.
const FAILED = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;
const BLOCKED = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n < tonumber(ARGV[1]) then return 0 end
return redis.call('PTTL', KEYS[1])`;

/**
 * Wrong logins counted in the deployment's Redis (`<prefix>:http:<name>:<client tag>`: the dashboard's `login`, gone when the
 * window has passed), so a guesser gets `max` tries in all, not `max` per process. Redis away: each process counts
 * in its own memory meanwhile, rather than refusing every login or none.
 */
export function wrongLogins(
  max: number,
  windowMs: number,
  shared: SharedLimits | undefined,
  name = 'login',
): WrongLogins {
  const local = new LoginThrottle(max, windowMs);
  if (!shared) {
    return {
      blockedFor: async (client, now) => local.blockedFor(client, now),
      failed: async (client, now) => local.failed(client, now),
      succeeded: async (client) => local.succeeded(client),
    };
  }
  const key = (client: string) => `${shared.prefix}:http:${name}:${clientTag(shared.secret, client)}`;
  return {
    async blockedFor(client, now) {
      try {
        const ms = Number(await shared.redis.eval(BLOCKED, 1, key(client), String(max)));
        return ms > 0 ? Math.ceil(ms / 1000) : 0;
      } catch {
        return local.blockedFor(client, now);
      }
    },
    async failed(client, now) {
      local.failed(client, now);
      await shared.redis.eval(FAILED, 1, key(client), String(windowMs)).catch(() => {});
    },
    async succeeded(client) {
      local.succeeded(client);
      await shared.redis.del(key(client)).catch(() => {});
    },
  };
}
