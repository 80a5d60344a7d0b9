/** Telegram's limits (Bot API documentation; flood limits from the Bot FAQ). The one place the stand-in reads them. */
export const TELEGRAM_LIMITS = {
  /** Characters of a message text (after entity parsing; counted here on the raw text, which is stricter). */
  text: 4096,
  /** Characters of a photo or document caption. */
  caption: 1024,
  /** Bytes of an inline button's callback_data. */
  callbackDataBytes: 64,
  /** Messages per second to all chats together. */
  perSecond: 30,
  /** Milliseconds between two messages to one chat. */
  perChatIntervalMs: 1000,
} as const;

/** A Bot API error answer. */
export interface ApiError {
  ok: false;
  error_code: number;
  description: string;
  parameters?: { retry_after?: number };
}

export function apiError(error_code: number, description: string, retryAfter?: number): ApiError {
  return {
    ok: false,
    error_code,
    description,
    ...(retryAfter !== undefined ? { parameters: { retry_after: retryAfter } } : {}),
  };
}

/** Flood limits: how many messages per second overall, and the interval between two to one chat. */
export interface FloodLimits {
  perSecond: number;
  perChatIntervalMs: number;
}

/**
 * Telegram's flood control as a sliding window: at most `perSecond` accepted messages in any second, and
 * `perChatIntervalMs` between two messages to one chat; beyond, 429 with retry_after (whole seconds, ≥ 1).
 */
export class FloodGate {
  private readonly recent: number[] = [];
  private readonly lastPerChat = new Map<string, number>();

  constructor(private readonly limits: FloodLimits) {}

  /** `undefined` when the message may go now (and it is counted), else the retry_after in seconds. */
  admit(chatId: string, at: number): number | undefined {
    while (this.recent.length && this.recent[0]! <= at - 1000) this.recent.shift();
    const last = this.lastPerChat.get(chatId);
    let retryMs = 0;
    if (this.recent.length >= this.limits.perSecond) retryMs = this.recent[0]! + 1000 - at;
    if (last !== undefined && at - last < this.limits.perChatIntervalMs)
      retryMs = Math.max(retryMs, last + this.limits.perChatIntervalMs - at);
    if (retryMs > 0) return Math.max(1, Math.ceil(retryMs / 1000));
    this.recent.push(at);
    this.lastPerChat.set(chatId, at);
    return undefined;
  }
}

/** What Telegram refuses in the text of a message or an edit: too long, or empty. */
export function textRefusal(text: string, kind: 'text' | 'caption', mayBeEmpty: boolean): ApiError | undefined {
  if (kind === 'text' && !mayBeEmpty && text.trim() === '') return apiError(400, 'Bad Request: message text is empty');
  if (text.length > TELEGRAM_LIMITS[kind])
    return apiError(400, `Bad Request: ${kind === 'text' ? 'message is too long' : 'message caption is too long'}`);
  return undefined;
}
