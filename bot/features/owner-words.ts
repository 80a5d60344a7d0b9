import { InlineKeyboard, Composer } from 'grammy';
import { scrubSecrets } from '../../src/logging';
import type { Lang } from '../../src/i18n';
import type { LocalDate } from '../../src/law';
import { caseCard, type CaseCard } from '../../src/services/case-card';
import { windowsFromConfig } from '../../src/services/dues';
import { ownerNlu, type OwnerIntent, isOwnerIntent, languageAsked } from '../../src/services/owner-text';
import { may } from '../../src/services/staff';
import { myCases } from '../../src/services/subscriptions';
import { parseKeeperReply } from '../../src/services/typed-answers';
import type { BotContext } from '../context';
import { inAnyFlow } from '../flows/flow';
import { lastCase, rememberCase } from '../flows/referent';
import { intentButtons, intentCaseCb, intentCb, mainButtons } from '../keyboards/intents';
import { caseCardKeyboard, isCommandText, languageKeyboard, ownerCb } from '../keyboards/owner';
import { inPound } from '../views/owner/case-card';
import { renderNext } from '../views/owner/next-deadline';
import { fitMessage, poundName, statusText } from '../views/owner/text';
import { runSearch, showCaseByNumber, viewerOf } from './case';
import { startClaim } from './claim';
import { showDues, whatIfDay } from './dues';
import { ownerPaidActions, showPaid, showPay } from './owner-paid';
import { showMyCases } from './follow';
import { showHelp } from './help';
import { onAction } from './on-action';
import { showProtest } from './protest';
import { answerVerify } from './verify';

/**
 * Owners in their own words: a text outside any flow that is not a case number or a search is understood as an
 * intent (src/services/owner-text/intent.ts, NLP.js trained from locales/nlu/) — "how much do I pay", "कांजी हाउस कहाँ
 * है", "neelami kab hai" — and opens the screen its button opens, for the case last opened in this chat (asked
 * when there is none). Nothing here records anything: a claim, a payment or a deposit still takes the owner's own
 * taps on those screens. Half-sure → "did you mean" buttons. Voice notes, stickers, photos → what to type instead.
 */
export const ownerWordsFeature = new Composer<BotContext>();

/** Intents about one case: they need the case the owner means. */
const CASE_INTENTS: ReadonlySet<OwnerIntent> = new Set([
  'dues',
  'paid',
  'pay',
  'claim',
  'protest',
  'pound',
  'next',
  'follow',
  'keeper',
]);

/** What a keeper types to confirm or reject a payment (`parseKeeperReply`), when it did not reach a payment card. */
const KEEPER_REPLIES: ReadonlySet<string> = new Set(['ok', 'amount', 'no', 'bad_amount']);

// The one place an owner's text outside a flow is answered: read once (`understand`), acted on here.
ownerWordsFeature.chatType('private').on('message:text', async (ctx, next) => {
  const text = ctx.msg.text.trim();
  if (!text || inAnyFlow(ctx) || isCommandText(text)) return next();
  // A keeper's "ok", amount or "no" sent without replying to a payment card (or as a reply to another message) is a
  // confirmation gone astray, not a search: say how to confirm.
  if (may(ctx.actor, 'payment.confirm') && KEEPER_REPLIES.has(parseKeeperReply(text).kind)) {
    await ctx.reply(ctx.t('staff:confirm.reply_to_card'));
    return;
  }
  await answerText(ctx, text.slice(0, 200));
});

/**
 * Answers an owner's text (typed, or heard from a voice note) from what `understand` says it is, read once: a case
 * number opens the case, a search lists the cases it finds, an intent opens its screen, half-sure asks "did you mean".
 */
export async function answerText(ctx: BotContext, text: string): Promise<void> {
  const nlu = await ownerNlu();
  const u = await nlu.understand(text, ctx.deps.clock.now());
  ctx.deps.logger.debug({ understood: u.kind, intent: 'intent' in u ? u.intent : undefined }, 'owner text');
  switch (u.kind) {
    case 'case_number':
      return showCaseByNumber(ctx, text, u.number);
    case 'search':
      return runSearch(ctx, text);
    case 'unsure':
      await ctx.reply(`${ctx.t('intent:unsure')}\n\n${ctx.t('intent:unsure_hint')}`, {
        reply_markup: intentButtons(ctx, u.choices),
      });
      return;
    case 'intent':
      return runIntent(ctx, u.intent, lastCase(ctx), text, u.day);
  }
}

/** Opens the screen of `intent` (for `caseId` when it is about a case). Records nothing. */
export async function runIntent(
  ctx: BotContext,
  intent: OwnerIntent,
  caseId: number | null,
  text = '',
  day?: LocalDate,
): Promise<void> {
  if (CASE_INTENTS.has(intent)) {
    if (caseId === null || !(await caseIntent(ctx, intent, caseId, day))) await askWhichCase(ctx, intent);
    return;
  }
  switch (intent) {
    case 'receipt': {
      // "verify AB12CD34", "rasid asli hai? AB12CD34": the code given is checked, as /verify does.
      const code = text.split(/\s+/).find((w) => /^(?=.*\d)(?=.*[a-z])[a-z0-9]{8}$/i.test(w));
      if (code) await answerVerify(ctx, code);
      else await ctx.reply(ctx.t('intent:receipt.how'));
      return;
    }
    case 'mycases':
      await showMyCases(ctx);
      return;
    case 'help':
      await showHelp(ctx);
      return;
    case 'greeting':
      await ctx.reply(ctx.t('intent:greeting'), { reply_markup: mainButtons(ctx, lastCase(ctx) !== null) });
      return;
    case 'thanks':
      await ctx.reply(ctx.t('intent:thanks'));
      return;
    case 'language': {
      // The choice itself is the owner's tap on the language buttons, as /language offers them.
      const asked: Lang | null = languageAsked(text);
      const t = asked ? ctx.deps.translator.forLang(asked) : ctx.t;
      await ctx.reply(t('owner:language.choose'), { reply_markup: languageKeyboard(ctx) });
      return;
    }
    case 'smalltalk':
      // Small talk and calls for attention: what the bot can do, never "no case found".
      await ctx.reply(`${ctx.t('intent:unsure')}\n\n${ctx.t('intent:unsure_hint')}`, {
        reply_markup: mainButtons(ctx, lastCase(ctx) !== null),
      });
      return;
    case 'cancel':
      // Outside a flow there is nothing to cancel (inside one, a typed "cancel" leaves it: bot/middleware/leave-flow.ts).
      await ctx.reply(ctx.t('owner:nothing_to_cancel'));
      return;
  }
}

/** A case intent for a case; false when there is no such case (nothing sent). */
async function caseIntent(ctx: BotContext, intent: OwnerIntent, caseId: number, day?: LocalDate): Promise<boolean> {
  const now = ctx.deps.clock.now();
  switch (intent) {
    case 'dues': {
      // A day in the question: the dues on that day at once, as "If I come on…" gives them.
      const when = day ? whatIfDay(ctx, day) : { at: now };
      if ('error' in when) {
        if (!(await showDues(ctx, caseId, now))) return false;
        await ctx.reply(when.error);
        return true;
      }
      return showDues(ctx, caseId, when.at, when.at !== now);
    }
    case 'protest':
      if (!(await showProtest(ctx, caseId))) return false;
      rememberCase(ctx, caseId);
      return true;
    default:
      break;
  }
  const card = await caseCard(ctx.deps.db, caseId, viewerOf(ctx), now, windowsFromConfig(ctx.deps.config));
  if (!card) return false;
  rememberCase(ctx, card.id);
  switch (intent) {
    case 'claim':
      // The same first step as the card's "Claim" button: the law is asked, then owner or agent (nothing recorded).
      await startClaim(ctx, card.id, 'S13_CLAIM');
      break;
    case 'pound':
      await showPound(ctx, card);
      break;
    case 'keeper':
      await showKeeper(ctx, card);
      break;
    case 'paid':
      await showPaid(ctx, card);
      break;
    case 'pay':
      await showPay(ctx, card);
      break;
    case 'next':
      await ctx.reply(
        fitMessage(
          [
            ctx.t('intent:next.title', { number: card.number, status: statusText(ctx, card, inPound(card)) }),
            card.next ? renderNext(ctx, card.next, inPound(card), card.pound) : '',
          ]
            .filter(Boolean)
            .join('\n\n'),
        ),
        { reply_markup: caseCardKeyboard(ctx, card) },
      );
      break;
    case 'follow': {
      const following = card.actions.includes('unfollow');
      await ctx.reply(ctx.t(following ? 'intent:follow.already' : 'intent:follow.ask', { number: card.number }), {
        reply_markup: new InlineKeyboard().text(
          ctx.t(following ? 'owner:case.unfollow_button' : 'owner:case.follow_button'),
          ownerCb.follow.encode(ctx, { caseId: card.id, on: following ? 0 : 1 }),
        ),
      });
      break;
    }
  }
  return true;
}

/** The pound's opening hours in the reader's language (the English text when no Hindi one is recorded). */
function hoursOf(ctx: BotContext, p: CaseCard['pound']): string | null {
  return (ctx.lang === 'hi' ? p.openingHoursHi || p.openingHours : p.openingHours || p.openingHoursHi) || null;
}

/** Where the pound is and when it is open, and its position as a Telegram venue when recorded. */
async function showPound(ctx: BotContext, card: CaseCard): Promise<void> {
  const p = card.pound;
  const hours = hoursOf(ctx, p);
  const lines = [
    ctx.t('intent:pound.title', { pound: poundName(ctx, p), number: card.number }),
    ctx.t('intent:pound.address', { address: p.address }),
    hours ? ctx.t('intent:pound.hours', { hours }) : ctx.t('intent:pound.hours_unknown'),
  ];
  if (p.publicPhone) lines.push(ctx.t('intent:pound.phone', { phone: p.publicPhone }));
  await ctx.reply(lines.join('\n'));
  if (typeof p.latitude !== 'number' || typeof p.longitude !== 'number') return;
  // The map is a help after the answer, which has gone: a venue Telegram will not take (after the reply pacing's
  // retries) is logged, never answered with an error beneath the address.
  await ctx.replyWithVenue(p.latitude, p.longitude, poundName(ctx, p), p.address).catch((err: unknown) => {
    const e = err as { error_code?: number; description?: string; message?: string };
    ctx.deps.logger.warn(
      { poundId: p.id, code: e.error_code, err: scrubSecrets(String(e.description ?? e.message ?? err)).slice(0, 200) },
      'pound venue could not be sent after its address',
    );
  });
}

/** How to reach the pound keeper: the pound office's public phone as recorded, else the pound itself. */
async function showKeeper(ctx: BotContext, card: CaseCard): Promise<void> {
  const p = card.pound;
  const hours = hoursOf(ctx, p);
  const params = { pound: poundName(ctx, p), number: card.number, address: p.address, phone: p.publicPhone ?? '' };
  const lines = [ctx.t(p.publicPhone ? 'intent:keeper.phone' : 'intent:keeper.no_phone', params)];
  if (hours) lines.push(ctx.t('intent:keeper.hours', { hours }));
  await ctx.reply(lines.join('\n'));
}

/** "Which case do you mean?": the person's cases as buttons, or how to find one. */
async function askWhichCase(ctx: BotContext, intent: OwnerIntent): Promise<void> {
  const mine = ctx.from ? await myCases(ctx.deps.db, BigInt(ctx.from.id), 8) : { cases: [] };
  if (mine.cases.length === 0) {
    await ctx.reply(ctx.t(intent === 'follow' ? 'intent:follow.no_case' : 'intent:which.none'));
    return;
  }
  const kb = new InlineKeyboard();
  for (const c of mine.cases)
    kb.text(
      ctx.t('owner:mycases.open_button', { number: c.number }),
      intentCaseCb.encode(ctx, { intent, caseId: c.id }),
    ).row();
  await ctx.reply(ctx.t('intent:which.ask'), { reply_markup: kb });
}

ownerPaidActions(ownerWordsFeature);

onAction(ownerWordsFeature, intentCb, async (ctx, { intent }) => {
  if (!isOwnerIntent(intent)) return { text: ctx.t('common:error.stale_button'), alert: true };
  await runIntent(ctx, intent, lastCase(ctx));
});

onAction(ownerWordsFeature, intentCaseCb, async (ctx, { intent, caseId }) => {
  if (!isOwnerIntent(intent) || caseId <= 0) return { text: ctx.t('common:error.stale_button'), alert: true };
  await runIntent(ctx, intent, caseId);
});

/**
 * Voice notes, audio, stickers, photos, videos, files, locations from a person outside what a flow waits for: a
 * written answer in their language — what the bot understands, and the main buttons. A voice note goes to the
 * speech-to-text service first when one is configured (none is by default: src/services/speech-to-text.ts).
 */
ownerWordsFeature.chatType('private').on('message', async (ctx, next) => {
  const m = ctx.msg;
  if (m.text !== undefined || m.contact) return next();
  if (m.voice && ctx.deps.speechToText) {
    const said = await ctx.deps.speechToText
      .transcribe({ fileId: m.voice.file_id, durationSeconds: m.voice.duration, mimeType: m.voice.mime_type }, ctx.lang)
      .catch((err: unknown) => {
        ctx.deps.logger.warn({ err }, 'speech to text failed');
        return null;
      });
    const text = said?.trim().slice(0, 200);
    if (text && !inAnyFlow(ctx)) {
      // What was heard is shown back, so a misheard word is seen; then it is understood as if typed (records nothing).
      await ctx.reply(ctx.t('intent:heard', { text }));
      await answerText(ctx, text);
      return;
    }
  }
  await ctx.reply(ctx.t('intent:media'), { reply_markup: mainButtons(ctx, lastCase(ctx) !== null) });
});
