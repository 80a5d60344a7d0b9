import { poundParams } from '../i18n';
import { computeTimeline, type TransitionAllowed, s16RefusedAt } from '../law';
import type { Db } from '../db';
import { audit } from './audit';
import { caseStateOf, loadCase, mustAllow, transition, type CaseForLaw, caseTransaction } from './case-transition';
import { Refusal } from './refusal';
import { type StaffActor, actorInTx, authorize } from './staff';
import { planDeadlines } from './deadlines';
import { queueMessage } from './outbox';
import { ownerChats, staffChats } from './reminders';
import { cleanPersonName } from './person-name';

/**
 * Outbox key of the owner's note that his refusal to pay was recorded (s. 16), in chat `chatId`: the s. 16 account
 * sent to that chat later waits for it (`after`), so the owner reads the two in the order they happened.
 */
export function refusalNoteKey(caseId: number, chatId: string): string {
  return `case:${caseId}:s16-refusal-owner:${chatId}`;
}

/** Checks that this keeper or officer may record the owner's s. 16 refusal on the case now (no writes). */
export function checkCanRecordRefusal(c: CaseForLaw, act: StaffActor, now: Date): TransitionAllowed {
  const role = authorize(act, 'owner.refusal', c.poundId).lawRole;
  const refusedAt = s16RefusedAt(c);
  if (refusedAt) throw new Refusal('ALREADY_DONE', 's. 16', { at: refusedAt.toISOString() });
  return mustAllow(caseStateOf(c), 'REFUSE_TO_PAY', role, now);
}

/**
 * s. 16: the owner or agent appeared and refused or omitted to pay (or deposit). From then on the cattle,
 * or as many as necessary, may be sold without the s. 14 notice period. The pound-keeper (who meets the
 * owner at the pound) or the officer records it; when the keeper does, the pound's officers are told, since
 * the auction is theirs to arrange. Recording it twice keeps the first time.
 */
export async function recordOwnerRefusal(
  db: Db,
  act: StaffActor,
  caseId: number,
  now: Date,
  appeared: { name: string },
) {
  // Who appeared is part of the record: a name as any other person's name typed into the bot.
  const name = cleanPersonName(appeared.name);
  if (!name) throw new Refusal('TEXT_REQUIRED', 's. 16');
  return caseTransaction(db, async (tx) => {
    // The grants as they stand now (not the bot's cached copy): a revoked keeper or officer records nothing.
    act = await actorInTx(tx, act);
    const c = await loadCase(tx, caseId);
    const allowed = checkCanRecordRefusal(c, act, now);
    // The owner is told what was recorded, under which section, and what follows — the first day of sale comes
    // from the engine function that gates it (src/law s16SaleEligible).
    const owners = await ownerChats(tx, c.id);
    const tl = computeTimeline({ impoundedAt: c.impoundedAt, ownerRefusedAt: now });
    if (!tl.ok || !tl.value.s16SaleEligible) throw new Refusal('LAW_ERROR', 's. 16');
    const saleFrom = tl.value.s16SaleEligible.actionableFrom;
    await transition(tx, c, allowed, {
      ownerRefusedAt: now,
      ownerRefusedBy: name,
      ownerToldOfRefusalAt: owners.length ? now : null,
    });
    const inPound = c.heads.filter((h) => h.status === 'IMPOUNDED').length;
    for (const chatId of owners) {
      await queueMessage(
        tx,
        {
          chatId,
          key: 'officer:refusal_note.to_owner',
          params: {
            number: c.number,
            at: now.toISOString(),
            name,
            saleFrom,
            // the animals still in the pound: one reads singular ("the animal may be sold")
            ...(inPound > 0 ? { count: inPound } : {}),
            ...poundParams(c.pound),
          },
          priority: 'personal',
        },
        refusalNoteKey(c.id, chatId),
        now,
      );
    }
    const who = authorize(act, 'owner.refusal', c.poundId);
    await audit(tx, who.audit, 'S16_OWNER_REFUSED', c.id, {
      at: now.toISOString(),
      appeared: name,
      ownersTold: owners.length,
      saleFrom,
    });
    const officers =
      who.role === 'OFFICER'
        ? []
        : (await staffChats(tx, c.poundId, ['OFFICER'])).filter((id) => id !== String(act.telegramId));
    for (const chatId of officers) {
      await queueMessage(
        tx,
        {
          chatId,
          key: 'officer:refusal_note.to_officer',
          params: { number: c.number, at: now.toISOString(), ...poundParams(c.pound) },
          priority: 'official',
          deskEntry: c.id,
        },
        `case:${c.id}:s16-refusal:${chatId}`,
        now,
      );
    }
    await planDeadlines(tx, c.id, now);
    return { caseNumber: c.number, at: now, officersTold: officers.length, ownersTold: owners.length, name, saleFrom };
  });
}
