import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseUrl } from '../../../src/case-url';
import { documentSpec } from '../../../src/documents';
import { DOCUMENT_LINK_SECONDS } from '../../../src/http/desk/document-link';
import { slipLink } from '../../../src/services/cases';
import { buildRegisterExport, importRegister } from '../../../src/services/register';
import { loadStaffActor } from '../../../src/services/staff';
import { startDeskWorld, type DeskPerson, type DeskWorld } from '../../support/desk';
import { confirmedReceipt } from '../../support/paid-case';

// The pound's books from the desk over real HTTP: the paper register's serial shown and searched; the month's
// register (PDF in the register's columns under the pound's and district's heading, and CSV — the s. 7 export) and
// the cash book of a day and a month through the desk's short-lived links, each role at its own pounds only; the
// printed register is the export row for row; the cash book's figures are the ledger's; the headcount of the day.

describe('staff desk books over HTTP', { timeout: 120_000 }, () => {
  let w: DeskWorld;
  let dir: string;
  let paid: Awaited<ReturnType<typeof confirmedReceipt>>;
  let paperNumber: string;
  beforeAll(async () => {
    w = await startDeskWorld();
    dir = await mkdtemp(path.join(tmpdir(), 'desk-books-'));
    const db = w.app.deps.db;
    paid = await confirmedReceipt(db, w.app.deps.config, w.clock.now());
    // An entry of the paper register, brought in with its serial.
    const keeper = await loadStaffActor(db, { telegramId: BigInt(7101), chatId: null, messageId: null });
    const rows = await importRegister(
      db,
      keeper,
      w.pounds.JAI1!,
      'serial,impounded,class,count,description,place,seizer\n12/B,2026-11-02 09:00,goat,1,brown goat,Kukas,Ram Lal',
      w.clock.now(),
    );
    const entered = rows[0];
    if (entered?.status !== 'entered') throw new Error(`not entered: ${JSON.stringify(rows)}`);
    paperNumber = entered.number;
  }, 180_000);
  afterAll(async () => {
    await w?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, person?: DeskPerson) =>
    fetch(`${w.base}${url}`, { headers: person ? { 'x-telegram-init-data': w.initData(person) } : {} });
  const book = (pound: string, kind: string, period: string, lang = 'en') =>
    `/desk/v/book?pound=${w.pounds[pound]}&kind=${kind}&period=${period}&lang=${lang}`;
  const linkFor = async (person: DeskPerson, url: string) => {
    const r = await get(url, person);
    expect(r.status, url).toBe(200);
    const { url: link } = (await r.json()) as { url: string };
    expect(link).toMatch(/^\/desk\/file\?t=[\w-]+\.[\w-]+$/);
    return link;
  };
  let n = 0;
  const pdfText = async (bytes: ArrayBuffer) => {
    const file = path.join(dir, `d${n++}.pdf`);
    await writeFile(file, Buffer.from(bytes));
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  };

  it('shows the paper serial in the register and on the entry, and finds the entry by it', async () => {
    const html = await (
      await get(`/desk/v/register?pound=${w.pounds.JAI1}&status=all&q=12%2Fb&lang=en`, 'keeper')
    ).text();
    expect(html).toContain(paperNumber);
    expect(html).toContain('Paper no. 12/B');
    expect(html.match(/<tr>/g)?.length).toBe(2); // the header and one entry
    // Its beginning finds it too; another serial does not.
    expect(
      await (await get(`/desk/v/register?pound=${w.pounds.JAI1}&status=all&q=12&lang=en`, 'keeper')).text(),
    ).toContain(paperNumber);
    expect(
      await (await get(`/desk/v/register?pound=${w.pounds.JAI1}&status=all&q=13%2FB&lang=en`, 'keeper')).text(),
    ).not.toContain(paperNumber);
    const id = (await w.app.deps.db.case.findUniqueOrThrow({ where: { number: paperNumber } })).id;
    const entry = await (await get(`/desk/v/entry?id=${id}&lang=hi`, 'keeper')).text();
    expect(entry).toContain('कागज़ी रजिस्टर क्रमांक');
    expect(entry).toContain('12/B');
  });

  it('hands a link to each role for its own pounds only; 400 for a wrong shape, 401 without initData', async () => {
    const cases: Array<[DeskPerson, string, number]> = [
      ['keeper', 'JAI1', 200],
      ['keeper', 'JAI2', 404],
      ['officer', 'JAI2', 200],
      ['officer', 'JAI1', 404],
      ['magistrate', 'JAI2', 200],
      ['magistrate', 'PUN1', 404],
      ['admin', 'PUN1', 200],
      ['revoked', 'JAI1', 401],
      ['owner', 'JAI1', 401],
    ];
    for (const [person, pound, status] of cases)
      expect((await get(book(pound, 'cashbook', '2026-11'), person)).status, `${person} ${pound}`).toBe(status);
    expect((await get(book('JAI1', 'cashbook', '2026-11'))).status).toBe(401);
    for (const bad of [
      book('JAI1', 'ledger', '2026-11'),
      book('JAI1', 'cashbook', '2026-13'),
      book('JAI1', 'register', '2026-11-31'),
    ])
      expect((await get(bad, 'keeper')).status, bad).toBe(400);
    expect((await get('/desk/file?t=abc.def')).status).toBe(401);
  });

  it("prints the month's register under the pound's and district's heading, the s. 7 export row for row", async () => {
    const link = await linkFor('keeper', book('JAI1', 'register', '2026-11'));
    const r = await fetch(`${w.base}${link}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('cache-control')).toBe('no-store');
    const text = await pdfText(await r.arrayBuffer());
    expect(text).toContain('Jaipur district');
    expect(text).toContain('जिला जयपुर');
    for (const number of [...w.cases.JAI1, paperNumber]) expect(text).toContain(number);
    expect(text).toContain('paper register no. 12/B');
    // Row for row: the printed table is the export's records, in the export's order.
    const deps = w.app.deps;
    const from = '2026-11-01' as const;
    const to = '2026-11-30' as const;
    const spec = await documentSpec(
      { db: deps.db, translator: deps.translator, botUsername: 'b', now: w.clock.now() },
      { kind: 'register', poundId: w.pounds.JAI1!, from, to },
      ['en'],
    );
    const table = spec.layout.parts[0]!.blocks.find((b) => b.t === 'table') as { rows: string[][] };
    const out = await buildRegisterExport(deps.db, {
      poundId: w.pounds.JAI1!,
      from,
      to,
      t: deps.translator.forLang('en'),
    });
    expect(out.records.length).toBeGreaterThan(3);
    expect(table.rows.map((row) => [row[1], row[3]])).toEqual(
      out.records.map((rec) => [String(rec.case_number ?? ''), String(rec.record ?? '')]),
    );
    // The CSV through its own link: the chat's /register_export, in the reader's language.
    const csv = await fetch(`${w.base}${await linkFor('keeper', book('JAI1', 'register_csv', '2026-11', 'hi'))}`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attachment; filename="register-JAI1-2026-11.csv"');
    const body = Buffer.from(await csv.arrayBuffer()).toString('utf8');
    const hindi = await buildRegisterExport(deps.db, {
      poundId: w.pounds.JAI1!,
      from,
      to,
      t: deps.translator.forLang('hi'),
    });
    expect(body).toBe(hindi.csv);
    expect(body).toContain('कागज़ी रजिस्टर क्रमांक 12/B');
    const audits = await deps.db.auditEvent.findMany({ where: { action: 'register.export' } });
    expect(audits.map((a) => (a.details as { format?: string }).format)).toEqual(
      expect.arrayContaining(['pdf', undefined]),
    );
  });

  it('keeps the cash book to the ledger: the day and the month, printable, and the headcount of the day', async () => {
    const db = w.app.deps.db;
    const today = '2026-11-29';
    const html = await (await get(`/desk/v/books?pound=${w.pounds.JAI1}&day=${today}&lang=en`, 'keeper')).text();
    expect(html).toContain('Cash book of');
    // The ledger of the day, summed by hand from the stored rows.
    const lines = await db.ledgerEntry.findMany({ where: { case: { poundId: w.pounds.JAI1 } } });
    const paise = (accounts: string[]) =>
      lines.filter((l) => accounts.includes(l.account)).reduce((s, l) => s + Number(l.amountPaise), 0);
    expect(paise(['OWNER_PAYMENT'])).toBe(paid.amountPaise);
    const rupees = (p: number) => `₹${(p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    expect(html).toContain(rupees(paise(['OWNER_PAYMENT'])));
    expect(html).toContain(rupees(paise(['DISTRICT_MAGISTRATE'])));
    expect(html).toContain(rupees(paise(['POUND_KEEPER'])));
    expect(html).toContain(paid.caseNumber);
    // The headcount: the world's entries in the pound, with their days (both ends counted, as feeding is charged).
    expect(html).toContain('10 days'); // 20 Nov … 29 Nov
    expect(html).toContain('3 days'); // 27 Nov … 29 Nov
    // The printed cash book says the same.
    const pdf = await fetch(`${w.base}${await linkFor('keeper', book('JAI1', 'cashbook', today))}`);
    expect(pdf.status).toBe(200);
    const text = await pdfText(await pdf.arrayBuffer());
    expect(text).toContain('CASH BOOK');
    expect(text).toContain('रोकड़ बही');
    expect(text).toContain(paid.caseNumber);
    const month = await pdfText(
      await (await fetch(`${w.base}${await linkFor('keeper', book('JAI1', 'cashbook', '2026-11'))}`)).arrayBuffer(),
    );
    expect(month).toContain('Day by day');
    expect(await db.auditEvent.count({ where: { action: 'document.view' } })).toBeGreaterThanOrEqual(2);
  });

  it("prints the owner's slip with the chat's QR link and the seizer's copy of the entry from the desk", async () => {
    const deps = w.app.deps;
    const id = w.caseIds[w.cases.JAI1[1]!]!;
    const number = w.cases.JAI1[1]!;
    const link = async (kind: string) => {
      const r = await get(`/desk/v/document?case=${id}&kind=${kind}`, 'keeper');
      expect(r.status, kind).toBe(200);
      return (await r.json()) as { url: string };
    };
    expect((await get(`/desk/v/document?case=${id}&kind=slip`, 'officer')).status).toBe(404);
    const slip = await fetch(`${w.base}${(await link('slip')).url}`);
    expect(slip.headers.get('content-type')).toBe('application/pdf');
    const slipText = await pdfText(await slip.arrayBuffer());
    // The QR's link is the chat's slip link: here the case in the bot (no PUBLIC_URL), printed under the code too.
    const chatLink = slipLink(undefined, 'kanji_desk_test_bot', number);
    expect(slipText).toContain(number);
    expect(slipText.replace(/\s+/g, '')).toContain(chatLink);
    expect(slipText).toContain('स्वामी के लिए पर्ची');
    const docDeps = {
      db: deps.db,
      translator: deps.translator,
      botUsername: 'kanji_desk_test_bot',
      now: w.clock.now(),
    };
    expect((await documentSpec(docDeps, { kind: 'slip', caseId: id })).layout.qr?.link).toBe(chatLink);
    // With PUBLIC_URL set, the public case page, as the chat's slip and the s. 14 notice have it.
    const publicUrl = 'https://kanji.example.in';
    const spec = await documentSpec({ ...docDeps, publicUrl }, { kind: 'slip', caseId: id });
    expect(spec.layout.qr?.link).toBe(caseUrl(publicUrl, number));
    const copy = await pdfText(await (await fetch(`${w.base}${(await link('seizer_copy')).url}`)).arrayBuffer());
    expect(copy).toContain('Copy of the register entry (s. 8)');
    expect(copy).toContain('black buffalo, left horn broken');
    expect(copy).toContain('जब्त करने वाले ने प्राप्त की');
  });

  it('refuses a link after its five minutes, and to a keeper revoked since', async () => {
    const link = await linkFor('keeper', book('JAI1', 'cashbook', '2026-11'));
    w.clock.advance((DOCUMENT_LINK_SECONDS + 1) * 1000);
    expect((await fetch(`${w.base}${link}`)).status).toBe(401);
    const fresh = await linkFor('magistrate', book('JAI1', 'register_csv', '2026-11'));
    await w.app.deps.db.staffMember.updateMany({
      where: { telegramUserId: BigInt(7103) },
      data: { revokedAt: w.clock.now() },
    });
    expect((await fetch(`${w.base}${fresh}`)).status).toBe(401);
  });
});
