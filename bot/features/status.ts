import type { BotContext } from '../context';
import { Composer } from 'grammy';
import { statusLines } from '../../jobs/status';

/** /status (administrators only): queue depths, failed jobs, undelivered messages and the oldest overdue item. */
export const statusFeature = new Composer<BotContext>();

statusFeature.command('status', async (ctx) => {
  if (!ctx.actor.administrator) {
    await ctx.reply(ctx.t('jobs:status.admin_only'));
    return;
  }
  const provider = ctx.deps.jobsStatus;
  if (!provider) {
    await ctx.reply(ctx.t('jobs:status.unavailable'));
    return;
  }
  let status;
  try {
    status = await provider();
  } catch (err) {
    ctx.deps.logger.warn({ err: (err as Error).message }, 'jobs status unavailable');
    await ctx.reply(ctx.t('jobs:status.unavailable'));
    return;
  }
  await ctx.reply(statusLines(ctx.t, status).join('\n'));
});
