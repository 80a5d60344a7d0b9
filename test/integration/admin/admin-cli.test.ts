import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDeps } from '../../../src/admin/args';
import { dispatchAdmin } from '../../../src/admin/run';
import { ManualClock } from '../../../src/clock';
import { createConfig } from '../../../src/config';
import { createTranslator, type Translator } from '../../../src/i18n';
import { createLogger } from '../../../src/logging';
import { redeemEnrolmentCode, staffActorOf } from '../../../src/services/staff';
import { duesForCase } from '../../../src/services/dues';
import { caseFixture } from '../../support/case-builder';
import { createTestDatabase, type TestDatabase } from '../../support/db';
import { enrolStaff, seed } from '../../support/fixtures';
import { registerSeizure } from '../../../src/services/register';

describe('admin CLI commands (as functions, on a test database)', () => {
  let tdb: TestDatabase;
  let translator: Translator;
  let out: string[];
  let err: string[];
  let deps: AdminDeps;
  const clock = new ManualClock('2026-11-29T10:00:00+05:30');
  const t = (key: string, params?: Record<string, unknown>) => translator.t('en', key, params);
  const run = async (line: string) => {
    out = [];
    err = [];
    // Split like a shell would for these simple lines: "quoted words" stay together.
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

  it('enrol prints a single-use code and its deep link; the code enrols once', async () => {
    expect(await run('enrol --role pound-keeper --pound JAI1,jai2 --name "Mohan Lal" --ttl-hours 48')).toBe(0);
    const code = /Code: (\S+)/.exec(out.join('\n'))![1]!;
    expect(out).toContain(t('staff:admin.enrol.link', { link: `https://t.me/KanjiTestBot?start=enrol_${code}` }));
    expect(out[0]).toBe(
      t('staff:admin.enrol.done', {
        role: 'pound-keeper',
        pounds: 'JAI1, JAI2',
        at: new Date(clock.now().getTime() + 48 * 3_600_000).toISOString(),
      }),
    );
    const row = await tdb.prisma.enrolmentCode.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect([row.role, row.poundCodes, row.name]).toEqual(['POUND_KEEPER', ['JAI1', 'JAI2'], 'Mohan Lal']);
    const first = await redeemEnrolmentCode(tdb.prisma, {
      code,
      telegramId: 9001n,
      firstName: 'M',
      chatId: 9001,
      messageId: 1,
      now: clock.now(),
    });
    expect(first.name).toBe('Mohan Lal');
    expect(await run('staff')).toBe(0);
    expect(out.some((l) => l.includes('9001') && l.includes('POUND_KEEPER') && l.includes('JAI1,JAI2'))).toBe(true);
  });

  it.each([
    ['enrol --pound JAI1', 'staff:admin.missing', { option: '--role' }],
    ['enrol --role chief --pound JAI1', 'staff:admin.bad_role', { value: 'chief' }],
    ['enrol --role officer', 'staff:admin.missing', { option: '--pound' }],
    ['enrol --role officer --pound JAI1 --ttl-hours 0', 'staff:admin.bad_ttl', { value: '0' }],
    ['revoke --user abc', 'staff:admin.bad_user', { value: 'abc' }],
    [
      'pound set-upi --code JAI1 --upi "not a vpa" --payee "Pound Keeper"',
      'staff:admin.bad_upi',
      { value: 'not a vpa' },
    ],
    [
      'pound add --code 1JAI --area RJ-JAIPUR --name N --name-hi न --address A --police-station P',
      'staff:admin.bad_pound_code',
      { value: '1JAI' },
    ],
    [
      'fees add-fine --area RJ-JAIPUR --class dog --from 2027-01-01 --amount 10 --notification X',
      'staff:admin.bad_class',
      { value: 'dog' },
    ],
    [
      'fees add-fine --area RJ-JAIPUR --class cow --from 2027-13-01 --amount 10 --notification X',
      'staff:admin.bad_date',
      { value: '2027-13-01' },
    ],
    [
      'fees add-fine --area RJ-JAIPUR --class cow --from 2027-01-01 --amount 10x --notification X',
      'staff:admin.bad_amount',
      { value: '10x' },
    ],
  ])('%s → one line naming the problem, exit 2', async (line, key, params) => {
    const before = await tdb.prisma.auditEvent.count();
    expect(await run(line)).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]!.startsWith(t(key, params))).toBe(true);
    expect(err[0]).toContain(t('staff:admin.usage_prefix'));
    expect(await tdb.prisma.auditEvent.count()).toBe(before);
  });

  it('an unknown pound is refused with exit 1; an unknown command with exit 2', async () => {
    expect(await run('enrol --role officer --pound XYZ9')).toBe(1);
    expect(err).toEqual([t('staff:admin.unknown_pound', { code: 'XYZ9' })]);
    expect(await run('frobnicate')).toBe(2);
    expect(err).toEqual([t('staff:admin.unknown_command', { value: 'frobnicate' })]);
  });

  it('revoke ends the grants at once', async () => {
    expect(await run('revoke --user 9001')).toBe(0);
    expect(out).toEqual([t('staff:admin.revoke.done', { user: '9001', n: 1 })]);
    expect(await tdb.prisma.staffMember.count({ where: { telegramUserId: 9001n, revokedAt: null } })).toBe(0);
    expect(await run('revoke --user 9001')).toBe(1);
  });

  it('areas and pounds: add, list, set the official UPI id', async () => {
    expect(await run('areas add --code RJ-AJMER --name Ajmer --name-hi अजमेर --state RJ')).toBe(0);
    expect(await run('areas add --code UP-AGRA --name Agra --name-hi आगरा --state UP')).toBe(1);
    expect(
      await run(
        'areas add --code UP-AGRA --name Agra --name-hi आगरा --state UP --state-name "Uttar Pradesh" --state-name-hi "उत्तर प्रदेश"',
      ),
    ).toBe(0);
    expect(
      await run(
        'pound add --code AJM1 --area rj-ajmer --name "Ajmer Pound" --name-hi "अजमेर कांजी हाउस" --address "Collectorate Road" --police-station "Civil Lines"',
      ),
    ).toBe(0);
    expect(await run('pound add --code AJM1 --area RJ-AJMER --name X --name-hi य --address A --police-station P')).toBe(
      1,
    );
    expect(await run('pound set-upi --code ajm1 --upi ajmerpound.rj@sbi --payee "Pound Keeper Ajmer (Govt)"')).toBe(0);
    const p = await tdb.prisma.pound.findUniqueOrThrow({ where: { code: 'AJM1' }, include: { area: true } });
    expect([p.area.code, p.upiId, p.upiPayeeName]).toEqual([
      'RJ-AJMER',
      'ajmerpound.rj@sbi',
      'Pound Keeper Ajmer (Govt)',
    ]);
    expect(await run('pounds')).toBe(0);
    expect(out).toContain(
      t('staff:admin.pounds.line', {
        code: 'AJM1',
        name: 'Ajmer Pound',
        nameHi: 'अजमेर कांजी हाउस',
        area: 'RJ-AJMER',
        station: 'Civil Lines',
        upi: 'ajmerpound.rj@sbi',
      }),
    );
    expect(
      await tdb.prisma.auditEvent.count({ where: { action: { in: ['area.add', 'pound.add', 'pound.set_upi'] } } }),
    ).toBe(4);
  });

  it('market: the market-place nearest to a village (s. 14) is set per area, listed, replaced; a seizure there records it', async () => {
    expect(await run('market set --area rj-jaipur --village "  ACHROL " --market "Achrol Pashu Haat"')).toBe(0);
    expect(out).toEqual([
      t('staff:admin.market.added', { area: 'RJ-JAIPUR', village: 'achrol', market: 'Achrol Pashu Haat', before: '' }),
    ]);
    expect(await run('market set --area RJ-JAIPUR --village Achrol --market "Chomu  Mandi"')).toBe(0);
    expect(out).toEqual([
      t('staff:admin.market.replaced', {
        area: 'RJ-JAIPUR',
        village: 'achrol',
        market: 'Chomu Mandi',
        before: 'Achrol Pashu Haat',
      }),
    ]);
    expect(await run('market list --area RJ-JAIPUR')).toBe(0);
    expect(out).toEqual([t('staff:admin.market.line', { village: 'achrol', market: 'Chomu Mandi' })]);
    // Refused or bad: nothing written.
    expect(await run('market set --area RJ-NOWHERE --village Achrol --market X1')).toBe(1);
    expect(err).toEqual([t('staff:admin.market.unknown_area', { code: 'RJ-NOWHERE' })]);
    expect(await run('market set --area RJ-JAIPUR --village "--" --market "Chomu Mandi"')).toBe(2);
    expect(await run('market set --area RJ-JAIPUR --village Itawa --market M')).toBe(2);
    expect(await run('market set --area RJ-JAIPUR --village Itawa')).toBe(2);
    expect(await run('market list')).toBe(2);
    expect(await tdb.prisma.villageMarket.count()).toBe(1);
    expect(await tdb.prisma.auditEvent.count({ where: { action: 'village_market.set' } })).toBe(2);
    // The row meets a case by the village key of its place of seizure, as typed at the entry.
    const pound = await tdb.prisma.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
    const keeper = await enrolStaff(tdb.prisma, 9301, 'POUND_KEEPER', ['JAI1'], 'Suresh Kumar');
    const actor = staffActorOf(
      [{ staffId: keeper.id, role: 'POUND_KEEPER', name: keeper.name, poundIds: [pound.id] }],
      { telegramId: 9301n, chatId: 9301, messageId: 1 },
    );
    const entry = {
      poundId: pound.id,
      groups: [{ cattleClass: 'cow', count: 1, descriptions: ['brown'], photoFileId: null }],
      impoundedAt: new Date('2026-11-29T09:00:00+05:30'),
      seizerName: 'Bhanwar Lal',
      seizerResidence: 'Achrol',
      placeOfSeizure: 'Achrol.',
    };
    const r = await registerSeizure(tdb.prisma, { entry, actor, now: clock.now() });
    expect(r.case.nearestMarket).toBe('Chomu Mandi');
  });

  it('fees: a new dated row closes the open one the day before, and the statute engine uses it from that date', async () => {
    expect(
      await run('fees add-feeding --pound JAI1 --class cow --from 01.12.2026 --amount 75.50 --order "DM order 9/2026"'),
    ).toBe(0);
    expect(out).toEqual([
      t('staff:admin.fees.feeding_added', {
        scope: 'JAI1',
        classes: 'cow',
        from: '2026-12-01',
        amount: 7550,
        ref: 'DM order 9/2026',
      }),
      t('staff:admin.fees.closed', { n: 1, to: '2026-11-30' }),
    ]);
    const pound = await tdb.prisma.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
    const rows = await tdb.prisma.feedingRate.findMany({
      where: { poundId: pound.id, cattleClass: 'cow' },
      orderBy: { effectiveFrom: 'asc' },
    });
    expect(
      rows.map((r) => [
        r.effectiveFrom.toISOString().slice(0, 10),
        r.effectiveTo?.toISOString().slice(0, 10) ?? null,
        r.paisePerDay,
      ]),
    ).toEqual([
      ['2020-01-01', '2026-09-30', 6000],
      ['2026-10-01', '2026-11-30', 7000],
      ['2026-12-01', null, 7550],
    ]);
    // A cow impounded on 30 Nov and valued on 1 Dec: one day at each rate, as the engine reads the rows.
    const c = await caseFixture(tdb.prisma, {
      impoundedAt: '2026-11-30T09:00:00+05:30',
      place: 'X',
      heads: [['cow', 'c']],
      seizerName: 'S',
    }).build();
    const dues = await duesForCase(tdb.prisma, c.id, new Date('2026-12-01T09:00:00+05:30'));
    expect(dues.ok && dues.value.breakdown.totals.feedingPaise).toBe(7000 + 7550);
    // Out of order, or the same date again: refused, nothing changed.
    expect(await run('fees add-feeding --pound JAI1 --class cow --from 2026-11-15 --amount 80 --order X')).toBe(1);
    expect(err).toEqual([t('staff:admin.fees.later_row', { cls: 'cow', from: '2026-12-01' })]);
    expect(await run('fees add-feeding --pound JAI1 --class cow --from 2026-12-01 --amount 80 --order X')).toBe(1);
    expect(await tdb.prisma.feedingRate.count({ where: { poundId: pound.id, cattleClass: 'cow' } })).toBe(3);
    // A scale for every class of an area at once.
    expect(
      await run(
        'fees add-fine --area RJ-AJMER --class all --from 2026-06-01 --amount 100 --notification "RJ Notfn 5/2026"',
      ),
    ).toBe(0);
    const area = await tdb.prisma.area.findUniqueOrThrow({ where: { code: 'RJ-AJMER' } });
    expect(
      await tdb.prisma.fineScale.count({ where: { areaId: area.id, paisePerHead: 10000, effectiveTo: null } }),
    ).toBe(23);
    expect(await run('fees list --area RJ-AJMER')).toBe(0);
    expect(out).toHaveLength(23);
  });

  it('register-export writes the CSV to a file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kanji-export-'));
    try {
      const file = path.join(dir, 'jai1.csv');
      expect(await run(`register-export --pound JAI1 --from 2026-11-01 --to 2026-11-30 --out ${file}`)).toBe(0);
      const csv = await readFile(file, 'utf8');
      const cases = await tdb.prisma.case.findMany({
        where: { pound: { code: 'JAI1' }, impoundedAt: { lt: new Date('2026-12-01T00:00:00+05:30') } },
      });
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases) expect(csv).toContain(c.number);
      expect(out[0]).toBe(
        t('staff:admin.export.written', {
          file,
          pound: 'JAI1',
          from: '2026-11-01',
          to: '2026-11-30',
          cases: cases.length,
          rows: csv.trim().split('\r\n').length - 1,
        }),
      );
      expect(await run('register-export --pound JAI1 --from 2026-11-30 --to 2026-11-01')).toBe(2);
      expect(err[0]!.startsWith(t('refusal:EXPORT_RANGE_REVERSED'))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('jobs goes to src/admin/jobs-command.ts; without it the CLI says the command is not available', async () => {
    const { existsSync } = await import('node:fs');
    const file = path.resolve(import.meta.dirname, '../../../src/admin/jobs-command.ts');
    if (existsSync(file)) {
      // The jobs engineer's command (it talks to Redis): only its entry point is checked here.
      const mod = (await import(file)) as { runJobsCommand?: unknown };
      expect(typeof mod.runJobsCommand).toBe('function');
    } else {
      expect(await run('jobs list')).toBe(2);
      expect(err).toEqual([t('staff:admin.jobs_unavailable')]);
    }
  });
});
