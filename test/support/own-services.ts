import { execFile, execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, openSync, closeSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { postgresDecision, runOnPostgres } from './postgres-required';

// Redis and Postgres processes owned by one test (or the chaos script), on free ports in temp dirs, so a test can
// stop and start them (fault tests) without touching the shared servers on 6379 / 5432. Whatever is started here
// dies with its owner: destroy() in the test's afterAll; a per-file check that fails a file which left one running
// (own-services.setup.ts); a kill on the owner's exit; the parent-death signal, so a test worker killed outright
// (SIGKILL, a vitest timeout) takes its servers with it; and the run's global teardown (own-services.global.ts).

/** A free TCP port on 127.0.0.1 (bound, read and released). */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve, reject) => {
    s.once('error', reject);
    s.listen(0, '127.0.0.1', resolve);
  });
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** Where each live server of this test run is recorded (set by the global setup; absent outside vitest). */
export const OWN_SERVICES_RUN_ENV = 'KANJI_OWN_SERVICES_RUN';

/** A server this process started and has not destroyed. */
export interface OwnServer {
  kind: 'redis-server' | 'postgres';
  pid: number;
  port: number;
  dir: string;
}

const live = new Map<number, OwnServer>();

function record(server: OwnServer): void {
  live.set(server.pid, server);
  const run = process.env[OWN_SERVICES_RUN_ENV];
  if (run && existsSync(run)) writeFileSync(path.join(run, `${server.pid}.json`), JSON.stringify(server));
}

function forget(pid: number): void {
  live.delete(pid);
  const run = process.env[OWN_SERVICES_RUN_ENV];
  if (run) rmSync(path.join(run, `${pid}.json`), { force: true });
}

/** The servers started in this process and not yet stopped (what a test file's end must find empty). */
export function liveOwnServers(): OwnServer[] {
  return [...live.values()];
}

/** True while a process with this pid runs as the given server (not a pid the system handed out again). */
export function serverRunning(pid: number, kind: OwnServer['kind']): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = spawnSync('ps', ['-o', 'stat=,comm=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
    return stat !== '' && !stat.startsWith('Z') && stat.includes(kind === 'postgres' ? 'postgres' : 'redis-server');
  } catch {
    return true;
  }
}

/** Kills a leftover server at once and removes its directory (the safety net; tests call destroy()). */
export function killOwnServer(server: OwnServer): void {
  try {
    process.kill(server.pid, 'SIGKILL');
  } catch {}
  rmSync(server.dir, { recursive: true, force: true });
  forget(server.pid);
}

// 'exit' handlers must be synchronous: a SIGKILL and a directory removal are.
process.on('exit', () => {
  for (const s of live.values()) killOwnServer(s);
});

const asRoot = process.getuid?.() === 0;
const hasSetpriv = existsSync('/usr/bin/setpriv');

/**
 * Command and arguments that run `exe` so that it gets SIGKILL when this process dies (Linux's parent-death
 * signal, through util-linux `setpriv`, which then execs it: same pid), as `user` when we are root.
 */
function dyingWithUs(exe: string, args: string[], user?: string): [string, string[]] {
  if (!hasSetpriv) return [exe, args];
  const as = user && asRoot ? ['--reuid', user, '--regid', user, '--init-groups'] : [];
  return ['setpriv', [...as, '--pdeathsig', 'KILL', exe, ...args]];
}

async function until(what: string, ok: () => Promise<boolean>, child: ChildProcess, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it answered`);
    }
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not answer within ${timeoutMs} ms`);
}

/** Base of a server run as a child of this process: start once, stop by a signal, destroy removes its dir. */
abstract class OwnProcess {
  private child: ChildProcess | undefined;
  abstract readonly kind: OwnServer['kind'];
  constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  /** The server's pid while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  protected abstract spawnServer(): ChildProcess;
  protected abstract answers(): Promise<boolean>;

  /** Starts the server (a no-op while it runs) and waits until it answers. */
  async start(): Promise<void> {
    if (this.child) return;
    const child = this.spawnServer();
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    record({ kind: this.kind, pid: child.pid!, port: this.port, dir: this.dir });
    child.once('exit', () => forget(child.pid!));
    try {
      await until(`${this.kind} on port ${this.port}`, () => this.answers(), child);
    } catch (err) {
      await this.signal('SIGKILL');
      throw err;
    }
  }

  /** Sends the signal and waits for the server to exit. */
  protected async signal(sig: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(sig);
      await exited;
    }
    forget(child.pid!);
  }

  /** The signal that ends it for good. */
  protected readonly endSignal: NodeJS.Signals = 'SIGKILL';

  /** Stops it for good and removes its directory. */
  async destroy(): Promise<void> {
    await this.signal(this.endSignal);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * redis-server on a free port, in a temp dir, without persistence: stop() kills it (SIGKILL), so stop() +
 * start() is "Redis came back empty". Never the shared Redis.
 */
export class RedisProcess extends OwnProcess {
  readonly kind = 'redis-server';

  static async create(): Promise<RedisProcess> {
    const r = new RedisProcess(await freePort(), mkdtempSync(path.join(tmpdir(), 'ks-redis-')));
    await r.start();
    return r;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  protected spawnServer(): ChildProcess {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    args.push('--dir', this.dir, '--maxmemory-policy', 'noeviction', '--logfile', path.join(this.dir, 'log'));
    const [cmd, argv] = dyingWithUs('redis-server', args);
    return spawn(cmd, argv, { stdio: 'ignore' });
  }

  protected answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const s = connect(this.port, '127.0.0.1', () => s.write('PING\r\n'));
      s.setTimeout(1000, () => s.destroy());
      s.once('data', (d) => (resolve(String(d).startsWith('+PONG')), s.destroy()));
      s.once('error', () => resolve(false));
      s.once('close', () => resolve(false));
    });
  }

  /** Kills the server (SIGKILL): everything in it is gone. */
  async stop(): Promise<void> {
    await this.signal('SIGKILL');
  }
}

/** The newest installed Postgres server binaries (/usr/lib/postgresql/<version>/bin), or undefined. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/** Whether a suite on its own Postgres runs: skipped without the server binaries, failed if Postgres is required. */
export function ownPostgresRuns(): boolean {
  return runOnPostgres(postgresDecision('no server binaries are under /usr/lib/postgresql/*/bin', !!postgresBinDir()));
}

/**
 * A Postgres cluster of its own: initdb in a temp directory, the postmaster a child of this process on a free
 * port of 127.0.0.1, trust authentication, no fsync. stop() is a fast shutdown (what an operator's restart does),
 * start() brings the same data back. Never the shared Postgres. As root, the server runs as the `postgres` user,
 * in a directory that user owns.
 */
export class PostgresProcess extends OwnProcess {
  readonly kind = 'postgres';
  // Immediate shutdown: the postmaster ends its backends and waits for them, so none outlives it.
  protected override readonly endSignal = 'SIGQUIT';
  private readonly data = path.join(this.dir, 'data');

  private constructor(
    port: number,
    private readonly bin: string,
  ) {
    super(port, mkdtempSync(path.join(tmpdir(), 'ks-pg-')));
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(this.dir, uid, gid);
    }
  }

  /** initdb + start on a free port. */
  static async create(): Promise<PostgresProcess> {
    const bin = postgresBinDir();
    if (!bin) throw new Error('no Postgres server binaries under /usr/lib/postgresql/*/bin');
    const p = new PostgresProcess(await freePort(), bin);
    try {
      // Without blocking the event loop: a fake Bot API may share this process.
      const initdb = ['-D', p.data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'];
      const [cmd, argv] = dyingWithUs(path.join(bin, 'initdb'), initdb, 'postgres');
      await promisify(execFile)(cmd, argv, { cwd: p.dir });
      await p.start();
    } catch (err) {
      await p.destroy();
      throw err;
    }
    return p;
  }

  /** postgresql://postgres@127.0.0.1:<port>/<database> */
  url(database = 'postgres'): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  protected spawnServer(): ChildProcess {
    const args = ['-D', this.data, '-p', String(this.port), '-k', this.dir, '-c', 'listen_addresses=127.0.0.1'];
    for (const c of ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']) args.push('-c', c);
    const [cmd, argv] = dyingWithUs(path.join(this.bin, 'postgres'), args, 'postgres');
    const log = openSync(path.join(this.dir, 'server.log'), 'a');
    try {
      return spawn(cmd, argv, { cwd: this.dir, stdio: ['ignore', log, log] });
    } finally {
      closeSync(log);
    }
  }

  protected async answers(): Promise<boolean> {
    const c = new pg.Client({ connectionString: this.url(), connectionTimeoutMillis: 1000 });
    c.on('error', () => {});
    try {
      await c.connect();
      await c.query('select 1');
      return true;
    } finally {
      await c.end().catch(() => {});
    }
  }

  /** Shuts the server down (fast: clients are disconnected; immediate: no checkpoint) until start(). */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.signal(mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
  }
}
