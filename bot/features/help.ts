import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { earliestS14SaleDay, termFor } from '../../src/law';
import { windowsFromConfig } from '../../src/services/dues';
import { termWord } from '../views/owner/text';
import { smsOn } from './owner-mobile-words';

/** /help: two short paragraphs — what the bot does, and what the law says happens after 7 and 14 days. */
export const helpFeature = new Composer<BotContext>();

helpFeature.command('help', (ctx) => showHelp(ctx));

/** What /help shows: what the bot does, and what the law says happens after 7 and 14 days. */
export async function showHelp(ctx: BotContext): Promise<void> {
  // Each sentence uses the word of the section it cites, in force today: the s. 12 fine per head is not
  // amended; the s. 16 deduction says "penalties" from 1 June 2026 (Act 8 of 2026 amends s. 16 only).
  const now = ctx.deps.clock.now();
  const term = termFor(now, 's. 12');
  const deducted = termFor(now, 's. 16');
  // The earliest s. 14 sale day comes from the statute engine's own periods (7 + 7 days, counted per s. 9 GCA).
  const saleDay = earliestS14SaleDay(windowsFromConfig(ctx.deps.config));
  const text = ctx.t('owner:help.text', {
    fine: termWord(ctx, term.ok ? term.value.term : 'fine'),
    // Where an owner first meets शास्ति it is glossed (locales/README.md).
    deducted: ctx.t(`common:term.${deducted.ok ? deducted.value.term : 'penalty'}_glossed`),
    saleDay,
  });
  // With SMS on, how an owner stops them (or asks for more) is part of what he is told.
  await ctx.reply(smsOn(ctx) ? `${text}\n\n${ctx.t('sms:owner.usage')}` : text);
}
