// npm run docs:render — every document of the demo cases as PDF and PNG (pdftoppm) in documents-out/
// (gitignored), for a person to look at. Runs on an in-memory PGlite database; needs poppler-utils.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createConfig } from '../src/config';
import { applyMigrations, openDatabase } from '../src/db';
import { makeDocument } from '../src/documents';
import { createTranslator } from '../src/i18n';
import { buildDocumentCases, DEMO_START } from './document-cases';

const out = path.resolve(process.argv[2] ?? 'documents-out');
const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: '123456:DEMO-TOKEN-DEMO-TOKEN-DEMO-TOKEN-DEMO' });
const database = await openDatabase({ kind: 'memory' });
try {
  await applyMigrations(database.adapter);
  const db = database.prisma;
  const translator = await createTranslator({ strict: true });
  const cases = await buildDocumentCases(db, config);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const { label, ref } of cases.refs) {
    const doc = await makeDocument({ db, translator, botUsername: 'kanji_sahayak_bot', now: DEMO_START }, ref);
    const pdf = path.join(out, `${label}.pdf`);
    writeFileSync(pdf, doc.pdf);
    execFileSync('pdftoppm', ['-png', '-r', '100', pdf, path.join(out, label)]);
    console.log(`${label}.pdf (${doc.pdf.length} bytes) and PNG pages`);
  }
  console.log(`documents in ${out}`);
} finally {
  await database.close();
}
