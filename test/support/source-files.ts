import { readdirSync, statSync } from 'node:fs';
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
