import type { Db } from '../../src/db';
import { issueReceipt } from '../../src/services/receipts';
import { enrolStaff } from './fixtures';

/**
 * A confirmed s. 13 payment of ₹800.00 on the first demo case, confirmed by an enrolled pound-keeper, and
 * its receipt (the rows the confirmation flow writes; the flow itself is tested in test/e2e/owner).
 * The database must hold the demo district (seed).
 */
export async function confirmedReceipt(db: Db, now: Date, keeperTelegramId = 770001) {
  const c = await db.case.findFirstOrThrow({ orderBy: { id: 'asc' }, include: { pound: true } });
  const keeper = await enrolStaff(db, keeperTelegramId, 'POUND_KEEPER', [c.pound.code], 'Keeper Ramesh Kumar');
  const payer = BigInt(990001);
  await db.telegramUser.upsert({ where: { id: payer }, create: { id: payer, firstName: 'Owner Suresh' }, update: {} });
  const payment = await db.payment.create({
    data: {
      caseId: c.id,
      kind: 'S13_PAYMENT',
      method: 'CASH',
      amountPaise: 80_000,
      duesSnapshot: {},
      status: 'CONFIRMED',
      payerTelegramId: payer,
      declaredAt: now,
      confirmedAt: now,
      confirmedByStaffId: keeper.id,
      confirmedSlot: `${c.id}:S13_PAYMENT`,
    },
  });
  const receipt = await db.$transaction((tx) =>
    issueReceipt(tx, { caseId: c.id, pound: { id: c.pound.id, code: c.pound.code }, kind: 'S13_PAYMENT', amountPaise: 80_000, items: [{ kind: 'total', section: 's. 13', amountPaise: 80_000 }], paymentId: payment.id, issuedToTelegramId: payer, now }),
  );
  return { receipt, caseNumber: c.number, pound: c.pound, keeperName: keeper.name };
}
