import type { Db, Prisma } from '../../db';
import { audit } from '../audit';
import type { Tx } from '../outbox';
import { maskMobile } from './phone';

/**
 * The owner's say over the SMS to his number (DPDP Act 2023). Messages about his own case rest on a function under
 * law (s. 7): the keeper records the number and they go without asking. The owner may stop them at any time — by
 * replying STOP where the provider delivers replies (the number proves itself), or with `/sms off` in his own chat
 * (the chat that claimed the case). Anything beyond his own case needs his own act (`basis` OWN_CONSENT). The sender
 * re-checks all of it at the moment of sending (`smsRefusal`), so a stop also holds back what is already queued.
 */

/** A stop also withdraws the owner's own consent, as easily as he gave it: his own case's SMS rest on the law. */
const WITHDRAW = { basis: 'LEGAL_FUNCTION', ownConsentAt: null, ownConsentVia: null } as const;

/** How a stop or a consent was given. */
export type SayVia = 'sms' | 'chat' | 'code';

/** What the sender needs of a mobile row and of the number's opt-out to decide whether an SMS may go. */
export interface SmsGateFacts {
  caseId: number;
  basis: 'LEGAL_FUNCTION' | 'OWN_CONSENT';
  stoppedAt: Date | null;
  optedOut: boolean;
}

/**
 * Why an SMS about `aboutCaseId` may not go to this mobile now, or null when it may: the owner (or the number, by
 * STOP) stopped it; or it is about something other than the owner's own case and he never consented himself.
 */
export function smsRefusal(m: SmsGateFacts, aboutCaseId: number): 'stopped' | 'no_consent' | null {
  if (m.stoppedAt || m.optedOut) return 'stopped';
  if (aboutCaseId !== m.caseId && m.basis !== 'OWN_CONSENT') return 'no_consent';
  return null;
}

/** The cases this Telegram user has claimed (as owner or his agent): the cases whose SMS his chat speaks for. */
export async function claimedCaseIds(tx: Tx | Db, telegramUserId: bigint): Promise<number[]> {
  const rows = await tx.claim.findMany({ where: { telegramUserId }, select: { caseId: true }, distinct: ['caseId'] });
  return rows.map((r) => r.caseId);
}

/** What a stop or resume reads of each mobile row it changes: the case it is for and what the owner is shown. */
const SAID_ROW = { id: true, caseId: true, last4: true, case: { select: { number: true } } } as const;

/** `/sms off` or `/sms on` said in an owner's chat, by the Telegram user who said it. */
type ChatSay = { telegramUserId: bigint; chatId: number; now: Date };

/** The mobile rows of the cases the user claimed (not erased) that `which` picks, read in the say's transaction. */
async function saidRows(tx: Tx, input: ChatSay, which: Prisma.OwnerMobileWhereInput) {
  const caseIds = await claimedCaseIds(tx, input.telegramUserId);
  const rows = await tx.ownerMobile.findMany({
    where: { caseId: { in: caseIds }, erasedAt: null, ...which },
    select: SAID_ROW,
  });
  return { caseIds, rows };
}

/** What `/sms off` or `/sms on` changed: the masked numbers and the case numbers. */
export interface ChatSayOutcome {
  cases: string[];
  masked: string[];
  /** Nothing changed because every number of his cases was stopped already. */
  already?: boolean;
}

/**
 * `/sms off` in the owner's chat: every number recorded for the cases he claimed stops receiving SMS at once (the
 * queued ones too: the sender re-checks) and any own consent of it is withdrawn, audited per case.
 * Returns what was stopped (nothing: no claimed case or already stopped).
 */
export async function stopSmsFromChat(db: Db, input: ChatSay): Promise<ChatSayOutcome> {
  return db.$transaction(async (tx) => {
    const { caseIds, rows } = await saidRows(tx, input, { stoppedAt: null });
    if (rows.length === 0) {
      const stopped = await tx.ownerMobile.count({ where: { caseId: { in: caseIds }, erasedAt: null } });
      return { cases: [], masked: [], already: stopped > 0 };
    }
    await tx.ownerMobile.updateMany({
      where: { id: { in: rows.map((r) => r.id) }, stoppedAt: null },
      data: { stoppedAt: input.now, stoppedVia: 'chat', ...WITHDRAW },
    });
    await auditPerCase(tx, rows, 'sms.stop', { role: 'owner', telegramId: input.telegramUserId, chatId: input.chatId });
    return outcome(rows);
  });
}

/**
 * `/sms on` in the owner's chat: SMS about the cases he claimed resume, for the numbers stopped from a chat. A
 * number that replied STOP by SMS stays stopped until it sends START itself (the chat cannot speak for the number).
 */
export async function resumeSmsFromChat(db: Db, input: ChatSay): Promise<ChatSayOutcome> {
  return db.$transaction(async (tx) => {
    const { rows } = await saidRows(tx, input, { stoppedVia: 'chat' });
    if (rows.length === 0) return { cases: [], masked: [] };
    await tx.ownerMobile.updateMany({
      where: { id: { in: rows.map((r) => r.id) }, stoppedVia: 'chat' },
      data: { stoppedAt: null, stoppedVia: null },
    });
    await auditPerCase(tx, rows, 'sms.resume', {
      role: 'owner',
      telegramId: input.telegramUserId,
      chatId: input.chatId,
    });
    return outcome(rows);
  });
}

/**
 * A STOP (or START) replied by SMS from a number, known only by its tag: STOP is kept by the tag (SmsOptOut, so it
 * holds for any case and after the rows are erased) and stops every row of the number at once; START undoes what
 * the number's STOP did. Audited per case; returns how many rows changed.
 */
export async function replyFromNumber(
  db: Db,
  input: { numberTag: string; word: 'stop' | 'start'; now: Date },
): Promise<number> {
  return db.$transaction(async (tx) => {
    if (input.word === 'stop') {
      await tx.smsOptOut.upsert({
        where: { numberTag: input.numberTag },
        create: { numberTag: input.numberTag, stoppedAt: input.now, via: 'sms' },
        update: {},
      });
    } else {
      await tx.smsOptOut.deleteMany({ where: { numberTag: input.numberTag } });
    }
    const rows = await tx.ownerMobile.findMany({
      where: {
        numberTag: input.numberTag,
        erasedAt: null,
        // A STOP from the number itself outranks a chat's stop: its rows are all the number's now.
        ...(input.word === 'stop'
          ? { OR: [{ stoppedVia: null }, { stoppedVia: { not: 'sms' } }] }
          : { stoppedVia: 'sms' }),
      },
      select: SAID_ROW,
    });
    if (rows.length > 0)
      await tx.ownerMobile.updateMany({
        where: { id: { in: rows.map((r) => r.id) } },
        data:
          input.word === 'stop'
            ? { stoppedAt: input.now, stoppedVia: 'sms', ...WITHDRAW }
            : { stoppedAt: null, stoppedVia: null },
      });
    await auditPerCase(tx, rows, input.word === 'stop' ? 'sms.stop' : 'sms.resume', { role: 'system' }, 'sms');
    if (rows.length === 0)
      await audit(tx, { role: 'system' }, input.word === 'stop' ? 'sms.stop' : 'sms.resume', null, { via: 'sms' });
    return rows.length;
  });
}

type SayRow = { id: number; caseId: number; last4: string | null; case: { number: string } };

async function auditPerCase(
  tx: Tx,
  rows: SayRow[],
  action: string,
  actor: Parameters<typeof audit>[1],
  via: SayVia = 'chat',
): Promise<void> {
  const byCase = new Map<number, SayRow[]>();
  for (const r of rows) byCase.set(r.caseId, [...(byCase.get(r.caseId) ?? []), r]);
  for (const [caseId, rs] of byCase)
    await audit(tx, actor, action, caseId, {
      via,
      mobileIds: rs.map((r) => r.id),
      masked: rs.map((r) => maskMobile(r.last4)),
    });
}

function outcome(rows: SayRow[]): ChatSayOutcome {
  return {
    cases: [...new Set(rows.map((r) => r.case.number))],
    masked: rows.map((r) => maskMobile(r.last4)),
  };
}
