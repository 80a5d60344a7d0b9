import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { systemClock, type Clock } from '../clock';
import { Api, GrammyError } from 'grammy';
import { ConfigError, createConfig, type Config } from '../config';
import { applyMigrations, DataDirLockedError, openDatabase, targetFromConfig } from '../db';
import type { CoreDeps } from '../deps';
import { createTranslator, type Lang } from '../i18n';
import { createLogger, scrubSecrets } from '../logging';
import { areasCommand } from './areas-command';
import { documentCommand } from './document-command';
import { EXIT, type AdminDeps } from './args';
import { enrolCommand } from './enrol-command';
import { feesCommand } from './fees-command';
import { marketCommand } from './market-command';
import { poundsCommand } from './pounds-command';
import { registerExportCommand } from './register-export-command';
import { registerImportCommand } from './register-import-command';
import { revokeCommand } from './revoke-command';
import { staffCommand } from './staff-command';

type Command = (deps: AdminDeps, args: string[]) => Promise<number>;

/** The admin commands by name (`npm run admin -- <command> ...`). */
export const COMMANDS: Record<string, Command> = {
  enrol: enrolCommand,
  revoke: revokeCommand,
  staff: staffCommand,
  pounds: poundsCommand,
  pound: poundsCommand,
  areas: areasCommand,
  area: areasCommand,
  fees: feesCommand,
  market: marketCommand,
  markets: marketCommand,
  'register-export': registerExportCommand,
  'register-import': registerImportCommand,
  document: documentCommand,
  jobs: jobsCommand,
};

/** `jobs ...` belongs to the jobs engineer's src/admin/jobs-command.ts; until it exists, say so. */
async function jobsCommand(deps: AdminDeps, args: string[]): Promise<number> {
  const candidates = ['./jobs-command.ts', './jobs-command.js'].map((p) => new URL(p, import.meta.url));
  const found = candidates.find((u) => existsSync(fileURLToPath(u)));
  if (!found) {
    deps.err(deps.t('staff:admin.jobs_unavailable'));
    return EXIT.USAGE;
  }
  const mod = (await import(found.href)) as { runJobsCommand?: (deps: CoreDeps, args: string[]) => Promise<number> };
  if (typeof mod.runJobsCommand !== 'function') {
    deps.err(deps.t('staff:admin.jobs_unavailable'));
    return EXIT.USAGE;
  }
  return mod.runJobsCommand(deps, args);
}

/** The local chat's stand-in bot (src/local.ts): links without a BOT_TOKEN point there. */
const LOCAL_BOT_USERNAME = 'kanji_sahayak_bot';

type KnownUsername =
  | { ok: true; username: string }
  | { ok: false; mismatch: boolean; reason?: string; configured?: string; actual?: string };

/** getMe for the configured token; BOT_USERNAME, when set, must agree with it. */
async function botUsernameFromTelegram(config: Config): Promise<KnownUsername> {
  let me;
  try {
    me = await new Api(config.BOT_TOKEN!, { apiRoot: config.TELEGRAM_API_ROOT, timeoutSeconds: 15 }).getMe();
  } catch (err) {
    return {
      ok: false,
      mismatch: false,
      reason: scrubSecrets(err instanceof GrammyError ? err.description : (err as Error).message),
    };
  }
  if (config.BOT_USERNAME && config.BOT_USERNAME.toLowerCase() !== me.username.toLowerCase()) {
    return { ok: false, mismatch: true, configured: config.BOT_USERNAME, actual: me.username };
  }
  return { ok: true, username: me.username };
}

/** Runs one admin command on already-built dependencies (tests call this with a test database). */
export async function dispatchAdmin(deps: AdminDeps, argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    deps.out(deps.t('staff:admin.help'));
    return name === undefined ? EXIT.USAGE : EXIT.OK;
  }
  const command = COMMANDS[name];
  if (!command) {
    deps.err(deps.t('staff:admin.unknown_command', { value: name }));
    return EXIT.USAGE;
  }
  return command(deps, args);
}

/**
 * The CLI: `[--lang en|hi] <command> [options]`. Reads the configuration, opens and migrates the database
 * (src/db), runs the command and closes the database. A bad setting or argument is one line on stderr.
 */
export async function runAdmin(
  argv: string[],
  io: { env: Record<string, string | undefined>; out(line: string): void; err(line: string): void; clock?: Clock },
): Promise<number> {
  let lang: Lang = 'en';
  let rest = argv;
  if (rest[0] === '--lang') {
    if (rest[1] !== 'en' && rest[1] !== 'hi') {
      io.err('--lang must be en or hi');
      return EXIT.USAGE;
    }
    lang = rest[1];
    rest = rest.slice(2);
  }
  let config;
  try {
    config = createConfig(io.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      io.err(e.message);
      return EXIT.USAGE;
    }
    throw e;
  }
  const translator = await createTranslator();
  let database;
  try {
    database = await openDatabase(targetFromConfig(config));
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      io.err(translator.forLang(lang)('staff:admin.data_dir_locked', { pid: e.pid, dir: e.dataDir }));
      return EXIT.REFUSED;
    }
    throw e;
  }
  try {
    await applyMigrations(database.adapter);
    const deps: AdminDeps = {
      config,
      db: database.prisma,
      clock: io.clock ?? systemClock,
      logger: createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL),
      translator,
      t: translator.forLang(lang),
      out: io.out,
      err: io.err,
      botUsername: config.BOT_USERNAME ?? LOCAL_BOT_USERNAME,
    };
    if (rest[0] === 'enrol' && config.BOT_TOKEN) {
      // The printed link must name the bot this token belongs to (getMe), never a default or a typo.
      const known = await botUsernameFromTelegram(config);
      if (!known.ok) {
        io.err(
          deps.t(known.mismatch ? 'staff:admin.bot_username_mismatch' : 'staff:admin.bot_username_unknown', known),
        );
        return EXIT.REFUSED;
      }
      deps.botUsername = known.username;
    }
    return await dispatchAdmin(deps, rest);
  } finally {
    await database.close();
  }
}
