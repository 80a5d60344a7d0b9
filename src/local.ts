// The local chat (npm start without BOT_TOKEN): the real bot, workers and embedded database, talking to an
// in-process stand-in for the Telegram Bot API, with the conversation in the terminal.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pino } from 'pino';
import type { UserFromGetMe } from 'grammy/types';
import { LocalBotApi } from '../bot/local/local-bot-api';
import { LocalChat } from '../bot/local/local-chat';
import { loadLocalState, saveLocalState } from '../bot/local/local-state';
import { DEMO_POUND, enrolPersonas, PERSONAS, personaByChat } from '../bot/local/personas';
import { renderNotice, shownPath } from '../bot/local/render';
import { probeRedis, RedisUnavailableError, redactRedisUrl } from '../jobs/redis';
import { createApp, type App } from './app';
import { OffsetClock } from './clock';
import type { Config } from './config';
import { createTranslator } from './i18n';
import { createHttpServer } from './http/server';
import { createLogger } from './logging';
import { Metrics } from './observability/metrics';

/** The token the local chat's stand-in for Telegram signs the staff desk's initData with (no real bot has it). */
export const LOCAL_DESK_TOKEN = '0:local';

/** Where the chat reads from and writes to: the terminal, or streams a test supplies. */
export interface LocalChatIO {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Prompt and line editing (a terminal); default: whether `input` is a TTY. Otherwise lines are a script and echoed. */
  interactive?: boolean;
}

/** A running local chat. */
export interface LocalChatHandle {
  /** Resolves with the exit code once the chat has stopped (end of input, /quit, stop()). */
  done: Promise<number>;
  /** Stops after the line being handled (Ctrl-C / SIGINT); resolves like `done`. */
  stop(): Promise<number>;
  /** How many input lines have been handled to the end (tests wait on it between scripted lines). */
  readonly linesHandled: number;
  /** The app and chat, while running (undefined when start-up failed). */
  app?: App;
  chat?: LocalChat;
}

/** The bot as the stand-in presents itself (getMe). */
function localBotInfo(config: Config): UserFromGetMe {
  return {
    id: 7000000000,
    is_bot: true,
    first_name: 'Kanji Sahayak',
    username: config.BOT_USERNAME ?? 'kanji_sahayak_bot',
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  } as UserFromGetMe;
}

/**
 * Starts the local chat: builds the app on the embedded database in DATA_DIR (seeded with the demo district),
 * enrols the four personas, starts the job runtime (Redis is still needed) and reads lines until the input
 * ends, /quit, or stop(). The demo clock's offset, update ids and message ids survive restarts.
 */
export async function startLocalChat(config: Config, io: LocalChatIO): Promise<LocalChatHandle> {
  const interactive = io.interactive ?? Boolean((io.input as { isTTY?: boolean }).isTTY);
  const dataDir = path.resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'local-chat.log');
  // The terminal is the conversation: logs go to a file so they never interleave with it.
  const logger = createLogger(config.LOG_LEVEL, pino.destination({ dest: logFile, sync: true, mkdir: true }));
  const state = loadLocalState(dataDir);
  const clock = new OffsetClock();
  clock.offsetMs = state.clockOffsetMs;
  const write = (text: string) => void io.output.write(`${text}\n`);
  // SMS_PROVIDER=fake: the owners' SMS are shown here (number masked); the numbers' key is kept in DATA_DIR.
  if (config.SMS_PROVIDER === 'fake' && !config.SMS_DATA_KEY)
    config = { ...config, SMS_DATA_KEY: localSmsKey(dataDir) };
  let showSms: (line: string) => void = write;

  const api = new LocalBotApi({
    botInfo: localBotInfo(config),
    isKnownChat: (chatId) => personaByChat(chatId) !== undefined,
    filesDir: path.join(dataDir, 'local-files'),
    now: () => clock.now(),
    nextMessageIds: state.nextMessageIds,
    // Telegram's flood limits as the deployment is configured: the bot's replies and the jobs are paced by
    // the shared rate limiter, and whatever is not would get a 429 here as it would in Telegram.
    flood: { perSecond: config.TELEGRAM_GLOBAL_PER_SECOND, perChatIntervalMs: config.TELEGRAM_PER_CHAT_INTERVAL_MS },
  });

  let app: App | undefined;
  try {
    // Redis first: without it the chat cannot run its jobs, and an empty DATA_DIR would otherwise be set up (the
    // database made, migrated and seeded, ~10 s) only to be told so afterwards.
    await probeRedis(config.REDIS_URL);
    app = await createApp(config, {
      mode: 'all',
      noTransport: true,
      botClient: api.client,
      botInfo: localBotInfo(config),
      clock,
      seed: true,
      logger,
      smsPrint: (line) => showSms(line),
      deskToken: LOCAL_DESK_TOKEN,
    });
    await enrolPersonas(app.deps.db, config.DEFAULT_LANGUAGE, clock.now());
    const lastUpdate = await app.deps.db.processedUpdate.findFirst({ orderBy: { updateId: 'desc' } });
    state.nextUpdateId = Math.max(state.nextUpdateId, lastUpdate ? Number(lastUpdate.updateId) + 1 : 1);
    await app.start();
  } catch (err) {
    logger.error({ err }, 'local chat: start-up failed');
    const t = (app?.deps.translator ?? (await createTranslator())).forLang(config.DEFAULT_LANGUAGE);
    const redis = err instanceof RedisUnavailableError || (err as Error).name === 'RedisUnavailableError';
    write(
      redis
        ? t('local:error.redis', { url: redactRedisUrl(config.REDIS_URL) })
        : t('local:error.start_failed', { message: (err as Error).message }),
    );
    await app?.stop().catch(() => {});
    return { done: Promise.resolve(1), stop: () => Promise.resolve(1), linesHandled: 0 };
  }
  const running = app;

  let rl: readline.Interface | undefined;
  let promptShown = false;
  const print = (text: string) => {
    if (interactive && promptShown && rl) {
      // A worker's message while the prompt waits: print above the prompt, then show the prompt again.
      readline.clearLine(io.output, 0);
      readline.cursorTo(io.output, 0);
      write(text);
      rl.prompt(true);
    } else {
      write(text);
    }
  };

  showSms = print;
  // The staff desk's HTTP server starts on the first /desk (the chat itself needs no port).
  let deskServer: Promise<{ base: string; token: string } | null> | undefined;
  let closeDesk: (() => Promise<void>) | undefined;
  const desk = () =>
    (deskServer ??= (async () => {
      const http = await createHttpServer({
        config,
        deps: running.deps,
        metrics: running.deps.metrics ?? new Metrics(),
        desk: running.desk!,
      });
      try {
        await http.app.listen({ port: config.PORT, host: '127.0.0.1' });
      } catch (err) {
        logger.warn({ err: (err as Error).message, port: config.PORT }, 'local chat: the staff desk could not listen');
        await http.app.close();
        deskServer = undefined;
        return null;
      }
      closeDesk = () => http.app.close();
      return { base: `http://127.0.0.1:${config.PORT}`, token: LOCAL_DESK_TOKEN };
    })());

  const chat = new LocalChat({
    desk,
    bot: running.bot!,
    api,
    deps: running.deps,
    jobs: running.jobs,
    clock,
    state,
    dataDir,
    logFile,
    print,
  });
  await chat.refreshLanguages();
  const example = await running.deps.db.case.findFirst({
    where: { pound: { code: DEMO_POUND } },
    orderBy: { id: 'asc' },
  });
  const t = chat.t();
  write(t('local:banner.title'));
  write(renderNotice(t('local:banner.data', { dir: shownPath(dataDir), log: shownPath(logFile) })));
  write(renderNotice(t('local:banner.you', { persona: t('local:persona.owner'), name: PERSONAS.owner.firstName })));
  write(renderNotice(t('local:banner.try', { example: example?.number ?? `${DEMO_POUND}-…` })));
  // Deadlines that fell due while the chat was stopped (or, at first start, in the demo cases) run now, before the first prompt.
  await chat.settle();

  rl = readline.createInterface({
    input: io.input,
    ...(interactive ? { output: io.output } : {}),
    terminal: interactive,
    prompt: chat.prompt(),
  });
  // Created at once, before any await, so no line that arrives meanwhile is lost; it buffers while a line is handled.
  const lines = rl[Symbol.asyncIterator]();
  let stopping = false;
  let linesHandled = 0;
  const stop = () => {
    stopping = true;
    rl?.close();
    return done;
  };
  if (interactive) rl.on('SIGINT', () => void stop());

  const done = (async (): Promise<number> => {
    if (interactive) {
      rl.prompt();
      promptShown = true;
    }
    for (;;) {
      const next = await lines.next();
      if (next.done || stopping) break;
      promptShown = false;
      if (!interactive) write(`${chat.prompt()}${next.value}`);
      const result = await chat.handleLine(next.value);
      linesHandled++;
      if (result === 'quit' || stopping) break;
      if (interactive) {
        rl.setPrompt(chat.prompt());
        rl.prompt();
        promptShown = true;
      }
    }
    promptShown = false;
    rl.close();
    await chat.flush();
    state.nextMessageIds = api.messageIdState();
    saveLocalState(dataDir, state);
    try {
      await closeDesk?.();
      await running.stop();
    } catch (err) {
      logger.error({ err }, 'local chat: stop failed');
      write(chat.t()('local:error.stop_failed', { message: (err as Error).message, log: shownPath(logFile) }));
      return 1;
    }
    write(renderNotice(chat.t()('local:bye', { dir: shownPath(dataDir) })));
    return 0;
  })();

  return {
    done,
    stop,
    app: running,
    chat,
    get linesHandled() {
      return linesHandled;
    },
  };
}

/** The local chat's key for owners' numbers (fake SMS provider): made once, kept in DATA_DIR. */
function localSmsKey(dataDir: string): string {
  const file = path.join(dataDir, 'local-sms.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
