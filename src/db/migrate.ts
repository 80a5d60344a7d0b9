import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { NO_FILTER, openSchemaEngine, readMigrations } from './schema-engine';

type ScriptRunner = { exec?: (sql: string) => Promise<unknown>; query?: (sql: string) => Promise<unknown> };

// Both adapters' executeScript are unfit for hand-written migration SQL: adapter-pg splits the script
// on every ";" (breaking plpgsql bodies and comments), and the PGlite adapter does not await exec (so a
// failing migration would be recorded as applied). We send the script whole through the same driver.
function withWholeScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const driver = ((adapter as { underlyingDriver?: () => unknown }).underlyingDriver?.() ??
    (adapter as unknown as { client: unknown }).client) as ScriptRunner;
  const run = driver.exec ? driver.exec.bind(driver) : driver.query!.bind(driver);
  return new Proxy(adapter, {
    get(target, prop, receiver) {
      if (prop === 'executeScript') return async (script: string) => void (await run(script));
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

// The engine does not dispose the connections it opens; we do, or the next run waits on Prisma's
// advisory lock held by a leftover pool (10 s on Postgres).
function scriptSafe(factory: SqlMigrationAwareDriverAdapterFactory, opened: SqlDriverAdapter[]): SqlMigrationAwareDriverAdapterFactory {
  const keep = (a: SqlDriverAdapter) => (opened.push(a), withWholeScripts(a));
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => keep(await factory.connect()),
    connectToShadowDb: async () => keep(await factory.connectToShadowDb()),
  };
}

/** Applies every migration in prisma/migrations not yet applied; returns the names applied (empty: nothing to do). */
export async function applyMigrations(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const opened: SqlDriverAdapter[] = [];
  const engine = await openSchemaEngine(scriptSafe(factory, opened));
  try {
    const migrationsList = await readMigrations();
    const out = await engine.applyMigrations({ migrationsList, filters: NO_FILTER });
    return out.appliedMigrationNames;
  } finally {
    engine.free();
    // PGlite's adapter shares the app's single connection: disposing it would close the app's database.
    if (!/pglite/i.test(factory.adapterName)) {
      await Promise.all(opened.map((a) => a.dispose().catch(() => {})));
    }
  }
}
