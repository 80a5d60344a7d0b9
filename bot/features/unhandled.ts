import { Composer } from 'grammy';
import type { BotContext } from '../context';

/** Must come last: anything no feature took gets a plain answer in the user's language, and changes nothing. */
export const unhandledFeature = new Composer<BotContext>();

unhandledFeature.on('callback_query', (ctx) => ctx.answerCallbackQuery({ text: ctx.t('common:error.stale_button'), show_alert: true }));
unhandledFeature.chatType('private').on('message', (ctx) => ctx.reply(ctx.t('common:error.unsupported_message')));
