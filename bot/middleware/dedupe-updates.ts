import type { MiddlewareFn } from 'grammy';
import { Prisma, type Db } from '../../src/db';
import type { Clock } from '../../src/clock';
import type { Logger } from '../../src/logging';
import type { BotContext } from '../context';
import { randomUUID } from 'node:crypto';
import { endLeasesSql, type HeldLeases, leaseUntil, releaseUnusedLease, sessionValueOf } from './session-storage';

/**
 * A replayed update (webhook retry, restart during long polling) has no second effect. The update id is
 * *claimed* before the handlers run, in one statement (INSERT … ON CONFLICT DO … WHERE … RETURNING), so two
 * deliveries of one id — concurrent, or a redelivery after the webhook answered 500 on a timeout while the first
 * run was still going — are handled once: only the delivery that inserted (or took over) the row goes on.
 *
 * - A handler failure that propagates (database down before the error boundary) gives the claim back, so
 *   Telegram's retry does the job.
 * - A claim whose run never finished (the process was killed) may be taken over after CLAIM_LEASE_MS; the
 *   domain operations are idempotent for that case. `finishedAt` is written in batches, not per update.
 * - Telegram keeps an undelivered update for at most 24 h and may restart update ids after a long quiet spell:
 *   an id first seen more than FORGET_AFTER_MS ago is new again, and such rows are pruned (opportunistically,
 *   at most every PRUNE_EVERY_MS per bot), so the table does not grow and real commands are not skipped.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;
export const FORGET_AFTER_MS = 24 * 3_600_000;
export const PRUNE_EVERY_MS = 10 * 60_000;
const FLUSH_AFTER_MS = 200;
const FLUSH_AT = 100;

/**
 * Claims an update id and, when it is claimed, takes the chat's session lease (session-storage.ts) in the same
 * statement: one round trip before the handlers. `value` is undefined when the lease is held elsewhere (the
 * session middleware then waits for it). `token` may be this process's held lease on `key` (taken over and
 * renewed). The same statement ends this bot's other held leases (session-storage.ts `HeldLeases`).
 */
export async function claimUpdateAndLease(
  db: Db,
  leases: HeldLeases,
  updateId: bigint,
  key: string,
  token: string,
  now: Date,
): Promise<{ claimed: boolean; value?: unknown }> {
  const lease = new Date(now.getTime() - CLAIM_LEASE_MS);
  const forget = new Date(now.getTime() - FORGET_AFTER_MS);
  const ending = leases.drain(key);
  const endHeld =
    ending.keys.length > 0 ? Prisma.sql`ended AS (${endLeasesSql(ending.keys, ending.tokens)}), ` : Prisma.empty;
  let ok = false;
  type Row = { claimed: number; leased: number; value: unknown };
  let rows: Row[];
  try {
    const sql = Prisma.sql`
    WITH ${endHeld}claim AS (
      INSERT INTO "ProcessedUpdate" ("updateId", "processedAt") VALUES (${updateId}, ${now})
      ON CONFLICT ("updateId") DO UPDATE SET "processedAt" = EXCLUDED."processedAt", "finishedAt" = NULL
        WHERE ("ProcessedUpdate"."finishedAt" IS NULL AND "ProcessedUpdate"."processedAt" < ${lease})
           OR "ProcessedUpdate"."processedAt" < ${forget}
      RETURNING 1
    ), session AS (
      INSERT INTO "BotSession" ("key", "value", "updatedAt", "lockedUntil", "lockToken")
      SELECT ${key}, '{}'::jsonb, ${now}, ${leaseUntil(now)}, ${token} WHERE EXISTS (SELECT 1 FROM claim)
      ON CONFLICT ("key") DO UPDATE SET "lockedUntil" = EXCLUDED."lockedUntil", "lockToken" = EXCLUDED."lockToken"
        WHERE "BotSession"."lockedUntil" IS NULL OR "BotSession"."lockedUntil" < ${now} OR "BotSession"."lockToken" = ${token}
      RETURNING "value"
    )
    SELECT (SELECT count(*) FROM claim)::int AS claimed, (SELECT count(*) FROM session)::int AS leased, (SELECT "value" FROM session) AS value`;
    rows = await db.$queryRaw<Row[]>(sql);
    ok = true;
  } finally {
    ending.done(ok);
  }
  const row = rows[0]!;
  return { claimed: Number(row.claimed) === 1, ...(Number(row.leased) === 1 ? { value: row.value } : {}) };
}

/** Claims an update id; true when this delivery is the one to handle it. */
export async function claimUpdate(db: Db, updateId: bigint, now: Date): Promise<boolean> {
  const lease = new Date(now.getTime() - CLAIM_LEASE_MS);
  const forget = new Date(now.getTime() - FORGET_AFTER_MS);
  const rows = await db.$queryRaw<unknown[]>`
    INSERT INTO "ProcessedUpdate" ("updateId", "processedAt") VALUES (${updateId}, ${now})
    ON CONFLICT ("updateId") DO UPDATE SET "processedAt" = EXCLUDED."processedAt", "finishedAt" = NULL
      WHERE ("ProcessedUpdate"."finishedAt" IS NULL AND "ProcessedUpdate"."processedAt" < ${lease})
         OR "ProcessedUpdate"."processedAt" < ${forget}
    RETURNING 1 AS claimed`;
  return rows.length === 1;
}

/** Deletes claims older than FORGET_AFTER_MS; runs at most every PRUNE_EVERY_MS (by deps.clock) per database. */
export async function pruneProcessedUpdates(db: Db, now: Date): Promise<number> {
  const { count } = await db.processedUpdate.deleteMany({
    where: { processedAt: { lt: new Date(now.getTime() - FORGET_AFTER_MS) } },
  });
  return count;
}

/**
 * The bot's claims that ended: their `finishedAt` marks, written in batches (FLUSH_AT, or after FLUSH_AFTER_MS), and
 * the last prune of old claims. One per bot, created with it (bot/index.ts).
 */
export class FinishedClaims {
  private finished: bigint[] = [];
  private timer: NodeJS.Timeout | undefined;
  private lastPrune = -Infinity;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {}

  /** Marks `updateId` finished: written with the next batch. */
  add(updateId: bigint): void {
    this.finished.push(updateId);
    if (this.finished.length >= FLUSH_AT) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS).unref();
  }

  /** Writes the pending `finishedAt` marks in one statement. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const ids = this.finished.splice(0);
    if (ids.length === 0) return;
    try {
      await this.db.processedUpdate.updateMany({
        where: { updateId: { in: ids }, finishedAt: null },
        data: { finishedAt: this.clock.now() },
      });
    } catch (err) {
      // Only the crash take-over depends on it (a lost mark means a possible idempotent re-run after the lease).
      this.logger?.warn({ err }, 'processed-update marks not written');
    }
  }

  /** Prunes old claims, at most every PRUNE_EVERY_MS (by the clock); in the background. */
  maybePrune(now: Date): void {
    if (now.getTime() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now.getTime();
    pruneProcessedUpdates(this.db, now).catch((err) => this.logger?.warn({ err }, 'processed-update prune failed'));
  }
}

/**
 * Claims the update's id — with the chat's session lease in the same statement. Runs after `inChatOrder`
 * (session-storage.ts), which queues the update behind earlier ones of its chat in this bot instance.
 */
export function dedupeUpdates(claims: FinishedClaims, leases: HeldLeases): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const key = ctx.sessionKey;
    const updateId = BigInt(ctx.update.update_id);
    const now = ctx.deps.clock.now();
    let claimed: boolean;
    if (key === undefined) claimed = await claimUpdate(ctx.deps.db, updateId, now);
    else {
      // This process may still hold the chat's lease from its previous update (its session unchanged): take it over.
      const held = await leases.take(key);
      const token = held ?? randomUUID();
      const r = await claimUpdateAndLease(ctx.deps.db, leases, updateId, key, token, now);
      claimed = r.claimed;
      if ('value' in r) ctx.lease = { token, value: sessionValueOf(r.value) };
      else if (held !== undefined && !claimed) leases.hold(key, held); // a duplicate: still ours, still held
    }
    if (!claimed) {
      ctx.deps.logger.info({ update_id: ctx.update.update_id }, 'duplicate update skipped');
      return;
    }
    claims.maybePrune(now);
    try {
      await next();
    } catch (err) {
      await releaseUnusedLease(ctx);
      await ctx.deps.db.processedUpdate
        .deleteMany({ where: { updateId, processedAt: now, finishedAt: null } })
        .catch(() => {});
      throw err;
    }
    await releaseUnusedLease(ctx); // no-op: the session middleware ended it
    claims.add(updateId);
  };
}
