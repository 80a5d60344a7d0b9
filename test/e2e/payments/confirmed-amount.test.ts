import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '../../../src/i18n/format';
import { recordDepositOutcome } from '../../../src/services/deposit-outcome';
import { caseFixture } from '../../support/case-builder';
import { actAs } from '../../support/case-fixture';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { enrolStaff, seed } from '../../support/fixtures';
import { buttonsOf, lastButton } from '../owner/owner-harness';
import { declareAndDeliver, demoCase } from '../../support/paid-case';

/**
 * Money recorded is money the keeper confirmed (ss. 13, 15): an owner's declaration above the dues is
 * refused with a clear answer, and a declaration above the dues recorded before that refusal existed is
 * confirmed — receipt, OWNER_PAYMENT entry and the keeper's answer — for the dues the keeper confirmed.
 */
describe.each(await dbKinds())('the amount recorded is the amount the keeper confirmed (%s, e2e)', (dbKind) => {
  let h: BotHarness;
  // The last text message to a chat (PDF documents — the receipt, the release slip — may follow it).
  const lastText = (chatId: number) =>
    h.api
      .sentTo(chatId)
      .filter((m) => m.method !== 'sendDocument')
      .at(-1);
  const keeperEn = { id: 5101, firstName: 'Mohan', languageCode: 'en' };
  const keeperHi = { id: 5102, firstName: 'Geeta', languageCode: 'hi' };
  const ownerHi = { id: 5199, firstName: 'रमेश', languageCode: 'hi' };
  const ownerEn = { id: 5198, firstName: 'Sunita', languageCode: 'en' };
  const t = (lang: 'en' | 'hi', key: string, params?: Record<string, unknown>) =>
    h.deps.translator.t(lang, key, params);
  const DECLARED = 10_000_055; // ₹1,00,000.55

  beforeAll(async () => {
    h = await createBotHarness({ dbKind, start: '2026-11-29T10:00:00+05:30', jobs: true });
    await seed(h.deps.db, h.clock.now());
    await enrolStaff(h.deps.db, keeperEn.id, 'POUND_KEEPER', ['JAI1']);
    await enrolStaff(h.deps.db, keeperHi.id, 'POUND_KEEPER', ['JAI1']);
  });
  afterAll(() => h?.close());

  it.each([
    ['en', ownerEn],
    ['hi', ownerHi],
  ] as const)(
    'an owner (%s) typing ₹1,00,000.55 on the dues is told exactly the dues are taken; nothing is recorded',
    async (lang, owner) => {
      const c = await demoCase(h, 'JAI1', lang === 'en' ? 'Kunda' : 'Nangal');
      await h.tap(owner, lastButtonData(h, owner.id, 'cl') ?? (await claimButton(h, owner, c.number)));
      await h.tap(owner, lastButton(h, owner.id, 'who')!.data);
      await h.send(owner, lang === 'en' ? 'Sunita Devi' : 'रमेश कुमार');
      // Kunda holds two buffaloes: the owner is asked which are his and says all of them.
      if (lang === 'en') await h.tap(owner, lastButton(h, owner.id, 'hda')!.data);
      const choice = lastText(owner.id)!;
      await h.tap(owner, buttonsOf(choice.payload)[0]!.data); // cash
      const cash = lastText(owner.id)!;
      const paid = buttonsOf(cash.payload)[0]!;
      const due = Number(paid.data.split('|')[3]);
      const before = await h.deps.db.payment.count();
      await h.send(owner, '1,00,000.55');
      const answer = lastText(owner.id)!.text;
      expect(answer).toBe(
        t(lang, 'refusal:owner.PAYMENT_OVER', {
          given: DECLARED,
          due,
          difference: DECLARED - due,
          section: lang === 'en' ? 's. 13' : 'धारा 13',
        }),
      );
      expect(answer).toContain(formatRupees(DECLARED, lang));
      expect(await h.deps.db.payment.count()).toBe(before);
      // An amount from ₹2,14,74,836.48 up (beyond a 32-bit column) gets the same clear answer, nothing else.
      await h.send(owner, '21474836.48');
      expect(lastText(owner.id)!.text).toBe(
        t(lang, 'refusal:owner.PAYMENT_OVER', {
          given: 2_147_483_648,
          due,
          difference: 2_147_483_648 - due,
          section: lang === 'en' ? 's. 13' : 'धारा 13',
        }),
      );
      // Still in the step: the exact dues are then recorded.
      await h.send(owner, (due / 100).toFixed(2));
      expect(await h.deps.db.payment.count({ where: { caseId: c.id, status: 'PENDING', amountPaise: due } })).toBe(1);
    },
  );

  it('a declaration above the dues recorded before the refusal is confirmed for what the keeper confirmed (both languages)', async () => {
    const fresh = await freshCase(h, (await demoCase(h, 'JAI1', 'Kunda')).id);
    const { paymentId, duesPaise, cardOf } = await declareAndDeliver(h, { caseId: fresh, owner: ownerHi });
    // As main recorded it: the owner's own figure on the PENDING payment (the keeper's card shows it with the dues).
    await h.deps.db.payment.update({ where: { id: paymentId }, data: { amountPaise: DECLARED } });
    await h.reply(keeperEn, cardOf(keeperEn), (duesPaise / 100).toFixed(2));
    const p = await h.deps.db.payment.findUniqueOrThrow({
      where: { id: paymentId },
      include: { receipt: true, case: true },
    });
    expect([p.status, Number(p.amountPaise), Number(p.receipt!.amountPaise)]).toEqual([
      'CONFIRMED',
      duesPaise,
      duesPaise,
    ]);
    expect(lastText(keeperEn.id)!.text).toBe(
      t('en', 'staff:confirm.done', { caseNumber: p.case.number, amount: duesPaise, receiptNumber: p.receipt!.number }),
    );
    expect(lastText(keeperEn.id)!.text).not.toContain('1,00,000.55');
    const ledger = await h.deps.db.ledgerEntry.findMany({ where: { caseId: fresh, account: 'OWNER_PAYMENT' } });
    expect(ledger.map((e) => Number(e.amountPaise))).toEqual([duesPaise]);
    // The Hindi keeper replying afterwards is told it is already confirmed.
    await h.reply(keeperHi, cardOf(keeperHi), 'ok');
    expect(lastText(keeperHi.id)!.text).toBe(
      t('hi', 'staff:confirm.already', { caseNumber: p.case.number, receiptNumber: p.receipt!.number }),
    );
    // The owner's Hindi receipt says the confirmed amount.
    await h.drain();
    const receipt = lastText(ownerHi.id)!.text;
    expect(receipt).toContain(formatRupees(duesPaise, 'hi'));
    expect(receipt).toContain(p.receipt!.number);
    expect(receipt).not.toContain('1,00,000.55');
    const audit = await h.deps.db.auditEvent.findFirstOrThrow({ where: { caseId: fresh, action: 'payment.confirm' } });
    expect(audit.details).toMatchObject({ amountPaise: duesPaise, declaredPaise: DECLARED });
  });

  it('s. 15: an over-declared deposit confirmed at the dues balances to the paisa on "apply"; "refund" returns what was deposited', async () => {
    const act = await actAs(h.deps.db, 5104, 'MAGISTRATE', ['JAI1']);
    for (const outcome of ['apply', 'refund'] as const) {
      const fresh = await freshCase(
        h,
        (await h.deps.db.case.findFirstOrThrow({ where: { number: 'JAI1-2026-1' } })).id,
      );
      const { paymentId, duesPaise, cardOf } = await declareAndDeliver(h, {
        caseId: fresh,
        owner: ownerEn,
        section: 's15',
      });
      await h.deps.db.payment.update({ where: { id: paymentId }, data: { amountPaise: DECLARED } });
      await h.reply(keeperEn, cardOf(keeperEn), 'ok');
      const number = (await h.deps.db.case.findUniqueOrThrow({ where: { id: fresh } })).number;
      await h.send(keeperEn, `/release ${number}`);
      expect((await h.deps.db.case.findUniqueOrThrow({ where: { id: fresh } })).status).toBe('DEPOSITED_S15');
      await recordDepositOutcome(
        h.deps.db,
        act,
        { caseId: fresh, outcome, orderReference: `ORD-${outcome}` },
        h.clock.now(),
      );
      const entries = await h.deps.db.ledgerEntry.findMany({ where: { caseId: fresh } });
      const deposited = entries.filter((e) => e.account === 'OWNER_DEPOSIT').map((e) => Number(e.amountPaise));
      const out = entries.filter((e) => e.account !== 'OWNER_DEPOSIT').reduce((s, e) => s + Number(e.amountPaise), 0);
      expect(deposited).toEqual([duesPaise]);
      expect(out).toBe(duesPaise);
    }
  });
});

function lastButtonData(h: BotHarness, chatId: number, action: string): string | undefined {
  return lastButton(h, chatId, action)?.data;
}

/** The claim button of a case, as the owner finds it by typing its number. */
async function claimButton(
  h: BotHarness,
  owner: { id: number; firstName: string; languageCode?: string },
  number: string,
): Promise<string> {
  await h.send(owner, number);
  return lastButton(h, owner.id, 'cl')!.data;
}

/** A new case in the same pound as `likeId`, with the same heads and impounding (a fresh register entry). */
async function freshCase(h: BotHarness, likeId: number): Promise<number> {
  const like = await h.deps.db.case.findUniqueOrThrow({
    where: { id: likeId },
    include: { heads: { orderBy: { index: 'asc' } }, pound: true },
  });
  const c = await caseFixture(h.deps.db, {
    pound: like.pound.code,
    impoundedAt: like.impoundedAt,
    place: like.placeOfSeizure,
    heads: like.heads.map((x): [string, string] => [x.cattleClass, x.description]),
    seizerName: like.seizerName,
    seizerResidence: like.seizerResidence,
  }).build();
  return c.id;
}
