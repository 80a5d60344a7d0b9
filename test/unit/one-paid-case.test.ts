import { describe, expect, it } from 'vitest';
import { matchesOf, repoFile, tsFilesUnder } from '../support/source-files';

// Tests make a paid case through one fixture, test/support/paid-case.ts: the claim, the declared payment and the
// keeper's confirmation through the services. A payment or receipt written by hand has no claim, no ledger line and
// a status the confirmation would never leave, so a test file that writes one fails here.
// This file reads sources only: no database.

/** The fixture: `payCase`, and `paymentWritten` for the jobs tests (see there why). */
const FIXTURE = 'test/support/paid-case.ts';

/** Test files that still write payments or receipts themselves, each with the reason the fixture cannot serve them. */
const ALLOWED: Record<string, string> = {
  'test/integration/database.test.ts':
    "the tables' own constraints (a negative amount, one confirmed payment per case and kind): rows the services " +
    'never write are the point',
  'test/integration/money-records.test.ts':
    'the money register cannot be rewritten or emptied at the database: it writes the rows to try to change them',
  'test/integration/owner/payments.test.ts':
    'verifying a receipt by a known code typed loosely: the services draw the code at random',
  'test/unit/one-case-builder.test.ts':
    "the case builder's check: a payment write is among the strings it feeds itself",
  'test/unit/one-paid-case.test.ts': 'this check: its planted violations are strings it feeds itself',
};

/** The ways a payment or receipt row is written: Prisma's create calls on those models, and SQL inserts. */
const WRITES = [
  /\b(?:payment|receipt)\s*\.\s*(?:create|createMany|createManyAndReturn|upsert)\s*\(/g,
  /\bINSERT\s+INTO\s+"(?:Payment|Receipt)"(?=[\s(])/gi,
];

/** Each hand-written payment or receipt in `text` as "file:line: the matched text". */
const paymentWritesOf = (file: string, text: string) => matchesOf(WRITES, file, text);

describe('tests make paid cases only through the paid-case fixture', () => {
  it('finds a planted payment or receipt write in every form (Prisma create calls, a transaction client, raw SQL)', () => {
    const f = 'test/integration/x.test.ts';
    expect(paymentWritesOf(f, 'await db.payment.create({ data })')).toEqual([`${f}:1: payment.create(`]);
    expect(paymentWritesOf(f, 'const a = 1;\n  await tx.receipt.createMany({ data: rows });')).toEqual([
      `${f}:2: receipt.createMany(`,
    ]);
    expect(paymentWritesOf(f, 'db.payment.upsert({ where, create, update })')).toHaveLength(1);
    expect(paymentWritesOf(f, '`INSERT INTO "Payment" ("caseId") VALUES ($1)`')).toHaveLength(1);
    expect(paymentWritesOf(f, '`insert into "Receipt"(number) values ($1)`')).toHaveLength(1);
    // Reading them, changing a stored one and writing other rows are not payment writes.
    expect(
      paymentWritesOf(f, 'db.payment.findMany({}); db.payment.update({ where, data }); db.paymentCard.create({})'),
    ).toEqual([]);
    expect(paymentWritesOf(f, '`INSERT INTO "PaymentCard" (x) VALUES (1)`')).toEqual([]);
  });

  it('no test file but the fixture (and the named exceptions) writes a payment or a receipt', () => {
    const files = tsFilesUnder('test');
    for (const f of Object.keys(ALLOWED)) expect(files, `allow-list entry ${f} names no file`).toContain(f);
    const offending = files
      .filter((f) => f !== FIXTURE && !(f in ALLOWED))
      .flatMap((f) => paymentWritesOf(f, repoFile(f)));
    expect(offending).toEqual([]);
  });

  it('the fixture is where the check looks for it', () => {
    expect(paymentWritesOf(FIXTURE, repoFile(FIXTURE))).toHaveLength(1);
  });

  it('each exception still writes one (an entry that no longer does is taken off the list)', () => {
    const stale = Object.keys(ALLOWED).filter((f) => paymentWritesOf(f, repoFile(f)).length === 0);
    expect(stale).toEqual([]);
  });
});
