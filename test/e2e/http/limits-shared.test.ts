import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/app';
import { ManualClock } from '../../../src/clock';
import { createConfig } from '../../../src/config';
import { clientAddress, clientTag, clientTagSecret } from '../../../src/http/client-limits';
import { DASHBOARD_LOGIN_ATTEMPTS } from '../../../src/http/dashboard';
import { createLogger } from '../../../src/logging';
import { POSTGRES_ADMIN_URL, postgresAvailable } from '../../support/db';
import { DESK_TOKEN } from '../../support/desk';
import { deleteRedisPrefix, keysUnder, TEST_REDIS_URL, uniqueQueuePrefix } from '../../support/jobs-harness';
import { lettersOnly } from '../../support/letters';
import { freePort, RedisProcess } from '../../support/own-services';

// A deployment runs several processes serving HTTP behind one load balancer (docs/OPERATIONS.md "Deployment"): every per-client
// limit counts in the deployment's Redis, so a client whose requests are spread over the processes is limited at the
// configured number in all, not that number per process. Two app instances here share one Postgres database, one
// Redis and one QUEUE_PREFIX, behind a trusted one-hop proxy; the client rotates X-Forwarded-For as well.

const DASH = { user: 'ops', password: 'dashboard-password-1' };
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const CLIENT = '203.0.113.7';
const pgUp = await postgresAvailable();
if (process.env.CI && !pgUp) throw new Error('CI: the shared limits test needs Postgres');

/** One process of the deployment: the app as `npm run worker` serves HTTP, on its own port. */
async function startProcess(env: Record<string, string>, seed: boolean): Promise<{ app: App; base: string }> {
  const port = await freePort();
  const config = createConfig({
    BOT_TOKEN: DESK_TOKEN,
    BOT_USERNAME: 'kanji_desk_test_bot',
    PORT: String(port),
    HTTP_HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await createApp(config, {
    mode: 'workers',
    seed,
    clock: new ManualClock('2026-11-29T16:05:00+05:30'),
    logger: createLogger('silent'),
  });
  await app.start();
  return { app, base: `http://127.0.0.1:${port}` };
}

/** A request as the proxy passes it on: the client's spoofed entry, then the address the proxy saw appended. */
const viaProxy = (base: string, url: string, i: number, client = CLIENT, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, { headers: { ...headers, 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}, ${client}` } });

describe.skipIf(!pgUp)('limits shared by the processes of a deployment', { timeout: 180_000 }, () => {
  const prefix = uniqueQueuePrefix('lim');
  const dbName = `kanji_t_${lettersOnly(randomUUID().replace(/-/g, '').slice(0, 16))}`;
  const dbUrl = new URL(POSTGRES_ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const dirs: string[] = [];
  let a: { app: App; base: string };
  let b: { app: App; base: string };
  let redis: Redis;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const env = async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'kanji-limits-'));
      dirs.push(dir);
      return {
        DATA_DIR: dir,
        DATABASE_URL: dbUrl.toString(),
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: prefix,
        HTTP_TRUST_PROXY: '1',
        RECEIPT_PAGE_PER_MINUTE: '6',
        CASE_PAGE_PER_MINUTE: '4',
        DESK_PER_MINUTE: '8',
        DASHBOARD_USER: DASH.user,
        DASHBOARD_PASSWORD: DASH.password,
      };
    };
    a = await startProcess(await env(), true);
    b = await startProcess(await env(), false);
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  }, 180_000);

  afterAll(async () => {
    await a?.app.stop();
    await b?.app.stop();
    await redis?.quit();
    await deleteRedisPrefix(TEST_REDIS_URL, prefix);
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('limits a client whose requests alternate between two processes at the configured total, not twice it', async () => {
    const number = (await a.app.deps.db.case.findFirstOrThrow({ select: { number: true } })).number;
    for (const [url, max] of [
      ['/r/ZZZZ0000', 6],
      [`/c/${number}`, 4],
      [`/c/${number}/photo/nothing`, 24],
      ['/desk', 8],
      // Without initData too: a stranger's refusals count against his limit.
      ['/desk/v/today', 8],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < max + 4; i++) statuses.push((await viaProxy(i % 2 ? b.base : a.base, url, i)).status);
      expect(
        statuses.slice(0, max).every((s) => s !== 429),
        url,
      ).toBe(true);
      expect(statuses.slice(max), url).toEqual([429, 429, 429, 429]);
      // Another client behind the same proxy has his own count, on either process.
      expect((await viaProxy(a.base, url, 0, '198.51.100.9')).status, url).not.toBe(429);
      expect((await viaProxy(b.base, url, 1, '198.51.100.9')).status, url).not.toBe(429);
    }
  });

  it('counts wrong dashboard logins across the processes: then refused on both, even with the right password', async () => {
    const from = (base: string, password: string, i: number) =>
      viaProxy(base, '/admin/queues', i, '192.0.2.66', { authorization: basic(DASH.user, password) });
    for (let i = 0; i < DASHBOARD_LOGIN_ATTEMPTS; i++)
      expect((await from(i % 2 ? b.base : a.base, `wrong-${i}`, i)).status).toBe(401);
    for (const base of [a.base, b.base]) {
      const blocked = await from(base, DASH.password, 99);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Someone else still logs in.
    expect(
      (await viaProxy(b.base, '/admin/queues', 0, '192.0.2.67', { authorization: basic(DASH.user, DASH.password) }))
        .status,
    ).toBe(200);
  });

  it("keeps the counts under the deployment's prefix, naming a client by a keyed hash and never by his address", async () => {
    const keys = (await keysUnder(redis, prefix)).filter((k) => k.startsWith(`${prefix}:http:`));
    // Both processes derive the key of the tags from the bot token they share.
    const tag = (client: string) => clientTag(clientTagSecret({ BOT_TOKEN: DESK_TOKEN }, prefix), client);
    expect(keys).toContain(`${prefix}:http:GET/r/:code-${tag(CLIENT)}`);
    expect(keys).toContain(`${prefix}:http:login:${tag('192.0.2.66')}`);
    expect(keys.some((k) => k.endsWith(`-${tag('198.51.100.9')}`))).toBe(true);
    for (const key of keys) {
      expect(key).toMatch(new RegExp(`^${prefix}:http:(GET/[^ ]*-|login:)[0-9a-f]{16}$`));
      for (const ip of [CLIENT, '198.51.100.9', '192.0.2.66', '10.9.0.1']) expect(key).not.toContain(ip);
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(key.includes(':login:') ? 15 * 60_000 : 60_000);
    }
  });
});

describe('the public pages without Redis', { timeout: 120_000 }, () => {
  let own: RedisProcess;
  let p: { app: App; base: string };
  const dir = mkdtemp(path.join(tmpdir(), 'kanji-limits-down-'));
  let down = false;
  /** Stops the test's Redis, once (a second stop would wait for an exit that has already happened). */
  const redisDown = async () => {
    if (!down) await own.stop();
    down = true;
  };

  beforeAll(async () => {
    own = await RedisProcess.create();
    p = await startProcess(
      {
        DATA_DIR: await dir,
        REDIS_URL: own.url,
        QUEUE_PREFIX: uniqueQueuePrefix('limdown'),
        HTTP_TRUST_PROXY: '1',
        DASHBOARD_USER: DASH.user,
        DASHBOARD_PASSWORD: DASH.password,
      },
      true,
    );
  }, 120_000);
  afterAll(async () => {
    // Redis back first: what a process does when stopped while Redis is away is the jobs runtime's test, not this one.
    await own?.start();
    await p?.app.stop();
    await own?.destroy();
    await rm(await dir, { recursive: true, force: true });
  }, 120_000);

  it('answers /r, /c and the desk at once, uncounted, while Redis is unreachable', async () => {
    const number = (await p.app.deps.db.case.findFirstOrThrow({ select: { number: true } })).number;
    expect((await viaProxy(p.base, `/c/${number}`, 0)).status).toBe(200);
    await redisDown();
    for (const [url, status] of [
      ['/r/ZZZZ0000', 404],
      [`/c/${number}`, 200],
      ['/desk', 200],
      ['/healthz', 200],
    ] as const) {
      const started = Date.now();
      expect((await viaProxy(p.base, url, 1)).status, url).toBe(status);
      expect(Date.now() - started, url).toBeLessThan(2000);
    }
  });

  it('still throttles wrong dashboard logins while Redis is unreachable, in the process that saw them', async () => {
    const from = (password: string) =>
      viaProxy(p.base, '/admin/queues', 0, '192.0.2.77', { authorization: basic(DASH.user, password) });
    await redisDown();
    for (let i = 0; i < DASHBOARD_LOGIN_ATTEMPTS; i++) expect((await from(`wrong-${i}`)).status).toBe(401);
    expect((await from(DASH.password)).status).toBe(429);
  });
});

// The client as the limits count him: an IPv6 client by his /64, a mapped IPv4 as itself.
describe('clientAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:1:2:3:4:1.2.3.4', '2001:db8:1:2::/64'],
  ])('%s counts as %s', (ip, as) => expect(clientAddress(ip)).toBe(as));
});
