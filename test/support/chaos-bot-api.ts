import { TelegramStandIn, type AcceptedMessage, type FailureMix } from '../../bot/local/telegram/stand-in';
import { serveStandIn, type StandInServer } from '../../bot/local/telegram/http';

/** One message the stand-in accepted (Telegram would have shown it in the chat). */
export type ChaosAccepted = AcceptedMessage;
export type { FailureMix };

/**
 * The chaos script's Telegram: the one stand-in over HTTP. It counts every message per chat, enforces
 * Telegram's flood limits (30/s, 1/s per chat → 429 with retry_after, counted apart) and, while `failing`,
 * answers a mix of 5xx, timeouts and 429s. A simulated timeout is a request that Telegram never processed
 * (held, then the connection dropped): a message that was delivered but whose answer was lost cannot be
 * told apart by any client and is the same window as a kill -9 in flight (see docs/JOBS.md, "The window").
 */
export class ChaosBotApi extends TelegramStandIn {
  private server: StandInServer | undefined;
  url = '';

  constructor(
    mix: FailureMix = { serverError: 0.4, timeout: 0.25, maxRetryAfter: 5, timeoutHoldMs: 10_000 },
    limits = { perSecond: 30, perChatIntervalMs: 1000 },
  ) {
    super({ flood: limits, strictState: false });
    this.failureMix = mix;
  }

  async start(): Promise<string> {
    this.server = await serveStandIn(this);
    this.url = this.server.url;
    return this.url;
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }
}
