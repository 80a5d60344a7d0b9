import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isS16Path, s16RefusedAt, salePath } from '../../../src/law';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Every .ts file under `dir` (relative to the repository), generated Prisma code left out. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = path.join(dir, name);
    if (rel === path.join('src', 'db', 'generated')) continue;
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sources(rel));
    else if (name.endsWith('.ts')) out.push(rel);
  }
  return out;
}

describe('the s. 14 or s. 16 path of a case (src/law sale-path)', () => {
  it('is s. 16 once the owner refused or omitted to pay, s. 14 otherwise', () => {
    const at = new Date('2026-11-20T10:00:00+05:30');
    expect(salePath({ ownerRefusedAt: at })).toBe('s. 16');
    expect(isS16Path({ ownerRefusedAt: at })).toBe(true);
    expect(s16RefusedAt({ ownerRefusedAt: at })).toBe(at);
    for (const c of [{}, { ownerRefusedAt: null }, { ownerRefusedAt: undefined }]) {
      expect(salePath(c)).toBe('s. 14');
      expect(isS16Path(c)).toBe(false);
      expect(s16RefusedAt(c)).toBeNull();
    }
  });

  it('is decided only in src/law: outside it the fact is only recorded, read from the database or handed to the law', () => {
    // The service that records the refusal (owner-refusal.ts) and the one mapping from a case row to the law's case
    // (law-case.ts: the select, the SQL column list, the mappers every loader spreads). Only shrinks.
    const allowed = new Set(['src/services/owner-refusal.ts', 'src/services/law-case.ts']);
    const naming = ['src', 'bot', 'jobs']
      .flatMap(sources)
      .map((f) => f.split(path.sep).join('/'))
      .filter((f) => !f.startsWith('src/law/') && readFileSync(path.join(ROOT, f), 'utf8').includes('ownerRefusedAt'));
    expect(naming.filter((f) => !allowed.has(f))).toEqual([]);
    expect([...allowed].filter((f) => !naming.includes(f))).toEqual([]);
  });
});
