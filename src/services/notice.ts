import { computeTimeline, type TimelineEntry } from '../law';
import type { Db } from '../db';
import { audit } from './audit';
import {
  auditActor,
  caseStateOf,
  loadCase,
  mustAllow,
  requireScope,
  requireText,
  saveTransition,
  StaffActionError,
  type CaseForLaw,
  type StaffAct,
  staffTransaction,
} from './case-transition';
import { planDeadlines } from './deadlines';
import { addToOutbox, type Tx } from './outbox';

/** What the officer records under s. 14: the notice stuck up and the proclamation by beat of drum. */
export interface NoticeInput {
  caseId: number;
  /** When the notice was stuck up in the office (may be earlier today or a past day; never in the future). */
  postedAt: Date;
  /** Telegram file id of a photo of the posted notice. */
  photoFileId?: string | null;
  /** Where the drum proclamation was made: the village and the nearest market-place. */
  proclaimedWhere: string;
  /** When it was proclaimed in the village and at the market. */
  proclaimedVillageAt: Date;
  proclaimedMarketAt: Date;
}

/** The recorded notice and the date the s. 14 notice period ends (the auction may be held after it). */
export interface NoticeResult {
  caseNumber: string;
  postedAt: Date;
  auctionEligible: TimelineEntry;
}

/**
 * s. 14 report due for a case: the claim period (7 days from impounding) must have run before the
 * officer can be reported to and post the notice.
 */
function reportDue(c: CaseForLaw): TimelineEntry {
  const t = computeTimeline({ impoundedAt: c.impoundedAt });
  if (!t.ok) throw new StaffActionError('LAW_ERROR', t.error.section, { code: t.error.code });
  return t.value.s14ReportDue;
}

/**
 * Checks that the officer may record the s. 14 notice on this case now (role, pound, status, the claim
 * period over). Used by the bot before asking the questions, and again when recording.
 */
export function checkNotice(c: CaseForLaw, act: StaffAct, now: Date): void {
  requireScope(act, ['OFFICER'], c.poundId);
  if (c.notice) throw new StaffActionError('ALREADY_DONE', 's. 14', { at: c.notice.postedAt.toISOString() });
  if (c.status === 'IMPOUNDED') {
    // The pound-keeper's report (s. 14) is sent by the bot on day 8; the report is the keeper's act.
    mustAllow(caseStateOf(c), 'REPORT_S14', 'pound_keeper', now);
    return;
  }
  mustAllow(caseStateOf(c), 'POST_NOTICE', 'officer', now, {
    notice: { description: 'x', placeOfSeizure: 'x', placeOfImpounding: 'x' },
    proclaimedByDrum: true,
  });
}

/**
 * Records the s. 14 notice and the drum proclamation. The notice date starts the 7-day period after
 * which the cattle may be auctioned (src/law timeline); the case moves to NOTICE_POSTED, subscribers
 * get the notice (broadcast job) and the case's deadlines are re-planned — all in one transaction.
 */
export async function recordNotice(db: Db, act: StaffAct, input: NoticeInput, now: Date): Promise<NoticeResult> {
  const where = requireText(input.proclaimedWhere, 200);
  for (const t of [input.postedAt, input.proclaimedVillageAt, input.proclaimedMarketAt]) {
    if (!(t instanceof Date) || Number.isNaN(t.getTime())) throw new StaffActionError('TEXT_REQUIRED');
    if (t.getTime() > now.getTime()) throw new StaffActionError('TIME_IN_FUTURE', 's. 14', { at: t.toISOString() });
  }
  return staffTransaction(db, async (tx) => {
    let c = await loadCase(tx, input.caseId);
    checkNotice(c, act, now);
    const due = reportDue(c);
    // The notice can only follow the report, which is due when the claim period ends (s. 14).
    if (input.postedAt.getTime() < due.dueAt.getTime()) {
      throw new StaffActionError('TIME_BEFORE_REPORT', 's. 14', { at: input.postedAt.toISOString(), from: due.dueAt.toISOString() });
    }
    if (c.status === 'IMPOUNDED') {
      const report = mustAllow(caseStateOf(c), 'REPORT_S14', 'pound_keeper', now);
      await saveTransition(tx, c, report, { reportedAt: due.dueAt });
      await audit(tx, { role: 'system' }, 'S14_REPORTED', c.id, { reportedAt: due.dueAt.toISOString(), implied_by: 'notice' });
      c = await loadCase(tx, c.id);
    }
    const description = c.heads.map((h) => `${h.cattleClass}: ${h.description}`).join('; ');
    const allowed = mustAllow(caseStateOf(c), 'POST_NOTICE', 'officer', input.postedAt, {
      notice: { description, placeOfSeizure: c.placeOfSeizure, placeOfImpounding: c.pound.name },
      proclaimedByDrum: true,
    });
    await tx.notice.create({
      data: {
        caseId: c.id,
        postedAt: input.postedAt,
        postedByStaffId: act.staffId,
        photoFileId: input.photoFileId ?? null,
        proclaimedWhere: where,
        proclaimedVillageAt: input.proclaimedVillageAt,
        proclaimedMarketAt: input.proclaimedMarketAt,
        viaMessageId: act.messageId,
      },
    });
    await saveTransition(tx, c, allowed, { noticePostedAt: input.postedAt });
    await audit(tx, auditActor(act), 'S14_NOTICE_POSTED', c.id, {
      postedAt: input.postedAt.toISOString(),
      proclaimedWhere: where,
      proclaimedVillageAt: input.proclaimedVillageAt.toISOString(),
      proclaimedMarketAt: input.proclaimedMarketAt.toISOString(),
      photo: Boolean(input.photoFileId),
    });
    await queueNoticeBroadcast(tx, c.id, now);
    await planDeadlines(tx, c.id, now);
    const timeline = computeTimeline({ impoundedAt: c.impoundedAt, noticePostedAt: input.postedAt });
    if (!timeline.ok || !timeline.value.auctionEligible) throw new StaffActionError('LAW_ERROR', 's. 14');
    return { caseNumber: c.number, postedAt: input.postedAt, auctionEligible: timeline.value.auctionEligible };
  });
}

/** The notice goes to the village's subscribers and the case's followers (the jobs worker fans it out). */
async function queueNoticeBroadcast(tx: Tx, caseId: number, now: Date): Promise<void> {
  await addToOutbox(tx, { name: 'broadcast', payload: { kind: 'notice', caseId } }, `case:${caseId}:broadcast:notice`, now);
}

/** The s. 14 auction-eligible date of a case whose notice is posted, else null. */
export function auctionEligibleOf(c: { impoundedAt: Date; noticePostedAt: Date | null }): TimelineEntry | null {
  if (!c.noticePostedAt) return null;
  const t = computeTimeline({ impoundedAt: c.impoundedAt, noticePostedAt: c.noticePostedAt });
  return t.ok ? t.value.auctionEligible : null;
}
