// Staff desk register view benchmark: 10^4 cases in one pound and 10^5 in the district (JAI1 and JAI2), inserted
// set-based on a throwaway Postgres database (PGlite when Postgres does not answer). Measures one register page —
// the read model (src/services/desk/register.ts `registerPage`) and its HTML (src/http/desk/views/register.ts) —
// for the queries a keeper makes: the first page of open entries, a deep page, a status, a date range, a search,
// each sort.
// Run: npm run bench, or npx tsx bench/desk-register.ts (BENCH_DESK_POUND_CASES, BENCH_DESK_DISTRICT_CASES).
import { pathToFileURL } from 'node:url';
import { ManualClock } from '../src/clock';
import { createConfig } from '../src/config';
import { applyMigrations, openDatabase } from '../src/db';
import { seedDemo } from '../src/db/seed';
import { booksView, registerView, type Frame } from '../src/http/desk/views';
import { createTranslator } from '../src/i18n';
import { cashBook, headcount, periodDays, registerPage, type RegisterQuery } from '../src/services/desk';
import { toIstDate } from '../src/law';
import { windowsFromConfig } from '../src/services/dues';
import { benchDatabase } from './bench-database';

const POUND_CASES = Number(process.env.BENCH_DESK_POUND_CASES ?? 10_000);
const DISTRICT_CASES = Number(process.env.BENCH_DESK_DISTRICT_CASES ?? 100_000);
const RUNS = Number(process.env.BENCH_DESK_RUNS ?? 40);

export interface DeskBenchResult {
  database: string;
  poundCases: number;
  districtCases: number;
  queries: Array<{ name: string; p50: number; p95: number; max: number }>;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

export async function measureDeskRegister(): Promise<DeskBenchResult> {
  const benchDb = await benchDatabase('dbench');
  const dbUrl = benchDb?.url;
  const db = await openDatabase(dbUrl ? { kind: 'postgres', url: dbUrl } : { kind: 'memory' });
  try {
    await applyMigrations(db.adapter);
    const clock = new ManualClock('2026-11-29T10:00:00+05:30');
    const config = createConfig({ LOG_LEVEL: 'silent' });
    const windows = windowsFromConfig(config);
    const translator = await createTranslator();
    await seedDemo(db.prisma, clock.now());
    const jai1 = await db.prisma.pound.findFirstOrThrow({ where: { code: 'JAI1' } });
    const jai2 = await db.prisma.pound.findFirstOrThrow({ where: { code: 'JAI2' } });
    // Statuses spread over the register's life; impounded over the last ~3 years, an hour apart per pound.
    const insert = (poundId: number, n: number, year: number) =>
      db.prisma.$executeRawUnsafe(
        `INSERT INTO "Case" ("number", "poundId", "year", "seq", "status", "impoundedAt", "placeOfSeizure", "villageKey", "seizerName", "seizerResidence", "ownerName")
         SELECT 'B' || $3::int || '-' || g, $1::int, $3::int, g,
                (ARRAY['IMPOUNDED','RELEASED_S13','REPORTED_S14','NOTICE_POSTED','SOLD','CLOSED','DEPOSITED_S15','SPLIT_RECORDED']::"CaseStatus"[])[1 + g % 8],
                $4::timestamptz - (g || ' hours')::interval, 'Village ' || (g % 300), 'village' || (g % 300),
                'Seizer ' || (g % 97), 'Village ' || (g % 300), 'सुरेश ' || g
           FROM generate_series(1, $2) g`,
        poundId,
        n,
        year,
        clock.now().toISOString(),
      );
    await insert(jai1.id, POUND_CASES, 2031);
    await insert(jai2.id, DISTRICT_CASES - POUND_CASES, 2032);
    await db.prisma.$executeRawUnsafe(
      `INSERT INTO "Head" ("caseId", "index", "cattleClass", "description")
       SELECT "id", 1, 'cow', 'brown' FROM "Case" WHERE "year" IN (2031, 2032)`,
    );
    // A ledger as payments leave it: per case an owner's s. 13 payment and its s. 17 division, the day after it came.
    await db.prisma.$executeRawUnsafe(
      `INSERT INTO "LedgerEntry" ("caseId", "account", "amountPaise", "section", "idempotencyKey", "createdAt")
       SELECT c."id", a.account::"LedgerAccount", a.amount, a.section, 'bench:' || c."id" || ':' || a.account,
              c."impoundedAt" + interval '1 day'
         FROM "Case" c CROSS JOIN (VALUES ('OWNER_PAYMENT', 90000, 's. 13'), ('DISTRICT_MAGISTRATE', 40000, 's. 13'),
              ('POUND_KEEPER', 50000, 's. 17')) AS a(account, amount, section)
        WHERE c."year" IN (2031, 2032)`,
    );
    await db.prisma.$executeRawUnsafe('ANALYZE');
    const t = translator.forLang('en');
    const frame: Frame = {
      t,
      lang: 'en',
      here: '/desk/v/register',
      tab: 'register',
      seize: true,
      district: true,
      staffAdmin: false,
      switchLabel: 'हिन्दी',
      user: '1',
    };
    const pound = { id: jai1.id, code: jai1.code, name: jai1.name, nameHi: jai1.nameHi };
    const base: RegisterQuery = { poundId: jai1.id, status: 'open', sort: 'date', dir: 'desc', page: 1 };
    const queries: Array<[string, RegisterQuery]> = [
      ['open, newest first (the default)', base],
      ['all, page 300', { ...base, status: 'all', page: 300 }],
      ['status NOTICE_POSTED', { ...base, status: 'NOTICE_POSTED' }],
      ['a month of dates', { ...base, status: 'all', from: '2026-06-01', to: '2026-06-30' }],
      ['search "seizer 4"', { ...base, status: 'all', q: 'seizer 4' }],
      // Every owner's name a distinct value in Devanagari: the most the search by spelling has to read.
      ['search a name in the other script ("Suresh")', { ...base, status: 'all', q: 'Suresh' }],
      ['search a number', { ...base, status: 'all', q: `B2031-${Math.floor(POUND_CASES / 2)}` }],
      ['sort by number', { ...base, status: 'all', sort: 'number', dir: 'asc' }],
      ['sort by seizer', { ...base, status: 'all', sort: 'seizer', dir: 'asc' }],
      ['sort by status', { ...base, status: 'all', sort: 'status' }],
    ];
    const out: DeskBenchResult['queries'] = [];
    for (const [name, q] of queries) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 3; i++) {
        const start = performance.now();
        const page = await registerPage(db.prisma, q, clock.now(), windows);
        registerView(frame, [pound], pound, q, page, toIstDate(clock.now()).slice(0, 7));
        if (i >= 3) times.push(performance.now() - start);
      }
      out.push({ name, p50: pct(times, 50), p95: pct(times, 95), max: Math.max(...times) });
    }
    // The Books tab as the route makes it: the cash book of a day and of a month, and the headcount, with its HTML.
    const today = toIstDate(clock.now());
    const month = periodDays(today.slice(0, 7));
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const start = performance.now();
      const [dayBook, monthBook, count] = await Promise.all([
        cashBook(db.prisma, [jai1.id], today, today),
        cashBook(db.prisma, [jai1.id], month.from, month.to),
        headcount(db.prisma, [jai1.id], clock.now()),
      ]);
      booksView({ ...frame, tab: 'books' }, [pound], pound, {
        day: today,
        month: today.slice(0, 7),
        dayBook,
        monthBook,
        count,
      });
      if (i >= 3) times.push(performance.now() - start);
    }
    out.push({
      name: 'books: cash book day + month, headcount',
      p50: pct(times, 50),
      p95: pct(times, 95),
      max: Math.max(...times),
    });
    return {
      database: dbUrl ? 'postgres' : 'pglite',
      poundCases: POUND_CASES,
      districtCases: DISTRICT_CASES,
      queries: out,
    };
  } finally {
    await db.close();
    await benchDb?.drop();
  }
}

export async function run(): Promise<string> {
  const r = await measureDeskRegister();
  const lines = r.queries.map(
    (q) => `  ${q.name.padEnd(36)} p50 ${q.p50.toFixed(1)} ms  p95 ${q.p95.toFixed(1)} ms  max ${q.max.toFixed(1)} ms`,
  );
  return [
    `desk-register (${r.database}): ${r.poundCases} cases in the pound, ${r.districtCases} in the district; one register page (read model + HTML)`,
    ...lines,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(await run());
