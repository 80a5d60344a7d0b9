import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCase } from '../../../src/services/case-transition';
import { loadCaseForDeadlines } from '../../../src/services/deadlines';
import { caseFixture } from '../../support/case-builder';
import { postgresOnly, suiteDatabase } from '../../support/db';
import { seed } from '../../support/fixtures';

/**
 * Inside a transaction Prisma sends a query's relations at once (a Promise.all over the joined children) on the
 * transaction's one pg client: pg 8 queues them with a DeprecationWarning and pg 9 will throw. The transaction
 * proxy in src/db/count-statements.ts sends them one after the other. Here every pg query is watched: one sent to
 * a client still running another is an overlap. loadCase is the first step of every staff action's transaction,
 * loadCaseForDeadlines of every deadline step's.
 */
describe.runIf(await postgresOnly())(
  'a transaction never sends a statement while its connection runs another (Postgres)',
  () => {
    const t = suiteDatabase('postgres', (db) => seed(db, new Date('2026-03-01T00:00:00Z')));
    const overlaps: string[] = [];
    const original = pg.Client.prototype.query;
    beforeAll(() => {
      // pg's own bookkeeping: the query it is running and those queued behind it.
      (pg.Client.prototype as unknown as { query: unknown }).query = function (
        this: { _activeQuery?: unknown; _queryQueue: unknown[] },
        config: unknown,
        ...rest: unknown[]
      ) {
        if (this._activeQuery || this._queryQueue.length > 0)
          overlaps.push(String((config as { text?: string })?.text ?? config).slice(0, 80));
        return (original as (...a: unknown[]) => unknown).call(this, config, ...rest);
      };
    });
    afterAll(() => {
      pg.Client.prototype.query = original;
    });

    it('a case with its heads, claims and notes loaded in a transaction: no overlap, the same rows as outside one', async () => {
      const c = await caseFixture(t.prisma, {
        pound: 'JAI1',
        impoundedAt: '2026-03-01T10:00:00+05:30',
        heads: [
          ['goat', 'white'],
          ['buffalo', 'black'],
        ],
      }).build();
      overlaps.length = 0;
      const inTx = await t.prisma.$transaction((tx) => loadCase(tx, c.id));
      const forDeadlines = await t.prisma.$transaction((tx) => loadCaseForDeadlines(tx, c.id));
      expect(overlaps).toEqual([]);
      expect(inTx).toEqual(await loadCase(t.prisma, c.id));
      expect(forDeadlines).toEqual(await loadCaseForDeadlines(t.prisma, c.id));
    });

    it('a statement that fails inside the transaction still rolls it back, and the connection is clean afterwards', async () => {
      const c = await caseFixture(t.prisma, {
        pound: 'JAI1',
        impoundedAt: '2026-03-01T11:00:00+05:30',
        heads: [['goat', 'black']],
      }).build();
      overlaps.length = 0;
      await expect(
        t.prisma.$transaction(async (tx) => {
          await tx.case.update({ where: { id: c.id }, data: { version: { increment: 1 } } });
          await Promise.all([loadCase(tx, c.id), tx.$executeRawUnsafe('SELECT 1/0')]);
        }),
      ).rejects.toThrow();
      expect((await t.prisma.case.findUniqueOrThrow({ where: { id: c.id } })).version).toBe(c.version);
      expect(overlaps).toEqual([]);
      expect(await t.prisma.$queryRaw<Array<{ one: number }>>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    });
  },
);
