import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A free loopback TCP port (bound, read and released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A redis-server owned by one test (or the chaos script): its own port and temp directory, no persistence,
 * so stop() + start() is "Redis came back empty". Never the shared Redis.
 */
export class RedisProcess {
  private child: ChildProcess | undefined;
  readonly dir = mkdtempSync(path.join(tmpdir(), 'ks-redis-'));
  constructor(readonly port: number) {}

  static async create(): Promise<RedisProcess> {
    const r = new RedisProcess(await freePort());
    await r.start();
    return r;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const onData = (d: Buffer) => {
        out += String(d);
        if (/ready to accept connections/i.test(out)) resolve();
      };
      child.stdout!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out.slice(-500)}`)));
    });
  }

  /** Kills the server (SIGKILL): everything in it is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    this.child = undefined;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
