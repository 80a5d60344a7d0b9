import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BotError } from 'grammy';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotContext } from '../../bot';
import { createApp, type App } from '../../src/app';
import { ManualClock } from '../../src/clock';
import { createConfig } from '../../src/config';
import { createLogger } from '../../src/logging';
import { botSuite, type TestUser } from '../support/bot-harness';
import { FakeBotApi } from '../support/fake-bot-api';
import { deleteRedisPrefix, TEST_REDIS_URL, uniqueQueuePrefix } from '../support/jobs-harness';
import { capturingLogger } from '../support/test-logs';
import { freePort } from '../support/own-services';

const TOKEN = '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST';

// Webhook mode as src/app.ts builds it for production: Telegram signs each call with the secret given to
// setWebhook (X-Telegram-Bot-Api-Secret-Token); anyone else posting a forged update to the public URL must
// be refused before the bot sees it.
describe('webhook: the secret token', () => {
  let app: App;
  let dir: string;
  let port: number;
  const api = new FakeBotApi();
  const prefix = uniqueQueuePrefix('sec');
  const secret = `whs_${randomUUID().replace(/-/g, '')}`;
  const stranger = 990_001;
  const update = {
    update_id: 424_242,
    message: {
      message_id: 1,
      date: 1_795_900_000,
      chat: { id: stranger, type: 'private', first_name: 'Forged' },
      from: { id: stranger, is_bot: false, first_name: 'Forged', language_code: 'en' },
      text: '/start',
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    },
  } as Update;

  const post = (headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${port}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(update),
    });

  const footprint = async () => ({
    user: await app.deps.db.telegramUser.count({ where: { id: BigInt(stranger) } }),
    processed: await app.deps.db.processedUpdate.count({ where: { updateId: BigInt(update.update_id) } }),
    replies: api.sentTo(stranger).length,
  });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kanji-webhook-'));
    port = await freePort();
    const config = createConfig({
      BOT_TOKEN: TOKEN,
      DATA_DIR: dir,
      QUEUE_PREFIX: prefix,
      REDIS_URL: TEST_REDIS_URL,
      LOG_LEVEL: 'silent',
      WEBHOOK_URL: 'https://example.org/hook',
      WEBHOOK_SECRET: secret,
      PORT: String(port),
    });
    app = await createApp(config, {
      mode: 'all',
      seed: false,
      botClient: api.client,
      botInfo: api.botInfo,
      clock: new ManualClock('2026-11-29T10:00:00+05:30'),
      logger: createLogger('silent'),
    });
    await app.start();
  });

  afterAll(async () => {
    await app?.stop();
    await deleteRedisPrefix(TEST_REDIS_URL, prefix);
    await rm(dir, { recursive: true, force: true });
  });

  it('registers the webhook with Telegram together with its secret', () => {
    const calls = api.calls.filter((c) => c.method === 'setWebhook');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.payload).toMatchObject({ url: 'https://example.org/hook', secret_token: secret });
  });

  it('refuses an update without the secret header, or with a wrong one, and processes nothing', async () => {
    const missing = await post({});
    expect(missing.status).toBe(401);
    const wrong = await post({ 'X-Telegram-Bot-Api-Secret-Token': `${secret.slice(0, -1)}X` });
    expect(wrong.status).toBe(401);
    // The comparison is exact: the right secret in another case is still wrong.
    const upper = await post({ 'X-Telegram-Bot-Api-Secret-Token': secret.toUpperCase() });
    expect(upper.status).toBe(401);
    // Nothing reached the bot: no user recorded, the update id not even marked as seen, no reply.
    expect(await footprint()).toEqual({ user: 0, processed: 0, replies: 0 });
  });

  it('processes the same update when Telegram signs it with the right secret', async () => {
    const ok = await post({ 'X-Telegram-Bot-Api-Secret-Token': secret });
    expect(ok.status).toBe(200);
    expect(await footprint()).toEqual({ user: 1, processed: 1, replies: 1 });
    expect(api.lastTo(stranger)!.text).toBe(app.deps.translator.t('en', 'owner:start.welcome', { name: 'Forged' }));
  });
});

// Phone numbers: the bot never asks for one. Someone who shares their contact, or types their number
// where a case number is expected, must find it in no log line (even the error a failed reply produces,
// which carries the text the bot was sending) and in no table that keeps what users send.
describe('no phone numbers in logs or data', () => {
  const lines: string[] = [];
  const PHONE = '+919812345678';
  // The forms the same number can take in what the user typed and in what the bot logs.
  const FORMS = ['9812345678', '98123 45678', '98123-45678'];
  const hindi: TestUser = { id: 5551, firstName: 'रवि', languageCode: 'hi' };
  const english: TestUser = { id: 5552, firstName: 'Ravi', languageCode: 'en' };

  /** As long polling does (grammY's handleUpdates): a failing handler goes to the bot's error handler. */
  const sendCatching = (user: TestUser, text: string, extra = {}) =>
    h.send(user, text, extra).catch((err: BotError<BotContext>) => h.bot.errorHandler(err));

  const h = botSuite({ logger: capturingLogger(lines, 'trace'), jobs: true, seededAt: 'now' });

  const contact = (u: TestUser) => ({ contact: { phone_number: PHONE, first_name: u.firstName, user_id: u.id } });

  it('a shared contact is answered in the user’s language: the bot does not need the number', async () => {
    await h.send(hindi, '', contact(hindi));
    expect(h.api.lastTo(hindi.id)!.text).toBe(h.deps.translator.t('hi', 'common:error.no_phone_needed'));
    await h.send(english, '', contact(english));
    expect(h.api.lastTo(english.id)!.text).toBe(h.deps.translator.t('en', 'common:error.no_phone_needed'));
    expect(h.api.lastTo(english.id)!.text).not.toBe(h.deps.translator.t('en', 'common:error.unsupported_message'));
  });

  it('a number typed as text, also when Telegram refuses the reply that quotes it, is logged nowhere', async () => {
    await h.send(hindi, 'मेरा नंबर 98123 45678 है');
    await h.send(english, '/case 9812345678');
    // The bot's answer quotes the input (to the user alone): this is the text a failed call would log.
    expect(h.api.lastTo(english.id)!.text).toContain('9812345678');
    h.api.respond((method, payload) =>
      method === 'sendMessage' && String(payload.chat_id) === String(english.id)
        ? { ok: false, error_code: 400, description: 'Bad Request: chat not found' }
        : undefined,
    );
    await sendCatching(english, '/case 9812345678');
    await sendCatching(english, '98123-45678');
    await sendCatching(english, '', contact(english));
    await h.drain();

    const failures = lines.filter((l) => l.includes('"handler failed"'));
    // The error path really ran and was logged (with what helps debugging), so the check below means something.
    expect(failures).toHaveLength(3);
    for (const l of failures) {
      const rec = JSON.parse(l) as {
        level: number;
        err: { method: string; error_code: number; payload: { chat_id: number; text: string } };
      };
      expect(rec.level).toBe(50);
      expect(rec.err).toMatchObject({
        method: 'sendMessage',
        error_code: 400,
        payload: { chat_id: english.id, text: '[redacted]' },
      });
    }
    const log = lines.join('');
    for (const form of [PHONE, ...FORMS]) expect(log).not.toContain(form);
  });

  it('no table that keeps what users send holds the number', async () => {
    const tables = ['TelegramUser', 'BotSession', 'AuditEvent', 'OutboxEntry', 'ProcessedUpdate', 'Delivery'];
    let rows = 0;
    for (const table of tables) {
      const found = await h.deps.db.$queryRawUnsafe<Array<{ j: string }>>(
        `SELECT row_to_json(t)::text AS j FROM "${table}" t`,
      );
      rows += found.length;
      for (const { j } of found) for (const form of [PHONE, ...FORMS]) expect(j, `${table}: ${j}`).not.toContain(form);
    }
    // The users and their updates were recorded: the scan looked at real rows.
    expect(await h.deps.db.telegramUser.count({ where: { id: { in: [BigInt(hindi.id), BigInt(english.id)] } } })).toBe(
      2,
    );
    expect(rows).toBeGreaterThan(6);
  });
});

describe('the logger scrubs phone numbers from free text', () => {
  it('error messages, stacks and log messages lose the number; ids logged as fields stay', () => {
    const lines: string[] = [];
    const log = capturingLogger(lines, 'trace');
    log.error(
      {
        err: new Error('no case "98123 45678"'),
        chatId: 7000000001,
        update: { message: { contact: { phone_number: '+919812345678' } } },
      },
      'lookup of +91 98123-45678 failed',
    );
    log.warn({ err: 'upstream said 09812345678' }, 'plain');
    expect(lines).toHaveLength(2);
    const [first, second] = lines.map((l) => JSON.parse(l) as Record<string, any>);
    expect(first!.msg).toBe('lookup of [phone] failed');
    expect(first!.err.message).toBe('no case "[phone]"');
    expect(first!.err.stack).not.toMatch(/98123/);
    expect(first!.update.message.contact.phone_number).toBe('[redacted]');
    expect(first!.chatId).toBe(7000000001);
    expect(second!.err).toBe('upstream said [phone]');
  });
});
