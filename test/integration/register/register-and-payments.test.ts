import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig } from '../../../src/config';
import { createTranslator, type Translator } from '../../../src/i18n';
import { recordClaim } from '../../../src/services/claims';
import { issueEnrolmentCode, redeemEnrolmentCode, loadGrants, staffActorOf } from '../../../src/services/staff';
import { confirmPayment, declarePayment } from '../../../src/services/payments';
import { issueReceipt } from '../../../src/services/receipts';
import { buildRegisterExport, registerSeizure } from '../../../src/services/register';
import { releaseCattle } from '../../../src/services/release';
import { Refusal } from '../../../src/services/refusal';
import { type CaseBuilder, caseFixture, ist } from '../../support/case-builder';
import { actAs } from '../../support/case-fixture';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../support/db';
import { enrolStaff, seed } from '../../support/fixtures';

const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST' });

describe.each(await dbKinds())('staff services on %s', (kind) => {
  let tdb: TestDatabase;
  let translator: Translator;
  const now = new Date('2026-11-29T10:00:00+05:30');
  const via = (id: number, messageId: number) => ({ telegramId: BigInt(id), chatId: id, messageId });

  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    translator = await createTranslator({ strict: true });
    await seed(tdb.prisma, now);
    await enrolStaff(tdb.prisma, 7001, 'POUND_KEEPER', ['JAI1']);
    await enrolStaff(tdb.prisma, 7002, 'POUND_KEEPER', ['JAI1']);
    await enrolStaff(tdb.prisma, 7003, 'POUND_KEEPER', ['JAI2']);
  });
  afterAll(() => tdb?.destroy());

  const db = () => tdb.prisma;
  const grants = (id: number) => loadGrants(db(), BigInt(id));
  const jai1 = () => db().pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
  const entry = async (impoundedAt: Date) => ({
    poundId: (await jai1()).id,
    groups: [{ cattleClass: 'bullock', count: 1, descriptions: ['grey Khillar'] }],
    impoundedAt,
    seizerName: 'Seizer',
    seizerResidence: 'Amer',
    placeOfSeizure: 'Amer',
  });

  it('numbers a case by the India year it was brought in, and a replayed message registers nothing new', async () => {
    const later = new Date('2027-01-02T10:00:00+05:30');
    const r = await registerSeizure(db(), {
      entry: await entry(new Date('2026-12-31T23:30:00+05:30')),
      actor: staffActorOf(await grants(7001), via(7001, 10)),
      now: later,
    });
    expect(r.case.number).toMatch(/^JAI1-2026-\d+$/);
    expect(r.case.year).toBe(2026);
    const next = await registerSeizure(db(), {
      entry: await entry(new Date('2027-01-01T00:10:00+05:30')),
      actor: staffActorOf(await grants(7001), via(7001, 11)),
      now: later,
    });
    expect(next.case.number).toBe('JAI1-2027-1');
    const again = await registerSeizure(db(), {
      entry: await entry(new Date('2027-01-01T00:10:00+05:30')),
      actor: staffActorOf(await grants(7001), via(7001, 11)),
      now: later,
    });
    expect([again.replay, again.case.id]).toEqual([true, next.case.id]);
    expect(await db().case.count({ where: { number: { startsWith: 'JAI1-2027-' } } })).toBe(1);
  });

  it('refuses a keeper of another pound (and an owner) before writing anything', async () => {
    const before = await db().case.count();
    await expect(
      registerSeizure(db(), { entry: await entry(now), actor: staffActorOf(await grants(7003), via(7003, 12)), now }),
    ).rejects.toMatchObject({ code: 'WRONG_POUND' });
    await expect(
      registerSeizure(db(), { entry: await entry(now), actor: staffActorOf([], via(7999, 13)), now }),
    ).rejects.toMatchObject({ code: 'NOT_ALLOWED' });
    await expect(
      registerSeizure(db(), { entry: await entry(now), actor: staffActorOf([], via(7999, 13)), now }),
    ).rejects.toBeInstanceOf(Refusal);
    expect(await db().case.count()).toBe(before);
  });

  it('a code redeemed by three people at once binds exactly one of them', async () => {
    const { code } = await issueEnrolmentCode(db(), { role: 'OFFICER', poundCodes: ['JAI1'], ttlHours: 24, now });
    const results = await Promise.allSettled(
      [7101, 7102, 7103].map((id) =>
        redeemEnrolmentCode(db(), { code, telegramId: BigInt(id), firstName: `U${id}`, chatId: id, messageId: 1, now }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refused.map((e) => (e instanceof Refusal ? e.code : e))).toEqual(['ENROL_CODE_USED', 'ENROL_CODE_USED']);
    expect(await db().staffMember.count({ where: { telegramUserId: { in: [7101n, 7102n, 7103n] } } })).toBe(1);
  });

  it('five confirmations at once by two keepers record one payment', async () => {
    const c = await db().case.findFirstOrThrow({ where: { placeOfSeizure: 'Kunda' } });
    await db().telegramUser.create({ data: { id: 7201n, firstName: 'Owner' } });
    const claim = await recordClaim(db(), {
      caseId: c.id,
      kind: 'S13_CLAIM',
      telegramUserId: 7201n,
      claimantName: 'Owner',
      isAgent: false,
      ownerName: 'Owner',
    });
    const d = await declarePayment(
      { db: db(), config },
      {},
      { claimId: claim.id, telegramUserId: 7201n, method: 'CASH', amountPaise: null, upiRef: null, now },
    );
    if (d.kind !== 'declared') throw new Error(d.kind);
    const [g1, g2] = [await grants(7001), await grants(7002)];
    const outcomes = await Promise.all(
      [g1, g2, g1, g2, g1].map((g, i) =>
        confirmPayment(db(), {
          paymentId: d.paymentId,
          actor: staffActorOf(g, via(g === g1 ? 7001 : 7002, 100 + i)),
          now,
          botUsername: 'bot',
        }),
      ),
    );
    expect(
      outcomes.filter((o) => o.status === 'confirmed'),
      JSON.stringify(outcomes),
    ).toHaveLength(1);
    expect(
      outcomes.filter((o) => o.status === 'already'),
      JSON.stringify(outcomes),
    ).toHaveLength(4);
    expect(await db().payment.count({ where: { caseId: c.id, status: 'CONFIRMED' } })).toBe(1);
    expect(await db().ledgerEntry.count({ where: { caseId: c.id, account: 'OWNER_PAYMENT' } })).toBe(1);
    // One s. 17 division of it (fines, feeding charges): three rows in all.
    expect(await db().ledgerEntry.count({ where: { caseId: c.id } })).toBe(3);
    expect(await db().receipt.count({ where: { caseId: c.id } })).toBe(1);
    expect(await db().outboxEntry.count({ where: { jobKey: `payment:${d.paymentId}:receipt` } })).toBe(1);
  });

  it('receipts issued at the same moment in one pound get consecutive, distinct numbers', async () => {
    const pound = await jai1();
    const c = await db().case.findFirstOrThrow({ where: { placeOfSeizure: 'Nangal' } });
    const year = 2031; // a year with no other receipts in this database
    const at = new Date(`${year}-03-01T10:00:00+05:30`);
    const numbers = await Promise.all(
      Array.from({ length: 6 }, () =>
        db().$transaction((tx) =>
          issueReceipt(tx, {
            caseId: c.id,
            pound,
            kind: 'S13_PAYMENT',
            amountPaise: 100,
            items: [{ kind: 'total', section: 's. 13', amountPaise: 100 }],
            now: at,
          }),
        ),
      ),
    );
    expect(numbers.map((r) => r.number).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `JAI1-R-${year}-00000${n}`));
    expect(new Set(numbers.map((r) => r.verificationCode)).size).toBe(6);
  });

  it('a confirmed s. 15 deposit lets the keeper deliver the cattle (DEPOSITED_S15), with the deposit in the ledger', async () => {
    const c = await db().case.findFirstOrThrow({ where: { placeOfSeizure: 'Samod' } });
    await enrolStaff(db(), 7004, 'POUND_KEEPER', ['JAI2']);
    await db().telegramUser.create({ data: { id: 7202n, firstName: 'Depositor' } });
    const claim = await recordClaim(db(), {
      caseId: c.id,
      kind: 'S15_PROTEST',
      telegramUserId: 7202n,
      claimantName: 'Depositor',
      isAgent: false,
      ownerName: 'Depositor',
      intendsComplaint: true,
    });
    const d = await declarePayment(
      { db: db(), config },
      {},
      { claimId: claim.id, telegramUserId: 7202n, method: 'UPI', amountPaise: null, upiRef: 'UTR99887766', now },
    );
    if (d.kind !== 'declared') throw new Error(d.kind);
    const refusedEarly = releaseCattle(db(), {
      caseNumber: c.number,
      actor: staffActorOf(await grants(7004), via(7004, 200)),
      now,
    });
    await expect(refusedEarly).rejects.toMatchObject({
      code: 'REFUSED',
      section: 's. 19',
      params: { reason: 'RELEASE_WITHOUT_PAYMENT_DEPOSIT_OR_ORDER' },
    });
    const ok = await confirmPayment(db(), {
      paymentId: d.paymentId,
      actor: staffActorOf(await grants(7004), via(7004, 201)),
      now,
      botUsername: 'bot',
    });
    expect(ok.status).toBe('confirmed');
    const r = await releaseCattle(db(), {
      caseNumber: c.number,
      actor: staffActorOf(await grants(7004), via(7004, 202)),
      now,
    });
    expect(r.status === 'released' && [r.basis, r.headCount]).toEqual(['S15_DEPOSIT', 3]);
    expect((await db().case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('DEPOSITED_S15');
    const ledger = await db().ledgerEntry.findMany({ where: { caseId: c.id } });
    expect(ledger.map((l) => [l.account, l.section, Number(l.amountPaise)])).toEqual([
      ['OWNER_DEPOSIT', 's. 15', d.amountPaise],
    ]);
    expect(
      await db().outboxEntry.count({ where: { jobKey: `release:${r.status === 'released' ? r.releaseId : 0}:owner` } }),
    ).toBe(1);
  });

  it('a Maharashtra receipt shows the s. 12A security line, in the owner’s language', async () => {
    const c = await db().case.findFirstOrThrow({ where: { pound: { code: 'PUN1' } } });
    await enrolStaff(db(), 7005, 'POUND_KEEPER', ['PUN1']);
    await db().telegramUser.create({ data: { id: 7203n, firstName: 'Shinde', languageCode: 'hi' } });
    const claim = await recordClaim(db(), {
      caseId: c.id,
      kind: 'S13_CLAIM',
      telegramUserId: 7203n,
      claimantName: 'Shinde',
      isAgent: false,
      ownerName: 'Shinde',
    });
    const d = await declarePayment(
      { db: db(), config },
      {},
      { claimId: claim.id, telegramUserId: 7203n, method: 'CASH', amountPaise: null, upiRef: null, now },
    );
    if (d.kind !== 'declared') throw new Error(d.kind);
    const payment = await db().payment.findUniqueOrThrow({ where: { id: d.paymentId } });
    const totals = (
      payment.duesSnapshot as { totals: { finePaise: number; feedingPaise: number; securityPaise: number } }
    ).totals;
    expect(totals.securityPaise).toBeGreaterThan(0);
    const r = await confirmPayment(db(), {
      paymentId: d.paymentId,
      actor: staffActorOf(await grants(7005), via(7005, 300)),
      now,
      botUsername: 'bot',
    });
    if (r.status !== 'confirmed') throw new Error(r.status);
    const row = await db().outboxEntry.findUniqueOrThrow({ where: { jobKey: `payment:${d.paymentId}:receipt` } });
    const msg = row.payload as { chatId: string; key: string; params: Record<string, unknown>; qr: string };
    expect([msg.chatId, msg.key, msg.params.context, msg.qr]).toEqual([
      '7203',
      'receipt:owner.s13',
      'security',
      `https://t.me/bot?start=verify_${r.verificationCode}`,
    ]);
    expect([msg.params.fine, msg.params.feeding, msg.params.security]).toEqual([
      totals.finePaise,
      totals.feedingPaise,
      totals.securityPaise,
    ]);
    const text = translator.t('hi', msg.key, msg.params);
    expect(text).toContain('प्रतिभूति राशि (धारा 12क)');
    expect(text).toContain(r.receiptNumber);
    const receipt = await db().receipt.findUniqueOrThrow({ where: { paymentId: d.paymentId } });
    expect((receipt.items as Array<{ kind: string; section: string }>).map((i) => i.section).sort()).toEqual(
      (payment.duesSnapshot as { lines: Array<{ section: string }> }).lines.map((l) => l.section).sort(),
    );
  });

  it('the register export lists notices, auctions, sales and orders too', async () => {
    const pound = await jai1();
    const c = await db().case.findFirstOrThrow({ where: { placeOfSeizure: 'Nangal' }, include: { heads: true } });
    const at = new Date('2026-11-20T12:00:00+05:30');
    await db().notice.create({
      data: { caseId: c.id, postedAt: at, proclaimedWhere: 'Nangal; Amer Haat', proclaimedVillageAt: at },
    });
    const auction = await db().auction.create({
      data: {
        caseId: c.id,
        scheduledFor: at,
        place: '@SUM(1)',
        conditions: 'cash only',
        directionRef: 'DM/AUC/7',
        saleExpensesPaise: 5000,
        completedAt: at,
        status: 'COMPLETED',
      },
    });
    const bidder = await db().bidder.create({
      data: { auctionId: auction.id, name: 'Kishan, son of Ram', address: 'Amer', declarationSigned: true },
    });
    await db().sale.create({
      data: { auctionId: auction.id, headId: c.heads[0]!.id, bidderId: bidder.id, pricePaise: 1_234_500 },
    });
    await db().courtOrder.create({
      data: {
        caseId: c.id,
        kind: 'PROVISO_DISPOSAL',
        authority: 'MAGISTRATE',
        reference: 'DM/PRV/3',
        orderedOn: new Date('2026-11-20T00:00:00Z'),
        recordedAt: at,
      },
    });
    const t = translator.forLang('en');
    const out = await buildRegisterExport(db(), { poundId: pound.id, from: '2026-11-20', to: '2026-11-20', t });
    const lines = out.csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const row = (record: string) => lines.find((l) => l.startsWith(`${t(`staff:export.record.${record}`)},`)) ?? '';
    expect(row('notice')).toContain('Nangal; Amer Haat');
    // Text typed by people cannot become a spreadsheet formula.
    expect(row('auction').endsWith(",'@SUM(1); cash only")).toBe(true);
    expect(row('auction')).toContain('DM/AUC/7');
    expect(row('sale')).toContain('1234500,12345.00');
    expect(row('sale')).toContain('"Kishan, son of Ram, Amer"');
    expect(row('order')).toContain('MAGISTRATE: DM/PRV/3');
    expect(row('order')).toContain(',s. 14,');
    expect(out.counts).toMatchObject({ notice: 1, auction: 1, sale: 1, order: 1 });
    // The day before has none of them.
    const before = await buildRegisterExport(db(), { poundId: pound.id, from: '2026-11-19', to: '2026-11-19', t });
    expect(before.counts).toMatchObject({ notice: 0, auction: 0, sale: 0, order: 0 });
  });

  it('the register export labels each auction and sale with its section: s. 14 when unclaimed, s. 16 after the owner refused', async () => {
    const pound = await jai1();
    const officer = await actAs(db(), 7_700_801, 'OFFICER', ['JAI1']);
    // A goat impounded 1 Nov (seized the evening before), auctioned at Chomu Mandi on 18 Nov 11:00 and sold at noon.
    const mk = (seq: number) =>
      caseFixture(db(), {
        impoundedAt: '2026-11-01T10:00:00+05:30',
        seizedAt: ist('2026-10-31 19:00'),
        place: 'Chomu',
        heads: [['goat', `goat ${seq}`]],
        seizerName: 'S',
      });
    const soldAt = (c: CaseBuilder, seq: number, fixedAt: Date) =>
      c
        .auction(officer, { at: ist('2026-11-18 11:00'), place: 'Chomu Mandi', conditions: 'cash', now: fixedAt })
        .bidder(officer, { name: `Bidder ${seq}`, address: 'Chomu', at: ist('2026-11-18 10:00') })
        .sold(officer, { at: ist('2026-11-18 12:00'), bids: [[1, 100_000]] })
        .build();
    const unclaimed = (seq: number) =>
      mk(seq)
        .reported(ist('2026-11-09 00:00'))
        .noticed(officer, { postedAt: ist('2026-11-09 10:00') });
    const s14 = (await soldAt(unclaimed(801), 801, ist('2026-11-10 10:00'))).number;
    const s16 = (await soldAt(mk(802).refused(officer, ist('2026-11-05 10:00')), 802, ist('2026-11-05 10:05'))).number;
    // The account stored with the auction says which computation was made; it decides over the case's facts: an s. 14
    // sale whose stored account says s. 16 (no service writes that; the export must still follow the account).
    const byAccount = await soldAt(unclaimed(803), 803, ist('2026-11-10 10:00'));
    await db().auction.updateMany({
      where: { caseId: byAccount.id },
      data: { account: { inputs: { mode: 'S16_AS_MANY_AS_NECESSARY' } } },
    });
    const s16ByAccount = byAccount.number;
    for (const lang of ['en', 'hi'] as const) {
      const t = translator.forLang(lang);
      const out = await buildRegisterExport(db(), { poundId: pound.id, from: '2026-11-18', to: '2026-11-18', t });
      const sectionOf = (record: string, number: string) =>
        out.records
          .filter((r) => r.record === t(`staff:export.record.${record}`) && r.case_number === number)
          .map((r) => r.section);
      expect([sectionOf('auction', s14), sectionOf('sale', s14)]).toEqual([['s. 14'], ['s. 14']]);
      expect([sectionOf('auction', s16), sectionOf('sale', s16)]).toEqual([['s. 16'], ['s. 16']]);
      expect([sectionOf('auction', s16ByAccount), sectionOf('sale', s16ByAccount)]).toEqual([['s. 16'], ['s. 16']]);
      const line = out.csv.split('\r\n').find((l) => l.startsWith(`${t('staff:export.record.sale')},${s16},`))!;
      expect(line).toContain(',s. 16,');
    }
    // The case row keeps the time of seizure beside the time brought in.
    const cases = await buildRegisterExport(db(), {
      poundId: pound.id,
      from: '2026-11-01',
      to: '2026-11-01',
      t: translator.forLang('en'),
    });
    expect(cases.records.find((r) => r.case_number === s14 && r.order === 0)!.details).toContain(
      'seized 2026-10-31 19:00',
    );
  });
});
