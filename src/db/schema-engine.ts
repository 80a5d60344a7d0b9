import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import * as engineModule from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';

// The Prisma CLI would download a native schema engine; the wasm build ships inside the npm
// package, so migrations work offline. We instantiate the wasm module ourselves (Node has no
// ESM wasm imports without a flag) and hand it the same driver adapter the app queries through.
const require = createRequire(import.meta.url);
let wasmReady: Promise<void> | undefined;

function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const wasmPath = path.join(
      path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')),
      'schema_engine_bg.wasm',
    );
    const bytes = await readFile(wasmPath);
    const module = await WebAssembly.compile(bytes);
    const instance = await WebAssembly.instantiate(module, {
      './schema_engine_bg.js': engineModule as unknown as Record<string, WebAssembly.ImportValue>,
    });
    const exports = instance.exports as Record<string, unknown> & { __wbindgen_start?: () => void };
    engineModule.__wbg_set_wasm(exports);
    exports.__wbindgen_start?.();
  })();
  return wasmReady;
}

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
export const SCHEMA_PATH = path.join(PROJECT_ROOT, 'prisma/schema.prisma');
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'prisma/migrations');

/** Opens the wasm schema engine over a driver adapter factory (PGlite or pg). */
export async function openSchemaEngine(
  factory: SqlMigrationAwareDriverAdapterFactory,
  log: (line: string) => void = () => {},
): Promise<SchemaEngine> {
  await loadWasm();
  const schema = await readFile(SCHEMA_PATH, 'utf8');
  const Engine = (engineModule as unknown as { SchemaEngine: typeof SchemaEngine }).SchemaEngine;
  return Engine.new({ datamodels: [[SCHEMA_PATH, schema]] }, log, bindMigrationAwareSqlAdapterFactory(factory));
}

/** Reads prisma/migrations the way the Prisma CLI does. */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationList> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const lockPath = path.join(dir, 'migration_lock.toml');
  const lock = await readFile(lockPath, 'utf8').catch(() => null);
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: lock },
    shadowDbInitScript: '',
    migrationDirectories: await Promise.all(
      names.map(async (name) => ({
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: await readFile(path.join(dir, name, 'migration.sql'), 'utf8').then(
            (value) => ({ tag: 'ok' as const, value }),
            (err: Error) => ({ tag: 'error' as const, value: err.message }),
          ),
        },
      })),
    ),
  };
}

export const NO_FILTER = { externalTables: [], externalEnums: [] };
