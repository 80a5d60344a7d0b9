import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { PERSONAS } from '../../../bot/local/personas';
import { createConfig } from '../../../src/config';
import { createTranslator } from '../../../src/i18n';
import { startLocalChat } from '../../../src/local';

describe('local chat in a terminal', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'local-tty-'));
  const prefix = `lc-tty-${randomUUID().slice(0, 8)}`;
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis('redis://127.0.0.1:6379');
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('prompts with the persona, and Ctrl-C stops it cleanly', async () => {
    const tr = await createTranslator({ strict: true });
    const t = tr.forLang('hi');
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (d: Buffer) => (text += d.toString('utf8')));
    const config = createConfig({ DATA_DIR: dataDir, QUEUE_PREFIX: prefix, DEFAULT_LANGUAGE: 'hi', LOG_LEVEL: 'info' });
    const handle = await startLocalChat(config, { input, output, interactive: true });
    expect(text).toContain(t('local:prompt', { persona: t('local:persona.owner') }));
    input.write('/as officer\r');
    for (let i = 0; i < 2400 && handle.linesHandled < 1; i++) await new Promise((r) => setTimeout(r, 25));
    expect(handle.linesHandled).toBe(1);
    expect(text).toContain(
      t('local:switched', {
        persona: t('local:persona.officer'),
        name: PERSONAS.officer.firstName,
        id: PERSONAS.officer.userId,
      }),
    );
    expect(text).toContain(t('local:prompt', { persona: t('local:persona.officer') }));
    // Ctrl-C in a terminal reaches readline as the character ETX, not as a process signal.
    input.write('\x03');
    expect(await handle.done).toBe(0);
    expect(text).toContain(t('local:bye', { dir: dataDir }));
  }, 180_000);
});
