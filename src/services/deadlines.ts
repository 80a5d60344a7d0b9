import type { Config } from '../config';
import { addDays, startOfIstDay, toIstDate, type LocalDate, type Section } from '../law';
import { windowsFromConfig, type DbReader } from './dues';
import { caseTimeline, type StoredClock } from './next-deadline';
import { addToOutbox, type Tx } from './outbox';

/**
 * Call in the same transaction as any change to a case that moves its statutory clock (registered,
 * claimed, paid, deposited, reported, notice posted, auction scheduled, sold, surplus held...).
 * It records a "replan" in the outbox; the jobs/ worker then reads the case from the database and
 * (re)schedules that case's deadline jobs from the statute engine's timeline. The database stays the
 * source of truth: a replan that runs late or twice computes the same jobs with the same ids.
 */
export async function planDeadlines(tx: Tx, caseId: number, now: Date): Promise<void> {
  await addToOutbox(tx, { name: 'deadline', payload: { caseId, step: 'replan' } }, `case:${caseId}:replan:${now.getTime()}`, now);
}

/** The deadline steps the jobs worker runs (each re-checks the case when it runs). */
export const DEADLINE_STEPS = [
  's14-report',
  'notice-overdue',
  'auction-day-before',
  'auction-morning',
  's20-complaint-early',
  's20-complaint-last-day',
  's17-surplus-owner',
  's17-surplus-lapsed',
  'payment-nudge',
] as const;
/** One of the deadline steps. */
export type DeadlineStep = (typeof DEADLINE_STEPS)[number];

/** One scheduled step of a case: run at `runAt`; `key` is unique per case, step, reference and instant. */
export interface PlannedStep {
  key: string;
  caseId: number;
  step: DeadlineStep;
  runAt: Date;
  section: Section;
  /** The payment a nudge is about. */
  ref?: number;
}

/** What the planner reads of a case. */
export const DEADLINE_CASE_INCLUDE = {
  auction: true,
  payments: { select: { id: true, kind: true, status: true, declaredAt: true, confirmedAt: true, part: true } },
  complaints: { select: { id: true } },
} as const;

/** A case row with what the planner needs. */
export interface CaseForDeadlines extends StoredClock {
  id: number;
  status: string;
  auction: { status: string; scheduledFor: Date } | null;
  payments: Array<{ id: number; kind: string; status: string; declaredAt: Date; confirmedAt: Date | null; part?: boolean }>;
  complaints: Array<{ id: number }>;
}

/** Loads a case for planning; null when there is no such case. */
export function loadCaseForDeadlines(db: DbReader, caseId: number): Promise<CaseForDeadlines | null> {
  return db.case.findUnique({ where: { id: caseId }, include: DEADLINE_CASE_INCLUDE });
}

/** Statuses after which no deadline step can apply any more. */
export const FINISHED_STATUSES = ['RELEASED_S13', 'SOLD', 'DISPOSED_PROVISO', 'ACCOUNT_DELIVERED', 'SPLIT_RECORDED', 'SURPLUS_CLAIMED', 'SURPLUS_TO_REVENUE', 'RELEASED_BY_ORDER', 'CLOSED'] as const;

/**
 * Office hours for reminders: a period that ends at midnight (00:00 IST) is acted on in the morning.
 * This is when people are told, not a statutory date — the dates themselves come from src/law.
 */
export const REMINDER_HOUR_IST = 9;
/** "Morning of the auction" reminder hour (IST), unless the auction is earlier than an hour after it. */
export const AUCTION_MORNING_HOUR_IST = 7;
/** The owner is reminded this many days before the s. 17 surplus hold ends. */
export const SURPLUS_OWNER_NOTICE_DAYS = 7;
/** The depositor is reminded this many days before the last day of the s. 20 complaint window. */
export const COMPLAINT_EARLY_DAYS = 2;

const HOUR = 3_600_000;

/** `hour`:00 IST on India date `d`. */
export function istHour(d: LocalDate, hour: number): Date {
  return new Date(startOfIstDay(d).getTime() + hour * HOUR);
}

function step(c: { id: number }, name: DeadlineStep, runAt: Date, section: Section, ref?: number): PlannedStep {
  const key = `case:${c.id}:${name}:${ref !== undefined ? `${ref}:` : ''}${runAt.toISOString()}`;
  return { key, caseId: c.id, step: name, runAt, section, ...(ref !== undefined ? { ref } : {}) };
}

/**
 * Every deadline step the case's present facts call for, with the instant each should run, from the
 * statute engine's timeline (ss. 14, 17, 20) and the configured grace periods. Steps already past are
 * included (they run at once); whether a step has already run is the caller's business (DeadlineRun).
 * A change of facts (auction moved, notice posted) changes the instants and so the keys: a job planned
 * for the old facts finds its key gone from the plan and does nothing.
 */
export function planSteps(c: CaseForDeadlines, config: Pick<Config, 'S20_COMPLAINT_WINDOW_DAYS' | 'NOTICE_GRACE_HOURS' | 'PAYMENT_NUDGE_HOURS'>): PlannedStep[] {
  if ((FINISHED_STATUSES as readonly string[]).includes(c.status)) return [];
  const tl = caseTimeline(c, windowsFromConfig(config));
  if (!tl.ok) return [];
  const t = tl.value;
  const out: PlannedStep[] = [];

  // s. 14: unclaimed on day 8 → the report to the officer (the bot makes it for the pound-keeper).
  if (c.status === 'IMPOUNDED' && !c.ownerRefusedAt) {
    out.push(step(c, 's14-report', istHour(t.s14ReportDue.actionableFrom, REMINDER_HOUR_IST), 's. 14'));
  }
  // s. 14: reported but no notice stuck up within the grace period → escalate.
  if (c.status === 'REPORTED_S14' && !c.noticePostedAt && c.reportedAt) {
    out.push(step(c, 'notice-overdue', new Date(c.reportedAt.getTime() + config.NOTICE_GRACE_HOURS * HOUR), 's. 14'));
  }
  // s. 14 auction: the day before and the morning of.
  if (c.status === 'AUCTION_SCHEDULED' && c.auction?.status === 'SCHEDULED') {
    const at = c.auction.scheduledFor;
    const day = toIstDate(at);
    const before = istHour(addDays(day, -1), REMINDER_HOUR_IST);
    if (at.getTime() - before.getTime() >= 12 * HOUR) out.push(step(c, 'auction-day-before', before, 's. 14'));
    const morning = new Date(Math.min(istHour(day, AUCTION_MORNING_HOUR_IST).getTime(), at.getTime() - HOUR));
    if (morning.getTime() > before.getTime()) out.push(step(c, 'auction-morning', morning, 's. 14'));
  }
  // s. 15 deposit → the s. 20 complaint window: a reminder a few days before its last day, and on it. An owner's
  // part deposit (issue 10.11) too: the entry stays in the pound's procedure for the other heads, so its status is
  // not DEPOSITED_S15; who has complained already is the reminder's business (reminders/complaint-window.ts).
  const partDeposits = c.payments.filter((p) => p.kind === 'S15_DEPOSIT' && p.status === 'CONFIRMED' && p.part);
  if ((c.status === 'DEPOSITED_S15' && c.complaints.length === 0) || partDeposits.length > 0) {
    const w = t.s20ComplaintWindowEnd;
    const deposit = c.payments.find((p) => p.kind === 'S15_DEPOSIT' && p.status === 'CONFIRMED' && !p.part) ?? partDeposits[0];
    const depositedAt = deposit?.confirmedAt ?? deposit?.declaredAt ?? c.impoundedAt;
    const early = istHour(addDays(w.date, -COMPLAINT_EARLY_DAYS), REMINDER_HOUR_IST);
    if (early.getTime() > depositedAt.getTime()) out.push(step(c, 's20-complaint-early', early, 's. 20'));
    const last = istHour(w.date, REMINDER_HOUR_IST);
    if (last.getTime() < w.dueAt.getTime()) out.push(step(c, 's20-complaint-last-day', last, 's. 20'));
  }
  // s. 17: surplus held 3 months → the owner is told before it lapses; the Magistrate's office when it has.
  if (c.status === 'SURPLUS_HELD' && t.surplusHoldEnd) {
    const end = t.surplusHoldEnd;
    const ownerAt = istHour(addDays(end.date, -SURPLUS_OWNER_NOTICE_DAYS), REMINDER_HOUR_IST);
    if (c.surplusDepositedAt && ownerAt.getTime() > c.surplusDepositedAt.getTime()) out.push(step(c, 's17-surplus-owner', ownerAt, 's. 17'));
    out.push(step(c, 's17-surplus-lapsed', istHour(end.actionableFrom, REMINDER_HOUR_IST), 's. 17'));
  }
  // s. 13/15: a payment declared and not confirmed within a few hours → nudge the pound-keepers.
  for (const p of c.payments) {
    if (p.status === 'PENDING') out.push(step(c, 'payment-nudge', new Date(p.declaredAt.getTime() + config.PAYMENT_NUDGE_HOURS * HOUR), p.kind === 'S15_DEPOSIT' ? 's. 15' : 's. 13', p.id));
  }
  return out.sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
}
