import { InlineKeyboard } from 'grammy';
import { refusalText } from '../../src/i18n';
import { PAPER_STEPS, type PaperStep, type PaperStepTimes } from '../../src/law';
import { checkPaperStepsOfNewEntry, reportDueOnNewEntry } from '../../src/services/register';
import { Refusal } from '../../src/services/refusal';
import { parseDateTime } from '../../src/services/typed-input';
import type { BotContext } from '../context';
import { callbackCodec } from '../flows/callback-codec';
import type { Feature } from './feature';
import { cancelFlow } from './officer-common';
import type { RegisterDraft as Draft, RegisterFlow } from './register-flow';

/**
 * The s. 14 steps already taken on paper, asked inside /register before "Register" when the entry is back-dated past
 * the seven days for claiming (the engine's REPORT_S14 gate decides: `reportDueOnNewEntry`). The entry and its paper
 * steps are then saved in one transaction (src/services/register/seizure.ts), so the deadline jobs never see the
 * entry without them: no report and notice go to the officer for a case reported on paper days ago, and the auction
 * counts from the paper notice. "None" says the report is still to be made: the jobs send it once the entry is saved.
 */

/** The steps of the register flow that ask for the paper steps. */
export const PAPER_QUESTION_STEPS = ['paper', 'paper_report', 'paper_notice', 'paper_village', 'paper_market'] as const;
type QuestionStep = (typeof PAPER_QUESTION_STEPS)[number];

const paperCb = {
  enter: callbackCodec('rg|pp'),
  none: callbackCodec('rg|ppnone'),
  notYet: callbackCodec('rg|ppno'),
  cancel: callbackCodec('rg|ppcancel'),
};

const stepOf: Record<PaperStep, QuestionStep> = {
  report: 'paper_report',
  notice: 'paper_notice',
  village: 'paper_village',
  market: 'paper_market',
};

/** The paper times of a draft, as the service takes them. */
export function paperTimesOf(d: Draft): PaperStepTimes | null {
  const p = d.paper;
  if (!p) return null;
  return Object.fromEntries(PAPER_STEPS.map((s) => [s, p[s] ? new Date(p[s]) : null])) as PaperStepTimes;
}

/** The summary's lines about the paper steps: those entered (and the auction's first day), or "none". */
export function paperSummary(ctx: BotContext, d: Draft): string | null {
  const times = paperTimesOf(d);
  if (!times) return null;
  const given = PAPER_STEPS.filter((s) => times[s]);
  if (given.length === 0) return ctx.t('staff:register_paper.summary_none');
  const lines = given.map((s) =>
    ctx.t('staff:paper.summary_line', { step: ctx.t(`staff:paper.step.${s}`), at: times[s]!.toISOString() }),
  );
  const text = ctx.t('staff:register_paper.summary_steps', { steps: lines.join('\n') });
  // Judged when the last step was answered; Record judges them again (and refuses, should they no longer hold).
  let plan: { auctionFrom: string | null };
  try {
    plan = checkPaperStepsOfNewEntry(new Date(d.impoundedAt!), times, ctx.deps.clock.now());
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    plan = { auctionFrom: null };
  }
  return plan.auctionFrom
    ? `${text}\n${ctx.t('staff:register_paper.summary_auction', { auctionFrom: plan.auctionFrom })}`
    : text;
}

type TextHandler = (ctx: BotContext, draft: Draft, text: string) => Promise<unknown>;

/**
 * Installs the questions on `feature` for the register flow; `confirm` shows the summary with "Register". Returns the
 * step that comes before the summary (`askPaperOrConfirm`) and the handlers of the typed times, for the flow's texts.
 */
export function paperQuestions(
  feature: Feature,
  flow: RegisterFlow,
  confirm: (ctx: BotContext, d: Draft) => Promise<unknown>,
): {
  askPaperOrConfirm: (ctx: BotContext, d: Draft) => Promise<unknown>;
  texts: Partial<Record<QuestionStep, TextHandler>>;
} {
  /** Asked again from the start (after a place typed again, or a refusal): earlier answers are forgotten. */
  async function askPaperOrConfirm(ctx: BotContext, draft: Draft) {
    const { paper: _p, ...d } = draft;
    if (!reportDueOnNewEntry(new Date(d.impoundedAt!), ctx.deps.clock.now())) return confirm(ctx, d);
    flow.enter(ctx, 'paper', d);
    const kb = new InlineKeyboard()
      .text(ctx.t('staff:register_paper.enter_button'), paperCb.enter.encode(ctx, {}))
      .row()
      .text(ctx.t('staff:register_paper.none_button'), paperCb.none.encode(ctx, {}))
      .row()
      .text(ctx.t('common:cancel'), paperCb.cancel.encode(ctx, {}));
    await ctx.reply(ctx.t('staff:register_paper.ask', { at: d.impoundedAt! }), { reply_markup: kb });
  }

  async function ask(ctx: BotContext, step: PaperStep, d: Draft) {
    flow.enter(ctx, stepOf[step], d);
    const kb = new InlineKeyboard();
    if (step !== 'report') kb.text(ctx.t('staff:paper.not_yet_button'), paperCb.notYet.encode(ctx, {})).row();
    kb.text(ctx.t('common:cancel'), paperCb.cancel.encode(ctx, {}));
    const text = step === 'report' ? ctx.t('staff:register_paper.ask_report') : ctx.t(`staff:paper.ask.${step}`);
    await ctx.reply(text, { reply_markup: kb });
  }

  /** After `step`: the next question, or — the notice not yet made, or every step answered — the engine's check. */
  async function next(ctx: BotContext, step: PaperStep, d: Draft) {
    const after = PAPER_STEPS[PAPER_STEPS.indexOf(step) + 1];
    if (after && (after === 'notice' || d.paper?.notice)) return ask(ctx, after, d);
    try {
      checkPaperStepsOfNewEntry(new Date(d.impoundedAt!), paperTimesOf(d)!, ctx.deps.clock.now());
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      // Refused under s. 14 (a report before the seven days ran, a notice before the report…): the steps again.
      await ctx.reply(`${refusalText(ctx.t, e, 'staff')}\n${ctx.t('staff:register_paper.again')}`);
      return ask(ctx, 'report', { ...d, paper: {} });
    }
    return confirm(ctx, d);
  }

  flow.tap(feature, paperCb.cancel, [...PAPER_QUESTION_STEPS], cancelFlow);
  flow.tap(feature, paperCb.none, 'paper', (ctx, _tap, d) => confirm(ctx, { ...d, paper: {} }));
  flow.tap(feature, paperCb.enter, 'paper', (ctx, _tap, d) => ask(ctx, 'report', { ...d, paper: {} }));
  flow.tap(feature, paperCb.notYet, ['paper_notice', 'paper_village', 'paper_market'], (ctx, _tap, d) => {
    const step = flow.step(ctx);
    // No notice yet: no proclamation of it either.
    return next(ctx, step === 'paper_notice' ? 'market' : step === 'paper_village' ? 'village' : 'market', d);
  });

  const typed =
    (step: PaperStep): TextHandler =>
    async (ctx, d, text) => {
      const at = parseDateTime(text);
      const now = ctx.deps.clock.now();
      if (!at) return ctx.reply(ctx.t('staff:paper.invalid', { input: text.slice(0, 40) }));
      if (at.getTime() > now.getTime())
        return ctx.reply(ctx.t('staff:paper.future', { at: at.toISOString(), now: now.toISOString() }));
      return next(ctx, step, { ...d, paper: { ...d.paper, [step]: at.toISOString() } });
    };
  const texts = Object.fromEntries(PAPER_STEPS.map((s) => [stepOf[s], typed(s)]));
  return { askPaperOrConfirm, texts };
}
