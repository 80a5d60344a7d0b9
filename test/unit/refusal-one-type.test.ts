import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every .ts file under `dir` (relative to the repository), generated Prisma code left out. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = path.join(dir, name);
    if (name === 'generated' || name === 'node_modules') continue;
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sources(rel));
    else if (name.endsWith('.ts')) out.push(rel);
  }
  return out;
}

const SCANNED = ['src/services', 'bot', 'jobs', 'src/http'].flatMap(sources);

/**
 * Error classes that are not a refusal to a user: infrastructure failures (configuration, the data directory, Redis,
 * a send lock lost, the SMS gateway, the document engine) and the desk's HTTP answers (400 for a malformed request;
 * 422 carrying the page that already words the Refusal). Only shrinks.
 */
const NOT_REFUSALS = new Set([
  'Refusal',
  'ConfigError',
  'DataDirLockedError',
  'RedisUnavailableError',
  'LockLostError',
  'SmsSendError',
  'DocumentEngineError',
  'BadInput',
  'Unprocessable',
]);

describe('one refusal type (src/services/refusal.ts)', () => {
  it('reads the services, the bot, the jobs and the HTTP server', () => {
    expect(SCANNED).toContain(path.join('src', 'services', 'refusal.ts'));
    expect(SCANNED.some((f) => f.startsWith('jobs'))).toBe(true);
    expect(SCANNED.some((f) => f.startsWith(path.join('src', 'http')))).toBe(true);
  });

  it('no other error class is declared there for a refusal', () => {
    const others: string[] = [];
    for (const f of SCANNED) {
      const text = readFileSync(path.join(ROOT, f), 'utf8');
      for (const m of text.matchAll(/class\s+(\w+)\s+extends\s+Error\b/g))
        if (!NOT_REFUSALS.has(m[1]!)) others.push(`${f}: ${m[1]}`);
    }
    expect(others).toEqual([]);
  });

  it('no service answers a user with a result object carrying a refusal', () => {
    // checkPhoto and cleanPhoto are pure checks of a picture's bytes (size, type, whether it decodes) that their
    // callers turn into their own answer (the desk's reason beside the field, a photo row marked REFUSED).
    const allowed = new Set([
      path.join('src', 'services', 'photos.ts'),
      path.join('src', 'services', 'photo-clean.ts'),
    ]);
    const found = sources('src/services')
      .filter((f) => !allowed.has(f))
      .filter((f) =>
        /ok: false|refusal: '|\brefusal: [A-Z]\w*Refusal\b/.test(readFileSync(path.join(ROOT, f), 'utf8')),
      );
    expect(found).toEqual([]);
  });
});
