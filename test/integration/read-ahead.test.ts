import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { Prisma } from '../../src/db';
import { queryRows, queryTogether } from '../../src/db/direct';
import { holdReadAhead } from '../../src/db/read-ahead';
import { runInScope, type WorkScope } from '../../src/observability/scope';
import { dbKinds, suiteDatabase } from '../support/db';

// Two statements in one round trip (src/db/pipeline.ts) and a read made ahead (src/db/read-ahead.ts): the claim of an
// update and the read its handler will make, sent together on Postgres. A read made ahead answers the handler's
// read only when it is the same statement and nothing of the update ran between; the pair commits or fails together.
const at = new Date('2026-11-29T04:30:00.123Z');
const queue = (key: string) =>
  Prisma.sql`INSERT INTO "OutboxEntry" ("jobName", "jobKey", "payload", "runAt")
    VALUES ('send', ${key}::text, ${JSON.stringify({ n: 1 })}::jsonb, ${at}::timestamptz) RETURNING "id"`;
const entry = (key: string) => Prisma.sql`SELECT "id", "runAt", "payload" FROM "OutboxEntry" WHERE "jobKey" = ${key}`;
type Entry = { id: bigint; runAt: Date; payload: unknown };

/** `sql` with `ahead` in one round trip, `ahead`'s rows kept for the unit of work when `keep` says so (as the claim does). */
async function queryAhead<T>(
  db: Parameters<typeof queryRows>[0],
  sql: Prisma.Sql,
  ahead: Prisma.Sql,
  keep: (rows: T[]) => boolean,
): Promise<T[] | undefined> {
  const results = await queryTogether(db, [sql, ahead]);
  if (!results) return undefined;
  const rows = results[0] as T[];
  if (keep(rows)) holdReadAhead(ahead, results[1]!);
  return rows;
}

/** `fn` in a unit of work; its result and the unit's statement and round-trip counts. */
async function inScope<T>(fn: () => Promise<T>): Promise<{ value: T; scope: WorkScope }> {
  let scope!: WorkScope;
  const value = await runInScope({}, (s) => {
    scope = s;
    return fn();
  });
  return { value, scope };
}

describe('two statements in one round trip, on postgres', async () => {
  if (!(await dbKinds()).includes('postgres')) return it.skip('Postgres not reachable');
  const t = suiteDatabase('postgres');

  it('runs both in order in one round trip, rows parsed as queryRows parses them (int8 as bigint, timestamps as Date)', async () => {
    const { value, scope } = await inScope(() =>
      queryAhead<{ id: bigint }>(t.prisma, queue('ahead:one'), entry('ahead:one'), () => true),
    );
    expect(typeof value![0]!.id).toBe('bigint');
    expect(scope).toMatchObject({ statements: 2, roundTrips: 1 });
    // The second statement saw the first one's row (in order, one implicit transaction), and was kept for the read.
    const { value: read, scope: after } = await inScope(async () => {
      await queryAhead(t.prisma, queue('ahead:two'), entry('ahead:two'), () => true);
      return queryRows<Entry>(t.prisma, entry('ahead:two'));
    });
    expect(read).toHaveLength(1);
    expect(read[0]!.runAt).toEqual(at);
    expect(read[0]!.payload).toEqual({ n: 1 });
    expect(typeof read[0]!.id).toBe('bigint');
    expect(after).toMatchObject({ statements: 2, roundTrips: 1 });
  });

  it('answers the same read, once, with the rows read ahead: no further round trip', async () => {
    const used = await inScope(async () => {
      await queryAhead(t.prisma, queue('ahead:once'), entry('ahead:once'), () => true);
      const first = await queryRows<Entry>(t.prisma, entry('ahead:once'));
      const second = await queryRows<Entry>(t.prisma, entry('ahead:once'));
      return { first, second };
    });
    expect(used.value.first).toHaveLength(1);
    expect(used.value.second).toEqual(used.value.first);
    // The pair (two statements, one round trip), then the second read sent on its own.
    expect(used.scope).toMatchObject({ statements: 3, roundTrips: 2 });
  });

  it('does not answer a different read, or the same read after another statement of the unit of work', async () => {
    const other = await inScope(async () => {
      await queryAhead(t.prisma, queue('ahead:a'), entry('ahead:a'), () => true);
      await queryRows(t.prisma, queue('ahead:a2')); // a write in between
      return queryRows<Entry>(t.prisma, entry('ahead:a'));
    });
    expect(other.value).toHaveLength(1);
    expect(other.scope).toMatchObject({ statements: 4, roundTrips: 3 }); // the read was sent again

    // Rows read ahead, then a write the read would see: the read is sent again and sees it.
    const stale = await inScope(async () => {
      await queryAhead(t.prisma, queue('ahead:b'), entry('ahead:b'), () => true);
      await t.prisma.outboxEntry.update({ where: { jobKey: 'ahead:b' }, data: { payload: { n: 2 } } });
      return queryRows<Entry>(t.prisma, entry('ahead:b'));
    });
    expect(stale.value[0]!.payload).toEqual({ n: 2 });

    const differentValues = await inScope(async () => {
      await queryAhead(t.prisma, queue('ahead:c'), entry('ahead:c'), () => true);
      return queryRows<Entry>(t.prisma, entry('ahead:none'));
    });
    expect(differentValues.value).toHaveLength(0);
    expect(differentValues.scope.roundTrips).toBe(2);
  });

  it('keeps nothing when `keep` says no (the update was not claimed here)', async () => {
    const r = await inScope(async () => {
      await queryAhead(t.prisma, queue('ahead:refused'), entry('ahead:refused'), () => false);
      return queryRows<Entry>(t.prisma, entry('ahead:refused'));
    });
    expect(r.value).toHaveLength(1);
    expect(r.scope).toMatchObject({ statements: 3, roundTrips: 2 });
  });

  it('all or none: when the read fails, the statement before it is rolled back too, and the connection stays usable', async () => {
    const failing = Prisma.sql`SELECT 1 / ${0}::int AS "x"`;
    const err = await queryAhead(t.prisma, queue('ahead:rolled-back'), failing, () => true).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(pg.DatabaseError);
    expect((err as pg.DatabaseError).code).toBe('22012'); // division by zero
    expect(await t.prisma.outboxEntry.count({ where: { jobKey: 'ahead:rolled-back' } })).toBe(0);
    // Every pooled connection still answers (none was left waiting for the failed round trip).
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => queryRows<{ one: number }>(t.prisma, Prisma.sql`SELECT 1::int AS "one"`)),
    );
    expect(answers.every((r) => r[0]!.one === 1)).toBe(true);
  });

  it('refuses, before sending anything, a value pg cannot send, and the pool goes on', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const bad = Prisma.sql`SELECT ${cyclic}::jsonb AS "x"`;
    await expect(queryAhead(t.prisma, queue('ahead:unsent'), bad, () => true)).rejects.toThrow();
    expect(await t.prisma.outboxEntry.count({ where: { jobKey: 'ahead:unsent' } })).toBe(0);
    expect((await queryRows<{ one: number }>(t.prisma, Prisma.sql`SELECT 1::int AS "one"`))[0]!.one).toBe(1);
  });
});

describe('no round trip to save, on pglite', async () => {
  if (!(await dbKinds()).includes('pglite')) return;
  const t = suiteDatabase('pglite');
  it('reads nothing ahead: the caller sends its statement alone', async () => {
    expect(await queryAhead(t.prisma, queue('ahead:pglite'), entry('ahead:pglite'), () => true)).toBeUndefined();
    expect(await t.prisma.outboxEntry.count({ where: { jobKey: 'ahead:pglite' } })).toBe(0);
  });
});
