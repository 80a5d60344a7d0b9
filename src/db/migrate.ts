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

function scriptSafe(factory: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => withWholeScripts(await factory.connect()),
    connectToShadowDb: async () => withWholeScripts(await factory.connectToShadowDb()),
  };
}

/** Applies every migration in prisma/migrations not yet applied; returns the names applied (empty: nothing to do). */
export async function applyMigrations(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const engine = await openSchemaEngine(scriptSafe(factory));
  try {
    const migrationsList = await readMigrations();
    const out = await engine.applyMigrations({ migrationsList, filters: NO_FILTER });
    return out.appliedMigrationNames;
  } finally {
    engine.free();
  }
}
