// Counts the SQL statements Prisma sends through a driver adapter (queries, and BEGIN/COMMIT/ROLLBACK of
// transactions), by the statement's first word. Used by bench/updates.ts: statements per update by kind.
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { DirectSql } from '../src/db/direct';

export interface StatementCounter {
  total: number;
  byVerb: Map<string, number>;
  /** Print each statement to stderr (BENCH_SQL=1). */
  trace: boolean;
  reset(): void;
}

function bound<T extends object>(target: T, wrap: (key: string | symbol, value: unknown) => unknown): T {
  return new Proxy(target, {
    get(t, key) {
      const v = Reflect.get(t, key, t) as unknown;
      const w = wrap(key, v);
      if (w !== undefined) return w;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
    },
  });
}

/** The same adapter factory, counting what every connection and transaction runs into `counter`. */
export function countingAdapter(factory: SqlMigrationAwareDriverAdapterFactory): {
  adapter: SqlMigrationAwareDriverAdapterFactory;
  counter: StatementCounter;
} {
  const counter: StatementCounter = {
    total: 0,
    byVerb: new Map(),
    trace: false,
    reset() {
      this.total = 0;
      this.byVerb.clear();
    },
  };
  const note = (verb: string, sql?: string) => {
    if (counter.trace && sql) console.error(`[sql] ${sql.replace(/\s+/g, ' ').slice(0, 300)}`);
    counter.total++;
    counter.byVerb.set(verb, (counter.byVerb.get(verb) ?? 0) + 1);
  };
  const verbOf = (sql: string) => (/^\s*(\w+)/.exec(sql)?.[1] ?? '?').toUpperCase();
  const counting = (q: object) =>
    bound(q, (key, v) => {
      if ((key === 'queryRaw' || key === 'executeRaw') && typeof v === 'function') {
        return (query: { sql: string }, ...rest: unknown[]) => {
          // The pg adapter's commit() sends its COMMIT through here too: counted once, as the commit below.
          if (!/^\s*(COMMIT|ROLLBACK)\s*$/i.test(query.sql)) note(verbOf(query.sql), query.sql);
          return (v as (...a: unknown[]) => unknown).call(q, query, ...rest);
        };
      }
      if ((key === 'commit' || key === 'rollback') && typeof v === 'function') {
        return (...a: unknown[]) => {
          note(key === 'commit' ? 'COMMIT' : 'ROLLBACK');
          return (v as (...a: unknown[]) => unknown).apply(q, a);
        };
      }
      if (key === 'startTransaction' && typeof v === 'function') {
        return async (...a: unknown[]) => {
          note('BEGIN');
          return counting((await (v as (...a: unknown[]) => Promise<object>).apply(q, a)) as object);
        };
      }
      return undefined;
    });
  const adapter = bound(factory, (key, v) => {
    if (key === 'connect' && typeof v === 'function')
      return async (...a: unknown[]) =>
        counting((await (v as (...a: unknown[]) => Promise<object>).apply(factory, a)) as object);
    return undefined;
  });
  return { adapter, counter };
}

/** The direct path (src/db/direct.ts: the per-update fixed statements and the keeper's confirmation on Postgres) counted into `counter` too. */
export function countingDirect(direct: DirectSql, counter: StatementCounter): DirectSql {
  const note = (text: string) => {
    if (counter.trace) console.error(`[sql direct] ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
    counter.total++;
    const verb = (/^\s*(\w+)/.exec(text)?.[1] ?? '?').toUpperCase();
    counter.byVerb.set(verb, (counter.byVerb.get(verb) ?? 0) + 1);
  };
  const counted =
    (query: DirectSql['query']): DirectSql['query'] =>
    (text, values) => {
      note(text);
      return query(text, values);
    };
  const transaction = direct.transaction?.bind(direct);
  return {
    query: counted(direct.query.bind(direct)),
    ...(transaction
      ? {
          // BEGIN, and COMMIT or ROLLBACK, are sent by the transaction itself: noted here as the adapter's are.
          async transaction<T>(fn: (sql: Pick<DirectSql, 'query'>) => Promise<T>): Promise<T> {
            note('BEGIN');
            try {
              const r = await transaction((sql) => fn({ query: counted(sql.query) }));
              note('COMMIT');
              return r;
            } catch (e) {
              note('ROLLBACK');
              throw e;
            }
          },
        }
      : {}),
  };
}
