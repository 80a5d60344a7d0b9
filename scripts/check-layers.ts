/**
 * The layering of docs/ARCHITECTURE.md, checked on every `npm test` (and so in CI): exits 1 naming each
 * violation. Imports are read with the TypeScript parser (not a regex), so `import type` is told apart from a
 * value import and re-exports count too.
 *
 * Rules (why beside each):
 *  1. src/law imports only src/law — the statute engine is pure: no I/O, no clock, no Prisma, no packages.
 *  2. src/ imports no bot/ and no jobs/, except the entry points, the admin CLI and the HTTP server that wire them
 *     (dependencies point inward: bot/ and jobs/ → src/services → src/law).
 *  3. src/services imports no grammY, BullMQ or Redis, and builds no signed callback data (buttons are the
 *     bot's business: services return meaningful actions, bot/ and jobs/deliver.ts encode them).
 *  4. bot/views and bot/keyboards import no database or queue, never touch `deps.db`, and are not async:
 *     a view is a pure function of the read model a service returned.
 *  5. jobs/ imports no bot/ and no src/law: the jobs runtime is wired by the entry points beside the bot, not
 *     inside it, and what the statute decides reaches a job through src/services (as it reaches the bot).
 *  6. bot/features and bot/middleware make no database call of their own beyond those counted in DB_CALLS (a call
 *     on `….db.<model>` or `….db.$…`, SQL written as `Prisma.sql`):
 *     domain reads and writes belong in src/services. The counts may only fall.
 *  7. src/services imports nothing of src/documents, not even a type: documents read the services, so an import the
 *     other way closes a cycle. A service names a document by its DocumentRef (src/services/document-ref.ts).
 *  8. src/documents imports from src/services only src/services/document-facts.ts, which only re-exports: the
 *     reads a document is built from are listed in one place, and a builder cannot reach a writer.
 *  9. src/config.ts imports nothing of the tree but src/law and src/case-url.ts (the case page's address and the
 *     notice's QR capacity, a leaf that imports nothing of the tree): every entry point reads the configuration
 *     first, and it must not pull the domain in with it.
 * 10. One road to the database: only src/db/client.ts (which opens it) and src/db/migrate.ts (which applies the
 *     migrations on the same driver) import a database driver or driver adapter (pg, PGlite, the Prisma adapters);
 *     everything else reaches the database through the Prisma client they make.
 * 11. A capability folder (CAPABILITIES) is entered only through its index.ts, which exports its public surface:
 *     nothing outside the folder imports one of its other files.
 *
 * RULES names the folders each rule governs (the output lists them; a rule whose folder has no files fails, so a
 * moved folder cannot leave a rule guarding nothing). KNOWN lists violations that exist today and are being
 * removed. The check fails on any violation not listed, and also on a listed one that is gone, so the list can
 * only shrink; DB_CALLS likewise, per file.
 * test/unit/check-layers.test.ts plants a violation of each rule in a virtual file list and sees it caught.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export const KNOWN = new Set<string>([]);

/** The leaf src/config.ts may import besides src/law (rule 9). */
const CASE_URL = 'src/case-url.ts';
/** The modules that may import a database driver (rule 10). */
const DRIVER_OPENERS = new Set(['src/db/client.ts', 'src/db/migrate.ts']);
/** Database drivers and driver adapters (rule 10). */
const DRIVERS = /^(pg|pg-.*|@electric-sql\/pglite.*|@prisma\/adapter-.*|pglite-prisma-adapter|kysely.*)$/;
/** Capability folders: entered only through their index.ts (rule 11). */
export const CAPABILITIES = [
  'src/services/payments/',
  'src/services/register/',
  'src/services/sale/',
  'src/services/notice/',
  'src/services/staff/',
  'src/services/sms/',
  'src/services/reminders/',
  'src/services/desk/',
  'src/services/open-data/',
  'src/services/speech/',
  'src/services/owner-text/',
  'jobs/reconcile/',
] as const;
/** The one door from src/documents into src/services (rule 8). */
const FACTS = 'src/services/document-facts.ts';

/**
 * What each rule governs (repository-relative paths: a folder ends in '/'), for the output and for the check that
 * each still governs some file.
 */
export const RULES: ReadonlyArray<{ rule: number; governs: readonly string[]; says: string }> = [
  { rule: 1, governs: ['src/law/'], says: 'imports only src/law' },
  { rule: 2, governs: ['src/'], says: 'imports no bot/ or jobs/ (but the entry points, src/admin, src/http)' },
  { rule: 3, governs: ['src/services/'], says: 'imports no grammY, BullMQ or Redis, signs no callback data' },
  { rule: 4, governs: ['bot/views/', 'bot/keyboards/'], says: 'no database or queue, no deps.db, not async' },
  { rule: 5, governs: ['jobs/'], says: 'imports no bot/ and no src/law' },
  { rule: 6, governs: ['bot/features/', 'bot/middleware/'], says: 'no database call beyond DB_CALLS' },
  { rule: 7, governs: ['src/services/'], says: 'imports nothing of src/documents' },
  { rule: 8, governs: ['src/documents/', FACTS], says: `reads src/services only through ${FACTS}` },
  {
    rule: 9,
    governs: ['src/config.ts', 'src/case-url.ts'],
    says: 'imports nothing of the tree but src/law and the leaf src/case-url.ts',
  },
  {
    rule: 10,
    governs: ['src/', 'bot/', 'jobs/'],
    says: `imports no database driver (but ${[...DRIVER_OPENERS].join(', ')})`,
  },
  { rule: 11, governs: [...CAPABILITIES], says: 'entered from outside only through its index.ts' },
];

/**
 * Database calls made straight from bot/features and bot/middleware, per file (rule 6). Lower a count as calls move
 * to services.
 */
export const DB_CALLS: Readonly<Record<string, number>> = {
  'bot/features/auction/schedule.ts': 2,
  'bot/features/case.ts': 1,
  'bot/features/claim-heads.ts': 1,
  'bot/features/enrol.ts': 1,
  'bot/features/follow.ts': 1,
  'bot/features/language.ts': 1,
  'bot/features/officer-common.ts': 2,
  'bot/features/orders.ts': 1,
  'bot/features/pending.ts': 2,
  'bot/features/register-seizure.ts': 1,
  'bot/features/release.ts': 1,
  'bot/features/surplus-request.ts': 1,
  'bot/middleware/dedupe-updates.ts': 7,
  'bot/middleware/session-storage.ts': 8,
  'bot/middleware/user.ts': 2,
};

const ENTRY_POINTS = new Set([
  'src/main.ts',
  'src/worker.ts',
  'src/admin.ts',
  'src/app.ts',
  'src/local.ts',
  'src/lifecycle.ts',
]);
const IMPURE_PACKAGES =
  /^(@prisma\/|pg$|@electric-sql\/|pglite|bullmq$|ioredis$|grammy$|@grammyjs\/|node:(fs|net|http|https|child_process))/;

/** A source file to check: its repository-relative path ('/'-separated) and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

function filesUnder(dir: string): string[] {
  const abs = path.join(root, dir);
  const out: string[] = [];
  for (const name of readdirSync(abs)) {
    const rel = path.join(dir, name);
    if (name === 'generated' || name === 'node_modules') continue;
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...filesUnder(rel));
    else if (name.endsWith('.ts')) out.push(rel);
  }
  return out;
}

interface Import {
  spec: string;
  typeOnly: boolean;
  target: string | null;
}

/** Every import/export-from of a file, with the repository-relative target when it is a relative path. */
function importsOf(file: string, source: ts.SourceFile, isDir: (rel: string) => boolean): Import[] {
  const out: Import[] = [];
  const add = (spec: string, typeOnly: boolean) => {
    let target: string | null = null;
    if (spec.startsWith('.')) {
      const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      target = base.endsWith('.ts') ? base : `${base}.ts`;
      if (isDir(base)) target = `${base}/index.ts`;
    }
    out.push({ spec, typeOnly, target });
  };
  for (const st of source.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const clause = st.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(st.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      add(st.moduleSpecifier.text, st.isTypeOnly);
    }
  }
  return out;
}

function hasAsync(source: ts.SourceFile): boolean {
  let found = false;
  const visit = (n: ts.Node) => {
    if (found) return;
    if (
      (ts.canHaveModifiers(n) && ts.getModifiers(n)?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)) ||
      ts.isAwaitExpression(n)
    ) {
      found = true;
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

/**
 * Database calls: calls on a database client (`….db.<model>.<method>(…)`, `….db.$transaction(…)`,
 * `` db.$queryRaw`…` ``) and SQL written in place (`` Prisma.sql`…` ``).
 */
export function databaseCalls(source: ts.SourceFile): number {
  let n = 0;
  const text = (e: ts.Expression) => e.getText(source).replace(/\s+/g, '').replace(/[?!]/g, '');
  const onDb = (callee: ts.Expression) => /(^|\.)db\.(\$\w+|\w+\.\w+)$/.test(text(callee));
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && onDb(node.expression)) n++;
    else if (ts.isTaggedTemplateExpression(node) && (onDb(node.tag) || text(node.tag) === 'Prisma.sql')) n++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return n;
}

/** The source files of the tree that the rules cover: src/, bot/ and jobs/. */
export function treeFiles(): SourceFile[] {
  return ['src', 'bot', 'jobs']
    .flatMap(filesUnder)
    .map((f) => ({ path: f.split(path.sep).join('/'), text: readFileSync(path.join(root, f), 'utf8') }));
}

/** Every violation of rules 1–5 and 7–11 in `files` (rule 6 is counted, see check). */
export function violations(files: SourceFile[] = treeFiles()): string[] {
  return check(files).found;
}

/**
 * The violations of `files` and the database calls of bot/features and bot/middleware (rule 6), before KNOWN and
 * DB_CALLS apply.
 */
export function check(files: SourceFile[]): { found: string[]; dbCalls: Record<string, number> } {
  const found: string[] = [];
  const dbCalls: Record<string, number> = {};
  const dirs = new Set<string>();
  for (const f of files) for (let d = path.posix.dirname(f.path); d !== '.'; d = path.posix.dirname(d)) dirs.add(d);
  const isDir = (rel: string) => dirs.has(rel);
  for (const { path: file, text } of files) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const imports = importsOf(file, source, isDir);
    const v = (rule: string) => found.push(`${file}: ${rule}`);
    if (file.startsWith('src/law/')) {
      for (const i of imports) if (!i.target?.startsWith('src/law/')) v(`rule 1 (imports ${i.spec})`);
    }
    if (
      file.startsWith('src/') &&
      !ENTRY_POINTS.has(file) &&
      !file.startsWith('src/admin/') &&
      !file.startsWith('src/http/')
    ) {
      for (const i of imports) if (i.target && /^(bot|jobs)\//.test(i.target)) v(`rule 2 (imports ${i.target})`);
    }
    if (file.startsWith('src/services/')) {
      for (const i of imports) {
        if (!i.typeOnly && IMPURE_PACKAGES.test(i.spec) && /^(grammy|@grammyjs|bullmq|ioredis)/.test(i.spec))
          v(`rule 3 (imports ${i.spec})`);
        if (i.target === 'src/callback-data.ts') v('rule 3 (imports src/callback-data.ts)');
      }
    }
    if (file.startsWith('bot/views/') || file.startsWith('bot/keyboards/')) {
      for (const i of imports) {
        if (!i.typeOnly && IMPURE_PACKAGES.test(i.spec) && !/^grammy$/.test(i.spec)) v(`rule 4 (imports ${i.spec})`);
        if (!i.typeOnly && i.target && (/^src\/db\//.test(i.target) || /^jobs\//.test(i.target)))
          v(`rule 4 (imports ${i.target})`);
      }
      if (/\bdeps\.db\b/.test(text)) v('rule 4 (deps.db in a view)');
      if (hasAsync(source)) v('rule 4 (async view)');
    }
    if (file.startsWith('jobs/')) {
      for (const i of imports) {
        if (i.target?.startsWith('bot/')) v(`rule 5 (imports ${i.target})`);
        if (i.target?.startsWith('src/law/')) v(`rule 5 (imports ${i.target})`);
      }
    }
    if (file.startsWith('bot/features/') || file.startsWith('bot/middleware/')) {
      const n = databaseCalls(source);
      if (n > 0) dbCalls[file] = n;
    }
    if (file.startsWith('src/services/')) {
      for (const i of imports) if (i.target?.startsWith('src/documents/')) v(`rule 7 (imports ${i.target})`);
    }
    if (file.startsWith('src/documents/')) {
      for (const i of imports)
        if (i.target?.startsWith('src/services/') && i.target !== FACTS) v(`rule 8 (imports ${i.target})`);
    }
    if (file === FACTS) {
      for (const st of source.statements)
        if (!ts.isExportDeclaration(st) || !st.moduleSpecifier) v('rule 8 (the facts module only re-exports)');
    }
    if (file === 'src/config.ts') {
      for (const i of imports)
        if (i.target && !i.target.startsWith('src/law/') && i.target !== CASE_URL) v(`rule 9 (imports ${i.target})`);
    }
    if (file === CASE_URL) for (const i of imports) if (i.target) v(`rule 9 (the leaf imports ${i.target})`);
    for (const folder of CAPABILITIES)
      if (!file.startsWith(folder))
        for (const i of imports)
          if (i.target?.startsWith(folder) && i.target !== `${folder}index.ts`) v(`rule 11 (imports ${i.target})`);
    if (!DRIVER_OPENERS.has(file) && !file.startsWith('src/db/generated/'))
      for (const i of imports) if (!i.target && DRIVERS.test(i.spec)) v(`rule 10 (imports ${i.spec})`);
  }
  return { found: [...new Set(found)], dbCalls };
}

/**
 * The check's verdict on `files` against the known lists: each line a failure (a new violation, a listed one that
 * is gone, a bot/features or bot/middleware file with more database calls than DB_CALLS allows — or fewer, so the
 * list is lowered — and a rule whose folder has no files).
 */
export function failures(
  files: SourceFile[] = treeFiles(),
  known: ReadonlySet<string> = KNOWN,
  dbAllowed: Readonly<Record<string, number>> = DB_CALLS,
): string[] {
  const { found, dbCalls } = check(files);
  const out: string[] = [];
  for (const { rule, governs } of RULES)
    for (const g of governs)
      if (!files.some((f) => (g.endsWith('/') ? f.path.startsWith(g) : f.path === g)))
        out.push(`rule ${rule} governs ${g}, which has no files: update RULES in scripts/check-layers.ts`);
  for (const f of found) if (!known.has(f)) out.push(f);
  for (const k of known) if (!found.includes(k)) out.push(`fixed, remove from KNOWN in scripts/check-layers.ts: ${k}`);
  for (const file of new Set([...Object.keys(dbCalls), ...Object.keys(dbAllowed)])) {
    const n = dbCalls[file] ?? 0;
    const allowed = dbAllowed[file] ?? 0;
    if (n > allowed) out.push(`${file}: rule 6 (${n} database calls, ${allowed} allowed: move them into src/services)`);
    else if (n < allowed)
      out.push(`${file}: rule 6 (${n} database calls, lower DB_CALLS in scripts/check-layers.ts from ${allowed})`);
  }
  return out;
}

function main(): void {
  const problems = failures();
  for (const { rule, governs, says } of RULES) console.log(`layers: rule ${rule} ${governs.join(', ')}: ${says}`);
  for (const p of problems) console.error(`layers: ${p}`);
  if (problems.length) process.exit(1);
  const calls = (dir: string) =>
    Object.entries(DB_CALLS).reduce((sum, [file, n]) => sum + (file.startsWith(dir) ? n : 0), 0);
  console.log(
    `layers: ok (${KNOWN.size} known violation(s); database calls still listed in scripts/check-layers.ts: ` +
      `${calls('bot/features/')} in bot/features, ${calls('bot/middleware/')} in bot/middleware)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main();
