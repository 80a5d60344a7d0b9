import type { UserFromGetMe } from 'grammy/types';
import type { ApiError, FloodLimits } from './limits';
import type { LocalMessage } from './wire';

export type ApiAnswer = { ok: true; result: unknown } | ApiError;
/** A test's own answer for some calls (undefined: the stand-in answers); it may also throw (a network error). */
export type Responder = (method: string, payload: Record<string, any>) => ApiAnswer | undefined;

/** One Bot API call, as the stand-in saw it. */
export interface RecordedCall {
  method: string;
  payload: Record<string, any>;
  /** The answer (a Message for sends and edits, the error for a refusal). */
  result: unknown;
  /** ms since the stand-in was created (performance clock). */
  at: number;
}

/** A message Telegram would have shown: accepted by every limit. */
export interface AcceptedMessage {
  method: string;
  chatId: string;
  text: string;
  /** ms since the stand-in was created (performance clock). */
  at: number;
}

/** What the stand-in emits to its listeners (the local chat prints them). */
export type LocalEvent =
  | { kind: 'message'; message: LocalMessage }
  | { kind: 'edited'; message: LocalMessage }
  | { kind: 'deleted'; chatId: number; messageId: number }
  | { kind: 'callback_answer'; userId: number; text: string; alert: boolean };

/** How the stand-in fails while `failing` is on (fractions of the calls; the rest are 429s). */
export interface FailureMix {
  serverError: number;
  /** Held for `timeoutHoldMs`, then no answer at all (the connection dropped). */
  timeout: number;
  maxRetryAfter: number;
  timeoutHoldMs: number;
}

export interface TelegramStandInOptions {
  botInfo?: UserFromGetMe;
  /** Chats that exist; others answer 400 "chat not found" (default: every chat exists). */
  isKnownChat?: (chatId: number) => boolean;
  /** Where sent photos and documents are saved (default: kept in memory only, in the recorded payload). */
  filesDir?: string;
  /** Message dates (the app's clock). */
  now?: () => Date;
  /** Telegram's flood limits → 429 with retry_after (default on, 30/s and 1 s per chat; false: off). */
  flood?: FloodLimits | false;
  /**
   * Telegram's memory of messages: editing, deleting a message it does not hold, an edit that changes
   * nothing, an unknown callback query → 400 (default true; tests that forge updates turn it off).
   */
  strictState?: boolean;
  /** Simulated network and processing time per call, and up to this much random extra. */
  latencyMs?: number;
  jitterMs?: number;
  /** Message ids already used per chat (restored after a restart so ids never repeat in a chat). */
  nextMessageIds?: Record<string, number>;
}

/** The test bot's identity unless the caller gives one. */
export const STAND_IN_BOT: UserFromGetMe = {
  id: 7000000001,
  is_bot: true,
  first_name: 'Kanji Sahayak',
  username: 'KanjiSahayakTestBot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
} as UserFromGetMe;

/** The answer to a call the stand-in drops (a simulated timeout): no HTTP answer at all. */
export const DROPPED = Symbol('dropped');
