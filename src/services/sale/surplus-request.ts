import type { Db } from '../../db';
import { audit } from '../audit';
import { Refusal } from '../refusal';
import { caseTransaction } from '../case-transition';
import { holdEndOf } from './split';
import { heldAmount } from './surplus';
import { queueMessage, type Tx } from '../outbox';
import { staffChats } from '../reminders';

/**
 * s. 17: the surplus proceeds of a sale are held by the District Magistrate for three months; whoever
 * claimed the case (the owner on the register, or someone who appeared for the cattle through the bot)
 * may ask for it while the hold runs. The Magistrate's office establishes the claim (split.ts
 * `claimSurplus`), choosing the claimant among these people so the receipt reaches them on Telegram.
 */

/** A person who may claim a case's surplus, with their Telegram id. */
export interface SurplusClaimant {
  telegramUserId: bigint;
  name: string;
  /** When they asked for the surplus through the bot (null: known from the case, has not asked). */
  requestedAt: Date | null;
}

/**
 * People known to have a claim to the case: those who asked for the surplus first (oldest request first),
 * then whoever appeared for the cattle (ss. 13, 15, 16 claims), then the owner recorded on the register.
 */
export async function surplusClaimants(db: Db | Tx, caseId: number): Promise<SurplusClaimant[]> {
  const c = await db.case.findUnique({
    where: { id: caseId },
    select: {
      ownerName: true,
      ownerTelegramId: true,
      claims: { orderBy: { id: 'desc' }, select: { telegramUserId: true, claimantName: true } },
      surplusRequests: {
        orderBy: { id: 'asc' },
        select: { telegramUserId: true, claimantName: true, requestedAt: true },
      },
    },
  });
  if (!c) return [];
  const out: SurplusClaimant[] = c.surplusRequests.map((r) => ({
    telegramUserId: r.telegramUserId,
    name: r.claimantName,
    requestedAt: r.requestedAt,
  }));
  const add = (telegramUserId: bigint, name: string) => {
    if (!out.some((x) => x.telegramUserId === telegramUserId)) out.push({ telegramUserId, name, requestedAt: null });
  };
  // Claims newest first: a person's latest claim gives the name they go by.
  for (const k of c.claims) add(k.telegramUserId, k.claimantName);
  if (c.ownerTelegramId != null) add(c.ownerTelegramId, c.ownerName ?? '');
  return out;
}

/** The surplus held for a case and the end of its hold, or null when none is held now (s. 17). */
export async function heldSurplus(db: Db | Tx, caseId: number, now: Date) {
  const c = await db.case.findUnique({
    where: { id: caseId },
    select: { id: true, number: true, status: true, poundId: true, impoundedAt: true, surplusDepositedAt: true },
  });
  if (c?.status !== 'SURPLUS_HELD' || !c.surplusDepositedAt) return null;
  const holdEnd = holdEndOf(c.impoundedAt, c.surplusDepositedAt);
  if (now.getTime() >= holdEnd.dueAt.getTime()) return null;
  return { case: c, amountPaise: await heldAmount(db, c.id), holdEnd };
}

/**
 * Whether `telegramUserId` may ask for the case's surplus now: it is held, the three months are running,
 * and they claimed the case. Returns what the owner's button needs, or null.
 */
export async function surplusRequestOffer(db: Db, caseId: number, telegramUserId: bigint, now: Date) {
  const held = await heldSurplus(db, caseId, now);
  if (!held) return null;
  const me = (await surplusClaimants(db, caseId)).find((x) => x.telegramUserId === telegramUserId);
  return me ? { ...held, claimant: me } : null;
}

/**
 * The owner (or whoever claimed the case) asks for the surplus held by the District Magistrate (s. 17):
 * recorded once per person and case, the Magistrate's office of the pound is told, and the audit log keeps
 * the Telegram message. Refused when no surplus is held or the hold is over (SURPLUS_NOT_HELD), when the
 * person never claimed the case (NOT_A_CLAIMANT), or when they already asked (ALREADY_DONE, with the date).
 */
export async function requestSurplus(
  db: Db,
  input: { caseId: number; telegramUserId: bigint; chatId: bigint | number | null; messageId: number | null },
  now: Date,
) {
  return caseTransaction(db, async (tx) => {
    const held = await heldSurplus(tx, input.caseId, now);
    if (!held) throw new Refusal('SURPLUS_NOT_HELD', 's. 17');
    const me = (await surplusClaimants(tx, input.caseId)).find((x) => x.telegramUserId === input.telegramUserId);
    if (!me) throw new Refusal('NOT_A_CLAIMANT', 's. 17');
    if (me.requestedAt) throw new Refusal('ALREADY_DONE', 's. 17', { at: me.requestedAt.toISOString() });
    const name = me.name || String(input.telegramUserId);
    // Unique (caseId, telegramUserId): a double tap racing this one is a CONFLICT, not a second request.
    await tx.surplusRequest.create({
      data: {
        caseId: held.case.id,
        telegramUserId: input.telegramUserId,
        claimantName: name,
        requestedAt: now,
        viaMessageId: input.messageId,
      },
    });
    const office = await staffChats(tx, held.case.poundId, ['MAGISTRATE']);
    for (const chatId of office) {
      await queueMessage(
        tx,
        {
          chatId,
          key: 'officer:surplus.request_to_magistrate',
          params: {
            number: held.case.number,
            claimant: name,
            amount: held.amountPaise,
            holdEnd: held.holdEnd.date,
            at: now.toISOString(),
          },
          priority: 'official',
          deskEntry: held.case.id,
        },
        `case:${held.case.id}:surplus-request:${input.telegramUserId}:${chatId}`,
        now,
      );
    }
    await audit(
      tx,
      { role: 'owner', telegramId: input.telegramUserId, chatId: input.chatId, messageId: input.messageId },
      'S17_SURPLUS_REQUESTED',
      held.case.id,
      {
        claimant: name,
        amountPaise: held.amountPaise,
        holdEnds: held.holdEnd.date,
        officeTold: office.length,
      },
    );
    return { caseNumber: held.case.number, amountPaise: held.amountPaise, holdEnd: held.holdEnd, claimant: name };
  });
}
