import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The lock file in an embedded database's data directory; it holds the owner's pid. */
export const LOCK_FILE = 'kanji-sahayak.pid';

/** Another live process has the embedded database open. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the bot (process ${pid}) is running on the data directory ${dataDir}: stop it first, or run the bot and this command on PostgreSQL (DATABASE_URL)`,
    );
    this.name = 'DataDirLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else — alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Locks this process holds, by directory: opening the same directory twice in one process (a test, a
// restart inside the local chat) shares the lock.
const held = new Map<string, number>();

/**
 * Takes the data directory for this process. PGlite is single-process: a second process opening the same
 * files (the admin CLI while the bot runs) corrupts what both see. The lock file is created exclusively
 * with our pid; one left behind by a process that is no longer alive (kill -9, power cut) is stale and
 * taken over. Returns the release function (also run at process exit).
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  const count = held.get(dir);
  if (count !== undefined) {
    held.set(dir, count + 1);
    return once(() => release(dir, file));
  }
  for (let tries = 0; ; tries++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 3) throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw new DataDirLockedError(dir, pid);
      // Stale (its process is gone) or unreadable: remove and try again.
      try {
        unlinkSync(file);
      } catch {
        // Someone else removed it first; the next openSync decides.
      }
    }
  }
  held.set(dir, 1);
  return once(() => release(dir, file));
}

function release(dir: string, file: string): void {
  const count = (held.get(dir) ?? 1) - 1;
  if (count > 0) {
    held.set(dir, count);
    return;
  }
  held.delete(dir);
  try {
    if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
  } catch {
    // Already gone.
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

// A process that ends without closing the database still leaves no lock behind (kill -9 cannot be caught:
// the stale check above handles that).
process.once('exit', () => {
  for (const dir of [...held.keys()]) {
    held.set(dir, 1);
    release(dir, path.join(dir, LOCK_FILE));
  }
});
