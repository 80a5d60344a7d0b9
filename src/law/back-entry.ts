import { isInstant, toIstDate } from './calendar';
import type { CaseState, NoticeFacts } from './case-model';
import { TransitionRefused } from './errors';
import { checkTransition } from './lifecycle';
import { resolveWindows } from './rules';
import { s14AuctionEligible, type TimelineEntry } from './timeline';

/**
 * s. 14 steps already taken on paper, entered when a pound starts with the bot mid-procedure: the pound-keeper's
 * report, the notice stuck up and its drum proclamations in the village and at the market-place, each at the time
 * the paper register gives. They are judged by the state machine's own rules (lifecycle.ts), replayed at the
 * times given — the report by REPORT_S14 at the report's time (not before the seven days from impounding have run),
 * the notice and proclamations by POST_NOTICE (the notice not before the report, each proclamation not before the
 * notice) — plus the two rules only a back-entry has: a step is in the past (taken before it is entered) and a
 * later step is not entered without the one it follows.
 */

/** The steps of s. 14 a paper register records, in their statutory order. */
export const PAPER_STEPS = ['report', 'notice', 'village', 'market'] as const;
export type PaperStep = (typeof PAPER_STEPS)[number];

/** When each step was taken (absent or null: not taken, or not entered). */
export type PaperStepTimes = Partial<Record<PaperStep, Date | null>>;

/** The case after the steps: the engine's state, the notice facts and, once the notice counts, the auction date. */
export interface BackEntryPlan {
  /** The steps given, in order. */
  readonly steps: readonly PaperStep[];
  /** The state after the steps (REPORTED_S14, or NOTICE_POSTED once the notice is proclaimed in both places). */
  readonly state: CaseState;
  readonly reportedAt: Date | null;
  readonly notice: NoticeFacts | null;
  /** s. 14: seven days from the notice — from `actionableFrom` the auction may be held (null: notice not complete). */
  readonly auctionEligible: TimelineEntry | null;
}

/** The steps, or every refusal found (each a `TransitionRefused` with its section and `details.step`). */
export type BackEntryCheck =
  | { readonly ok: true; readonly value: BackEntryPlan }
  | { readonly ok: false; readonly refusals: readonly TransitionRefused[] };

const ACTION: Record<PaperStep, 'REPORT_S14' | 'POST_NOTICE'> = {
  report: 'REPORT_S14',
  notice: 'POST_NOTICE',
  village: 'POST_NOTICE',
  market: 'POST_NOTICE',
};

/** Placeholder particulars: the notice's contents are the register's own, not a paper step's (s. 14 (a)–(c)). */
const PARTICULARS = { description: '-', placeOfSeizure: '-', placeOfImpounding: '-' };

/**
 * Checks a back-entry of s. 14 steps against the engine's rules, for a case that has not moved yet (`state`:
 * IMPOUNDED, with its impounding time) and an entry made at `now`. Refusals name their section (s. 14) and step.
 */
export function checkBackEntry(state: CaseState, times: PaperStepTimes, now: Date): BackEntryCheck {
  const refusals: TransitionRefused[] = [];
  const no = (step: PaperStep, reason: TransitionRefused['reason'], details: Record<string, unknown> = {}) =>
    refusals.push(new TransitionRefused(reason, 's. 14', ACTION[step], state.status, { step, ...details }));
  const given = PAPER_STEPS.filter((s) => times[s] != null);
  for (const step of given) {
    const at = times[step]!;
    if (!isInstant(at)) no(step, 'PAPER_STEP_INVALID');
    else if (at.getTime() > now.getTime()) no(step, 'PAPER_STEP_IN_FUTURE', { at: at.toISOString() });
  }
  if (refusals.length) return { ok: false, refusals };
  const report = times.report ?? null;
  const notice = times.notice ?? null;
  const proclaimed = (['village', 'market'] as const).filter((p) => times[p] != null);
  // A later step stands on the one before it: the notice on the report, a proclamation on the notice (s. 14).
  if (notice && !report) no('notice', 'PAPER_STEP_MISSING', { missing: 'report' });
  for (const p of proclaimed) if (!notice) no(p, 'PAPER_STEP_MISSING', { missing: 'notice' });
  // The report: the state machine's REPORT_S14 at the report's time (the seven days from impounding have run).
  let after: CaseState = state;
  if (report) {
    const r = checkTransition(state, 'REPORT_S14', 'pound_keeper', report);
    if (!r.ok) refuseAs('report', r.error);
    else after = { ...state, ...r.value.effects, reportedAt: report, status: r.value.to };
  }
  // The notice and proclamations: POST_NOTICE's order (notice not before the report, proclamations not before it).
  let facts: NoticeFacts | null = null;
  if (notice && report && refusals.length === 0) {
    const at = proclaimed.map((p) => times[p]!);
    const r = checkTransition(after, 'POST_NOTICE', 'officer', now, {
      notice: PARTICULARS,
      proclaimedByDrum: true,
      noticePostedAt: notice,
      proclaimedAt: at,
    });
    if (!r.ok) refuseAs(isProclamationRefusal(r.error) ? stepOf(r.error) : 'notice', r.error);
    else {
      facts = {
        stuckUpAt: notice,
        proclaimedInVillageAt: times.village ?? null,
        proclaimedAtMarketAt: times.market ?? null,
      };
      if (proclaimed.length === 2) after = { ...after, ...r.value.effects, notice: facts, status: r.value.to };
      else after = { ...after, notice: facts };
    }
  }
  if (refusals.length) return { ok: false, refusals };
  const complete = after.status === 'NOTICE_POSTED';
  return {
    ok: true,
    value: {
      steps: given,
      state: after,
      reportedAt: report,
      notice: facts,
      auctionEligible: complete && notice ? s14AuctionEligible(toIstDate(notice), resolveWindows(state.windows)) : null,
    },
  };

  function refuseAs(step: PaperStep, e: unknown): void {
    if (e instanceof TransitionRefused)
      refusals.push(new TransitionRefused(e.reason, e.section ?? 's. 14', e.action, e.from, { ...e.details, step }));
    else no(step, 'PAPER_STEP_INVALID');
  }

  function isProclamationRefusal(e: unknown): e is TransitionRefused {
    return e instanceof TransitionRefused && e.reason === 'PROCLAMATION_BEFORE_NOTICE';
  }

  /** Which proclamation the engine found before the notice. */
  function stepOf(e: TransitionRefused): PaperStep {
    const at = String(e.details.at ?? '');
    return proclaimed.find((p) => times[p]!.toISOString() === at) ?? 'village';
  }
}
