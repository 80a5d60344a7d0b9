import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { killOwnServer, OWN_SERVICES_RUN_ENV, type OwnServer, serverRunning } from './own-services';

// The Redis and Postgres servers test files start for themselves are recorded in one directory per run; the test
// workers inherit its name from this process. After the last file, any of them still running is killed and the
// run fails: a test's own server outliving the run is a leak (a redis-server left behind after every npm test).
let runDir: string | undefined;

export function setup(): void {
  runDir = mkdtempSync(path.join(tmpdir(), 'ks-own-services-'));
  process.env[OWN_SERVICES_RUN_ENV] = runDir;
}

/** Servers recorded in the run's directory that still run. */
export function leftRunning(dir: string): OwnServer[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OwnServer)
    .filter((s) => serverRunning(s.pid, s.kind));
}

export function teardown(): void {
  if (!runDir) return;
  const left = leftRunning(runDir);
  for (const s of left) killOwnServer(s);
  rmSync(runDir, { recursive: true, force: true });
  console.log(`test-owned Redis/Postgres servers still running after the run: ${left.length}`);
  if (left.length) {
    process.exitCode = 1;
    throw new Error(
      `test-owned servers outlived the run (killed now):\n${left.map((s) => `  ${s.kind} pid ${s.pid} port ${s.port}`).join('\n')}`,
    );
  }
}
