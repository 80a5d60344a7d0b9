import { Api, type ApiClientOptions, type Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { createBot, type BotContext, type BotDeps, type KanjiBot } from '../bot';
import { createLimitsRedis } from '../jobs/redis';
import { createJobRuntime, type JobRuntime } from '../jobs/runtime';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { applyMigrations, openDatabase, targetFromConfig, type Database } from './db';
import { seedDemo } from './db/seed';
import type { CoreDeps } from './deps';
import { createTranslator } from './i18n';
import { clientTagSecret } from './http/client-limits';
import type { DeskOptions } from './http/desk/routes';
import { createHttpServer, type HttpServer } from './http/server';
import { createLogger, type Logger } from './logging';
import { deskUrl } from './services/desk';
import { Metrics } from './observability/metrics';
import { createSmsSettings } from './services/sms';
import { speechToTextFromConfig, telegramAudio } from './services/speech';
import { ownerNlu } from './services/owner-text';

/** The composition root: config, database, translator, bot and workers, wired once. */
export interface App {
  deps: CoreDeps;
  database: Database;
  bot?: KanjiBot;
  jobs: JobRuntime;
  /** The HTTP server once started (webhook, /healthz, /readyz, /metrics, dashboard, /r/<code>). */
  readonly http: HttpServer | undefined;
  /** The staff desk's options (token, bot username) when it is served; the local chat starts its server itself. */
  readonly desk: DeskOptions | undefined;
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
  /** Serve HTTP on PORT (default: unless noTransport). Tests set it with noTransport to test the server alone. */
  http?: boolean;
  /** Where the fake SMS provider (SMS_PROVIDER=fake) shows each SMS, number masked (default: the log). */
  smsPrint?: (line: string) => void;
  /**
   * The token the staff desk checks Telegram's initData with when there is no BOT_TOKEN (the local chat's stand-in).
   * Without either the desk is not served.
   */
  deskToken?: string;
}

/**
 * The bot's username for deep links: the one getMe returned. BOT_USERNAME, when set, must agree (Telegram
 * usernames are case-insensitive); a mismatch stops start-up with one line rather than print links to
 * another bot.
 */
export function botUsernameFrom(config: Pick<Config, 'BOT_USERNAME'>, me: Pick<UserFromGetMe, 'username'>): string {
  if (config.BOT_USERNAME && config.BOT_USERNAME.toLowerCase() !== me.username.toLowerCase()) {
    throw new Error(
      `BOT_USERNAME is "${config.BOT_USERNAME}" but Telegram says this BOT_TOKEN belongs to @${me.username}: correct BOT_USERNAME or unset it`,
    );
  }
  return me.username;
}

/** Builds everything; nothing runs until start(). */
export async function createApp(config: Config, options: AppOptions): Promise<App> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  const database = await openDatabase(targetFromConfig(config));
  const applied = await applyMigrations(database.adapter);
  if (applied.length) logger.info({ applied }, 'database migrated');
  if (options.seed ?? config.SEED_DEMO) await seedDemo(database.prisma, clock.now(), { photos: true });
  const translator = await createTranslator();
  const metrics = new Metrics();
  const sms = createSmsSettings(
    config,
    options.smsPrint ?? ((line) => logger.info({ sms: line }, 'fake SMS provider')),
  );
  const deps: CoreDeps = { config, db: database.prisma, clock, logger, translator, metrics, ...(sms ? { sms } : {}) };

  let bot: KanjiBot | undefined;
  let botDeps: BotDeps | undefined;
  let api: Api;
  if (options.mode === 'all') {
    const token = config.BOT_TOKEN ?? '0:local';
    // Owners' free text is understood by a model trained here, from locales/nlu/, before any update.
    const nlu = await ownerNlu();
    logger.info(
      { trainingMs: Math.round(nlu.trainingMs), utterances: nlu.utterances, fromSaved: nlu.fromSaved },
      nlu.fromSaved ? 'owner words model loaded as saved' : 'owner words model trained',
    );
    botDeps = {
      ...deps,
      // Deep links (receipt verification, the seizure slip's QR, enrolment) name the bot Telegram says this
      // token belongs to: set from getMe in start(), before any update. A name nobody checked could be
      // registered by someone else and a printed receipt would point there.
      botUsername: options.botInfo?.username ?? config.BOT_USERNAME ?? '',
      // /status for admins; the runtime is created just below, before any update can arrive.
      jobsStatus: () => jobs.status(),
      replyTransformer: (prev, method, payload, signal) => jobs.replyTransformer(prev, method, payload, signal),
      nudgeOutbox: () => jobs.nudge(),
    };
    // Voice notes: a speech-to-text service only when SPEECH_TO_TEXT turns one on (off by default).
    const speechToText = speechToTextFromConfig(
      config,
      telegramAudio((fileId) => api.getFile(fileId), config.TELEGRAM_API_ROOT, token),
      () => clock.now(),
    );
    if (speechToText) botDeps.speechToText = speechToText;
    bot = createBot(token, botDeps, {
      client: { apiRoot: config.TELEGRAM_API_ROOT, ...(options.botClient ?? {}) },
      ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    });
    api = bot.api;
  } else {
    api = new Api(config.BOT_TOKEN ?? '0:local', { apiRoot: config.TELEGRAM_API_ROOT, ...(options.botClient ?? {}) });
  }
  const jobs = createJobRuntime({ deps, api, redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX });
  let jobsStarted = false;
  metrics.bind({
    db: database.prisma,
    clock,
    queues: () => (jobsStarted ? jobs.queues : undefined),
    sendRate: () => jobs.sendRate(),
  });

  const deskToken = config.BOT_TOKEN ?? options.deskToken;
  const deskOptions = deskToken
    ? {
        token: deskToken,
        botUsername: () => botDeps?.botUsername || config.BOT_USERNAME || '',
        perMinute: config.DESK_PER_MINUTE,
      }
    : undefined;
  let http: HttpServer | undefined;
  // The per-client limits count in the deployment's Redis, on a connection of their own that never makes a request wait.
  let limitsRedis: ReturnType<typeof createLimitsRedis> | undefined;
  const serveHttp = options.http ?? !options.noTransport;
  const listen = async (webhookBot?: Bot<BotContext>) => {
    limitsRedis ??= createLimitsRedis(config.REDIS_URL);
    // Redis was reached moments ago (jobs.start); should it be gone now, requests are served uncounted until it is back.
    await limitsRedis
      .connect()
      .catch((err: Error) => logger.warn({ err: err.message }, 'HTTP limits: Redis not reached'));
    // Without BOT_TOKEN (the local chat) there is no Bot API to check.
    http = await createHttpServer({
      config,
      deps,
      metrics,
      queues: jobs.queues,
      botUsername: () => botDeps?.botUsername || config.BOT_USERNAME || '',
      ...(config.BOT_TOKEN ? { api } : {}),
      ...(webhookBot ? { webhookBot } : {}),
      ...(deskOptions ? { desk: deskOptions } : {}),
      limits: {
        redis: limitsRedis,
        prefix: config.QUEUE_PREFIX,
        secret: clientTagSecret(config, config.QUEUE_PREFIX),
      },
    });
    await http.app.listen({ port: config.PORT, host: config.HTTP_HOST });
    logger.info(
      { port: config.PORT, host: config.HTTP_HOST },
      'HTTP server listening (/healthz, /readyz, /metrics, /r/<code>, /c/<number>)',
    );
  };
  let stopping = false;
  let polling: { isRunning(): boolean; stop(): Promise<void> } | undefined;
  return {
    deps,
    database,
    bot,
    jobs,
    get http() {
      return http;
    },
    desk: deskOptions,
    async start() {
      if (bot && !options.noTransport) {
        await bot.init();
        botDeps!.botUsername = botUsernameFrom(config, bot.botInfo);
      }
      await jobs.start();
      jobsStarted = true;
      if (!bot || options.noTransport) {
        // Workers only (npm run worker), or a test of the server alone: health, readiness and metrics.
        if (serveHttp) await listen();
        return;
      }
      const { registerCommandMenus } = await import('../bot/commands');
      const desk = deskUrl(config);
      // Said once: without an https PUBLIC_URL Telegram cannot open the staff desk; staff keep the chat.
      if (!desk) logger.info('staff desk not offered in Telegram: set PUBLIC_URL to an https address to open it');
      await registerCommandMenus(bot.api, deps, desk);
      if (config.WEBHOOK_URL) {
        await listen(bot);
        await bot.api.setWebhook(config.WEBHOOK_URL, {
          secret_token: config.WEBHOOK_SECRET!,
          drop_pending_updates: false,
        });
        logger.info(
          { bot: bot.botInfo.username, webhook: config.WEBHOOK_URL, port: config.PORT },
          'connected to Telegram (webhook mode); command menus registered in English and Hindi',
        );
      } else {
        // Long polling: the HTTP server still listens on PORT for health checks, metrics and receipt pages.
        if (serveHttp) await listen();
        await bot.api.deleteWebhook();
        // @grammyjs/runner: chats concurrently, each chat's updates in order (bot/polling.ts).
        const { startPolling } = await import('../bot/polling');
        polling = startPolling(bot);
        logger.info(
          { bot: bot.botInfo.username },
          'connected to Telegram (long polling); command menus registered in English and Hindi',
        );
      }
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      if (polling?.isRunning()) await polling.stop();
      if (bot?.isRunning()) await bot.stop();
      if (http) await http.app.close();
      if (limitsRedis?.status === 'ready') await limitsRedis.quit().catch(() => limitsRedis?.disconnect());
      else limitsRedis?.disconnect();
      // Sessions leases this process still holds end now, not after LEASE_MS (bot/middleware/session-storage.ts).
      await bot?.leases.endAll();
      await jobs.stop();
      await database.close();
    },
  };
}
