import type { UserFromGetMe } from 'grammy/types';
import type { Translate } from '../../src/i18n';
import type { LocalEvent, LocalMessage } from './local-bot-api';
import { personaByChat, type Persona } from './personas';
import { numberedButtons, renderMessage, renderNotice } from './render';

/** A bot message as shown: its display number, chat and Telegram message id. */
export interface Shown {
  n: number;
  chatId: number;
  messageId: number;
}

/**
 * What the terminal shows: every message the bot sent to any persona, numbered in order, and which keyboard
 * a tap means. The local chat (local-chat.ts) turns typed lines into updates; this prints what came back.
 */
export class LocalScreen {
  readonly shownByKey = new Map<string, Shown>();
  readonly shownByNumber = new Map<number, Shown>();
  /** Per chat: the newest message that has buttons (what `/tap 2` taps). */
  readonly latestKeyboard = new Map<number, Shown>();
  /**
   * Per chat: the keyboard a bare number taps — the newest one, until it is tapped or the persona sends a
   * command (a flow then asking "how many?" gets the number as text, not as a tap on an old keyboard).
   */
  readonly openKeyboard = new Map<number, Shown>();
  private nextNumber = 1;

  constructor(
    private readonly tFor: (userId: number) => Translate,
    private readonly out: (text: string) => void,
  ) {}

  print(event: LocalEvent): void {
    if (event.kind === 'callback_answer') {
      const persona = personaByChat(event.userId);
      if (!persona) return;
      const t = this.tFor(event.userId);
      this.out(renderNotice(t('local:popup', { persona: t(`local:persona.${persona.name}`), text: event.text })));
      return;
    }
    if (event.kind === 'deleted') {
      const shown = this.shownByKey.get(`${event.chatId}:${event.messageId}`);
      const persona = personaByChat(event.chatId);
      if (!shown || !persona) return;
      const t = this.tFor(event.chatId);
      this.out(renderNotice(t('local:deleted', { n: shown.n, persona: t(`local:persona.${persona.name}`) })));
      return;
    }
    const m = event.message;
    const persona = personaByChat(m.chatId);
    if (!persona) return;
    const key = `${m.chatId}:${m.messageId}`;
    let shown = this.shownByKey.get(key);
    if (!shown) {
      shown = { n: this.nextNumber++, chatId: m.chatId, messageId: m.messageId };
      this.shownByKey.set(key, shown);
      this.shownByNumber.set(shown.n, shown);
    }
    const hasButtons = numberedButtons(m).length > 0;
    if (hasButtons && (event.kind === 'message' || this.latestKeyboard.get(m.chatId) === undefined)) {
      this.latestKeyboard.set(m.chatId, shown);
      if (event.kind === 'message') this.openKeyboard.set(m.chatId, shown);
    }
    if (!hasButtons) {
      // An edit that removed the buttons closes that keyboard.
      if (this.latestKeyboard.get(m.chatId)?.n === shown.n) this.latestKeyboard.delete(m.chatId);
      if (this.openKeyboard.get(m.chatId)?.n === shown.n) this.openKeyboard.delete(m.chatId);
    }
    const t = this.tFor(m.chatId);
    this.out(renderMessage(t, shown.n, t(`local:persona.${persona.name}`), m, event.kind === 'edited'));
  }
}

/** A message as Telegram would put it in an update (reply_to_message of a persona's reply). */
export function asTelegram(bot: UserFromGetMe, m: LocalMessage) {
  return {
    message_id: m.messageId,
    date: m.date,
    chat: { id: m.chatId, type: 'private' as const, first_name: personaByChat(m.chatId)?.firstName ?? 'local' },
    from: { id: bot.id, is_bot: true as const, first_name: bot.first_name, username: bot.username },
    ...(m.file ? { caption: m.text } : { text: m.text }),
    ...(m.buttons.length
      ? {
          reply_markup: {
            inline_keyboard: m.buttons.map((row) =>
              row.map((b) =>
                b.url ? { text: b.text, url: b.url } : { text: b.text, callback_data: b.callbackData ?? '' },
              ),
            ),
          },
        }
      : {}),
  };
}

/** The Telegram user a persona is (the `from` of its messages and taps). */
export function personaUser(persona: Persona, languageCode: string) {
  return { id: persona.userId, is_bot: false as const, first_name: persona.firstName, language_code: languageCode };
}
