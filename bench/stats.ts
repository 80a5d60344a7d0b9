// Open pound data benchmark: N register entries over the last two years in the demo district's pounds (JAI1, JAI2,
// PUN1), two heads each, inserted set-based on a throwaway Postgres database (PGlite when Postgres does not answer):
// 70 % released under s. 13 and 10 % under s. 15 with their ledger postings (fines to the District Magistrate, feeding
// to the keeper, the deposit), 10 % sold at an auction with its proceeds, the rest still in the pound; a day's share
// of them impounded today. Measures the daily snapshot (src/services/open-data `takeSnapshot`) and then a district's and
// a pound's page — the published view (snapshot rows plus today's flows and the stock now read live, the "< 3" rule
// and the secondary suppression over the district's table) and its HTML — p50/p95 over RUNS; and the stock now alone
// (the statement the service runs at most twice a minute, for every pound at once).
// Run: npm run bench, or npx tsx bench/stats.ts (BENCH_STATS_CASES, default 100000; BENCH_STATS_RUNS, default 40).
import { pathToFileURL } from 'node:url';
import { ManualClock } from '../src/clock';
import { applyMigrations, openDatabase } from '../src/db';
import { seedDemo } from '../src/db/seed';
import { renderStatsPage } from '../src/http/stats-page';
import { createTranslator } from '../src/i18n';
import { districtStats, poundStats, stockCells, takeSnapshot } from '../src/services/open-data';
import { benchDatabase } from './bench-database';
import { measureSuppression } from './stats-suppression';

const CASES = Number(process.env.BENCH_STATS_CASES ?? 100_000);
const RUNS = Number(process.env.BENCH_STATS_RUNS ?? 40);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

export interface StatsBenchResult {
  database: string;
  cases: number;
  insertMs: number;
  snapshotMs: number;
  pages: Array<{ name: string; p50: number; p95: number; max: number }>;
}

export async function measureStats(): Promise<StatsBenchResult> {
  const benchDb = await benchDatabase('sbench');
  const db = await openDatabase(benchDb ? { kind: 'postgres', url: benchDb.url } : { kind: 'memory' });
  try {
    await applyMigrations(db.adapter);
    const clock = new ManualClock('2026-11-29T16:00:00+05:30');
    const now = clock.now();
    const translator = await createTranslator();
    await seedDemo(db.prisma, now);
    const t0 = performance.now();
    const pounds = await db.prisma.pound.findMany({ select: { id: true }, orderBy: { id: 'asc' } });
    const sql = (q: string, ...args: unknown[]) => db.prisma.$executeRawUnsafe(q, ...args);
    // Entries spread evenly over 730 days back from now (the newest today), over the pounds in turn.
    await sql(
      `INSERT INTO "Case" ("number", "poundId", "year", "seq", "status", "impoundedAt", "placeOfSeizure", "villageKey", "seizerName", "seizerResidence")
       SELECT 'S-' || g, ($3::int[])[1 + g % array_length($3::int[], 1)], 2000 + g / 1000000, g,
              (CASE WHEN g % 10 < 7 THEN 'RELEASED_S13' WHEN g % 10 = 7 THEN 'DEPOSITED_S15' WHEN g % 10 = 8 THEN 'SOLD' ELSE 'IMPOUNDED' END)::"CaseStatus",
              $2::timestamptz - ((g::float8 / $1) * 730 || ' days')::interval, 'V', 'v', 'S', 'V'
         FROM generate_series(1, $1::int) g`,
      CASES,
      now.toISOString(),
      pounds.map((p) => p.id),
    );
    const bench = `c.number LIKE 'S-%'`;
    await sql(`INSERT INTO "Head" ("caseId", "index", "cattleClass", "description", "status")
      SELECT c.id, i, 'cow', 'brown', (CASE c.status WHEN 'RELEASED_S13' THEN 'RELEASED' WHEN 'DEPOSITED_S15' THEN 'RELEASED'
        WHEN 'SOLD' THEN 'SOLD' ELSE 'IMPOUNDED' END)::"HeadStatus"
      FROM "Case" c CROSS JOIN generate_series(1, 2) i WHERE ${bench}`);
    await sql(
      `INSERT INTO "Release" ("caseId", "basis", "headCount", "releasedAt")
      SELECT c.id, (CASE c.status WHEN 'RELEASED_S13' THEN 'S13_PAYMENT' ELSE 'S15_DEPOSIT' END)::"ReleaseBasis", 2,
        least(c."impoundedAt" + interval '3 days', $1::timestamptz - interval '1 minute')
      FROM "Case" c WHERE ${bench} AND c.status IN ('RELEASED_S13', 'DEPOSITED_S15')`,
      now.toISOString(),
    );
    await sql(
      `INSERT INTO "LedgerEntry" ("caseId", "account", "amountPaise", "section", "idempotencyKey", "createdAt")
      SELECT c.id, a.account::"LedgerAccount", a.amount, 's. 17', 'bench:' || c.id || ':' || a.account,
        least(c."impoundedAt" + interval '3 days', $1::timestamptz - interval '1 minute')
      FROM "Case" c CROSS JOIN (VALUES ('DISTRICT_MAGISTRATE', 20000), ('POUND_KEEPER', 42000), ('OWNER_DEPOSIT', 62000)) a(account, amount)
      WHERE ${bench} AND (c.status = 'RELEASED_S13' AND a.account <> 'OWNER_DEPOSIT' OR c.status = 'DEPOSITED_S15' AND a.account = 'OWNER_DEPOSIT')`,
      now.toISOString(),
    );
    await sql(
      `INSERT INTO "Auction" ("caseId", "round", "status", "scheduledFor", "place", "conditions", "completedAt")
      SELECT c.id, 1, 'COMPLETED', least(c."impoundedAt" + interval '17 days', $1::timestamptz - interval '1 minute'), 'pound', '-',
        least(c."impoundedAt" + interval '17 days', $1::timestamptz - interval '1 minute')
      FROM "Case" c WHERE ${bench} AND c.status = 'SOLD'`,
      now.toISOString(),
    );
    await sql(`INSERT INTO "Bidder" ("auctionId", "name", "address") SELECT a.id, 'B', 'A' FROM "Auction" a`);
    await sql(`INSERT INTO "Sale" ("auctionId", "headId", "bidderId", "pricePaise")
      SELECT a.id, h.id, b.id, 500000 FROM "Auction" a JOIN "Bidder" b ON b."auctionId" = a.id JOIN "Head" h ON h."caseId" = a."caseId"`);
    await sql(`INSERT INTO "LedgerEntry" ("caseId", "account", "amountPaise", "section", "idempotencyKey", "createdAt")
      SELECT a."caseId", 'SALE_PROCEEDS', 1000000, 's. 16', 'bench:' || a."caseId" || ':sale', a."completedAt" FROM "Auction" a`);
    await sql('ANALYZE');
    const insertMs = performance.now() - t0;

    const s0 = performance.now();
    await takeSnapshot({ db: db.prisma, clock }, now);
    const snapshotMs = performance.now() - s0;

    const measure = async (name: string, read: () => Promise<unknown>) => {
      await read();
      const xs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const a = performance.now();
        await read();
        xs.push(performance.now() - a);
      }
      return { name, p50: pct(xs, 50), p95: pct(xs, 95), max: Math.max(...xs) };
    };
    const page = async (v: Promise<Awaited<ReturnType<typeof districtStats>>>) =>
      renderStatsPage(translator, 'hi', (await v)!);
    const pages = [
      // As the pages read: today's events shared by the requests of half a minute (the first reads them; bench's
      // clock stands still, so the runs after it share that reading), and each read afresh (the worst case).
      await measure('district RJ-JAIPUR (2 pounds), today shared', () =>
        page(districtStats(db.prisma, 'RJ-JAIPUR', now, { liveMaxAgeMs: 30_000 })),
      ),
      await measure('pound JAI1, today shared', () =>
        page(poundStats(db.prisma, 'JAI1', now, { liveMaxAgeMs: 30_000 })),
      ),
      await measure('district RJ-JAIPUR, today read afresh', () => page(districtStats(db.prisma, 'RJ-JAIPUR', now))),
      await measure('pound JAI1, today read afresh', () => page(poundStats(db.prisma, 'JAI1', now))),
      await measure('the stock now alone, every pound', () => stockCells(db.prisma, now)),
    ];
    return { database: benchDb ? 'postgres' : 'pglite', cases: CASES, insertMs, snapshotMs, pages };
  } finally {
    await db.close();
    await benchDb?.drop();
  }
}

/** One block of the bench's output. */
export async function run(): Promise<string> {
  const r = await measureStats();
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  return [
    `stats (${r.database}): ${r.cases.toLocaleString('en-IN')} register entries, inserted in ${ms(r.insertMs)}`,
    `  daily snapshot: ${ms(r.snapshotMs)}`,
    ...r.pages.map((p) => `  ${p.name}: p50 ${ms(p.p50)}, p95 ${ms(p.p95)}, max ${ms(p.max)} (${RUNS} runs)`),
    ...measureSuppression(),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(await run());
