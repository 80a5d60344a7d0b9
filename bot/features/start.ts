import type { BotContext } from '../context';
import { Composer } from 'grammy';
import { CASE_START_PREFIX } from '../../src/services/cases';
import { ownerCb } from '../keyboards/owner';
import { showCaseByNumber } from './case';
import { answerVerify } from './verify';

/**
 * /start: greets in the user's language with a switch to the other one; deep links from the seizure slip
 * (`case_<number>`) open the case, from a receipt (`verify_<code>`) verify it. `enrol_<code>` belongs to
 * the staff enrolment feature.
 */
export const startFeature = new Composer<BotContext>();

startFeature.command('start', async (ctx, next) => {
  const payload = ctx.match.trim();
  if (payload.startsWith('enrol_')) return next();
  if (payload.startsWith(CASE_START_PREFIX)) return showCaseByNumber(ctx, payload.slice(CASE_START_PREFIX.length));
  if (payload.startsWith('verify_')) return answerVerify(ctx, payload.slice('verify_'.length));
  const other = ctx.lang === 'hi' ? 'en' : 'hi';
  await ctx.reply(ctx.t('owner:start.welcome', { name: ctx.from?.first_name ?? '' }), {
    reply_markup: {
      inline_keyboard: [
        [{ text: ctx.t('owner:start.switch_button'), callback_data: ownerCb.language.encode(ctx, { code: other }) }],
      ],
    },
  });
});
