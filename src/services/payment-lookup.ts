import type { Db } from '../db';
import { Prisma, paiseOf } from '../db';
import { queryRows } from '../db/direct';
import type { Tx } from './outbox';

/** A payment with its case, pound and receipt, its amount in paise. */
export async function loadPayment(db: Db | Tx, paymentId: number) {
  const p = await db.payment.findUnique({
    where: { id: paymentId },
    include: { case: { include: { pound: true } }, receipt: true },
  });
  return p && { ...p, amountPaise: paiseOf(p.amountPaise) };
}

/** A payment as a keeper's answer finds it: which pound's keepers may act on it, and the case it is for. */
export interface PaymentInScope {
  paymentId: number;
  poundId: number;
  caseNumber: string;
}

/** The payment `paymentId` (a button's) with its case's pound and number, in one statement; null if there is none. */
export async function paymentInScope(db: Db, paymentId: number): Promise<PaymentInScope | null> {
  const rows = await queryRows<PaymentInScope>(
    db,
    Prisma.sql`SELECT p."id" AS "paymentId", c."poundId", c."number" AS "caseNumber"
      FROM "Payment" p JOIN "Case" c ON c."id" = p."caseId" WHERE p."id" = ${paymentId}`,
  );
  return rows[0] ?? null;
}

/**
 * The payment whose card is message `messageId` in chat `chatId` (a keeper replies to the card), with its case's pound
 * and number, in one statement; null when that message is no payment card.
 */
export async function paymentOfCard(db: Db, chatId: number, messageId: number): Promise<PaymentInScope | null> {
  const rows = await queryRows<PaymentInScope>(
    db,
    Prisma.sql`SELECT p."id" AS "paymentId", c."poundId", c."number" AS "caseNumber"
      FROM "PaymentCard" pc JOIN "Payment" p ON p."id" = pc."paymentId" JOIN "Case" c ON c."id" = p."caseId"
      WHERE pc."chatId" = ${BigInt(chatId)} AND pc."messageId" = ${messageId}`,
  );
  return rows[0] ?? null;
}
