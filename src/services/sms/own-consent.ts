import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db';
import { audit } from '../audit';
import { addToOutbox } from '../outbox';
import { Refusal } from '../refusal';
import { claimedCaseIds } from './owner-say';
import { smsJobKey } from './owner-mobile';
import { maskMobile } from './phone';

/**
 * The owner's own consent to SMS beyond his own case (DPDP Act 2023): given by his own act — in the chat that
 * claimed the case he types his number, a one-time code is sent to that number, and he types it back. Only then is
 * the number's basis OWN_CONSENT, with when and how. `/sms off` withdraws it as easily (owner-say.ts).
 */

/** How long a code is good for, and how many wrong tries it allows. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_TRIES = 3;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Sends a one-time code to `numberTag` if it is recorded (not erased) for a case this user claimed and SMS to it are
 * not stopped, at most one live code per user (a new one after the last expires). The code goes by the ordinary
 * SMS outbox (ids only in the job); returns the masked number it goes to. Refuses SMS_CODE_NOT_YOURS (no such number
 * on a case this user claimed), SMS_CODE_STOPPED (SMS to it are stopped) or SMS_CODE_TOO_SOON (a code is still live).
 */
export async function sendConsentCode(
  db: Db,
  input: { telegramUserId: bigint; numberTag: string; now: Date },
): Promise<{ masked: string }> {
  return db.$transaction(async (tx) => {
    const caseIds = await claimedCaseIds(tx, input.telegramUserId);
    const mobile = await tx.ownerMobile.findFirst({
      where: { caseId: { in: caseIds }, numberTag: input.numberTag, erasedAt: null },
      orderBy: { id: 'desc' },
      select: { id: true, caseId: true, last4: true, stoppedAt: true },
    });
    if (!mobile) throw new Refusal('SMS_CODE_NOT_YOURS');
    const optedOut = await tx.smsOptOut.count({ where: { numberTag: input.numberTag } });
    if (mobile.stoppedAt || optedOut) throw new Refusal('SMS_CODE_STOPPED');
    const live = await tx.smsCode.count({
      where: { telegramUserId: input.telegramUserId, usedAt: null, expiresAt: { gt: input.now } },
    });
    if (live > 0) throw new Refusal('SMS_CODE_TOO_SOON');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const row = await tx.smsCode.create({
      data: {
        mobileId: mobile.id,
        telegramUserId: input.telegramUserId,
        code,
        codeHash: hashOf(code),
        createdAt: input.now,
        expiresAt: new Date(input.now.getTime() + CODE_TTL_MS),
      },
      select: { id: true },
    });
    await addToOutbox(
      tx,
      { name: 'sms', payload: { mobileId: mobile.id, caseId: mobile.caseId, event: 'code', ref: row.id } },
      smsJobKey('code', mobile.caseId, row.id, mobile.id),
      input.now,
    );
    await audit(tx, { role: 'owner', telegramId: input.telegramUserId }, 'sms.code_sent', mobile.caseId, {
      mobileId: mobile.id,
      masked: maskMobile(mobile.last4),
    });
    return { masked: maskMobile(mobile.last4) };
  });
}

/** What typing a code did. */
export type CodeOutcome =
  | { status: 'consented'; masked: string }
  | { status: 'wrong'; left: number }
  | { status: 'none' };

/**
 * Checks a typed code against this user's live code (constant time on the hashes). Right: the number's rows among
 * the cases he claimed get basis OWN_CONSENT (when, 'code'), audited. Wrong: one try fewer; none left, the code is
 * void. No live code: 'none'.
 */
export async function confirmConsentCode(
  db: Db,
  input: { telegramUserId: bigint; chatId: number; typed: string; now: Date },
): Promise<CodeOutcome> {
  return db.$transaction(async (tx) => {
    const code = await tx.smsCode.findFirst({
      where: {
        telegramUserId: input.telegramUserId,
        usedAt: null,
        expiresAt: { gt: input.now },
        tries: { lt: CODE_TRIES },
      },
      orderBy: { id: 'desc' },
      select: { id: true, codeHash: true, tries: true, mobileId: true },
    });
    if (!code) return { status: 'none' as const };
    const typed = input.typed.replace(/\D/g, '').slice(0, 12);
    const right = timingSafeEqual(Buffer.from(hashOf(typed), 'hex'), Buffer.from(code.codeHash, 'hex'));
    if (!right) {
      await tx.smsCode.update({ where: { id: code.id }, data: { tries: { increment: 1 } } });
      return { status: 'wrong' as const, left: CODE_TRIES - code.tries - 1 };
    }
    await tx.smsCode.update({ where: { id: code.id }, data: { usedAt: input.now, code: null } });
    const mobile = await tx.ownerMobile.findUniqueOrThrow({
      where: { id: code.mobileId },
      select: { numberTag: true, last4: true },
    });
    const caseIds = await claimedCaseIds(tx, input.telegramUserId);
    const rows = await tx.ownerMobile.findMany({
      where: { caseId: { in: caseIds }, numberTag: mobile.numberTag, erasedAt: null },
      select: { id: true, caseId: true },
    });
    await tx.ownerMobile.updateMany({
      where: { id: { in: rows.map((r) => r.id) } },
      data: { basis: 'OWN_CONSENT', ownConsentAt: input.now, ownConsentVia: 'code' },
    });
    for (const r of rows)
      await audit(
        tx,
        { role: 'owner', telegramId: input.telegramUserId, chatId: input.chatId },
        'sms.own_consent',
        r.caseId,
        {
          mobileId: r.id,
          masked: maskMobile(mobile.last4),
          via: 'code',
        },
      );
    return { status: 'consented' as const, masked: maskMobile(mobile.last4) };
  });
}
