import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
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
function scriptSafe(
  factory: SqlMigrationAwareDriverAdapterFactory,
  opened: SqlDriverAdapter[],
): SqlMigrationAwareDriverAdapterFactory {
  const keep = (a: SqlDriverAdapter) => (opened.push(a), withWholeScripts(a));
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => keep(await ownPool(await factory.connect())),
    connectToShadowDb: async () => keep(await factory.connectToShadowDb()),
  };
}

/**
 * On Postgres the engine runs on a pool of its own, ended when it is done. It takes a session-level advisory
 * lock (pg_advisory_lock) and never unlocks it: on the app's pool (src/db/client.ts) that connection went back
 * to the pool still holding the lock, so every other process migrating the same database at start-up (a second
 * bot process, `npm run worker`, the admin CLI) waited 10 s for it and failed while the first one was busy.
 * Ending the engine's own connections releases the lock.
 */
async function ownPool(adapter: SqlDriverAdapter): Promise<SqlDriverAdapter> {
  const driver = (adapter as { underlyingDriver?: () => unknown }).underlyingDriver?.();
  if (!(driver instanceof pg.Pool)) return adapter;
  await adapter.dispose();
  // No idle timeout: the connection holding the lock stays open until the end, even while others work.
  const pool = new pg.Pool({ ...driver.options, max: 2, idleTimeoutMillis: 0 });
  pool.on('error', () => {});
  const factory = new PrismaPg(pool as unknown as ConstructorParameters<typeof PrismaPg>[0], {
    disposeExternalPool: true,
  });
  return factory.connect();
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
