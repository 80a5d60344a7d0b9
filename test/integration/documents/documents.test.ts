import { execFileSync } from 'node:child_process';
import { staffActorOf } from '../../../src/services/staff';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchAdmin } from '../../../src/admin/run';
import { ManualClock } from '../../../src/clock';
import { createConfig } from '../../../src/config';
import { createLogger } from '../../../src/logging';
import { Api } from 'grammy';
import { OFFICER, buildDocumentCases, DEMO_START, type DocumentCases } from '../../../scripts/document-cases';
import { caseFixture } from '../../support/case-builder';
import { FakeBotApi } from '../../support/fake-bot-api';
import { flushOutbox } from '../../support/outbox';
import { makeDocument, type DocumentRef } from '../../../src/documents';
import { createTranslator, formatDate, formatDateTime, formatRupees, type Translator } from '../../../src/i18n';
import { DEFAULT_WINDOWS, s20ComplaintWindowOf, toIstDate } from '../../../src/law';
import { surplusesHeld } from '../../../src/services/sale';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../support/db';
import { paiseOf } from '../../../src/db';

// Every printable document made from real cases (the demo cases taken through the services), read back
// with poppler's pdftotext: the key facts are there in Hindi and in English, Hindi first, in the order
// the Act lists them; pdffonts shows every font embedded.
const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST' });
const dir = mkdtempSync(path.join(tmpdir(), 'kanji-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Asserts that the strings occur in `text` in this order (each after the previous one). */
function inOrder(text: string, parts: string[]): void {
  let at = -1;
  for (const p of parts) {
    const i = text.indexOf(p, at + 1);
    expect(i, `"${p}" after position ${at}`).toBeGreaterThan(at);
    at = i;
  }
}

describe.each(await dbKinds())('printable documents on %s', (kind) => {
  let t: TestDatabase;
  let translator: Translator;
  let cases: DocumentCases;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    translator = await createTranslator({ strict: true });
    cases = await buildDocumentCases(t.prisma, config);
  }, 300_000);
  afterAll(() => t?.destroy());

  async function pdfText(ref: DocumentRef, langs?: Array<'hi' | 'en'>): Promise<{ text: string; fonts: string }> {
    const doc = await makeDocument(
      { db: t.prisma, translator, botUsername: 'kanji_test_bot', now: DEMO_START },
      ref,
      langs,
    );
    expect(doc.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(dir, `${kind}-${doc.filename}`);
    writeFileSync(file, doc.pdf);
    // -layout keeps a table row on one line; runs of spaces and line breaks become one space.
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
    return { text, fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }) };
  }

  function embedded(fonts: string): void {
    const rows = fonts
      .split('\n')
      .slice(2)
      .filter((l) => l.trim());
    expect(rows.length).toBeGreaterThan(0);
    // Columns: name type encoding emb sub uni object ID — every font embedded (and subset).
    for (const r of rows) expect(r).toMatch(/NotoSansDevanagari.*\byes\s+yes\s+yes\b/);
  }

  it('s. 14 notice: (a)–(c), notice and auction dates, auction details, case number — Hindi page, then English', async () => {
    const c = await t.prisma.case.findUniqueOrThrow({ where: { id: cases.sale.caseId }, include: { auctions: true } });
    const { text, fonts } = await pdfText({ kind: 'notice', caseId: c.id });
    embedded(fonts);
    const posted = toIstDate(c.noticePostedAt!);
    const auction = c.auctions[0]!;
    inOrder(text, [
      'सूचना',
      'धारा 14',
      c.number,
      '(क) पशुओं की संख्या और विवरण',
      'गाय',
      '(ख) जब्ती का स्थान',
      'Nangal',
      '(ग) बंद किए जाने का स्थान',
      'आमेर कांजी हाउस',
      formatDate(posted, 'hi'),
      'सार्वजनिक नीलामी (धारा 14)',
      formatDateTime(auction.scheduledFor, 'hi'),
      'Chomu pound yard',
      'DM/JPR/27/2026',
      'थाना प्रभारी',
      'NOTICE',
      'section 14',
      c.number,
      '(a) Number and description of the cattle',
      'cow',
      '(b) Place of seizure',
      'Nangal',
      '(c) Place of impounding',
      'Amer Pound',
      formatDate(posted, 'en'),
      'Public auction (s. 14)',
      formatDateTime(auction.scheduledFor, 'en'),
      'Chomu pound yard',
      'Officer in charge',
    ]);
  });

  it('s. 14 notice: each label stands clear of its value, the long Hindi labels too', async () => {
    const doc = await makeDocument(
      { db: t.prisma, translator, botUsername: 'kanji_test_bot', now: DEMO_START },
      { kind: 'notice', caseId: cases.sale.caseId },
    );
    const file = path.join(dir, `${kind}-gaps-${doc.filename}`);
    writeFileSync(file, doc.pdf);
    // Every word drawn, with its box in points (poppler's pdftotext -bbox).
    const words = [
      ...execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
      ),
    ].map((m) => ({ x0: Number(m[1]), y: Number(m[2]), x1: Number(m[3]), w: m[4]! }));
    /** The space between the last word of a label and the first word of its value, on one line. */
    const gap = (labelEnd: string, valueStart: string) => {
      const found = words
        .filter((a) => a.w === labelEnd)
        .flatMap((a) =>
          words.filter((b) => b.w === valueStart && Math.abs(b.y - a.y) < 1 && b.x0 > a.x1).map((b) => b.x0 - a.x1),
        );
      expect(found, `"${labelEnd}" then "${valueStart}" on one line`).toHaveLength(1);
      return found[0]!;
    };
    // "(ग) बंद किए जाने का स्थान" | "आमेर कांजी हाउस…"; "जिला मजिस्ट्रेट का निर्देश" | "DM/JPR/27/2026"; and in English.
    // Before, six points: the bold label read as one with its value. Now more than the body text's size.
    for (const [label, value] of [
      ['स्थान', 'आमेर'],
      ['निर्देश', 'DM/JPR/27/2026'],
      ['impounding', 'Amer'],
      ['Magistrate', 'DM/JPR/27/2026'],
    ] as const)
      expect([label, value, gap(label, value)]).toEqual([label, value, expect.toSatisfy((g: number) => g >= 12)]);
  });

  it('s. 14 notice before posting (the s. 14 report): no date yet, the auction as the Magistrate directs', async () => {
    const { text } = await pdfText({ kind: 'notice', caseId: cases.unposted.caseId });
    inOrder(text, [
      cases.unposted.caseNumber,
      'अभी चस्पा नहीं हुई',
      'जिला मजिस्ट्रेट',
      cases.unposted.caseNumber,
      'not yet posted',
      'District Magistrate directs',
    ]);
  });

  it('drum proclamation: the chat’s words, Hindi then English', async () => {
    const { text, fonts } = await pdfText({ kind: 'proclamation', caseId: cases.sale.caseId });
    embedded(fonts);
    inOrder(text, [
      'डुगडुगी से मुनादी (धारा 14)',
      'सुनो',
      cases.sale.caseNumber,
      'DRUM PROCLAMATION (s. 14)',
      'Listen',
      cases.sale.caseNumber,
    ]);
  });

  it('s. 13 receipt: number, case, the Receipt row’s amount and lines, verification code (and only Hindi or English on request)', async () => {
    const r = await t.prisma.receipt.findUniqueOrThrow({ where: { id: cases.s13.receiptId } });
    const items = r.items as Array<{ kind: string; amountPaise: number }>;
    const { text, fonts } = await pdfText({ kind: 'receipt', receiptId: r.id });
    embedded(fonts);
    const lines = items.map((i) => formatRupees(i.amountPaise));
    inOrder(text, [
      'रसीद',
      'धारा 13',
      r.number,
      cases.s13.caseNumber,
      ...lines,
      formatRupees(r.amountPaise),
      r.verificationCode,
      'RECEIPT',
      's. 13',
      r.number,
      cases.s13.caseNumber,
      ...lines,
      formatRupees(r.amountPaise),
      r.verificationCode,
    ]);
    expect(text).toContain(formatDateTime(r.issuedAt, 'hi'));
    expect(text).toContain(formatDateTime(r.issuedAt, 'en'));
    const en = await pdfText({ kind: 'receipt', receiptId: r.id }, ['en']);
    expect(en.text).toContain('RECEIPT');
    expect(en.text).not.toContain('रसीद');
  });

  it('s. 15 receipt: deposit under protest, the last day to complain (s. 20), held until the Magistrate decides', async () => {
    const r = await t.prisma.receipt.findUniqueOrThrow({ where: { id: cases.s15.receiptId } });
    const c = await t.prisma.case.findUniqueOrThrow({ where: { id: r.caseId } });
    // The day the engine's s. 20 window ends — the window that gates the deposit — not "in time".
    const lastDay = s20ComplaintWindowOf(c, DEFAULT_WINDOWS).date;
    const { text } = await pdfText({ kind: 'receipt', receiptId: r.id });
    inOrder(text, [
      'आपत्ति सहित जमा (धारा 15)',
      r.number,
      formatRupees(r.amountPaise),
      'धारा 20',
      formatDate(lastDay, 'hi'),
      'deposit under protest (s. 15)',
      r.number,
      formatRupees(r.amountPaise),
      's. 20',
      formatDate(lastDay, 'en'),
    ]);
  });

  it('release slip: cattle handed over, basis and receipt, signature lines', async () => {
    const release = await t.prisma.release.findFirstOrThrow({ where: { caseId: cases.s13.caseId } });
    const { text } = await pdfText({ kind: 'release', caseId: cases.s13.caseId });
    inOrder(text, [
      'सुपुर्दगी पर्ची',
      cases.s13.caseNumber,
      'धारा 13',
      cases.s13.receiptNumber,
      formatDateTime(release.releasedAt, 'hi'),
      'भैंस',
      'अँगूठे का निशान',
      'RELEASE SLIP',
      cases.s13.caseNumber,
      's. 13',
      cases.s13.receiptNumber,
      formatDateTime(release.releasedAt, 'en'),
      'buffalo',
      'Owner or agent',
      'Pound-keeper',
    ]);
  });

  it('s. 16 account: (a)–(f) with the deductions in order and the balance, as stored on the auction', async () => {
    const auction = await t.prisma.auction.findFirstOrThrow({ where: { caseId: cases.sale.caseId } });
    const a = (
      auction.account as {
        delivered: {
          account: { e_proceedsPaise: number; balancePaise: number; c_finesAndCharges: { totalPaise: number } };
        };
      }
    ).delivered.account;
    expect(a.e_proceedsPaise).toBe(cases.sale.proceedsPaise);
    const { text, fonts } = await pdfText({ kind: 'account', caseId: cases.sale.caseId });
    embedded(fonts);
    const hi = [
      'धारा 16',
      cases.sale.caseNumber,
      '(क)',
      '(ख)',
      '(ग)',
      formatRupees(a.c_finesAndCharges.totalPaise),
      '(घ)',
      '(ङ)',
      '₹1,25,000.00',
      '(च)',
      'बिक्री का खर्च',
      'शास्ति',
      'चारा-पानी',
      'शेष राशि',
      formatRupees(a.balancePaise),
      'धारा 17',
    ];
    const en = [
      'SECTION 16',
      cases.sale.caseNumber,
      '(a)',
      '(b)',
      '(c)',
      formatRupees(a.c_finesAndCharges.totalPaise),
      '(d)',
      '(e)',
      '₹1,25,000.00',
      '(f)',
      'Expenses of the sale',
      'Penalty to the District Magistrate',
      'Feeding and watering to the pound-keeper',
      'Balance',
      formatRupees(a.balancePaise),
      's. 17',
    ];
    inOrder(text, [...hi, ...en]);
  });

  it('s. 17 remittance statement: the month’s confirmed remittances and the surplus held with its hold end', async () => {
    const rows = await t.prisma.remittance.findMany({ where: { caseId: cases.sale.caseId }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => r.kind)).toEqual([
      'FINES_TO_MAGISTRATE',
      'FEEDING_TO_POUND_KEEPER',
      'SURPLUS_TO_MAGISTRATE',
    ]);
    const held = (await surplusesHeld(t.prisma, [cases.sale.poundId])).find((h) => h.caseId === cases.sale.caseId)!;
    const { text, fonts } = await pdfText({ kind: 'remittance', poundId: cases.sale.poundId, month: cases.sale.month });
    embedded(fonts);
    const total = formatRupees(rows.reduce((s, r) => s + paiseOf(r.amountPaise), 0));
    inOrder(text, [
      'प्रेषण विवरण (धारा 17)',
      ...rows.map((r) => formatRupees(paiseOf(r.amountPaise))),
      total,
      formatDate(held.holdEnd.date, 'hi'),
      formatRupees(held.amountPaise),
      'STATEMENT OF REMITTANCES (s. 17)',
      ...rows.map((r) => formatRupees(paiseOf(r.amountPaise))),
      total,
      formatDate(held.holdEnd.date, 'en'),
      formatRupees(held.amountPaise),
    ]);
    expect(text).toContain(cases.sale.caseNumber);
    // s. 17 sends "the fines so deducted": the statement says fines, never "fines or penalties".
    expect(text).toContain('Fines (s. 17)');
    expect(text).not.toMatch(/penalt|शास्ति/i);
  });

  it('register extract (ss. 7, 8): the CSV export’s rows for the pound and month, in time order', async () => {
    const ref = cases.refs.find((r) => r.ref.kind === 'register')!.ref;
    const { text, fonts } = await pdfText(ref);
    embedded(fonts);
    inOrder(text, [
      'रजिस्टर का उद्धरण (धारा 7, 8)',
      cases.sale.caseNumber,
      'धारा 8',
      cases.s13.caseNumber,
      'धारा 13',
      '₹1,25,000.00',
      'धारा 17',
      'REGISTER EXTRACT (ss. 7, 8)',
      cases.sale.caseNumber,
      's. 8',
      cases.s13.caseNumber,
      's. 13',
      '₹1,25,000.00',
      's. 17',
    ]);
    // Statuses in the reader's words, not the database's codes (the CSV export keeps those).
    expect(text).not.toMatch(/\b(IMPOUNDED|CONFIRMED|S13_PAYMENT|RELEASED_S13|OWNER_PAYMENT|SCHEDULED)\b/);
    expect(text).toContain('पुष्टि हुई');
    expect(text).toContain('confirmed');
  });

  it('npm run admin -- document writes the PDF to a file; unknown numbers and documents not yet possible are refused', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const deps = {
      config,
      db: t.prisma,
      clock: new ManualClock(DEMO_START),
      logger: createLogger('silent'),
      translator,
      t: translator.forLang('en'),
      out: (l: string) => out.push(l),
      err: (l: string) => err.push(l),
      botUsername: 'kanji_test_bot',
    };
    const file = path.join(dir, `${kind}-admin-receipt.pdf`);
    expect(
      await dispatchAdmin(deps, ['document', 'receipt', cases.s13.receiptNumber, '--lang', 'en', '--out', file]),
    ).toBe(0);
    expect(out[0]).toContain(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(cases.s13.receiptNumber);
    expect(text).toContain(formatRupees(cases.s13.amountPaise));
    expect(text).not.toContain('रसीद');
    const month = path.join(dir, `${kind}-admin-remittance.pdf`);
    expect(
      await dispatchAdmin(deps, [
        'document',
        'remittance',
        '--pound',
        'jai1',
        '--month',
        cases.sale.month,
        '--out',
        month,
      ]),
    ).toBe(0);
    expect(await dispatchAdmin(deps, ['document', 'receipt', 'JAI1-R-2026-999999'])).toBe(1);
    expect(err.at(-1)).toBe(translator.t('en', 'documents:admin.not_found', { ref: 'JAI1-R-2026-999999' }));
    // No auction has been held for the s. 13 case: there is no s. 16 account to print.
    expect(await dispatchAdmin(deps, ['document', 'account', cases.s13.caseNumber])).toBe(1);
    expect(err.at(-1)).toBe(
      translator.t('en', 'documents:admin.unavailable', {
        ref: cases.s13.caseNumber,
        why: translator.t('en', 'documents:unavailable.no_account'),
      }),
    );
    expect(await dispatchAdmin(deps, ['document', 'invoice', 'x'])).toBe(2);
  });

  it('the owner’s receipt PDF is queued with the confirmation, as a document message to the payer', async () => {
    const row = await t.prisma.outboxEntry.findFirstOrThrow({
      where: { jobKey: { endsWith: ':receipt:pdf' }, payload: { path: ['chatId'], equals: '8801' } },
    });
    expect(row.payload).toMatchObject({
      key: 'documents:caption.receipt',
      document: { kind: 'receipt', receiptId: cases.s13.receiptId },
    });
  });

  it('s. 16: the owner present at the sale gets the account as a PDF through the jobs sender', async () => {
    const db = t.prisma;
    const pound = await db.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
    const owner = 8803n;
    await db.telegramUser.create({ data: { id: owner, firstName: 'Bhanwar', language: 'hi' } });
    const staff = await db.staffMember.findFirstOrThrow({
      where: { telegramUserId: BigInt(OFFICER) },
      include: { pounds: true },
    });
    const act = staffActorOf(
      [{ staffId: staff.id, role: 'OFFICER' as const, name: '', poundIds: staff.pounds.map((p) => p.poundId) }],
      { telegramId: BigInt(OFFICER), chatId: OFFICER, messageId: 5 },
    );
    const c = await caseFixture(db, {
      impoundedAt: '2026-11-21T10:00:00+05:30',
      place: 'Achrol',
      heads: [
        ['goat', 'white'],
        ['goat', 'brown'],
      ],
      ownerTelegramId: owner,
      ownerName: 'Bhanwar',
      seizerName: 'S',
    })
      .refused(act, new Date('2026-11-22T10:00:00+05:30'))
      .auction(act, {
        at: new Date('2026-11-23T11:00:00+05:30'),
        place: 'Chomu Mandi',
        directionRef: 'DM/JPR/30/2026',
        now: new Date('2026-11-22T10:05:00+05:30'),
      })
      .bidder(act, { name: 'Harish', address: 'Chomu', at: new Date('2026-11-23T10:00:00+05:30') })
      .sold(act, { at: new Date('2026-11-23T12:00:00+05:30'), bids: [[1, 500000]], ownerPresent: true })
      .build();
    const fake = new FakeBotApi();
    const api = new Api('123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST', fake.client);
    await flushOutbox(
      { config, db, clock: new ManualClock('2026-11-23T12:01:00+05:30'), logger: createLogger('silent'), translator },
      api,
    );
    const docs = fake.sentTo(owner).filter((m) => m.method === 'sendDocument');
    expect(docs.map((m) => m.text)).toEqual([translator.t('hi', 'documents:caption.account', { number: c.number })]);
    const file = path.join(dir, `${kind}-owner-account.pdf`);
    writeFileSync(file, (Object.values(docs[0]!.payload._files ?? {})[0] as { data: Buffer }).data);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    const receipt = await db.receipt.findFirstOrThrow({ where: { caseId: c.id, kind: 'S16_BALANCE' } });
    inOrder(text, [
      'धारा 16',
      c.number,
      '₹5,000.00',
      receipt.number,
      'SECTION 16',
      c.number,
      '₹5,000.00',
      receipt.number,
    ]);

    // The register extract labels this s. 16 auction and sale "s. 16", and the s. 14 case's (Nangal) "s. 14".
    const reg = await pdfText({ kind: 'register', poundId: pound.id, from: '2026-11-23', to: '2026-11-23' });
    const row = (number: string, lang: 'hi' | 'en', n: string, record: string) =>
      `${number} ${translator.t(lang, 'documents:section', { n })} ${translator.t(lang, `staff:export.record.${record}`)}`;
    for (const lang of ['hi', 'en'] as const) {
      expect(reg.text).toContain(row(c.number, lang, '16', 'auction'));
      expect(reg.text).toContain(row(c.number, lang, '16', 'sale'));
      expect(reg.text).not.toContain(row(c.number, lang, '14', 'auction'));
    }
    const s14 = await t.prisma.auction.findFirstOrThrow({ where: { caseId: cases.sale.caseId } });
    const day = toIstDate(s14.scheduledFor);
    const nangal = await pdfText({ kind: 'register', poundId: cases.sale.poundId, from: day, to: day });
    for (const lang of ['hi', 'en'] as const) {
      expect(nangal.text).toContain(row(cases.sale.caseNumber, lang, '14', 'auction'));
      expect(nangal.text).not.toContain(row(cases.sale.caseNumber, lang, '16', 'auction'));
    }
  });
});
