import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDeps } from '../../../src/admin/args';
import { dispatchAdmin } from '../../../src/admin/run';
import { ManualClock } from '../../../src/clock';
import { createConfig } from '../../../src/config';
import { createTranslator, type Translator } from '../../../src/i18n';
import { createLogger } from '../../../src/logging';
import { createTestDatabase, type TestDatabase } from '../../support/db';
import { seed } from '../../support/fixtures';

/** `pound set-contact`: opening hours, position and the public office phone owners are told when they ask. */
describe('admin CLI: a pound’s opening hours, position and office phone', () => {
  let tdb: TestDatabase;
  let translator: Translator;
  let out: string[] = [];
  let err: string[] = [];
  let deps: AdminDeps;
  const clock = new ManualClock('2026-11-29T10:00:00+05:30');
  const t = (key: string, params?: Record<string, unknown>) => translator.t('en', key, params);
  const run = async (line: string) => {
    out = [];
    err = [];
    const argv = [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
    return dispatchAdmin(deps, argv);
  };

  beforeAll(async () => {
    tdb = await createTestDatabase('pglite');
    translator = await createTranslator({ strict: true });
    await seed(tdb.prisma, clock.now());
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
  });
  afterAll(() => tdb?.destroy());

  it('the demo pounds are seeded with hours, a position and an office phone', async () => {
    const p = await tdb.prisma.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
    expect([p.openingHours, p.latitude, p.longitude, p.publicPhone]).toEqual([
      '8 am to 6 pm, every day',
      26.9855,
      75.8513,
      '0141 253 0100',
    ]);
  });

  it('records them, lists them, audits which fields changed (not the number), and clears one given as ""', async () => {
    expect(
      await run(
        'pound set-contact --code jai2 --hours "10 am to 4 pm" --hours-hi "सुबह 10 से शाम 4 बजे" --position 27.2,75.7 --phone "01423 222 333"',
      ),
    ).toBe(0);
    expect(out).toEqual([t('intent:admin.contact_set', { code: 'JAI2' })]);
    const p = await tdb.prisma.pound.findUniqueOrThrow({ where: { code: 'JAI2' } });
    expect([p.openingHours, p.openingHoursHi, p.latitude, p.longitude, p.publicPhone]).toEqual([
      '10 am to 4 pm',
      'सुबह 10 से शाम 4 बजे',
      27.2,
      75.7,
      '01423 222 333',
    ]);
    const audit = await tdb.prisma.auditEvent.findFirstOrThrow({ where: { action: 'pound.set_contact' } });
    expect(JSON.stringify(audit.details)).not.toContain('222 333');
    expect(await run('pounds')).toBe(0);
    expect(out).toContain(
      t('intent:admin.contact_line', {
        hours: '10 am to 4 pm',
        hoursHi: 'सुबह 10 से शाम 4 बजे',
        position: '27.2,75.7',
        phone: '01423 222 333',
      }),
    );
    expect(await run('pound set-contact --code JAI2 --phone ""')).toBe(0);
    expect((await tdb.prisma.pound.findUniqueOrThrow({ where: { code: 'JAI2' } })).publicPhone).toBeNull();
  });

  it.each([
    ['pound set-contact --code JAI1 --position 95,75', 'intent:admin.bad_position', { value: '95,75' }],
    [
      'pound set-contact --code JAI1 --position "north of the tank"',
      'intent:admin.bad_position',
      { value: 'north of the tank' },
    ],
    ['pound set-contact --code JAI1 --phone "call Mohan"', 'intent:admin.bad_phone', {}],
    ['pound set-contact --code JAI1', 'intent:admin.nothing_to_set', {}],
  ])('%s → one line naming the problem, exit 2, nothing changed', async (line, key, params) => {
    const before = await tdb.prisma.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
    expect(await run(line)).toBe(2);
    expect(err).toEqual([`${t(key, params)} ${t('staff:admin.usage_prefix')} ${t('intent:admin.usage_set_contact')}`]);
    expect(await tdb.prisma.pound.findUniqueOrThrow({ where: { code: 'JAI1' } })).toEqual(before);
  });

  it('an unknown pound is refused (exit 1)', async () => {
    expect(await run('pound set-contact --code ZZZ9 --hours "9 to 5"')).toBe(1);
    expect(err).toEqual([t('staff:admin.unknown_pound', { code: 'ZZZ9' })]);
  });
});
