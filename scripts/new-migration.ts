// Creates prisma/migrations/<timestamp>_<name>/migration.sql from the change in prisma/schema.prisma.
// Usage: npm run db:new-migration -- <name>
// The diff is computed by the wasm schema engine against a throwaway in-memory PGlite (the shadow
// database), so no native engine and no network are needed.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { MIGRATIONS_DIR, NO_FILTER, openSchemaEngine, readMigrations, SCHEMA_PATH } from '../src/db/schema-engine';
import { readFile } from 'node:fs/promises';

const name = (process.argv[2] ?? '').replace(/[^a-z0-9_]/gi, '_').toLowerCase();
if (!name) {
  console.error('usage: npm run db:new-migration -- <name>');
  process.exit(2);
}
const db = new PGlite();
const engine = await openSchemaEngine(new PrismaPGlite(db));
const migrations = await readMigrations();
const schema = await readFile(SCHEMA_PATH, 'utf8');
const result = await engine.diff({
  from: migrations.migrationDirectories.length ? { tag: 'migrations', ...migrations } : { tag: 'empty' },
  to: { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATH, content: schema }] },
  script: true,
  exitCode: true,
  filters: NO_FILTER,
});
const sql = result.stdout ?? '';
if (result.exitCode !== 2 || !sql.trim() || /^-- This is an empty migration/m.test(sql)) {
  console.log('schema and migrations agree: no migration needed');
} else {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'migration.sql'), sql);
  await writeFile(path.join(MIGRATIONS_DIR, 'migration_lock.toml'), 'provider = "postgresql"\n');
  console.log(
    `created ${path.relative(process.cwd(), dir)}/migration.sql — review it, add CHECKs/triggers by hand if needed`,
  );
}
engine.free();
await db.close();
