import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './redis-process';

/** The newest installed Postgres server binaries (/usr/lib/postgresql/<version>/bin), or undefined. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/**
 * A Postgres cluster owned by one test or the chaos script: initdb in a temp directory, its own port on
 * 127.0.0.1, trust authentication, no fsync. stop() is `pg_ctl stop -m fast` (what an operator's restart
 * does), start() brings the same data back. Never the shared Postgres. As root, the server binaries run as
 * the `postgres` user (runuser), in a directory that user owns.
 */
export class PostgresProcess {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'ks-pg-'));
  private readonly data = path.join(this.dir, 'data');
  private readonly asRoot = process.getuid?.() === 0;
  private running = false;

  private constructor(
    readonly port: number,
    private readonly bin: string,
  ) {
    if (this.asRoot) {
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
    await p.run('initdb', ['-D', p.data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await p.start();
    return p;
  }

  /** postgresql://postgres@127.0.0.1:<port>/<database> */
  url(database = 'postgres'): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Runs a server tool without blocking the event loop (a fake Bot API may share this process). */
  private async run(tool: string, args: string[]): Promise<string> {
    const exe = path.join(this.bin, tool);
    const [cmd, argv] = this.asRoot ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
    return (await promisify(execFile)(cmd, argv as string[], { cwd: this.dir })).stdout;
  }

  async start(): Promise<void> {
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    await this.run('pg_ctl', [
      '-D',
      this.data,
      '-o',
      opts,
      '-l',
      path.join(this.dir, 'server.log'),
      '-w',
      '-t',
      '120',
      'start',
    ]);
    this.running = true;
  }

  /** `pg_ctl stop -m fast`: clients are disconnected, the server is down until start(). */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    if (!this.running) return;
    await this.run('pg_ctl', ['-D', this.data, '-m', mode, '-w', '-t', '120', 'stop']);
    this.running = false;
  }

  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }
}
