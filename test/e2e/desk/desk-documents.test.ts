import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_LINK_SECONDS, EXPIRED_LINK_SHOWN_SECONDS } from '../../../src/http/desk/document-link';
import { DESK_TOKEN, initDataFor, startDeskWorld, type DeskPerson, type DeskWorld } from '../../support/desk';
import { enrolStaff } from '../../support/fixtures';
import { confirmedReceipt } from '../../support/paid-case';

// The entry's PDFs from the staff desk over real HTTP: the page asks for a link with Telegram's initData (checked as on
// every desk request: each role at its own and another pound, forged, stale, an owner's, a revoked keeper's), gets a
// signed link that works five minutes for that user and that document, and the link gives the PDF typeset from the
// recorded facts (read back with pdftotext), audited as 'document.view'.

describe('staff desk PDFs over HTTP', { timeout: 90_000 }, () => {
  let w: DeskWorld;
  let dir: string;
  let paid: Awaited<ReturnType<typeof confirmedReceipt>>;
  let paidCase: number;
  beforeAll(async () => {
    w = await startDeskWorld();
    dir = await mkdtemp(path.join(tmpdir(), 'desk-pdf-'));
    paid = await confirmedReceipt(w.app.deps.db, w.app.deps.config, w.clock.now());
    paidCase = (await w.app.deps.db.case.findUniqueOrThrow({ where: { number: paid.caseNumber } })).id;
  }, 180_000);
  afterAll(async () => {
    await w?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, initData?: string) =>
    fetch(`${w.base}${url}`, { headers: initData === undefined ? {} : { 'x-telegram-init-data': initData } });
  const linkOf = (caseId: number, kind: string, n?: number) =>
    `/desk/v/document?case=${caseId}&kind=${kind}${n === undefined ? '' : `&n=${n}`}`;
  const askLink = async (person: DeskPerson | number, url: string) => {
    const data = typeof person === 'number' ? initDataFor(person, w.clock.now()) : w.initData(person as DeskPerson);
    const r = await get(url, data);
    return {
      status: r.status,
      url: r.ok ? ((await r.json()) as { url: string }).url : null,
      body: r.ok ? '' : await r.text(),
    };
  };
  let n = 0;
  const textOf = async (bytes: ArrayBuffer) => {
    const file = path.join(dir, `d${n++}.pdf`);
    await writeFile(file, Buffer.from(bytes));
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  };
  const jai1 = () => w.caseIds[w.cases.JAI1[0]!]!;
  const jai2 = () => w.caseIds[w.cases.JAI2[0]!]!;
  const pun1 = () => w.caseIds[w.cases.PUN1[0]!]!;

  it('gives each role a link to the PDFs of its own pounds only (404 at another pound)', async () => {
    const cases: Array<[DeskPerson, () => number, number]> = [
      ['keeper', jai1, 200],
      ['keeper', jai2, 404],
      ['keeper', pun1, 404],
      ['officer', jai2, 200],
      ['officer', jai1, 404],
      ['magistrate', jai1, 200],
      ['magistrate', jai2, 200],
      ['magistrate', pun1, 404],
      ['admin', pun1, 200],
    ];
    for (const [person, id, status] of cases) {
      const r = await askLink(person, linkOf(id(), 'register'));
      expect(r.status, `${person} ${id()}`).toBe(status);
      if (status === 200) expect(r.url).toMatch(/^\/desk\/pdf\?t=[\w-]+\.[\w-]+$/);
      else expect(r.body).toBe('');
    }
  });

  it('answers 401 with nothing to missing, forged and stale initData, an owner and a revoked keeper', async () => {
    const url = linkOf(jai1(), 'register');
    const good = w.initData('keeper');
    const bad = {
      missing: undefined,
      forged: good.replace(/hash=[0-9a-f]+/, `hash=${'0'.repeat(64)}`),
      stale: w.initData('keeper', { at: new Date(w.clock.now().getTime() - 3601_000) }),
      other_bot: initDataFor(7101, w.clock.now(), { token: DESK_TOKEN.replace('654321', '123456') }),
      owner: w.initData('owner'),
      revoked: w.initData('revoked'),
    };
    for (const [why, data] of Object.entries(bad)) {
      const r = await get(url, data);
      expect(r.status, why).toBe(401);
      expect(await r.text(), why).toBe('');
    }
    // Bad input: 400, an unknown document or a receipt of another entry: 404.
    expect((await get(`/desk/v/document?case=${jai1()}&kind=letter`, good)).status).toBe(400);
    expect((await get(`/desk/v/document?case=x&kind=register`, good)).status).toBe(400);
    expect((await askLink('keeper', linkOf(jai1(), 'receipt', paid.receipt.id))).status).toBe(
      paidCase === jai1() ? 200 : 404,
    );
  });

  it('serves the receipt and the register extract as PDFs typeset from the facts, audited', async () => {
    const receipt = await askLink('keeper', linkOf(paidCase, 'receipt', paid.receipt.id));
    expect(receipt.status).toBe(200);
    const r = await get(receipt.url!);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toMatch(/^inline; filename="[\w.-]+\.pdf"$/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const text = await textOf(await r.arrayBuffer());
    expect(text).toContain(paid.receipt.number);
    expect(text).toContain('940');

    const register = await askLink('magistrate', linkOf(jai1(), 'register'));
    const reg = await get(register.url!);
    expect(reg.status).toBe(200);
    expect(await textOf(await reg.arrayBuffer())).toContain(w.cases.JAI1[0]!);

    const views = await w.app.deps.db.auditEvent.findMany({
      where: { action: 'document.view' },
      orderBy: { id: 'asc' },
      select: { caseId: true, actorRole: true, actorTelegramId: true, details: true },
    });
    expect(views.slice(-2)).toEqual([
      {
        caseId: paidCase,
        actorRole: 'pound_keeper',
        actorTelegramId: 7101n,
        details: { kind: 'receipt', n: paid.receipt.id },
      },
      { caseId: jai1(), actorRole: 'magistrate', actorTelegramId: 7103n, details: { kind: 'register' } },
    ]);
  });

  it('refuses a link changed or of a keeper revoked since (401), a document not made yet (404); an expired one says so', async () => {
    const { url } = await askLink('keeper', linkOf(jai1(), 'register'));
    // Another document or entry put into the link: the signature no longer fits.
    const [body, sig] = url!.slice('/desk/pdf?t='.length).split('.') as [string, string];
    const fields = JSON.parse(Buffer.from(body, 'base64url').toString()) as unknown[];
    fields[1] = jai2();
    const changed = `/desk/pdf?t=${Buffer.from(JSON.stringify(fields)).toString('base64url')}.${sig}`;
    for (const bad of [changed, `${url}x`, '/desk/pdf?t=abc', '/desk/pdf', `/desk/pdf?t=${'a'.repeat(500)}`]) {
      const r = await get(bad);
      expect(r.status, bad).toBe(401);
      expect(await r.text()).toBe('');
    }
    const before = await w.app.deps.db.auditEvent.count({ where: { action: 'document.view' } });
    w.clock.advance((DOCUMENT_LINK_SECONDS + 1) * 1000);
    try {
      // Ran out: a page that says so (no PDF, no audit) and offers a fresh link and the case in the chat.
      const gone = await get(`${url!}&lang=en`);
      expect(gone.status).toBe(410);
      expect(gone.headers.get('content-type')).toContain('text/html');
      const page = await gone.text();
      expect(page).toContain('This link to the document has run out');
      expect(page).toContain(`href="/desk/pdf/renew?t=${url!.slice('/desk/pdf?t='.length)}"`);
      expect(page).toContain('https://t.me/kanji_desk_test_bot?start=case_');
      // The fresh link: a browser not signed in to the desk is sent to the entry in the desk (which asks who he is).
      const renew = await fetch(`${w.base}/desk/pdf/renew?t=${url!.slice('/desk/pdf?t='.length)}`, {
        redirect: 'manual',
      });
      expect(renew.status).toBe(303);
      expect(renew.headers.get('location')).toBe(`/desk?entry=${jai1()}`);
      // Signed by someone else, or long gone: nothing but 401.
      expect((await get(changed)).status).toBe(401);
      w.clock.advance((EXPIRED_LINK_SHOWN_SECONDS + 1) * 1000);
      try {
        expect((await get(url!)).status).toBe(401);
      } finally {
        w.clock.advance(-(EXPIRED_LINK_SHOWN_SECONDS + 1) * 1000);
      }
    } finally {
      w.clock.advance(-(DOCUMENT_LINK_SECONDS + 1) * 1000);
    }
    // A keeper enrolled, given a link, then revoked: the link stops working with his grant.
    const s = await enrolStaff(w.app.deps.db, 7191, 'POUND_KEEPER', ['JAI1']);
    const his = await askLink(7191, linkOf(jai1(), 'register'));
    expect(his.status).toBe(200);
    await w.app.deps.db.staffMember.update({ where: { id: s.id }, data: { revokedAt: w.clock.now() } });
    expect((await get(his.url!)).status).toBe(401);
    // ... and once it has run out, no page about it either.
    w.clock.advance((DOCUMENT_LINK_SECONDS + 1) * 1000);
    try {
      expect((await get(his.url!)).status).toBe(401);
    } finally {
      w.clock.advance(-(DOCUMENT_LINK_SECONDS + 1) * 1000);
    }
    expect(await w.app.deps.db.auditEvent.count({ where: { action: 'document.view' } })).toBe(before);
    // No s. 16 account delivered on this entry: nothing to typeset.
    const account = await askLink('keeper', linkOf(jai1(), 'account', 1));
    expect(account.status).toBe(200);
    expect((await get(account.url!)).status).toBe(404);
  });

  it('offers the s. 14 notice and proclamation once the entry is reported, typeset from its facts', async () => {
    const id = jai2();
    const before = await (await get(`/desk/v/entry?id=${id}&lang=en`, w.initData('officer'))).text();
    expect(before).not.toContain('kind=notice');
    await w.app.deps.db.case.update({
      where: { id },
      data: { status: 'REPORTED_S14', reportedAt: w.clock.now() },
    });
    const after = await (await get(`/desk/v/entry?id=${id}&lang=en`, w.initData('officer'))).text();
    expect(after).toContain('Notice to post (s. 14)');
    expect(after).toContain('Drum proclamation (s. 14)');
    const notice = await askLink('officer', linkOf(id, 'notice'));
    const r = await get(notice.url!);
    expect(r.status).toBe(200);
    const text = await textOf(await r.arrayBuffer());
    expect(text).toContain(w.cases.JAI2[0]!);
    expect(text).toContain('Samod');
  });

  it('prints the register extract of a pound-day whose stored photo does not decode: the photo left out, a line in its place', async () => {
    // Bytes kept before the doors decoded photos: a JPEG signature, then junk (written straight to the table).
    const db = w.app.deps.db;
    const id = jai1();
    const bad = await db.photo.create({
      data: {
        caseId: id,
        source: 'keeper',
        status: 'STORED',
        contentType: 'image/jpeg',
        bytes: Buffer.concat([
          Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
          Buffer.from('JFIF junk '.repeat(200)),
        ]),
        byteSize: 2006,
        storedAt: w.clock.now(),
      },
    });
    await db.head.updateMany({ where: { caseId: id }, data: { photoId: bad.id } });
    for (const person of ['keeper', 'magistrate'] as const) {
      const { url } = await askLink(person, linkOf(id, 'register'));
      const r = await get(url!);
      expect(r.status, person).toBe(200);
      const text = await textOf(await r.arrayBuffer());
      expect(text).toContain(w.cases.JAI1[0]!);
      expect(text.replace(/\s+/g, ' ')).toContain('Photo could not be included');
    }
  });

  it('lists the entry’s PDFs on its page, in both languages', async () => {
    const en = await (await get(`/desk/v/entry?id=${paidCase}&lang=en`, w.initData('keeper'))).text();
    expect(en).toContain('Documents (PDF)');
    expect(en).toContain(`data-pdf href="/desk/v/document?case=${paidCase}&#38;kind=register"`);
    expect(en).toContain(`kind=receipt&#38;n=${paid.receipt.id}`);
    expect(en).toContain(`Receipt ${paid.receipt.number}`);
    const hi = await (await get(`/desk/v/entry?id=${paidCase}&lang=hi`, w.initData('keeper'))).text();
    expect(hi).toContain('दस्तावेज़ (PDF)');
    expect(hi).toContain(`रसीद ${paid.receipt.number}`);
  });
});
