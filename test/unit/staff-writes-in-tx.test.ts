import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, tsFilesUnder } from '../support/source-files';

// A staff write is decided on the grants as they stand in its own transaction, never on the bot's cached copy
// (bot/middleware/user.ts keeps grants for USER_CACHE_TTL_MS, and another process's revocation does not clear it).
// So every service function that takes a StaffActor and writes — opens a transaction, creates, updates, deletes or
// audits — reads the grants again inside it (`authorizeInTx`, `actorInTx`, `loadCaseAs` …), or hands the write to
// a function that does. This file reads sources only.

/** What reads the grants inside the write's transaction (src/services/staff/actor.ts, case-transition.ts). */
const IN_TX = /\b(?:authorizeInTx|authorizeOnRowsInTx|actorInTx|loadGrantsInTx|loadCaseAs|grantsInTxSql)\s*\(/;
/** What writes, or begins the transaction a write runs in. */
const WRITES =
  /\b(?:db|tx)\s*\.\s*\w+\s*\.\s*(?:create|createMany|update|updateMany|upsert|delete|deleteMany)\s*\(|\.\s*\$(?:executeRaw|transaction)\s*\(|(?<![.\w])(?:caseTransaction|audit|transition|addToOutbox|queueMessage)\s*\(/;

interface Fn {
  file: string;
  name: string;
  line: number;
  body: string;
  takesActor: boolean;
}

/** The top-level named functions (declarations and `const f = (...) =>`) of a source text. */
function functionsOf(file: string, text: string): Fn[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Fn[] = [];
  const add = (name: string, fn: ts.FunctionLikeDeclaration) => {
    if (!fn.body) return;
    out.push({
      file,
      name,
      line: src.getLineAndCharacterOfPosition(fn.getStart()).line + 1,
      body: fn.body.getText(src),
      takesActor: fn.parameters.some((p) => /\bStaffActor\b/.test(p.getText(src))),
    });
  };
  // The module's own functions only: a helper nested in one is part of its body (and its name may be any word).
  for (const n of src.statements) {
    if (ts.isFunctionDeclaration(n) && n.name) add(n.name.text, n);
    else if (ts.isVariableStatement(n))
      for (const d of n.declarationList.declarations)
        if (
          ts.isIdentifier(d.name) &&
          d.initializer &&
          (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))
        )
          add(d.name.text, d.initializer);
  }
  return out;
}

/** Functions taking a StaffActor that write without reading the grants in their transaction (nor delegating it). */
function cachedStaffWrites(fns: Fn[]): string[] {
  const checked = new Set(fns.filter((f) => IN_TX.test(f.body)).map((f) => f.name));
  // A function that hands its write to a checked one (recordOrder → recordOrderTx) is checked too.
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of fns) {
      if (checked.has(f.name)) continue;
      if ([...checked].some((c) => new RegExp(`(?<![.\\w])${c}\\s*\\(`).test(f.body))) {
        checked.add(f.name);
        grew = true;
      }
    }
  }
  // A function that calls a writer writes (revokeStaffGrant → revokeStaff).
  const writers = new Set(fns.filter((f) => WRITES.test(f.body)).map((f) => f.name));
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of fns) {
      if (writers.has(f.name)) continue;
      if ([...writers].some((w) => new RegExp(`(?<![.\\w])${w}\\s*\\(`).test(f.body))) {
        writers.add(f.name);
        grew = true;
      }
    }
  }
  return fns
    .filter((f) => f.takesActor && writers.has(f.name) && !checked.has(f.name))
    .map((f) => `${f.file}:${f.line} ${f.name}`);
}

const SCANNED = ['src/services', 'src/http/desk', 'src/admin'].flatMap(tsFilesUnder);

describe('every staff write reads the grants in its own transaction', () => {
  it('no service gates a write on the cached grants alone', () => {
    const fns = SCANNED.flatMap((f) => functionsOf(f, readFileSync(path.join(REPO_ROOT, f), 'utf8')));
    expect(fns.some((f) => f.name === 'replaceGroupPhoto' && f.takesActor)).toBe(true);
    expect(cachedStaffWrites(fns)).toEqual([]);
  });

  it('finds one when planted, and passes its in-transaction and delegating forms', () => {
    const planted = `
      export async function replacePhoto(db: Db, input: { actor: StaffActor; caseId: number }) {
        const who = authorize(input.actor, 'seizure.register', 1);
        return db.$transaction(async (tx) => { await audit(tx, who.audit, 'photo.add', 1); });
      }
      export async function recordMobile(db: Db, act: StaffActor) {
        return db.$transaction(async (tx) => { const who = await authorizeInTx(tx, act, 'seizure.register', 1); });
      }
      export const recordBoth = (db: Db, act: StaffActor) => db.$transaction((tx) => recordMobileTx(tx, act));
      const recordMobileTx = async (tx: Tx, act: StaffActor) => { await loadCaseAs(tx, act, 'notice', 1); await tx.x.create({}); };
      export function showCard(act: StaffActor) { return may(act, 'notice'); }
      export async function revokeGrant(db: Db, act: StaffActor) { authorize(act, 'magistrate'); return endGrant(db); }
      async function endGrant(db: Db) { return db.staffMember.updateMany({}); }`;
    expect(cachedStaffWrites(functionsOf('planted.ts', planted))).toEqual([
      'planted.ts:2 replacePhoto',
      'planted.ts:12 revokeGrant',
    ]);
  });
});
