import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tsFilesUnder } from '../support/source-files';

// Tests under test/unit run without a database: a test that opens one (Prisma, PGlite, Postgres) lives under
// test/integration, so `vitest run test/unit` stays quick and a newcomer knows where a new test goes.

const ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGES = ['@electric-sql/pglite', 'pglite-prisma-adapter', '@prisma/client', '@prisma/adapter-pg', 'pg'];

/** The modules a file loads at run time (`import type` and `export type` left out: they load nothing). */
function runtimeImports(text: string): string[] {
  const out: string[] = [];
  const statement = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(statement)) if (!m[1]) out.push(m[2]!);
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]!);
  return out;
}

/** The repository path a specifier of `from` names (no extension), or the package name. */
function resolve(from: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  return path
    .relative(ROOT, path.resolve(path.dirname(path.join(ROOT, from)), spec))
    .split(path.sep)
    .join('/')
    .replace(/\.ts$/, '');
}

const isDatabaseLayer = (target: string) =>
  target === 'src/db' ||
  target.startsWith('src/db/') ||
  target === 'test/support/db' ||
  PACKAGES.includes(target) ||
  PACKAGES.some((p) => target.startsWith(`${p}/`));

/** Test helpers that open or seed a database themselves, or load one that does. */
function databaseHelpers(): Set<string> {
  const helpers = new Map(
    tsFilesUnder('test/support').map((f) => [f.replace(/\.ts$/, ''), readFileSync(path.join(ROOT, f), 'utf8')]),
  );
  const bound = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [f, text] of helpers) {
      if (bound.has(f)) continue;
      if (
        runtimeImports(text).some((s) => isDatabaseLayer(resolve(`${f}.ts`, s)) || bound.has(resolve(`${f}.ts`, s)))
      ) {
        bound.add(f);
        grew = true;
      }
    }
  }
  return bound;
}

/** What in `file` (a repository path) reaches the database layer: the offending specifiers. */
function databaseImportsOf(file: string, text: string, helpers: Set<string>): string[] {
  return runtimeImports(text).filter((s) => isDatabaseLayer(resolve(file, s)) || helpers.has(resolve(file, s)));
}

describe('unit tests run without a database', () => {
  const helpers = databaseHelpers();

  it('knows the database layer and the helpers that open one', () => {
    expect(helpers.has('test/support/db')).toBe(true);
    expect(helpers.has('test/support/fixtures')).toBe(true);
    expect(helpers.has('test/support/letters')).toBe(false);
    const f = 'test/unit/x/y.test.ts';
    expect(databaseImportsOf(f, "import { suiteDatabase } from '../../support/db';", helpers)).toHaveLength(1);
    expect(databaseImportsOf(f, "import { openDatabase } from '../../../src/db';", helpers)).toHaveLength(1);
    expect(databaseImportsOf(f, "import { sqlState } from '../../../src/db/errors';", helpers)).toHaveLength(1);
    expect(databaseImportsOf(f, "import { PGlite } from '@electric-sql/pglite';", helpers)).toHaveLength(1);
    expect(databaseImportsOf(f, "const m = await import('../../support/fixtures');", helpers)).toHaveLength(1);
    expect(databaseImportsOf(f, "import type { Db } from '../../../src/db';", helpers)).toEqual([]);
    expect(databaseImportsOf(f, "import { computeDues } from '../../../src/law';", helpers)).toEqual([]);
  });

  it('no file under test/unit loads src/db, test/support/db.ts, PGlite or a helper that does (those go to test/integration)', () => {
    const offending = tsFilesUnder('test/unit').flatMap((f) =>
      databaseImportsOf(f, readFileSync(path.join(ROOT, f), 'utf8'), helpers).map((s) => `${f}: ${s}`),
    );
    expect(offending).toEqual([]);
  });
});
