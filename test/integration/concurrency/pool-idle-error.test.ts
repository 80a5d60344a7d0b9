import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresOnly, POSTGRES_ADMIN_URL, type TestDatabase } from '../../support/db';

/**
 * A Postgres restart, a stopped server or an administrator's terminate ends the pool's idle connections, and pg
 * reports each as the pool's 'error' event: with no listener Node ends the process (a bot or worker killed by a
 * database restart). src/db/client.ts listens; the next statement opens a new connection. A clean CI run of the
 * suite caught this when a test database was dropped under a live pool (57P01 "terminating connection due to
 * administrator command" as an uncaught exception).
 */
describe.runIf(await postgresOnly())('the Postgres pool survives its idle connections being terminated', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
  }, 60_000);
  afterAll(() => t?.destroy());

  it('no uncaught error, and the next statement is answered', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      const name = (await t.prisma.$queryRaw<Array<{ db: string }>>`SELECT current_database() AS db`)[0]!.db;
      // Prisma's adapter listens on the pool only while it is connected; the pool itself lives on until
      // Database.close() ends it (a stop in progress). Open a few connections, disconnect Prisma, leave them idle.
      await Promise.all([1, 2, 3].map(() => t.prisma.$queryRaw`SELECT 1 AS one FROM pg_sleep(0.05)`));
      await t.prisma.$disconnect();
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      const ended = await admin.query(
        'SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()) x',
        [name],
      );
      await admin.end();
      expect(ended.rows[0].n).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 300));
      expect(uncaught).toEqual([]);
      expect(await t.prisma.$queryRaw<Array<{ one: number }>>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
