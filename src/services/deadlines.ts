import type { Config } from '../config';
import { addDays, startOfIstDay, toIstDate, type LocalDate, type Section, type Timeline, isS16Path } from '../law';
import { windowsFromConfig, type DbReader } from './dues';
import { caseTimeline, type StoredClock } from './next-deadline';
import { addToOutbox, type OutboxItem, type Tx } from './outbox';

/**
 * Call in the same transaction as any change to a case that moves its statutory clock (registered,
 * claimed, paid, deposited, reported, notice posted, auction scheduled, sold, surplus held...).
 * It records a "replan" in the outbox; the jobs/ worker then reads the case from the database and
 * (re)schedules that case's deadline jobs from the statute engine's timeline. The database stays the
 * source of truth: a replan that runs late or twice computes the same jobs with the same ids.
 */
export async function planDeadlines(tx: Tx, caseId: number, now: Date): Promise<void> {
  const { job, jobKey, runAt } = deadlineReplan(caseId, now);
  await addToOutbox(tx, job, jobKey, runAt);
}

/** The replan `planDeadlines` records, as an outbox item to write with others in one statement. */
export function deadlineReplan(caseId: number, now: Date): OutboxItem {
  return {
    job: { name: 'deadline', payload: { caseId, step: 'replan' } },
    jobKey: `case:${caseId}:replan:${now.getTime()}`,
    runAt: now,
  };
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
  payments: {
    select: {
      id: true,
      kind: true,
      status: true,
      declaredAt: true,
      confirmedAt: true,
      part: true,
      payerTelegramId: true,
    },
  },
  complaints: { select: { id: true, telegramUserId: true } },
} as const;

/** A case row with what the planner needs. */
export interface CaseForDeadlines extends StoredClock {
  id: number;
  status: string;
  auction: { status: string; scheduledFor: Date } | null;
  payments: Array<{
    id: number;
    kind: string;
    status: string;
    declaredAt: Date;
    confirmedAt: Date | null;
    part?: boolean;
    payerTelegramId: bigint;
  }>;
  complaints: Array<{ id: number; telegramUserId: bigint }>;
}

/** Loads a case for planning; null when there is no such case. */
export function loadCaseForDeadlines(db: DbReader, caseId: number): Promise<CaseForDeadlines | null> {
  return db.case.findUnique({ where: { id: caseId }, include: DEADLINE_CASE_INCLUDE });
}

/**
 * Statuses after which no step of the entry's own procedure can apply any more. One kind of step outlives them: the
 * s. 20 reminders of an owner's deposit under protest for his own heads, whose complaint window runs
 * from the seizure whatever became of the other heads (`partDepositsAwaitingComplaint`).
 */
export const FINISHED_STATUSES = [
  'RELEASED_S13',
  'SOLD',
  'DISPOSED_PROVISO',
  'ACCOUNT_DELIVERED',
  'SPLIT_RECORDED',
  'SURPLUS_CLAIMED',
  'SURPLUS_TO_REVENUE',
  'RELEASED_BY_ORDER',
  'CLOSED',
] as const;

/**
 * The confirmed s. 15 deposits of owners for their own heads whose depositor has not recorded his s. 20
 * complaint: each keeps the depositor's reminders going until he does, or the window closes — also after a co-owner's
 * payment or a sale has finished the entry, since his deposit is still held on the ground that he will complain.
 */
export function partDepositsAwaitingComplaint(
  c: Pick<CaseForDeadlines, 'payments' | 'complaints'>,
): CaseForDeadlines['payments'] {
  const complained = new Set(c.complaints.map((x) => x.telegramUserId));
  return c.payments.filter(
    (p) => p.kind === 'S15_DEPOSIT' && p.status === 'CONFIRMED' && p.part && !complained.has(p.payerTelegramId),
  );
}

/**
 * Finished entries (FINISHED_STATUSES) that still owe a part depositor his s. 20 reminders: what a rebuild of the
 * queues (jobs/reconcile/reconciler.ts) plans besides the open cases. Selected from the deposits' side — confirmed part s. 15
 * deposits of the last S20_COMPLAINT_WINDOW_DAYS + 2 days (a deposit is made within the window, which runs from the
 * seizure: an older one's window has closed), on the Payment (part, kind, status, confirmedAt) index — never a scan
 * of the finished register. Ascending case ids, each once.
 */
export async function finishedCasesAwaitingComplaint(
  db: DbReader,
  now: Date,
  config: Pick<Config, 'S20_COMPLAINT_WINDOW_DAYS'>,
): Promise<number[]> {
  const since = new Date(now.getTime() - (config.S20_COMPLAINT_WINDOW_DAYS + 2) * 24 * HOUR);
  const rows = await db.payment.findMany({
    where: {
      part: true,
      kind: 'S15_DEPOSIT',
      status: 'CONFIRMED',
      confirmedAt: { gte: since },
      case: { status: { in: [...FINISHED_STATUSES] } },
    },
    select: {
      caseId: true,
      payerTelegramId: true,
      case: { select: { complaints: { select: { telegramUserId: true } } } },
    },
    orderBy: { caseId: 'asc' },
  });
  const ids = rows
    .filter((r) => !r.case.complaints.some((x) => x.telegramUserId === r.payerTelegramId))
    .map((r) => r.caseId);
  return [...new Set(ids)];
}

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
export function planSteps(
  c: CaseForDeadlines,
  config: Pick<Config, 'S20_COMPLAINT_WINDOW_DAYS' | 'NOTICE_GRACE_HOURS' | 'PAYMENT_NUDGE_HOURS'>,
): PlannedStep[] {
  const finished = (FINISHED_STATUSES as readonly string[]).includes(c.status);
  const partDeposits = partDepositsAwaitingComplaint(c);
  if (finished && partDeposits.length === 0) return [];
  const tl = caseTimeline(c, windowsFromConfig(config));
  if (!tl.ok) return [];
  const t = tl.value;
  const out: PlannedStep[] = [];
  // A finished entry: only its part depositors' s. 20 reminders are left (partDepositsAwaitingComplaint).
  if (finished) return complaintSteps(c, t, partDeposits);

  // s. 14: unclaimed on day 8 → the report to the officer (the bot makes it for the pound-keeper).
  if (c.status === 'IMPOUNDED' && !isS16Path(c)) {
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
  out.push(...complaintSteps(c, t, partDeposits));
  // s. 17: surplus held 3 months → the owner is told before it lapses; the Magistrate's office when it has.
  if (c.status === 'SURPLUS_HELD' && t.surplusHoldEnd) {
    const end = t.surplusHoldEnd;
    const ownerAt = istHour(addDays(end.date, -SURPLUS_OWNER_NOTICE_DAYS), REMINDER_HOUR_IST);
    if (c.surplusDepositedAt && ownerAt.getTime() > c.surplusDepositedAt.getTime())
      out.push(step(c, 's17-surplus-owner', ownerAt, 's. 17'));
    out.push(step(c, 's17-surplus-lapsed', istHour(end.actionableFrom, REMINDER_HOUR_IST), 's. 17'));
  }
  // s. 13/15: a payment declared and not confirmed within a few hours → nudge the pound-keepers.
  for (const p of c.payments) {
    if (p.status === 'PENDING')
      out.push(
        step(
          c,
          'payment-nudge',
          new Date(p.declaredAt.getTime() + config.PAYMENT_NUDGE_HOURS * HOUR),
          p.kind === 'S15_DEPOSIT' ? 's. 15' : 's. 13',
          p.id,
        ),
      );
  }
  return out.sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
}

/**
 * s. 15 deposit → the s. 20 complaint window: a reminder a few days before its last day, and on it. For the entry's
 * own deposit until a complaint is recorded; for an owner's deposit for his own heads until he records
 * his — the entry's status says nothing of it (IMPOUNDED for the other heads, or finished by a co-owner's payment).
 * Which depositor is told is the reminder's business (reminders/complaint-window.ts).
 */
function complaintSteps(c: CaseForDeadlines, t: Timeline, partDeposits: CaseForDeadlines['payments']): PlannedStep[] {
  if (!((c.status === 'DEPOSITED_S15' && c.complaints.length === 0) || partDeposits.length > 0)) return [];
  const out: PlannedStep[] = [];
  const w = t.s20ComplaintWindowEnd;
  const deposit =
    c.payments.find((p) => p.kind === 'S15_DEPOSIT' && p.status === 'CONFIRMED' && !p.part) ?? partDeposits[0];
  const depositedAt = deposit?.confirmedAt ?? deposit?.declaredAt ?? c.impoundedAt;
  const early = istHour(addDays(w.date, -COMPLAINT_EARLY_DAYS), REMINDER_HOUR_IST);
  if (early.getTime() > depositedAt.getTime()) out.push(step(c, 's20-complaint-early', early, 's. 20'));
  const last = istHour(w.date, REMINDER_HOUR_IST);
  if (last.getTime() < w.dueAt.getTime()) out.push(step(c, 's20-complaint-last-day', last, 's. 20'));
  return out;
}
