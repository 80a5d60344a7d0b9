import { describe, expect, it } from 'vitest';
import { matchesOf, repoFile, tsFilesUnder } from '../support/source-files';

// Tests put a case in the database through one fixture, test/support/case-builder/: the s. 8 entry as the register
// writes it, every later state through the services. A case written by hand drifts from the law unnoticed (a status
// the engine would refuse, a date the register never records), so a test file that writes one fails here.
// This file reads sources only: no database.

/** The builder's entry: the one place that writes the s. 8 entry. */
const BUILDER = 'test/support/case-builder/entry.ts';

/** Test files that still write cases themselves, each with the reason the builder cannot serve them. */
const ALLOWED: Record<string, string> = {
  'test/integration/case-search.test.ts':
    'a generated register of 450 entries in one transaction, one in 25 without search keys as entries made before ' +
    'the keys existed are: the builder writes one entry per transaction, always with its keys',
  'test/unit/one-case-builder.test.ts': 'this check: its planted violations are strings it feeds itself',
};

/** The ways a case row is written: Prisma's create calls on the case model, and SQL inserts into "Case". */
const WRITES = [
  /\bcase\s*\.\s*(?:create|createMany|createManyAndReturn|upsert)\s*\(/g,
  /\bINSERT\s+INTO\s+"Case"(?=[\s(])/gi,
];

/** Each hand-written case in `text` as "file:line: the matched text". */
const caseWritesOf = (file: string, text: string) => matchesOf(WRITES, file, text);

describe('tests write cases only through the case builder', () => {
  it('finds a planted case write in every form (Prisma create calls, a transaction client, raw SQL)', () => {
    const f = 'test/integration/x.test.ts';
    expect(caseWritesOf(f, 'await db.prisma.case.create({ data })')).toEqual([`${f}:1: case.create(`]);
    expect(caseWritesOf(f, 'const a = 1;\n  await tx.case.createMany({ data: rows });')).toEqual([
      `${f}:2: case.createMany(`,
    ]);
    expect(caseWritesOf(f, 'db.case.createManyAndReturn({ data })')).toHaveLength(1);
    expect(caseWritesOf(f, 'db.case.upsert({ where, create, update })')).toHaveLength(1);
    expect(caseWritesOf(f, '`INSERT INTO "Case" (number, "poundId") VALUES ($1, $2)`')).toHaveLength(1);
    expect(caseWritesOf(f, '`insert into "Case"(number) values ($1)`')).toHaveLength(1);
    // Reading cases, writing other rows and changing a stored case are not case writes.
    expect(caseWritesOf(f, 'db.case.findMany({}); db.showcase.create({}); db.payment.create({ data })')).toEqual([]);
    expect(caseWritesOf(f, 'db.case.update({ where, data }); `INSERT INTO "CaseFollow" (x) VALUES (1)`')).toEqual([]);
  });

  it('no test file but the builder (and the named exceptions) writes a case', () => {
    const files = tsFilesUnder('test');
    for (const f of Object.keys(ALLOWED)) expect(files, `allow-list entry ${f} names no file`).toContain(f);
    const offending = files
      .filter((f) => f !== BUILDER && !(f in ALLOWED))
      .flatMap((f) => caseWritesOf(f, repoFile(f)));
    expect(offending).toEqual([]);
  });

  it('the builder is where the check looks for it, and writes the entry', () => {
    expect(caseWritesOf(BUILDER, repoFile(BUILDER))).toHaveLength(1);
  });

  it('each exception still writes a case (an entry that no longer does is taken off the list)', () => {
    const stale = Object.keys(ALLOWED).filter((f) => caseWritesOf(f, repoFile(f)).length === 0);
    expect(stale).toEqual([]);
  });
});
