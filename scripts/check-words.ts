/**
 * Code, comments and docs speak of the product and the law. A newcomer cannot look up how the work was once
 * organised, so references to work tracking (a tracker's numbers, a work session, a lettered part of a plan: the
 * patterns in TRACKING_WORDS) are kept out of the tree: this check runs in `npm test` (and so in CI) and exits 1
 * naming each line that has one.
 *
 * Applied migrations are history the database has recorded (their checksums are compared at every start), so
 * prisma/migrations/ is not read. A reference to another project's tracker names that project (OTHER_PROJECT)
 * and is allowed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Words that point at the way the work was organised, not at the product or the law. */
export const TRACKING_WORDS: readonly RegExp[] = [
  /\bissues? ?#?\d+(\.\d+)?\b/i,
  /\bsessions? \d+\b/i,
  /\b(stop|sprint|milestone|ticket) #?\d+\b/i,
  /\bpart [A-D]\b/,
  /\bitem \d+\b/i,
  /\bTODO\b.*\breview\b/i,
];

/** Another project's tracker, named by that project (a BullMQ or grammY bug, say): allowed. */
const OTHER_PROJECT =
  /\b(BullMQ|grammY|Prisma|Node(\.js)?|fastify|Telegram|ioredis|PGlite|Typst|NLP\.js) issues? #?\d+/i;

const SKIP = [/^prisma\/migrations\//, /^package-lock\.json$/, /\.(png|jpe?g|pdf|ttf|otf|woff2?|ico)$/i];

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** The lines of `text` that carry a work-tracking word. */
export function trackingWordsIn(file: string, text: string): Finding[] {
  const out: Finding[] = [];
  text.split('\n').forEach((l, i) => {
    const cleaned = l.replace(new RegExp(OTHER_PROJECT.source, 'gi'), '');
    if (TRACKING_WORDS.some((re) => re.test(cleaned))) out.push({ file, line: i + 1, text: l.trim() });
  });
  return out;
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f && !SKIP.some((re) => re.test(f)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const findings: Finding[] = [];
  for (const f of trackedFiles()) {
    let text: string;
    try {
      text = readFileSync(path.join(root, f), 'utf8');
    } catch {
      continue; // listed but deleted in the work tree
    }
    // This file names the words it looks for.
    if (f === 'scripts/check-words.ts' || f === 'test/unit/check-words.test.ts') continue;
    findings.push(...trackingWordsIn(f, text));
  }
  for (const x of findings) console.error(`${x.file}:${x.line}: ${x.text.slice(0, 140)}`);
  if (findings.length) {
    console.error(`words: ${findings.length} line(s) name how the work was organised; say it in product and law terms`);
    process.exit(1);
  }
  console.log('words: ok');
}
