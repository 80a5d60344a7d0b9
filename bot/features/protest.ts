import { InlineKeyboard, Composer } from 'grammy';
import { termFor } from '../../src/law';
import { checkOwnerMay, claimOfUser, setDeclaration } from '../../src/services/claims';
import { findCaseById } from '../../src/services/cases';
import { windowsFromConfig } from '../../src/services/dues';
import { caseTimeline } from '../../src/services/next-deadline';
import type { BotContext } from '../context';
import { ownerCb } from '../keyboards/owner';
import { onAction } from './on-action';
import { termWord } from '../views/owner/text';
import { startClaim } from './claim';
import { replyOwnerRefusal, showPaymentChoice } from './claim-payment';

/**
 * "I dispute the seizure" (s. 15): explains in plain words what s. 15 and s. 20 mean — deposit now,
 * complain to the Magistrate within the window (S20_COMPLAINT_WINDOW_DAYS, date from the statute engine),
 * the deposit's fate follows the outcome — and asks the owner to confirm they intend to complain. Then the
 * same pay-and-confirm path as a claim; in Maharashtra the s. 12A security or the declaration.
 */
export const protestFeature = new Composer<BotContext>();

const stale = (ctx: BotContext) => ({ text: ctx.t('common:error.stale_button'), alert: true });

onAction(protestFeature, ownerCb.protest, async (ctx, { caseId }) => {
  if (!(await showProtest(ctx, caseId))) return stale(ctx);
});

/**
 * The "I dispute the seizure" screen of a case (s. 15): what the law says, and "I mean to complain" / "back".
 * Records nothing. False when there is no such case (nothing sent).
 */
export async function showProtest(ctx: BotContext, caseId: number): Promise<boolean> {
  const c = await findCaseById(ctx.deps.db, caseId);
  if (!c) return false;
  const now = ctx.deps.clock.now();
  const windows = windowsFromConfig(ctx.deps.config);
  try {
    await checkOwnerMay(ctx.deps.db, c.id, 'S15_PROTEST', now, windows);
  } catch (e) {
    await replyOwnerRefusal(ctx, e, c);
    return true;
  }
  const tl = caseTimeline(c, windows);
  if (!tl.ok) return false;
  const term = termFor(now, 's. 15');
  const kb = new InlineKeyboard()
    .text(ctx.t('owner:protest.yes_button'), ownerCb.intendsToComplain.encode(ctx, { caseId: c.id, yes: 1 }))
    .row()
    .text(ctx.t('owner:protest.no_button'), ownerCb.intendsToComplain.encode(ctx, { caseId: c.id, yes: 0 }));
  await ctx.reply(
    ctx.t('owner:protest.explain', {
      number: c.number,
      fine: termWord(ctx, term.ok ? term.value.term : 'fine'),
      date: tl.value.s20ComplaintWindowEnd.date,
      count: tl.value.windows.s20ComplaintDays,
    }),
    { reply_markup: kb },
  );
  return true;
}

onAction(protestFeature, ownerCb.intendsToComplain, async (ctx, { caseId, yes }) => {
  if ((yes !== 1 && yes !== 0) || !(await findCaseById(ctx.deps.db, caseId))) return stale(ctx);
  if (yes === 0) {
    await ctx.reply(ctx.t('owner:protest.back'));
    return;
  }
  await startClaim(ctx, caseId, 'S15_PROTEST');
});

// s. 12A: the security or the owner's declaration (the buttons are drawn by claim.ts).
onAction(protestFeature, ownerCb.declaration, async (ctx, { claimId, declaration }) => {
  if (claimId <= 0 || (declaration !== 1 && declaration !== 0) || !ctx.from) return stale(ctx);
  const claim = await claimOfUser(ctx.deps.db, claimId, BigInt(ctx.from.id));
  if (claim?.kind !== 'S15_PROTEST') return stale(ctx);
  await setDeclaration(ctx.deps.db, claim.id, declaration === 1);
  await showPaymentChoice(ctx, claim.id);
});
