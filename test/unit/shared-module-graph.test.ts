import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, tsFilesUnder } from '../support/source-files';

// The test files of a worker share one module graph (vitest.config.ts: isolate false): a module mocked, a global or
// an environment variable stubbed, or the module registry reset by one file would reach the files the same worker
// runs after it, in an order that changes from run to run. So no test file does any of these; each makes its own
// database, queue prefix, bot and clock instead. This file reads sources only.

/** What reaches past a test file when modules are shared. */
const SHARED_STATE = /\bvi\s*\.\s*(?:mock|doMock|unmock|hoisted|stubGlobal|stubEnv|resetModules)\s*\(/g;

function sharedStateIn(file: string, text: string): string[] {
  return [...text.matchAll(SHARED_STATE)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}: ${m[0]}`);
}

describe('test files share a worker’s modules and leave them as they found them', () => {
  it('no test file mocks a module, stubs a global or an environment variable, or resets the modules', () => {
    const found = tsFilesUnder('test')
      .filter((f) => f !== 'test/unit/shared-module-graph.test.ts')
      .flatMap((f) => sharedStateIn(f, readFileSync(path.join(REPO_ROOT, f), 'utf8')));
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
