import { describe, expect, it } from 'vitest';
import { repoFile, tsFilesUnder } from '../support/source-files';

// A file a newcomer can read in one sitting: no source file over 350 lines, but the statute's tables in src/law
// (the case model, the dated rules and the lifecycle read as tables, a section beside each row). Split by what the
// code is about (a module per concern), not by cutting a file in two.
const MAX_LINES = 350;
const STATUTE_TABLES = new Set(['src/law/case-model.ts', 'src/law/rules.ts', 'src/law/lifecycle.ts']);

const lines = (rel: string) => repoFile(rel).split('\n').length - (repoFile(rel).endsWith('\n') ? 1 : 0);

describe('file size', () => {
  it(`no source file in src/, bot/ or jobs/ is over ${MAX_LINES} lines but the statute's tables`, () => {
    const sources = ['src', 'bot', 'jobs']
      .flatMap(tsFilesUnder)
      .filter((f) => !f.startsWith('src/db/generated/') && !STATUTE_TABLES.has(f));
    expect(sources.length).toBeGreaterThan(200);
    const over = sources.filter((f) => lines(f) > MAX_LINES).map((f) => `${f}: ${lines(f)} lines`);
    expect(over).toEqual([]);
  });

  it('the tables it leaves out exist (a moved table cannot leave the exception behind)', () => {
    for (const f of STATUTE_TABLES) expect(lines(f)).toBeGreaterThan(0);
  });
});
