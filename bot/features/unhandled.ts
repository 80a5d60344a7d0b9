import type { BotContext } from '../context';
import { Composer } from 'grammy';

/** Must come last: anything no feature took gets a plain answer in the user's language, and changes nothing. */
export const unhandledFeature = new Composer<BotContext>();

unhandledFeature.on('callback_query', (ctx) =>
  ctx.answerCallbackQuery({ text: ctx.t('common:error.stale_button'), show_alert: true }),
);
// A shared contact carries a phone number: the bot never needs one, so it is neither stored nor logged, and
// the user is told so rather than left thinking it was used.
unhandledFeature.chatType('private').on('message:contact', (ctx) => ctx.reply(ctx.t('common:error.no_phone_needed')));
unhandledFeature.chatType('private').on('message', (ctx) => ctx.reply(ctx.t('common:error.unsupported_message')));
