import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Redis } from 'ioredis';
import { createConfig } from '../../../src/config';
import { startLocalChat, type LocalChatHandle } from '../../../src/local';

/** The local chat run in-process on a temp DATA_DIR and its own queue prefix, fed one scripted line at a time. */
export interface ScriptedChat {
  handle: LocalChatHandle;
  dataDir: string;
  /** Everything printed so far. */
  transcript(): string;
  /** Types one line and returns what was printed while it was handled (the echo of the line first). */
  say(line: string): Promise<string>;
  /** Ends the input (like the end of a script) and cleans up the temp folder and Redis keys. */
  close(): Promise<number>;
}

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Starts the local chat with piped (non-TTY) streams, as `npm start < script` would. */
export async function startScriptedChat(env: Record<string, string> = {}): Promise<ScriptedChat> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'local-e2e-'));
  const prefix = `lc-e2e-${randomUUID().slice(0, 8)}`;
  const config = createConfig({
    DATA_DIR: dataDir,
    QUEUE_PREFIX: prefix,
    REDIS_URL,
    LOG_LEVEL: 'info',
    DEFAULT_LANGUAGE: 'en',
    ...env,
  });
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (d: Buffer) => (text += d.toString('utf8')));
  const handle = await startLocalChat(config, { input, output, interactive: false });
  return {
    handle,
    dataDir,
    transcript: () => text,
    async say(line) {
      const before = handle.linesHandled;
      const from = text.length;
      input.write(`${line}\n`);
      const until = Date.now() + 60_000;
      while (handle.linesHandled === before) {
        if (Date.now() > until) throw new Error(`line not handled within 60 s: ${line}\n${text.slice(from)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return text.slice(from);
    },
    async close() {
      input.end();
      const code = await handle.done;
      rmSync(dataDir, { recursive: true, force: true });
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      return code;
    },
  };
}
