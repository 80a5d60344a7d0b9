import {
  checkTransition,
  TransitionRefused,
  type ActionParams,
  type CaseAction,
  type CaseState,
  type Role,
  type Section,
  type StatutoryWindows,
  type TransitionAllowed,
} from '../law';
import { Prisma, type Db } from '../db';
import type { Actor } from './audit';
import type { Tx } from './outbox';

/** A staff role as stored (StaffRole enum). */
// One list of staff roles (the database's StaffRole), defined in staff-scope.ts.
import type { StaffRoleCode } from './staff-scope';
export type { StaffRoleCode };

/** Who is acting (an active grant) and through which Telegram message — every staff action is audited with it. */
export interface StaffAct {
  staffId: number;
  role: StaffRoleCode;
  poundIds: number[];
  telegramId: bigint;
  chatId: bigint | number | null;
  messageId: number | null;
}

/** Stable codes of refusals by the staff services; the bot maps each to `officer:error.<code>`. */
export type StaffActionCode =
  | 'NOT_ALLOWED'
  /** s. 19: the bidder's name may be an initial or short form of a staff member's; the officer must confirm. */
  | 'BIDDER_RESEMBLES_STAFF'
  | 'WRONG_POUND'
  | 'CASE_NOT_FOUND'
  | 'REFUSED'
  | 'LAW_ERROR'
  | 'CONFLICT'
  | 'ALREADY_DONE'
  | 'TIME_IN_FUTURE'
  | 'TIME_BEFORE_REPORT'
  | 'TEXT_REQUIRED'
  | 'NO_AUCTION'
  | 'AUCTION_NOT_YET'
  | 'DECLARATION_REQUIRED'
  | 'BIDDER_IS_STAFF'
  | 'BIDDER_UNKNOWN'
  | 'HEAD_UNKNOWN'
  | 'NO_BIDS'
  | 'ACCOUNT_NOT_DELIVERED'
  | 'SPLIT_NOT_RECORDED'
  | 'SPLIT_UNBALANCED'
  | 'NOTHING_TO_REMIT'
  | 'ORDER_REQUIRED'
  | 'ORDER_DATE_INVALID'
  | 'NO_DEPOSIT'
  | 'DUES_UNAVAILABLE'
  | 'PROCLAMATION_PENDING'
  | 'CATTLE_REMAIN'
  | 'NOT_A_CLAIMANT'
  | 'SURPLUS_NOT_HELD';

/**
 * A staff action the law, the role, the pound or the facts do not allow. `section` is the section that
 * forbids it (s. 14 for an early auction, s. 19 for a staff bidder ...); `params` go into the message.
 * Thrown inside a transaction, so nothing the action had started is kept.
 */
export class StaffActionError extends Error {
  constructor(
    readonly code: StaffActionCode,
    readonly section: Section | null = null,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${code}${section ? ` [${section}]` : ''} ${JSON.stringify(params)}`);
    this.name = 'StaffActionError';
  }
}

const LAW_ROLE = { POUND_KEEPER: 'pound_keeper', OFFICER: 'officer', MAGISTRATE: 'magistrate' } as const;

/**
 * Checks role and pound: the grant must hold one of `roles` (ADMIN passes) and cover `poundId`.
 * Returns the statute engine's role to act as (an admin acts as the first role asked for).
 */
export function requireScope(act: StaffAct, roles: readonly Exclude<StaffRoleCode, 'ADMIN'>[], poundId: number): Role {
  if (act.role !== 'ADMIN' && !roles.includes(act.role)) throw new StaffActionError('NOT_ALLOWED');
  if (act.role !== 'ADMIN' && !act.poundIds.includes(poundId)) throw new StaffActionError('WRONG_POUND');
  return act.role === 'ADMIN' ? LAW_ROLE[roles[0]!] : LAW_ROLE[act.role];
}

/** The audit actor for a staff action. */
export function auditActor(act: StaffAct): Actor {
  const role = act.role === 'ADMIN' ? 'admin' : LAW_ROLE[act.role];
  return { telegramId: act.telegramId, staffId: act.staffId, role, chatId: act.chatId, messageId: act.messageId };
}

/** What the transition helpers need to read from a case row. */
export const CASE_LAW_INCLUDE = {
  heads: { orderBy: { index: 'asc' } },
  pound: true,
  notice: true,
  auction: { include: { bidders: { orderBy: { id: 'asc' } }, sales: true } },
  auctions: { orderBy: { round: 'asc' } },
  payments: { where: { status: 'CONFIRMED' } },
} as const satisfies Prisma.CaseInclude;

/** A case with what the statute engine needs to judge an action on it. */
export type CaseForLaw = Prisma.CaseGetPayload<{ include: typeof CASE_LAW_INCLUDE }>;

/** Loads a case (by id) with heads, pound, notice, the current auction (and every round), confirmed payments. */
export async function loadCase(db: Tx | Db, caseId: number): Promise<CaseForLaw> {
  const c = await db.case.findUnique({ where: { id: caseId }, include: CASE_LAW_INCLUDE });
  if (!c) throw new StaffActionError('CASE_NOT_FOUND');
  return c;
}

/** The statute engine's view of a stored case (statuses mirror the DB enum). */
export function caseStateOf(c: CaseForLaw, windows?: Partial<StatutoryWindows>): CaseState {
  const inPound = c.heads.filter((h) => h.status === 'IMPOUNDED').length;
  return {
    status: c.status,
    impoundedAt: c.impoundedAt,
    seizedAt: c.seizedAt,
    heads: c.heads.length,
    headsRemaining: inPound,
    paymentReceived: c.payments.some((p) => p.kind === 'S13_PAYMENT'),
    depositReceived: c.payments.some((p) => p.kind === 'S15_DEPOSIT'),
    reportedAt: c.reportedAt,
    noticePostedAt: c.noticePostedAt,
    ownerRefusedAt: c.ownerRefusedAt,
    auctionAt: c.auction?.status === 'SCHEDULED' ? c.auction.scheduledFor : null,
    surplusDepositedAt: c.surplusDepositedAt,
    ...(windows ? { windows } : {}),
  };
}

/** Turns a statute-engine refusal into a StaffActionError carrying the reason, the section and the dates. */
export function refusalError(error: unknown): StaffActionError {
  if (error instanceof TransitionRefused) {
    const params: Record<string, string | number> = { reason: error.reason };
    for (const [k, v] of Object.entries(error.details)) {
      if (typeof v === 'string' || typeof v === 'number') params[k] = v;
    }
    return new StaffActionError('REFUSED', error.section, params);
  }
  const e = error as { code?: string; section?: Section | null };
  return new StaffActionError('LAW_ERROR', e.section ?? null, { code: String(e.code ?? 'UNKNOWN') });
}

/** Asks the statute engine; throws the refusal as a StaffActionError. */
export function mustAllow(state: CaseState, action: CaseAction, role: Role, now: Date, params: ActionParams = {}): TransitionAllowed {
  const r = checkTransition(state, action, role, now, params);
  if (!r.ok) throw refusalError(r.error);
  return r.value;
}

/**
 * Applies an allowed transition to the stored case, guarded by the version read: if another action
 * changed the case in between (a second keeper, a double tap) the update matches nothing and the
 * whole transaction is refused as a CONFLICT instead of acting on stale facts.
 */
export async function saveTransition(tx: Tx, c: CaseForLaw, allowed: TransitionAllowed, data: Prisma.CaseUpdateManyMutationInput = {}): Promise<void> {
  const n = await tx.case.updateMany({
    where: { id: c.id, version: c.version, status: allowed.from },
    data: { ...data, status: allowed.to, version: { increment: 1 } },
  });
  if (n.count !== 1) throw new StaffActionError('CONFLICT');
}

/** Normalises free text typed by staff: NFC, single spaces, trimmed. */
export function cleanText(s: string | null | undefined): string {
  return (s ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Requires a non-empty text of at most `max` characters. */
export function requireText(s: string | null | undefined, max = 300): string {
  const t = cleanText(s);
  if (!t || t.length > max) throw new StaffActionError('TEXT_REQUIRED', null, { max });
  return t;
}

/**
 * Runs a staff action in one transaction. Two people acting on the same case at once (two officers, a
 * double tap) race on the unique keys (one Sale per head, one ledger entry per key, one remittance per kind)
 * or on the case version: the loser's whole transaction is rolled back and reported as a CONFLICT.
 */
export async function staffTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.$transaction(fn);
  } catch (e) {
    // P2002: unique constraint; P2034: write conflict or deadlock (the database asks for a retry).
    if (e instanceof Prisma.PrismaClientKnownRequestError && (e.code === 'P2002' || e.code === 'P2034')) throw new StaffActionError('CONFLICT');
    throw e;
  }
}
