import {
  applyTransition,
  checkPartClaim,
  type CaseAction,
  type ClaimBasis,
  type ClaimScope,
  type LawResult,
  type StatutoryWindows,
} from '../law';
import type { Db } from '../db';
import { caseStateOf, mustAllow, type CaseFacts } from './case-transition';
import { messageItem, type OutboxItem, type Tx } from './outbox';
import { Refusal, refusalOf } from './refusal';

/**
 * One register entry, several owners: each owner claims, and pays or deposits for, his own heads.
 * The heads a claim covers are its ClaimHead rows (a claim without any covers every head still in the pound, as
 * before). The statute engine (`checkPartClaim`, src/law/part-claim.ts) says whether a claim is a *part* — settled on
 * its own: the keeper's confirmation delivers those heads and leaves the case's status alone — or the whole of what
 * is left, the case's ordinary path (PAYMENT_PENDING → RELEASE). Every settlement writes the case's version
 * (`transition` / `touchCase`), so two keepers confirming two owners' payments at once serialise: the second is
 * refused as a CONFLICT and retried on the new state (payments/confirm.ts).
 */

/** A payment or deposit kind's basis in the engine's words. */
export function basisOf(kind: 'S13_PAYMENT' | 'S15_DEPOSIT'): ClaimBasis {
  return kind === 'S13_PAYMENT' ? 's13' : 's15';
}

/** The heads still in the pound of a case, in register order: what an owner chooses his from. */
export function headsInCustody(db: Tx | Db, caseId: number) {
  return db.head.findMany({
    where: { caseId, status: 'IMPOUNDED' },
    orderBy: { index: 'asc' },
    select: { id: true, index: true, cattleClass: true, description: true },
  });
}

/** The Head ids a claim names (empty: the claim covers every head still in the pound). */
export async function claimHeadIds(db: Tx | Db, claimId: number): Promise<number[]> {
  const rows = await db.claimHead.findMany({
    where: { claimId },
    orderBy: { headId: 'asc' },
    select: { headId: true },
  });
  return rows.map((r) => r.headId);
}

/**
 * Records the heads an owner says are his on his claim (replacing an earlier choice while the claim has no payment).
 * Only heads of the claim's case still in the pound are kept; 'all' names every one of them.
 */
export async function setClaimHeads(db: Db, claimId: number, heads: readonly number[] | 'all'): Promise<number[]> {
  return db.$transaction(async (tx) => {
    const claim = await tx.claim.findUniqueOrThrow({
      where: { id: claimId },
      select: { caseId: true, _count: { select: { payments: true } } },
    });
    if (claim._count.payments > 0) return claimHeadIds(tx, claimId);
    const inPound = await headsInCustody(tx, claim.caseId);
    const wanted = heads === 'all' ? null : new Set(heads);
    const ids = inPound.filter((h) => wanted === null || wanted.has(h.id)).map((h) => h.id);
    await tx.claimHead.deleteMany({ where: { claimId } });
    await tx.claimHead.createMany({ data: ids.map((headId) => ({ claimId, headId })), skipDuplicates: true });
    return ids;
  });
}

/** A stored case with its heads' ids, as `checkPartClaimOf` reads it. */
type CaseWithHeads = Omit<CaseFacts, 'heads'> & { heads: ReadonlyArray<{ id: number; status: string }> };

/** What the engine says of a claim's heads on a stored case: part, whole, or its refusal. No heads named: whole. */
export function checkPartClaimOf(
  c: CaseWithHeads,
  basis: ClaimBasis,
  headIds: readonly number[],
  now: Date,
  windows?: Partial<StatutoryWindows>,
): LawResult<ClaimScope> {
  if (headIds.length === 0) return { ok: true, value: 'whole' };
  const ids = new Set(headIds);
  const claimedInCustody = c.heads.filter((h) => ids.has(h.id) && h.status === 'IMPOUNDED').length;
  return checkPartClaim(caseStateOf(c, windows), basis, { claimed: ids.size, claimedInCustody }, now);
}

/** `checkPartClaimOf`, its refusal thrown as a Refusal. */
export function scopeOf(
  c: CaseWithHeads,
  basis: ClaimBasis,
  headIds: readonly number[],
  now: Date,
  windows?: Partial<StatutoryWindows>,
): ClaimScope {
  const r = checkPartClaimOf(c, basis, headIds, now, windows);
  if (!r.ok) throw refusalOf(r.error);
  return r.value;
}

const CLAIM = { S13_PAYMENT: 'CLAIM_AND_PAY', S15_DEPOSIT: 'DEPOSIT_UNDER_PROTEST' } as const satisfies Record<
  string,
  CaseAction
>;
const CONFIRM = { S13_PAYMENT: 'CONFIRM_PAYMENT', S15_DEPOSIT: 'CONFIRM_DEPOSIT' } as const satisfies Record<
  string,
  CaseAction
>;

/** The stored case as a keeper's confirmation reads it (src/services/payments/confirm.ts, one statement). */
export type ConfirmationCase = Omit<CaseFacts, 'heads'> & {
  id: number;
  number: string;
  poundId: number;
  version: number;
  heads: ReadonlyArray<{ id: number; index: number; cattleClass: string; description: string; status: string }>;
};

/** How a keeper's confirmation of a payment settles the case (judged inside the confirming transaction). */
export interface ConfirmationPlan {
  c: ConfirmationCase;
  /** True: a part payment — its heads are delivered now and the case's status stays. */
  part: boolean;
  headIds: number[];
  /**
   * The case's write, guarded by the version read (as `transition`): its status `from` → `to`, and a new version. A
   * part payment keeps the status (`from` = `to`: the version alone, as `touchCase`).
   */
  caseChange: { from: string; to: string };
}

/**
 * Judges a keeper's confirmation of payment `p` on case `c` as read inside the transaction, with the heads its claim
 * names. A part claim still a part: deliver its heads (the case only gets a new version). A part claim that now covers
 * every head left (the other owners' heads went meanwhile): the case's ordinary path, claim and confirmation in one
 * step (→ PAYMENT_PENDING, received). A whole claim: the ordinary confirmation, after checking that none of its heads
 * left the pound meanwhile (delivered on another owner's part claim: HEAD_NOT_IN_CUSTODY, so no head is paid for twice).
 */
export function confirmationPlan(
  c: ConfirmationCase,
  headIds: number[],
  p: { kind: 'S13_PAYMENT' | 'S15_DEPOSIT'; part: boolean },
  now: Date,
): ConfirmationPlan {
  const scope = scopeOf(c, basisOf(p.kind), headIds, now);
  if (scope === 'part') return { c, part: true, headIds, caseChange: { from: c.status, to: c.status } };
  const state = caseStateOf(c);
  if (!p.part) {
    const allowed = mustAllow(state, CONFIRM[p.kind], 'pound_keeper', now);
    return { c, part: false, headIds, caseChange: { from: allowed.from, to: allowed.to } };
  }
  const claimed = applyTransition(state, CLAIM[p.kind], 'pound_keeper', now);
  if (!claimed.ok) throw refusalOf(claimed.error);
  const confirmed = mustAllow(claimed.value, CONFIRM[p.kind], 'pound_keeper', now);
  return { c, part: false, headIds, caseChange: { from: state.status, to: confirmed.to } };
}

/**
 * Delivers the heads of a confirmed part payment (ss. 13, 15): each head IMPOUNDED → RELEASED exactly once (a head
 * that left meanwhile refuses the whole transaction) and a Release row of the claim (slot = claim id). Returns the
 * release and the owner's message with the acknowledgement button (his receipt in the register), for the caller to
 * queue with its other messages.
 */
export async function releasePart(
  tx: Tx,
  input: {
    c: ConfirmationCase;
    claimId: number;
    kind: 'S13_PAYMENT' | 'S15_DEPOSIT';
    headIds: number[];
    staffId: number;
    messageId: number | null;
    ownerChat: bigint;
    receiptNumber: string;
    /** s. 15: the last day of the s. 20 window (India date), told to the depositor. */
    lastDay?: string;
    now: Date;
  },
): Promise<{ release: { id: number; headCount: number }; message: OutboxItem }> {
  const { c, now } = input;
  const moved = await tx.head.updateMany({
    where: { id: { in: input.headIds }, caseId: c.id, status: 'IMPOUNDED' },
    data: { status: 'RELEASED' },
  });
  if (moved.count !== input.headIds.length)
    throw new Refusal('REFUSED', input.kind === 'S13_PAYMENT' ? 's. 13' : 's. 15', {
      reason: 'HEAD_NOT_IN_CUSTODY',
      number: c.number,
    });
  const basis = input.kind;
  const release = await tx.release.create({
    data: {
      caseId: c.id,
      basis,
      headCount: input.headIds.length,
      releasedAt: now,
      releasedByStaffId: input.staffId,
      viaMessageId: input.messageId,
      claimId: input.claimId,
      slot: input.claimId,
    },
    select: { id: true, headCount: true },
  });
  const ids = new Set(input.headIds);
  const list = c.heads
    .filter((h) => ids.has(h.id))
    .map((h) => `${h.index}. ${h.description}`)
    .join('; ');
  const left = c.heads.filter((h) => h.status === 'IMPOUNDED' && !ids.has(h.id)).length;
  const message = messageItem(
    {
      chatId: String(input.ownerChat),
      key: basis === 'S13_PAYMENT' ? 'staff:owner.released_part_s13' : 'staff:owner.released_part_s15',
      params: {
        caseNumber: c.number,
        count: input.headIds.length,
        list,
        left,
        at: now.toISOString(),
        receiptNumber: input.receiptNumber,
        ...(input.lastDay ? { lastDay: input.lastDay } : {}),
      },
      buttons: [
        [
          {
            key: 'staff:owner.ack_button',
            params: { count: input.headIds.length },
            action: { kind: 'acknowledge_release', releaseId: release.id },
          },
        ],
      ],
      priority: 'personal',
    },
    `release:${release.id}:owner`,
    now,
  );
  return { release, message };
}
