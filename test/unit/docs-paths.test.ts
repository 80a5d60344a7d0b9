import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/source-files';

// The docs are a map of the tree: a path they name that no longer exists sends a reader to nothing. Every path under a
// top-level folder of the repository named in README.md or docs/*.md (`src/services/outbox.ts`, `bot/flows/`) must
// exist, and so must the target of every relative link and image. This file reads the docs and the tree only.

const TOP = ['.ci', 'bench', 'bot', 'docs', 'jobs', 'locales', 'prisma', 'scripts', 'src', 'test'];

/** A repository path in running text: a top-level folder, a slash, then path characters; not inside a URL. */
const PATH = new RegExp(`(?<![\\w./:@-])((?:${TOP.map((t) => t.replace('.', '\\.')).join('|')})/[\\w./-]*)`, 'g');

/** A placeholder or a pattern follows (`locales/<lang>/…`, `jobs/reconcile-*.ts`, `src/…`): not one path. */
const PATTERN_NEXT = /^[*<{…]/;

/** Markdown links and images, and HTML images: their targets are relative to the document. */
const LINK = /\]\(([^)\s]+)\)|\bsrc="([^"]+)"/g;

function docFiles(root = REPO_ROOT): string[] {
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** The repository paths and link targets a document names that do not exist (repository-relative). */
function missingPaths(doc: string, text: string, exists: (rel: string) => boolean): string[] {
  const missing = new Set<string>();
  for (const m of text.matchAll(PATH)) {
    const next = text.slice((m.index ?? 0) + m[0].length);
    if (PATTERN_NEXT.test(next)) continue;
    // A sentence's full stop is not part of the path; a folder is named with or without its slash.
    const rel = (m[1] ?? '').replace(/[.]+$/, '').replace(/\/$/, '');
    // A module named as it is imported (`src/db/direct`) is its .ts file.
    if (!exists(rel) && !exists(`${rel}.ts`)) missing.add(rel);
  }
  for (const m of text.matchAll(LINK)) {
    const target = (m[1] ?? m[2] ?? '').split('#')[0];
    if (!target || /^[a-z]+:/i.test(target)) continue;
    const rel = path.posix.normalize(path.posix.join(path.posix.dirname(doc), target));
    if (!exists(rel)) missing.add(rel);
  }
  return [...missing];
}

const onDisk = (rel: string) => existsSync(path.join(REPO_ROOT, rel));

describe('paths named in the docs', () => {
  it('finds a path that does not exist, and a link that goes nowhere', () => {
    const text = [
      'The outbox is src/services/outbox.ts and the sender jobs/no-such-sender.ts.',
      'Parts in jobs/reconcile-*.ts, words in locales/<lang>/refusal.json, see https://github.com/prisma/prisma.',
      '[gone](GONE.md) ![shot](screenshots/none.png) <img src="images/notice.png">',
    ].join('\n');
    expect(missingPaths('docs/X.md', text, onDisk).sort()).toEqual([
      'docs/GONE.md',
      'docs/screenshots/none.png',
      'jobs/no-such-sender.ts',
    ]);
  });

  for (const doc of docFiles()) {
    it(`${doc} names only paths that exist`, () => {
      const text = readFileSync(path.join(REPO_ROOT, doc), 'utf8');
      expect(missingPaths(doc, text, onDisk)).toEqual([]);
    });
  }
});
