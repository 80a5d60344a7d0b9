import {
  checkTransition,
  mayAttempt,
  nextActions,
  type ActionParams,
  type CaseAction,
  type CaseState,
  type Role,
  type TransitionAllowed,
} from '../law';
import { Prisma, type Db } from '../db';
import { sqlState } from '../db/errors';
import type { Tx } from './outbox';
import { refusalOf, Refusal } from './refusal';
import { authorize, authorizeInTx, may, type Authorized, type StaffActor, type StaffRight } from './staff';

/**
 * The one way a stored case changes status: load it (`loadCase`), ask the statute engine (`caseStateOf` +
 * `mustAllow`), save with `transition` (guarded by `Case.version`) inside `caseTransaction` (database
 * conflicts become a CONFLICT refusal). Staff actions, payments (declaration, confirmation, rejection),
 * releases and the s. 14 report all go through here.
 */

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
  if (!c) throw new Refusal('CASE_NOT_FOUND');
  return c;
}

/**
 * Loads a case for a staff action and checks the actor's right over it. A grant holds for one pound, and which
 * pound is the case's, so the case is read first and the right checked on it — every staff action on a case
 * begins so. The right is judged on the actor's grants read again inside `tx` (`authorizeInTx`), never on a
 * cached copy: a revoked official is refused from the moment the revocation commits. `who.lawRole` is the role
 * the statute engine is asked with; `who.audit` what the audit records.
 */
export async function loadCaseAs(
  tx: Tx,
  actor: StaffActor,
  right: StaffRight,
  caseId: number,
): Promise<{ c: CaseForLaw; who: Authorized }> {
  const c = await loadCase(tx, caseId);
  return { c, who: await authorizeInTx(tx, actor, right, c.poundId) };
}

import { caseStateOf, type CaseFacts } from './law-case';

export { caseStateOf, type CaseFacts } from './law-case';

/** Asks the statute engine; throws the refusal as a Refusal (REFUSED with reason and section). */
export function mustAllow(
  state: CaseState,
  action: CaseAction,
  role: Role,
  now: Date,
  params: ActionParams = {},
): TransitionAllowed {
  const r = checkTransition(state, action, role, now, params);
  if (!r.ok) throw refusalOf(r.error);
  return r.value;
}

/**
 * The actions `actor` may take next on the case at `now` under `right`, as the statute engine says (status, role,
 * time gates; `nextActions`): for the bot's buttons — never a copied list of statuses. Empty without the right.
 */
export function nextCaseActions(
  c: CaseFacts & { poundId: number },
  actor: StaffActor,
  right: StaffRight,
  now: Date,
): ReadonlySet<CaseAction> {
  if (!may(actor, right, c.poundId)) return new Set();
  const r = nextActions(caseStateOf(c), authorize(actor, right, c.poundId).lawRole, now);
  return new Set(r.ok ? r.value.map((a) => a.action) : []);
}

/**
 * Asks the statute engine whether `action` may be attempted now, before its facts are known (`mayAttempt`);
 * throws the refusal. For deciding whether to ask an official for the facts; `mustAllow` checks them when given.
 */
export function mustMayAttempt(state: CaseState, action: CaseAction, role: Role, now: Date): void {
  const r = mayAttempt(state, action, role, now);
  if (!r.ok) throw refusalOf(r.error);
}

/**
 * Applies an allowed transition to the stored case, guarded by the version and status read: if another action
 * changed the case in between (a second keeper, a double tap, the owner declaring while the keeper acts) the
 * update matches nothing and the whole transaction is refused as a CONFLICT instead of acting on stale facts.
 */
export async function transition(
  tx: Tx,
  c: { id: number; version: number },
  allowed: Pick<TransitionAllowed, 'from' | 'to'>,
  data: Prisma.CaseUpdateManyMutationInput = {},
): Promise<void> {
  const n = await tx.case.updateMany({
    where: { id: c.id, version: c.version, status: allowed.from },
    data: { ...data, status: allowed.to, version: { increment: 1 } },
  });
  if (n.count !== 1) throw new Refusal('CONFLICT');
}

/**
 * Marks the case changed without moving its status (a part release: one owner's heads delivered), guarded by the
 * version read like `transition`: two keepers settling two owners' part claims at once serialise, the second one's
 * transaction is refused as a CONFLICT (and retried on the new state).
 */
export async function touchCase(tx: Tx, c: { id: number; version: number; status: string }): Promise<void> {
  const n = await tx.case.updateMany({
    where: { id: c.id, version: c.version, status: c.status as never },
    data: { version: { increment: 1 } },
  });
  if (n.count !== 1) throw new Refusal('CONFLICT');
}

/** Normalises free text typed by staff: NFC, single spaces, trimmed. */
export function cleanText(s: string | null | undefined): string {
  return (s ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Requires a non-empty text of at most `max` characters. */
export function requireText(s: string | null | undefined, max = 300): string {
  const t = cleanText(s);
  if (!t || t.length > max) throw new Refusal('TEXT_REQUIRED', null, { max });
  return t;
}

/** SQLSTATEs of "someone else changed it first": unique violation, serialization failure, deadlock. */
const CONFLICT_STATES = new Set(['23505', '40001', '40P01']);

/**
 * True for a database error that means "someone else changed it first": unique violation, write conflict, deadlock —
 * from a Prisma model query, or from raw SQL (Prisma's P2010 around the driver's SQLSTATE).
 */
export function isDatabaseConflict(e: unknown): boolean {
  // P2002: unique constraint; P2034: write conflict or deadlock (the database asks for a retry).
  if (e instanceof Prisma.PrismaClientKnownRequestError && (e.code === 'P2002' || e.code === 'P2034')) return true;
  return CONFLICT_STATES.has(sqlState(e) ?? '');
}

/** True for a unique violation, from a Prisma query (P2002) or from raw SQL (SQLSTATE 23505). */
export function isUniqueViolation(e: unknown): boolean {
  return (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') || sqlState(e) === '23505';
}

/**
 * Runs a case change in one transaction. Two people acting on the same case at once (two officers, a
 * double tap) race on the unique keys (one Sale per head, one ledger entry per key, one remittance per kind)
 * or on the case version (`transition`): the loser's whole transaction is rolled back and reported as a CONFLICT.
 */
export async function caseTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.$transaction(fn);
  } catch (e) {
    if (isDatabaseConflict(e)) throw new Refusal('CONFLICT');
    throw e;
  }
}
