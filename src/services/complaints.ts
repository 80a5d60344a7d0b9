import type { Db } from '../db';
import { daysBetween, toIstDate, type LocalDate, type StatutoryWindows } from '../law';
import { audit, ownerActor } from './audit';
import { Refusal } from './refusal';
import { planDeadlines } from './deadlines';
import type { DbReader } from './dues';
import { caseTimeline } from './next-deadline';

/**
 * s. 20: after a deposit under protest (s. 15) the owner complains to the Magistrate within the window
 * (S20_COMPLAINT_WINDOW_DAYS from the seizure, first day excluded — src/law's timeline). The owner tells
 * the bot the complaint's reference and the date it was filed; the outcome is recorded later by the
 * Magistrate's office and shown to the owner.
 */

/** A complaint reference as typed: 2–60 printable characters, single spaces. */
export function cleanReference(input: string): string | null {
  const s = input.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (s.length < 2 || s.length > 60 || /[\p{Cc}<>{}]/u.test(s)) return null;
  return /[\p{L}\p{N}]/u.test(s) ? s : null;
}

/** The s. 15 cases this user deposited under protest (the ones a complaint can be recorded for). */
export async function protestCasesOf(db: DbReader, telegramUserId: bigint) {
  const claims = await db.claim.findMany({
    where: {
      telegramUserId,
      kind: 'S15_PROTEST',
      payments: { some: { kind: 'S15_DEPOSIT', status: { in: ['PENDING', 'CONFIRMED'] } } },
    },
    select: { caseId: true },
  });
  const ids = [...new Set(claims.map((c) => c.caseId))];
  return db.case.findMany({
    where: { id: { in: ids } },
    include: { complaints: true },
    orderBy: { impoundedAt: 'desc' },
  });
}

/**
 * What happened when recording a complaint: recorded, or the same reference recorded before. Refused (a Refusal,
 * s. 20): COMPLAINT_NOT_DEPOSITOR (only the person who deposited under protest on this case records its complaint),
 * COMPLAINT_FUTURE_DATE, COMPLAINT_BEFORE_SEIZURE (`seized`), COMPLAINT_OUTSIDE_WINDOW (filed after the window closed
 * on `last`: not recorded as a s. 20 complaint); `date` is the filing date given.
 */
export type ComplaintResult =
  | { kind: 'recorded'; complaintId: number; windowLastDay: LocalDate }
  | { kind: 'already'; complaintId: number };

/** Records that a s. 20 complaint was filed on `filedOn` with `reference` (idempotent per case and reference). */
export async function recordComplaint(
  db: Db,
  windows: Partial<StatutoryWindows>,
  input: {
    caseId: number;
    telegramUserId: bigint;
    reference: string;
    filedOn: LocalDate;
    now: Date;
    chatId?: number | null;
    messageId?: number | null;
  },
): Promise<ComplaintResult> {
  return db.$transaction(async (tx) => {
    const c = await tx.case.findUniqueOrThrow({ where: { id: input.caseId } });
    const depositor = await tx.claim.count({
      where: {
        caseId: c.id,
        telegramUserId: input.telegramUserId,
        kind: 'S15_PROTEST',
        payments: { some: { kind: 'S15_DEPOSIT' } },
      },
    });
    if (depositor === 0) throw new Refusal('COMPLAINT_NOT_DEPOSITOR', 's. 20', { number: c.number });
    const existing = await tx.complaint.findUnique({
      where: { caseId_reference: { caseId: c.id, reference: input.reference } },
    });
    if (existing) return { kind: 'already', complaintId: existing.id };
    const today = toIstDate(input.now);
    if (daysBetween(input.filedOn, today) < 0)
      throw new Refusal('COMPLAINT_FUTURE_DATE', 's. 20', { date: input.filedOn });
    const seizedOn = toIstDate(c.seizedAt ?? c.impoundedAt);
    if (daysBetween(seizedOn, input.filedOn) < 0)
      throw new Refusal('COMPLAINT_BEFORE_SEIZURE', 's. 20', { date: input.filedOn, seized: seizedOn });
    const tl = caseTimeline(c, windows);
    if (!tl.ok) throw tl.error;
    const lastDay = tl.value.s20ComplaintWindowEnd.date;
    if (daysBetween(input.filedOn, lastDay) < 0)
      throw new Refusal('COMPLAINT_OUTSIDE_WINDOW', 's. 20', { date: input.filedOn, last: lastDay });
    const row = await tx.complaint.create({
      data: {
        caseId: c.id,
        telegramUserId: input.telegramUserId,
        reference: input.reference,
        filedOn: new Date(`${input.filedOn}T00:00:00Z`),
        recordedAt: input.now,
      },
    });
    await audit(tx, ownerActor(input), 'S20_COMPLAINT_RECORDED', c.id, {
      complaintId: row.id,
      filedOn: input.filedOn,
    });
    // The complaint-window reminders stop once a complaint is on record.
    await planDeadlines(tx, c.id, input.now);
    return { kind: 'recorded', complaintId: row.id, windowLastDay: lastDay };
  });
}
