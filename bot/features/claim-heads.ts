import type { Composer } from 'grammy';
import { claimOfUser, type ClaimKind } from '../../src/services/claims';
import type { DuesOptions } from '../../src/services/dues';
import { claimHeadIds, headsInCustody, setClaimHeads } from '../../src/services/part-claim';
import type { BotContext } from '../context';
import { headsKeyboard } from '../keyboards/claim-heads';
import { ownerCb } from '../keyboards/owner';
import { headsQuestion, yourHeadsLine } from '../views/owner/claim-heads';
import { onAction, type TapAnswer } from './on-action';

/**
 * "Which of these are yours?". A register entry may hold the cattle of several owners; each claims,
 * and pays or deposits for, his own heads (ss. 13, 15). When more than one head is still in the pound, the claim flow
 * (claim.ts) asks which are the claimant's — a toggle per head, "All of them", "Done" — and records them on the claim
 * (ClaimHead rows, src/services/part-claim.ts). The dues shown and declared are then those heads' only. With one
 * head in the pound nothing is asked: the claim is for it, as before.
 */

/** The next step of the claim once the heads are chosen (claim.ts: the s. 12A choice or the payment choice). */
export type AfterHeads = (ctx: BotContext, claimId: number, caseId: number, kind: ClaimKind) => Promise<void>;

const stale = (ctx: BotContext): TapAnswer => ({ text: ctx.t('common:error.stale_button'), alert: true });

/** Asks which heads are the claimant's when more than one is in the pound; false when there is nothing to ask. */
export async function askHeads(ctx: BotContext, claimId: number): Promise<boolean> {
  if (!ctx.from) return false;
  const claim = await claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id));
  if (!claim) return false;
  // After a s. 14 sale of some heads the ones left are claimed together (src/law PART_CLAIM_AFTER_SALE): nothing to ask.
  if (claim.case.status === 'PARTLY_SOLD') return false;
  const heads = await headsInCustody(ctx.deps.db, claim.caseId);
  if (heads.length < 2) return false;
  const chosen = new Set(await claimHeadIds(ctx.deps.db, claim.id));
  await ctx.reply(headsQuestion(ctx, claim.case.number, heads, chosen), {
    reply_markup: headsKeyboard(ctx, claim.id, heads, chosen),
  });
  return true;
}

/** The dues options of a claim: its mode, the s. 12A declaration, and its heads when it names them. */
export async function duesOptionsOf(
  ctx: BotContext,
  claim: { id: number; kind: string; s12aDeclaration: boolean },
): Promise<DuesOptions> {
  const headIds = await claimHeadIds(ctx.deps.db, claim.id);
  return {
    mode: claim.kind === 'S15_PROTEST' ? 'deposit' : 'claim',
    s12aDeclaration: claim.s12aDeclaration,
    ...(headIds.length ? { headIds } : {}),
  };
}

/** "For your 1 head: Cow, black, white star" when the claim is for some of the heads in the pound only; else null. */
export async function myHeadsLine(ctx: BotContext, claimId: number): Promise<string | null> {
  const claim = await ctx.deps.db.claim.findUnique({ where: { id: claimId }, select: { caseId: true } });
  if (!claim) return null;
  const ids = new Set(await claimHeadIds(ctx.deps.db, claimId));
  const heads = await headsInCustody(ctx.deps.db, claim.caseId);
  const mine = heads.filter((h) => ids.has(h.id));
  return mine.length > 0 && mine.length < heads.length ? yourHeadsLine(ctx, mine) : null;
}

/** The claimant's own claim from a tapped button (a button must not act on someone else's claim). */
async function tappedClaim(ctx: BotContext, claimId: number) {
  return claimId > 0 && ctx.from ? claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id)) : null;
}

/** Registers the buttons of the question on the claim flow's composer; `after` continues the claim. */
export function claimHeadsActions(composer: Composer<BotContext>, after: AfterHeads): void {
  onAction(composer, ownerCb.toggleHead, async (ctx, { claimId, headId }) => {
    const claim = await tappedClaim(ctx, claimId);
    if (!claim || headId <= 0) return stale(ctx);
    const heads = await headsInCustody(ctx.deps.db, claim.caseId);
    // A head that left the pound meanwhile (delivered to its owner, sold) is no longer offered.
    if (!heads.some((h) => h.id === headId)) return stale(ctx);
    const chosen = new Set(await claimHeadIds(ctx.deps.db, claim.id));
    if (!chosen.delete(headId)) chosen.add(headId);
    const saved = new Set(await setClaimHeads(ctx.deps.db, claim.id, [...chosen]));
    const text = headsQuestion(ctx, claim.case.number, heads, saved);
    const reply_markup = headsKeyboard(ctx, claim.id, heads, saved);
    await ctx.editMessageText(text, { reply_markup }).catch(() => ctx.reply(text, { reply_markup }));
  });

  onAction(composer, ownerCb.allHeads, async (ctx, { claimId }) => {
    const claim = await tappedClaim(ctx, claimId);
    if (!claim) return stale(ctx);
    await setClaimHeads(ctx.deps.db, claim.id, 'all');
    await after(ctx, claim.id, claim.caseId, claim.kind as ClaimKind);
  });

  onAction(composer, ownerCb.headsDone, async (ctx, { claimId }) => {
    const claim = await tappedClaim(ctx, claimId);
    if (!claim) return stale(ctx);
    // ss. 13, 15: a claim is for some cattle; none chosen is not a claim yet.
    if ((await claimHeadIds(ctx.deps.db, claim.id)).length === 0)
      return { text: ctx.t('owner:heads.none'), alert: true };
    await after(ctx, claim.id, claim.caseId, claim.kind as ClaimKind);
  });
}
