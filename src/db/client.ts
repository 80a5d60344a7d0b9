import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { countStatements } from './count-statements';
import { lockDataDir } from './data-dir-lock';
import { PrismaClient } from './generated/client';

export { PrismaClient };
export type Db = PrismaClient;

/** Where the data lives: Postgres by URL, PGlite on disk, or PGlite in memory (tests). */
export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** `image`: a data directory dumped by PGlite's dumpDataDir, loaded instead of running initdb (tests). */
  | { kind: 'memory'; image?: Blob };

export interface Database {
  prisma: PrismaClient;
  /** The adapter factory the client queries through; migrations use the same one. */
  adapter: SqlMigrationAwareDriverAdapterFactory;
  target: DatabaseTarget;
  close(): Promise<void>;
}

export function targetFromConfig(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR };
}

/** Opens the database chosen by config; the one place that picks a driver adapter. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    // The pool Prisma queries through; ended here, not by Prisma's $disconnect.
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection ended by the server (Postgres restarted or stopped, the database dropped, a backend
    // terminated) is reported by pg as the pool's 'error' event; with no listener Node would end the process. The
    // connection is dropped from the pool and the next statement opens a new one (or fails and is retried as any
    // statement during an outage): nothing to do here.
    pool.on('error', () => {});
    // (The adapter ships its own copy of pg's type declarations; the runtime pg is the same module.)
    const adapter = new PrismaPg(pool as unknown as ConstructorParameters<typeof PrismaPg>[0]);
    return clientOver(adapter, target, async () => {
      if (!pool.ended) await pool.end();
    });
  }
  let pglite: PGlite;
  let unlock = () => {};
  if (target.kind === 'pglite') {
    await mkdir(target.dataDir, { recursive: true });
    // PGlite is single-process: refuse (DataDirLockedError) while another live process has these files open.
    unlock = lockDataDir(target.dataDir);
    pglite = new PGlite(target.dataDir);
  } else {
    pglite = new PGlite(target.image ? { loadDataDir: target.image } : {});
  }
  try {
    await pglite.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  return clientOver(new PrismaPGlite(pglite), target, async () => {
    try {
      if (!pglite.closed) await pglite.close();
    } finally {
      unlock();
    }
  });
}

/** The one Prisma client over a driver's adapter (its statements counted); `release` frees the driver after it. */
function clientOver(
  driver: SqlMigrationAwareDriverAdapterFactory,
  target: DatabaseTarget,
  release: () => Promise<void>,
): Database {
  const adapter = countStatements(driver);
  const prisma = new PrismaClient({ adapter });
  return {
    prisma,
    adapter,
    target,
    async close() {
      try {
        await prisma.$disconnect();
      } finally {
        await release();
      }
    },
  };
}
