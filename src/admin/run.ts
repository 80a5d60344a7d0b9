import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { systemClock, type Clock } from '../clock';
import { ConfigError, createConfig } from '../config';
import { applyMigrations, openDatabase, targetFromConfig } from '../db';
import type { CoreDeps } from '../deps';
import { createTranslator, type Lang } from '../i18n';
import { createLogger } from '../logging';
import { areasCommand } from './areas-command';
import { documentCommand } from './document-command';
import { EXIT, type AdminDeps } from './args';
import { enrolCommand } from './enrol-command';
import { feesCommand } from './fees-command';
import { poundsCommand } from './pounds-command';
import { registerExportCommand } from './register-export-command';
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
  'register-export': registerExportCommand,
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
  const database = await openDatabase(targetFromConfig(config));
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
      botUsername: config.BOT_USERNAME ?? 'kanji_sahayak_bot',
    };
    return await dispatchAdmin(deps, rest);
  } finally {
    await database.close();
  }
}
