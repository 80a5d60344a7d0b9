import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig } from '../../../src/config';
import { paiseOf } from '../../../src/db';
import { recordClaim } from '../../../src/services/claims';
import { confirmPayment, rejectPayment, declarePayment } from '../../../src/services/payments';
import { setClaimHeads } from '../../../src/services/part-claim';
import { loadNoticeFacts } from '../../../src/services/notice';
import { releaseCattle } from '../../../src/services/release';
import { loadStaffActor } from '../../../src/services/staff';
import { documentSpec } from '../../../src/documents';
import { createTranslator } from '../../../src/i18n';
import { ist } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../support/db';
import { enrolStaff, seed } from '../../support/fixtures';

const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST' });

/**
 * One register entry, several owners: each owner claims and pays for his own heads. Two keepers
 * confirm two owners' part payments at the same moment, each confirmation sent twice: every head is released once,
 * every payment confirmed once, and the money is conserved per case and per owner. On Postgres the four
 * confirmations really race (row locks, the case's version); on PGlite they are serialised by its one connection.
 *
 * Amounts by hand (demo rates of JAI1, area RJ-JAIPUR, from src/db/seed.ts): impounded 27 Nov 2026 11:00 IST,
 * confirmed 29 Nov 2026 10:00 IST → 3 feeding days (27, 28, 29 Nov, both ends counted), fine scale of 1 June 2026,
 * feeding rate of 1 Oct 2026.
 *   cow:     fine ₹100 + 3 × ₹70 = 10000 + 21000 = 31000 paise
 *   buffalo: fine ₹200 + 3 × ₹90 = 20000 + 27000 = 47000 paise
 */
const COW = 10000 + 3 * 7000;
const BUFFALO = 20000 + 3 * 9000;

describe.each(await dbKinds())('part claims of a multi-owner entry on %s', (kind) => {
  let tdb: TestDatabase;
  const now = ist('2026-11-29 10:00');
  const db = () => tdb.prisma;
  const keeper = (id: number, messageId: number) =>
    loadStaffActor(db(), { telegramId: BigInt(id), chatId: id, messageId });

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    await seed(tdb.prisma, now);
    await enrolStaff(tdb.prisma, 7501, 'POUND_KEEPER', ['JAI1']);
    await enrolStaff(tdb.prisma, 7502, 'POUND_KEEPER', ['JAI1']);
  }, 60_000);
  afterAll(() => tdb?.destroy());

  /** An owner claims the heads with these register numbers (none: all) and declares payment of the dues. */
  async function claimAndDeclare(caseId: number, owner: bigint, indexes: number[] | 'all') {
    await db().telegramUser.upsert({
      where: { id: owner },
      create: { id: owner, firstName: `Owner ${owner}` },
      update: {},
    });
    const claim = await recordClaim(db(), {
      caseId,
      kind: 'S13_CLAIM',
      telegramUserId: owner,
      claimantName: `Owner ${owner}`,
      isAgent: false,
      ownerName: `Owner ${owner}`,
    });
    if (indexes !== 'all') {
      const heads = await db().head.findMany({ where: { caseId, index: { in: indexes } } });
      await setClaimHeads(
        db(),
        claim.id,
        heads.map((h) => h.id),
      );
    }
    const d = await declarePayment(
      { db: db(), config },
      {},
      { claimId: claim.id, telegramUserId: owner, method: 'CASH', amountPaise: null, upiRef: null, now },
    );
    if (d.kind !== 'declared') throw new Error(JSON.stringify(d));
    return { claimId: claim.id, paymentId: d.paymentId, duesPaise: d.duesPaise };
  }

  async function ledgerOf(caseId: number) {
    return (await db().ledgerEntry.findMany({ where: { caseId }, orderBy: { id: 'asc' } })).map((e) => ({
      account: e.account,
      key: e.idempotencyKey,
      paise: paiseOf(e.amountPaise),
    }));
  }

  it('two keepers confirm two owners’ part payments at once, each twice: each head released once, money conserved per owner', async () => {
    const c = await caseFixture(db(), {
      pound: 'JAI1',
      impoundedAt: '2026-11-27T11:00:00+05:30',
      place: 'Achrol',
      heads: [
        ['cow', 'black, white star'],
        ['buffalo', 'black, curved horns'],
        ['buffalo', 'brown'],
      ],
    }).build();
    const a = await claimAndDeclare(c.id, 7601n, [1]);
    const b = await claimAndDeclare(c.id, 7602n, [2]);
    expect([a.duesPaise, b.duesPaise]).toEqual([COW, BUFFALO]);
    // A part declaration leaves the case's status alone.
    expect((await db().case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('IMPOUNDED');

    const confirm = async (paymentId: number, keeperId: number, msg: number) =>
      confirmPayment(db(), { paymentId, actor: await keeper(keeperId, msg), now, botUsername: 'bot' });
    const results = await Promise.allSettled([
      confirm(a.paymentId, 7501, 1),
      confirm(b.paymentId, 7502, 2),
      confirm(a.paymentId, 7501, 1),
      confirm(b.paymentId, 7502, 2),
    ]);
    // Each confirmation is "confirmed" once; its replay "already"; a racing neighbour may still be told CONFLICT
    // after its one retry (the keeper taps again) — never anything else.
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ name: 'Refusal', code: 'CONFLICT' });
      else expect(['confirmed', 'already']).toContain(r.value.status);
    }
    const confirmedNow = results
      .filter((r) => r.status === 'fulfilled' && r.value.status === 'confirmed')
      .map((r) => (r as PromiseFulfilledResult<{ paymentId: number }>).value.paymentId);
    expect(new Set(confirmedNow).size).toBe(confirmedNow.length);
    // The keeper taps again where he was told the case changed.
    for (const p of [a, b])
      if (!confirmedNow.includes(p.paymentId)) expect((await confirm(p.paymentId, 7501, 3)).status).toBe('confirmed');
    for (const p of [a, b]) expect((await confirm(p.paymentId, 7502, 4)).status).toBe('already');

    const heads = await db().head.findMany({ where: { caseId: c.id }, orderBy: { index: 'asc' } });
    expect(heads.map((h) => h.status)).toEqual(['RELEASED', 'RELEASED', 'IMPOUNDED']);
    const releases = await db().release.findMany({ where: { caseId: c.id }, orderBy: { claimId: 'asc' } });
    expect(releases.map((r) => [r.claimId, r.slot, r.headCount, r.basis])).toEqual([
      [a.claimId, a.claimId, 1, 'S13_PAYMENT'],
      [b.claimId, b.claimId, 1, 'S13_PAYMENT'],
    ]);
    const after = await db().case.findUniqueOrThrow({ where: { id: c.id } });
    expect(after.status).toBe('IMPOUNDED');
    const payments = await db().payment.findMany({ where: { caseId: c.id }, orderBy: { id: 'asc' } });
    expect(payments.map((p) => [p.status, p.part, paiseOf(p.amountPaise), p.confirmedSlot])).toEqual([
      ['CONFIRMED', true, COW, `${c.id}:S13_PAYMENT:claim:${a.claimId}`],
      ['CONFIRMED', true, BUFFALO, `${c.id}:S13_PAYMENT:claim:${b.claimId}`],
    ]);
    expect(await db().receipt.count({ where: { caseId: c.id } })).toBe(2);

    // Ledger: per owner, what he paid is the dues of his heads, divided to the paisa (s. 17: fine to the Magistrate,
    // feeding to the keeper); per case, the parts are what was received. Nothing twice.
    const ledger = await ledgerOf(c.id);
    for (const [p, fine, feeding] of [
      [a, 10000, 21000],
      [b, 20000, 27000],
    ] as const) {
      const mine = ledger.filter((e) => e.key.startsWith(`payment:${p.paymentId}:`));
      expect(mine).toEqual([
        { account: 'OWNER_PAYMENT', key: `payment:${p.paymentId}:received`, paise: fine + feeding },
        { account: 'DISTRICT_MAGISTRATE', key: `payment:${p.paymentId}:split:DISTRICT_MAGISTRATE`, paise: fine },
        { account: 'POUND_KEEPER', key: `payment:${p.paymentId}:split:POUND_KEEPER`, paise: feeding },
      ]);
    }
    const received = ledger.filter((e) => e.account === 'OWNER_PAYMENT').reduce((s, e) => s + e.paise, 0);
    const divided = ledger.filter((e) => e.key.includes(':split:')).reduce((s, e) => s + e.paise, 0);
    expect([received, divided, ledger.length]).toEqual([COW + BUFFALO, COW + BUFFALO, 6]);
    // s. 14 goes on for the head still impounded: the report and notice name it alone.
    const facts = await loadNoticeFacts(db(), c.id);
    expect([facts?.headCount, facts?.groups]).toEqual([
      1,
      [{ cattleClass: 'buffalo', description: 'brown', count: 1 }],
    ]);
  }, 60_000);

  it('a head already released is not paid for twice; the last owner’s part claim becomes the case’s own path', async () => {
    const c = await caseFixture(db(), {
      pound: 'JAI1',
      impoundedAt: '2026-11-27T11:00:00+05:30',
      place: 'Jaitpura',
      heads: [
        ['cow', 'red-speckled'],
        ['buffalo', 'grey-flanked'],
        ['cow', 'white-faced'],
      ],
    }).build();
    const a = await claimAndDeclare(c.id, 7611n, [1]);
    const b = await claimAndDeclare(c.id, 7612n, [2]);
    // A third person claims "all of them" (the whole case, heads 1–3): PAYMENT_PENDING, 2 cows + 1 buffalo.
    const x = await claimAndDeclare(c.id, 7613n, 'all');
    expect(x.duesPaise).toBe(2 * COW + BUFFALO);
    expect((await db().case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('PAYMENT_PENDING');
    expect(
      (await confirmPayment(db(), { paymentId: a.paymentId, actor: await keeper(7501, 10), now, botUsername: 'bot' }))
        .status,
    ).toBe('confirmed');
    // A's release slip: his red cow only (the entry's other heads are not his to sign for).
    const slipA = JSON.stringify(
      (
        await documentSpec(
          { db: db(), translator: await createTranslator(), botUsername: 'bot', now },
          { kind: 'release', caseId: c.id },
          ['en'],
        )
      ).layout,
    );
    expect([slipA.includes('red-speckled'), slipA.includes('grey-flanked'), slipA.includes('white-faced')]).toEqual([
      true,
      false,
      false,
    ]);
    // A's receipt PDF names his head and says it covers only that one, in both languages.
    const receiptA = await db().receipt.findFirstOrThrow({ where: { paymentId: a.paymentId } });
    const pdfA = JSON.stringify(
      (
        await documentSpec(
          { db: db(), translator: await createTranslator(), botUsername: 'bot', now },
          { kind: 'receipt', receiptId: receiptA.id },
        )
      ).layout,
    );
    expect([pdfA.includes('red-speckled'), pdfA.includes('grey-flanked'), pdfA.includes('white-faced')]).toEqual([
      true,
      false,
      false,
    ]);
    expect([
      pdfA.includes("This owner's head covered (1)"),
      pdfA.includes('इस स्वामी का पशु, जिसके लिए यह रसीद है (1)'),
    ]).toEqual([true, true]);
    // Head 1 went home on A's payment: X's whole payment (which counted it) is refused, citing s. 13; nothing kept.
    await expect(
      confirmPayment(db(), { paymentId: x.paymentId, actor: await keeper(7502, 11), now, botUsername: 'bot' }),
    ).rejects.toMatchObject({
      code: 'REFUSED',
      section: 's. 13',
      params: { reason: 'HEAD_NOT_IN_CUSTODY' },
    });
    expect((await db().payment.findUniqueOrThrow({ where: { id: x.paymentId } })).status).toBe('PENDING');
    expect(
      (
        await rejectPayment(db(), {
          paymentId: x.paymentId,
          actor: await keeper(7502, 12),
          reason: 'head 1 is not his',
          now,
        })
      ).status,
    ).toBe('rejected');
    expect((await db().case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('IMPOUNDED');
    // B's part claim (declared while three heads were in) and the third cow's owner: B is still a part.
    expect(
      (await confirmPayment(db(), { paymentId: b.paymentId, actor: await keeper(7502, 13), now, botUsername: 'bot' }))
        .status,
    ).toBe('confirmed');
    const last = await claimAndDeclare(c.id, 7614n, [3]);
    // Declared when head 3 was all that was left: the case's own path.
    expect(last.duesPaise).toBe(COW);
    expect((await db().case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('PAYMENT_PENDING');
    expect(
      (
        await confirmPayment(db(), {
          paymentId: last.paymentId,
          actor: await keeper(7501, 14),
          now,
          botUsername: 'bot',
        })
      ).status,
    ).toBe('confirmed');
    const released = await releaseCattle(db(), { caseNumber: c.number, actor: await keeper(7501, 15), now });
    expect(released).toMatchObject({ status: 'released', basis: 'S13_PAYMENT', headCount: 1 });
    expect((await db().case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('RELEASED_S13');
    expect((await db().head.findMany({ where: { caseId: c.id } })).every((h) => h.status === 'RELEASED')).toBe(true);
    const received = (await ledgerOf(c.id)).filter((e) => e.account === 'OWNER_PAYMENT').map((e) => e.paise);
    expect(received).toEqual([COW, BUFFALO, COW]);
    // The release slip of the case's own release lists the head released with it, not those taken earlier on part claims.
    const slip = await documentSpec(
      { db: db(), translator: await createTranslator(), botUsername: 'bot', now },
      { kind: 'release', caseId: c.id },
      ['en'],
    );
    const text = JSON.stringify(slip.layout);
    expect([text.includes('white-faced'), text.includes('red-speckled'), text.includes('grey-flanked')]).toEqual([
      true,
      false,
      false,
    ]);
    // The receipt of the case's own payment lists its money by section only, no heads (as before).
    const receiptLast = await db().receipt.findFirstOrThrow({ where: { paymentId: last.paymentId } });
    const pdfLast = JSON.stringify(
      (
        await documentSpec(
          { db: db(), translator: await createTranslator(), botUsername: 'bot', now },
          { kind: 'receipt', receiptId: receiptLast.id },
          ['en'],
        )
      ).layout,
    );
    expect([pdfLast.includes('white-faced'), pdfLast.includes('covered')]).toEqual([false, false]);
  }, 60_000);

  it('a part claim declared while others were in, confirmed after they left, takes the case’s own path', async () => {
    const c = await caseFixture(db(), {
      pound: 'JAI1',
      impoundedAt: '2026-11-27T11:00:00+05:30',
      place: 'Bagru',
      heads: [
        ['cow', 'red'],
        ['buffalo', 'grey'],
      ],
    }).build();
    const a = await claimAndDeclare(c.id, 7621n, [1]);
    const b = await claimAndDeclare(c.id, 7622n, [2]);
    expect(
      (await confirmPayment(db(), { paymentId: a.paymentId, actor: await keeper(7501, 20), now, botUsername: 'bot' }))
        .status,
    ).toBe('confirmed');
    expect(
      (await confirmPayment(db(), { paymentId: b.paymentId, actor: await keeper(7501, 21), now, botUsername: 'bot' }))
        .status,
    ).toBe('confirmed');
    const stored = await db().case.findUniqueOrThrow({ where: { id: c.id } });
    expect(stored.status).toBe('PAYMENT_PENDING');
    expect((await db().payment.findUniqueOrThrow({ where: { id: b.paymentId } })).confirmedSlot).toBe(
      `${c.id}:S13_PAYMENT`,
    );
    expect(await releaseCattle(db(), { caseNumber: c.number, actor: await keeper(7501, 22), now })).toMatchObject({
      status: 'released',
      headCount: 1,
      receiptNumber: expect.any(String),
    });
    expect((await db().case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('RELEASED_S13');
  }, 60_000);
});
