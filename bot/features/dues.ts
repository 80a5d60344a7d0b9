import { Composer, InlineKeyboard } from 'grammy';
import { addDays, CLAIMABLE, daysBetween, IN_CUSTODY, toIstDate, type CaseStatus } from '../../src/law';
import { findCaseById, findCaseByNumber, parseCaseNumber, type CaseWithCard } from '../../src/services/cases';
import { duesAndNextDay, nextDeadline, windowsFromConfig } from '../../src/services/dues';
import { findDate } from '../../src/services/owner-input';
import type { BotContext } from '../context';
import { cb, clearFlow, idArg, isCommandText, onAction, setFlow } from '../keyboards/owner';
import { renderDues } from '../views/owner/dues';
import { fitMessage, sectionText, statusText } from '../views/owner/text';
import { showCaseByNumber } from './case';

/**
 * Dues (s. 13): itemised by the statute engine from the pound's dated rates — per head and per day, the
 * section on every line, the total in ₹, "fine" or "penalty" as the date requires — and what happens if
 * unpaid. "If I come on <date>" is the same computation at another moment.
 */
export const duesFeature = new Composer<BotContext>();

const FLOW_NUMBER = 'owner_dues';
const FLOW_WHATIF = 'owner_whatif';
/** How far ahead a what-if may look: beyond this the s. 14 sale will long have happened. */
const WHATIF_MAX_DAYS = 60;

/** Sends the dues of a case as of `at` (now, or the what-if day). */
export async function showDues(ctx: BotContext, c: CaseWithCard, at: Date, whatIf = false): Promise<void> {
  const status = c.status as CaseStatus;
  if (!IN_CUSTODY.includes(status)) {
    await ctx.reply(ctx.t('owner:dues.released', { number: c.number, status: statusText(ctx, c) }));
    return;
  }
  const now = ctx.deps.clock.now();
  // One load of the pound's rules for both valuations (the case card is already loaded).
  const { dues, nextDayPaise } = await duesAndNextDay(ctx.deps.db, c, at, { mode: 'claim' });
  if (!dues.ok) {
    ctx.deps.logger.warn({ caseId: c.id, code: dues.error.code }, 'dues unavailable');
    await ctx.reply(ctx.t('owner:dues.unavailable', { number: c.number, date: toIstDate(at), section: sectionText(ctx, dues.error.section ?? 's. 12') }));
    return;
  }
  const next = nextDeadline({ status: c.status, ownerRefusedAt: c.ownerRefusedAt, reportedAt: c.reportedAt, impoundedAt: c.impoundedAt, seizedAt: c.seizedAt, noticePostedAt: c.noticePostedAt, surplusDepositedAt: c.surplusDepositedAt, auction: c.auction }, now, windowsFromConfig(ctx.deps.config));
  const kb = new InlineKeyboard().text(ctx.t('owner:dues.whatif_button'), cb(ctx, 'wi', c.id));
  if (CLAIMABLE.includes(status)) kb.row().text(ctx.t('owner:case.claim_button'), cb(ctx, 'cl', c.id));
  await ctx.reply(fitMessage(renderDues(ctx, c.number, dues.value.breakdown, next.ok ? next.value : null, { whatIf, nextDayPaise })), { reply_markup: kb });
}

/** "/dues JAI1-2026-17 5/12/2026": the case number, and optionally a day to value it on. */
function splitNumberAndDate(arg: string): { number: string; rest: string } | null {
  const tokens = arg.trim().split(/\s+/);
  for (let i = Math.min(tokens.length, 5); i >= 1; i--) {
    const head = tokens.slice(0, i).join(' ');
    if (parseCaseNumber(head)) return { number: head, rest: tokens.slice(i).join(' ') };
  }
  return null;
}

/** The instant a what-if day stands for: today → now; a later India day → noon of that day. */
function whatIfInstant(ctx: BotContext, text: string): { at: Date } | { error: string } {
  const now = ctx.deps.clock.now();
  const found = findDate(text, now, 'future');
  if (!found) return { error: ctx.t('owner:whatif.invalid', { input: text.trim().slice(0, 40) }) };
  const today = toIstDate(now);
  const ahead = daysBetween(today, found.date);
  if (ahead < 0) return { error: ctx.t('owner:whatif.past', { date: found.date }) };
  if (ahead > WHATIF_MAX_DAYS) return { error: ctx.t('owner:whatif.too_far', { date: found.date }) };
  return { at: ahead === 0 ? now : new Date(`${addDays(today, ahead)}T12:00:00+05:30`) };
}

duesFeature.command('dues', async (ctx) => {
  const arg = ctx.match.trim();
  if (!arg) {
    setFlow(ctx, FLOW_NUMBER, 'number', {});
    await ctx.reply(ctx.t('owner:case.prompt'));
    return;
  }
  const split = splitNumberAndDate(arg);
  if (!split) return showCaseByNumber(ctx, arg);
  const c = await findCaseByNumber(ctx.deps.db, split.number);
  if (!c) return showCaseByNumber(ctx, split.number);
  if (!split.rest) return showDues(ctx, c, ctx.deps.clock.now());
  const when = whatIfInstant(ctx, split.rest);
  if ('error' in when) {
    await ctx.reply(when.error);
    return;
  }
  await showDues(ctx, c, when.at, true);
});

duesFeature.on('message:text', async (ctx, next) => {
  const flow = ctx.session.flow;
  if ((flow !== FLOW_NUMBER && flow !== FLOW_WHATIF) || isCommandText(ctx.msg.text)) return next();
  const text = ctx.msg.text;
  if (flow === FLOW_NUMBER) {
    clearFlow(ctx);
    const c = await findCaseByNumber(ctx.deps.db, text);
    if (!c) return showCaseByNumber(ctx, text);
    return showDues(ctx, c, ctx.deps.clock.now());
  }
  const caseId = idArg(String((ctx.session.data as { caseId?: number } | undefined)?.caseId ?? ''));
  const c = caseId ? await findCaseById(ctx.deps.db, caseId) : null;
  if (!c) {
    clearFlow(ctx);
    await ctx.reply(ctx.t('common:error.stale_button'));
    return;
  }
  const when = whatIfInstant(ctx, text);
  if ('error' in when) {
    // Stay in the flow: the owner can try another date (or /cancel).
    await ctx.reply(when.error);
    return;
  }
  clearFlow(ctx);
  await showDues(ctx, c, when.at, true);
});

onAction(duesFeature, 'du', async (ctx, args) => {
  const id = idArg(args[0]);
  const c = id ? await findCaseById(ctx.deps.db, id) : null;
  if (!c) return { text: ctx.t('common:error.stale_button'), alert: true };
  await showDues(ctx, c, ctx.deps.clock.now());
});

onAction(duesFeature, 'wi', async (ctx, args) => {
  const id = idArg(args[0]);
  const c = id ? await findCaseById(ctx.deps.db, id) : null;
  if (!c) return { text: ctx.t('common:error.stale_button'), alert: true };
  setFlow(ctx, FLOW_WHATIF, 'date', { caseId: c.id });
  await ctx.reply(ctx.t('owner:whatif.prompt'));
});
