import type { Config } from '../../src/config';
import type { Db } from '../../src/db';
import { recordClaim } from '../../src/services/claims';
import { setClaimHeads } from '../../src/services/part-claim';
import { confirmPayment } from '../../src/services/payment-confirmation';
import { declarePayment } from '../../src/services/payments';
import { issueReceipt } from '../../src/services/receipts';
import { loadStaffActor } from '../../src/services/staff-actor';
import { caseFixture } from './case-builder';
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
    issueReceipt(tx, {
      caseId: c.id,
      pound: { id: c.pound.id, code: c.pound.code },
      kind: 'S13_PAYMENT',
      amountPaise: 80_000,
      items: [{ kind: 'total', section: 's. 13', amountPaise: 80_000 }],
      paymentId: payment.id,
      issuedToTelegramId: payer,
      now,
    }),
  );
  return { receipt, caseNumber: c.number, pound: c.pound, keeperName: keeper.name };
}

/**
 * A receipt for one owner's heads of a register entry, made with the services the bot uses: a JAI1 entry
 * of three heads impounded on 27 Nov 2026; owner Suresh claims head 1 (a cow, with characters the web page must escape),
 * co-owner Mahesh claims head 2 (a buffalo); Suresh declares cash and an enrolled pound-keeper confirms it. Head 3 is
 * nobody's yet. Returns Suresh's receipt and the words of every head (so a test can check which ones a page names).
 */
export async function confirmedPartReceipt(
  db: Db,
  config: Pick<Config, 'BOT_TOKEN' | 'WEBHOOK_SECRET'>,
  now: Date,
  keeperTelegramId = 770101,
) {
  const c = await caseFixture(db, {
    pound: 'JAI1',
    impoundedAt: '2026-11-27T11:00:00+05:30',
    place: 'Achrol',
    heads: [
      ['cow', 'black & white, "Moti" <star>'],
      ['buffalo', 'brown, curved horns'],
      ['cow', 'red-speckled'],
    ],
  }).build();
  await enrolStaff(db, keeperTelegramId, 'POUND_KEEPER', ['JAI1'], 'Keeper Dinesh Kumar');
  const claimOf = async (owner: bigint, name: string, index: number) => {
    await db.telegramUser.upsert({ where: { id: owner }, create: { id: owner, firstName: name }, update: {} });
    const claim = await recordClaim(db, {
      caseId: c.id,
      kind: 'S13_CLAIM',
      telegramUserId: owner,
      claimantName: name,
      isAgent: false,
      ownerName: name,
    });
    await setClaimHeads(db, claim.id, [c.heads.find((h) => h.index === index)!.id]);
    return claim;
  };
  const suresh = await claimOf(990101n, 'Owner Suresh Part', 1);
  await claimOf(990102n, 'Co-owner Mahesh', 2);
  const d = await declarePayment(
    { db, config },
    {},
    { claimId: suresh.id, telegramUserId: 990101n, method: 'CASH', amountPaise: null, upiRef: null, now },
  );
  if (d.kind !== 'declared') throw new Error(`part payment not declared: ${d.kind}`);
  const actor = await loadStaffActor(db, {
    telegramId: BigInt(keeperTelegramId),
    chatId: keeperTelegramId,
    messageId: 1,
  });
  const confirmed = await confirmPayment(db, { paymentId: d.paymentId, actor, now, botUsername: 'bot' });
  if (confirmed.status !== 'confirmed') throw new Error(`part payment not confirmed: ${confirmed.status}`);
  const receipt = await db.receipt.findFirstOrThrow({ where: { paymentId: d.paymentId } });
  return {
    receipt,
    caseNumber: c.number,
    heads: c.heads.map((h) => ({ index: h.index, cattleClass: h.cattleClass, description: h.description })),
  };
}
