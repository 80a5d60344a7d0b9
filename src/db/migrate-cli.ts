// npm run db:migrate — applies pending migrations to the configured database (idempotent).
import { createConfig, ConfigError } from '../config';
import { applyMigrations, openDatabase, targetFromConfig } from '.';

try {
  const config = createConfig();
  const target = targetFromConfig(config);
  const db = await openDatabase(target);
  const applied = await applyMigrations(db.adapter);
  const where = target.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `embedded database in ${config.DATA_DIR}`;
  console.log(
    applied.length
      ? `Applied ${applied.length} migration(s) to the ${where}: ${applied.join(', ')}`
      : `Nothing to do: the ${where} is up to date.`,
  );
  await db.close();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Migration failed: ${(err as Error).message}`);
  process.exit(1);
}
