import type { AcceptedMessage, ApiAnswer, RecordedCall } from './types';

/** A message sent to a chat, as the tests read it back: the method, its text or caption, the request, its id. */
export type SentMessage = { method: string; text: string; payload: Record<string, any>; messageId: number };

/**
 * What the stand-in was asked and answered: every call in order, the messages Telegram accepted, and the 429s it
 * gave — the record the tests, the chaos run and the benchmarks read.
 */
export class CallLog {
  readonly calls: RecordedCall[] = [];
  readonly accepted: AcceptedMessage[] = [];
  readonly rejected429: Array<{ chatId: string; at: number; retryAfter: number }> = [];

  /** Records one answered call at `at` (ms of the stand-in's clock) and returns the answer. */
  record(method: string, payload: Record<string, any>, answer: ApiAnswer, at: number): ApiAnswer {
    this.calls.push({ method, payload, result: answer.ok ? answer.result : answer, at });
    const chatId = String(payload.chat_id ?? '');
    if (answer.ok && method.startsWith('send'))
      this.accepted.push({ method, chatId, text: String(payload.text ?? payload.caption ?? ''), at });
    if (!answer.ok && answer.error_code === 429)
      this.rejected429.push({ chatId, at, retryAfter: answer.parameters?.retry_after ?? 1 });
    return answer;
  }

  /** Messages (texts, captions, edits) sent to one chat, in order. */
  sentTo(chatId: number | bigint | string): SentMessage[] {
    const kinds = ['sendMessage', 'sendPhoto', 'sendMediaGroup', 'sendDocument', 'editMessageText'];
    return this.calls
      .filter((c) => kinds.includes(c.method) && String(c.payload.chat_id) === String(chatId))
      .map((c) => ({
        method: c.method,
        text: String(c.payload.text ?? c.payload.caption ?? ''),
        payload: c.payload,
        messageId: (c.result as { message_id?: number } | undefined)?.message_id ?? 0,
      }));
  }
}
