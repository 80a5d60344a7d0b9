import { InlineKeyboard, Composer } from 'grammy';
import { z } from 'zod';
import { toIstDate } from '../../src/law';
import { caseCard, type CaseRef } from '../../src/services/case-card';
import { type CaseNumber, parseCaseNumber, parseSearchQuery, searchCases } from '../../src/services/cases';
import { windowsFromConfig } from '../../src/services/dues';
import type { BotContext } from '../context';
import { defineFlow, inAnyFlow, type Flow } from '../flows/flow';
import { lastCase, rememberCase } from '../flows/referent';
import { mainButtons } from '../keyboards/intents';
import { isCommandText, ownerCb } from '../keyboards/owner';
import { onAction } from './on-action';
import { cattleSummary, renderCaseCard } from '../views/owner/case-card';
import { replyWithCasePhotos } from './case-photos';

/**
 * Finding a case: /case <number> (case, spaces, Devanagari digits tolerated), the seizure slip's deep link
 * (via /start), /search <village, date, description>, or plain text outside any flow (a number opens the
 * case, anything else is searched). The card shows public facts only.
 */
export const caseFeature = new Composer<BotContext>();

/** The data of a flow that only waits for a case number (this feature's, dues.ts's). */
export const noFlowData = z.object({});

/** /case or /search without an argument: the next text is the number or the search. */
const caseFlow = defineFlow('owner_case', { steps: ['number'], data: noFlowData });

/** The Telegram user an owner screen is for (null for updates without a sender). */
export const viewerOf = (ctx: BotContext): bigint | null => (ctx.from ? BigInt(ctx.from.id) : null);

/** Sends the public card of a case (one statement: src/services/case-card.ts); false when there is no such case. */
export async function showCase(ctx: BotContext, ref: CaseRef | number): Promise<boolean> {
  const card = await caseCard(
    ctx.deps.db,
    ref,
    viewerOf(ctx),
    ctx.deps.clock.now(),
    windowsFromConfig(ctx.deps.config),
  );
  if (!card) return false;
  rememberCase(ctx, card.id);
  const view = renderCaseCard(ctx, card);
  // The groups' photos with the card: the card as the caption of one photo when it fits, else after an album.
  await replyWithCasePhotos(ctx, card.id, card.photos, view.text, view.reply_markup);
  return true;
}

/** Looks a typed case number up and answers: the card, "not a case number", or "no such case". */
export async function showCaseByNumber(ctx: BotContext, typed: string, read?: CaseNumber): Promise<void> {
  const parsed = read ?? parseCaseNumber(typed);
  if (!parsed) {
    await ctx.reply(
      `${ctx.t('common:error.case_malformed', { input: typed.trim().slice(0, 40) })}\n${ctx.t('owner:case.malformed_hint')}`,
    );
    return;
  }
  if (!(await showCase(ctx, { number: parsed })))
    await ctx.reply(ctx.t('common:error.case_not_found', { number: parsed.number }));
}

/** Searches and lists the matching cases as buttons (public facts only). */
export async function runSearch(ctx: BotContext, text: string): Promise<void> {
  const now = ctx.deps.clock.now();
  const hits = await searchCases(ctx.deps.db, parseSearchQuery(text, now), now);
  if (hits.length === 0) {
    // Nothing found — perhaps it was not a search at all: what else the owner can ask, as buttons.
    await ctx.reply(ctx.t('owner:search.none', { query: text.trim().slice(0, 60) }), {
      reply_markup: mainButtons(ctx, lastCase(ctx) !== null),
    });
    return;
  }
  const rows = await ctx.deps.db.case.findMany({
    where: { id: { in: hits.map((h) => h.caseId) } },
    include: { heads: { select: { cattleClass: true, photoId: true } } },
  });
  const kb = new InlineKeyboard();
  for (const h of hits) {
    const c = rows.find((r) => r.id === h.caseId);
    if (!c) continue;
    kb.text(
      ctx.t('owner:search.result_button', {
        number: c.number,
        cattle: cattleSummary(ctx, c.heads),
        place: c.placeOfSeizure,
        date: toIstDate(c.impoundedAt),
      }),
      ownerCb.openCase.encode(ctx, { caseId: c.id }),
    ).row();
    // An owner recognises his animal at a glance: the candidate's photos, without opening its card.
    if (c.heads.some((x) => x.photoId !== null))
      kb.text(ctx.t('photos:see_button', { number: c.number }), ownerCb.casePhotos.encode(ctx, { caseId: c.id })).row();
  }
  await ctx.reply(ctx.t('owner:search.results'), { reply_markup: kb });
}

/** The answer to "which case?" after /case or /search: a case number opens the case; anything else is a search. */
async function numberOrSearch(ctx: BotContext, text: string): Promise<void> {
  const number = parseCaseNumber(text);
  if (number) return showCaseByNumber(ctx, text, number);
  return runSearch(ctx, text);
}

/** A command sent without its case number asks for it; the next text answers (`flow`'s 'number' step). */
export async function askForNumber(
  ctx: BotContext,
  flow: Flow<'number', z.infer<typeof noFlowData>>,
  promptKey: string,
): Promise<void> {
  flow.enter(ctx, 'number', {});
  await ctx.reply(ctx.t(promptKey));
}

caseFeature.command('case', async (ctx) => {
  const arg = ctx.match.trim();
  if (!arg) return askForNumber(ctx, caseFlow, 'owner:case.prompt');
  await showCaseByNumber(ctx, arg);
});

caseFeature.command('search', async (ctx) => {
  const arg = ctx.match.trim();
  if (!arg) return askForNumber(ctx, caseFlow, 'owner:search.prompt');
  await runSearch(ctx, arg);
});

caseFlow.texts(caseFeature, {
  number: async (ctx, _d, text) => {
    caseFlow.leave(ctx);
    await numberOrSearch(ctx, text);
  },
});

onAction(caseFeature, ownerCb.casePhotos, async (ctx, { caseId }) => {
  const card = caseId > 0 ? await caseCard(ctx.deps.db, caseId, viewerOf(ctx), ctx.deps.clock.now()) : null;
  if (!card) return { text: ctx.t('common:error.stale_button'), alert: true };
  if (card.photos.length === 0) return { text: ctx.t('photos:none'), alert: true };
  const caption = ctx.t('photos:caption', { number: card.number, cattle: cattleSummary(ctx, card.heads) });
  await replyWithCasePhotos(
    ctx,
    card.id,
    card.photos,
    caption,
    new InlineKeyboard().text(ctx.t('photos:open_case_button'), ownerCb.openCase.encode(ctx, { caseId: card.id })),
  );
});

onAction(caseFeature, ownerCb.openCase, async (ctx, { caseId }) => {
  if (caseId <= 0 || !(await showCase(ctx, caseId))) return { text: ctx.t('common:error.stale_button'), alert: true };
});

/**
 * Goes LAST before the unhandled feature: a staff command from someone without the role ("for pound staff only")
 * and unknown commands. Plain text outside any flow was answered by the owner's words (owner-words.ts).
 */
export const ownerFallback = new Composer<BotContext>();

ownerFallback.chatType('private').on('message:text', async (ctx, next) => {
  const text = ctx.msg.text.trim();
  if (!text || inAnyFlow(ctx) || !isCommandText(text)) return next();
  // Staff commands of people without their right were answered by the staff command gate (bot/middleware).
  await ctx.reply(ctx.t('owner:unknown_command'));
});
