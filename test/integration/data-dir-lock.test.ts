import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db';
import { DataDirLockedError, LOCK_FILE } from '../../src/db/data-dir-lock';
import { createTranslator } from '../../src/i18n';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `npm run admin -- <args>` as a separate process on `dataDir` (tsx, as package.json runs it). */
function admin(dataDir: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/admin.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', BOT_TOKEN: '', LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// PGlite is single-process: the admin CLI opening the bot's data directory corrupted what both saw. The
// process that opens it holds a lock file with its pid; a second process refuses with one line.
describe('the embedded database is one process’s at a time', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kanji-lock-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('while this process has it open, the admin CLI (another process) refuses with one line and changes nothing; after close it runs', async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: dir });
    const t = (await createTranslator({ strict: true })).forLang('en');
    try {
      expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
      const refused = await admin(dir, ['staff']);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        t('staff:admin.data_dir_locked', { pid: process.pid, dir: path.resolve(dir) }),
      );
      expect(refused.stdout).toBe('');
      // Our lock is intact and still ours.
      expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    } finally {
      await db.close();
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const ran = await admin(dir, ['staff']);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
  }, 300_000);

  it('a lock left by a process that died (kill -9) is stale and taken over; a live owner is refused in-process too', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    await writeFile(path.join(dir, LOCK_FILE), dead.stdout);
    const db = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
    await db.close();

    // A live process holding it (our parent stands in: alive, not us).
    await writeFile(path.join(dir, LOCK_FILE), String(process.ppid));
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(String(process.ppid));
    await rm(path.join(dir, LOCK_FILE));
  }, 120_000);
});
