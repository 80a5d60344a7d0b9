import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The repository's root, for the checks that read sources rather than run them. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Every .ts file under `dir` (repository-relative, e.g. 'test/unit'), as repository-relative paths. */
export function tsFilesUnder(dir: string): string[] {
  return readdirSync(path.join(REPO_ROOT, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(REPO_ROOT, rel)).isDirectory()) return tsFilesUnder(rel);
    return name.endsWith('.ts') ? [rel] : [];
  });
}

/** A repository file's text (repository-relative path). */
export function repoFile(rel: string): string {
  return readFileSync(path.join(REPO_ROOT, rel), 'utf8');
}

/**
 * Every match of `patterns` (global regexes: the ways a kind of row is written) in `text`, as "file:line: the matched
 * text" — for the checks that a kind of row is written in tests through one fixture only.
 */
export function matchesOf(patterns: readonly RegExp[], file: string, text: string): string[] {
  const out: string[] = [];
  for (const re of patterns)
    for (const m of text.matchAll(re)) {
      const line = text.slice(0, m.index).split('\n').length;
      out.push(`${file}:${line}: ${m[0]}`);
    }
  return out;
}
