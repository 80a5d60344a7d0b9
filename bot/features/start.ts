import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { cb, clearFlow } from '../keyboards/owner';
import { showCaseByNumber } from './case';
import { answerVerify } from './verify';

/**
 * Must come FIRST among the features: any command leaves the flow the user was in (a command is never
 * taken as an answer to a question), and /cancel says whether there was anything to leave.
 */
export const leaveFlowOnCommand = new Composer<BotContext>();

leaveFlowOnCommand.on('message:text', async (ctx, next) => {
  const text = ctx.msg.text.trimStart();
  if (!text.startsWith('/')) return next();
  const command = text.slice(1).split(/[\s@]/, 1)[0]!.toLowerCase();
  const wasInFlow = Boolean(ctx.session.flow);
  clearFlow(ctx);
  if (command === 'cancel') {
    await ctx.reply(wasInFlow ? ctx.t('common:cancelled') : ctx.t('owner:nothing_to_cancel'));
    return;
  }
  return next();
});

/**
 * /start: greets in the user's language with a switch to the other one; deep links from the seizure slip
 * (`case_<number>`) open the case, from a receipt (`verify_<code>`) verify it. `enrol_<code>` belongs to
 * the staff enrolment feature.
 */
export const startFeature = new Composer<BotContext>();

startFeature.command('start', async (ctx, next) => {
  const payload = ctx.match.trim();
  if (payload.startsWith('enrol_')) return next();
  if (payload.startsWith('case_')) return showCaseByNumber(ctx, payload.slice('case_'.length));
  if (payload.startsWith('verify_')) return answerVerify(ctx, payload.slice('verify_'.length));
  const other = ctx.lang === 'hi' ? 'en' : 'hi';
  await ctx.reply(ctx.t('owner:start.welcome', { name: ctx.from?.first_name ?? '' }), {
    reply_markup: { inline_keyboard: [[{ text: ctx.t('owner:start.switch_button'), callback_data: cb(ctx, 'lang', other) }]] },
  });
});
