import { InputFile, type Api } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import QRCode from 'qrcode';
import type { CoreDeps } from '../src/deps';
import type { Lang } from '../src/i18n';
import type { OutgoingMessage } from '../src/services/outbox';

/** What happened to one message: sent (with its Telegram message id) or the recipient cannot be reached. */
export type DeliveryResult = { status: 'sent'; messageId: number } | { status: 'unreachable'; reason: string };

/** The recipient's language: their stored choice, else Telegram's language code, else the default. */
export async function recipientLanguage(deps: CoreDeps, chatId: string): Promise<Lang> {
  const user = await deps.db.telegramUser.findUnique({ where: { id: BigInt(chatId) } });
  if (user?.language === 'hi' || user?.language === 'en') return user.language;
  if (user?.languageCode) return user.languageCode.startsWith('hi') ? 'hi' : 'en';
  return deps.config.DEFAULT_LANGUAGE;
}

/** Renders an OutgoingMessage in the recipient's language into Telegram text and keyboard. */
export async function renderMessage(deps: CoreDeps, message: OutgoingMessage) {
  const lang = await recipientLanguage(deps, message.chatId);
  const t = deps.translator.forLang(lang);
  const text = t(message.key, message.params ?? {});
  const keyboard: InlineKeyboardButton[][] | undefined = message.buttons?.map((row) =>
    row.map((b) => (b.url ? { text: t(b.key, b.params ?? {}), url: b.url } : { text: t(b.key, b.params ?? {}), callback_data: b.data ?? 'noop' })),
  );
  return { lang, text, keyboard };
}

/**
 * Sends one OutgoingMessage through the Bot API and records what must be remembered about it
 * (a payment card's message id, so a keeper's reply finds the payment). Telegram errors other than
 * "blocked / chat not found" are thrown, for the caller's retry policy.
 */
export async function deliverMessage(deps: CoreDeps, api: Api, message: OutgoingMessage): Promise<DeliveryResult> {
  const { text, keyboard } = await renderMessage(deps, message);
  const reply_markup = keyboard ? { inline_keyboard: keyboard } : undefined;
  let messageId: number;
  try {
    if (message.qr) {
      const png = await QRCode.toBuffer(message.qr, { margin: 2, width: 384 });
      // Telegram captions are limited to 1024 characters; longer texts go as a separate message.
      if (text.length <= 1024) {
        messageId = (await api.sendPhoto(message.chatId, new InputFile(png, 'qr.png'), { caption: text, reply_markup })).message_id;
      } else {
        await api.sendPhoto(message.chatId, new InputFile(png, 'qr.png'));
        messageId = (await api.sendMessage(message.chatId, text, { reply_markup })).message_id;
      }
    } else {
      messageId = (await api.sendMessage(message.chatId, text, { reply_markup })).message_id;
    }
  } catch (err) {
    const e = err as { error_code?: number; description?: string };
    // 403: the user blocked the bot; 400 chat not found: never started it. Neither gets better by retrying.
    if (e.error_code === 403 || (e.error_code === 400 && /chat not found/i.test(e.description ?? ''))) {
      return { status: 'unreachable', reason: e.description ?? String(e.error_code) };
    }
    throw err;
  }
  if (message.track?.kind === 'payment_card') {
    await deps.db.paymentCard.createMany({
      data: [{ paymentId: message.track.paymentId, chatId: BigInt(message.chatId), messageId }],
      skipDuplicates: true,
    });
  }
  return { status: 'sent', messageId };
}
