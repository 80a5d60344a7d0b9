import { afterAll, beforeAll } from 'vitest';
import { testLogger } from './test-logs';
import type { Message, Update } from 'grammy/types';
import { createBot, type BotDeps, type KanjiBot } from '../../bot';
import { ManualClock } from '../../src/clock';
import { createConfig } from '../../src/config';
import { createTranslator } from '../../src/i18n';
import { createSmsSettings } from '../../src/services/sms';
import type { WorkerTuning } from '../../jobs/workers';
import type { Logger } from '../../src/logging';
import { createTestDatabase, type DbKind, type TestDatabase } from './db';
import { FakeBotApi } from './fake-bot-api';
import { startHarnessJobs, type HarnessJobs } from './jobs-harness';
import { enrolStaff, seed } from './fixtures';

/** A person talking to the bot in a private chat. */
export interface TestUser {
  id: number;
  firstName: string;
  languageCode?: string;
}

export interface BotHarness {
  bot: KanjiBot;
  api: FakeBotApi;
  db: TestDatabase;
  deps: BotDeps;
  clock: ManualClock;
  /** Sends a text message (commands too) as `user` — or, with text '' and `extra`, a sticker, voice, photo... */
  send(user: TestUser, text: string, extra?: Partial<Message>): Promise<Update>;
  /** Replies to one of the bot's messages (by its message_id). */
  reply(user: TestUser, toMessageId: number, text: string): Promise<Update>;
  /** Taps an inline button: callback data on a bot message. */
  tap(user: TestUser, data: string, messageId?: number): Promise<Update>;
  /** Feeds an arbitrary update (e.g. a replay of an earlier one). */
  feed(update: Update): Promise<void>;
  /** With `jobs: true`: the running jobs runtime (real BullMQ on real Redis, this harness's own prefix). */
  jobs?: HarnessJobs;
  /**
   * With `jobs: true`: dispatches the due outbox into the queues and waits until the workers are idle, so
   * what other people are sent (cards, receipts, reports) has gone through the real sender. Throws otherwise.
   */
  drain(timeoutMs?: number): Promise<void>;
  /** Stops the jobs runtime (and deletes its Redis keys), then drops the test database. */
  close(): Promise<void>;
}

/** Options of createBotHarness. */
export interface BotHarnessOptions {
  dbKind?: DbKind;
  env?: Record<string, string>;
  /** The manual clock's start (ISO with offset). */
  start?: string;
  /** Use this database instead of a fresh one (it is not dropped on close). */
  db?: TestDatabase;
  /** Start the real jobs runtime (dispatcher, workers, rate-limited sender) on Redis; use `drain()`. */
  jobs?: boolean;
  /** The bot's (and jobs') logger; silent by default. Tests of what is logged pass one writing to a capture stream. */
  logger?: Logger;
  /**
   * The bot's in-process user cache (bot/middleware/user.ts). Off (0) by default, because tests write grants
   * straight into the database between updates; tests of the cache pass USER_CACHE_TTL_MS.
   */
  userCacheTtlMs?: number;
  /**
   * The first update id it sends (1): a second harness on the same database starts elsewhere, or its updates would
   * be taken for the first one's, already handled.
   */
  firstUpdateId?: number;
  /** Tuning of the jobs runtime's workers (e.g. a short SMS backoff). */
  jobsTuning?: WorkerTuning;
}

/**
 * The real bot (all middleware, real database) with every Bot API call answered and recorded by
 * FakeBotApi. Pass `env` to override config; `start` sets the manual clock; `jobs: true` adds the real
 * jobs runtime on Redis, whose workers send through the same recorded fake.
 */
export async function createBotHarness(opts: BotHarnessOptions = {}): Promise<BotHarness> {
  const db = opts.db ?? (await createTestDatabase(opts.dbKind ?? 'pglite'));
  const api = new FakeBotApi();
  const clock = new ManualClock(opts.start ?? '2026-11-29T10:00:00+05:30');
  // With `jobs: true` the bot's replies take the shared Telegram budget (jobs/reply-limiter.ts), which spaces a
  // chat's messages by TELEGRAM_PER_CHAT_INTERVAL_MS of real time (Redis TIME, not the manual clock): at the
  // production 1000 ms a flow of thirty replies would spend thirty seconds waiting on a fake API. The limiter
  // still runs on every reply; a test of the pacing itself passes its own interval in `env`.
  const config = createConfig({
    LOG_LEVEL: 'silent',
    BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST',
    TELEGRAM_PER_CHAT_INTERVAL_MS: '1',
    // Test people without a language code read English, in replies and pushed messages alike (userLanguage).
    DEFAULT_LANGUAGE: 'en',
    ...opts.env,
  });
  const deps: BotDeps = {
    config,
    db: db.prisma,
    clock,
    logger: opts.logger ?? testLogger(),
    translator: await createTranslator({ strict: true }),
    botUsername: api.botInfo.username,
  };
  // SMS_PROVIDER=fake in `env`: the fake provider (deps.sms.provider) records what the owners are sent.
  const sms = createSmsSettings(config);
  if (sms) deps.sms = sms;
  const bot = createBot(config.BOT_TOKEN!, deps, {
    client: api.client,
    botInfo: api.botInfo,
    userCacheTtlMs: opts.userCacheTtlMs ?? 0,
  });
  await bot.init();
  let jobs: HarnessJobs | undefined;
  if (opts.jobs) {
    try {
      // bot.api, as src/app.ts wires it: the workers' calls reach the same FakeBotApi as the bot's replies.
      jobs = await startHarnessJobs(deps, bot.api, opts.jobsTuning ? { tuning: opts.jobsTuning } : {});
    } catch (err) {
      if (!opts.db) await db.destroy();
      throw err;
    }
    const runtime = jobs.runtime;
    deps.jobsStatus = () => runtime.status();
    deps.replyTransformer = runtime.replyTransformer;
  }
  let updateId = opts.firstUpdateId ?? 1;
  let messageId = 1;
  const now = () => Math.floor(clock.now().getTime() / 1000);
  const chatOf = (u: TestUser) => ({ id: u.id, type: 'private' as const, first_name: u.firstName });
  const fromOf = (u: TestUser) => ({
    id: u.id,
    is_bot: false as const,
    first_name: u.firstName,
    ...(u.languageCode ? { language_code: u.languageCode } : {}),
  });
  const feed = async (update: Update) => {
    await bot.handleUpdate(update);
  };
  const send = async (user: TestUser, text: string, extra: Partial<Message> = {}) => {
    const entities = text.startsWith('/')
      ? [{ type: 'bot_command' as const, offset: 0, length: text.split(/\s/)[0]!.length }]
      : undefined;
    const update = {
      update_id: updateId++,
      message: {
        message_id: messageId++,
        date: now(),
        chat: chatOf(user),
        from: fromOf(user),
        ...(text !== '' ? { text } : {}),
        ...(entities ? { entities } : {}),
        ...extra,
      },
    } as Update;
    await feed(update);
    return update;
  };
  return {
    bot,
    api,
    db,
    deps,
    clock,
    send,
    feed,
    ...(jobs ? { jobs } : {}),
    async drain(timeoutMs) {
      if (!jobs) throw new Error('drain() needs createBotHarness({ jobs: true })');
      await jobs.drain(timeoutMs);
    },
    reply: (user, toMessageId, text) =>
      send(user, text, {
        reply_to_message: {
          message_id: toMessageId,
          date: now(),
          chat: chatOf(user),
          from: api.botInfo,
          text: '',
        } as unknown as Message['reply_to_message'],
      }),
    async tap(user, data, msgId) {
      const update = {
        update_id: updateId++,
        callback_query: {
          id: `cb${updateId}`,
          from: fromOf(user),
          chat_instance: 'ci',
          data,
          message: { message_id: msgId ?? 1, date: now(), chat: chatOf(user), from: api.botInfo, text: '' },
        },
      } as Update;
      await feed(update);
      return update;
    },
    async close() {
      try {
        await jobs?.close();
      } finally {
        if (!opts.db) await db.destroy();
      }
    },
  };
}

/** A staff member a suite enrols, in order: the Telegram user (or a bare id), the role, the pounds, the name on the roll. */
export type SuiteStaff = [
  user: TestUser | number,
  role: Parameters<typeof enrolStaff>[2],
  pounds: string[],
  name?: string,
];

/** Options of botSuite: the harness's, plus what every suite of the statute flows sets up first. */
export interface BotSuiteOptions extends BotHarnessOptions {
  /** Seed the demo district (src/db/seed.ts) as of this instant ('now': the manual clock's start). */
  seededAt?: Date | 'now';
  /** Enrolled after seeding, in this order (staff ids follow it). */
  staff?: readonly SuiteStaff[];
}

/**
 * The real bot for one describe block: created before its first test (seeded, the staff enrolled, then `prepare`),
 * closed after its last. The handle returned at once is the harness for the block's tests and hooks; it answers
 * once the block's beforeAll has run. Registers the two hooks, so call it in the describe body.
 */
export function botSuite(opts: BotSuiteOptions, prepare?: (h: BotHarness) => Promise<unknown>): BotHarness {
  let current: BotHarness | undefined;
  beforeAll(async () => {
    const h = (current = await createBotHarness(opts));
    if (opts.seededAt) await seed(h.deps.db, opts.seededAt === 'now' ? h.clock.now() : opts.seededAt);
    for (const [user, role, pounds, name] of opts.staff ?? [])
      await enrolStaff(h.deps.db, typeof user === 'number' ? user : user.id, role, pounds, name);
    await prepare?.(h);
  });
  afterAll(() => current?.close());
  return new Proxy({} as BotHarness, {
    get(_, key) {
      if (!current) throw new Error("botSuite: read before the describe block's beforeAll ran");
      return Reflect.get(current, key);
    },
  });
}
