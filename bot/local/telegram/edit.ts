import { apiError, textRefusal } from './limits';
import type { ApiAnswer } from './types';
import { displayText, type LocalMessage, readButtons } from './wire';

/**
 * An edit of a message (editMessageText, editMessageCaption, editMessageReplyMarkup) as Telegram answers it: the
 * message as it now reads and the raw text sent, or the error — not found, a text over the limit, or "not modified"
 * when nothing changes (with `strict` off, as the local chat runs after a restart, an unknown message is edited from
 * blank and an edit that changes nothing is accepted).
 */
export function editedMessage(
  method: string,
  p: Record<string, any>,
  existing: LocalMessage | undefined,
  strict: boolean,
): { message: LocalMessage; raw: string } | ApiAnswer {
  if (!existing && strict) return apiError(400, 'Bad Request: message to edit not found');
  const base: LocalMessage = existing ?? {
    chatId: Number(p.chat_id),
    messageId: Number(p.message_id),
    text: '',
    buttons: [],
    date: Math.floor(Date.now() / 1000),
  };
  const buttons = readButtons(p.reply_markup);
  if ('ok' in buttons) return buttons;
  let text = base.text;
  let raw = text;
  if (method !== 'editMessageReplyMarkup') {
    raw = String((method === 'editMessageText' ? p.text : p.caption) ?? '');
    const refused = textRefusal(raw, method === 'editMessageText' ? 'text' : 'caption', method !== 'editMessageText');
    if (refused) return refused;
    text = displayText(raw, p.parse_mode);
  }
  if (existing && strict && text === existing.text && JSON.stringify(buttons) === JSON.stringify(existing.buttons))
    return apiError(
      400,
      'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
    );
  return { message: { ...base, text, buttons }, raw };
}
