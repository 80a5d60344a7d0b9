import { describe, expect, it } from 'vitest';
import { sqlState, sqlTransaction, type SqlTx } from '../../src/db/direct';
import { isDatabaseConflict, isUniqueViolation } from '../../src/services/case-transition';
import { dbKinds, suiteDatabase } from '../support/db';

// A transaction of raw SQL (the keeper's confirmation): on Postgres BEGIN … COMMIT on one pooled connection, on PGlite
// a Prisma interactive transaction — the same SQL, the same all-or-nothing, and its failures read alike.
describe.each(await dbKinds())('sqlTransaction on %s', (kind) => {
  const t = suiteDatabase(kind);
  const at = new Date('2026-11-29T04:30:00.123Z');
  const queue = (key: string) => (tx: SqlTx) =>
    tx.$executeRaw`INSERT INTO "OutboxEntry" ("jobName", "jobKey", "payload", "runAt")
      VALUES ('send', ${key}::text, ${JSON.stringify({ n: 1 })}::jsonb, ${at}::timestamptz)`;

  it('commits what it wrote, and reads values back as Prisma does (int8 as bigint, timestamptz as Date, JSON parsed)', async () => {
    const rows = await sqlTransaction(t.prisma, async (tx) => {
      await queue('sql-tx:committed')(tx);
      return tx.$queryRaw<Array<{ id: bigint; runAt: Date; payload: unknown }>>`
        SELECT "id", "runAt", "payload" FROM "OutboxEntry" WHERE "jobKey" = 'sql-tx:committed'`;
    });
    expect(typeof rows[0]!.id).toBe('bigint');
    expect(rows[0]!.runAt).toEqual(at);
    expect(rows[0]!.payload).toEqual({ n: 1 });
    expect(await t.prisma.outboxEntry.count({ where: { jobKey: 'sql-tx:committed' } })).toBe(1);
  });

  it('keeps nothing when its work throws', async () => {
    await expect(
      sqlTransaction(t.prisma, async (tx) => {
        await queue('sql-tx:thrown')(tx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await t.prisma.outboxEntry.count({ where: { jobKey: 'sql-tx:thrown' } })).toBe(0);
  });

  it('a unique violation rolls back the statements before it and reads as a conflict (SQLSTATE 23505)', async () => {
    await sqlTransaction(t.prisma, queue('sql-tx:taken'));
    const failed = await sqlTransaction(t.prisma, async (tx) => {
      await queue('sql-tx:before')(tx);
      await queue('sql-tx:taken')(tx);
    }).catch((e: unknown) => e);
    expect(sqlState(failed)).toBe('23505');
    expect(isUniqueViolation(failed)).toBe(true);
    expect(isDatabaseConflict(failed)).toBe(true);
    expect(await t.prisma.outboxEntry.count({ where: { jobKey: 'sql-tx:before' } })).toBe(0);
    // The connection went back to the pool in a usable state.
    expect(await sqlTransaction(t.prisma, (tx) => tx.$queryRaw<Array<{ one: number }>>`SELECT 1 AS one`)).toEqual([
      { one: 1 },
    ]);
  });
});
