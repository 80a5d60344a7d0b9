import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAS } from '../../../bot/local/personas';
import { openDatabase } from '../../../src/db';
import { createTranslator, type Translator } from '../../../src/i18n';

const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const REDIS_URL = 'redis://127.0.0.1:6379';

/** `npm start` without BOT_TOKEN, as a child process with piped stdin (so: the non-interactive script mode). */
function start(env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !['BOT_TOKEN', 'DATABASE_URL', 'WEBHOOK_URL', 'DEFAULT_LANGUAGE', 'CI'].includes(k),
    ),
  );
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: root,
    env: { ...clean, LOG_LEVEL: 'info', ...env },
    stdio: 'pipe',
  }) as ChildProcessWithoutNullStreams;
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d.toString()));
  child.stderr.on('data', (d) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    out: () => out,
    err: () => err,
    async waitFor(text: string, timeoutMs = 120_000) {
      const until = Date.now() + timeoutMs;
      while (!out.includes(text)) {
        if (Date.now() > until)
          throw new Error(`timed out waiting for ${JSON.stringify(text)}; output so far:\n${out}\nstderr:\n${err}`);
        if (child.exitCode !== null)
          throw new Error(
            `exited (${child.exitCode}) before ${JSON.stringify(text)}; output:\n${out}\nstderr:\n${err}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

describe('npm start without BOT_TOKEN (local chat process)', () => {
  let dataDir: string;
  let prefix: string;
  let tr: Translator;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'local-chat-'));
    prefix = `lc-life-${randomUUID().slice(0, 8)}`;
    tr = await createTranslator({ strict: true });
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('answers bad commands, stops cleanly on SIGINT, and keeps its data for the next start', async () => {
    const env = { DATA_DIR: dataDir, QUEUE_PREFIX: prefix, DEFAULT_LANGUAGE: 'en' };
    const t = (key: string, params?: Record<string, unknown>) => tr.t('en', key, params);
    const first = start(env);
    await first.waitFor(t('local:banner.title'));
    first.child.stdin.write('/as farmer\n/tap 9\n/reply 99 hello\n/time 8d\n/say\n/time +1h\n/as keeper\n');
    await first.waitFor(
      t('local:switched', {
        persona: t('local:persona.keeper'),
        name: PERSONAS.keeper.firstName,
        id: PERSONAS.keeper.userId,
      }),
    );
    const out1 = first.out();
    expect(out1).toContain(t('local:error.unknown_persona', { input: 'farmer' }));
    expect(out1).toContain(t('local:error.no_keyboard', { persona: t('local:persona.owner') }));
    expect(out1).toContain(t('local:error.no_such_message', { n: 99 }));
    expect(out1).toContain(t('local:error.time_usage', { input: '8d', count: 1000 }));
    expect(out1).toContain(t('local:error.say_usage'));
    expect(out1).toContain(t('local:unit.h', { count: 1 }));
    // Ctrl-C in a terminal, SIGINT from a supervisor: the same clean stop.
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.out()).toContain(t('local:bye', { dir: dataDir }));
    expect(first.err()).toBe('');
    const saved = JSON.parse(readFileSync(path.join(dataDir, 'local-chat.json'), 'utf8'));
    expect(saved.clockOffsetMs).toBe(3_600_000);

    const second = start(env);
    await second.waitFor(t('local:banner.title'));
    second.child.stdin.end('/time\n');
    expect(await second.exited).toBe(0);
    // The demo clock is still an hour ahead of real time (the minute shown may have ticked over by the time we look).
    const shown = [-3, -2, -1, 0, 1].map((m) =>
      t('local:clock.now', { now: new Date(Date.now() + 3_600_000 + m * 60_000).toISOString() }),
    );
    expect(shown.some((line) => second.out().includes(line))).toBe(true);

    // The same database: seeded once, personas enrolled once, the demo clock still an hour ahead.
    const db = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await db.prisma.case.count({ where: { pound: { code: 'JAI1' } } })).toBe(2);
      const staff = await db.prisma.staffMember.findMany({
        where: { telegramUserId: { in: Object.values(PERSONAS).map((p) => BigInt(p.userId)) } },
      });
      expect(staff.map((s) => s.role).sort()).toEqual(['MAGISTRATE', 'OFFICER', 'POUND_KEEPER']);
    } finally {
      await db.close();
    }
    expect(JSON.parse(readFileSync(path.join(dataDir, 'local-chat.json'), 'utf8')).clockOffsetMs).toBe(3_600_000);
  }, 300_000);

  it('says in one line that Redis is unreachable, with the URL, and exits 1', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'local-chat-noredis-'));
    try {
      const run = start({
        DATA_DIR: dir,
        QUEUE_PREFIX: `${prefix}-x`,
        DEFAULT_LANGUAGE: 'en',
        REDIS_URL: 'redis://127.0.0.1:1',
      });
      run.child.stdin.end();
      expect(await run.exited).toBe(1);
      const lines = run.out().trim().split('\n');
      expect(lines).toEqual([tr.t('en', 'local:error.redis', { url: 'redis://127.0.0.1:1' })]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
