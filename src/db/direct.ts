import pg from 'pg';
import { countStatement } from '../observability/scope';
import { Prisma, type PrismaClient } from './generated/client';

/**
 * Hand-written SQL on the hot path of an update (the update's claim with the chat's session lease, the lease's
 * end: bot/middleware/; the owner screens' read models: src/services/case-card.ts, subscriptions.ts, dues.ts)
 * goes to the Postgres pool directly: through Prisma's `$queryRaw` it costs about as much CPU again as the
 * statement's own work in the driver. PGlite, and a transaction, keep Prisma (no direct path is
 * registered for them). Values come back as `$queryRaw` gives them (PRISMA_TYPES: int8 as bigint, numeric as
 * Decimal, timestamp without time zone as UTC), and Dates go in as UTC, as Prisma writes them.
 * Each statement is counted like Prisma's (src/db/count-statements.ts).
 */
export interface DirectSql {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
}

const direct = new WeakMap<object, DirectSql>();

/** Registers `sql` as the direct path for statements run on `prisma`. */
export function useDirectSql(prisma: PrismaClient, sql: DirectSql): void {
  direct.set(prisma, sql);
}

const utc = (v: string) => new Date(`${v.replace(' ', 'T')}Z`);
const TEXT_PARSERS: Record<number, (v: string) => unknown> = {
  20: (v) => BigInt(v), // int8
  1700: (v) => new Prisma.Decimal(v), // numeric
  1114: utc, // timestamp (Prisma's DateTime): stored as UTC
  1082: (v) => new Date(`${v}T00:00:00Z`), // date
};

/** The type parsers of a pool whose direct queries return what `$queryRaw` returns (Prisma's adapter passes its own per query). */
export const PRISMA_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format !== 'binary' && TEXT_PARSERS[oid]) || pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A Date as Prisma sends it: the UTC instant (pg's own rendering uses the local offset, which a timestamp column ignores). */
const param = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : Array.isArray(v) ? v.map(param) : v);

/** A direct path on a pg pool (created with `types: PRISMA_TYPES`), counted against the unit of work like the adapter's statements. */
export function poolSql(pool: pg.Pool, onStatement: () => void = countStatement): DirectSql {
  return {
    async query(text, values) {
      onStatement();
      const r = await pool.query(text, values.map(param));
      return { rows: r.rows as Record<string, unknown>[], rowCount: r.rowCount ?? 0 };
    },
  };
}

/** What runs raw SQL: the client, or a transaction (never registered: its statements stay on its connection). */
type Raw = Pick<PrismaClient, '$queryRaw' | '$executeRaw'>;

/** Rows of `sql` (a Prisma.sql template), directly on the pool where registered, else through `$queryRaw`. */
export async function queryRows<T>(db: Raw, sql: Prisma.Sql): Promise<T[]> {
  const d = direct.get(db);
  if (!d) return db.$queryRaw<T[]>(sql);
  return (await d.query(sql.text, sql.values)).rows as T[];
}

/** The number of rows `sql` changed, directly on the pool where registered, else through `$executeRaw`. */
export async function executeSql(db: Raw, sql: Prisma.Sql): Promise<number> {
  const d = direct.get(db);
  if (!d) return db.$executeRaw(sql);
  return (await d.query(sql.text, sql.values)).rowCount;
}
