import { describe, expect, it } from 'vitest';
import { DB_CALLS, failures, KNOWN, RULES, treeFiles, type SourceFile } from '../../scripts/check-layers';

/**
 * The layer check (scripts/check-layers.ts, `npm run check:layers`) on the tree as it is, and on the same tree with
 * one violation of each rule planted — as a virtual file list, so nothing is written into the working tree.
 */
describe('the layer check', () => {
  const tree = treeFiles();
  const planted = (file: SourceFile) => failures([...tree.filter((f) => f.path !== file.path), file]);

  it('passes on the tree as it is, and covers src/, bot/ and jobs/', () => {
    expect(failures(tree)).toEqual([]);
    for (const dir of ['src/', 'bot/', 'jobs/']) expect(tree.some((f) => f.path.startsWith(dir))).toBe(true);
  });

  it('names the folders it governs, bot/middleware and src/config.ts among them', () => {
    const governed = RULES.flatMap((r) => r.governs);
    for (const g of ['bot/middleware/', 'src/config.ts', 'src/documents/', 'src/services/'])
      expect(governed).toContain(g);
  });

  it('fails when a governed folder has no files left (a rule guarding nothing)', () => {
    expect(failures(tree.filter((f) => f.path !== 'src/config.ts'))).toEqual([
      'rule 9 governs src/config.ts, which has no files: update RULES in scripts/check-layers.ts',
    ]);
  });

  const cases: Array<[rule: string, file: SourceFile, expected: string]> = [
    [
      'rule 1: src/law imports only src/law',
      { path: 'src/law/planted.ts', text: "import { Db } from '../db';\nexport const x = Db;\n" },
      'src/law/planted.ts: rule 1 (imports ../db)',
    ],
    [
      'rule 2: src/ imports no bot/ or jobs/',
      {
        path: 'src/services/planted.ts',
        text: "import { features } from '../../bot/features';\nexport { features };\n",
      },
      'src/services/planted.ts: rule 2 (imports bot/features/index.ts)',
    ],
    [
      'rule 3: src/services imports no grammY',
      { path: 'src/services/planted.ts', text: "import { Bot } from 'grammy';\nexport const b = Bot;\n" },
      'src/services/planted.ts: rule 3 (imports grammy)',
    ],
    [
      'rule 3: src/services signs no callback data',
      { path: 'src/services/planted.ts', text: "export { encodeCallback } from '../callback-data';\n" },
      'src/services/planted.ts: rule 3 (imports src/callback-data.ts)',
    ],
    [
      'rule 4: a view is not async',
      { path: 'bot/views/planted.ts', text: 'export async function v() {\n  return 1;\n}\n' },
      'bot/views/planted.ts: rule 4 (async view)',
    ],
    [
      'rule 4: a view does not touch deps.db',
      { path: 'bot/views/planted.ts', text: 'export const v = (ctx: any) => ctx.deps.db;\n' },
      'bot/views/planted.ts: rule 4 (deps.db in a view)',
    ],
    [
      'rule 5: jobs/ imports no bot/',
      { path: 'jobs/planted.ts', text: "import { createBot } from '../bot';\nexport { createBot };\n" },
      'jobs/planted.ts: rule 5 (imports bot/index.ts)',
    ],
    [
      'rule 5: jobs/ imports no src/law',
      { path: 'jobs/planted.ts', text: "import { salePath } from '../src/law';\nexport { salePath };\n" },
      'jobs/planted.ts: rule 5 (imports src/law/index.ts)',
    ],
    [
      'rule 6: a new database call in bot/features',
      {
        path: 'bot/features/planted.ts',
        text: 'export const f = (ctx: any) => ctx.deps.db.case.update({ where: { id: 1 }, data: {} });\n',
      },
      'bot/features/planted.ts: rule 6 (1 database calls, 0 allowed: move them into src/services)',
    ],
    [
      'rule 6: raw SQL in bot/middleware',
      {
        path: 'bot/middleware/planted.ts',
        text: [
          "import { Prisma } from '../../src/db';",
          'export const m = (db: any) => db.$queryRaw(Prisma.sql`SELECT 1`);',
          '',
        ].join('\n'),
      },
      'bot/middleware/planted.ts: rule 6 (2 database calls, 0 allowed: move them into src/services)',
    ],
    [
      'rule 11: a capability folder entered past its index',
      {
        path: 'bot/features/planted.ts',
        text: "import { confirmPayment } from '../../src/services/payments/confirm';\nexport const f = confirmPayment;\n",
      },
      'bot/features/planted.ts: rule 11 (imports src/services/payments/confirm.ts)',
    ],
    [
      'rule 10: a driver opened outside src/db/client.ts',
      {
        path: 'src/services/planted.ts',
        text: "import pg from 'pg';\nexport const pool = new pg.Pool();\n",
      },
      'src/services/planted.ts: rule 10 (imports pg)',
    ],
    [
      'rule 7: src/services imports nothing of src/documents, not even a type',
      {
        path: 'src/services/planted.ts',
        text: "import type { DocumentRef } from '../documents';\nexport type R = DocumentRef;\n",
      },
      'src/services/planted.ts: rule 7 (imports src/documents/index.ts)',
    ],
    [
      'rule 8: src/documents reads src/services only through the facts module',
      {
        path: 'src/documents/planted.ts',
        text: "import { postLedger } from '../services/ledger';\nexport { postLedger };\n",
      },
      'src/documents/planted.ts: rule 8 (imports src/services/ledger.ts)',
    ],
    [
      'rule 8: the facts module only re-exports',
      {
        path: 'src/services/document-facts.ts',
        text: "export { loadCase } from './case-transition';\nexport const planted = 1;\n",
      },
      'src/services/document-facts.ts: rule 8 (the facts module only re-exports)',
    ],
    [
      'rule 9: src/config.ts imports no services',
      {
        path: 'src/config.ts',
        text: "import { loadCase } from './services/case-transition';\nexport const load = loadCase;\n",
      },
      'src/config.ts: rule 9 (imports src/services/case-transition.ts)',
    ],
  ];

  it.each(cases)('fails on a planted violation of %s', (_rule, file, expected) => {
    expect(planted(file)).toEqual([expected]);
  });

  it('rule 6: one more call in a listed file fails; one fewer asks for the list to be lowered', () => {
    const [file, allowed] = Object.entries(DB_CALLS)[0]!;
    const original = tree.find((f) => f.path === file)!;
    const more = {
      path: file,
      text: `${original.text}\nexport const planted = (db: any) => db.$queryRaw\`SELECT 1\`;\n`,
    };
    expect(planted(more)).toEqual([
      `${file}: rule 6 (${allowed + 1} database calls, ${allowed} allowed: move them into src/services)`,
    ]);
    const without = failures(tree.filter((f) => f.path !== file));
    expect(without).toEqual([
      `${file}: rule 6 (0 database calls, lower DB_CALLS in scripts/check-layers.ts from ${allowed})`,
    ]);
  });

  it('a listed violation that is gone fails until it is taken off the list', () => {
    const known = new Set([...KNOWN, 'src/law/gone.ts: rule 1 (imports ../db)']);
    expect(failures(tree, known)).toEqual([
      'fixed, remove from KNOWN in scripts/check-layers.ts: src/law/gone.ts: rule 1 (imports ../db)',
    ]);
  });
});
