import type { UserFromGetMe } from 'grammy/types';
import { TelegramStandIn } from './telegram/stand-in';

export type { LocalButton, LocalMessage } from './telegram/wire';
export type { LocalEvent } from './telegram/stand-in';

/** Options of the local chat's stand-in: who can be written to, where files go, and the app's clock for message dates. */
export interface LocalBotApiOptions {
  botInfo: UserFromGetMe;
  /** Chats that exist (the personas' private chats); others answer 400 "chat not found" as Telegram does. */
  isKnownChat: (chatId: number) => boolean;
  /** Folder for photos and documents the bot sends. */
  filesDir: string;
  now: () => Date;
  /** Message ids already used per chat (restored after a restart so ids never repeat in a chat). */
  nextMessageIds?: Record<string, number>;
  /** Telegram's flood limits (src/local.ts: the deployment's TELEGRAM_GLOBAL_PER_SECOND and TELEGRAM_PER_CHAT_INTERVAL_MS); default off. */
  flood?: { perSecond: number; perChatIntervalMs: number } | false;
}

/**
 * The local chat's Telegram: the one stand-in (bot/local/telegram/stand-in.ts) with Telegram's memory of
 * messages (edits, deletions and callback answers of unknown messages are refused), the personas' chats
 * only, and sent files saved under DATA_DIR/local-files.
 */
export class LocalBotApi extends TelegramStandIn {
  constructor(options: LocalBotApiOptions) {
    super({ ...options, flood: options.flood ?? false, strictState: true });
  }
}
