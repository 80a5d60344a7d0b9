import { createHash, randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { afterAll, beforeAll } from 'vitest';
import { applyMigrations, openDatabase, type Database, type Db } from '../../src/db';
import { readMigrations } from '../../src/db/schema-engine';
import { lettersOnly } from './letters';
import { postgresDecision, postgresWhere, runOnPostgres } from './postgres-required';

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

/**
 * Whether a Postgres suite runs: true when the test Postgres answers; false (skipped) when it does not on a
 * developer's machine; where Postgres is required (CI) a missing server throws, failing the file with one line.
 */
export async function postgresOnly(): Promise<boolean> {
  const up = await postgresAvailable();
  return runOnPostgres(postgresDecision(`nothing answers at ${postgresWhere(POSTGRES_ADMIN_URL)}`, up));
}

/** PGlite, and Postgres when it answers; where Postgres is required a missing server fails the file. */
export async function dbKinds(): Promise<DbKind[]> {
  return (await postgresOnly()) ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends Database {
  /** Drops the throwaway database (Postgres) or frees the in-memory one (PGlite). */
  destroy(): Promise<void>;
}

/**
 * A digest of the migrations (and the PGlite build): a migrated database made once for a digest is copied for every
 * test database after it, instead of running initdb and the migrations again (PGlite's initdb alone takes ~2 s of
 * CPU; a copy of the image ~0.8 s). A new or changed migration changes the digest, so a stale copy is never used.
 */
let digestOnce: Promise<string> | undefined;
function migrationsDigest(): Promise<string> {
  digestOnce ??= (async () => {
    const list = await readMigrations();
    const hash = createHash('sha256');
    const lock = JSON.parse(await readFile('package-lock.json', 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    hash.update(`pglite ${lock.packages['node_modules/@electric-sql/pglite']?.version}\n`);
    for (const dir of list.migrationDirectories) {
      const content = dir.migrationFile.content;
      hash.update(`${dir.path}\n${content.tag === 'ok' ? content.value : ''}\n`);
    }
    // Letters only: the digest reaches database names and file names, which reach the logs (see lettersOnly).
    return lettersOnly(hash.digest('hex').slice(0, 16));
  })();
  return digestOnce;
}

let pgliteImageOnce: Promise<Blob> | undefined;
/**
 * The migrated, empty PGlite data directory as a tar image. Test files run in separate processes, so the image is
 * kept in the system's temp directory (written under a temporary name and renamed, so a reader never sees half a
 * file); two processes that race both build it and the last rename wins, with the same content.
 */
function pgliteImage(): Promise<Blob> {
  pgliteImageOnce ??= (async () => {
    const file = path.join(tmpdir(), `kanji-pglite-${await migrationsDigest()}.tar`);
    const cached = await readFile(file).catch(() => undefined);
    if (cached) return new Blob([cached]);
    const pglite = new PGlite();
    try {
      await applyMigrations(new PrismaPGlite(pglite));
      const image = await pglite.dumpDataDir('none');
      const partial = `${file}.${process.pid}.part`;
      await writeFile(partial, Buffer.from(await image.arrayBuffer()));
      await rename(partial, file);
      return image;
    } finally {
      await pglite.close();
    }
  })();
  return pgliteImageOnce;
}

/**
 * The migrated, empty Postgres template database for this digest, made once on the server and kept there: every
 * test database is then `CREATE DATABASE … TEMPLATE` it. It is built under a temporary name and renamed when
 * complete, under an advisory lock, so two test processes never build it twice or copy half of one.
 */
const templateOnce = new Map<string, Promise<string>>();
function postgresTemplate(adminUrl: string): Promise<string> {
  let once = templateOnce.get(adminUrl);
  if (!once) {
    once = (async () => {
      const template = `kanji_tpl_${await migrationsDigest()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['kanji test template']);
        const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
        if (found.rowCount) return template;
        const building = `${template}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const url = new URL(adminUrl);
        url.pathname = `/${building}`;
        const db = await openDatabase({ kind: 'postgres', url: url.toString() });
        try {
          await applyMigrations(db.adapter);
        } finally {
          await db.close();
        }
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
        // Templates of earlier migrations are of no further use, but the newest few are kept: another checkout on
        // the same server (a branch with other migrations) may be copying its own at this moment. The oid orders
        // them by creation.
        const old = await admin.query<{ datname: string }>(
          "SELECT datname FROM pg_database WHERE datname LIKE 'kanji\\_tpl\\_%' AND datname <> $1 ORDER BY oid DESC OFFSET 3",
          [template],
        );
        for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
        return template;
      } finally {
        await admin.end().catch(() => {});
      }
    })();
    // A failed build is not remembered: the next database tries again.
    once.catch(() => templateOnce.delete(adminUrl));
    templateOnce.set(adminUrl, once);
  }
  return once;
}

/** A fresh, migrated, empty database: in-memory PGlite, or a throwaway Postgres database. */
export async function createTestDatabase(
  kind: DbKind = 'pglite',
  adminUrl = POSTGRES_ADMIN_URL,
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openDatabase({ kind: 'memory', image: await pgliteImage() });
    return { ...db, destroy: () => db.close() };
  }
  const template = await postgresTemplate(adminUrl);
  // Letters only: database names reach the logs, and ten digits in a row read as a phone number to the log scan.
  const name = `kanji_t_${lettersOnly(randomUUID().replace(/-/g, '').slice(0, 16))}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString() });
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
