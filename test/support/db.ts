import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { applyMigrations, openDatabase, type Database, type Db } from '../../src/db';
import { lettersOnly } from './letters';

export type DbKind = 'pglite' | 'postgres';

/** Admin URL of the Postgres used for throwaway test databases (CI starts it; TEST_POSTGRES_URL overrides). */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

let postgresUp: Promise<boolean> | undefined;
/** True when the test Postgres answers; database tests then run on it as well as on PGlite. */
export function postgresAvailable(): Promise<boolean> {
  postgresUp ??= (async () => {
    if (process.env.TEST_POSTGRES === 'off') return false;
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return postgresUp;
}

/** In CI Postgres must be there: a missing server fails the run instead of silently skipping. */
export async function dbKinds(): Promise<DbKind[]> {
  const up = await postgresAvailable();
  if (!up && process.env.CI) throw new Error(`CI: Postgres not reachable at ${POSTGRES_ADMIN_URL}`);
  return up ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends Database {
  /** Drops the throwaway database (Postgres) or frees the in-memory one (PGlite). */
  destroy(): Promise<void>;
}

/** A fresh, migrated, empty database: in-memory PGlite, or a throwaway Postgres database. */
export async function createTestDatabase(
  kind: DbKind = 'pglite',
  adminUrl = POSTGRES_ADMIN_URL,
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openDatabase({ kind: 'memory' });
    await applyMigrations(db.adapter);
    return { ...db, destroy: () => db.close() };
  }
  // Letters only: database names reach the logs, and ten digits in a row read as a phone number to the log scan.
  const name = `kanji_t_${lettersOnly(randomUUID().replace(/-/g, '').slice(0, 16))}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString() });
  await applyMigrations(db.adapter);
  return {
    ...db,
    async destroy() {
      await db.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * The database of one describe block: created before its first test, then `prepare`d (seed, enrol…), dropped after
 * its last test. The handle is returned at once for the block's tests and hooks to read (`t.prisma`); it answers
 * only once the block's `beforeAll` has run. Registers the two hooks, so call it in the describe body, first.
 */
export function suiteDatabase(kind: DbKind, prepare?: (db: Db) => Promise<unknown>): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(kind);
    await prepare?.(current.prisma);
  });
  afterAll(() => current?.destroy());
  return new Proxy({} as TestDatabase, {
    get(_, key) {
      if (!current) throw new Error("suiteDatabase: read before the describe block's beforeAll ran");
      return Reflect.get(current, key);
    },
  });
}
