import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Update } from 'grammy/types';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/i18n';
import { createTestDatabase, postgresOnly, type TestDatabase } from '../support/db';
import { seed } from '../support/fixtures';
import { caseFixture } from '../support/case-builder';
import { HttpFakeBotApi } from '../support/http-fake-bot-api';
import { deleteRedisPrefix, TEST_REDIS_URL, uniqueQueuePrefix } from '../support/jobs-harness';
import { freePort } from '../support/own-services';
import { TEST_LOG_DIR } from '../support/test-logs';

// two quick messages of one chat handled in order with neither lost, under webhooks with
// two bot processes. Two real bot processes (`npm start`'s entry, src/main.ts, in webhook mode) share one Postgres
// database and one Redis; Telegram is a fake Bot API over HTTP run by this test, which posts the updates to the
// processes' webhooks as Telegram does. Message 1 (/dues, which asks for the case number) goes to process A;
// while A is still in its handler (the fake holds A's question for HOLD_MS), the typed case number goes to B.
// B must wait for A's session lease (bot/middleware/session-storage.ts) and then answer in the /dues flow with
// the dues — handled before message 1 it would be plain text outside any flow and get the case card instead.
// Message 1 is also redelivered (to B while A is on it, and to A after it finished): handled once.

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENTRY = path.join(ROOT, 'src/main.ts');
const TOKEN = `123456:WEBHOOK-TWO-PROCESSES-${'x'.repeat(16)}`;
const SECRET = 'two-processes-webhook-secret';
const CHAT = 7_300_001;
const HOLD_MS = 1000;

async function redisAvailable(): Promise<boolean> {
  const r = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2000,
  });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

const pgUp = await postgresOnly();
const redisUp = await redisAvailable();
if (process.env.CI && !(pgUp && redisUp)) throw new Error('CI: the two-process webhook test needs Postgres and Redis');

/** One bot process: the app in webhook mode on its own port, its output in test-logs/ (scanned for tokens). */
interface BotProcess {
  name: string;
  port: number;
  child: ChildProcess;
  log: WriteStream;
  ready: Promise<void>;
}

function startBot(name: string, port: number, env: Record<string, string>): BotProcess {
  mkdirSync(TEST_LOG_DIR, { recursive: true });
  const log = createWriteStream(path.join(TEST_LOG_DIR, `webhook-${name}-${process.pid}.log`));
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      log.write(d);
      out += String(d);
      if (out.includes('connected to Telegram (webhook mode)')) resolve();
    });
    child.stderr!.on('data', (d: Buffer) => {
      log.write(d);
      out += String(d);
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`bot process ${name} exited during start-up (${code ?? signal}); its output is in test-logs/`)),
    );
  });
  ready.catch(() => {});
  return { name, port, child, log, ready };
}

async function stopBot(p: BotProcess): Promise<void> {
  if (p.child.exitCode === null && p.child.signalCode === null) {
    const exited = new Promise((r) => p.child.once('exit', r));
    p.child.kill('SIGTERM');
    const timer = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  await new Promise((r) => p.log.end(r));
}

let nextUpdateId = 910_000;
function textUpdate(text: string, updateId = nextUpdateId++): Update {
  const entities = text.startsWith('/')
    ? [{ type: 'bot_command' as const, offset: 0, length: text.split(/\s/)[0]!.length }]
    : undefined;
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: CHAT, type: 'private', first_name: 'Ramesh' },
      from: { id: CHAT, is_bot: false, first_name: 'Ramesh', language_code: 'en' },
      text,
      ...(entities ? { entities } : {}),
    },
  } as Update;
}

/** Posts an update to a process's webhook as Telegram does (JSON, the secret header); the HTTP status. */
async function deliver(p: BotProcess, update: Update): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${p.port}/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
    body: JSON.stringify(update),
  });
  await res.arrayBuffer();
  return res.status;
}

describe.runIf(pgUp && redisUp)('webhooks with two bot processes', () => {
  const fake = new HttpFakeBotApi();
  const prefix = uniqueQueuePrefix('wh2');
  let dataDir: string | undefined;
  let db: TestDatabase | undefined;
  let caseNumber = '';
  const bots: BotProcess[] = [];
  let a: BotProcess;
  let b: BotProcess;

  beforeAll(async () => {
    const [database] = await Promise.all([createTestDatabase('postgres'), fake.start()]);
    db = database;
    dataDir = mkdtempSync(path.join(tmpdir(), 'ks-wh2-'));
    await seed(db.prisma, new Date());
    caseNumber = (
      await caseFixture(db.prisma, {
        pound: 'JAI1',
        impoundedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        heads: [['cow', 'white']],
      }).build()
    ).number;
    if (db.target.kind !== 'postgres') throw new Error('needs Postgres: the bot processes open the same database');
    const env = {
      BOT_TOKEN: TOKEN,
      WEBHOOK_URL: 'https://kanji.example.test/webhook',
      WEBHOOK_SECRET: SECRET,
      DATABASE_URL: db.target.url,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
      HTTP_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'debug',
      DEFAULT_LANGUAGE: 'en',
      // Replies are paced per chat through Redis (jobs/reply-limiter.ts): 1 ms here, so that the order of the two
      // replies is the order of the handlers, not the pacing's.
      TELEGRAM_PER_CHAT_INTERVAL_MS: '1',
    };
    const [portA, portB] = [await freePort(), await freePort()];
    a = startBot('a', portA, { ...env, TELEGRAM_API_ROOT: fake.rootFor('a') });
    b = startBot('b', portB, { ...env, TELEGRAM_API_ROOT: fake.rootFor('b') });
    bots.push(a, b);
    await Promise.all([a.ready, b.ready]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(bots.map((p) => stopBot(p).catch(() => p.child.kill('SIGKILL'))));
    await fake.stop().catch(() => {});
    await db?.destroy().catch(() => {});
    await deleteRedisPrefix(TEST_REDIS_URL, prefix).catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('both processes started in webhook mode against the fake (getMe, setWebhook with the secret)', () => {
    const setWebhook = fake.calls.filter((c) => c.method === 'setWebhook');
    expect(setWebhook).toHaveLength(2);
    for (const c of setWebhook)
      expect(c.payload).toMatchObject({ url: 'https://kanji.example.test/webhook', secret_token: SECRET });
    expect(fake.calls.filter((c) => c.method === 'getMe').length).toBeGreaterThanOrEqual(2);
  });

  it('two quick messages of one chat, message 1 to process A and message 2 to process B: handled in order, each once, neither lost', async () => {
    const t = await createTranslator({ strict: true });
    const question = t.t('en', 'owner:case.prompt');
    const m1 = textUpdate('/dues');
    const m2 = textUpdate(caseNumber);

    // Message 1 to A; the fake holds A's question, so A is still in its handler (holding the chat's lease).
    const asked = fake.hold(CHAT, HOLD_MS, question);
    const first = deliver(a, m1);
    await Promise.race([
      asked,
      first.then((status) =>
        Promise.reject(new Error(`A answered the webhook (${status}) without asking its question`)),
      ),
    ]);
    const heldSince = fake.now();
    // While A is on message 1: message 2 to B, and message 1 again to B (Telegram redelivers, say A's answer was
    // slow, and the balancer picks B) — in either order: the redelivery is dropped at once.
    const [redelivered, second] = await Promise.all([deliver(b, m1), deliver(b, m2)]);
    expect([await first, second, redelivered]).toEqual([200, 200, 200]);
    // A late redelivery of message 1 to A itself: dropped too.
    expect(await deliver(a, m1)).toBe(200);
    await new Promise((r) => setTimeout(r, 500)); // anything stray would have arrived by now

    // Each message answered once (no reply to the redeliveries), neither lost; A's question first, then B's answer
    // in the flow A's message started: the dues, not the case card that a case number outside a flow gets.
    const sent = fake.acceptedFor(CHAT);
    expect(sent.map((m) => `${m.via}: ${m.text.split('\n')[0]}`)).toEqual([
      `a: ${question.split('\n')[0]}`,
      expect.stringMatching(new RegExp(`^b: 💰 Dues for case ${caseNumber} `)),
    ]);
    const [reply1, reply2] = sent as [(typeof sent)[0], (typeof sent)[0]];
    expect(reply1.at).toBeGreaterThanOrEqual(heldSince + HOLD_MS - 50);
    expect(reply2.at).toBeGreaterThan(reply1.at);
    // B claimed message 2 (and asked for the chat's lease) while A was still in its handler: B waited for it.
    const claimed = await db!.prisma.processedUpdate.findMany({
      where: { updateId: { in: [BigInt(m1.update_id), BigInt(m2.update_id)] } },
      orderBy: { updateId: 'asc' },
    });
    expect(claimed).toHaveLength(2);
    expect(claimed[1]!.processedAt.getTime()).toBeLessThan(reply1.wallAt.getTime());
    // The answer ended the flow: the session is not left in it by message 1's write.
    // No flow is left in it; only the case just opened, which a typed "how much?" would refer to.
    expect((await db!.prisma.botSession.findUnique({ where: { key: `${CHAT}:${CHAT}` } }))?.value).toEqual({
      caseId: expect.any(Number),
    });
  }, 30_000);
});
