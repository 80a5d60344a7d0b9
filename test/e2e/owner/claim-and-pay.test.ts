import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '../../../src/i18n';
import type { BotHarness } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { enrolStaff } from '../../support/fixtures';
import {
  buttonsOf,
  claimIntro,
  data,
  KUNDA_HEADS,
  engineDues,
  englishOwner,
  footprint,
  hindiOwner,
  lastButton,
  ownerHarness,
  paymentCardTo,
  t,
} from './owner-harness';

const kundaBuffaloes = KUNDA_HEADS.map((d): [string, string] => ['buffalo', d]);
const keeper = { id: 7701, firstName: 'Keeper Amer', languageCode: 'hi' };
const keeperChomu = { id: 7702, firstName: 'Keeper Chomu', languageCode: 'en' };

/**
 * Claim and pay (s. 13) end to end on the real bot: the owner claims, pays cash, taps "I have paid"
 * (twice), the keeper gets the card and confirms by replying "ok", the owner gets the receipt, /verify
 * says it is genuine, the keeper releases the cattle and the owner acknowledges with one tap.
 */
describe.each(await dbKinds())('owner: claim and pay (s. 13, %s)', (dbKind) => {
  let h: BotHarness;
  let kunda: { id: number };
  beforeAll(async () => {
    h = await ownerHarness({ dbKind, jobs: true });
    await enrolStaff(h.deps.db, keeper.id, 'POUND_KEEPER', ['JAI1'], 'Amer keeper');
    await enrolStaff(h.deps.db, keeperChomu.id, 'POUND_KEEPER', ['JAI2'], 'Chomu keeper');
    kunda = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-1' } });
    // The keepers have talked to the bot, so their cards come in their Telegram language.
    await h.send(keeper, '/help');
    await h.send(keeperChomu, '/help');
  });
  afterAll(() => h?.close());

  const cardFor = (keeperId: number, paymentId: number) => paymentCardTo(h, keeperId, paymentId);

  it('English owner: claim → cash → double tap "I have paid" → one payment and one card per keeper', async () => {
    await h.tap(englishOwner, data(h, 'cl', kunda.id));
    // The first message names the animals of the case.
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(
      claimIntro(h, 'en', 'owner:claim.intro', 'JAI1-2026-1', kundaBuffaloes),
    );
    await h.tap(englishOwner, lastButton(h, englishOwner.id, 'who')!.data);
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'owner:claim.ask_name'));
    await h.send(englishOwner, '12');
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'owner:claim.name_invalid'));
    await h.send(englishOwner, 'Sunita Devi');
    // Kunda holds two buffaloes, perhaps of two owners: which are hers? All of them.
    expect(h.api.lastTo(englishOwner.id)!.text).toContain(
      t(h, 'en', 'owner:heads.ask', { number: 'JAI1-2026-1', count: 2 }),
    );
    await h.tap(englishOwner, lastButton(h, englishOwner.id, 'hda')!.data);
    const engine = await engineDues(h, 'JAI1-2026-1', h.clock.now());
    const choice = h.api.lastTo(englishOwner.id)!;
    expect(choice.text).toContain(
      t(h, 'en', 'owner:pay.choose', {
        what: t(h, 'en', 'owner:pay.what_payment'),
        number: 'JAI1-2026-1',
        amount: engine.totals.totalPaise,
        section: 's. 13',
      }),
    );
    expect(buttonsOf(choice.payload).map((b) => b.data.split('|').slice(0, 3).join('|'))).toEqual([
      expect.stringMatching(/^pm\|\d+\|c$/),
      expect.stringMatching(/^pm\|\d+\|u$/),
    ]);
    const claim = await h.deps.db.claim.findFirstOrThrow({ where: { caseId: kunda.id } });
    expect(claim).toMatchObject({
      kind: 'S13_CLAIM',
      claimantName: 'Sunita Devi',
      ownerName: 'Sunita Devi',
      isAgent: false,
      telegramUserId: BigInt(englishOwner.id),
    });

    await h.tap(englishOwner, buttonsOf(choice.payload)[0]!.data);
    const cash = h.api.lastTo(englishOwner.id)!;
    expect(cash.text).toBe(
      t(h, 'en', 'owner:pay.cash', {
        amount: engine.totals.totalPaise,
        day: '2026-11-29',
        pound: 'Amer Pound',
        address: 'Near Tehsil Office, Amer, Jaipur',
      }),
    );
    const paid = buttonsOf(cash.payload)[0]!;
    expect(paid.text).toBe(t(h, 'en', 'owner:pay.paid_button', { amount: engine.totals.totalPaise }));

    await h.tap(englishOwner, paid.data);
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(
      t(h, 'en', 'owner:pay.declared', {
        amount: engine.totals.totalPaise,
        number: 'JAI1-2026-1',
        method: t(h, 'en', 'owner:pay.method_CASH'),
      }),
    );
    const outboxAfterFirst = await h.deps.db.outboxEntry.count();
    await h.tap(englishOwner, paid.data);
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(
      t(h, 'en', 'owner:pay.already', { amount: engine.totals.totalPaise, number: 'JAI1-2026-1' }),
    );

    const payments = await h.deps.db.payment.findMany({ where: { caseId: kunda.id } });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      status: 'PENDING',
      kind: 'S13_PAYMENT',
      method: 'CASH',
      amountPaise: BigInt(engine.totals.totalPaise),
      payerTelegramId: BigInt(englishOwner.id),
      claimId: claim.id,
    });
    expect((await h.deps.db.case.findUniqueOrThrow({ where: { id: kunda.id } })).status).toBe('PAYMENT_PENDING');
    expect(await h.deps.db.outboxEntry.count()).toBe(outboxAfterFirst);
    const cards = await h.deps.db.outboxEntry.findMany({
      where: { jobKey: { startsWith: `payment:${payments[0]!.id}:card:` } },
    });
    // Only the keeper of JAI1, not the keeper of JAI2.
    expect(cards.map((c) => c.jobKey)).toEqual([`payment:${payments[0]!.id}:card:${keeper.id}`]);
    expect(
      await h.deps.db.outboxEntry.count({
        where: { jobName: 'deadline', payload: { path: ['caseId'], equals: kunda.id } },
      }),
    ).toBeGreaterThan(0);
    expect(await h.deps.db.auditEvent.count({ where: { action: 'S13_PAYMENT_DECLARED', caseId: kunda.id } })).toBe(1);
  });

  it('the keeper gets the card in Hindi, replies "ok", and the owner gets a receipt that /verify accepts', async () => {
    const payment = await h.deps.db.payment.findFirstOrThrow({ where: { caseId: kunda.id } });
    await h.drain();
    // The card left through the jobs sender (dispatcher → BullMQ → rate-limited sender): one Delivery, SENT.
    expect(
      await h.deps.db.delivery.findMany({
        where: { messageKey: { startsWith: `payment:${payment.id}:` } },
        select: { messageKey: true, telegramUserId: true, status: true },
      }),
    ).toEqual([
      { messageKey: `payment:${payment.id}:card:${keeper.id}`, telegramUserId: BigInt(keeper.id), status: 'SENT' },
    ]);
    // The same drain may carry other messages to the keeper (the s. 14 note on a back-dated demo case, in either
    // order): the card is the keeper's message with this payment's buttons.
    const card = cardFor(keeper.id, payment.id);
    expect(card.text).toBe(
      t(h, 'hi', 'card:payment.text', {
        number: 'JAI1-2026-1',
        kind: 'S13_PAYMENT',
        payer: 'Sunita Devi',
        ownerName: 'Sunita Devi',
        amount: payment.amountPaise,
        method: 'CASH',
        upiRef: '',
        declaredAt: payment.declaredAt.toISOString(),
        isAgent: false,
        hasUpiRef: false,
        due: payment.amountPaise,
      }),
    );
    expect(card.text).toContain('ok');
    expect(card.text).toContain('no <कारण>');
    expect(buttonsOf(card.payload).map((b) => b.data.split('|').slice(0, 3).join('|'))).toEqual([
      `pc|ok|${payment.id}`,
      `pc|no|${payment.id}`,
    ]);
    expect(await h.deps.db.paymentCard.count({ where: { paymentId: payment.id, chatId: BigInt(keeper.id) } })).toBe(1);

    await h.reply(keeper, card.messageId, 'ok');
    const confirmed = await h.deps.db.payment.findUniqueOrThrow({
      where: { id: payment.id },
      include: { receipt: true },
    });
    expect(confirmed.status).toBe('CONFIRMED');
    expect(confirmed.receipt).not.toBeNull();

    await h.drain();
    const receiptMsg = h.api
      .sentTo(englishOwner.id)
      .find((m) => m.method === 'sendPhoto' && m.text.includes(confirmed.receipt!.number));
    expect(receiptMsg).toBeDefined();
    // Once as the chat receipt (with the QR photo) and once as the PDF (src/documents), never twice.
    expect(
      h.api
        .sentTo(englishOwner.id)
        .filter((m) => m.text.includes(confirmed.receipt!.number))
        .map((m) => m.method)
        .sort(),
    ).toEqual(['sendDocument', 'sendPhoto']);
    const receiptDelivery = { messageKey: `payment:${payment.id}:receipt`, telegramUserId: BigInt(englishOwner.id) };
    expect(
      (await h.deps.db.delivery.findUniqueOrThrow({ where: { messageKey_telegramUserId: receiptDelivery } })).status,
    ).toBe('SENT');

    // The code typed in lower case with a space in the middle is still found; only public facts come back.
    const code = confirmed.receipt!.verificationCode;
    const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(4).toLowerCase()}`;
    await h.send(hindiOwner, `/verify ${typed}`);
    const verified = h.api.lastTo(hindiOwner.id)!.text;
    expect(verified).toBe(
      t(h, 'hi', 'owner:verify.ok', {
        receipt: confirmed.receipt!.number,
        number: 'JAI1-2026-1',
        amount: confirmed.amountPaise,
        at: confirmed.receipt!.issuedAt.toISOString(),
        kind: t(h, 'hi', 'owner:verify.kind_S13_PAYMENT'),
      }),
    );
    expect(verified).not.toContain('Sunita');
    await h.send(englishOwner, `/start verify_${code}`);
    expect(h.api.lastTo(englishOwner.id)!.text).toContain(formatRupees(confirmed.amountPaise, 'en'));
    // What it was for counts the animals the receipt's s. 12 lines charge: one reads singular.
    const heads = await h.deps.db.head.count({ where: { caseId: kunda.id } });
    expect(h.api.lastTo(englishOwner.id)!.text).toContain(
      `For: payment of dues to take ${heads === 1 ? 'the animal' : 'the cattle'} back (s. 13)`,
    );
    // A made-up code is caught.
    await h.send(englishOwner, '/verify ABCD2345');
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'owner:verify.not_found', { code: 'ABCD2345' }));
  });

  it('after the keeper releases the cattle, the owner acknowledges with one tap — once', async () => {
    await h.send(keeper, '/release JAI1-2026-1');
    const release = await h.deps.db.release.findFirstOrThrow({ where: { caseId: kunda.id } });
    await h.drain();
    const ack = lastButton(h, englishOwner.id, 'ack')!;
    expect(ack.data).toBe(data(h, 'ack', release.id));
    expect(
      (
        await h.deps.db.delivery.findUniqueOrThrow({
          where: {
            messageKey_telegramUserId: {
              messageKey: `release:${release.id}:owner`,
              telegramUserId: BigInt(englishOwner.id),
            },
          },
        })
      ).status,
    ).toBe('SENT');
    // Draining again sends nothing twice.
    const callsBefore = h.api.calls.length;
    await h.drain();
    expect(h.api.calls.length).toBe(callsBefore);

    // Someone else tapping a forwarded button changes nothing.
    await h.tap(hindiOwner, ack.data, 555);
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'refusal:ACK_NOT_YOURS'));
    expect((await h.deps.db.release.findUniqueOrThrow({ where: { id: release.id } })).acknowledgedAt).toBeNull();

    await h.tap(englishOwner, ack.data, 4242);
    const acked = await h.deps.db.release.findUniqueOrThrow({ where: { id: release.id } });
    expect(acked.acknowledgedByTelegramId).toBe(BigInt(englishOwner.id));
    expect(acked.acknowledgedViaMessageId).toBe(4242);
    expect(acked.acknowledgedAt?.toISOString()).toBe(h.clock.now().toISOString());
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(
      t(h, 'en', 'owner:ack.done', { number: 'JAI1-2026-1', at: h.clock.now().toISOString(), count: acked.headCount }),
    );
    const audits = await h.deps.db.auditEvent.findMany({ where: { action: 'S13_RECEIPT_SIGNED', caseId: kunda.id } });
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorTelegramId: BigInt(englishOwner.id), messageId: 4242, actorRole: 'owner' });

    h.clock.advance(60_000);
    await h.tap(englishOwner, ack.data, 4242);
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(
      t(h, 'en', 'owner:ack.already', { at: acked.acknowledgedAt!.toISOString() }),
    );
    expect(await h.deps.db.auditEvent.count({ where: { action: 'S13_RECEIPT_SIGNED', caseId: kunda.id } })).toBe(1);
  });

  it('a stale "claim" button on a released case is answered with the reason and changes nothing', async () => {
    const before = await footprint(h);
    await h.tap(hindiOwner, data(h, 'cl', kunda.id));
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(
      t(h, 'hi', 'refusal:owner.WRONG_STATUS', {
        number: 'JAI1-2026-1',
        status: t(h, 'hi', 'common:status.RELEASED_S13'),
        section: 'धारा 13',
      }),
    );
    expect(await footprint(h)).toEqual(before);
  });

  it('Hindi agent pays by UPI: QR with the official id, a typed amount with letters is refused, Devanagari amount and UTR accepted', async () => {
    const samod = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI2-2026-1' } });
    await h.tap(hindiOwner, data(h, 'cl', samod.id));
    await h.tap(hindiOwner, data(h, 'who', samod.id, '13', 'a'));
    await h.send(hindiOwner, 'रमेश कुमार');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'owner:claim.ask_owner_name'));
    await h.send(hindiOwner, 'गोपाल सिंह');
    const claim = await h.deps.db.claim.findFirstOrThrow({ where: { caseId: samod.id } });
    expect(claim).toMatchObject({ claimantName: 'रमेश कुमार', ownerName: 'गोपाल सिंह', isAgent: true });

    h.api.clear();
    await h.tap(hindiOwner, data(h, 'pm', claim.id, 'u'));
    const photo = h.api.calls.find((c) => c.method === 'sendPhoto')!;
    const engine = await engineDues(h, 'JAI2-2026-1', h.clock.now());
    expect(photo.payload._multipart).toBe(true);
    expect(photo.payload.caption).toBe(
      t(h, 'hi', 'owner:pay.upi', {
        amount: engine.totals.totalPaise,
        day: '2026-11-29',
        upiId: 'chomupound.jaipur@sbi',
        payee: 'Pound Keeper Chomu (Govt)',
        number: 'JAI2-2026-1',
      }),
    );
    expect(String(photo.payload.caption).length).toBeLessThanOrEqual(1024);

    const before = await footprint(h);
    await h.send(hindiOwner, '12OO');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'common:error.amount_invalid', { input: '12OO' }));
    expect(await footprint(h)).toEqual(before);

    // Less than the dues: refused with the difference, nothing recorded.
    await h.send(hindiOwner, '₹100');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(
      t(h, 'hi', 'refusal:owner.PAYMENT_SHORT', {
        given: 10000,
        due: engine.totals.totalPaise,
        difference: engine.totals.totalPaise - 10000,
        section: 'धारा 13',
        count: engine.heads,
      }),
    );
    expect(await footprint(h)).toEqual(before);

    // He pays the rest and types the whole sum: still understood, no new tap needed.
    const rupees = String(engine.totals.totalPaise / 100).replace(/\d/g, (d) =>
      String.fromCharCode(0x0966 + Number(d)),
    );
    await h.send(hindiOwner, `${rupees} रुपये`);
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'owner:pay.ask_upi_ref'));
    await h.send(hindiOwner, 'abc');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'owner:pay.upi_ref_invalid', { input: 'abc' }));
    await h.send(hindiOwner, '६१२३ ४५६७ ८९०१');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(
      t(h, 'hi', 'owner:pay.declared', {
        amount: engine.totals.totalPaise,
        number: 'JAI2-2026-1',
        method: t(h, 'hi', 'owner:pay.method_UPI'),
      }),
    );
    const payment = await h.deps.db.payment.findFirstOrThrow({ where: { caseId: samod.id } });
    expect(payment).toMatchObject({
      method: 'UPI',
      upiRef: '612345678901',
      amountPaise: BigInt(engine.totals.totalPaise),
      status: 'PENDING',
    });

    await h.drain();
    const card = cardFor(keeperChomu.id, payment.id).text;
    expect(card).toContain('UPI reference 612345678901');
    expect(card).toContain('रमेश कुमार, agent of the owner गोपाल सिंह');
  });

  it('a genuine "I have paid" button tapped by someone else, or with its amount altered, changes nothing', async () => {
    const nangal = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-2' } });
    await h.tap(englishOwner, data(h, 'cl', nangal.id));
    await h.tap(englishOwner, data(h, 'who', nangal.id, '13', 'o'));
    await h.send(englishOwner, 'Sunita Devi');
    const claim = await h.deps.db.claim.findFirstOrThrow({ where: { caseId: nangal.id } });
    await h.tap(englishOwner, data(h, 'pm', claim.id, 'c'));
    const paid = lastButton(h, englishOwner.id, 'ip')!;
    const before = await footprint(h);
    h.api.clear();
    await h.tap(hindiOwner, paid.data);
    expect(h.api.calls.find((c) => c.method === 'answerCallbackQuery')!.payload.text).toBe(
      t(h, 'hi', 'common:error.stale_button'),
    );
    const [action, id, method, amount, mac] = paid.data.split('|');
    await h.tap(englishOwner, [action, id, method, String(Number(amount) - 100), mac].join('|'));
    expect(h.api.calls.filter((c) => c.method === 'answerCallbackQuery').at(-1)!.payload.text).toBe(
      t(h, 'en', 'common:error.stale_button'),
    );
    expect(await footprint(h)).toEqual(before);
  });
});

describe.each(await dbKinds())('owner: a replayed update has no second effect (%s)', (dbKind) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await ownerHarness({ dbKind });
  });
  afterAll(() => h?.close());

  it('the same "I have paid" update delivered twice records one payment and answers once', async () => {
    const c = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI2-2026-1' } });
    await h.tap(englishOwner, data(h, 'cl', c.id));
    await h.tap(englishOwner, data(h, 'who', c.id, '13', 'o'));
    await h.send(englishOwner, 'Sunita Devi');
    const claim = await h.deps.db.claim.findFirstOrThrow({ where: { caseId: c.id } });
    await h.tap(englishOwner, data(h, 'pm', claim.id, 'c'));
    const update = await h.tap(englishOwner, lastButton(h, englishOwner.id, 'ip')!.data);
    const sent = h.api.sentTo(englishOwner.id).length;
    await h.feed(update);
    expect(h.api.sentTo(englishOwner.id).length).toBe(sent);
    expect(await h.deps.db.payment.count({ where: { caseId: c.id } })).toBe(1);
  });
});
