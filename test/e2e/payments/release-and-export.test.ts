import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackSecret, decodeCallback } from '../../../src/callback-data';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { enrolStaff, seed } from '../../support/fixtures';
import { declareAndDeliver, demoCase } from '../../support/paid-case';

describe.each(await dbKinds())('/release (ss. 13, 15, 19) and /register_export (s. 7) (e2e, %s)', (dbKind) => {
  let h: BotHarness;
  const keeper = { id: 5001, firstName: 'Mohan', languageCode: 'en' };
  const keeperB = { id: 5002, firstName: 'Vikram', languageCode: 'en' };
  const magistrate = { id: 5003, firstName: 'DM Office', languageCode: 'hi' };
  const owner = { id: 5099, firstName: 'Ramesh Kumar', languageCode: 'en' };
  const t = (lang: 'en' | 'hi', key: string, params?: Record<string, unknown>) =>
    h.deps.translator.t(lang, key, params);
  // The fake Bot API does not parse grammY's multipart file parts, so the uploaded files are read from an
  // API transformer on their way out (the call still goes through the fake and is recorded there).
  const uploads: Array<Promise<string>> = [];
  const lastUpload = () => uploads[uploads.length - 1]!;
  const refusalS19 = (lang: 'en' | 'hi') =>
    t(lang, 'refusal:RELEASE_WITHOUT_PAYMENT_DEPOSIT_OR_ORDER', {
      section: t(lang, 'common:section', { n: '19' }),
      code: 'RELEASE_WITHOUT_PAYMENT_DEPOSIT_OR_ORDER',
    });

  beforeAll(async () => {
    h = await createBotHarness({ dbKind, start: '2026-11-29T10:00:00+05:30', jobs: true });
    await seed(h.deps.db, h.clock.now());
    await enrolStaff(h.deps.db, keeper.id, 'POUND_KEEPER', ['JAI1']);
    await enrolStaff(h.deps.db, keeperB.id, 'POUND_KEEPER', ['JAI2']);
    await enrolStaff(h.deps.db, magistrate.id, 'MAGISTRATE', ['JAI1', 'JAI2']);
    h.bot.api.config.use((prev, method, payload, signal) => {
      const doc = (payload as { document?: unknown }).document;
      if (method === 'sendDocument' && doc instanceof InputFile) {
        uploads.push(
          doc.toRaw().then(async (raw) => {
            if (raw instanceof Uint8Array) return Buffer.from(raw).toString('utf8');
            const chunks: Uint8Array[] = [];
            for await (const c of raw as AsyncIterable<Uint8Array>) chunks.push(c);
            return Buffer.concat(chunks).toString('utf8');
          }),
        );
      }
      return prev(method, payload, signal);
    });
  });
  afterAll(() => h?.close());

  it('refuses a release without payment under s. 19, then releases after the payment is confirmed', async () => {
    const c = await demoCase(h, 'JAI1', 'Kunda');
    await h.send(keeper, `/release ${c.number}`);
    expect(h.api.lastTo(keeper.id)!.text).toBe(
      `${t('en', 'staff:release.refused', { caseNumber: c.number })}\n${refusalS19('en')}`,
    );
    expect(h.api.lastTo(keeper.id)!.text).toContain('s. 19');
    expect(await h.deps.db.release.count({ where: { caseId: c.id } })).toBe(0);

    const { cardOf, paymentId } = await declareAndDeliver(h, { caseId: c.id, owner });
    // Declared but not yet confirmed: still refused.
    await h.send(keeper, `/release ${c.number.toLowerCase()}`);
    expect(h.api.lastTo(keeper.id)!.text).toContain(refusalS19('en'));
    await h.reply(keeper, cardOf(keeper), 'ok');
    const receipt = await h.deps.db.receipt.findFirstOrThrow({ where: { caseId: c.id } });
    // The queue does not promise order between jobs: the receipt is delivered before the release is asked for.
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

    // Another pound's keeper and an owner cannot release it.
    await h.send(keeperB, `/release ${c.number}`);
    expect(h.api.lastTo(keeperB.id)!.text).toBe(t('en', 'common:error.wrong_pound', { number: c.number }));
    await h.send(owner, `/release ${c.number}`);
    expect(h.api.lastTo(owner.id)!.text).toBe(t('en', 'common:error.not_allowed'));
    expect(await h.deps.db.release.count({ where: { caseId: c.id } })).toBe(0);

    const cmd = await h.send(keeper, `/release ${c.number}`);
    const rel = await h.deps.db.release.findFirstOrThrow({ where: { caseId: c.id } });
    expect([rel.basis, rel.headCount, rel.viaMessageId]).toEqual([
      'S13_PAYMENT',
      2,
      (cmd.message as { message_id: number }).message_id,
    ]);
    const after = await h.deps.db.case.findUniqueOrThrow({ where: { id: c.id }, include: { heads: true } });
    expect(after.status).toBe('RELEASED_S13');
    expect(after.heads.every((x) => x.status === 'RELEASED')).toBe(true);
    expect(h.api.lastTo(keeper.id)!.text).toBe(
      [
        t('en', 'staff:release.done_S13_PAYMENT', {
          caseNumber: c.number,
          count: 2,
          receiptNumber: receipt.number,
          reference: '',
        }),
        t('en', 'staff:release.owner_notified'),
      ].join('\n\n'),
    );
    // The owner's message leaves through the jobs runtime (dispatcher → BullMQ → rate-limited sender).
    await h.drain();
    expect(
      (
        await h.deps.db.delivery.findUniqueOrThrow({
          where: {
            messageKey_telegramUserId: { messageKey: `release:${rel.id}:owner`, telegramUserId: BigInt(owner.id) },
          },
        })
      ).status,
    ).toBe('SENT');
    const msg = h.api.lastTo(owner.id)!;
    expect(msg.text).toBe(
      t('en', 'staff:owner.released_s13', {
        caseNumber: c.number,
        count: 2,
        at: h.clock.now().toISOString(),
        receiptNumber: receipt.number,
      }),
    );
    const button = msg.payload.reply_markup.inline_keyboard[0][0];
    expect(button.text).toBe(t('en', 'staff:owner.ack_button', { count: 2 }));
    expect(decodeCallback(callbackSecret(h.deps.config), button.callback_data)).toEqual({
      action: 'ack',
      args: [String(rel.id)],
    });

    // Asking again records nothing more.
    await h.send(keeper, `/release ${c.number}`);
    expect(h.api.lastTo(keeper.id)!.text).toBe(
      t('en', 'staff:release.already', { caseNumber: c.number, at: rel.releasedAt.toISOString() }),
    );
    expect(await h.deps.db.release.count({ where: { caseId: c.id } })).toBe(1);
    const audit = await h.deps.db.auditEvent.findFirstOrThrow({ where: { action: 'case.release', caseId: c.id } });
    expect([audit.actorTelegramId, audit.messageId]).toEqual([BigInt(keeper.id), rel.viaMessageId]);
  });

  it('releases on a Magistrate order with the reference recorded (s. 19), no payment needed', async () => {
    const c = await demoCase(h, 'JAI2', 'Samod');
    await h.send(magistrate, `/release ${c.number}`);
    expect(h.api.lastTo(magistrate.id)!.text).toBe(t('hi', 'staff:release.keeper_only'));
    expect(await h.deps.db.release.count({ where: { caseId: c.id } })).toBe(0);
    await h.send(magistrate, `/release ${c.number} order DM/JAI/123/2026`);
    const rel = await h.deps.db.release.findFirstOrThrow({ where: { caseId: c.id }, include: { order: true } });
    expect(rel.basis).toBe('S19_ORDER');
    expect([rel.order!.authority, rel.order!.kind, rel.order!.reference]).toEqual([
      'MAGISTRATE',
      'RELEASE',
      'DM/JAI/123/2026',
    ]);
    expect((await h.deps.db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('RELEASED_BY_ORDER');
    expect(h.api.lastTo(magistrate.id)!.text).toBe(
      [
        t('hi', 'staff:release.done_S19_ORDER', {
          caseNumber: c.number,
          count: 3,
          receiptNumber: '',
          reference: 'DM/JAI/123/2026',
        }),
        t('hi', 'staff:release.owner_unknown'),
      ].join('\n\n'),
    );
    expect(await h.deps.db.receipt.count({ where: { caseId: c.id } })).toBe(0);
  });

  it('answers bad input in the user language and changes nothing', async () => {
    await h.send(keeper, '/release');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'staff:release.usage'));
    await h.send(keeper, '/release 12345');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'common:error.case_malformed', { input: '12345' }));
    await h.send(keeper, '/release JAI1-2026-999');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'common:error.case_not_found', { number: 'JAI1-2026-999' }));
    const c = await demoCase(h, 'JAI1', 'Nangal');
    await h.send(keeper, `/release ${c.number} order`);
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'staff:release.usage'));
    expect(await h.deps.db.release.count({ where: { caseId: c.id } })).toBe(0);
  });

  it('exports the register of the pound for a date range with everything that happened', async () => {
    await h.send(keeper, '/register_export 01.11.2026 30.11.2026');
    const doc = h.api.lastTo(keeper.id)!;
    expect(doc.method).toBe('sendDocument');
    const csv = await lastUpload();
    // The CSV offers the printable extract: the button sends the register as a PDF (src/documents);
    // `pdf` at the end of the command sends it at once.
    const pdfButton = (
      doc.payload.reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> }
    ).inline_keyboard[0]![0]!;
    expect(pdfButton.text).toBe(t('en', 'documents:register.pdf_button'));
    await h.tap(keeper, pdfButton.callback_data, doc.messageId);
    const pdf = h.api.lastTo(keeper.id)!;
    expect([pdf.method, pdf.text]).toEqual(['sendDocument', t('en', 'documents:caption.register', { pound: 'JAI1' })]);
    expect((await lastUpload()).slice(0, 5)).toBe('%PDF-');
    await h.send(keeper, '/register_export 01.11.2026 30.11.2026 pdf');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'documents:caption.register', { pound: 'JAI1' }));
    await h.tap(
      keeper,
      pdfButton.callback_data.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')),
      doc.messageId,
    );
    expect(h.api.calls.at(-1)!.payload.text).toBe(t('en', 'common:error.stale_button'));
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      [
        'record',
        'case_number',
        'date_time_ist',
        'section',
        'status',
        'heads',
        'cattle_class',
        'description',
        'place_of_seizure',
        'seizer',
        'owner',
        'amount_paise',
        'amount_rupees',
        'reference',
        'details',
      ]
        .map((k) => t('en', `staff:export.col.${k}`))
        .join(','),
    );
    const kunda = await demoCase(h, 'JAI1', 'Kunda');
    const receipt = await h.deps.db.receipt.findFirstOrThrow({ where: { caseId: kunda.id } });
    const payment = await h.deps.db.payment.findFirstOrThrow({ where: { caseId: kunda.id, status: 'CONFIRMED' } });
    const rowsOf = (record: string) =>
      lines.filter((l) => l.startsWith(`${t('en', `staff:export.record.${record}`)},`));
    expect(rowsOf('case').some((l) => l.includes(kunda.number) && l.includes('Kunda'))).toBe(true);
    expect(rowsOf('head').filter((l) => l.includes(kunda.number))).toHaveLength(2);
    expect(
      rowsOf('payment').some(
        (l) => l.includes(kunda.number) && l.includes(`,${payment.amountPaise},`) && l.includes('CONFIRMED'),
      ),
    ).toBe(true);
    expect(rowsOf('receipt').some((l) => l.includes(receipt.number))).toBe(true);
    expect(rowsOf('release').some((l) => l.includes(kunda.number) && l.includes('S13_PAYMENT'))).toBe(true);
    expect(rowsOf('ledger').some((l) => l.includes('OWNER_PAYMENT'))).toBe(true);
    // JAI2's order release is not in JAI1's register.
    expect(csv).not.toContain('DM/JAI/123/2026');
    expect(doc.text).toBe(
      t('en', 'staff:export.caption', {
        pound: 'JAI1',
        from: '2026-11-01',
        to: '2026-11-30',
        cases: rowsOf('case').length,
        rows: lines.length - 1,
      }),
    );
    const audit = await h.deps.db.auditEvent.findFirstOrThrow({
      where: { action: 'register.export', actorTelegramId: BigInt(keeper.id) },
    });
    expect(audit.messageId).not.toBeNull();

    // The magistrate of two pounds must say which; JAI2's register has the order.
    await h.send(magistrate, '/register_export 01.11.2026 30.11.2026');
    expect(h.api.lastTo(magistrate.id)!.text).toBe(
      t('hi', 'staff:export.which_pound', { codes: 'JAI1, JAI2', code: '' }),
    );
    await h.send(magistrate, '/register_export 2026-11-01 2026-11-30 jai2');
    expect(h.api.lastTo(magistrate.id)!.method).toBe('sendDocument');
    const csv2 = await lastUpload();
    expect(csv2).toContain('DM/JAI/123/2026');
    expect(csv2.split('\r\n')[0]).toContain(t('hi', 'staff:export.col.case_number'));

    // Bad ranges and other pounds are refused.
    await h.send(keeper, '/register_export 30.11.2026 01.11.2026');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'refusal:EXPORT_RANGE_REVERSED'));
    await h.send(keeper, '/register_export 01.11.2026');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'staff:export.usage'));
    await h.send(keeper, '/register_export 01.11.2026 30.11.2026 JAI2');
    expect(h.api.lastTo(keeper.id)!.text).toBe(t('en', 'common:error.wrong_pound', { number: 'JAI2' }));
    await h.send(owner, '/register_export 01.11.2026 30.11.2026');
    expect(h.api.lastTo(owner.id)!.text).toBe(t('en', 'common:error.not_allowed'));
  });
});
