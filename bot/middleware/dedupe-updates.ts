import type { MiddlewareFn } from 'grammy';
import { Prisma, type Db } from '../../src/db';
import { queryRows, queryTogether } from '../../src/db/direct';
import { holdReadAhead } from '../../src/db/read-ahead';
import pg from 'pg';
import type { Logger } from '../../src/logging';
import type { BotContext } from '../context';
import { readAheadOf } from '../read-ahead';
import type { UserRefresh } from './user';
import { randomUUID } from 'node:crypto';
import {
  drainHeldLeases,
  endLeasesSql,
  holdLease,
  leaseUntil,
  releaseUnusedLease,
  rememberLease,
  sessionKeyOf,
  sessionValueOf,
  takeHeldLease,
} from './session-storage';

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
 *   at most every PRUNE_EVERY_MS per process), so the table does not grow and real commands are not skipped.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;
export const FORGET_AFTER_MS = 24 * 3_600_000;
export const PRUNE_EVERY_MS = 10 * 60_000;
const FLUSH_AFTER_MS = 200;
const FLUSH_AT = 100;

interface DedupeState {
  finished: bigint[];
  timer?: NodeJS.Timeout;
  lastPrune: number;
}
const states = new WeakMap<Db, DedupeState>();
function stateOf(db: Db): DedupeState {
  let s = states.get(db);
  if (!s) states.set(db, (s = { finished: [], lastPrune: -Infinity }));
  return s;
}

/**
 * Claims an update id and, when it is claimed, takes the chat's session lease (session-storage.ts) in the same
 * statement: one round trip before the handlers. `value` is undefined when the lease is held elsewhere (the
 * session middleware then waits for it). `token` may be this process's held lease on `key` (taken over and
 * renewed). The same statement ends this process's other held leases (session-storage.ts `drainHeldLeases`).
 * Sent to the pool directly on Postgres (src/db/direct.ts), and in the same round trip (src/db/pipeline.ts):
 * - `with.user`, the sender's refresh when the user middleware's cache cannot serve him (bot/middleware/user.ts);
 * - `with.screen`, the read the update's handler will most likely make (bot/read-ahead.ts), kept for the handler only
 *   when the update was claimed and its session leased here (otherwise another delivery, or another process, may act
 *   first).
 */
export async function claimUpdateAndLease(
  db: Db,
  updateId: bigint,
  key: string,
  token: string,
  now: Date,
  along: { user?: UserRefresh | undefined; screen?: Prisma.Sql | undefined } = {},
): Promise<{ claimed: boolean; value?: unknown }> {
  const lease = new Date(now.getTime() - CLAIM_LEASE_MS);
  const forget = new Date(now.getTime() - FORGET_AFTER_MS);
  const ending = drainHeldLeases(db, key);
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
    rows = (await withAlong(db, sql, along)) ?? (await queryRows<Row>(db, sql));
    ok = true;
  } finally {
    ending.done(ok);
  }
  const row = rows[0]!;
  return { claimed: Number(row.claimed) === 1, ...(Number(row.leased) === 1 ? { value: row.value } : {}) };
}

/**
 * The claim's rows, sent with the user's refresh and the screen's read in one round trip; undefined when there is
 * nothing to send with it or no round trip to save (PGlite), or when one of them failed as a statement (a case id out
 * of range, say): they were one implicit transaction (src/db/pipeline.ts), so the claim did not happen either and is
 * sent again alone (the user middleware then reads the user itself). A lost connection is not a statement's failure
 * and propagates as the claim's own would.
 */
async function withAlong<Row extends { claimed: number; leased: number }>(
  db: Db,
  claim: Prisma.Sql,
  along: { user?: UserRefresh | undefined; screen?: Prisma.Sql | undefined },
): Promise<Row[] | undefined> {
  const { user, screen } = along;
  if (!user && !screen) return undefined;
  let results: Array<Record<string, unknown>[]> | undefined;
  try {
    results = await queryTogether(db, [claim, ...(user ? [user.sql] : []), ...(screen ? [screen] : [])]);
  } catch (err) {
    if (err instanceof pg.DatabaseError) return undefined;
    throw err;
  }
  if (!results) return undefined;
  const rows = results[0] as Row[];
  if (user) user.keep(results[1]!);
  if (screen && Number(rows[0]?.claimed) === 1 && Number(rows[0]?.leased) === 1) holdReadAhead(screen, results.at(-1)!);
  return rows;
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

/** Writes the pending `finishedAt` marks in one statement. */
export async function flushFinished(db: Db, now: Date, logger?: Logger): Promise<void> {
  const s = stateOf(db);
  if (s.timer) clearTimeout(s.timer);
  s.timer = undefined;
  const ids = s.finished.splice(0);
  if (ids.length === 0) return;
  try {
    await db.processedUpdate.updateMany({
      where: { updateId: { in: ids }, finishedAt: null },
      data: { finishedAt: now },
    });
  } catch (err) {
    // Only the crash take-over depends on it (a lost mark means a possible idempotent re-run after the lease).
    logger?.warn({ err }, 'processed-update marks not written');
  }
}

function markFinished(ctx: BotContext, updateId: bigint): void {
  const { db, clock, logger } = ctx.deps;
  const s = stateOf(db);
  s.finished.push(updateId);
  if (s.finished.length >= FLUSH_AT) void flushFinished(db, clock.now(), logger);
  else s.timer ??= setTimeout(() => void flushFinished(db, clock.now(), logger), FLUSH_AFTER_MS).unref();
}

/** Deletes claims older than FORGET_AFTER_MS; runs at most every PRUNE_EVERY_MS (by deps.clock) per database. */
export async function pruneProcessedUpdates(db: Db, now: Date): Promise<number> {
  const { count } = await db.processedUpdate.deleteMany({
    where: { processedAt: { lt: new Date(now.getTime() - FORGET_AFTER_MS) } },
  });
  return count;
}

function maybePrune(ctx: BotContext, now: Date): void {
  const s = stateOf(ctx.deps.db);
  if (now.getTime() - s.lastPrune < PRUNE_EVERY_MS) return;
  s.lastPrune = now.getTime();
  pruneProcessedUpdates(ctx.deps.db, now).catch((err) =>
    ctx.deps.logger.warn({ err }, 'processed-update prune failed'),
  );
}

/**
 * Claims the update's id — with the chat's session lease in the same statement. Runs after `inChatOrder`
 * (session-storage.ts), which queues the update behind earlier ones of its chat in this bot instance.
 */
export function dedupeUpdates(userRefresh?: (ctx: BotContext) => UserRefresh | undefined): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const key = sessionKeyOf(ctx);
    const updateId = BigInt(ctx.update.update_id);
    const now = ctx.deps.clock.now();
    let claimed: boolean;
    if (key === undefined) claimed = await claimUpdate(ctx.deps.db, updateId, now);
    else {
      // This process may still hold the chat's lease from its previous update (its session unchanged): take it over.
      const held = await takeHeldLease(ctx.deps.db, key);
      const token = held ?? randomUUID();
      const r = await claimUpdateAndLease(ctx.deps.db, updateId, key, token, now, {
        user: userRefresh?.(ctx),
        screen: readAheadOf(ctx),
      });
      claimed = r.claimed;
      if ('value' in r) rememberLease(ctx, { token, value: sessionValueOf(r.value) });
      else if (held !== undefined && !claimed) holdLease(ctx.deps.db, key, held, ctx.deps.logger); // a duplicate: still ours, still held
    }
    if (!claimed) {
      ctx.deps.logger.info({ update_id: ctx.update.update_id }, 'duplicate update skipped');
      return;
    }
    maybePrune(ctx, now);
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
    markFinished(ctx, updateId);
  };
}
