import { describe, expect, it } from 'vitest';
import { callbackSecret, decodeCallback, encodeButtonAction } from '../../../src/callback-data';
import { createConfig } from '../../../src/config';
import { recordClaim } from '../../../src/services/claims';
import { declarePayment } from '../../../src/services/payments';
import { verifyReceipt } from '../../../src/services/verify';
import type { OutgoingMessage } from '../../../src/services/outbox';
import { dbKinds, suiteDatabase } from '../../support/db';
import { enrolStaff, seed } from '../../support/fixtures';

const kinds = await dbKinds();
const NOW = new Date('2026-11-29T10:00:00+05:30');
const config = createConfig({ BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST', LOG_LEVEL: 'silent' });
const windows = { s20ComplaintDays: 10 };

describe.each(kinds)('payment declaration on %s', (kind) => {
  const db = suiteDatabase(kind, async () => {
    await seed(db.prisma, NOW);
    await enrolStaff(db.prisma, 6601, 'POUND_KEEPER', ['JAI1']);
    await enrolStaff(db.prisma, 6602, 'POUND_KEEPER', ['JAI1', 'JAI2']);
    const revoked = await enrolStaff(db.prisma, 6603, 'POUND_KEEPER', ['JAI1']);
    await db.prisma.staffMember.update({ where: { id: revoked.id }, data: { revokedAt: NOW } });
    await enrolStaff(db.prisma, 6604, 'OFFICER', ['JAI1']);
  });

  async function claimFor(number: string, user: bigint, kindOf: 'S13_CLAIM' | 'S15_PROTEST' = 'S13_CLAIM') {
    const c = await db.prisma.case.findUniqueOrThrow({ where: { number } });
    await db.prisma.telegramUser.upsert({ where: { id: user }, create: { id: user }, update: {} });
    return recordClaim(db.prisma, {
      caseId: c.id,
      kind: kindOf,
      telegramUserId: user,
      claimantName: 'Agent Ram',
      isAgent: true,
      ownerName: 'Owner Shyam',
      intendsComplaint: true,
    });
  }

  it('queues the contract’s payment card to every active keeper of the pound, once', async () => {
    const claim = await claimFor('JAI1-2026-1', 5001n);
    const r = await declarePayment({ db: db.prisma, config }, windows, {
      claimId: claim.id,
      telegramUserId: 5001n,
      method: 'UPI',
      amountPaise: null,
      upiRef: 'UTR123456',
      now: NOW,
    });
    expect(r.kind).toBe('declared');
    if (r.kind !== 'declared') return;
    expect(r.keepers).toBe(2);
    const rows = await db.prisma.outboxEntry.findMany({
      where: { jobKey: { startsWith: `payment:${r.paymentId}:card:` } },
      orderBy: { jobKey: 'asc' },
    });
    expect(rows.map((x) => x.jobKey)).toEqual([`payment:${r.paymentId}:card:6601`, `payment:${r.paymentId}:card:6602`]);
    const card = rows[0]!.payload as unknown as OutgoingMessage;
    expect(card).toMatchObject({
      chatId: '6601',
      key: 'card:payment.text',
      params: {
        number: 'JAI1-2026-1',
        kind: 'S13_PAYMENT',
        payer: 'Agent Ram',
        ownerName: 'Owner Shyam',
        amount: r.amountPaise,
        method: 'UPI',
        upiRef: 'UTR123456',
        declaredAt: NOW.toISOString(),
      },
      track: { kind: 'payment_card', paymentId: r.paymentId },
      priority: 'official',
    });
    const [ok, no] = card.buttons![0]!;
    expect(ok!.key).toBe('card:payment.confirm');
    // The service says what the buttons mean; the jobs sender signs them (the keeper's handler reads pc ok/no).
    expect([ok!.action, no!.action]).toEqual([
      { kind: 'confirm_payment', paymentId: r.paymentId },
      { kind: 'reject_payment', paymentId: r.paymentId },
    ]);
    expect(ok!.data).toBeUndefined();
    expect(decodeCallback(callbackSecret(config), encodeButtonAction(callbackSecret(config), ok!.action!))).toEqual({
      action: 'pc',
      args: ['ok', String(r.paymentId)],
    });
    expect(decodeCallback(callbackSecret(config), encodeButtonAction(callbackSecret(config), no!.action!))).toEqual({
      action: 'pc',
      args: ['no', String(r.paymentId)],
    });
    // No phone numbers or other personal data beyond the names the keeper needs.
    expect(JSON.stringify(card)).not.toMatch(/\+91|\d{10}/);
  });

  it('a second declaration (double tap, or another person) records nothing new', async () => {
    const c = await db.prisma.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-1' } });
    const claim = await db.prisma.claim.findFirstOrThrow({ where: { caseId: c.id } });
    const outbox = await db.prisma.outboxEntry.count();
    const again = await declarePayment({ db: db.prisma, config }, windows, {
      claimId: claim.id,
      telegramUserId: 5001n,
      method: 'CASH',
      amountPaise: null,
      upiRef: null,
      now: NOW,
    });
    expect(again).toMatchObject({ kind: 'already', mine: true });
    const other = await claimFor('JAI1-2026-1', 5002n);
    const theirs = await declarePayment({ db: db.prisma, config }, windows, {
      claimId: other.id,
      telegramUserId: 5002n,
      method: 'CASH',
      amountPaise: null,
      upiRef: null,
      now: NOW,
    });
    expect(theirs).toMatchObject({ kind: 'already', mine: false });
    expect(await db.prisma.payment.count({ where: { caseId: c.id } })).toBe(1);
    expect(await db.prisma.outboxEntry.count()).toBe(outbox);
  });

  it('concurrent declarations on the same case record exactly one payment', async () => {
    const c = await db.prisma.case.findUniqueOrThrow({ where: { number: 'JAI2-2026-1' } });
    const a = await claimFor('JAI2-2026-1', 5003n);
    const b = await claimFor('JAI2-2026-1', 5004n);
    const results = await Promise.all(
      [a, b, a, b].map((cl, i) =>
        declarePayment({ db: db.prisma, config }, windows, {
          claimId: cl.id,
          telegramUserId: cl.telegramUserId,
          method: 'CASH',
          amountPaise: null,
          upiRef: null,
          now: new Date(NOW.getTime() + i),
        }),
      ),
    );
    expect(results.filter((r) => r.kind === 'declared')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'already')).toHaveLength(3);
    expect(await db.prisma.payment.count({ where: { caseId: c.id } })).toBe(1);
    expect((await db.prisma.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('PAYMENT_PENDING');
  });

  it('refuses less than the dues, and a claim that is not the caller’s', async () => {
    const claim = await claimFor('JAI1-2026-2', 5005n);
    const short = declarePayment({ db: db.prisma, config }, windows, {
      claimId: claim.id,
      telegramUserId: 5005n,
      method: 'CASH',
      amountPaise: 100,
      upiRef: null,
      now: NOW,
    });
    await expect(short).rejects.toMatchObject({ code: 'PAYMENT_SHORT', section: 's. 13', params: { given: 100 } });
    const notMine = declarePayment({ db: db.prisma, config }, windows, {
      claimId: claim.id,
      telegramUserId: 9999n,
      method: 'CASH',
      amountPaise: null,
      upiRef: null,
      now: NOW,
    });
    await expect(notMine).rejects.toMatchObject({ code: 'NOT_YOUR_CLAIM' });
    expect(await db.prisma.payment.count({ where: { claimId: claim.id } })).toBe(0);
  });

  it('refuses a s. 15 deposit once the s. 20 window has closed, citing s. 20', async () => {
    const claim = await claimFor('JAI1-2026-2', 5006n, 'S15_PROTEST');
    const r = declarePayment({ db: db.prisma, config }, windows, {
      claimId: claim.id,
      telegramUserId: 5006n,
      method: 'CASH',
      amountPaise: null,
      upiRef: null,
      now: new Date('2026-12-01T10:00:00+05:30'),
    });
    await expect(r).rejects.toMatchObject({
      code: 'REFUSED',
      section: 's. 20',
      params: { reason: 'COMPLAINT_WINDOW_CLOSED' },
    });
  });

  it('verifies a receipt by its code ignoring case, spaces and dashes, and not a near miss', async () => {
    const c = await db.prisma.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-2' } });
    await db.prisma.receipt.create({
      data: {
        number: 'JAI1-R-2026-000777',
        caseId: c.id,
        kind: 'S13_PAYMENT',
        amountPaise: 12345,
        items: [],
        verificationCode: 'K7PQ2MXA',
        issuedAt: NOW,
      },
    });
    expect(await verifyReceipt(db.prisma, 'k7pq 2mxa')).toMatchObject({
      number: 'JAI1-R-2026-000777',
      caseNumber: 'JAI1-2026-2',
      amountPaise: 12345,
      kind: 'S13_PAYMENT',
    });
    expect(await verifyReceipt(db.prisma, 'K7-PQ-2M-XA')).not.toBeNull();
    expect(await verifyReceipt(db.prisma, 'K7PQ2MXB')).toBeNull();
    expect(await verifyReceipt(db.prisma, "K7PQ2MXA' OR 1=1 --")).toBeNull();
  });
});
