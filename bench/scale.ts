// Scale benchmark: the register grows 10^3 → 10^4 → 10^5 (→ 10^6 with SCALE_MAX=1000000) cases,
// loaded with set-based SQL (generate_series) on a throwaway Postgres database; at each size the real look-ups
// run 200 times: a typed case number (findCaseByNumber), a mistyped one (not found), /mycases (myCases, for owners
// with 5 claims each among the growing claims of others), and
// an owner's search (searchCases) by date, by class, count and colour with a date, and by a place no bulk case has.
// Prints p95 per size and, at the largest, the EXPLAIN of each.
// Run: npx tsx bench/scale.ts (needs Postgres at BENCH_POSTGRES_URL or 127.0.0.1:5432).
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { applyMigrations, openDatabase } from '../src/db';
import { seedDemo } from '../src/db/seed';
import { findCaseByNumber, parseSearchQuery, searchCases } from '../src/services/cases';
import { SEARCH_LIMIT, searchSql, searchKeysOf } from '../src/services/owner-text';
import { myCases } from '../src/services/subscriptions';

const ADMIN = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const USERS = 1000;
/** The owners /mycases is timed for: 5 claims each at every size (the bulk's 1,000 users grow to 100 each at 10⁶,
 * which times the size of an answer, not the look-up). */
const TIMED_USERS = 10;
const TIMED_USER0 = 5_100_001;
const RUNS = 200;

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(0.95 * xs.length)]!;

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < 20; i++) await fn(); // warm-up, not timed: plans cached, index pages read once
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await fn();
    out.push(performance.now() - s);
  }
  return out;
}

export async function run(): Promise<string> {
  const max = Number(process.env.SCALE_MAX ?? 100_000);
  const sizes = [1_000, 10_000, 100_000, 1_000_000].filter((s) => s <= max);
  const name = `kanji_scale_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString() });
  const raw = new pg.Client({ connectionString: url.toString() });
  const lines = [
    'scale (Postgres, shared busy machine; p95 of 200 runs each, ms):',
    '  cases     | number  | mistyped | /mycases | search by date | by class, colour | by place | load s',
  ];
  try {
    await applyMigrations(db.adapter);
    await seedDemo(db.prisma, new Date('2026-11-29T10:00:00+05:30'));
    await raw.connect();
    const { rows: pounds } = await raw.query<{ id: number }>(`SELECT id FROM "Pound" WHERE code = 'JAI1'`);
    const poundId = pounds[0]!.id;
    await raw.query(
      `INSERT INTO "TelegramUser" (id, "firstName") SELECT 5000000 + g, 'O' FROM generate_series(1, ${USERS}) g`,
    );
    await raw.query(
      `INSERT INTO "TelegramUser" (id, "firstName") SELECT ${TIMED_USER0 - 1} + g, 'O' FROM generate_series(1, ${TIMED_USERS}) g`,
    );
    // The search keys registration writes (searchKeysOf) of each bulk village with its one white cow.
    const villageKeys = Array.from({ length: 2000 }, (_, n) => searchKeysOf(`Village ${n}`, ['white']).join(' '));
    let have = 0;
    for (const size of sizes) {
      const t0 = performance.now();
      // Year 2020 keeps the bulk apart from the demo cases; one head each; a claim on every 10th case; 2 % still open.
      await raw.query(
        `INSERT INTO "Case" (number, "poundId", year, seq, status, "impoundedAt", "placeOfSeizure", "villageKey", "searchKeys", "seizerName", "seizerResidence")
         SELECT 'JAI1-2020-' || g, $1, 2020, g, (CASE WHEN g % 50 = 0 THEN 'IMPOUNDED' ELSE 'CLOSED' END)::"CaseStatus",
                timestamptz '2026-11-29 10:00+05:30' - (g % 3650) * interval '1 day' - (g % 1440) * interval '1 minute',
                'Village ' || (g % 2000), 'village ' || (g % 2000), string_to_array(($4::text[])[g % 2000 + 1], ' '), 'Mohan', 'Kunda'
         FROM generate_series($2::int, $3::int) g`,
        [poundId, have + 1, size, villageKeys],
      );
      await raw.query(
        `INSERT INTO "Head" ("caseId", index, "cattleClass", description) SELECT id, 1, 'cow', 'white' FROM "Case" WHERE year = 2020 AND seq BETWEEN $1 AND $2`,
        [have + 1, size],
      );
      await raw.query(
        `INSERT INTO "Claim" ("caseId", kind, "telegramUserId", "claimantName", "ownerName")
         SELECT id, 'S13_CLAIM', 5000001 + (seq % ${USERS}), 'Ramesh', 'Ramesh' FROM "Case" WHERE year = 2020 AND seq BETWEEN $1 AND $2 AND seq % 10 = 0`,
        [have + 1, size],
      );
      if (have === 0) {
        await raw.query(
          `INSERT INTO "Claim" ("caseId", kind, "telegramUserId", "claimantName", "ownerName")
           SELECT id, 'S13_CLAIM', ${TIMED_USER0} + (seq % ${TIMED_USERS}), 'Ramesh', 'Ramesh' FROM "Case" WHERE year = 2020 AND seq BETWEEN 1 AND ${5 * TIMED_USERS}`,
        );
      }
      await raw.query('ANALYZE');
      // The load's dirty pages written out now, not by the background writer while the look-ups are timed.
      await raw.query('CHECKPOINT');
      const loadS = (performance.now() - t0) / 1000;
      have = size;
      let k = 0;
      const number = await time(() => findCaseByNumber(db.prisma, `jai1 2020 ${1 + ((k++ * 7919) % size)}`));
      const mistyped = await time(() => findCaseByNumber(db.prisma, `JAI1-2021-${1 + ((k++ * 7919) % size)}`));
      const mine = await time(() => myCases(db.prisma, BigInt(TIMED_USER0 + (k++ % TIMED_USERS))));
      const now = new Date('2026-11-29T10:00:00+05:30');
      const search = await time(() =>
        searchCases(db.prisma, parseSearchQuery(`Village ${k++ % 2000} 27 Nov`, now), now),
      );
      // Every bulk case is one white cow; "Kunda" is a demo case's village only (every case of the day is read).
      const byClass = await time(() =>
        searchCases(db.prisma, parseSearchQuery(`${1 + (k++ % 3)} cows white ${20 + (k % 8)} Nov`, now), now),
      );
      const byPlace = await time(() =>
        searchCases(db.prisma, parseSearchQuery(`Kunda ${20 + (k++ % 8)} Nov`, now), now),
      );
      const f = (xs: number[]) => p95(xs).toFixed(1).padStart(7);
      lines.push(
        `  ${String(size).padEnd(9)} | ${f(number)} | ${f(mistyped)}  | ${f(mine)}  | ${f(search)}        | ${f(byClass)}          | ${f(byPlace)}  | ${loadS.toFixed(1)}`,
      );
    }
    const explain = async (label: string, sql: string, params: unknown[]) => {
      const { rows } = await raw.query(`EXPLAIN ${sql}`, params);
      lines.push(`  EXPLAIN at ${have} cases, ${label}:`, ...rows.map((r) => `    ${r['QUERY PLAN']}`));
    };
    await explain('case by number', `SELECT id FROM "Case" WHERE "numberKey" = $1`, ['JAI1-2020-777']);
    await explain('claims by Telegram user (/mycases)', `SELECT "caseId" FROM "Claim" WHERE "telegramUserId" = $1`, [
      TIMED_USER0 + 7,
    ]);
    await explain(
      'cases by pound and date',
      `SELECT id FROM "Case" WHERE "poundId" = $1 AND "impoundedAt" >= $2 AND "impoundedAt" < $3`,
      [poundId, '2026-11-20', '2026-11-25'],
    );
    const now = new Date('2026-11-29T10:00:00+05:30');
    for (const [label, text] of [
      ['search by date', 'Village 17 27 Nov'],
      ['search by class, count and colour (first batch)', '2 cows white 27 Nov'],
      ['search by place (first batch)', 'Kunda 27 Nov'],
    ]) {
      const sql = searchSql(
        parseSearchQuery(text!, now),
        now,
        text === 'Village 17 27 Nov' ? SEARCH_LIMIT : 4 * SEARCH_LIMIT,
      );
      await explain(`${label}, "${text}"`, sql.text, sql.values);
    }
    await explain(
      'open cases by status',
      `SELECT id FROM "Case" WHERE status = 'IMPOUNDED'::"CaseStatus" ORDER BY id LIMIT 500`,
      [],
    );
  } finally {
    await raw.end().catch(() => {});
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await run());
  process.exit(0);
}
