// Counts the SQL statements Prisma sends through a driver adapter (queries, and BEGIN/COMMIT/ROLLBACK of
// transactions), by the statement's first word. Used by bench/updates.ts: statements per update by kind.
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

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
