import type { Redis } from 'ioredis';

/**
 * One Telegram sending budget for the whole deployment, kept in Redis so every process shares it.
 *
 * Global: a leaky bucket without burst (GCRA): each send takes the next free slot, slots are
 * `1 / (perSecond × pace)` apart, so no window of one second ever holds more than `perSecond` sends
 * even with a few tens of milliseconds of network jitter (that is what `pace` < 1 buys).
 * Per chat: a chat's next send is at least `perChatIntervalMs` (with the same headroom) after its previous one.
 * A 429 pushes the global slot clock past `retry_after`, so every process stops, not just the one told.
 *
 * Times come from Redis (TIME), not from each process, so clock skew between machines cannot break it.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local gi = tonumber(ARGV[1])
local ci = tonumber(ARGV[2])
local defer = ARGV[3] == '1'
local chatNext = tonumber(redis.call('GET', KEYS[2]) or '0')
if defer and chatNext > now then
  return {1, math.floor((chatNext - now) / 1000) + 1}
end
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(tat, now, chatNext)
redis.call('SET', KEYS[1], string.format('%.0f', slot + gi), 'PX', math.floor((slot + gi - now) / 1000) + 60000)
redis.call('SET', KEYS[2], string.format('%.0f', slot + ci), 'PX', math.floor((slot + ci - now) / 1000) + 1000)
return {0, math.floor((slot - now) / 1000)}
`;

const PAUSE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local untilUs = now + tonumber(ARGV[1]) * 1000
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilUs > tat then
  redis.call('SET', KEYS[1], string.format('%.0f', untilUs), 'PX', tonumber(ARGV[1]) + 60000)
end
return 1
`;

/** The answer of `acquire`: wait `waitMs` then send, or come back after `retryInMs` (the chat is busy). */
export type SlotGrant = { kind: 'go'; waitMs: number } | { kind: 'chat_busy'; retryInMs: number };

export interface RateLimiterOptions {
  /** Telegram's global limit (TELEGRAM_GLOBAL_PER_SECOND). */
  perSecond: number;
  /** Minimum interval between two messages to one chat (TELEGRAM_PER_CHAT_INTERVAL_MS). */
  perChatIntervalMs: number;
  /** Fraction of the global limit actually used (default 0.95): headroom for network jitter. */
  pace?: number;
  /** Redis key prefix (the BullMQ prefix: one budget per deployment). */
  prefix: string;
}

/** The shared Telegram sending budget (see the comment on ACQUIRE). */
export class TelegramRateLimiter {
  readonly globalIntervalUs: number;
  readonly chatIntervalUs: number;
  private readonly globalKey: string;

  constructor(
    private readonly redis: Redis,
    private readonly opts: RateLimiterOptions,
  ) {
    this.globalIntervalUs = Math.ceil(1_000_000 / (opts.perSecond * (opts.pace ?? 0.95)));
    // The same headroom per chat: a message that leaves exactly one interval after the previous one can
    // arrive a few milliseconds early.
    this.chatIntervalUs = Math.ceil((opts.perChatIntervalMs * 1000) / (opts.pace ?? 0.95));
    this.globalKey = `${opts.prefix}:tg:global`;
  }

  /**
   * Reserves the next slot for one API call to `chatId`. With `deferIfChatBusy`, a chat that is still
   * inside its interval gets `chat_busy` and nothing is reserved (the job is re-queued, so one chat
   * cannot hold a worker); otherwise the slot waits for the chat too.
   */
  async acquire(chatId: string, deferIfChatBusy: boolean): Promise<SlotGrant> {
    const res = (await this.redis.eval(
      ACQUIRE,
      2,
      this.globalKey,
      `${this.opts.prefix}:tg:chat:${chatId}`,
      String(this.globalIntervalUs),
      String(this.chatIntervalUs),
      deferIfChatBusy ? '1' : '0',
    )) as [number, number];
    return res[0] === 1 ? { kind: 'chat_busy', retryInMs: res[1] } : { kind: 'go', waitMs: Math.max(0, res[1]) };
  }

  /** After a 429: no process sends anything for `ms` (Telegram's retry_after). */
  async pauseAll(ms: number): Promise<void> {
    await this.redis.eval(PAUSE, 1, this.globalKey, String(Math.ceil(ms)));
  }
}
