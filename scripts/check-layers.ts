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
 *
 * KNOWN lists violations that exist today and are being removed (issue 11). The check fails on any
 * violation not listed, and also on a listed one that is gone, so the list can only shrink.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const KNOWN = new Set<string>([]);

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
function importsOf(file: string, source: ts.SourceFile): Import[] {
  const out: Import[] = [];
  const add = (spec: string, typeOnly: boolean) => {
    let target: string | null = null;
    if (spec.startsWith('.')) {
      const base = path.normalize(path.join(path.dirname(file), spec));
      target = base.endsWith('.ts') ? base : `${base}.ts`;
      try {
        if (statSync(path.join(root, base)).isDirectory()) target = path.join(base, 'index.ts');
      } catch {
        /* a file */
      }
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

export function violations(): string[] {
  const found: string[] = [];
  const files = [...filesUnder('src'), ...filesUnder('bot')];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const imports = importsOf(file, source);
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
  }
  return [...new Set(found)];
}

function main(): void {
  const found = violations();
  const fresh = found.filter((f) => !KNOWN.has(f));
  const gone = [...KNOWN].filter((k) => !found.includes(k));
  for (const f of fresh) console.error(`layers: ${f}`);
  for (const g of gone) console.error(`layers: fixed, remove from KNOWN in scripts/check-layers.ts: ${g}`);
  if (fresh.length || gone.length) process.exit(1);
  console.log(`layers: ok (${KNOWN.size} known violation(s) still listed in scripts/check-layers.ts)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main();
