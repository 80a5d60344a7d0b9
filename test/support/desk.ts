import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sign } from '@telegram-apps/init-data-node';
import { createApp, type App } from '../../src/app';
import { ManualClock } from '../../src/clock';
import { createConfig } from '../../src/config';
import { capturingLogger } from './test-logs';
import { createTestDatabase, type DbKind } from './db';
import { caseFixture } from './case-builder';
import { enrolStaff } from './fixtures';
import { TEST_REDIS_URL } from './jobs-harness';
import { freePort } from './own-services';

/** A test bot token: initData the desk accepts is signed with it, as Telegram signs with the real one. */
export const DESK_TOKEN = '654321:DESK-TEST-TOKEN-DESK-TEST-TOKEN-DESK';

/** The people of the desk tests: one per role and pound, an owner and a keeper whose grant is revoked. */
export const DESK_PEOPLE = {
  keeper: { id: 7101, role: 'POUND_KEEPER', pounds: ['JAI1'] },
  officer: { id: 7102, role: 'OFFICER', pounds: ['JAI2'] },
  magistrate: { id: 7103, role: 'MAGISTRATE', pounds: ['JAI1', 'JAI2'] },
  admin: { id: 7104, role: 'ADMIN', pounds: [] },
  revoked: { id: 7105, role: 'POUND_KEEPER', pounds: ['JAI1'] },
  owner: { id: 7106, role: null, pounds: [] },
} as const;
export type DeskPerson = keyof typeof DESK_PEOPLE;

/** Telegram's initData for `person`, signed with `token` at `authDate` (what a Mini App is opened with). */
export function initDataFor(
  telegramId: number,
  authDate: Date,
  opts: { token?: string; lang?: string; firstName?: string } = {},
): string {
  return sign(
    {
      user: {
        id: telegramId,
        first_name: opts.firstName ?? 'Desk',
        language_code: opts.lang ?? 'en',
      },
      query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    },
    opts.token ?? DESK_TOKEN,
    authDate,
  );
}

export interface DeskWorld {
  app: App;
  base: string;
  clock: ManualClock;
  /** Case numbers registered per pound for the tests (besides the demo cases). */
  cases: Record<'JAI1' | 'JAI2' | 'PUN1', string[]>;
  caseIds: Record<string, number>;
  pounds: Record<string, number>;
  initData(person: DeskPerson, opts?: { lang?: string; at?: Date }): string;
  /** The error lines the app logged (a 500's cause), for an assertion's message: the run's log is otherwise silent. */
  errors(): string;
  close(): Promise<void>;
}

/**
 * The app as a worker process serves it (HTTP on a free port), with the desk's people: on the embedded database
 * in its own data directory, or (`dbKind` 'postgres') on a throwaway Postgres database of the tests' helper,
 * reached as production reaches it, through DATABASE_URL.
 */
export async function startDeskWorld(
  extra: Record<string, string> = {},
  dbKind: DbKind = 'pglite',
): Promise<DeskWorld> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kanji-desk-'));
  const postgres = dbKind === 'postgres' ? await createTestDatabase('postgres') : undefined;
  const database = postgres?.target.kind === 'postgres' ? { DATABASE_URL: postgres.target.url } : {};
  const port = await freePort();
  const config = createConfig({
    BOT_TOKEN: DESK_TOKEN,
    BOT_USERNAME: 'kanji_desk_test_bot',
    DATA_DIR: dir,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: `t-desk-${randomUUID().slice(0, 8)}`,
    PORT: String(port),
    HTTP_HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DEFAULT_LANGUAGE: 'hi',
    ...database,
    ...extra,
  });
  const clock = new ManualClock('2026-11-29T16:05:00+05:30');
  const errorLines: string[] = [];
  const app = await createApp(config, {
    mode: 'workers',
    seed: true,
    clock,
    logger: capturingLogger(errorLines, 'error'),
  });
  await app.start();
  const db = app.deps.db;
  for (const p of Object.values(DESK_PEOPLE))
    if (p.role) await enrolStaff(db, p.id, p.role, [...p.pounds], `Staff ${p.id}`);
    else await db.telegramUser.create({ data: { id: BigInt(p.id), firstName: 'Owner' } });
  await db.staffMember.updateMany({
    where: { telegramUserId: BigInt(DESK_PEOPLE.revoked.id) },
    data: { revokedAt: clock.now() },
  });
  const cases: DeskWorld['cases'] = { JAI1: [], JAI2: [], PUN1: [] };
  const caseIds: Record<string, number> = {};
  const made: Array<[keyof DeskWorld['cases'], string, string, Array<[string, string]>]> = [
    ['JAI1', '2026-11-20T09:30:00+05:30', 'Kunda', [['cow', 'white cow with a bell']]],
    [
      'JAI1',
      '2026-11-27T18:10:00+05:30',
      'Achrol',
      [
        ['buffalo', 'black buffalo, left horn broken'],
        ['calf', 'calf'],
      ],
    ],
    ['JAI2', '2026-11-25T07:00:00+05:30', 'Samod', [['goat', 'brown goat']]],
    ['PUN1', '2026-11-26T11:00:00+05:30', 'Uruli', [['bullock', 'Khillar bullock']]],
  ];
  for (const [pound, at, place, heads] of made) {
    const c = await caseFixture(db, { pound, impoundedAt: at, place, heads }).build();
    cases[pound].push(c.number);
    caseIds[c.number] = c.id;
  }
  const pounds = Object.fromEntries((await db.pound.findMany()).map((p) => [p.code, p.id]));
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    clock,
    cases,
    caseIds,
    pounds,
    initData: (person, opts = {}) =>
      initDataFor(DESK_PEOPLE[person].id, opts.at ?? clock.now(), { ...(opts.lang ? { lang: opts.lang } : {}) }),
    errors: () => errorLines.join('').slice(-4000),
    async close() {
      await app.stop();
      await postgres?.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
