import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDeps } from '../../../src/admin/args';
import { dispatchAdmin } from '../../../src/admin/run';
import { ManualClock } from '../../../src/clock';
import { createConfig } from '../../../src/config';
import { createTranslator, type Translator } from '../../../src/i18n';
import { createLogger } from '../../../src/logging';
import { createTestDatabase, type TestDatabase } from '../../support/db';
import { enrolStaff, seed } from '../../support/fixtures';

// The paper register's CSV from the admin CLI, acting as the pound's keeper: a check first (nothing saved), then the
// import (once per serial), each row judged as the desk's import judges it (s. 8, and s. 14 for the paper steps).
describe('admin CLI: register-import', () => {
  let tdb: TestDatabase;
  let translator: Translator;
  let out: string[] = [];
  let err: string[] = [];
  let deps: AdminDeps;
  let dir: string;
  const clock = new ManualClock('2026-11-29T10:00:00+05:30');
  const t = (key: string, params?: Record<string, unknown>) => translator.t('en', key, params);
  const run = (line: string) => {
    out = [];
    err = [];
    return dispatchAdmin(deps, line.split(' '));
  };

  beforeAll(async () => {
    tdb = await createTestDatabase('pglite');
    translator = await createTranslator({ strict: true });
    await seed(tdb.prisma, clock.now());
    await enrolStaff(tdb.prisma, 7401, 'POUND_KEEPER', ['JAI1']);
    deps = {
      config: createConfig({ LOG_LEVEL: 'silent' }),
      db: tdb.prisma,
      clock,
      logger: createLogger('silent'),
      translator,
      t: translator.forLang('en'),
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      botUsername: 'KanjiTestBot',
    };
    dir = await mkdtemp(path.join(tmpdir(), 'kanji-import-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await tdb?.destroy();
  });

  it('checks, then imports the rows that can be entered, once; a refused row says why under s. 14', async () => {
    const file = path.join(dir, 'register.csv');
    await writeFile(
      file,
      [
        'serial,impounded,class,count,description,place,seizer,report,notice,village,market',
        'P-1,2026-11-01 09:00,buffalo,1,black buffalo,Kunda,Ram,2026-11-17 10:00,2026-11-17 11:00,2026-11-17 15:00,2026-11-17 17:00',
        'P-2,2026-11-20 09:00,cow,1,white cow,Kunda,Ram,2026-11-22 10:00,,,',
      ].join('\n'),
    );
    const before = await tdb.prisma.case.count();
    expect(await run(`register-import --pound JAI1 --file ${file}`)).toBe(2);
    expect(err[0]).toContain(t('staff:admin.missing', { option: '--user' }));
    expect(await run(`register-import --pound JAI1 --file ${file} --user 7401`)).toBe(1);
    expect(out[0]).toBe(`2\tP-1\t${t('desk:import.row.ready')}`);
    expect(out[1]).toMatch(/^3\tP-2\tToo early \(s\. 14\)/);
    expect(out[2]).toBe(t('desk:import.summary_preview', { count: 2, ok: 1 }));
    expect(await tdb.prisma.case.count()).toBe(before);
    expect(await run(`register-import --pound JAI1 --file ${file} --user 7401 --import`)).toBe(1);
    const c = await tdb.prisma.case.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(c).toMatchObject({ status: 'NOTICE_POSTED', reportSource: 'paper', backEntryRole: 'pound_keeper' });
    expect(out[0]).toBe(`2\tP-1\t${t('desk:import.row.entered', { number: c.number })}`);
    await run(`register-import --pound JAI1 --file ${file} --user 7401 --import`);
    expect(out[0]).toBe(`2\tP-1\t${t('desk:import.row.already', { number: c.number })}`);
    expect(await tdb.prisma.case.count()).toBe(before + 1);
    // Someone who is not the pound's keeper imports nothing.
    expect(await run(`register-import --pound JAI1 --file ${file} --user 999 --import`)).toBe(1);
    expect(err[0]).toBe(t('common:error.not_allowed'));
    expect(await tdb.prisma.case.count()).toBe(before + 1);
  });

  it('refuses rows with a control or format character or an over-long serial, naming the field; the terminal gets none of them', async () => {
    const file = path.join(dir, 'hostile.csv');
    const row = (serial: string, desc: string) => `${serial},2026-11-20 09:00,cow,1,${desc},Kunda,Ram,,,,`;
    await writeFile(
      file,
      [
        'serial,impounded,class,count,description,place,seizer,report,notice,village,market',
        row('H-1', 'white cow\u001b]0;owned\u0007'),
        row('H-\u202e2', 'red cow'),
        row('H-3', 'grey\u0000cow'),
        row('H'.repeat(41), 'black cow'),
      ].join('\n'),
    );
    const before = await tdb.prisma.case.count();
    expect(await run(`register-import --pound JAI1 --file ${file} --user 7401 --import`)).toBe(1);
    // The column named in the reader's words (staff:import.column.*).
    const column = (c: string) => t(`staff:import.column.${c}`);
    const bad = (field: string, detail: string) => t('desk:import.problem.BAD_TEXT', { field: column(field), detail });
    expect(out.slice(0, 4)).toEqual([
      `2\tH-1\t${bad('description', 'U+001B')}`,
      `3\tH-?2\t${bad('serial', 'U+202E')}`,
      `4\tH-3\t${bad('description', 'U+0000')}`,
      `5\t${'H'.repeat(40)}…\t${t('desk:import.problem.TOO_LONG', { field: column('serial'), detail: '40' })}`,
    ]);
    expect(out.join('').replaceAll('\t', '')).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    expect(await tdb.prisma.case.count()).toBe(before);
  });
});
