import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/app';
import { callbackSecret, encodeCallback } from '../../../src/callback-data';
import { ManualClock } from '../../../src/clock';
import { createConfig } from '../../../src/config';
import { createLogger } from '../../../src/logging';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';
import { FakeBotApi } from '../../support/fake-bot-api';
import { deleteRedisPrefix, TEST_REDIS_URL, uniqueQueuePrefix } from '../../support/jobs-harness';
import { freePort } from '../../support/own-services';

// Updates that carry no chat, or no sender, or are of a kind this bot never asked for — what Telegram may post to a
// webhook or hand to getUpdates anyway (a user blocking the bot, a poll's new state, a join request to a channel, a
// business connection, a channel post, a message sent as a group, a tap on an inline message, a kind added to the
// Bot API later). Each is claimed once and handled without an error logged and without a reply: through the bot
// (handleUpdate) and through the webhook server.

const USER = { id: 8101, is_bot: false, first_name: 'Ram', language_code: 'en' };
const BOT = { id: 1, is_bot: true, first_name: 'Bot', username: 'kanji_bot' };
const CHANNEL = { id: -1001230001, type: 'channel', title: 'Village news' };
const GROUP = { id: -1005550001, type: 'supergroup', title: 'Pound staff' };
const PRIVATE = { id: USER.id, type: 'private', first_name: 'Ram' };

/** One update of each kind, under `id`. */
const KINDS: Record<string, (id: number, sign: (action: string) => string) => Record<string, unknown>> = {
  my_chat_member_blocked: (id) => ({
    update_id: id,
    my_chat_member: {
      chat: PRIVATE,
      from: USER,
      date: 1,
      old_chat_member: { user: BOT, status: 'member' },
      new_chat_member: { user: BOT, status: 'kicked', until_date: 0 },
    },
  }),
  my_chat_member_channel: (id) => ({
    update_id: id,
    my_chat_member: {
      chat: CHANNEL,
      from: USER,
      date: 1,
      old_chat_member: { user: BOT, status: 'left' },
      new_chat_member: { user: BOT, status: 'administrator', can_post_messages: true },
    },
  }),
  poll: (id) => ({
    update_id: id,
    poll: {
      id: 'p1',
      question: 'When?',
      options: [{ text: 'now', voter_count: 1 }],
      total_voter_count: 1,
      is_closed: true,
      is_anonymous: true,
      type: 'regular',
      allows_multiple_answers: false,
    },
  }),
  poll_answer: (id) => ({ update_id: id, poll_answer: { poll_id: 'p1', user: USER, option_ids: [0] } }),
  chat_join_request: (id) => ({
    update_id: id,
    chat_join_request: { chat: CHANNEL, from: USER, user_chat_id: USER.id, date: 1 },
  }),
  business_connection: (id) => ({
    update_id: id,
    business_connection: { id: 'bc1', user: USER, user_chat_id: USER.id, date: 1, can_reply: true, is_enabled: true },
  }),
  channel_post_command: (id) => ({
    update_id: id,
    channel_post: {
      message_id: 5,
      date: 1,
      chat: CHANNEL,
      text: '/help',
      entities: [{ type: 'bot_command', offset: 0, length: 5 }],
    },
  }),
  message_as_chat: (id) => ({
    update_id: id,
    message: {
      message_id: 7,
      date: 1,
      chat: GROUP,
      sender_chat: GROUP,
      text: '/start',
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    },
  }),
  inline_message_tap: (id) => ({
    update_id: id,
    callback_query: { id: `cq${id}`, from: USER, chat_instance: 'ci', inline_message_id: 'im1', data: 'rg|cancel|x' },
  }),
  // A button of ours, properly signed, on a message in no chat the bot can see (inline mode).
  inline_message_signed_tap: (id, sign) => ({
    update_id: id,
    callback_query: {
      id: `cq${id}`,
      from: USER,
      chat_instance: 'ci',
      inline_message_id: 'im2',
      data: sign('rg|cancel'),
    },
  }),
  message_reaction_count: (id) => ({
    update_id: id,
    message_reaction_count: { chat: CHANNEL, message_id: 5, date: 1, reactions: [] },
  }),
  future_kind: (id) => ({ update_id: id, something_telegram_adds_later: { id: 'z', user: USER } }),
};

/** Calls that would put something in front of a person (a reply, an answer to a tap). */
const SENDS = /^(send|edit|copy|forward|answer)/;

/** The log lines of one update: no error or warning, and the update handled with outcome ok, once. */
function checkLines(lines: Array<Record<string, unknown>>, updateId: number) {
  const mine = lines.filter((l) => l.update_id === updateId);
  expect(
    mine.filter((l) => Number(l.level) >= 40),
    JSON.stringify(mine),
  ).toEqual([]);
  const handled = mine.filter((l) => l.msg === 'update handled');
  expect(handled.map((l) => l.outcome)).toEqual(['ok', 'ok']);
  expect(mine.filter((l) => l.msg === 'duplicate update skipped')).toHaveLength(1);
}

describe('updates without a chat or a sender, through the bot', () => {
  let h: BotHarness;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    h = await createBotHarness({
      logger: createLogger('debug', { write: (l: string) => void lines.push(JSON.parse(l)) }),
    });
  });
  afterAll(() => h?.close());

  let id = 9000;
  for (const [kind, make] of Object.entries(KINDS))
    it(`${kind}: claimed once, no error logged, nobody answered`, async () => {
      const u = make(++id, (action) => encodeCallback(callbackSecret(h.deps.config), action)) as unknown as Update;
      const calls = h.api.calls.length;
      await h.feed(u);
      await h.feed(u);
      checkLines(lines, id);
      const sent = h.api.calls.slice(calls).filter((c) => SENDS.test(c.method));
      // A tap is always answered (Telegram shows a spinner until then): on an inline message, as out of date.
      if (kind.startsWith('inline_message'))
        expect(sent.map((c) => [c.method, c.payload.text])).toEqual([
          ['answerCallbackQuery', h.deps.translator.t('en', 'common:error.stale_button')],
        ]);
      else expect(sent).toEqual([]);
      expect(await h.deps.db.processedUpdate.count({ where: { updateId: BigInt(id) } })).toBe(1);
    });

  it('after blocking and unblocking the bot, the user is answered as before', async () => {
    const before = h.api.sentTo(USER.id).length;
    await h.send({ id: USER.id, firstName: USER.first_name, languageCode: 'en' }, '/help');
    const replies = h.api.sentTo(USER.id).slice(before);
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.map((m) => m.text)).not.toContain(h.deps.translator.t('en', 'common:error.generic'));
  });
});

describe('updates without a chat or a sender, through the webhook server', () => {
  let app: App;
  let dir: string;
  let base: string;
  const SECRET = 'no-chat-webhook-secret-0123456789';
  const prefix = uniqueQueuePrefix('nochat');
  const api = new FakeBotApi();
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kanji-nochat-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const config = createConfig({
      BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST',
      DATA_DIR: dir,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
      WEBHOOK_URL: 'https://bot.example.test/webhook',
      WEBHOOK_SECRET: SECRET,
      PORT: String(port),
      HTTP_HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
    });
    app = await createApp(config, {
      mode: 'all',
      seed: true,
      botClient: api.client,
      botInfo: api.botInfo,
      clock: new ManualClock('2026-11-29T10:00:00+05:30'),
      logger: createLogger('debug', { write: (l: string) => void lines.push(JSON.parse(l)) }),
    });
    await app.start();
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    await deleteRedisPrefix(TEST_REDIS_URL, prefix);
    await rm(dir, { recursive: true, force: true });
  });

  const post = (body: unknown) =>
    fetch(`${base}/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      body: JSON.stringify(body),
    });

  it('each kind is answered 200 twice, handled once, with no error logged and nobody answered', async () => {
    let id = 19_000;
    for (const [kind, make] of Object.entries(KINDS)) {
      const u = make(++id, (action) => encodeCallback(callbackSecret(app.deps.config), action));
      const calls = api.calls.length;
      expect((await post(u)).status, kind).toBe(200);
      expect((await post(u)).status, kind).toBe(200);
      checkLines(lines, id);
      const sent = api.calls.slice(calls).filter((c) => SENDS.test(c.method) && c.method !== 'answerCallbackQuery');
      expect(sent, kind).toEqual([]);
    }
  });
});
