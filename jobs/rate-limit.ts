import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ACQUIRE, ADMIT, PAUSE } from './rate-limit-scripts';
import { redisTag, redisTagSecret } from '../src/redis-tag';

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
/**
 * A priority-lane registration this long (µs) past its time is a dead process's: dropped, and the bulk goes on. A
 * live waiter renews its entry to its next attempt whenever ADMIT tells it to wait, so this only has to cover a
 * late timer and a busy event loop. It was 60 s: a worker killed with an urgent send registered held every bulk
 * send of the deployment back for a minute (the chaos run: a broadcast stalled from one kill -9 to the next fault).
 */
export const URGENT_STALE_US = 3_000_000;
/**
 * Telegram counts messages in any one second as they *arrive*. Besides the even spacing, ADMIT keeps the
 * departures of the last second in a window (KEYS[6]) and admits one only while fewer than the limit left in
 * the last 1 s + WINDOW_MARGIN_US: a message delayed on its way (network jitter: the bench's fake adds up to
 * 25 ms) cannot fall in one second with the limit's worth of later ones. The spacing of DEFAULT_PACE alone
 * (30 departures span 1031 ms) left 26 ms for that, less than a late departure plus the jitter (the 429s of the
 * broadcast bench at 30/s); the window caps the rate at 30 per 1.04 s (96 %) and binds mostly when a late
 * departure is followed by punctual ones.
 */
export const WINDOW_MARGIN_US = 40_000;
/**
 * A departure later than this after its admission (a busy event loop, GC, a loaded machine) is reported
 * (`departing`): its place in the window moves to when it really left, so the lateness is not taken from the
 * margin above.
 */
const LATE_REPORT_MS = 2;
/**
 * A process's first sends count as leaving COLD_US after their admission: the first Bot API call of a fresh
 * process (module loading, the HTTP client's first connection, cold code) may leave tens of ms late, before any
 * lateness could be reported. Conservative at start, free afterwards.
 */
export const COLD_SENDS = 3;
export const COLD_US = 150_000;

/** The name a chat goes by in Redis keys (redisTag: never the chat id itself). */
export function chatTag(secret: string, chatId: string): string {
  return redisTag(secret, chatId);
}

/** The key secret of chatTag() for a deployment. */
export function chatTagSecret(
  config: { BOT_TOKEN?: string | undefined; WEBHOOK_SECRET?: string | undefined },
  prefix: string,
): string {
  return redisTagSecret('rate-limit', config, prefix);
}

/** The answer of `acquire`: wait `waitMs` then send, or come back after `retryInMs` (the chat is busy). */
export type SlotGrant =
  | { kind: 'go'; waitMs: number }
  | { kind: 'chat_busy'; retryInMs: number }
  | { kind: 'lock_lost' };

/** A BullMQ job's lock (its key and this run's token): ADMIT admits only while the run still holds it. */
export interface JobLock {
  key: string;
  token: string;
}

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

/** The shared Telegram sending budget (see the comments on ACQUIRE and ADMIT in jobs/rate-limit-scripts.ts). */
export class TelegramRateLimiter {
  readonly globalIntervalUs: number;
  readonly chatIntervalUs: number;
  private readonly globalKey: string;
  private readonly urgentKey: string;
  private readonly intervalsKey: string;
  /** This limiter's name in the shared intervals (SHARED_INTERVALS). */
  private readonly instance = randomUUID().slice(0, 8);
  private readonly secret: string;
  private readonly windowKey: string;
  /** Departures admitted so far (names this process's window entries; the first COLD_SENDS count as cold). */
  private admitted = 0;
  /** Admitted, not yet reported as leaving (`departing`), by chat. */
  private readonly leaving = new Map<string, { member: string; atUs: number; extraUs: number; local: number }>();

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
    this.windowKey = `${opts.prefix}:tg:window`;
    this.secret = opts.chatKeySecret ?? chatTagSecret({}, opts.prefix);
  }

  /**
   * Runs ACQUIRE or ADMIT. Both read the priority lane and the shared intervals as KEYS[4] and KEYS[5] and take
   * this process's global and per-chat interval as ARGV[1] and ARGV[2] (SHARED_INTERVALS); the rest is each
   * script's own, after them. One place keeps that calling convention, so the two calls cannot drift from the Lua.
   */
  private async pacing(
    script: string,
    ownKeys: [string, string, string],
    ownArgs: string[],
    laterKeys: string[] = [],
  ): Promise<[number, number, number?]> {
    return (await this.redis.eval(
      script,
      ownKeys.length + 2 + laterKeys.length,
      ...ownKeys,
      this.urgentKey,
      this.intervalsKey,
      ...laterKeys,
      String(this.globalIntervalUs),
      String(this.chatIntervalUs),
      ...ownArgs,
    )) as [number, number, number?];
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
  async acquire(
    chatId: string,
    deferIfChatBusy: boolean,
    urgentToken = '',
  ): Promise<Exclude<SlotGrant, { kind: 'lock_lost' }>> {
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
  async admit(
    chatId: string,
    urgentToken = '',
    lock?: JobLock,
  ): Promise<{ admitted: true } | { admitted: false; waitMs: number } | { admitted: false; lockLost: true }> {
    const member = `${this.instance}:${this.admitted}`;
    const extraUs = this.admitted < COLD_SENDS ? COLD_US : 0;
    const res = await this.pacing(
      ADMIT,
      [
        `${this.opts.prefix}:tg:departed`,
        `${this.opts.prefix}:tg:departed:${this.chatKey(chatId)}`,
        `${this.opts.prefix}:tg:pause`,
      ],
      [
        String(ADMIT_TOLERANCE_US),
        urgentToken,
        String(URGENT_STALE_US),
        this.instance,
        member,
        String(WINDOW_MARGIN_US),
        String(extraUs),
        String(this.opts.perSecond),
        lock?.token ?? '',
      ],
      [this.windowKey, lock?.key ?? this.windowKey],
    );
    if (res[0] === 2) return { admitted: false, lockLost: true };
    if (res[0] !== 0) return { admitted: false, waitMs: Math.max(1, res[1]) };
    this.admitted += 1;
    if (this.leaving.size >= 1000) this.leaving.delete(this.leaving.keys().next().value!); // never reported: forgotten
    this.leaving.set(chatId, { member, atUs: Number(res[2]), extraUs, local: performance.now() });
    return { admitted: true };
  }

  /**
   * Right before the Bot API call admitted for `chatId` (the sender's and the replies' API transformer): if it
   * leaves more than LATE_REPORT_MS after its admission, its entry in the window moves to now, so that the
   * limit's worth of later messages cannot arrive within one second of it. Does not wait for Redis.
   */
  departing(chatId: string): void {
    const d = this.leaving.get(chatId);
    if (!d) return;
    this.leaving.delete(chatId);
    const lateMs = performance.now() - d.local;
    if (lateMs <= LATE_REPORT_MS || !Number.isFinite(d.atUs)) return;
    const at = d.atUs + Math.max(d.extraUs, Math.ceil(lateMs * 1000));
    this.redis.zadd(this.windowKey, 'XX', 'GT', String(at), d.member).catch(() => 0);
  }

  /**
   * Waits for a slot (acquire), then for admission; returns 'chat_busy' to defer the job. `urgent` (an
   * official's or a person's message, a reply) takes the priority lane: it leaves before the bulk sends
   * still waiting, whatever the rate. `beforeAdmit` runs right before each admission attempt (the sender's
   * lock check): whatever it costs is then not between the admission and the Bot API call, where a delay
   * would bunch this message's arrival with the next one's.
   */
  async waitTurn(
    chatId: string,
    deferIfChatBusy: boolean,
    urgent = false,
    beforeAdmit?: () => Promise<void>,
    lock?: JobLock,
  ): Promise<SlotGrant> {
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
        const a = await this.admit(chatId, token, lock);
        if (a.admitted) {
          admitted = true;
          return { kind: 'go', waitMs: 0 };
        }
        if ('lockLost' in a) return { kind: 'lock_lost' };
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
