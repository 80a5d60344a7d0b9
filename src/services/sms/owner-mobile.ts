import { toIstDate } from '../../law';
import type { Db } from '../../db';
import { audit } from '../audit';
import { FINISHED_STATUSES } from '../deadlines';
import { addToOutbox, type Tx } from '../outbox';
import { authorizeInTx, type StaffActor } from '../staff-actor';
import { maskMobile } from './phone';
import type { SmsEvent, SmsLanguage } from './templates';

/** A number sealed by MobileVault, with the owner's SMS language and consent, ready to store. */
export interface SealedMobile {
  cipher: string;
  numberTag: string;
  last4: string;
  language: SmsLanguage;
  /** The keeper confirmed the owner agreed (the bot asks; nothing is stored without it). */
  consent: true;
}

/** Outbox key of one SMS: one per event (and its row) per owner's mobile, so a replay queues nothing new. */
export function smsJobKey(event: SmsEvent, caseId: number, ref: number | null | undefined, mobileId: number): string {
  return `sms:${event}:c${caseId}${ref != null ? `:r${ref}` : ''}:m${mobileId}`;
}

/**
 * Stores the owner's mobile for a case inside the caller's transaction (the register entry's, or /mobile's). The
 * same number recorded twice for a case is one row (numberTag); returns the row and whether it is new.
 */
export async function insertOwnerMobile(
  tx: Tx,
  input: { caseId: number; mobile: SealedMobile; staffId: number | null; now: Date },
): Promise<{ id: number; created: boolean }> {
  const { mobile, now } = input;
  const existing = await tx.ownerMobile.findFirst({
    where: { caseId: input.caseId, numberTag: mobile.numberTag, erasedAt: null },
    select: { id: true },
  });
  if (existing) return { id: existing.id, created: false };
  const row = await tx.ownerMobile.create({
    data: {
      caseId: input.caseId,
      cipher: mobile.cipher,
      numberTag: mobile.numberTag,
      last4: mobile.last4,
      language: mobile.language,
      consentAt: now,
      recordedAt: now,
      recordedByStaffId: input.staffId,
    },
    select: { id: true },
  });
  return { id: row.id, created: true };
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
  const mobiles = await tx.ownerMobile.findMany({
    where: { caseId, erasedAt: null, ...(onlyMobileId !== undefined ? { id: onlyMobileId } : {}) },
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

/** What /mobile records: the outcome and the masked number. */
export type RecordMobileOutcome = { status: 'recorded' | 'already'; masked: string; mobileId: number };

/**
 * The keeper records an owner's mobile for an existing case (with the owner's consent): stored encrypted,
 * audited with the masked form only, and the owner is sent the registration SMS (case number, pound, link).
 */
export async function recordOwnerMobile(
  db: Db,
  input: { caseId: number; actor: StaffActor; mobile: SealedMobile; now: Date },
): Promise<RecordMobileOutcome> {
  const c = await db.case.findUniqueOrThrow({ where: { id: input.caseId }, select: { id: true, poundId: true } });
  return db.$transaction(async (tx) => {
    // The keeper's grants as they stand now, not the bot's cached copy: a revoked keeper records no number.
    const who = await authorizeInTx(tx, input.actor, 'seizure.register', c.poundId);
    const { id, created } = await insertOwnerMobile(tx, {
      caseId: c.id,
      mobile: input.mobile,
      staffId: who.grant.staffId,
      now: input.now,
    });
    const masked = maskMobile(input.mobile.last4);
    if (!created) return { status: 'already' as const, masked, mobileId: id };
    await audit(tx, who.audit, 'owner_mobile.record', c.id, {
      mobileId: id,
      masked,
      language: input.mobile.language,
      consent: true,
    });
    await queueOwnerSms(tx, c.id, 'registered', input.now, null, id);
    return { status: 'recorded' as const, masked, mobileId: id };
  });
}

/** The mobiles recorded for a case as staff see them (masked), oldest first; erased ones say so. */
export async function ownerMobilesMasked(
  db: Db,
  caseId: number,
): Promise<Array<{ masked: string; language: string; erased: boolean }>> {
  const rows = await db.ownerMobile.findMany({
    where: { caseId },
    orderBy: { id: 'asc' },
    select: { last4: true, language: true, erasedAt: true },
  });
  return rows.map((r) => ({ masked: maskMobile(r.last4), language: r.language, erased: r.erasedAt !== null }));
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
