import { formatDate } from '../../../src/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotHarness } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { enrolStaff } from '../../support/fixtures';
import {
  buttonsOf,
  claimIntro,
  KUNDA_HEADS,
  data,
  engineDues,
  englishOwner,
  footprint,
  hindiOwner,
  lastButton,
  ownerHarness,
  paymentCardTo,
  t,
} from './owner-harness';

const keeper = { id: 7801, firstName: 'Keeper', languageCode: 'en' };
const punKeeper = { id: 7802, firstName: 'Pune keeper', languageCode: 'en' };
const magistrate = { id: 7803, firstName: 'DM office', languageCode: 'en' };

/**
 * Deposit under protest (s. 15) end to end: the owner disputes the seizure, is told what ss. 15 and 20 mean,
 * confirms the intent to complain, deposits, the keeper confirms by reply, the cattle are released, the owner
 * acknowledges, records the s. 20 complaint with /complaint, and later sees the Magistrate's outcome.
 * Maharashtra: the s. 12A security, or the declaration instead.
 */
describe.each(await dbKinds())('owner: deposit under protest (s. 15, %s)', (dbKind) => {
  let h: BotHarness;
  let kunda: { id: number; impoundedAt: Date };
  beforeAll(async () => {
    h = await ownerHarness({ dbKind, jobs: true });
    await enrolStaff(h.deps.db, keeper.id, 'POUND_KEEPER', ['JAI1'], 'Amer keeper');
    await enrolStaff(h.deps.db, punKeeper.id, 'POUND_KEEPER', ['PUN1'], 'Haveli keeper');
    await enrolStaff(h.deps.db, magistrate.id, 'MAGISTRATE', ['JAI1'], 'DM Jaipur');
    for (const u of [keeper, punKeeper, magistrate]) await h.send(u, '/help');
    kunda = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-1' } });
  });
  afterAll(() => h?.close());

  it('Hindi owner: explanation with the s. 20 date, intent, deposit, keeper confirms, release, acknowledgement', async () => {
    await h.tap(hindiOwner, data(h, 'pr', kunda.id));
    const explain = h.api.lastTo(hindiOwner.id)!;
    // Seized 27 Nov; 10 days from seizure, first day excluded → 7 Dec.
    expect(explain.text).toBe(
      t(h, 'hi', 'owner:protest.explain', {
        number: 'JAI1-2026-1',
        fine: t(h, 'hi', 'common:term.fine'),
        date: '2026-12-07',
        count: 10,
      }),
    );
    const [yes, no] = buttonsOf(explain.payload);
    expect(no!.data).toBe(data(h, 'pi', kunda.id, 0));
    await h.tap(hindiOwner, yes!.data);
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(
      claimIntro(
        h,
        'hi',
        'owner:claim.intro_protest',
        'JAI1-2026-1',
        KUNDA_HEADS.map((d) => ['buffalo', d]),
      ),
    );
    await h.tap(hindiOwner, lastButton(h, hindiOwner.id, 'who')!.data);
    await h.send(hindiOwner, 'रमेश चौधरी');
    // Kunda holds two buffaloes, perhaps of two owners: which are his? All of them.
    expect(h.api.lastTo(hindiOwner.id)!.text).toContain(
      t(h, 'hi', 'owner:heads.ask', { number: 'JAI1-2026-1', count: 2 }),
    );
    await h.tap(hindiOwner, lastButton(h, hindiOwner.id, 'hda')!.data);
    const engine = await engineDues(h, 'JAI1-2026-1', h.clock.now(), 'deposit');
    const choice = h.api.lastTo(hindiOwner.id)!.text;
    expect(choice).toContain(
      t(h, 'hi', 'owner:dues.header_deposit', { number: 'JAI1-2026-1', date: '2026-11-29', section: 'धारा 15' }),
    );
    expect(choice).toContain(
      t(h, 'hi', 'owner:pay.choose', {
        what: t(h, 'hi', 'owner:pay.what_deposit'),
        number: 'JAI1-2026-1',
        amount: engine.totals.totalPaise,
        section: 'धारा 15',
      }),
    );
    const claim = await h.deps.db.claim.findFirstOrThrow({ where: { caseId: kunda.id } });
    expect(claim).toMatchObject({ kind: 'S15_PROTEST', intendsComplaint: true, s12aDeclaration: false });

    await h.tap(hindiOwner, data(h, 'pm', claim.id, 'c'));
    await h.tap(hindiOwner, lastButton(h, hindiOwner.id, 'ip')!.data);
    const payment = await h.deps.db.payment.findFirstOrThrow({ where: { caseId: kunda.id } });
    expect(payment).toMatchObject({
      kind: 'S15_DEPOSIT',
      status: 'PENDING',
      amountPaise: BigInt(engine.totals.totalPaise),
    });
    expect((await h.deps.db.case.findUniqueOrThrow({ where: { id: kunda.id } })).status).toBe('DEPOSIT_PENDING');

    await h.drain();
    expect(
      (
        await h.deps.db.delivery.findUniqueOrThrow({
          where: {
            messageKey_telegramUserId: {
              messageKey: `payment:${payment.id}:card:${keeper.id}`,
              telegramUserId: BigInt(keeper.id),
            },
          },
        })
      ).status,
    ).toBe('SENT');
    const card = paymentCardTo(h, keeper.id, payment.id);
    expect(card.text.startsWith(`🧾 ${t(h, 'en', 'card:payment.kind_S15_DEPOSIT')}`)).toBe(true);
    await h.reply(keeper, card.messageId, 'ok');
    expect((await h.deps.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe('CONFIRMED');
    await h.send(keeper, '/release JAI1-2026-1');
    expect((await h.deps.db.case.findUniqueOrThrow({ where: { id: kunda.id } })).status).toBe('DEPOSITED_S15');
    await h.drain();
    // The receipt and the release message reached the depositor through the jobs sender (by key: the receipt and its
    // PDF are sent by two jobs, either may be recorded first).
    const toOwner = await h.deps.db.delivery.findMany({
      where: { telegramUserId: BigInt(hindiOwner.id) },
      orderBy: { messageKey: 'asc' },
    });
    expect(toOwner.map((d) => [d.messageKey.replace(/\d+/g, 'N'), d.status])).toEqual([
      ['payment:N:receipt', 'SENT'],
      ['payment:N:receipt:pdf', 'SENT'],
      ['release:N:owner', 'SENT'],
    ]);
    // The receipt and the release message name the last day to complain (s. 20) — the day the engine's window
    // ends (the case card says the same below) — instead of "in time".
    const sent = h.api.sentTo(hindiOwner.id).map((m) => m.text ?? '');
    expect(sent.filter((x) => x.startsWith('रसीद ') && x.includes('सत्यापन कोड')).at(-1)).toContain(
      'मजिस्ट्रेट को परिवाद (शिकायत) 7 दिसंबर 2026 तक करें (धारा 20)।',
    );
    expect(sent.filter((x) => x.includes('आपत्ति सहित जमा पर आपको सौंप')).at(-1)).toContain(
      'मजिस्ट्रेट को अपना परिवाद (शिकायत) 7 दिसंबर 2026 तक करें (धारा 20)',
    );

    const receipt = await h.deps.db.receipt.findFirstOrThrow({ where: { caseId: kunda.id } });
    expect(receipt.kind).toBe('S15_DEPOSIT');
    await h.send(hindiOwner, `/verify ${receipt.verificationCode}`);
    expect(h.api.lastTo(hindiOwner.id)!.text).toContain(t(h, 'hi', 'owner:verify.kind_S15_DEPOSIT'));

    const release = await h.deps.db.release.findFirstOrThrow({ where: { caseId: kunda.id } });
    await h.tap(hindiOwner, lastButton(h, hindiOwner.id, 'ack')!.data, 31);
    expect((await h.deps.db.release.findUniqueOrThrow({ where: { id: release.id } })).acknowledgedByTelegramId).toBe(
      BigInt(hindiOwner.id),
    );

    // The card now says when to complain by (s. 20).
    await h.send(hindiOwner, '/case JAI1-2026-1');
    expect(h.api.lastTo(hindiOwner.id)!.text).toContain(t(h, 'hi', 'owner:next.complaint_by', { date: '2026-12-07' }));
  });

  it('/complaint records the s. 20 complaint (reference, date) within the window; bad dates change nothing', async () => {
    h.clock.set('2026-12-02T11:00:00+05:30');
    await h.send(englishOwner, '/complaint');
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'owner:complaint.none'));

    await h.send(hindiOwner, '/complaint');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(
      t(h, 'hi', 'owner:complaint.ask_reference', { number: 'JAI1-2026-1' }),
    );
    await h.send(hindiOwner, 'परिवाद 45/2026');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'owner:complaint.ask_date'));
    const before = await footprint(h);
    await h.send(hindiOwner, '10/12/2026');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'refusal:COMPLAINT_FUTURE_DATE', { date: '2026-12-10' }));
    await h.send(hindiOwner, 'xyz');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'owner:complaint.date_invalid', { input: 'xyz' }));
    expect(await footprint(h)).toEqual(before);
    await h.send(hindiOwner, '१/१२/२०२६');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(
      t(h, 'hi', 'owner:complaint.recorded', {
        reference: 'परिवाद 45/2026',
        date: '2026-12-01',
        number: 'JAI1-2026-1',
      }),
    );
    const complaint = await h.deps.db.complaint.findFirstOrThrow({ where: { caseId: kunda.id } });
    expect(complaint).toMatchObject({
      reference: 'परिवाद 45/2026',
      telegramUserId: BigInt(hindiOwner.id),
      outcome: null,
    });
    expect(complaint.filedOn.toISOString().slice(0, 10)).toBe('2026-12-01');
    expect(await h.deps.db.auditEvent.count({ where: { action: 'S20_COMPLAINT_RECORDED', caseId: kunda.id } })).toBe(1);

    // Recording the same complaint again adds nothing.
    await h.send(hindiOwner, '/complaint JAI1-2026-1');
    await h.send(hindiOwner, 'परिवाद 45/2026');
    await h.send(hindiOwner, '1/12/2026');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(
      t(h, 'hi', 'owner:complaint.already', { reference: 'परिवाद 45/2026', number: 'JAI1-2026-1' }),
    );
    expect(await h.deps.db.complaint.count()).toBe(1);

    // Someone who did not deposit cannot record a complaint on the case.
    await h.send(englishOwner, '/complaint JAI1-2026-1');
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(
      t(h, 'en', 'refusal:COMPLAINT_NOT_DEPOSITOR', { number: 'JAI1-2026-1' }),
    );
  });

  it('the Magistrate’s outcome shows on the card and in /mycases', async () => {
    await h.send(magistrate, '/outcome JAI1-2026-1 refund DM/45/2026');
    expect((await h.deps.db.complaint.findFirstOrThrow({ where: { caseId: kunda.id } })).outcome).toBe('refund');
    await h.send(hindiOwner, '/mycases');
    const mine = h.api.lastTo(hindiOwner.id)!.text;
    expect(mine).toContain(
      t(h, 'hi', 'owner:mycases.complaint_line', {
        reference: 'परिवाद 45/2026',
        outcome: t(h, 'hi', 'owner:case.outcome_refund'),
      }),
    );
    expect(mine).toContain('JAI1-2026-1');
  });

  it('a complaint filed after the window is not recorded', async () => {
    // A second deposit case: Nangal (JAI1-2026-2), impounded 20 Nov; its window ended 30 Nov.
    const nangal = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-2' } });
    h.clock.set('2026-11-29T12:00:00+05:30');
    await h.tap(englishOwner, data(h, 'pr', nangal.id));
    await h.tap(englishOwner, data(h, 'pi', nangal.id, 1));
    await h.tap(englishOwner, data(h, 'who', nangal.id, '15', 'o'));
    await h.send(englishOwner, 'Sunita Devi');
    const claim = await h.deps.db.claim.findFirstOrThrow({ where: { caseId: nangal.id, kind: 'S15_PROTEST' } });
    await h.tap(englishOwner, data(h, 'pm', claim.id, 'c'));
    await h.tap(englishOwner, lastButton(h, englishOwner.id, 'ip')!.data);
    expect(await h.deps.db.payment.count({ where: { caseId: nangal.id, kind: 'S15_DEPOSIT' } })).toBe(1);

    h.clock.set('2026-12-03T12:00:00+05:30');
    const before = await footprint(h);
    await h.send(englishOwner, '/complaint JAI1-2026-2');
    await h.send(englishOwner, 'CMP-9/2026');
    await h.send(englishOwner, '2/12/2026');
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(
      t(h, 'en', 'refusal:COMPLAINT_OUTSIDE_WINDOW', { last: '2026-11-30', date: '2026-12-02' }),
    );
    expect(await footprint(h)).toEqual(before);
  });

  it('after the s. 20 window a deposit under protest is refused with the reason and section', async () => {
    const samod = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI2-2026-1' } });
    h.clock.set('2026-12-09T10:00:00+05:30');
    const before = await footprint(h);
    await h.tap(englishOwner, data(h, 'pr', samod.id));
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(
      t(h, 'en', 'refusal:owner.COMPLAINT_WINDOW_CLOSED', {
        number: 'JAI2-2026-1',
        lastDay: '2026-12-08',
        section: 's. 20',
      }),
    );
    expect(await footprint(h)).toEqual(before);
  });

  it('Maharashtra: the s. 12A security is part of the deposit, or the declaration replaces it', async () => {
    h.clock.set('2026-11-29T10:00:00+05:30');
    const pune = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'PUN1-2026-1' } });
    await h.tap(englishOwner, data(h, 'pr', pune.id));
    await h.tap(englishOwner, data(h, 'pi', pune.id, 1));
    await h.tap(englishOwner, data(h, 'who', pune.id, '15', 'o'));
    await h.send(englishOwner, 'Sunita Devi');
    const withSecurity = await engineDues(h, 'PUN1-2026-1', h.clock.now(), 'deposit');
    const withDeclaration = await engineDues(h, 'PUN1-2026-1', h.clock.now(), 'deposit', true);
    expect(withSecurity.totals.securityPaise).toBeGreaterThan(0);
    expect(withDeclaration.totals.totalPaise).toBe(withSecurity.totals.totalPaise - withSecurity.totals.securityPaise);
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(
      t(h, 'en', 'owner:protest.security_choice', { amount: withSecurity.totals.securityPaise }),
    );
    const claim = await h.deps.db.claim.findFirstOrThrow({ where: { caseId: pune.id } });

    await h.tap(englishOwner, data(h, 'dcl', claim.id, 0));
    let text = h.api.lastTo(englishOwner.id)!.text;
    expect(text).toContain('Security (s. 12A');
    expect(text).toContain(t(h, 'en', 'owner:dues.total', { total: withSecurity.totals.totalPaise }));

    await h.tap(englishOwner, data(h, 'dcl', claim.id, 1));
    text = h.api.lastTo(englishOwner.id)!.text;
    expect(text).not.toContain('Security (s. 12A');
    expect(text).toContain(t(h, 'en', 'owner:dues.declaration_note'));
    expect(text).toContain(t(h, 'en', 'owner:dues.total', { total: withDeclaration.totals.totalPaise }));
    expect((await h.deps.db.claim.findUniqueOrThrow({ where: { id: claim.id } })).s12aDeclaration).toBe(true);

    await h.tap(englishOwner, data(h, 'pm', claim.id, 'c'));
    await h.tap(englishOwner, lastButton(h, englishOwner.id, 'ip')!.data);
    const payment = await h.deps.db.payment.findFirstOrThrow({ where: { caseId: pune.id } });
    expect(Number(payment.amountPaise)).toBe(withDeclaration.totals.totalPaise);
    expect((payment.duesSnapshot as { securityWaivedByDeclaration: boolean }).securityWaivedByDeclaration).toBe(true);
  });
});

describe.each(await dbKinds())('owner: the s. 20 window is configurable (%s)', (dbKind) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await ownerHarness({ dbKind, env: { S20_COMPLAINT_WINDOW_DAYS: '15' } });
  });
  afterAll(() => h?.close());

  it('explains and enforces a 15-day window when S20_COMPLAINT_WINDOW_DAYS=15', async () => {
    const kunda = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-1' } });
    await h.tap(englishOwner, data(h, 'pr', kunda.id));
    // Seized 27 Nov; 15 days, first day excluded → 12 Dec.
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(
      t(h, 'en', 'owner:protest.explain', {
        number: 'JAI1-2026-1',
        fine: t(h, 'en', 'common:term.fine'),
        date: '2026-12-12',
        count: 15,
      }),
    );
    // 9 Dec is past the default 10 days but inside 15: the deposit under protest is still open.
    h.clock.set('2026-12-09T10:00:00+05:30');
    await h.tap(englishOwner, data(h, 'pr', kunda.id));
    expect(h.api.lastTo(englishOwner.id)!.text.startsWith('⚖️')).toBe(true);
    h.clock.set('2026-12-13T00:00:00+05:30');
    await h.tap(englishOwner, data(h, 'pr', kunda.id));
    expect(h.api.lastTo(englishOwner.id)!.text).toContain(`ended on ${formatDate('2026-12-12', 'en')}, so a deposit`);
  });
});

describe.each(await dbKinds())('owner: the s. 20 window runs from the seizure time in the register (%s)', (dbKind) => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await ownerHarness({ dbKind });
  });
  afterAll(() => h?.close());

  it('told the last day counted from the seizure, and refused the s. 15 deposit from the next day (en, hi)', async () => {
    const kunda = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-1' } });
    // Brought in on 27 Nov; the register says the cattle were seized on 25 Nov at 20:00 IST.
    await h.deps.db.case.update({ where: { id: kunda.id }, data: { seizedAt: new Date('2026-11-25T20:00:00+05:30') } });
    await h.tap(englishOwner, data(h, 'pr', kunda.id));
    // 10 days from 25 Nov, first day excluded → 26 Nov..5 Dec (from the impounding it would be 7 Dec).
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(
      t(h, 'en', 'owner:protest.explain', {
        number: 'JAI1-2026-1',
        fine: t(h, 'en', 'common:term.fine'),
        date: '2026-12-05',
        count: 10,
      }),
    );
    await h.tap(hindiOwner, data(h, 'pr', kunda.id));
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(
      t(h, 'hi', 'owner:protest.explain', {
        number: 'JAI1-2026-1',
        fine: t(h, 'hi', 'common:term.fine'),
        date: '2026-12-05',
        count: 10,
      }),
    );
    h.clock.set('2026-12-05T23:59:00+05:30');
    await h.tap(englishOwner, data(h, 'pr', kunda.id));
    expect(h.api.lastTo(englishOwner.id)!.text.startsWith('⚖️')).toBe(true);
    h.clock.set('2026-12-06T00:00:00+05:30');
    const before = await footprint(h);
    await h.tap(englishOwner, data(h, 'pr', kunda.id));
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(
      t(h, 'en', 'refusal:owner.COMPLAINT_WINDOW_CLOSED', {
        number: 'JAI1-2026-1',
        lastDay: '2026-12-05',
        section: 's. 20',
      }),
    );
    await h.tap(hindiOwner, data(h, 'pr', kunda.id));
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(
      t(h, 'hi', 'refusal:owner.COMPLAINT_WINDOW_CLOSED', {
        number: 'JAI1-2026-1',
        lastDay: '2026-12-05',
        section: 'धारा 20',
      }),
    );
    expect(await footprint(h)).toEqual(before);
  });
});
