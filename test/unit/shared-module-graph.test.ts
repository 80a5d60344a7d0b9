import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The test files of a worker share one module graph (vitest.config.ts: isolate false): a module mocked, a global or
// an environment variable stubbed, or the module registry reset by one file would reach the files the same worker
// runs after it, in an order that changes from run to run. So no test file does any of these; each makes its own
// database, queue prefix, bot and clock instead. This file reads sources only.

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What reaches past a test file when modules are shared. */
const SHARED_STATE = /\bvi\s*\.\s*(?:mock|doMock|unmock|hoisted|stubGlobal|stubEnv|resetModules)\s*\(/g;

function sharedStateIn(file: string, text: string): string[] {
  return [...text.matchAll(SHARED_STATE)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}: ${m[0]}`);
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return tsFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

describe('test files share a worker’s modules and leave them as they found them', () => {
  it('no test file mocks a module, stubs a global or an environment variable, or resets the modules', () => {
    const self = path.join(ROOT, 'test/unit/shared-module-graph.test.ts');
    const found = tsFiles(path.join(ROOT, 'test'))
      .filter((f) => f !== self)
      .flatMap((f) => sharedStateIn(path.relative(ROOT, f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds each of them when planted', () => {
    const planted = [
      "vi.mock('../../src/db', () => ({}));",
      "vi.doMock('pino');",
      "vi.stubGlobal('fetch', f);",
      "vi.stubEnv('TZ', 'UTC');",
      'vi.resetModules();',
      'vi . hoisted(() => 1);',
    ];
    for (const line of planted) expect(sharedStateIn('planted.test.ts', line), line).toHaveLength(1);
    expect(sharedStateIn('fine.test.ts', 'vi.fn(); vi.spyOn(obj, "m"); vi.waitFor(() => true);')).toEqual([]);
  });
});
