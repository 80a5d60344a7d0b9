import { createHmac, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Fraction of Telegram's limits actually used. Messages leave evenly spaced (ADMIT spaces the departures
 * themselves, not the reservations), but they reach Telegram after varying network delays. At 30/s, 0.97
 * makes thirty intervals 1031 ms: 31 arrivals fit in one second only if the first of them is delayed ~26 ms
 * (1031 − 1000 − ADMIT's 5 ms tolerance) more than the last, beyond the jitter of a nearby Bot API (the
 * broadcast bench's fake adds 15 ± 25 ms and sees no 429). 0.93 was safe for ~75 ms but capped the rate
 * at 92.9 %; a 429 that does slip through pauses everyone for retry_after and is not lost.
 */
export const DEFAULT_PACE = 0.97;
/** How early a departure may be against the schedule (see ADMIT), in microseconds. */
const ADMIT_TOLERANCE_US = 5_000;
/** A priority-lane registration older than this (µs past the time it could leave) is a dead process's: dropped. */
const URGENT_STALE_US = 60_000_000;

/**
 * The name a chat goes by in Redis keys: 16 hex characters of an HMAC of its id under the deployment's secret,
 * so Redis (a dump, `KEYS`, a monitoring tool) never lists who is being messaged. Chat ids are few and
 * guessable, so a plain hash would not hide them; a keyed one does as long as the secret is not known.
 */
export function chatTag(secret: string, chatId: string): string {
  return createHmac('sha256', secret).update(chatId).digest('hex').slice(0, 16);
}

/** The key secret of chatTag() for a deployment: derived from the bot token (or the webhook secret). */
export function chatTagSecret(config: { BOT_TOKEN?: string | undefined; WEBHOOK_SECRET?: string | undefined }, prefix: string): string {
  return createHmac('sha256', 'kanji-sahayak/rate-limit').update(config.BOT_TOKEN ?? config.WEBHOOK_SECRET ?? prefix).digest('hex');
}

/**
 * The intervals in force: the longest any live process of the deployment announced (KEYS[5], a sorted set of
 * `globalUs:chatUs:instance` scored by when the announcement lapses). Each process's intervals come from its
 * own configuration; if two processes were configured differently (one at 5/s, one at the default 30/s), each
 * would space only its own departures and the shared schedule would let the faster one fill the gaps: the
 * budget is kept by the slowest instead. ADMIT renews this process's announcement (ARGV[6], kept a minute).
 */
const SHARED_INTERVALS = `
local function intervals(key, now, gi, ci, me)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if me ~= nil and me ~= '' then
    redis.call('ZADD', key, now + 60000000, string.format('%.0f:%.0f:%s', gi, ci, me))
    redis.call('PEXPIRE', key, 61000)
  end
  for _, m in ipairs(redis.call('ZRANGE', key, 0, -1)) do
    local g, c = string.match(m, '^(%d+):(%d+):')
    if g then
      gi = math.max(gi, tonumber(g))
      ci = math.max(ci, tonumber(c))
    end
  end
  return gi, ci
end
`;

/**
 * One Telegram sending budget for the whole deployment, kept in Redis so every process shares it.
 *
 * Global: a leaky bucket without burst (GCRA): each send takes the next free slot, slots are
 * `1 / (perSecond × pace)` apart, so no window of one second ever holds more than `perSecond` sends
 * even with some tens of milliseconds of network jitter (that is what `pace` < 1 buys).
 * Per chat: a chat's next send is at least `perChatIntervalMs` (with the same headroom) after its previous one.
 * A 429 pushes the global slot clock past `retry_after`, so every process stops, not just the one told.
 *
 * Times come from Redis (TIME), not from each process, so clock skew between machines cannot break it.
 */
const ACQUIRE = `${SHARED_INTERVALS}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local gi, ci = intervals(KEYS[5], now, tonumber(ARGV[1]), tonumber(ARGV[2]), nil)
local defer = ARGV[3] == '1'
local chatNext = tonumber(redis.call('GET', KEYS[2]) or '0')
if defer and chatNext > now then
  return {1, math.floor((chatNext - now) / 1000) + 1}
end
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
-- Follow the departures' schedule (ADMIT) when it has fallen behind (a late departure, a 429 pause), so a
-- worker wakes when it may really leave instead of queueing in ADMIT with the others.
local departed = tonumber(redis.call('GET', KEYS[3]) or '0') - tonumber(ARGV[4])
local slot
if ARGV[5] ~= '' then
  -- The priority lane: not behind the bulk's reservations, only behind the actual departures and its chat.
  -- It is registered (KEYS[4], score = when it may leave) so that ADMIT holds the bulk back until it has left.
  slot = math.max(now, chatNext, departed)
  redis.call('ZADD', KEYS[4], slot, ARGV[5])
  redis.call('PEXPIRE', KEYS[4], math.floor((slot - now) / 1000) + 120000)
  tat = math.max(tat, slot)
else
  slot = math.max(tat, now, chatNext, departed)
  tat = slot
end
redis.call('SET', KEYS[1], string.format('%.0f', tat + gi), 'PX', math.floor((tat + gi - now) / 1000) + 60000)
redis.call('SET', KEYS[2], string.format('%.0f', slot + ci), 'PX', math.floor((slot + ci - now) / 1000) + 1000)
return {0, math.floor((slot - now) / 1000)}
`;

// The last check, made right before the HTTP call, on actual departures: the previous message really
// left at least one interval ago (globally, and for this chat), and no 429 pause is running. Reservations
// (ACQUIRE) alone are not enough: a worker whose timer fires late (a busy event loop, GC) would leave later
// than its slot and bunch up with the next one, and workers released together after a pause would leave
// in a burst. Here the departures themselves are spaced, so neither can happen. It is a GCRA: the
// schedule advances by one interval per departure, and a departure may be up to TOLERANCE early, which
// absorbs the few milliseconds each wake-up is late without letting the schedule drift (in any second at
// most floor((1000 + tolerance) / interval) + 1 messages leave).
const ADMIT = `${SHARED_INTERVALS}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local gi, ci = intervals(KEYS[5], now, tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[6])
local pause = redis.call('PTTL', KEYS[3])
if pause > 0 then return {1, pause} end
local tau = tonumber(ARGV[3])
-- Bulk yields to the priority lane: a registered urgent send that may leave within one interval goes first.
-- (Entries older than URGENT_STALE are from a process that died while waiting: ignored and removed.)
if ARGV[4] == '' then
  redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - tonumber(ARGV[5]))
  if #redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', now + gi, 'LIMIT', 0, 1) > 0 then
    return {1, math.floor(gi / 1000) + 1}
  end
end
local nextAny = tonumber(redis.call('GET', KEYS[1]) or '0')
if now < nextAny - tau then return {1, math.floor((nextAny - tau - now) / 1000) + 1} end
local nextChat = tonumber(redis.call('GET', KEYS[2]) or '0')
if now < nextChat then return {1, math.floor((nextChat - now) / 1000) + 1} end
redis.call('SET', KEYS[1], string.format('%.0f', math.max(nextAny, now) + gi), 'PX', math.floor(gi / 1000) + 60000)
redis.call('SET', KEYS[2], string.format('%.0f', now + ci), 'PX', math.floor(ci / 1000) + 1000)
if ARGV[4] ~= '' then redis.call('ZREM', KEYS[4], ARGV[4]) end
return {0, 0}
`;

const PAUSE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local untilUs = now + tonumber(ARGV[1]) * 1000
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilUs > tat then
  redis.call('SET', KEYS[1], string.format('%.0f', untilUs), 'PX', tonumber(ARGV[1]) + 60000)
end
redis.call('SET', KEYS[2], '1', 'PX', tonumber(ARGV[1]))
return 1
`;

/** The answer of `acquire`: wait `waitMs` then send, or come back after `retryInMs` (the chat is busy). */
export type SlotGrant = { kind: 'go'; waitMs: number } | { kind: 'chat_busy'; retryInMs: number };

/** Settings of the shared Telegram budget. */
export interface RateLimiterOptions {
  /** Telegram's global limit (TELEGRAM_GLOBAL_PER_SECOND). */
  perSecond: number;
  /** Minimum interval between two messages to one chat (TELEGRAM_PER_CHAT_INTERVAL_MS). */
  perChatIntervalMs: number;
  /** Fraction of the limits actually used (default DEFAULT_PACE): headroom for network jitter. */
  pace?: number;
  /** Redis key prefix (the BullMQ prefix: one budget per deployment). */
  prefix: string;
  /** Secret of the chat names in keys (chatTagSecret(config, prefix)); default derived from the prefix alone. */
  chatKeySecret?: string;
}

/** The shared Telegram sending budget (see the comment on ACQUIRE). */
export class TelegramRateLimiter {
  readonly globalIntervalUs: number;
  readonly chatIntervalUs: number;
  private readonly globalKey: string;
  private readonly urgentKey: string;
  private readonly intervalsKey: string;
  /** This limiter's name in the shared intervals (SHARED_INTERVALS). */
  private readonly instance = randomUUID().slice(0, 8);
  private readonly secret: string;

  constructor(
    private readonly redis: Redis,
    private readonly opts: RateLimiterOptions,
  ) {
    this.globalIntervalUs = Math.ceil(1_000_000 / (opts.perSecond * (opts.pace ?? DEFAULT_PACE)));
    // The same headroom per chat: a message that leaves exactly one interval after the previous one can
    // arrive a few milliseconds early.
    this.chatIntervalUs = Math.ceil((opts.perChatIntervalMs * 1000) / (opts.pace ?? DEFAULT_PACE));
    this.globalKey = `${opts.prefix}:tg:global`;
    this.urgentKey = `${opts.prefix}:tg:urgent`;
    this.intervalsKey = `${opts.prefix}:tg:intervals`;
    this.secret = opts.chatKeySecret ?? chatTagSecret({}, opts.prefix);
  }

  /**
   * Runs ACQUIRE or ADMIT. Both read the priority lane and the shared intervals as KEYS[4] and KEYS[5] and take
   * this process's global and per-chat interval as ARGV[1] and ARGV[2] (SHARED_INTERVALS); the rest is each
   * script's own, after them. One place keeps that calling convention, so the two calls cannot drift from the Lua.
   */
  private async pacing(script: string, ownKeys: [string, string, string], ownArgs: string[]): Promise<[number, number]> {
    return (await this.redis.eval(
      script,
      ownKeys.length + 2,
      ...ownKeys,
      this.urgentKey,
      this.intervalsKey,
      String(this.globalIntervalUs),
      String(this.chatIntervalUs),
      ...ownArgs,
    )) as [number, number];
  }

  /** The chat's name in this limiter's Redis keys (see chatTag). */
  chatKey(chatId: string): string {
    return chatTag(this.secret, chatId);
  }

  /**
   * Reserves the next slot for one API call to `chatId`. With `deferIfChatBusy`, a chat that is still
   * inside its interval gets `chat_busy` and nothing is reserved (the job is re-queued, so one chat
   * cannot hold a worker); otherwise the slot waits for the chat too. With `urgentToken` the send takes the
   * priority lane: its slot is not behind the bulk's reservations, and bulk sends wait in ADMIT until it left.
   */
  async acquire(chatId: string, deferIfChatBusy: boolean, urgentToken = ''): Promise<SlotGrant> {
    const res = await this.pacing(
      ACQUIRE,
      [this.globalKey, `${this.opts.prefix}:tg:chat:${this.chatKey(chatId)}`, `${this.opts.prefix}:tg:departed`],
      [deferIfChatBusy ? '1' : '0', String(ADMIT_TOLERANCE_US), urgentToken],
    );
    return res[0] === 1 ? { kind: 'chat_busy', retryInMs: res[1] } : { kind: 'go', waitMs: Math.max(0, res[1]) };
  }

  /**
   * Right before the Bot API call: admitted, or wait `waitMs` and ask again. Departures are at least one
   * interval apart globally and per chat, counted on actual departures (see ADMIT).
   */
  async admit(chatId: string, urgentToken = ''): Promise<{ admitted: true } | { admitted: false; waitMs: number }> {
    const res = await this.pacing(
      ADMIT,
      [`${this.opts.prefix}:tg:departed`, `${this.opts.prefix}:tg:departed:${this.chatKey(chatId)}`, `${this.opts.prefix}:tg:pause`],
      [String(ADMIT_TOLERANCE_US), urgentToken, String(URGENT_STALE_US), this.instance],
    );
    return res[0] === 0 ? { admitted: true } : { admitted: false, waitMs: Math.max(1, res[1]) };
  }

  /**
   * Waits for a slot (acquire), then for admission; returns 'chat_busy' to defer the job. `urgent` (an
   * official's or a person's message, a reply) takes the priority lane: it leaves before the bulk sends
   * still waiting, whatever the rate. `beforeAdmit` runs right before each admission attempt (the sender's
   * lock check): whatever it costs is then not between the admission and the Bot API call, where a delay
   * would bunch this message's arrival with the next one's.
   */
  async waitTurn(chatId: string, deferIfChatBusy: boolean, urgent = false, beforeAdmit?: () => Promise<void>): Promise<SlotGrant> {
    const token = urgent ? randomUUID() : '';
    let admitted = false;
    try {
      const grant = await this.acquire(chatId, deferIfChatBusy, token);
      if (grant.kind === 'chat_busy') return grant;
      // Wake a little before the reserved slot: timers fire late, and a departure that is always a few ms late
      // would make the schedule drift (and the rate fall) — ADMIT lets it be up to its tolerance early instead.
      const early = ADMIT_TOLERANCE_US / 1000;
      if (grant.waitMs > early) await sleep(grant.waitMs - early);
      for (;;) {
        if (beforeAdmit) await beforeAdmit();
        const a = await this.admit(chatId, token);
        if (a.admitted) {
          admitted = true;
          return { kind: 'go', waitMs: 0 };
        }
        await sleep(a.waitMs);
      }
    } finally {
      // A registration that did not end in a departure (chat busy, Redis error) must not hold the bulk back.
      if (token && !admitted) await this.redis.zrem(this.urgentKey, token).catch(() => 0);
    }
  }

  /**
   * One more 429 from `chatId` in a row: returns the streak. It is kept an hour after the last one: the
   * waits between a chat's 429s double (sender.ts) and must not outlive the count; the key names the chat
   * only by its tag (chatTag), never by its id.
   */
  async chat429(chatId: string): Promise<number> {
    const key = `${this.opts.prefix}:tg:429:${this.chatKey(chatId)}`;
    const [[, n]] = (await this.redis.multi().incr(key).pexpire(key, 3_600_000).exec()) as [[unknown, number], unknown];
    return n;
  }

  /** The chat accepted a message again: its 429 streak ends. */
  async chat429Reset(chatId: string): Promise<void> {
    await this.redis.del(`${this.opts.prefix}:tg:429:${this.chatKey(chatId)}`);
  }

  /** After a 429: no process sends anything for `ms` (Telegram's retry_after). */
  async pauseAll(ms: number): Promise<void> {
    await this.redis.eval(PAUSE, 2, this.globalKey, `${this.opts.prefix}:tg:pause`, String(Math.ceil(ms)));
  }
}
