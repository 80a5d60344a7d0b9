import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackSecret, encodeCallback } from '../../../src/callback-data';
import { duesForCase } from '../../../src/services/dues';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { enrolStaff, seed } from '../../support/fixtures';
import { declareAndDeliver, demoCase } from '../../support/paid-case';

describe.each(await dbKinds())('confirming payments by replying to the card (e2e, %s)', (dbKind) => {
  let h: BotHarness;
  const k1 = { id: 3001, firstName: 'Mohan', languageCode: 'en' };
  const k2 = { id: 3002, firstName: 'Geeta', languageCode: 'hi' };
  const otherPound = { id: 3003, firstName: 'Vikram', languageCode: 'en' };
  const owner = { id: 3099, firstName: 'Ramesh Kumar', languageCode: 'hi' };
  const t = (lang: 'en' | 'hi', key: string, params?: Record<string, unknown>) =>
    h.deps.translator.t(lang, key, params);

  beforeAll(async () => {
    h = await createBotHarness({ dbKind, start: '2026-11-29T10:00:00+05:30', jobs: true });
    await seed(h.deps.db, h.clock.now());
    await enrolStaff(h.deps.db, k1.id, 'POUND_KEEPER', ['JAI1']);
    await enrolStaff(h.deps.db, k2.id, 'POUND_KEEPER', ['JAI1']);
    await enrolStaff(h.deps.db, otherPound.id, 'POUND_KEEPER', ['JAI2']);
  });
  afterAll(() => h?.close());

  it('refuses a wrong amount showing the difference, then records one confirmation however often keepers reply', async () => {
    const c = await demoCase(h, 'JAI1', 'Kunda');
    const { paymentId, duesPaise, cardOf } = await declareAndDeliver(h, { caseId: c.id, owner });
    const dues = await duesForCase(h.deps.db, c.id, h.clock.now());
    expect(dues.ok && dues.value.breakdown.totals.totalPaise).toBe(duesPaise);

    // 100 rupees short: refused, with the difference, in the keeper's language; nothing recorded.
    const shortBy = 10_000;
    const typed = ((duesPaise - shortBy) / 100).toFixed(2);
    await h.reply(k1, cardOf(k1), typed);
    expect(h.api.lastTo(k1.id)!.text).toBe(
      t('en', 'refusal:CONFIRM_AMOUNT_LESS', {
        caseNumber: c.number,
        due: duesPaise,
        given: duesPaise - shortBy,
        difference: shortBy,
      }),
    );
    expect(h.api.lastTo(k1.id)!.text).toContain('₹100.00');
    await h.reply(k2, cardOf(k2), '12a0');
    expect(h.api.lastTo(k2.id)!.text).toBe(t('hi', 'common:error.amount_invalid', { input: '12a0' }));
    expect((await h.deps.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('PENDING');

    // The right amount confirms.
    const confirm = await h.reply(k1, cardOf(k1), String(duesPaise / 100));
    const p = await h.deps.db.payment.findUniqueOrThrow({ where: { id: paymentId }, include: { receipt: true } });
    expect(p.status).toBe('CONFIRMED');
    expect(p.confirmedSlot).toBe(`${c.id}:S13_PAYMENT`);
    expect(p.confirmedViaMessageId).toBe((confirm.message as { message_id: number }).message_id);
    expect(p.receipt!.number).toMatch(/^JAI1-R-2026-\d{6}$/);
    expect(p.receipt!.verificationCode).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{8}$/);
    // The keeper is told at once; the receipt and the release slip the owner signs follow from the jobs, as PDFs to
    // print (typeset when sent, outside the keeper's update).
    expect(h.api.lastTo(k1.id)!.text).toBe(
      t('en', 'staff:confirm.done', { caseNumber: c.number, amount: duesPaise, receiptNumber: p.receipt!.number }),
    );
    const told = h.api.sentTo(k1.id).length;
    await h.drain();
    expect(
      h.api
        .sentTo(k1.id)
        .slice(told)
        .map((m) => [m.method, m.text])
        .sort(),
    ).toEqual(
      [
        ['sendDocument', t('en', 'documents:caption.receipt', { number: p.receipt!.number })],
        ['sendDocument', t('en', 'documents:caption.release', { number: c.number })],
      ].sort(),
    );

    // The other keeper replying, the same keeper replying again, and the same update replayed: no second effect.
    await h.reply(k2, cardOf(k2), 'ok');
    expect(h.api.lastTo(k2.id)!.text).toBe(
      t('hi', 'staff:confirm.already', { caseNumber: c.number, receiptNumber: p.receipt!.number }),
    );
    await h.reply(k1, cardOf(k1), 'ok');
    expect(h.api.lastTo(k1.id)!.text).toBe(
      t('en', 'staff:confirm.already', { caseNumber: c.number, receiptNumber: p.receipt!.number }),
    );
    const sentBefore = h.api.calls.length;
    await h.feed(confirm);
    expect(h.api.calls.length).toBe(sentBefore);
    expect(await h.deps.db.payment.count({ where: { caseId: c.id, status: 'CONFIRMED' } })).toBe(1);
    expect(await h.deps.db.ledgerEntry.count({ where: { caseId: c.id, account: 'OWNER_PAYMENT' } })).toBe(1);
    expect(
      Number(
        (await h.deps.db.ledgerEntry.findFirstOrThrow({ where: { caseId: c.id, account: 'OWNER_PAYMENT' } }))
          .amountPaise,
      ),
    ).toBe(duesPaise);
    expect(await h.deps.db.receipt.count({ where: { caseId: c.id } })).toBe(1);

    // The owner receives the receipt: itemised by section, with the verification link as a QR photo.
    await h.drain();
    expect(
      (
        await h.deps.db.delivery.findUniqueOrThrow({
          where: {
            messageKey_telegramUserId: { messageKey: `payment:${paymentId}:receipt`, telegramUserId: BigInt(owner.id) },
          },
        })
      ).status,
    ).toBe('SENT');
    const receiptMsg = h.api.sentTo(owner.id).find((m) => m.method === 'sendPhoto')!;
    expect(receiptMsg.method).toBe('sendPhoto');
    // ... and the receipt as a PDF (src/documents), through the same sender.
    expect(
      (
        await h.deps.db.delivery.findUniqueOrThrow({
          where: {
            messageKey_telegramUserId: {
              messageKey: `payment:${paymentId}:receipt:pdf`,
              telegramUserId: BigInt(owner.id),
            },
          },
        })
      ).status,
    ).toBe('SENT');
    const pdfMsg = h.api.sentTo(owner.id).find((m) => m.method === 'sendDocument')!;
    expect(pdfMsg.text).toBe(t('hi', 'documents:caption.receipt', { number: p.receipt!.number }));
    expect((Object.values(pdfMsg.payload._files ?? {})[0] as { data: Buffer }).data.subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
    const b = dues.ok ? dues.value.breakdown.totals : null;
    expect(receiptMsg.text).toBe(
      t('hi', 'receipt:owner.s13', {
        context: 'itemised',
        number: p.receipt!.number,
        caseNumber: c.number,
        amount: duesPaise,
        fine: b!.finePaise,
        feeding: b!.feedingPaise,
        security: 0,
        term: 'Fine',
        at: p.confirmedAt!.toISOString(),
        code: p.receipt!.verificationCode,
        link: `https://t.me/${h.deps.botUsername}?start=verify_${p.receipt!.verificationCode}`,
      }),
    );
    expect(receiptMsg.text).toContain('जुर्माना'); // s. 13 receipt: "fines" (Act 8 of 2026 amends s. 16 only)

    const audit = await h.deps.db.auditEvent.findFirstOrThrow({ where: { action: 'payment.confirm', caseId: c.id } });
    expect(audit.actorTelegramId).toBe(BigInt(k1.id));
    expect(audit.messageId).toBe(p.confirmedViaMessageId);
  });

  it('rejects with the button and a reason; the owner is told and the case goes back to the pound', async () => {
    const c = await demoCase(h, 'JAI1', 'Nangal');
    const { paymentId } = await declareAndDeliver(h, { caseId: c.id, owner, method: 'CASH', upiRef: null });
    expect((await h.deps.db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('PAYMENT_PENDING');
    const secret = callbackSecret(h.deps.config);
    await h.tap(k2, encodeCallback(secret, 'pc', 'no', paymentId));
    expect(h.api.lastTo(k2.id)!.text).toBe(t('hi', 'staff:confirm.ask_reason'));
    await h.send(k2, 'पैसा नहीं मिला');
    const p = await h.deps.db.payment.findUniqueOrThrow({ where: { id: paymentId } });
    expect([p.status, p.rejectedReason]).toEqual(['REJECTED', 'पैसा नहीं मिला']);
    expect((await h.deps.db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('IMPOUNDED');
    expect(h.api.lastTo(k2.id)!.text).toBe(
      t('hi', 'staff:confirm.rejected', { caseNumber: c.number, reason: 'पैसा नहीं मिला' }),
    );
    await h.drain();
    expect(
      (
        await h.deps.db.delivery.findUniqueOrThrow({
          where: {
            messageKey_telegramUserId: {
              messageKey: `payment:${paymentId}:rejected`,
              telegramUserId: BigInt(owner.id),
            },
          },
        })
      ).status,
    ).toBe('SENT');
    expect(h.api.lastTo(owner.id)!.text).toBe(
      t('hi', 'staff:owner.payment_rejected', {
        caseNumber: c.number,
        amount: Number(p.amountPaise),
        reason: 'पैसा नहीं मिला',
      }),
    );
    // Confirming a rejected payment is refused and changes nothing.
    await h.tap(k1, encodeCallback(secret, 'pc', 'ok', paymentId));
    expect(h.api.lastTo(k1.id)!.text).toBe(t('en', 'staff:confirm.not_pending_REJECTED', { caseNumber: c.number }));
    expect(await h.deps.db.ledgerEntry.count({ where: { caseId: c.id } })).toBe(0);
  });

  it('a keeper of another pound, an owner and a forged button cannot confirm', async () => {
    const c = await demoCase(h, 'JAI1', 'Nangal');
    const { paymentId } = await declareAndDeliver(h, { caseId: c.id, owner });
    const secret = callbackSecret(h.deps.config);
    await h.tap(otherPound, encodeCallback(secret, 'pc', 'ok', paymentId));
    expect(h.api.lastTo(otherPound.id)!.text).toBe(t('en', 'common:error.wrong_pound', { number: c.number }));
    await h.tap(owner, encodeCallback(secret, 'pc', 'ok', paymentId));
    expect(h.api.lastTo(owner.id)!.text).toBe(t('hi', 'common:error.not_allowed'));
    await h.tap(k1, `pc|ok|${paymentId}|AAAAAAAA`);
    expect(h.api.calls.filter((x) => x.method === 'answerCallbackQuery').at(-1)!.payload.text).toBe(
      t('en', 'common:error.stale_button'),
    );
    expect((await h.deps.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('PENDING');
    // /pending lists it for the keeper of JAI1, not for the keeper of JAI2.
    await h.send(k1, '/pending');
    expect(h.api.lastTo(k1.id)!.text).toContain(t('en', 'staff:pending.title', { n: 1 }));
    expect(h.api.lastTo(k1.id)!.text).toContain(c.number);
    await h.send(otherPound, '/pending');
    expect(h.api.lastTo(otherPound.id)!.text).toBe(t('en', 'staff:pending.none'));
    await h.send(owner, '/pending');
    expect(h.api.lastTo(owner.id)!.text).toBe(t('hi', 'common:error.not_allowed'));
    // The keeper confirms from the /pending button with ok.
    await h.tap(k1, encodeCallback(secret, 'pc', 'ok', paymentId));
    expect((await h.deps.db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('CONFIRMED');
  });
});

describe('two keepers confirming at the same moment on real Postgres (e2e)', async () => {
  const kinds = await dbKinds();
  it.runIf(kinds.includes('postgres'))('records exactly one payment, one ledger entry and one receipt', async () => {
    const h = await createBotHarness({ dbKind: 'postgres', start: '2026-11-29T10:00:00+05:30', jobs: true });
    try {
      await seed(h.deps.db, h.clock.now());
      const k1 = { id: 4001, firstName: 'A', languageCode: 'en' };
      const k2 = { id: 4002, firstName: 'B', languageCode: 'en' };
      await enrolStaff(h.deps.db, k1.id, 'POUND_KEEPER', ['JAI1']);
      await enrolStaff(h.deps.db, k2.id, 'POUND_KEEPER', ['JAI1']);
      const c = await demoCase(h, 'JAI1', 'Kunda');
      const { paymentId, cardOf } = await declareAndDeliver(h, {
        caseId: c.id,
        owner: { id: 4099, firstName: 'Owner', languageCode: 'en' },
      });
      await Promise.all([h.reply(k1, cardOf(k1), 'ok'), h.reply(k2, cardOf(k2), 'ok'), h.reply(k1, cardOf(k1), 'ok')]);
      expect(await h.deps.db.payment.count({ where: { caseId: c.id, status: 'CONFIRMED' } })).toBe(1);
      expect(await h.deps.db.ledgerEntry.count({ where: { caseId: c.id, account: 'OWNER_PAYMENT' } })).toBe(1);
      // and its s. 17 division once: fines to the Magistrate, feeding charges to the keeper.
      expect(await h.deps.db.ledgerEntry.count({ where: { caseId: c.id } })).toBe(3);
      expect(await h.deps.db.receipt.count({ where: { caseId: c.id } })).toBe(1);
      expect(await h.deps.db.auditEvent.count({ where: { caseId: c.id, action: 'payment.confirm' } })).toBe(1);
      const p = await h.deps.db.payment.findUniqueOrThrow({ where: { id: paymentId }, include: { receipt: true } });
      const answers = [...h.api.sentTo(k1.id), ...h.api.sentTo(k2.id)].map((m) => m.text);
      const done = h.deps.translator.t('en', 'staff:confirm.done', {
        caseNumber: c.number,
        amount: p.amountPaise,
        receiptNumber: p.receipt!.number,
      });
      const already = h.deps.translator.t('en', 'staff:confirm.already', {
        caseNumber: c.number,
        receiptNumber: p.receipt!.number,
      });
      expect(answers.filter((x) => x === done)).toHaveLength(1);
      expect(answers.filter((x) => x === already)).toHaveLength(2);
    } finally {
      await h.close();
    }
  });
});
