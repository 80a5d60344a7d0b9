import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { countStatement } from '../observability/scope';

// Every SQL statement Prisma sends goes through the driver adapter's queryRaw / executeRaw (on the adapter
// or on a transaction it opened). Counting there gives "database statements per update" exactly, for
// Postgres and PGlite alike, without Prisma's query log.
const COUNTED = new Set(['queryRaw', 'executeRaw']);

function counting<T extends object>(target: T, onStatement: () => void): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      const value = Reflect.get(t, prop, receiver);
      if (typeof value !== 'function') return value;
      if (COUNTED.has(prop as string)) {
        return (...args: unknown[]) => {
          onStatement();
          return value.apply(t, args);
        };
      }
      if (prop === 'startTransaction') {
        return async (...args: unknown[]) => counting(await value.apply(t, args), onStatement);
      }
      return value.bind(t);
    },
  });
}

/** Wraps a driver adapter factory so that each statement of every connection it opens is counted. */
export function countStatements<F extends SqlMigrationAwareDriverAdapterFactory>(factory: F, onStatement: () => void = countStatement): F {
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
