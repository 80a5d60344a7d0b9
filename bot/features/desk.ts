import type { BotContext } from '../context';
import { InlineKeyboard, Composer } from 'grammy';
import { deskUrl } from '../../src/services/desk';

/**
 * /desk: an enrolled official opens the staff desk (the Telegram Mini App at PUBLIC_URL/desk) from a web_app button.
 * Without an https PUBLIC_URL the desk cannot be offered: he is told so, and everything stays in the chat. Owners are
 * told it is for pound staff, as for every staff command.
 */
export const deskFeature = new Composer<BotContext>();

deskFeature.command('desk', async (ctx) => {
  if (ctx.actor.grants.length === 0) {
    await ctx.reply(ctx.t('common:error.not_allowed'));
    return;
  }
  const url = deskUrl(ctx.deps.config);
  if (!url) {
    await ctx.reply(ctx.t('desk:chat.unavailable'));
    return;
  }
  await ctx.reply(ctx.t('desk:chat.open_text'), {
    reply_markup: new InlineKeyboard().webApp(ctx.t('desk:chat.open_button'), url),
  });
});
