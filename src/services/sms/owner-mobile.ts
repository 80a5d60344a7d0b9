import { toIstDate } from '../../law';
import type { Db } from '../../db';
import { audit } from '../audit';
import { FINISHED_STATUSES } from '../deadlines';
import { addToOutbox, type Tx } from '../outbox';
import { authorizeInTx, type StaffActor } from '../staff';
import { maskMobile } from './phone';
import type { SmsEvent, SmsLanguage } from './templates';

/**
 * A number sealed by MobileVault, with the owner's SMS language, ready to store. The keeper records it under a
 * function under law (DPDP Act 2023, s. 7): SMS about this case only; the owner can stop them (owner-say.ts).
 */
export interface SealedMobile {
  cipher: string;
  numberTag: string;
  last4: string;
  language: SmsLanguage;
}

/** The basis the keeper's record rests on: a function under law, for messages about the owner's own case. */
export const KEEPER_BASIS = 'LEGAL_FUNCTION' as const;

/** Outbox key of one SMS: one per event (and its row) per owner's mobile, so a replay queues nothing new. */
export function smsJobKey(event: SmsEvent, caseId: number, ref: number | null | undefined, mobileId: number): string {
  return `sms:${event}:c${caseId}${ref != null ? `:r${ref}` : ''}:m${mobileId}`;
}

/**
 * Stores the owner's mobile for a case inside the caller's transaction (the register entry's, or /mobile's), on the
 * basis of a function under law. The same number recorded twice for a case is one row (numberTag); a number that
 * once replied STOP is stored stopped (its stop is kept by tag). Returns the row, whether it is new and whether
 * it is stopped.
 */
export async function insertOwnerMobile(
  tx: Tx,
  input: { caseId: number; mobile: SealedMobile; staffId: number | null; now: Date },
): Promise<{ id: number; created: boolean; stopped: boolean }> {
  const { mobile, now } = input;
  const existing = await tx.ownerMobile.findFirst({
    where: { caseId: input.caseId, numberTag: mobile.numberTag, erasedAt: null },
    select: { id: true, stoppedAt: true },
  });
  if (existing) return { id: existing.id, created: false, stopped: existing.stoppedAt !== null };
  const optOut = await tx.smsOptOut.findUnique({ where: { numberTag: mobile.numberTag }, select: { stoppedAt: true } });
  const row = await tx.ownerMobile.create({
    data: {
      caseId: input.caseId,
      cipher: mobile.cipher,
      numberTag: mobile.numberTag,
      last4: mobile.last4,
      language: mobile.language,
      basis: KEEPER_BASIS,
      recordedAt: now,
      recordedByStaffId: input.staffId,
      ...(optOut ? { stoppedAt: now, stoppedVia: 'sms' } : {}),
    },
    select: { id: true },
  });
  return { id: row.id, created: true, stopped: optOut !== null };
}

/**
 * Queues an SMS about `event` to every owner's mobile recorded for the case (none recorded: nothing), in the
 * caller's transaction — the same transaction as the change it tells of. Ids only in the payload.
 */
export async function queueOwnerSms(
  tx: Tx,
  caseId: number,
  event: SmsEvent,
  now: Date,
  ref?: number | null,
  onlyMobileId?: number,
): Promise<number> {
  // Stopped numbers are skipped here, and the sender checks again when it sends (a stop may come in between).
  const mobiles = await tx.ownerMobile.findMany({
    where: { caseId, erasedAt: null, stoppedAt: null, ...(onlyMobileId !== undefined ? { id: onlyMobileId } : {}) },
    select: { id: true },
  });
  for (const m of mobiles)
    await addToOutbox(
      tx,
      { name: 'sms', payload: { mobileId: m.id, caseId, event, ...(ref != null ? { ref } : {}) } },
      smsJobKey(event, caseId, ref, m.id),
      now,
    );
  return mobiles.length;
}

/** What /mobile records: the outcome and the masked number (`stopped`: the number had asked to stop SMS). */
export type RecordMobileOutcome = {
  status: 'recorded' | 'already';
  masked: string;
  mobileId: number;
  stopped: boolean;
};

/**
 * The keeper records an owner's mobile for an existing case (a function under law: SMS about this case only):
 * stored encrypted, audited with the masked form and the basis, and the owner is sent the registration SMS (case
 * number, pound, link) unless the number asked to stop.
 */
export async function recordOwnerMobile(
  db: Db,
  input: { caseId: number; actor: StaffActor; mobile: SealedMobile; now: Date },
): Promise<RecordMobileOutcome> {
  const c = await db.case.findUniqueOrThrow({ where: { id: input.caseId }, select: { id: true, poundId: true } });
  return db.$transaction(async (tx) => {
    // The keeper's grants as they stand now, not the bot's cached copy: a revoked keeper records no number.
    const who = await authorizeInTx(tx, input.actor, 'seizure.register', c.poundId);
    const { id, created, stopped } = await insertOwnerMobile(tx, {
      caseId: c.id,
      mobile: input.mobile,
      staffId: who.grant.staffId,
      now: input.now,
    });
    const masked = maskMobile(input.mobile.last4);
    if (!created) return { status: 'already' as const, masked, mobileId: id, stopped };
    await audit(tx, who.audit, 'owner_mobile.record', c.id, {
      mobileId: id,
      masked,
      language: input.mobile.language,
      basis: KEEPER_BASIS,
      ...(stopped ? { stopped: true } : {}),
    });
    if (!stopped) await queueOwnerSms(tx, c.id, 'registered', input.now, null, id);
    return { status: 'recorded' as const, masked, mobileId: id, stopped };
  });
}

/** The mobiles recorded for a case as staff see them (masked), oldest first; erased and stopped ones say so. */
export async function ownerMobilesMasked(
  db: Db,
  caseId: number,
): Promise<Array<{ masked: string; language: string; erased: boolean; stopped: boolean }>> {
  const rows = await db.ownerMobile.findMany({
    where: { caseId },
    orderBy: { id: 'asc' },
    select: { last4: true, language: true, erasedAt: true, stoppedAt: true },
  });
  return rows.map((r) => ({
    masked: maskMobile(r.last4),
    language: r.language,
    erased: r.erasedAt !== null,
    stopped: r.stoppedAt !== null,
  }));
}

/**
 * The retention sweep (run by the jobs reconciler, by deps.clock): a mobile whose case has finished gets
 * `caseEndedAt` the first time the sweep sees it, and `retentionDays` after that its number is erased (cipher,
 * tag and last digits gone; the row stays as the record that an SMS was sent). Owed SMS to an erased number are
 * dropped by the sender.
 */
export async function sweepOwnerMobiles(
  db: Db,
  now: Date,
  retentionDays: number,
): Promise<{ ended: number; erased: number }> {
  const ended = await db.ownerMobile.updateMany({
    where: { caseEndedAt: null, erasedAt: null, case: { status: { in: [...FINISHED_STATUSES] } } },
    data: { caseEndedAt: now },
  });
  // One-time codes are worth nothing after their ten minutes: a day later they are gone (hash and all).
  await db.smsCode.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 86_400_000) } } });
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const due = await db.ownerMobile.findMany({
    where: { erasedAt: null, caseEndedAt: { lte: cutoff } },
    select: { id: true, caseId: true, caseEndedAt: true },
  });
  if (due.length === 0) return { ended: ended.count, erased: 0 };
  await db.$transaction(async (tx) => {
    await tx.ownerMobile.updateMany({
      where: { id: { in: due.map((d) => d.id) }, erasedAt: null },
      data: { cipher: null, numberTag: null, last4: null, erasedAt: now },
    });
    for (const d of due)
      await audit(tx, { role: 'system' }, 'owner_mobile.erase', d.caseId, {
        mobileId: d.id,
        caseEndedOn: toIstDate(d.caseEndedAt!),
        retentionDays,
      });
  });
  return { ended: ended.count, erased: due.length };
}
