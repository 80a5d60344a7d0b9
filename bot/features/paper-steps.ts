import { InlineKeyboard } from 'grammy';
import { z } from 'zod';
import { PAPER_STEPS, type PaperStep } from '../../src/law';
import { mayBackEnter, recordPaperSteps } from '../../src/services/register';
import type { CaseForLaw } from '../../src/services/case-transition';
import type { StaffActor } from '../../src/services/staff';
import { parseDateTime } from '../../src/services/typed-input';
import type { BotContext } from '../context';
import { callbackCodec } from '../flows/callback-codec';
import { defineFlow } from '../flows/flow';
import { Feature } from './feature';
import { askToRecord, cancelFlow, caseCommand, caseTap, finishFlow, replyRefusal, useButtons } from './officer-common';

/**
 * `/paper <case>` — the keeper or officer enters the s. 14 steps already taken on paper for a case the bot did not
 * see through (a pound that starts with the bot mid-procedure): when the report was made, when the notice was stuck
 * up, when it was proclaimed by beat of drum in the village and at the market-place — each a typed day and hour from
 * the paper register, or "Not yet" for a step not taken. Nothing is written before Record; then the statute engine
 * judges the steps (src/services/register/back-entry.ts) and the register marks them as entered from paper. A back-dated
 * /register asks for them before the entry is saved (register-paper.ts); the button "Steps already taken on paper"
 * that older entries were offered still opens these questions.
 */
export const paperStepsFeature = new Feature();

const paperFlow = defineFlow('paper', {
  right: 'paper.steps',
  steps: ['report', 'notice', 'village', 'market', 'confirm'],
  data: z.object({
    caseId: z.number().int(),
    number: z.string(),
    report: z.string().optional(),
    notice: z.string().optional(),
    village: z.string().optional(),
    market: z.string().optional(),
  }),
});
type Draft = NonNullable<ReturnType<typeof paperFlow.data>>;

const paperCb = {
  start: callbackCodec('pp|go', ['caseId:int']),
  notYet: callbackCodec('pp|no'),
  save: callbackCodec('pp|save'),
  cancel: callbackCodec('pp|cancel'),
};

async function begin(ctx: BotContext, c: CaseForLaw, act: StaffActor) {
  try {
    mayBackEnter(c, act, ctx.deps.clock.now());
  } catch (e) {
    return replyRefusal(ctx, e, c);
  }
  return ask(ctx, 'report', { caseId: c.id, number: c.number });
}

caseCommand(paperStepsFeature, 'paper', 'staff:paper.usage', 'paper.steps', begin);
caseTap(paperStepsFeature, paperCb.start, 'paper.steps', (ctx, c, act) => begin(ctx, c, act));

/** Asks for a step's time; every step after the report may be "Not yet". */
async function ask(ctx: BotContext, step: PaperStep, d: Draft) {
  paperFlow.enter(ctx, step, d);
  const kb = new InlineKeyboard();
  if (step !== 'report') kb.text(ctx.t('staff:paper.not_yet_button'), paperCb.notYet.encode(ctx, {})).row();
  kb.text(ctx.t('common:cancel'), paperCb.cancel.encode(ctx, {}));
  await ctx.reply(ctx.t(`staff:paper.ask.${step}`, { number: d.number }), { reply_markup: kb });
}

/** After `step`: the next step, or the summary once the notice is not yet made or every step is answered. */
async function next(ctx: BotContext, step: PaperStep, d: Draft) {
  const after = PAPER_STEPS[PAPER_STEPS.indexOf(step) + 1];
  if (after && (after === 'notice' || d.notice)) return ask(ctx, after, d);
  const lines = PAPER_STEPS.filter((s) => d[s]).map((s) =>
    ctx.t('staff:paper.summary_line', { step: ctx.t(`staff:paper.step.${s}`), at: d[s]! }),
  );
  const text = ctx.t('staff:paper.summary', { number: d.number, steps: lines.join('\n') });
  return askToRecord(ctx, paperFlow, d, text, paperCb.save, paperCb.cancel);
}

paperFlow.tap(paperStepsFeature, paperCb.cancel, [], cancelFlow);
paperFlow.tap(paperStepsFeature, paperCb.notYet, ['notice', 'village', 'market'], (ctx, _tap, d) => {
  const step = paperFlow.step(ctx);
  // No notice yet: nothing after it was done either.
  return next(ctx, step === 'notice' ? 'market' : step === 'village' ? 'village' : 'market', d);
});

const typed = (step: PaperStep) => async (ctx: BotContext, d: Draft, text: string) => {
  const at = parseDateTime(text);
  const now = ctx.deps.clock.now();
  if (!at) return ctx.reply(ctx.t('staff:paper.invalid', { input: text.slice(0, 40) }));
  if (at.getTime() > now.getTime())
    return ctx.reply(ctx.t('staff:paper.future', { at: at.toISOString(), now: now.toISOString() }));
  return next(ctx, step, { ...d, [step]: at.toISOString() });
};

paperFlow.texts(
  paperStepsFeature,
  { report: typed('report'), notice: typed('notice'), village: typed('village'), market: typed('market') },
  (ctx) => useButtons(ctx),
);

paperFlow.tap(paperStepsFeature, paperCb.save, 'confirm', (ctx, _tap, d) =>
  finishFlow(ctx, 'paper.steps', d.caseId, async (act) => {
    const when = (s?: string) => (s ? new Date(s) : null);
    const r = await recordPaperSteps(
      ctx.deps.db,
      act,
      {
        caseId: d.caseId,
        steps: { report: when(d.report), notice: when(d.notice), village: when(d.village), market: when(d.market) },
      },
      ctx.deps.clock.now(),
    );
    await ctx.reply(
      ctx.t(r.auctionFrom ? 'staff:paper.done_auction' : 'staff:paper.done', {
        number: r.caseNumber,
        status: ctx.t(`common:status.${r.status}`),
        auctionFrom: r.auctionFrom ?? '',
      }),
    );
  }),
);
