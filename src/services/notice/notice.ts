import {
  computeTimeline,
  missingProclamations as lawMissingProclamations,
  type ProclamationPlace,
  type TimelineEntry,
} from '../../law';
import type { Db } from '../../db';
import { type Actor, audit } from '../audit';
import {
  caseStateOf,
  loadCase,
  loadCaseAs,
  mustAllow,
  mustMayAttempt,
  requireText,
  transition,
  type CaseForLaw,
  caseTransaction,
} from '../case-transition';
import { Refusal } from '../refusal';
import { type StaffActor, actorInTx, authorize } from '../staff';
import { planDeadlines } from '../deadlines';
import { recordS14Reported } from './report';
import { addToOutbox, type Tx } from '../outbox';

/** One drum proclamation (s. 14): where it was made and when. */
export interface Proclamation {
  place: string;
  at: Date;
}

/** Which proclamation: in the village of seizure, or at the market-place nearest to it. */
export type { ProclamationPlace };

/** What the officer records under s. 14: the notice stuck up and, now or later, the two proclamations. */
export interface NoticeInput {
  caseId: number;
  /** When the notice was stuck up in the office (may be earlier today or a past day; never in the future). */
  postedAt: Date;
  /** Telegram file id of a photo of the posted notice. */
  photoFileId?: string | null;
  /** The proclamation in the village, if already made. */
  village?: Proclamation | null;
  /** The proclamation at the nearest market-place, if already made. */
  market?: Proclamation | null;
}

/** The recorded notice, what is still to be proclaimed, and the date the s. 14 notice period ends. */
export interface NoticeResult {
  caseNumber: string;
  postedAt: Date;
  /** Proclamations not yet recorded; empty once the notice is complete (case NOTICE_POSTED). */
  missing: ProclamationPlace[];
  /** Seven days from the notice (the posting date), after which the cattle may be auctioned. */
  auctionEligible: TimelineEntry;
}

/**
 * s. 14 report due for a case: the claim period (7 days from impounding) must have run before the
 * officer can be reported to and post the notice.
 */
function reportDue(c: CaseForLaw): TimelineEntry {
  const t = computeTimeline({ impoundedAt: c.impoundedAt });
  if (!t.ok) throw new Refusal('LAW_ERROR', t.error.section, { code: t.error.code });
  return t.value.s14ReportDue;
}

/** The proclamations a notice still lacks (both when there is no notice yet). */
export function missingProclamations(
  n: { proclaimedVillageAt: Date | null; proclaimedMarketAt: Date | null } | null,
): ProclamationPlace[] {
  return lawMissingProclamations(
    n && { proclaimedInVillageAt: n.proclaimedVillageAt, proclaimedAtMarketAt: n.proclaimedMarketAt },
  );
}

/**
 * Checks that the officer may record the s. 14 notice on this case now (role, pound, status, the claim
 * period over). Used by the bot before asking the questions, and again when recording. A notice posted
 * whose proclamations are not all recorded yet is not "done": /notice asks for the rest.
 */
export function checkNotice(c: CaseForLaw, act: StaffActor, now: Date): void {
  authorize(act, 'notice', c.poundId);
  if (c.notice && missingProclamations(c.notice).length === 0)
    throw new Refusal('ALREADY_DONE', 's. 14', { at: c.notice.postedAt.toISOString() });
  if (c.status === 'IMPOUNDED') {
    // The pound-keeper's report (s. 14) is sent by the bot on day 8; the report is the keeper's act.
    mustAllow(caseStateOf(c), 'REPORT_S14', 'pound_keeper', now);
    return;
  }
  mustMayAttempt(caseStateOf(c), 'POST_NOTICE', 'officer', now);
}

function checkTime(t: Date, now: Date, notBefore: Date): void {
  if (!(t instanceof Date) || Number.isNaN(t.getTime())) throw new Refusal('TEXT_REQUIRED');
  if (t.getTime() > now.getTime()) throw new Refusal('TIME_IN_FUTURE', 's. 14', { at: t.toISOString() });
  // The notice and its proclamation follow the report, which is due when the claim period ends (s. 14).
  if (t.getTime() < notBefore.getTime())
    throw new Refusal('TIME_BEFORE_REPORT', 's. 14', { at: t.toISOString(), from: notBefore.toISOString() });
}

/**
 * The statute engine's s. 14 order check for the times an officer records: the notice at or after the
 * report reached him, each proclamation at or after the notice (POST_NOTICE gate, src/law).
 */
function checkNoticeOrder(c: CaseForLaw, now: Date, postedAt: Date, proclaimed: Array<Date | undefined>): void {
  mustAllow(caseStateOf(c), 'POST_NOTICE', 'officer', now, {
    notice: noticeContents(c),
    proclaimedByDrum: true,
    noticePostedAt: postedAt,
    proclaimedAt: proclaimed.filter((t): t is Date => !!t),
  });
}

/** What the s. 14 notice states: the cattle (number and description), the place of seizure, the place of impounding. */
function noticeContents(c: CaseForLaw): { description: string; placeOfSeizure: string; placeOfImpounding: string } {
  return {
    description: c.heads.map((h) => `${h.cattleClass}: ${h.description}`).join('; '),
    placeOfSeizure: c.placeOfSeizure,
    placeOfImpounding: c.pound.name,
  };
}

function cleanProclamation(p: Proclamation | null | undefined): Proclamation | null {
  return p ? { place: requireText(p.place, 200), at: p.at } : null;
}

/** "village; market" as the register shows it (Notice.proclaimedWhere). */
function whereText(village: string | null, market: string | null): string | null {
  const parts = [village, market].filter((x): x is string => !!x);
  return parts.length ? parts.join('; ') : null;
}

/**
 * Records the s. 14 notice (when it was stuck up, a photo) and whichever drum proclamations are already
 * made; the others are recorded later with `recordProclamations`. The notice date (the posting date) starts
 * the 7-day period after which the cattle may be auctioned (src/law timeline). The case moves to
 * NOTICE_POSTED only once the notice is posted AND proclaimed in the village and at the market (s. 14):
 * then subscribers get the notice (broadcast job) and the case's deadlines are re-planned — one transaction.
 */
export async function recordNotice(db: Db, act: StaffActor, input: NoticeInput, now: Date): Promise<NoticeResult> {
  const village = cleanProclamation(input.village);
  const market = cleanProclamation(input.market);
  return caseTransaction(db, async (tx) => {
    // The officer's grants as they stand now, not as cached by the bot: a revoked officer records nothing.
    act = await actorInTx(tx, act);
    let c = await loadCase(tx, input.caseId);
    if (c.notice) throw new Refusal('ALREADY_DONE', 's. 14', { at: c.notice.postedAt.toISOString() });
    checkNotice(c, act, now);
    const due = reportDue(c);
    for (const t of [input.postedAt, village?.at, market?.at]) if (t) checkTime(t, now, due.dueAt);
    if (c.status === 'IMPOUNDED') {
      // The officer recording the notice has the report (s. 14: he posts the notice "thereupon"): it was made
      // no later than the earliest act he records. The one s. 14 report operation (src/services/notice/report.ts).
      mustAllow(caseStateOf(c), 'REPORT_S14', 'pound_keeper', now);
      const reportedAt = new Date(
        Math.min(...[input.postedAt, village?.at, market?.at].filter((t): t is Date => !!t).map((t) => t.getTime())),
      );
      if (!(await recordS14Reported(tx, c, reportedAt, 'notice', now))) throw new Refusal('CONFLICT');
      c = await loadCase(tx, c.id);
    }
    // s. 14 order (the statute engine): the notice not before the report, the proclamations not before the notice.
    checkNoticeOrder(c, now, input.postedAt, [village?.at, market?.at]);
    const who = authorize(act, 'notice', c.poundId);
    // One notice per case (Notice.caseId is unique): a second officer racing this one gets a CONFLICT.
    await tx.notice.create({
      data: {
        caseId: c.id,
        postedAt: input.postedAt,
        postedByStaffId: who.grant.staffId,
        photoFileId: input.photoFileId ?? null,
        proclaimedWhere: whereText(village?.place ?? null, market?.place ?? null),
        proclaimedVillagePlace: village?.place ?? null,
        proclaimedVillageAt: village?.at ?? null,
        proclaimedMarketPlace: market?.place ?? null,
        proclaimedMarketAt: market?.at ?? null,
        viaMessageId: act.messageId,
      },
    });
    await audit(tx, who.audit, 'S14_NOTICE_POSTED', c.id, {
      postedAt: input.postedAt.toISOString(),
      photo: Boolean(input.photoFileId),
      ...proclamationDetails(village, market),
    });
    return completeIfProclaimed(tx, who.audit, c.id, now);
  });
}

/**
 * Records the drum proclamations still missing from a posted notice (s. 14) — the village one, the market
 * one, or both. One already recorded is not overwritten (ALREADY_DONE). When both are recorded the
 * notice is complete: the case moves to NOTICE_POSTED with the posting date as the notice date.
 */
export async function recordProclamations(
  db: Db,
  act: StaffActor,
  input: { caseId: number; village?: Proclamation | null; market?: Proclamation | null },
  now: Date,
): Promise<NoticeResult> {
  const village = cleanProclamation(input.village);
  const market = cleanProclamation(input.market);
  if (!village && !market) throw new Refusal('TEXT_REQUIRED');
  return caseTransaction(db, async (tx) => {
    const { c, who } = await loadCaseAs(tx, act, 'notice', input.caseId);
    const n = c.notice;
    if (!n) throw new Refusal('TEXT_REQUIRED', 's. 14');
    if ((village && n.proclaimedVillageAt) || (market && n.proclaimedMarketAt))
      throw new Refusal('ALREADY_DONE', 's. 14', { at: n.postedAt.toISOString() });
    const due = reportDue(c);
    for (const t of [village?.at, market?.at]) if (t) checkTime(t, now, due.dueAt);
    checkNoticeOrder(c, now, n.postedAt, [village?.at, market?.at]);
    const villagePlace = village?.place ?? n.proclaimedVillagePlace;
    const marketPlace = market?.place ?? n.proclaimedMarketPlace;
    // Only fills what is still empty: two officers recording the same proclamation at once — one wins.
    const updated = await tx.notice.updateMany({
      where: {
        id: n.id,
        ...(village ? { proclaimedVillageAt: null } : {}),
        ...(market ? { proclaimedMarketAt: null } : {}),
      },
      data: {
        proclaimedWhere: whereText(villagePlace, marketPlace),
        ...(village ? { proclaimedVillagePlace: village.place, proclaimedVillageAt: village.at } : {}),
        ...(market ? { proclaimedMarketPlace: market.place, proclaimedMarketAt: market.at } : {}),
      },
    });
    if (updated.count !== 1) throw new Refusal('CONFLICT');
    await audit(tx, who.audit, 'S14_PROCLAIMED', c.id, proclamationDetails(village, market));
    return completeIfProclaimed(tx, who.audit, c.id, now);
  });
}

function proclamationDetails(village: Proclamation | null, market: Proclamation | null) {
  return {
    ...(village ? { proclaimedVillage: village.place, proclaimedVillageAt: village.at.toISOString() } : {}),
    ...(market ? { proclaimedMarket: market.place, proclaimedMarketAt: market.at.toISOString() } : {}),
  };
}

/** After a notice or proclamation is recorded: the s. 14 transition once both proclamations are in. */
async function completeIfProclaimed(tx: Tx, by: Actor, caseId: number, now: Date): Promise<NoticeResult> {
  const c = await loadCase(tx, caseId);
  const n = c.notice!;
  const missing = missingProclamations(n);
  const timeline = computeTimeline({ impoundedAt: c.impoundedAt, noticePostedAt: n.postedAt });
  if (!timeline.ok || !timeline.value.auctionEligible) throw new Refusal('LAW_ERROR', 's. 14');
  if (missing.length === 0 && c.status === 'REPORTED_S14') {
    const allowed = mustAllow(caseStateOf(c), 'POST_NOTICE', 'officer', now, {
      notice: noticeContents(c),
      proclaimedByDrum: true,
      noticePostedAt: n.postedAt,
      proclaimedAt: [n.proclaimedVillageAt, n.proclaimedMarketAt].filter((t): t is Date => !!t),
    });
    // The notice date — the auction clock — is the day the notice was stuck up, not the last proclamation.
    await transition(tx, c, allowed, { noticePostedAt: n.postedAt });
    await audit(tx, by, 'S14_NOTICE_COMPLETE', c.id, {
      noticeDate: n.postedAt.toISOString(),
      auctionFrom: timeline.value.auctionEligible.actionableFrom,
    });
    await queueNoticeBroadcast(tx, c.id, now);
    await planDeadlines(tx, c.id, now);
  }
  return { caseNumber: c.number, postedAt: n.postedAt, missing, auctionEligible: timeline.value.auctionEligible };
}

/** The notice goes to the village's subscribers and the case's followers (the jobs worker fans it out). */
async function queueNoticeBroadcast(tx: Tx, caseId: number, now: Date): Promise<void> {
  await addToOutbox(
    tx,
    { name: 'broadcast', payload: { kind: 'notice', caseId } },
    `case:${caseId}:broadcast:notice`,
    now,
  );
}

/** The s. 14 auction-eligible date of a case whose notice is posted, else null. */
export function auctionEligibleOf(c: { impoundedAt: Date; noticePostedAt: Date | null }): TimelineEntry | null {
  if (!c.noticePostedAt) return null;
  const t = computeTimeline({ impoundedAt: c.impoundedAt, noticePostedAt: c.noticePostedAt });
  return t.ok ? t.value.auctionEligible : null;
}

/**
 * The heads the s. 14 notice reports (cl. (a): the number and description of the cattle): those still to be claimed
 * or sold, not those an owner took home — or all of them once every head went home. The printed notice and the
 * public case page publish the same heads.
 */
export function headsTheNoticeReports<H extends { status: string }>(heads: readonly H[]): H[] {
  const notHome = heads.filter((h) => h.status !== 'RELEASED');
  return notHome.length > 0 ? notHome : [...heads];
}
