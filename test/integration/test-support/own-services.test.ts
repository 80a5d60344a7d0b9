import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { leftRunning } from '../../support/own-services.global';
import {
  liveOwnServers,
  OWN_SERVICES_RUN_ENV,
  PostgresProcess,
  ownPostgresRuns,
  RedisProcess,
  serverRunning,
} from '../../support/own-services';

// A test's own Redis and Postgres end with it: destroy() ends the server, a second start() starts no second
// server, what is left is listed (the per-file check and the run's teardown), and a test process killed outright
// takes its servers with it.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function gone(pid: number, kind: 'redis-server' | 'postgres', ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!serverRunning(pid, kind)) return true;
    await sleep(50);
  }
  return false;
}
const started: Array<{ destroy(): Promise<void> }> = [];
afterAll(async () => {
  for (const s of started) await s.destroy();
});

describe("a test's own Redis", () => {
  it('destroy() ends the server and removes its directory; the per-file and per-run lists no longer hold it', async () => {
    const redis = await RedisProcess.create();
    started.push(redis);
    const pid = redis.pid!;
    expect(serverRunning(pid, 'redis-server')).toBe(true);
    expect(liveOwnServers().map((s) => s.pid)).toContain(pid);
    const run = process.env[OWN_SERVICES_RUN_ENV];
    expect(run, 'the global setup names a directory for the run').toBeTruthy();
    expect(leftRunning(run!).map((s) => s.pid)).toContain(pid);
    await redis.destroy();
    expect(serverRunning(pid, 'redis-server')).toBe(false);
    expect(existsSync(redis.dir)).toBe(false);
    expect(liveOwnServers()).toEqual([]);
    expect(leftRunning(run!).map((s) => s.pid)).not.toContain(pid);
  });

  it('start() while it runs starts no second server: destroy() after it leaves nothing running', async () => {
    const redis = await RedisProcess.create();
    started.push(redis);
    const pid = redis.pid!;
    await redis.start();
    expect(redis.pid).toBe(pid);
    await redis.stop();
    expect(serverRunning(pid, 'redis-server')).toBe(false);
    await redis.start();
    await redis.start();
    const again = redis.pid!;
    await redis.destroy();
    expect(serverRunning(again, 'redis-server')).toBe(false);
    expect(await fetchPort(redis.port)).toBe(false);
  });
});

describe.runIf(ownPostgresRuns())("a test's own Postgres", () => {
  it('stop() and start() keep its data; destroy() ends the server and its backends', async () => {
    const p = await PostgresProcess.create();
    started.push(p);
    const q = async (sql: string) => {
      const c = new pg.Client({ connectionString: p.url() });
      await c.connect();
      try {
        return (await c.query(sql)).rows;
      } finally {
        await c.end();
      }
    };
    await q('create table kept (n int); insert into kept values (7)');
    const first = p.pid!;
    await p.stop();
    expect(serverRunning(first, 'postgres')).toBe(false);
    await p.start();
    expect(await q('select n from kept')).toEqual([{ n: 7 }]);
    const pid = p.pid!;
    await p.destroy();
    expect(serverRunning(pid, 'postgres')).toBe(false);
    expect(existsSync(p.dir)).toBe(false);
    expect(await fetchPort(p.port)).toBe(false);
    expect(liveOwnServers()).toEqual([]);
  });
});

describe.runIf(ownPostgresRuns())("a test process killed outright (a worker's SIGKILL)", () => {
  it('takes its own Redis and Postgres with it', { timeout: 90_000 }, async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'own-services-owner.ts')],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, [OWN_SERVICES_RUN_ENV]: '' },
      },
    );
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += String(d);
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      child.once('exit', (code) => reject(new Error(`the owner exited (${code}) before it started its servers`)));
    });
    const { redis, postgres, dirs } = JSON.parse(line) as { redis: number; postgres: number; dirs: string[] };
    expect(serverRunning(redis, 'redis-server')).toBe(true);
    expect(serverRunning(postgres, 'postgres')).toBe(true);
    child.kill('SIGKILL');
    try {
      expect(await gone(redis, 'redis-server')).toBe(true);
      expect(await gone(postgres, 'postgres')).toBe(true);
    } finally {
      for (const pid of [redis, postgres]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {}
      }
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });
});

/** True when something still listens on the port. */
function fetchPort(port: number): Promise<boolean> {
  return import('node:net').then(
    ({ connect }) =>
      new Promise((resolve) => {
        const s = connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
        s.once('error', () => resolve(false));
      }),
  );
}
