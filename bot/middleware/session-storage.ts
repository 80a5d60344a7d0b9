import { randomUUID } from 'node:crypto';
import { sequentialize } from '@grammyjs/runner';
import type { MiddlewareFn } from 'grammy';
import { Prisma, type Db } from '../../src/db';
import type { Logger } from '../../src/logging';
import type { BotContext, SessionData } from '../context';

/**
 * The per-chat session in the database (BotSession), so a restart loses no half-finished flow — and one
 * update of a chat at a time, in order, under long polling and webhooks, in one process or several:
 *
 * 1. In this bot instance, updates of one session key (chat and sender) queue behind each other in arrival
 *    order (grammY hands webhook updates over concurrently; the runner does too).
 * 2. Across processes sharing the database (several bot processes behind one webhook), the session row is a
 *    lease: one statement takes it and reads the session (insert-if-absent … ON CONFLICT DO UPDATE … WHERE the
 *    lease is free … RETURNING value); a process that finds it taken waits and tries again. A lease whose
 *    session changed ends with one statement that writes it. A lease whose session did not change (most
 *    updates) is *held* for at most HOLD_MS and then ended together with the other held ones: in this process's
 *    next claim statement (dedupe-updates.ts) or, when none comes, in one statement of its own; the chat's next
 *    update in this process takes a held lease over without waiting. A lease left by a killed process lapses
 *    after LEASE_MS (by deps.clock).
 *
 * So a flow's session is never read-modify-written by two updates at once: two quick messages of one chat are
 * handled one after the other, and neither is lost (a lease ends only after its update's run, held or not).
 * The lease is normally taken in the same statement as the update's claim (dedupe-updates.ts), so the fixed
 * cost of an update that changes no session is that one statement.
 */
export const LEASE_MS = 20_000;
/** The lease's end (`lockedUntil`) for a lease taken at `now`. */
export const leaseUntil = (now: Date) => new Date(now.getTime() + LEASE_MS);
/** How long an update waits for another process's lease before failing (the webhook answers 500, Telegram retries). */
export const LEASE_WAIT_MS = 25_000;
const RETRY_MS = 10;
/** How long a lease whose session did not change is held before it ends without a claim to ride on. */
export const HOLD_MS = 20;

/**
 * The session key: chat and sender ("<chat id>:<user id>"); undefined for updates without both (no lease is taken,
 * the update is not queued behind a chat's, and its session is its own: `defineSession`). Worked out once per update
 * by `inChatOrder` into `ctx.sessionKey`, which the chat order, the claim and the session read.
 */
function sessionKeyOf(ctx: BotContext): string | undefined {
  return ctx.chat && ctx.from ? `${ctx.chat.id}:${ctx.from.id}` : undefined;
}

/** Ends a lease taken with the claim that the session middleware never used (a failure before it). */
export async function releaseUnusedLease(ctx: BotContext): Promise<void> {
  const lease = ctx.lease;
  const key = ctx.sessionKey;
  if (!lease || key === undefined) return;
  ctx.lease = undefined;
  await endLease(ctx.deps.db, key, lease.token, undefined, ctx.deps.clock.now()).catch(() => {});
}

/** The session value as stored (jsonb comes back parsed from one driver, as text from another). */
export function sessionValueOf(value: unknown): SessionData {
  return (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as SessionData;
}

async function takeLease(db: Db, key: string, token: string, now: Date): Promise<SessionData | undefined> {
  const until = leaseUntil(now);
  const rows = await db.$queryRaw<{ value: unknown }[]>(Prisma.sql`
    INSERT INTO "BotSession" ("key", "value", "updatedAt", "lockedUntil", "lockToken") VALUES (${key}, '{}'::jsonb, ${now}, ${until}, ${token})
    ON CONFLICT ("key") DO UPDATE SET "lockedUntil" = EXCLUDED."lockedUntil", "lockToken" = EXCLUDED."lockToken"
      WHERE "BotSession"."lockedUntil" IS NULL OR "BotSession"."lockedUntil" < ${now}
    RETURNING "value"`);
  if (rows.length === 0) return undefined;
  return sessionValueOf(rows[0]!.value);
}

async function endLease(db: Db, key: string, token: string, json: string | undefined, now: Date): Promise<number> {
  return json === undefined
    ? db.$executeRaw(
        Prisma.sql`UPDATE "BotSession" SET "lockedUntil" = NULL, "lockToken" = NULL WHERE "key" = ${key} AND "lockToken" = ${token}`,
      )
    : db.$executeRaw(
        Prisma.sql`UPDATE "BotSession" SET "value" = ${json}::jsonb, "updatedAt" = ${now}, "lockedUntil" = NULL, "lockToken" = NULL WHERE "key" = ${key} AND "lockToken" = ${token}`,
      );
}

/**
 * This bot's held leases (sessions unchanged, lease not yet ended) and those being ended right now; one per bot,
 * created with it (bot/index.ts) and ended at shutdown (src/app.ts).
 */
export class HeldLeases {
  private readonly tokens = new Map<string, string>();
  private readonly ending = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly logger?: Logger,
  ) {}

  /** Keeps the lease `token` on `key` (its session did not change); it ends within HOLD_MS. */
  hold(key: string, token: string): void {
    this.tokens.set(key, token);
    this.timer ??= setTimeout(() => void this.endAll(), HOLD_MS).unref();
  }

  /**
   * Before an update of `key` is claimed: the token of the held lease on it (taken over: the claim renews it), after an
   * end already under way has landed; undefined when none is held.
   */
  async take(key: string): Promise<string | undefined> {
    const ending = this.ending.get(key);
    if (ending) await ending;
    const token = this.tokens.get(key);
    if (token !== undefined) this.tokens.delete(key);
    return token;
  }

  /** The held leases to end (apart from `except`), for a statement about to run; `done` after it ran. */
  drain(except?: string): { keys: string[]; tokens: string[]; done(ok: boolean): void } {
    const keys: string[] = [];
    const tokens: string[] = [];
    if (this.tokens.size === 0) return { keys, tokens, done() {} };
    for (const [k, t] of this.tokens) {
      if (k === except) continue;
      keys.push(k);
      tokens.push(t);
    }
    for (const k of keys) this.tokens.delete(k);
    if (this.tokens.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    let finish: () => void = () => {};
    const landed = new Promise<void>((r) => (finish = r));
    for (const k of keys) this.ending.set(k, landed);
    return {
      keys,
      tokens,
      done: (ok) => {
        for (const k of keys) if (this.ending.get(k) === landed) this.ending.delete(k);
        // Not ended (the database failed): held again, tried again; they lapse after LEASE_MS at worst.
        if (!ok) {
          for (const [i, k] of keys.entries()) if (!this.tokens.has(k)) this.hold(k, tokens[i]!);
        }
        finish();
      },
    };
  }

  /** Ends every held lease now, in one statement (also at shutdown: src/app.ts). */
  async endAll(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const d = this.drain();
    if (d.keys.length === 0) return;
    let ok = false;
    try {
      await this.db.$executeRaw(endLeasesSql(d.keys, d.tokens));
      ok = true;
    } catch (err) {
      this.logger?.warn({ err }, 'held session leases not ended; tried again');
    } finally {
      d.done(ok);
    }
  }
}

/** SQL ending the leases `keys`/`tokens` (held by this process); embeddable as a CTE of the claim statement. */
export function endLeasesSql(keys: string[], tokens: string[]): Prisma.Sql {
  return Prisma.sql`UPDATE "BotSession" AS s SET "lockedUntil" = NULL, "lockToken" = NULL
      FROM unnest(${keys}::text[], ${tokens}::text[]) AS e("key", "token")
      WHERE s."key" = e."key" AND s."lockToken" = e."token"`;
}

/**
 * `ctx.session` for this update. An update without both a chat and a sender (a channel post, a message sent as a
 * chat, a tap on an inline message, a poll's new state, a kind Telegram adds later) has no conversation to keep: its
 * session is an empty one of its own, read and written by nothing but this update and never stored — so a handler
 * that asks "is this chat in a flow?" hears "no" instead of failing.
 */
function defineSession(ctx: BotContext, initial: SessionData): { current: () => SessionData } {
  let value: SessionData = initial;
  Object.defineProperty(ctx, 'session', {
    configurable: true,
    enumerable: true,
    get() {
      return value;
    },
    set(v: SessionData | null | undefined) {
      value = v ?? {};
    },
  });
  return { current: () => value };
}

/**
 * One update of a session key at a time in this bot instance, in arrival order (grammY hands webhook updates
 * over concurrently, and so does the runner under long polling): @grammyjs/runner's `sequentialize` keyed by
 * `sessionKeyOf` — the same key as the session and its lease. Installed before the update's claim (bot/index.ts),
 * so the claim and the lease are taken in order too.
 */
export function inChatOrder(): MiddlewareFn<BotContext> {
  const queue = sequentialize<BotContext>((ctx) => ctx.sessionKey);
  return (ctx, next) => {
    ctx.sessionKey = sessionKeyOf(ctx);
    return queue(ctx, next);
  };
}

/** The session middleware (replaces grammY's `session()`; the session lives in `ctx.session` as before). */
export function dbSession(leases: HeldLeases): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const key = ctx.sessionKey;
    if (key === undefined) {
      defineSession(ctx, {});
      return next();
    }
    await runLeased(ctx, key, leases, next);
  };
}

async function runLeased(ctx: BotContext, key: string, leases: HeldLeases, next: () => Promise<void>): Promise<void> {
  const { db, clock, logger } = ctx.deps;
  const early = ctx.lease;
  ctx.lease = undefined;
  const token = early?.token ?? randomUUID();
  const started = clock.now().getTime();
  let value: SessionData | undefined = early?.value;
  for (
    let waited = 0;
    value === undefined && (value = await takeLease(db, key, token, clock.now())) === undefined;
    waited += RETRY_MS
  ) {
    if (waited >= LEASE_WAIT_MS || clock.now().getTime() - started >= LEASE_WAIT_MS)
      throw new Error('session busy in another process');
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
  const before = JSON.stringify(value);
  const session = defineSession(ctx, value);
  let json: string | undefined;
  let ran = false;
  try {
    await next();
    const after = JSON.stringify(session.current());
    if (after !== before) json = after;
    ran = true;
  } finally {
    // Unchanged: the lease is held and ends lazily (with other held ones), or the chat's next update here takes it.
    if (ran && json === undefined) leases.hold(key, token);
    else {
      // On a propagated failure the session is not saved (as with grammY's session()), only the lease ends.
      const ended = await endLease(db, key, token, json, clock.now());
      if (ended !== 1)
        logger.warn(
          { update_id: ctx.update.update_id },
          'session lease lapsed before the update finished; its session change was not kept',
        );
    }
  }
}
