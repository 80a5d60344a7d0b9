import { TelegramStandIn, type TelegramStandInOptions } from '../../bot/local/telegram/stand-in';

export type { RecordedCall, Responder } from '../../bot/local/telegram/stand-in';
export type { UploadedFile } from '../../bot/local/telegram/wire';

/**
 * The tests' Telegram: the one stand-in (bot/local/telegram/stand-in.ts), plugged into grammY through
 * `client.fetch`. Telegram's size limits hold (4096 / 1024 characters, 64-byte callback data: an over-long
 * message fails the test that sends it); `respond()` makes calls fail (403 blocked, 429 retry_after, a thrown
 * network error). Two things are relaxed by default, and a test may turn them on: the flood limits (a
 * handler's replies leave in a burst when no jobs runtime paces them; the jobs tests and the benchmarks
 * enforce them), and Telegram's memory of messages (tests forge updates about messages the bot never sent).
 * Message ids are unique across chats, starting at 1000, so they never meet the ids of the users' messages.
 */
export class FakeBotApi extends TelegramStandIn {
  private nextId = 1000;

  constructor(options: TelegramStandInOptions = {}) {
    super({ flood: false, strictState: false, ...options });
  }

  override allocateMessageId(): number {
    return this.nextId++;
  }
}
