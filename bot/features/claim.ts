import { InlineKeyboard, Composer } from 'grammy';
import { z } from 'zod';
import { checkOwnerMay, cleanName, recordClaim, type ClaimKind } from '../../src/services/claims';
import { findCaseById } from '../../src/services/cases';
import { duesForCase, windowsFromConfig } from '../../src/services/dues';
import { pendingPayment } from '../../src/services/payments';
import { isRefusal } from '../../src/services/refusal';
import type { BotContext } from '../context';
import { defineFlow } from '../flows/flow';
import { ownerCb } from '../keyboards/owner';
import { onAction } from './on-action';
import { askHeads, claimHeadsActions } from './claim-heads';
import { paiseOf } from '../../src/db';
import { cattleLines } from '../views/owner/case-card';
import { claimPaymentActions, replyOwnerRefusal, showPaymentChoice, stale } from './claim-payment';

/**
 * Claim and pay (s. 13) — and the same path for a deposit under protest (s. 15, entered from protest.ts):
 * owner or agent (the agent gives the owner's name) → the dues → cash at the pound or UPI to the pound's
 * official id (QR with amount and case number) → "I have paid" (amount, optional UPI reference) → a
 * PENDING payment and a card to every keeper of the pound, who confirms by replying to it.
 */
export const claimFeature = new Composer<BotContext>();

const claimKind = z.enum(['S13_CLAIM', 'S15_PROTEST']);
/** The names: the claimant's ('name'), and an agent's owner's ('owner_name', the agent's own name kept). */
const claimData = z.object({
  caseId: z.number().int().positive(),
  kind: claimKind,
  isAgent: z.boolean(),
  claimantName: z.string().optional(),
});
const claimFlow = defineFlow('owner_claim', { steps: ['name', 'owner_name'], data: claimData });

const kindArg = (kind: ClaimKind) => (kind === 'S13_CLAIM' ? 13 : 15);
const kindOf = (arg: number): ClaimKind | null => (arg === 13 ? 'S13_CLAIM' : arg === 15 ? 'S15_PROTEST' : null);

/**
 * First step of a claim (s. 13) or a deposit under protest (s. 15): the law is asked whether it may start
 * now, then the owner says whether they are the owner or an agent.
 */
export async function startClaim(ctx: BotContext, caseId: number, kind: ClaimKind): Promise<void> {
  const c = await findCaseById(ctx.deps.db, caseId);
  if (!c || !ctx.from) return;
  const pending = await pendingPayment(ctx.deps.db, c.id, kind === 'S13_CLAIM' ? 'S13_PAYMENT' : 'S15_DEPOSIT');
  if (pending) {
    await ctx.reply(
      pending.payerTelegramId === BigInt(ctx.from.id)
        ? ctx.t('owner:pay.already', { amount: paiseOf(pending.amountPaise), number: c.number })
        : ctx.t('owner:pay.already_other', { number: c.number }),
    );
    return;
  }
  try {
    await checkOwnerMay(ctx.deps.db, c.id, kind, ctx.deps.clock.now(), windowsFromConfig(ctx.deps.config));
  } catch (e) {
    return replyOwnerRefusal(ctx, e, c);
  }
  const kb = new InlineKeyboard()
    .text(
      ctx.t('owner:claim.owner_button'),
      ownerCb.claimRole.encode(ctx, { caseId: c.id, kind: kindArg(kind), role: 'o' }),
    )
    .row()
    .text(
      ctx.t('owner:claim.agent_button'),
      ownerCb.claimRole.encode(ctx, { caseId: c.id, kind: kindArg(kind), role: 'a' }),
    );
  // The first message names the animals the claim is for: the case's heads still in the pound.
  const inPound = c.heads.filter((h) => h.status === 'IMPOUNDED');
  await ctx.reply(
    ctx.t(kind === 'S13_CLAIM' ? 'owner:claim.intro' : 'owner:claim.intro_protest', {
      number: c.number,
      count: inPound.length,
      cattle: cattleLines(ctx, inPound),
    }),
    { reply_markup: kb },
  );
}

/** After the names and the heads: s. 15 in a state with s. 12A security asks security-or-declaration first. */
async function afterClaimRecorded(ctx: BotContext, claimId: number, caseId: number, kind: ClaimKind): Promise<void> {
  if (kind === 'S15_PROTEST') {
    const dues = await duesForCase(ctx.deps.db, caseId, ctx.deps.clock.now(), { mode: 'deposit' });
    if (dues.ok && dues.value.breakdown.totals.securityPaise > 0) {
      const kb = new InlineKeyboard()
        .text(ctx.t('owner:protest.security_button'), ownerCb.declaration.encode(ctx, { claimId, declaration: 0 }))
        .row()
        .text(ctx.t('owner:protest.declaration_button'), ownerCb.declaration.encode(ctx, { claimId, declaration: 1 }));
      await ctx.reply(ctx.t('owner:protest.security_choice', { amount: dues.value.breakdown.totals.securityPaise }), {
        reply_markup: kb,
      });
      return;
    }
  }
  await showPaymentChoice(ctx, claimId);
}

onAction(claimFeature, ownerCb.claim, async (ctx, { caseId }) => {
  if (caseId <= 0 || !(await findCaseById(ctx.deps.db, caseId))) return stale(ctx);
  await startClaim(ctx, caseId, 'S13_CLAIM');
});

onAction(claimFeature, ownerCb.claimRole, async (ctx, { caseId, kind: k, role }) => {
  const kind = kindOf(k);
  if (caseId <= 0 || !kind || (role !== 'o' && role !== 'a')) return stale(ctx);
  try {
    await checkOwnerMay(ctx.deps.db, caseId, kind, ctx.deps.clock.now(), windowsFromConfig(ctx.deps.config));
  } catch (e) {
    if (isRefusal(e, 'CASE_NOT_FOUND')) return stale(ctx);
    return replyOwnerRefusal(ctx, e, { caseId });
  }
  claimFlow.enter(ctx, 'name', { caseId, kind, isAgent: role === 'a' });
  await ctx.reply(ctx.t('owner:claim.ask_name'));
});

/** The names are given: the claim is recorded, then the heads (claim-heads.ts), the s. 12A choice or the payment. */
async function recordNames(
  ctx: BotContext,
  data: z.infer<typeof claimData>,
  claimantName: string,
  ownerName: string,
): Promise<void> {
  claimFlow.leave(ctx);
  if (!ctx.from) return;
  const claim = await recordClaim(ctx.deps.db, {
    caseId: data.caseId,
    kind: data.kind,
    telegramUserId: BigInt(ctx.from.id),
    claimantName,
    isAgent: data.isAgent,
    ownerName,
    intendsComplaint: data.kind === 'S15_PROTEST',
  });
  // More than one head in the pound: "Which of these are yours?" first (claim-heads.ts), then on.
  if (!(await askHeads(ctx, claim.id))) await afterClaimRecorded(ctx, claim.id, data.caseId, data.kind);
}

claimFlow.texts(claimFeature, {
  name: async (ctx, data, text) => {
    const name = cleanName(text);
    if (!name) return ctx.reply(ctx.t('owner:claim.name_invalid'));
    if (!data.isAgent) return recordNames(ctx, data, name, name);
    claimFlow.enter(ctx, 'owner_name', { ...data, claimantName: name });
    await ctx.reply(ctx.t('owner:claim.ask_owner_name'));
  },
  owner_name: async (ctx, data, text) => {
    const name = cleanName(text);
    if (!name) return ctx.reply(ctx.t('owner:claim.name_invalid'));
    await recordNames(ctx, data, data.claimantName ?? name, name);
  },
});
claimHeadsActions(claimFeature, afterClaimRecorded);

claimPaymentActions(claimFeature);
