import { describe, expect, it } from 'vitest';
import { sqlState } from '../../src/db/errors';
import type { Tx } from '../../src/services/outbox';
import { isDatabaseConflict, isUniqueViolation } from '../../src/services/case-transition';
import { dbKinds, suiteDatabase } from '../support/db';

// Raw SQL through the Prisma client inside its transaction (the reads that span tables, the receipt's serial): the
// same code on PGlite and Postgres, the same all-or-nothing, values read back alike, and failures read alike.
describe.each(await dbKinds())('raw SQL in a Prisma transaction on %s', (kind) => {
  const t = suiteDatabase(kind);
  const at = new Date('2026-11-29T04:30:00.123Z');
  const queue = (key: string) => (tx: Tx) =>
    tx.$executeRaw`INSERT INTO "OutboxEntry" ("jobName", "jobKey", "payload", "runAt")
      VALUES ('send', ${key}::text, ${JSON.stringify({ n: 1 })}::jsonb, ${at}::timestamptz)`;

  it('commits what it wrote, and reads values back as Prisma does (int8 as bigint, timestamptz as Date, JSON parsed)', async () => {
    const rows = await t.prisma.$transaction(async (tx) => {
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
      t.prisma.$transaction(async (tx) => {
        await queue('sql-tx:thrown')(tx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await t.prisma.outboxEntry.count({ where: { jobKey: 'sql-tx:thrown' } })).toBe(0);
  });

  it('a unique violation rolls back the statements before it and reads as a conflict (SQLSTATE 23505)', async () => {
    await t.prisma.$transaction(queue('sql-tx:taken'));
    const failed = await t.prisma
      .$transaction(async (tx) => {
        await queue('sql-tx:before')(tx);
        await queue('sql-tx:taken')(tx);
      })
      .catch((e: unknown) => e);
    expect(sqlState(failed)).toBe('23505');
    expect(isUniqueViolation(failed)).toBe(true);
    expect(isDatabaseConflict(failed)).toBe(true);
    expect(await t.prisma.outboxEntry.count({ where: { jobKey: 'sql-tx:before' } })).toBe(0);
    // The connection went back to the pool in a usable state.
    expect(await t.prisma.$transaction((tx) => tx.$queryRaw<Array<{ one: number }>>`SELECT 1 AS one`)).toEqual([
      { one: 1 },
    ]);
  });
});
