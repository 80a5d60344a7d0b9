import { Composer } from 'grammy';
import { earliestS14SaleDay, termFor } from '../../src/law';
import { windowsFromConfig } from '../../src/services/dues';
import type { BotContext } from '../context';
import { termWord } from '../views/owner/text';

/** /help: two short paragraphs — what the bot does, and what the law says happens after 7 and 14 days. */
export const helpFeature = new Composer<BotContext>();

helpFeature.command('help', async (ctx) => {
  // "fine" before 1 June 2026, "penalty" from then (Act 8 of 2026): the word in force today.
  const term = termFor(ctx.deps.clock.now(), 's. 12');
  // The earliest s. 14 sale day comes from the statute engine's own periods (7 + 7 days, counted per s. 9 GCA).
  const saleDay = earliestS14SaleDay(windowsFromConfig(ctx.deps.config));
  await ctx.reply(ctx.t('owner:help.text', { fine: termWord(ctx, term.ok ? term.value.term : 'fine'), saleDay }));
});
