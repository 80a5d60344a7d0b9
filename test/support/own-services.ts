import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

// Redis and Postgres processes owned by one test, on free ports in temp dirs, so a test can stop and start
// them (fault tests) without touching the shared servers on 6379 / 5432.

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await ok().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its directory. */
  destroy(): Promise<void>;
}

/** redis-server on a free port, in a temp dir, without persistence. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'kanji-redis-'));
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const start = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    );
    await until('test-owned redis-server', async () => {
      const c = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      c.on('error', () => {});
      try {
        await c.connect();
        return (await c.ping()) === 'PONG';
      } finally {
        c.disconnect();
      }
    });
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const c = child;
    c.kill('SIGKILL');
    await new Promise((r) => c.once('exit', r));
  };
  await start();
  return { url, start, stop, destroy: async () => (await stop(), rmSync(dir, { recursive: true, force: true })) };
}

export interface OwnPostgres {
  /** URL of its `postgres` database. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The newest Postgres binaries of the Debian packages (/usr/lib/postgresql/<v>/bin). */
function pgBin(): string {
  const v = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))[0];
  if (!v) throw new Error('no /usr/lib/postgresql/<version>: install the postgresql package');
  return `/usr/lib/postgresql/${v}/bin`;
}

/** A Postgres cluster of its own (initdb in a temp dir, pg_ctl on a free port); as user postgres when run as root. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'kanji-pg-'));
  chmodSync(dir, 0o700);
  const asRoot = process.getuid?.() === 0;
  const user = 'postgres';
  if (asRoot) {
    const pw = spawnSync('id', ['-u', user], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
    chownSync(dir, Number(pw.stdout.trim()), Number(gid.stdout.trim()));
  }
  const run = (cmd: string, args: string[]) => {
    const full = asRoot
      ? ['runuser', ['-u', user, '--', path.join(pgBin(), cmd), ...args]]
      : [path.join(pgBin(), cmd), args];
    const r = spawnSync(full[0] as string, full[1] as string[], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const start = async () => {
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
    await until('test-owned Postgres', async () => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
      try {
        await c.connect();
        return true;
      } finally {
        await c.end().catch(() => {});
      }
    });
  };
  const stop = async () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  await start();
  return {
    url,
    start,
    stop,
    async destroy() {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
