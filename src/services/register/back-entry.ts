import { checkBackEntry, PAPER_STEPS, type PaperStep, type PaperStepTimes } from '../../law';
import type { Db } from '../../db';
import { audit } from '../audit';
import {
  caseStateOf,
  caseTransaction,
  loadCase,
  loadCaseAs,
  mustAllow,
  type CaseFacts,
  type CaseForLaw,
} from '../case-transition';
import { newEntryFacts } from '../law-case';
import { planDeadlines } from '../deadlines';
import type { Tx } from '../outbox';
import { Refusal, refusalOf } from '../refusal';
import { PENDING_OUTCOME } from '../notice';
import { authorize, authorizeInTx, type StaffActor } from '../staff';

/**
 * s. 14 steps already taken on paper — a pound that adopts the bot mid-procedure has cases whose report was made,
 * whose notice was stuck up and proclaimed, in the paper register. They are entered with their paper times (the
 * register's s. 8 entry and these steps in one transaction, or later for a case that has not moved yet), judged by
 * the statute engine (`checkBackEntry`, src/law/back-entry.ts), and marked as a back-entry: the report's source and
 * the notice's source are 'paper', the case carries when and by which role they were entered, and the audit has a
 * `case.back_entry` line. Nothing is sent to the officer for a step already taken: the case is no longer IMPOUNDED,
 * so the s. 14 report step of the jobs is not planned (a run waiting for an officer is closed), and the deadlines are
 * re-planned from the real dates — seven days after a paper notice the auction may be scheduled at once.
 */

/** The audit action of a back-entry. */
export const BACK_ENTRY_AUDIT = 'case.back_entry';

/** What was entered. */
export interface BackEntryResult {
  caseId: number;
  caseNumber: string;
  status: string;
  steps: PaperStep[];
  /** s. 14: the first India day the auction may be held (null: the notice is not complete). */
  auctionFrom: string | null;
}

/** True when any step has a time. */
export function hasPaperSteps(times: PaperStepTimes | null | undefined): times is PaperStepTimes {
  return !!times && PAPER_STEPS.some((s) => times[s] != null);
}

/**
 * May `actor` enter paper steps on this case now (before asking for them): the right at its pound, a case that has
 * not moved yet, and the seven days for claiming over (s. 14: before that no report can have been made). Throws.
 */
export function mayBackEnter(c: CaseForLaw, actor: StaffActor, now: Date): void {
  authorize(actor, 'paper.steps', c.poundId);
  if (c.status !== 'IMPOUNDED' || c.reportedAt || c.notice)
    throw new Refusal('BACK_ENTRY_CASE_MOVED', 's. 14', { status: c.status });
  mustAllow(caseStateOf(c), 'REPORT_S14', 'pound_keeper', now);
}

/** True for an entry whose s. 14 report could already have been made on paper (offer the back-entry). */
export function backEntryPossible(c: CaseFacts, now: Date): boolean {
  if (c.status !== 'IMPOUNDED' || c.reportedAt) return false;
  try {
    mustAllow(caseStateOf(c), 'REPORT_S14', 'pound_keeper', now);
    return true;
  } catch {
    return false;
  }
}

/**
 * For an entry not yet made (the chat's /register asks before Record): is its s. 14 report already due — the seven
 * days from impounding over at `now` (the engine's REPORT_S14 gate), so the report, the notice and the proclamations
 * may already have been made on paper? Then they are asked for before the entry is saved: saved without them, the
 * deadline jobs would send the officer a report at once.
 */
export function reportDueOnNewEntry(impoundedAt: Date, now: Date): boolean {
  return backEntryPossible(newEntryFacts(impoundedAt), now);
}

/**
 * Judges the paper steps of an entry not yet made, as its Record will (`checkBackEntry`): the plan (the state after
 * them and, once the notice is complete, the first day of the auction), or the engine's first refusal, thrown as a
 * Refusal with its section. Lets the chat say what is wrong while the keeper can still correct it.
 */
export function checkPaperStepsOfNewEntry(
  impoundedAt: Date,
  times: PaperStepTimes,
  now: Date,
): { status: string; auctionFrom: string | null } {
  if (!hasPaperSteps(times)) throw new Refusal('BACK_ENTRY_EMPTY', 's. 14');
  const checked = checkBackEntry(caseStateOf(newEntryFacts(impoundedAt)), times, now);
  if (!checked.ok) throw refusalOf(checked.refusals[0]);
  return {
    status: checked.value.state.status,
    auctionFrom: checked.value.auctionEligible?.actionableFrom ?? null,
  };
}

/**
 * Records the paper steps on a case loaded in `tx` (the entry just made, or an existing one), after the actor's
 * right at its pound was read again in `tx`. Refusals: BACK_ENTRY_EMPTY, BACK_ENTRY_CASE_MOVED,
 * BACK_ENTRY_REPORT_SENT, the engine's (REFUSED with its reason and section) and CONFLICT.
 */
export async function applyPaperSteps(
  tx: Tx,
  actor: StaffActor,
  c: CaseForLaw,
  times: PaperStepTimes,
  now: Date,
): Promise<BackEntryResult> {
  const who = await authorizeInTx(tx, actor, 'paper.steps', c.poundId);
  if (!hasPaperSteps(times)) throw new Refusal('BACK_ENTRY_EMPTY', 's. 14');
  if (c.status !== 'IMPOUNDED' || c.reportedAt || c.notice)
    throw new Refusal('BACK_ENTRY_CASE_MOVED', 's. 14', { status: c.status });
  // The bot's own report already went to the officer (delivered or on its way): it is the report on record.
  const sent = await tx.deadlineRun.findFirst({
    where: { caseId: c.id, step: 's14-report', outcome: 'sent' },
    select: { ranAt: true },
  });
  if (sent) throw new Refusal('BACK_ENTRY_REPORT_SENT', 's. 14', { at: sent.ranAt.toISOString() });
  const checked = checkBackEntry(caseStateOf(c), times, now);
  if (!checked.ok) throw refusalOf(checked.refusals[0]);
  const plan = checked.value;
  const moved = await tx.case.updateMany({
    where: { id: c.id, version: c.version, status: 'IMPOUNDED' },
    data: {
      status: plan.state.status,
      reportedAt: plan.reportedAt,
      reportSource: plan.reportedAt ? 'paper' : null,
      noticePostedAt: plan.state.noticePostedAt ?? null,
      backEntryAt: now,
      backEntryRole: who.audit.role,
      version: { increment: 1 },
    },
  });
  if (moved.count !== 1) throw new Refusal('CONFLICT');
  if (plan.notice) {
    // Proclaimed, as s. 14 says, in the village of seizure and at the market-place nearest to it.
    const village = plan.notice.proclaimedInVillageAt ? c.placeOfSeizure : null;
    const market = plan.notice.proclaimedAtMarketAt ? (c.nearestMarket ?? c.pound.nearestMarket ?? c.pound.name) : null;
    await tx.notice.create({
      data: {
        caseId: c.id,
        postedAt: plan.notice.stuckUpAt,
        source: 'paper',
        proclaimedVillagePlace: village,
        proclaimedVillageAt: plan.notice.proclaimedInVillageAt ?? null,
        proclaimedMarketPlace: market,
        proclaimedMarketAt: plan.notice.proclaimedAtMarketAt ?? null,
        proclaimedWhere: [village, market].filter(Boolean).join('; ') || null,
      },
    });
  }
  // A report step waiting for an officer (none enrolled) is done: the report was made on paper.
  await tx.deadlineRun.updateMany({
    where: { caseId: c.id, step: 's14-report', outcome: PENDING_OUTCOME },
    data: { outcome: 'moved_on' },
  });
  const stepTimes = Object.fromEntries(plan.steps.map((s) => [s, times[s]!.toISOString()]));
  await audit(tx, who.audit, BACK_ENTRY_AUDIT, c.id, {
    source: 'paper',
    steps: stepTimes,
    enteredAt: now.toISOString(),
    status: plan.state.status,
    ...(plan.auctionEligible ? { auctionFrom: plan.auctionEligible.actionableFrom } : {}),
  });
  await planDeadlines(tx, c.id, now);
  return {
    caseId: c.id,
    caseNumber: c.number,
    status: plan.state.status,
    steps: [...plan.steps],
    auctionFrom: plan.auctionEligible?.actionableFrom ?? null,
  };
}

/** Enters the paper steps of an existing case that has not moved yet (the keeper's or officer's /paper, the desk). */
export async function recordPaperSteps(
  db: Db,
  actor: StaffActor,
  input: { caseId: number; steps: PaperStepTimes },
  now: Date,
): Promise<BackEntryResult> {
  return caseTransaction(db, async (tx) => {
    const { c } = await loadCaseAs(tx, actor, 'paper.steps', input.caseId);
    return applyPaperSteps(tx, actor, c, input.steps, now);
  });
}

/** The same, on the entry just made in `tx` (src/services/register/seizure.ts). */
export async function paperStepsOfNewEntry(
  tx: Tx,
  actor: StaffActor,
  caseId: number,
  steps: PaperStepTimes,
  now: Date,
): Promise<BackEntryResult> {
  return applyPaperSteps(tx, actor, await loadCase(tx, caseId), steps, now);
}
