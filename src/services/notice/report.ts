import { poundParams } from '../../i18n';
import { checkTransition, type StatutoryWindows } from '../../law';
import type { Db } from '../../db';
import { audit } from '../audit';
import { caseStateOf, loadCase, transition, type CaseForLaw } from '../case-transition';
import { Refusal } from '../refusal';
import { planDeadlines } from '../deadlines';
import { windowsFromConfig, type DbReader } from '../dues';
import { caseTimeline } from '../next-deadline';
import { loadNoticeFacts, renderNoticeTexts } from './text';
import type { OutgoingMessage, Tx } from '../outbox';
import { type ReminderContext, staffChats } from '../reminders';
import { queueOwnerSms } from '../sms';

/**
 * The pound-keeper's report under s. 14 ("… the officer in charge of the pound shall report the fact to
 * the officer … who shall thereupon affix a notice"). The report is made when the officer has it — not
 * when a job ran, and not when only the keeper heard of it. This module is the ONE place the case moves
 * to REPORTED_S14:
 *  - `s14ReportStep` (the day-8 deadline step) builds the report for the pound's officers; with no officer
 *    enrolled the step is PENDING (DeadlineRun outcome 'pending'): the keepers and the District Magistrate's
 *    office are told, nothing is recorded as reported;
 *  - `recordS14Reported` moves the case, called when the report reached an officer (the sender delivered the
 *    first part of his bundle — report, notice, proclamation, PDFs, each tracked `s14_report`, delivered in that
 *    order: `markS14ReportDelivered`) or when an officer records the notice himself
 *    (the officer plainly has the report, src/services/notice/notice.ts);
 *  - `releasePendingSteps` — an enrolment for a pound re-runs that pound's pending steps.
 */

/** The DeadlineRun outcome of a step whose person (the officer) could not be reached. */
export const PENDING_OUTCOME = 'pending';

/** What the s. 14 report step did: sent to an officer, pending (no officer), or not due any more. */
export interface StepResult {
  outcome: 'sent' | 'pending' | 'moved_on';
  messages: OutgoingMessage[];
}

/** How the officer came to have the report (audit detail). */
export type ReportedVia = 'delivery' | 'notice';

/**
 * Records the s. 14 report as made at `at` (REPORTED_S14), if the statute engine still allows it (a case
 * claimed, or reported already, is left alone: returns false). Audit and deadline replan in the same tx.
 */
export async function recordS14Reported(
  tx: Tx,
  c: CaseForLaw,
  at: Date,
  via: ReportedVia,
  now: Date,
  windows: Partial<StatutoryWindows> = {},
): Promise<boolean> {
  const allowed = checkTransition(caseStateOf(c, windows), 'REPORT_S14', 'pound_keeper', now);
  if (!allowed.ok) return false;
  await transition(tx, c, allowed.value, { reportedAt: at });
  await audit(tx, { role: 'system' }, 'S14_REPORTED', c.id, { reportedAt: at.toISOString(), via });
  await planDeadlines(tx, c.id, now);
  // An owner who gave his mobile hears that the report is made and until when a claim comes before any sale.
  await queueOwnerSms(tx, c.id, 's14_reported', now);
  return true;
}

/**
 * The sender delivered the s. 14 report to an officer: the case is reported now. A second officer's copy
 * (or a replay) finds the case reported and changes nothing; a version race is retried once.
 */
export async function markS14ReportDelivered(
  db: Db,
  caseId: number,
  now: Date,
  windows: Partial<StatutoryWindows> = {},
): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.$transaction(async (tx) =>
        recordS14Reported(tx, await loadCase(tx, caseId), now, 'delivery', now, windows),
      );
    } catch (e) {
      if (!(e instanceof Refusal && e.code === 'CONFLICT') || attempt > 0) throw e;
    }
  }
}

/**
 * s. 14, day 8 (the deadline step): the cattle were not claimed within seven days from impounding. The
 * report goes to the pound's officers (tracked: the case becomes reported when one has it) with the notice
 * text and the drum proclamation ready; the keepers see what was reported. No officer enrolled → PENDING:
 * the keepers and the Magistrate's office are told that no officer has the report; it goes out when an
 * officer is enrolled for the pound. Nothing when the statute engine no longer calls for the report.
 */
export async function s14ReportStep(ctx: ReminderContext, caseId: number, now: Date): Promise<StepResult> {
  const moved: StepResult = { outcome: 'moved_on', messages: [] };
  const exists = await ctx.db.case.findUnique({ where: { id: caseId }, select: { id: true } });
  if (!exists) return moved;
  const full = await loadCase(ctx.db, caseId);
  const windows = windowsFromConfig(ctx.config);
  if (!checkTransition(caseStateOf(full, windows), 'REPORT_S14', 'pound_keeper', now).ok) return moved;
  const facts = await loadNoticeFacts(ctx.db, caseId);
  const tl = caseTimeline(full, windows);
  if (!facts || !tl.ok) return moved;
  const texts = renderNoticeTexts(ctx.translator, facts);
  const params = {
    number: full.number,
    count: facts.headCount,
    impoundedAt: full.impoundedAt.toISOString(),
    lastDay: tl.value.s14ReportDue.date,
    place: full.placeOfSeizure,
    ...poundParams(full.pound),
  };
  const officers = await staffChats(ctx.db, full.poundId, ['OFFICER']);
  const keepers = (await staffChats(ctx.db, full.poundId, ['POUND_KEEPER'])).filter((k) => !officers.includes(k));
  const out: OutgoingMessage[] = [];
  // Every part of an officer's bundle is tracked: the case is reported when the first part reaches him (the
  // sender delivers the parts in this order, each after the one before: jobs/deadline-worker.ts).
  const tracked = { track: { kind: 's14_report', caseId } } as const;
  const copies = (chatId: string, officer: boolean) => {
    out.push({
      chatId,
      key: 'jobs:s14_report.notice_copy',
      params: { number: full.number, hi: texts.notice.hi, en: texts.notice.en },
      priority: 'official',
      ...(officer ? tracked : {}),
    });
    out.push({
      chatId,
      key: 'jobs:s14_report.proclamation_copy',
      params: { number: full.number, hi: texts.proclamation.hi, en: texts.proclamation.en },
      priority: 'official',
      ...(officer ? tracked : {}),
    });
  };
  if (officers.length === 0) {
    for (const chatId of keepers)
      out.push({ chatId, key: 'jobs:s14_report.pending_to_keeper', params, priority: 'official', deskEntry: caseId });
    const magistrates = await staffChats(ctx.db, full.poundId, ['MAGISTRATE']);
    for (const chatId of magistrates.filter((m) => !keepers.includes(m)))
      out.push({
        chatId,
        key: 'jobs:s14_report.pending_to_magistrate',
        params,
        priority: 'official',
        deskEntry: caseId,
      });
    return { outcome: 'pending', messages: out };
  }
  for (const chatId of officers) {
    out.push({
      chatId,
      key: 'jobs:s14_report.to_officer',
      params,
      priority: 'official',
      deskEntry: caseId,
      ...tracked,
    });
    copies(chatId, true);
    // The notice to print and post and the proclamation for the crier, as PDFs (src/documents).
    for (const kind of ['notice', 'proclamation'] as const)
      out.push({
        chatId,
        key: `documents:caption.${kind}`,
        params: { number: full.number },
        document: { kind, caseId },
        priority: 'official',
        ...tracked,
      });
  }
  for (const chatId of keepers) {
    out.push({ chatId, key: 'jobs:s14_report.to_keeper', params, priority: 'official', deskEntry: caseId });
    copies(chatId, false);
  }
  return { outcome: 'sent', messages: out };
}

/** One statutory step waiting for its person (e.g. no officer enrolled for the pound). */
export interface PendingStep {
  caseId: number;
  caseNumber: string;
  poundId: number;
  step: string;
  dueAt: Date;
}

/** The pending statutory steps, oldest first (of the given pounds, or all). */
export async function pendingSteps(
  db: DbReader,
  poundIds: number[] | 'all' = 'all',
  take = 20,
): Promise<{ total: number; steps: PendingStep[] }> {
  const runs = await db.deadlineRun.findMany({ where: { outcome: PENDING_OUTCOME }, orderBy: { dueAt: 'asc' } });
  if (runs.length === 0) return { total: 0, steps: [] };
  const cases = await db.case.findMany({
    where: { id: { in: runs.map((r) => r.caseId) }, ...(poundIds === 'all' ? {} : { poundId: { in: poundIds } }) },
    select: { id: true, number: true, poundId: true },
  });
  const byId = new Map(cases.map((c) => [c.id, c]));
  const steps = runs.flatMap((r) => {
    const c = byId.get(r.caseId);
    return c ? [{ caseId: c.id, caseNumber: c.number, poundId: c.poundId, step: r.step, dueAt: r.dueAt }] : [];
  });
  return { total: steps.length, steps: steps.slice(0, take) };
}

/**
 * An official was enrolled for these pounds: each case there with a pending step is re-planned (in the
 * enrolment's transaction), so the jobs worker re-runs the step and the report reaches the new officer.
 */
export async function releasePendingSteps(tx: Tx, poundIds: number[], now: Date): Promise<number> {
  if (poundIds.length === 0) return 0;
  const { steps } = await pendingSteps(tx, poundIds, 10_000);
  const caseIds = [...new Set(steps.map((s) => s.caseId))];
  for (const id of caseIds) await planDeadlines(tx, id, now);
  return caseIds.length;
}
