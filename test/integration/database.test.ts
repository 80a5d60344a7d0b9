import { describe, expect, it } from 'vitest';
import { applyMigrations } from '../../src/db';
import { dbKinds, suiteDatabase } from '../support/db';
import { caseFixture } from '../support/case-builder';

const kinds = await dbKinds();

describe.each(kinds)('database on %s', (kind) => {
  const db = suiteDatabase(kind);

  const seedCase = () =>
    caseFixture(db.prisma, { makePound: true, impoundedAt: new Date(), place: 'Amer', seizerName: 'S' }).build();

  it('has every migration applied, and a second run has nothing to do', async () => {
    expect(await applyMigrations(db.adapter)).toEqual([]);
    expect(await db.prisma.case.count()).toBe(0);
  });

  it.runIf(kind === 'postgres')(
    'leaves no migration lock behind: another process can migrate the same database at once',
    async () => {
      // Prisma's engine takes pg_advisory_lock and never unlocks it; on the app's pool that connection kept the lock,
      // and a second process starting on the database (two bot processes, bot + worker) waited 10 s and failed.
      expect(await applyMigrations(db.adapter)).toEqual([]);
      const held = async () =>
        Number(
          (
            await db.prisma.$queryRaw<
              Array<{ n: number }>
            >`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`
          )[0]!.n,
        );
      const end = Date.now() + 3000;
      while ((await held()) > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(await held()).toBe(0);
    },
  );

  it('rejects a negative amount', async () => {
    const c = await seedCase();
    await expect(
      db.prisma.ledgerEntry.create({
        data: {
          caseId: c.id,
          account: 'POUND_KEEPER',
          amountPaise: -1,
          section: 's. 17',
          idempotencyKey: `neg-${c.id}`,
        },
      }),
    ).rejects.toThrow();
    await expect(
      db.prisma.payment.create({
        data: {
          caseId: c.id,
          kind: 'S13_PAYMENT',
          method: 'CASH',
          amountPaise: -500,
          duesSnapshot: {},
          payerTelegramId: 1n,
          declaredAt: new Date(),
        },
      }),
    ).rejects.toThrow();
    expect(await db.prisma.ledgerEntry.count({ where: { caseId: c.id } })).toBe(0);
  });

  it('rejects a duplicate receipt number', async () => {
    const c = await seedCase();
    const receipt = {
      number: `R-${c.id}`,
      caseId: c.id,
      kind: 'S13_PAYMENT' as const,
      amountPaise: 100,
      items: [],
      issuedAt: new Date(),
    };
    await db.prisma.receipt.create({ data: { ...receipt, verificationCode: `V1-${c.id}` } });
    await expect(db.prisma.receipt.create({ data: { ...receipt, verificationCode: `V2-${c.id}` } })).rejects.toThrow();
  });

  it('rejects a second use of an enrolment code', async () => {
    await db.prisma.telegramUser.createMany({ data: [{ id: 11n }, { id: 12n }], skipDuplicates: true });
    const code = await db.prisma.enrolmentCode.create({
      data: {
        codeHash: `h-${Math.random()}`,
        role: 'POUND_KEEPER',
        poundCodes: ['JAI1'],
        expiresAt: new Date(Date.now() + 3600_000),
      },
    });
    await db.prisma.staffMember.create({
      data: { telegramUserId: 11n, role: 'POUND_KEEPER', name: 'A', enrolmentCodeId: code.id },
    });
    await expect(
      db.prisma.staffMember.create({
        data: { telegramUserId: 12n, role: 'POUND_KEEPER', name: 'B', enrolmentCodeId: code.id },
      }),
    ).rejects.toThrow();
  });

  it('rejects an update id processed twice', async () => {
    await db.prisma.processedUpdate.create({ data: { updateId: 42n } });
    await expect(db.prisma.processedUpdate.create({ data: { updateId: 42n } })).rejects.toThrow();
  });

  it('keeps the ledger and the audit trail append-only', async () => {
    const c = await seedCase();
    const e = await db.prisma.ledgerEntry.create({
      data: { caseId: c.id, account: 'POUND_KEEPER', amountPaise: 100, section: 's. 17', idempotencyKey: `ok-${c.id}` },
    });
    await expect(db.prisma.ledgerEntry.update({ where: { id: e.id }, data: { amountPaise: 1 } })).rejects.toThrow(
      /append-only/,
    );
    await expect(db.prisma.ledgerEntry.delete({ where: { id: e.id } })).rejects.toThrow(/append-only/);
    const a = await db.prisma.auditEvent.create({ data: { actorRole: 'system', action: 'TEST', caseId: c.id } });
    await expect(db.prisma.auditEvent.delete({ where: { id: a.id } })).rejects.toThrow(/append-only/);
    // The same idempotency key twice is refused, so a replayed movement cannot count twice.
    await expect(
      db.prisma.ledgerEntry.create({
        data: {
          caseId: c.id,
          account: 'POUND_KEEPER',
          amountPaise: 100,
          section: 's. 17',
          idempotencyKey: `ok-${c.id}`,
        },
      }),
    ).rejects.toThrow();
  });

  it('allows one confirmed payment per case and kind', async () => {
    const c = await seedCase();
    const base = {
      caseId: c.id,
      kind: 'S13_PAYMENT' as const,
      method: 'CASH' as const,
      amountPaise: 500,
      duesSnapshot: {},
      payerTelegramId: 1n,
      declaredAt: new Date(),
    };
    const a = await db.prisma.payment.create({ data: base });
    const b = await db.prisma.payment.create({ data: base });
    await db.prisma.payment.update({
      where: { id: a.id },
      data: { status: 'CONFIRMED', confirmedAt: new Date(), confirmedSlot: `${c.id}:S13_PAYMENT` },
    });
    await expect(
      db.prisma.payment.update({
        where: { id: b.id },
        data: { status: 'CONFIRMED', confirmedAt: new Date(), confirmedSlot: `${c.id}:S13_PAYMENT` },
      }),
    ).rejects.toThrow();
    // A confirmed status without its slot is refused by the CHECK.
    await expect(
      db.prisma.payment.update({ where: { id: b.id }, data: { status: 'CONFIRMED', confirmedAt: new Date() } }),
    ).rejects.toThrow();
  });
});
