import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { countStatement } from '../observability/scope';

// Every SQL statement Prisma sends goes through the driver adapter's queryRaw / executeRaw (on the adapter
// or on a transaction it opened). Counting there gives "database statements per update" exactly, for
// Postgres and PGlite alike, without Prisma's query log.
const COUNTED = new Set(['queryRaw', 'executeRaw']);

// A transaction is one connection, and Prisma sends a query's relations at once (a Promise.all over the joined
// children: its query interpreter's 'join' node), straight to that connection's client. pg 8 queues them itself
// but warns ("Calling client.query() when the client is already executing a query is deprecated"), and pg 9
// will throw. Until Prisma's adapter serialises them (prisma/prisma PRs 29979, 29468, open as of 7.x), each
// transaction's statements wait here for the one before, in the order sent — the same order pg's own queue
// keeps, so nothing else changes; commit and rollback go after whatever was already sent, as they did there.
const SERIAL = new Set(['queryRaw', 'executeRaw', 'commit', 'rollback']);

function counting<T extends object>(target: T, onStatement: () => void, oneConnection = false): T {
  let tail: Promise<unknown> = Promise.resolve();
  return new Proxy(target, {
    get(t, prop, receiver) {
      const value = Reflect.get(t, prop, receiver);
      if (typeof value !== 'function') return value;
      const counted = COUNTED.has(prop as string);
      if (oneConnection && SERIAL.has(prop as string)) {
        return (...args: unknown[]) => {
          if (counted) onStatement();
          const run = tail.then(() => value.apply(t, args));
          tail = run.catch(() => undefined);
          return run;
        };
      }
      if (counted) {
        return (...args: unknown[]) => {
          onStatement();
          return value.apply(t, args);
        };
      }
      if (prop === 'startTransaction') {
        return async (...args: unknown[]) => counting(await value.apply(t, args), onStatement, true);
      }
      return value.bind(t);
    },
  });
}

/** Wraps a driver adapter factory so that each statement of every connection it opens is counted. */
export function countStatements<F extends SqlMigrationAwareDriverAdapterFactory>(
  factory: F,
  onStatement: () => void = countStatement,
): F {
  return new Proxy(factory, {
    get(t, prop, receiver) {
      const value = Reflect.get(t, prop, receiver);
      if (prop === 'connect' && typeof value === 'function') {
        return async (...args: unknown[]) => counting(await value.apply(t, args), onStatement);
      }
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
}
