import { Composer } from 'grammy';
import { poundCodeOf, statsByCode } from '../../src/services/open-data';
import type { BotContext } from '../context';
import { statsGlanceText, statsPageUrl } from '../views/stats';

/**
 * /stats [pound or district code]: open pound data in the chat — the at-a-glance of a pound or a district (cattle
 * impounded this month and year, in the pound now, released under ss. 13 and 15, sold under ss. 14 and 16) in the
 * sender's language, with the link to its public page. Without a code, staff get their own pound's; anyone else is
 * told how to ask, with the list of districts. Counts only (src/services/open-data).
 */
export const statsFeature = new Composer<BotContext>();

statsFeature.command('stats', async (ctx: BotContext) => {
  const { db, config, clock } = ctx.deps;
  const all = `${config.PUBLIC_URL ?? ''}/stats?lang=${ctx.lang}`;
  const typed = String(ctx.match ?? '').trim();
  const ownPound = ctx.actor.grants.flatMap((g) => g.poundIds);
  const code = typed || (ownPound.length ? await poundCodeOf(db, ownPound) : null);
  if (!code) {
    await ctx.reply(ctx.t('stats:chat.usage', { example: (await poundCodeOf(db, [])) ?? 'JAI1', url: all }));
    return;
  }
  // The page's readings of today's flows and the stock now, shared for half a minute like the page's.
  const v = await statsByCode(db, code, clock.now(), { liveMaxAgeMs: 30_000 });
  if (!v) {
    await ctx.reply(ctx.t('stats:chat.unknown', { code: code.slice(0, 20), url: all }));
    return;
  }
  await ctx.reply(statsGlanceText(ctx, v, statsPageUrl(config.PUBLIC_URL, v, ctx.lang)), {
    link_preview_options: { is_disabled: true },
  });
});
