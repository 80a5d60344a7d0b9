import { createServer, type Server } from 'node:http';
import { Api, webhookCallback, type ApiClientOptions, type Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { createBot, type BotContext, type BotDeps } from '../bot';
import { createJobRuntime, type JobRuntime } from '../jobs/runtime';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { applyMigrations, openDatabase, targetFromConfig, type Database } from './db';
import { seedDemo } from './db/seed';
import type { CoreDeps } from './deps';
import { createTranslator } from './i18n';
import { createLogger, type Logger } from './logging';

/** The composition root: config, database, translator, bot and workers, wired once. */
export interface App {
  deps: CoreDeps;
  database: Database;
  bot?: Bot<BotContext>;
  jobs: JobRuntime;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface AppOptions {
  /** 'all': bot + workers + dispatcher (npm start); 'workers': workers and dispatcher only (npm run worker). */
  mode: 'all' | 'workers';
  clock?: Clock;
  logger?: Logger;
  /** Bot API client options (the local chat routes calls to its in-process stand-in). */
  botClient?: ApiClientOptions;
  /** Skip getMe and polling (the local chat feeds updates itself). */
  botInfo?: UserFromGetMe;
  /** Don't poll or serve a webhook: the caller feeds updates (local chat, tests). */
  noTransport?: boolean;
  /** Load the demo district into the database. */
  seed?: boolean;
}

/** Builds everything; nothing runs until start(). */
export async function createApp(config: Config, options: AppOptions): Promise<App> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  const database = await openDatabase(targetFromConfig(config));
  const applied = await applyMigrations(database.adapter);
  if (applied.length) logger.info({ applied }, 'database migrated');
  if (options.seed ?? config.SEED_DEMO) await seedDemo(database.prisma, clock.now());
  const translator = await createTranslator();
  const deps: CoreDeps = { config, db: database.prisma, clock, logger, translator };

  let bot: Bot<BotContext> | undefined;
  let api: Api;
  if (options.mode === 'all') {
    const token = config.BOT_TOKEN ?? '0:local';
    const botDeps: BotDeps = {
      ...deps,
      botUsername: config.BOT_USERNAME ?? options.botInfo?.username ?? 'kanji_sahayak_bot',
      // /status for admins; the runtime is created just below, before any update can arrive.
      jobsStatus: () => jobs.status(),
      replyTransformer: (prev, method, payload, signal) => jobs.replyTransformer(prev, method, payload, signal),
    };
    bot = createBot(token, botDeps, {
      client: { apiRoot: config.TELEGRAM_API_ROOT, ...(options.botClient ?? {}) },
      ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    });
    api = bot.api;
  } else {
    api = new Api(config.BOT_TOKEN ?? '0:local', { apiRoot: config.TELEGRAM_API_ROOT, ...(options.botClient ?? {}) });
  }
  const jobs = createJobRuntime({ deps, api, redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX });

  let server: Server | undefined;
  let stopping = false;
  return {
    deps,
    database,
    bot,
    jobs,
    async start() {
      await jobs.start();
      if (!bot || options.noTransport) return;
      await bot.init();
      const { registerCommandMenus } = await import('../bot/commands');
      await registerCommandMenus(bot.api, deps.db);
      if (config.WEBHOOK_URL) {
        const handle = webhookCallback(bot, 'http', { secretToken: config.WEBHOOK_SECRET! });
        server = createServer((req, res) => {
          if (req.method !== 'POST') {
            res.writeHead(405).end();
            return;
          }
          // Errors past the bot's error boundary (e.g. the database unreachable): answer 500 so Telegram retries.
          handle(req, res).catch((err: unknown) => {
            logger.error({ err }, 'webhook update failed');
            if (!res.headersSent) res.writeHead(500).end();
          });
        });
        await new Promise<void>((resolve) => server!.listen(config.PORT, resolve));
        await bot.api.setWebhook(config.WEBHOOK_URL, { secret_token: config.WEBHOOK_SECRET!, drop_pending_updates: false });
        logger.info({ bot: bot.botInfo.username, webhook: config.WEBHOOK_URL, port: config.PORT }, 'connected to Telegram (webhook mode); command menus registered in English and Hindi');
      } else {
        await bot.api.deleteWebhook();
        void bot.start({ drop_pending_updates: false, onStart: () => {} });
        logger.info({ bot: bot.botInfo.username }, 'connected to Telegram (long polling); command menus registered in English and Hindi');
      }
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      if (bot?.isRunning()) await bot.stop();
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
      await jobs.stop();
      await database.close();
    },
  };
}
