import { pathToFileURL } from 'node:url';
import { buildDocumentCases, DEMO_START, KEEPER } from '../scripts/document-cases';
import { createConfig } from '../src/config';
import { applyMigrations, openDatabase } from '../src/db';
import { makeDocument, type DocumentRef } from '../src/documents';
import { createTranslator } from '../src/i18n';
import { caseFixture } from '../test/support/case-builder';
import { recordClaim } from '../src/services/claims';
import { confirmPayment, declarePayment } from '../src/services/payments';
import { loadStaffActor } from '../src/services/staff';

/**
 * Benchmark: printable documents per second (bilingual PDF, typeset from the database) for an s. 13 receipt
 * and an s. 14 notice of the demo cases, and the time from a keeper's confirmation to the owner's receipt PDF
 * (confirmPayment, then the receipt typeset), on in-memory PGlite.
 */
export async function run(durationMs = 3000): Promise<string> {
  const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: '123456:BENCH-TOKEN-BENCH-TOKEN-BENCH-TOKEN-B' });
  const database = await openDatabase({ kind: 'memory' });
  try {
    await applyMigrations(database.adapter);
    const db = database.prisma;
    const translator = await createTranslator();
    const cases = await buildDocumentCases(db, config);
    const deps = { db, translator, botUsername: 'kanji_sahayak_bot', now: DEMO_START };
    const rate = async (ref: DocumentRef) => {
      for (let i = 0; i < 3; i++) await makeDocument(deps, ref); // warm-up (engine and fonts load once)
      let n = 0;
      const start = performance.now();
      while (performance.now() - start < durationMs / 2) {
        await makeDocument(deps, ref);
        n += 1;
      }
      return (n / (performance.now() - start)) * 1000;
    };
    const receipts = await rate({ kind: 'receipt', receiptId: cases.s13.receiptId });
    const notices = await rate({ kind: 'notice', caseId: cases.sale.caseId });

    // A fresh s. 13 payment on a new JAI1 case: keeper confirms, then the owner's receipt PDF is made.
    const impoundedAt = new Date(DEMO_START.getTime() - 86_400_000);
    const c = await caseFixture(db, {
      impoundedAt,
      place: 'Achrol',
      seizerName: 'Bench',
      heads: [['cow', 'bench']],
    }).build();
    await db.telegramUser.create({ data: { id: 8899n, firstName: 'Bench owner' } });
    const claim = await recordClaim(db, {
      caseId: c.id,
      kind: 'S13_CLAIM',
      telegramUserId: 8899n,
      claimantName: 'Bench owner',
      isAgent: false,
      ownerName: 'Bench owner',
    });
    const d = await declarePayment(
      { db, config },
      {},
      { claimId: claim.id, telegramUserId: 8899n, method: 'CASH', amountPaise: null, upiRef: null, now: DEMO_START },
    );
    if (d.kind !== 'declared') throw new Error(d.kind);
    const actor = await loadStaffActor(db, { telegramId: BigInt(KEEPER), chatId: KEEPER, messageId: 99 });
    const t0 = performance.now();
    const ok = await confirmPayment(db, {
      paymentId: d.paymentId,
      actor,
      now: DEMO_START,
      botUsername: 'kanji_sahayak_bot',
    });
    if (ok.status !== 'confirmed') throw new Error(ok.status);
    const t1 = performance.now();
    const receipt = await db.receipt.findUniqueOrThrow({ where: { number: ok.receiptNumber } });
    const pdf = await makeDocument(deps, { kind: 'receipt', receiptId: receipt.id });
    const t2 = performance.now();
    const f = (x: number) => x.toFixed(1);
    return `documents: receipt ${f(receipts)} PDFs/s, notice ${f(notices)} PDFs/s (bilingual, from the database); keeper's confirmation → owner's receipt PDF ${Math.round(t2 - t0)} ms (confirm ${Math.round(t1 - t0)} ms + PDF ${Math.round(t2 - t1)} ms, ${pdf.pdf.length} bytes)`;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    (line) => console.log(line),
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
