import { InlineKeyboard, Composer } from 'grammy';
import { z } from 'zod';
import { addDays, daysBetween, type LocalDate, toIstDate } from '../../src/law';
import { duesScreen, type CaseRef } from '../../src/services/case-card';
import { caseExists, parseCaseNumber, splitCaseNumber } from '../../src/services/cases';
import { windowsFromConfig } from '../../src/services/dues';
import { findDate } from '../../src/services/typed-input';
import type { BotContext } from '../context';
import { defineFlow } from '../flows/flow';
import { rememberCase } from '../flows/referent';
import { ownerCb } from '../keyboards/owner';
import { onAction } from './on-action';
import { inPound } from '../views/owner/case-card';
import { renderDues } from '../views/owner/dues';
import { fitMessage, sectionText, statusText } from '../views/owner/text';
import { askForNumber, noFlowData, showCaseByNumber, viewerOf } from './case';

/**
 * Dues (s. 13): itemised by the statute engine from the pound's dated rates — per head and per day, the
 * section on every line, the total in ₹, "fine" or "penalty" as the date requires — and what happens if
 * unpaid. "If I come on <date>" is the same computation at another moment.
 */
export const duesFeature = new Composer<BotContext>();

/** /dues without a number: the next text is the case number. */
const numberFlow = defineFlow('owner_dues', { steps: ['number'], data: noFlowData });
/** "If I come on <date>": the next text is the day (the case is the tapped card's). */
const whatIfFlow = defineFlow('owner_whatif', {
  steps: ['date'],
  data: z.object({ caseId: z.number().int().positive() }),
});
/** How far ahead a what-if may look: beyond this the s. 14 sale will long have happened. */
const WHATIF_MAX_DAYS = 60;

/**
 * Sends the dues of a case as of `at` (now, or the what-if day): one statement loads the case and its pound's
 * rules, the statute engine values it once at `at` and once a day later (src/services/case-card.ts `duesScreen`).
 * False when there is no such case (nothing sent).
 */
export async function showDues(ctx: BotContext, ref: CaseRef | number, at: Date, whatIf = false): Promise<boolean> {
  const now = ctx.deps.clock.now();
  const screen = await duesScreen(ctx.deps.db, ref, viewerOf(ctx), at, now, windowsFromConfig(ctx.deps.config), {
    mode: 'claim',
  });
  if (!screen) return false;
  const { card: c, dues, nextDayPaise } = screen;
  rememberCase(ctx, c.id);
  if (!c.inCustody) {
    await ctx.reply(
      ctx.t('owner:dues.released', { number: c.number, status: statusText(ctx, c, inPound(c)), count: c.heads.length }),
    );
    return true;
  }
  if (!dues.ok) {
    ctx.deps.logger.warn({ caseId: c.id, code: dues.error.code }, 'dues unavailable');
    await ctx.reply(
      ctx.t('owner:dues.unavailable', {
        number: c.number,
        date: toIstDate(at),
        section: sectionText(ctx, dues.error.section ?? 's. 12'),
      }),
    );
    return true;
  }
  const kb = new InlineKeyboard().text(ctx.t('owner:dues.whatif_button'), ownerCb.whatIf.encode(ctx, { caseId: c.id }));
  if (c.claimable) kb.row().text(ctx.t('owner:case.claim_button'), ownerCb.claim.encode(ctx, { caseId: c.id }));
  await ctx.reply(
    fitMessage(renderDues(ctx, c.number, dues.value.breakdown, c.next, { whatIf, nextDayPaise, pound: c.pound })),
    {
      reply_markup: kb,
    },
  );
  return true;
}

/** The dues of a typed case number, or what the case look-up says about the number (malformed, no such case). */
async function showDuesByNumber(ctx: BotContext, typed: string, at: Date, whatIf = false): Promise<void> {
  const parsed = parseCaseNumber(typed);
  if (!parsed || !(await showDues(ctx, { number: parsed }, at, whatIf))) await showCaseByNumber(ctx, typed);
}

/** "/dues JAI1-2026-17 5/12/2026": the case number, and optionally a day to value it on. */
function splitNumberAndDate(arg: string): { number: string; rest: string } | null {
  const split = splitCaseNumber(arg);
  return split && { number: split.number.number, rest: split.rest };
}

/** The instant a what-if day stands for: today → now; a later India day → noon of that day. */
function whatIfInstant(ctx: BotContext, text: string): { at: Date } | { error: string } {
  const found = findDate(text, ctx.deps.clock.now(), 'future');
  if (!found) return { error: ctx.t('owner:whatif.invalid', { input: text.trim().slice(0, 40) }) };
  return whatIfDay(ctx, found.date);
}

/** The instant an India day stands for in a what-if (today → now, later → noon), or why it cannot be valued. */
export function whatIfDay(ctx: BotContext, date: LocalDate): { at: Date } | { error: string } {
  const now = ctx.deps.clock.now();
  const today = toIstDate(now);
  const ahead = daysBetween(today, date);
  if (ahead < 0) return { error: ctx.t('owner:whatif.past', { date }) };
  if (ahead > WHATIF_MAX_DAYS) return { error: ctx.t('owner:whatif.too_far', { date }) };
  return { at: ahead === 0 ? now : new Date(`${addDays(today, ahead)}T12:00:00+05:30`) };
}

duesFeature.command('dues', async (ctx) => {
  const arg = ctx.match.trim();
  if (!arg) return askForNumber(ctx, numberFlow, 'owner:case.prompt');
  const split = splitNumberAndDate(arg);
  if (!split) return showCaseByNumber(ctx, arg);
  if (!split.rest) return showDuesByNumber(ctx, split.number, ctx.deps.clock.now());
  const when = whatIfInstant(ctx, split.rest);
  if ('error' in when) {
    // A wrong number is said first, as before: the case is looked up before the day.
    if (!(await caseExists(ctx.deps.db, { number: parseCaseNumber(split.number)! })))
      return showCaseByNumber(ctx, split.number);
    await ctx.reply(when.error);
    return;
  }
  await showDuesByNumber(ctx, split.number, when.at, true);
});

numberFlow.texts(duesFeature, {
  number: async (ctx, _d, text) => {
    numberFlow.leave(ctx);
    await showDuesByNumber(ctx, text, ctx.deps.clock.now());
  },
});

whatIfFlow.texts(duesFeature, {
  date: async (ctx, { caseId }, text) => {
    const when = whatIfInstant(ctx, text);
    if ('error' in when && (await caseExists(ctx.deps.db, { id: caseId }))) {
      // Stay in the flow: the owner can try another date (or /cancel).
      await ctx.reply(when.error);
      return;
    }
    whatIfFlow.leave(ctx);
    if ('error' in when || !(await showDues(ctx, caseId, when.at, true)))
      await ctx.reply(ctx.t('common:error.stale_button'));
  },
});

onAction(duesFeature, ownerCb.dues, async (ctx, { caseId }) => {
  if (caseId <= 0 || !(await showDues(ctx, caseId, ctx.deps.clock.now())))
    return { text: ctx.t('common:error.stale_button'), alert: true };
});

onAction(duesFeature, ownerCb.whatIf, async (ctx, { caseId }) => {
  if (caseId <= 0 || !(await caseExists(ctx.deps.db, { id: caseId })))
    return { text: ctx.t('common:error.stale_button'), alert: true };
  whatIfFlow.enter(ctx, 'date', { caseId });
  await ctx.reply(ctx.t('owner:whatif.prompt'));
});
