import type { Via } from '../../src/services/staff';
import type { BotContext } from '../context';

/** Which Telegram message an update came through (who, which chat, which message: for the audit log). */
export function viaOf(ctx: BotContext): Via {
  const message = ctx.callbackQuery?.message ?? ctx.message;
  return {
    telegramId: BigInt(ctx.from?.id ?? 0),
    chatId: ctx.chat?.id ?? null,
    messageId: message?.message_id ?? null,
  };
}
