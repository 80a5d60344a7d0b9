import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** A benchmark's own Postgres database: its URL, and `drop()` to remove it when the benchmark ends. */
export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty Postgres database for one benchmark (`kanji_<kind>_<random>`) on BENCH_POSTGRES_URL's server (default
 * the local one), or undefined when BENCH_DB=pglite or no Postgres answers — the benchmark then runs on PGlite.
 */
export async function benchDatabase(kind: string): Promise<BenchDatabase | undefined> {
  if (process.env.BENCH_DB === 'pglite') return undefined;
  const pgAdmin = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const dbName = `kanji_${kind}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const onAdmin = async (sql: string) => {
    const admin = new pg.Client({ connectionString: pgAdmin, connectionTimeoutMillis: 2000 });
    try {
      await admin.connect();
      await admin.query(sql);
    } finally {
      await admin.end().catch(() => {});
    }
  };
  try {
    await onAdmin(`CREATE DATABASE ${dbName}`);
  } catch {
    return undefined;
  }
  const u = new URL(pgAdmin);
  u.pathname = `/${dbName}`;
  return { url: u.toString(), drop: () => onAdmin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`) };
}
