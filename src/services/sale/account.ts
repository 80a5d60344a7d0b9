import { isS16Path } from '../../law';
import type { Db, Prisma } from '../../db';
import { audit } from '../audit';
import { loadCaseAs, mustAllow, transition, caseStateOf, caseTransaction } from '../case-transition';
import { Refusal } from '../refusal';
import type { StaffActor } from '../staff';
import { roundJobKey } from './auction';
import { refusalNoteKey } from '../owner-refusal';
import { queueMessage, type Tx } from '../outbox';
import { issueReceipt } from '../receipts';
import { accountParams, saleFrom, storedAccountOf, type AuctionAccountJson, type StoredAccount } from './record';

/** The s. 16 account of a sale: delivered to the owner (with the remaining cattle and the balance) or recorded for him. */

/**
 * s. 16 path, owner absent at the sale: the owner (or agent) comes later, takes the account, the
 * remaining cattle and the balance, and signs the receipt.
 */
export async function deliverAccount(db: Db, act: StaffActor, caseId: number, now: Date): Promise<StoredAccount> {
  return caseTransaction(db, (tx) => deliverAccountTx(tx, act, caseId, true, now));
}

/**
 * s. 16 path, the owner still absent when the account is due: the officer records the account, kept for the
 * owner (no receipt, the remaining cattle stay in the pound for him), so the s. 17 division can be recorded,
 * the fines reach the District Magistrate and the three-month hold of the surplus starts.
 */
export async function recordAccountOwnerAbsent(
  db: Db,
  act: StaffActor,
  caseId: number,
  now: Date,
): Promise<StoredAccount> {
  return caseTransaction(db, (tx) => deliverAccountTx(tx, act, caseId, false, now));
}

/**
 * Delivers the s. 16 account: recomputes it from the stored sale at the delivery date (the word
 * "fine"/"penalty" follows that date), releases the remaining cattle to the owner (Release S16_REMAINING)
 * with a receipt for the cattle and the balance when the owner is present, and queues the account to the
 * owner if we know him on Telegram. Inside the caller's transaction.
 */
export async function deliverAccountTx(
  tx: Tx,
  act: StaffActor,
  caseId: number,
  ownerPresent: boolean,
  now: Date,
  opts: { transition: boolean } = { transition: true },
): Promise<StoredAccount> {
  const { c, who } = await loadCaseAs(tx, act, 'auction', caseId);
  const role = who.lawRole;
  const stored = storedAccountOf(c.auction?.account);
  if (!stored) throw new Refusal('NO_AUCTION', 's. 16');
  if (stored.delivered) throw new Refusal('ALREADY_DONE', 's. 16', { at: stored.delivered.deliveredAt });
  const s16 = isS16Path(c);
  const round = c.auction!.round;
  const allowed = opts.transition
    ? mustAllow(caseStateOf(c), 'DELIVER_ACCOUNT', role, now, {
        receiptSigned: ownerPresent,
        ownerAbsent: !ownerPresent,
      })
    : null;
  const sale = saleFrom(stored.inputs, ownerPresent, now);
  const account = sale.account;
  let receiptNumber: string | null = null;
  if (ownerPresent) {
    const remaining = c.heads.filter((h) => h.status === 'IMPOUNDED');
    if (remaining.length > 0) {
      await tx.release.create({
        data: {
          caseId: c.id,
          basis: 'S16_REMAINING',
          headCount: remaining.length,
          releasedAt: now,
          releasedByStaffId: who.grant.staffId,
          viaMessageId: act.messageId,
        },
      });
      await tx.head.updateMany({
        where: { id: { in: remaining.map((h) => h.id) }, status: 'IMPOUNDED' },
        data: { status: 'RELEASED' },
      });
    }
    const receipt = await issueReceipt(tx, {
      caseId: c.id,
      pound: c.pound,
      kind: 'S16_BALANCE',
      amountPaise: account.balancePaise,
      items: [{ kind: 'total', section: 's. 16', amountPaise: account.balancePaise, heads: remaining.length }],
      issuedToTelegramId: c.ownerTelegramId,
      now,
    });
    receiptNumber = receipt.number;
  }
  const delivered: StoredAccount = { deliveredAt: now.toISOString(), ownerPresent, receiptNumber, account };
  const json: AuctionAccountJson = { ...stored, delivered };
  await tx.auction.update({
    where: { id: c.auction!.id },
    data: { account: json as unknown as Prisma.InputJsonValue },
  });
  if (allowed) await transition(tx, c, allowed);
  const recipients = await ownerChats(tx, c);
  for (const chatId of recipients) {
    const accountKey = roundJobKey(c.id, round, `s16-account:${chatId}`);
    await queueMessage(
      tx,
      {
        chatId,
        key: 'officer:account.to_owner',
        // the heads sold: one reads singular ("your animal … was sold")
        params: {
          ...accountParams(c.number, delivered, stored.inputs),
          ...(account.d_cattleSold > 0 ? { count: account.d_cattleSold } : {}),
        },
        priority: 'personal',
        // After the note of his refusal (s. 16), when he was sent one: the sender holds the account back until then.
        after: refusalNoteKey(c.id, chatId),
      },
      accountKey,
      now,
    );
    // The account as a PDF (src/documents), from the account just stored on the auction.
    await queueMessage(
      tx,
      {
        chatId,
        key: 'documents:caption.account',
        params: { number: c.number },
        document: { kind: 'account', caseId: c.id, round },
        priority: 'personal',
        after: accountKey,
      },
      roundJobKey(c.id, round, `s16-account-pdf:${chatId}`),
      now,
    );
  }
  await audit(tx, who.audit, 'S16_ACCOUNT_DELIVERED', c.id, {
    round,
    caseStaysPartlySold: !allowed,
    ownerPresent,
    receiptSigned: ownerPresent,
    receiptNumber,
    remainingCattle: account.remainingCattle,
    balancePaise: account.balancePaise,
    balanceTo: account.balanceTo,
    s16Path: s16,
    sentTo: recipients.length,
  });
  return delivered;
}

/** Telegram chats of the owner: the registered owner's id and anyone who claimed the case. */
export async function ownerChats(tx: Tx, c: { id: number; ownerTelegramId: bigint | null }): Promise<string[]> {
  const claims = await tx.claim.findMany({
    where: { caseId: c.id },
    select: { telegramUserId: true },
    orderBy: { id: 'asc' },
  });
  const ids = [c.ownerTelegramId, ...claims.map((x) => x.telegramUserId)]
    .filter((x): x is bigint => x != null)
    .map(String);
  return [...new Set(ids)];
}
