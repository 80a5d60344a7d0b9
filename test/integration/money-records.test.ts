import { describe, expect, it } from 'vitest';
import { paiseOf } from '../../src/db';
import { verifyReceipt } from '../../src/services/verify';
import { dbKinds, suiteDatabase } from '../support/db';
import { caseFixture } from '../support/case-builder';

/**
 * The money register at the database: what was recorded cannot be rewritten or emptied, and
 * sums beyond 32 bits are stored exactly. Each assertion holds on PGlite and on Postgres.
 */
describe.each(await dbKinds())('money records on %s', (kind) => {
  const db = suiteDatabase(kind);

  const seedCase = () =>
    caseFixture(db.prisma, { makePound: true, impoundedAt: new Date(), place: 'Amer', seizerName: 'S' }).build();

  it('refuses TRUNCATE of the ledger and of the audit trail (12.4)', async () => {
    const c = await seedCase();
    await db.prisma.ledgerEntry.create({
      data: { caseId: c.id, account: 'POUND_KEEPER', amountPaise: 100, section: 's. 17', idempotencyKey: `t-${c.id}` },
    });
    await db.prisma.auditEvent.create({ data: { actorRole: 'system', action: 'TEST', caseId: c.id } });
    await expect(db.prisma.$executeRawUnsafe('TRUNCATE "LedgerEntry"')).rejects.toThrow(/append-only/);
    await expect(db.prisma.$executeRawUnsafe('TRUNCATE "AuditEvent"')).rejects.toThrow(/append-only/);
    // Reached through a cascade from the cases, too.
    await expect(db.prisma.$executeRawUnsafe('TRUNCATE "Case" CASCADE')).rejects.toThrow(/append-only/);
    expect(await db.prisma.ledgerEntry.count({ where: { caseId: c.id } })).toBe(1);
    expect(await db.prisma.auditEvent.count({ where: { caseId: c.id } })).toBe(1);
  });

  it("refuses rewriting a receipt's amount and a confirmed payment's amount; a pending one may change (12.4)", async () => {
    const c = await seedCase();
    const base = {
      caseId: c.id,
      kind: 'S13_PAYMENT' as const,
      method: 'CASH' as const,
      amountPaise: 80_000,
      duesSnapshot: {},
      payerTelegramId: 1n,
      declaredAt: new Date(),
    };
    const p = await db.prisma.payment.create({ data: base });
    // The confirming update itself sets the confirmed amount (the row is still PENDING before it).
    await db.prisma.payment.update({ where: { id: p.id }, data: { amountPaise: 79_000 } });
    await db.prisma.payment.update({
      where: { id: p.id },
      data: { status: 'CONFIRMED', confirmedAt: new Date(), confirmedSlot: `${c.id}:S13_PAYMENT`, amountPaise: 80_000 },
    });
    await expect(db.prisma.payment.update({ where: { id: p.id }, data: { amountPaise: 1 } })).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(
      db.prisma.$executeRawUnsafe(`UPDATE "Payment" SET "amountPaise" = 10000055 WHERE id = ${p.id}`),
    ).rejects.toThrow(/cannot be changed/);
    // Other columns of a confirmed payment (e.g. the receipt book number) may still be filled in.
    await db.prisma.payment.update({ where: { id: p.id }, data: { receiptBookNo: 'RB 12' } });
    const r = await db.prisma.receipt.create({
      data: {
        number: `R-${c.id}`,
        caseId: c.id,
        kind: 'S13_PAYMENT',
        amountPaise: 80_000,
        items: [],
        verificationCode: `V-${c.id}`,
        issuedAt: new Date(),
        paymentId: p.id,
      },
    });
    await expect(db.prisma.receipt.update({ where: { id: r.id }, data: { amountPaise: 10_000_055 } })).rejects.toThrow(
      /cannot be changed/,
    );
    expect(Number((await db.prisma.payment.findUniqueOrThrow({ where: { id: p.id } })).amountPaise)).toBe(80_000);
    expect(Number((await db.prisma.receipt.findUniqueOrThrow({ where: { id: r.id } })).amountPaise)).toBe(80_000);
  });

  it('stores amounts from ₹2,14,74,836.48 (2^31 paise) up exactly, and reads them back as numbers (12.3)', async () => {
    const c = await seedCase();
    for (const paise of [2_147_483_648, 2_147_483_647 * 3, 10_000_000_000_000]) {
      const e = await db.prisma.ledgerEntry.create({
        data: {
          caseId: c.id,
          account: 'SALE_PROCEEDS',
          amountPaise: paise,
          section: 's. 16',
          idempotencyKey: `big-${c.id}-${paise}`,
        },
      });
      expect(paiseOf(e.amountPaise)).toBe(paise);
      const p = await db.prisma.payment.create({
        data: {
          caseId: c.id,
          kind: 'S13_PAYMENT',
          method: 'CASH',
          amountPaise: paise,
          duesSnapshot: {},
          payerTelegramId: 1n,
          declaredAt: new Date(),
        },
      });
      expect(paiseOf((await db.prisma.payment.findUniqueOrThrow({ where: { id: p.id } })).amountPaise)).toBe(paise);
      const code = `BIG${String(paise).slice(-5)}`;
      await db.prisma.receipt.create({
        data: {
          number: `RB-${c.id}-${paise}`,
          caseId: c.id,
          kind: 'S16_BALANCE',
          amountPaise: paise,
          items: [],
          verificationCode: code,
          issuedAt: new Date(),
        },
      });
      expect((await verifyReceipt(db.prisma, code))!.amountPaise).toBe(paise);
    }
    const sum = await db.prisma.ledgerEntry.aggregate({ where: { caseId: c.id }, _sum: { amountPaise: true } });
    expect(paiseOf(sum._sum.amountPaise)).toBe(2_147_483_648 + 2_147_483_647 * 3 + 10_000_000_000_000);
    // Beyond what a number holds exactly, the boundary refuses rather than rounding.
    expect(() => paiseOf(2n ** 53n + 1n)).toThrow(RangeError);
  });
});
