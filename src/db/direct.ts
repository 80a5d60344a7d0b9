import pg from 'pg';
import { countStatement } from '../observability/scope';
import { Prisma, type PrismaClient } from './generated/client';

/**
 * Hand-written SQL on the hot path of an update (the update's claim with the chat's session lease, the lease's
 * end: bot/middleware/; the owner screens' read models: src/services/case-card.ts, subscriptions.ts, dues.ts)
 * goes to the Postgres pool directly: through Prisma's `$queryRaw` it costs about as much CPU again as the
 * statement's own work in the driver. So does a transaction of raw SQL run with `sqlTransaction` (the keeper's
 * confirmation): BEGIN … COMMIT on one pooled connection. PGlite keeps Prisma (no direct path is registered for it),
 * and so does any other transaction. Values come back as `$queryRaw` gives them (PRISMA_TYPES: int8 as bigint, numeric as
 * Decimal, timestamp without time zone as UTC), and Dates go in as UTC, as Prisma writes them.
 * Each statement is counted like Prisma's (src/db/count-statements.ts).
 */
export interface DirectSql {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
  /**
   * `fn`'s statements on one pooled connection between BEGIN and COMMIT (ROLLBACK when it throws), each counted, BEGIN
   * and COMMIT too. Absent where no connection can be held (the bench's counting wrapper passes it on).
   */
  transaction?<T>(fn: (sql: Pick<DirectSql, 'query'>) => Promise<T>): Promise<T>;
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

/** The longest a statement of a `transaction` may run: Prisma's default timeout of an interactive transaction. */
const TRANSACTION_STATEMENT_TIMEOUT_MS = 5000;

/** A direct path on a pg pool (created with `types: PRISMA_TYPES`), counted against the unit of work like the adapter's statements. */
export function poolSql(pool: pg.Pool, onStatement: () => void = countStatement): DirectSql {
  const on = (q: pg.Pool | pg.PoolClient): DirectSql['query'] =>
    async function query(text, values) {
      onStatement();
      const r = await q.query(text, values.map(param));
      return { rows: r.rows as Record<string, unknown>[], rowCount: r.rowCount ?? 0 };
    };
  return {
    query: on(pool),
    async transaction(fn) {
      const client = await pool.connect();
      const query = on(client);
      // A connection that failed mid-transaction is not given back to the pool but closed (release with the error).
      let broken: Error | undefined;
      try {
        // No statement waits (for a lock, say) longer than Prisma lets a whole interactive transaction run: one round
        // trip with BEGIN (a simple query, no parameters).
        await query(`BEGIN; SET LOCAL statement_timeout = ${TRANSACTION_STATEMENT_TIMEOUT_MS}`, []);
        const result = await fn({ query });
        await query('COMMIT', []);
        return result;
      } catch (e) {
        await query('ROLLBACK', []).catch((rollbackFailed: Error) => {
          broken = rollbackFailed;
        });
        throw e;
      } finally {
        client.release(broken);
      }
    },
  };
}

/** What runs raw SQL: the client, or a transaction (never registered: its statements stay on its connection). */
type Raw = Pick<PrismaClient, '$queryRaw' | '$executeRaw'>;

/**
 * The statements of one transaction, in raw SQL (`tx.$queryRaw\`…\``, `tx.$executeRaw\`…\``, or a Prisma.sql
 * template): a Prisma interactive transaction satisfies it, and so does one pooled connection (`sqlTransaction`).
 */
export type SqlTx = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>;

/** A Prisma.sql template from a tagged template's parts, or the template itself. */
function template(query: TemplateStringsArray | Prisma.Sql, values: unknown[]): Prisma.Sql {
  return query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values);
}

/** `$queryRaw` and `$executeRaw` on one connection of the direct path (values and results as through Prisma). */
function sqlTxOn(sql: Pick<DirectSql, 'query'>): SqlTx {
  const run = (query: TemplateStringsArray | Prisma.Sql, values: unknown[]) => {
    const t = template(query, values);
    return sql.query(t.text, t.values);
  };
  return {
    $queryRaw: (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) =>
      run(query, values).then((r) => r.rows),
    $executeRaw: (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) =>
      run(query, values).then((r) => r.rowCount),
  } as unknown as SqlTx;
}

/**
 * Runs `fn` in one transaction whose statements are raw SQL (`SqlTx`): on one pooled connection of the direct path
 * where one is registered (Postgres: BEGIN … COMMIT, without Prisma's per-statement work), else as a Prisma
 * interactive transaction (PGlite). The same SQL either way; a throw rolls back either way. Errors differ in form
 * (pg's, or Prisma's P2010 around the adapter's): `sqlState` reads the SQLSTATE of both.
 */
export async function sqlTransaction<T>(db: PrismaClient, fn: (tx: SqlTx) => Promise<T>): Promise<T> {
  const d = direct.get(db);
  if (!d?.transaction) return db.$transaction((tx) => fn(tx));
  return d.transaction((sql) => fn(sqlTxOn(sql)));
}

/**
 * The SQLSTATE of a failed statement ("23505" unique violation, "40001" serialization failure, "40P01" deadlock):
 * pg's error on the direct path, or the driver adapter's original code inside Prisma's error; null for anything else.
 */
export function sqlState(e: unknown): string | null {
  if (!e || typeof e !== 'object') return null;
  const pgCode = (e as { code?: unknown }).code;
  if (e instanceof pg.DatabaseError && typeof pgCode === 'string') return pgCode;
  const cause = (e as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } }).meta
    ?.driverAdapterError?.cause;
  return typeof cause?.originalCode === 'string' ? cause.originalCode : null;
}

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
