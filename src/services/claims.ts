import { checkTransition, type CaseAction, type StatutoryWindows, type TransitionAllowed } from '../law';
import { cleanPersonName } from './person-name';
import { Refusal, refusalOf } from './refusal';
import { caseStateOf } from './case-transition';
import type { DbReader } from './dues';

/**
 * An owner or agent appearing for the cattle (s. 13 claim, s. 15 deposit under protest). The Claim row
 * records who appeared (the Telegram user, their name, and the owner's name when an agent appears);
 * the case status changes only when payment or deposit is declared (src/services/payments/declare.ts).
 */

/** Which procedure the owner chose. */
export type ClaimKind = 'S13_CLAIM' | 'S15_PROTEST';

/** The state-machine action an owner's claim of this kind leads to. */
export function actionOf(kind: ClaimKind): CaseAction {
  return kind === 'S13_CLAIM' ? 'CLAIM_AND_PAY' : 'DEPOSIT_UNDER_PROTEST';
}

/**
 * The statute engine's refusal of an owner's claim or declaration on case `number`, citing s. 13 when the engine
 * names no section.
 */
export function ownerRefusalOf(error: unknown, number: string): Refusal {
  const r = refusalOf(error);
  return new Refusal(r.code, r.section ?? 's. 13', { ...r.params, number });
}

/**
 * May the owner start this claim on the case now? src/law decides (status, and for s. 15 the s. 20
 * complaint window); a refusal is thrown (ownerRefusalOf: the engine's reason and section).
 */
export async function checkOwnerMay(
  db: DbReader,
  caseId: number,
  kind: ClaimKind,
  now: Date,
  windows: Partial<StatutoryWindows>,
): Promise<TransitionAllowed> {
  const c = await db.case.findUnique({ where: { id: caseId }, include: { heads: true, auction: true } });
  if (!c) throw new Refusal('CASE_NOT_FOUND', null, { caseId });
  const check = checkTransition(caseStateOf(c, windows), actionOf(kind), 'owner', now);
  if (!check.ok) throw ownerRefusalOf(check.error, c.number);
  return check.value;
}

/** A person's name as typed (src/services/person-name.ts: letters and marks of any script, no digits, no bidi or control characters). */
export function cleanName(input: string): string | null {
  return cleanPersonName(input);
}

/** What the owner told us about who is claiming. */
export interface ClaimInput {
  caseId: number;
  kind: ClaimKind;
  telegramUserId: bigint;
  claimantName: string;
  isAgent: boolean;
  /** The owner's name (the claimant's own name when not an agent). */
  ownerName: string;
  /** s. 15: the owner says a complaint under s. 20 is about to be made. */
  intendsComplaint?: boolean;
  /** Maharashtra s. 15 case: the s. 12A declaration instead of the security. */
  s12aDeclaration?: boolean;
}

/**
 * Records the claim. The same person claiming again the same way (the flow restarted, a replayed
 * update) reuses their claim that has no payment yet instead of adding another.
 */
export async function recordClaim(db: DbReader, input: ClaimInput) {
  const data = {
    claimantName: input.claimantName,
    isAgent: input.isAgent,
    ownerName: input.isAgent ? input.ownerName : input.claimantName,
    intendsComplaint: input.kind === 'S15_PROTEST' ? input.intendsComplaint === true : false,
    s12aDeclaration: input.kind === 'S15_PROTEST' ? input.s12aDeclaration === true : false,
  };
  const open = await db.claim.findFirst({
    where: { caseId: input.caseId, telegramUserId: input.telegramUserId, kind: input.kind, payments: { none: {} } },
    orderBy: { id: 'desc' },
  });
  if (open) return db.claim.update({ where: { id: open.id }, data });
  return db.claim.create({
    data: { caseId: input.caseId, telegramUserId: input.telegramUserId, kind: input.kind, ...data },
  });
}

/** Sets or clears the s. 12A declaration on a s. 15 claim (Maharashtra). */
export function setDeclaration(db: DbReader, claimId: number, declaration: boolean) {
  return db.claim.update({ where: { id: claimId }, data: { s12aDeclaration: declaration } });
}

/** The claim, if it belongs to this Telegram user (a tapped button must not act on someone else's claim). */
export function claimOfUser(db: DbReader, claimId: number, telegramUserId: bigint) {
  return db.claim.findFirst({ where: { id: claimId, telegramUserId }, include: { case: true } });
}
