import type { MiddlewareFn } from 'grammy';
import { Prisma } from '../../src/db';
import { type Lang, userLanguage } from '../../src/i18n';
import { grantsOfRows, staffActorOf, type Grant, type GrantRow } from '../../src/services/staff';
import type { BotContext } from '../context';
import { viaOf } from './via';

/**
 * Records the Telegram user (numeric id, first name, language; never a phone number), picks the language
 * (`userLanguage`: stored choice, else Telegram's language_code, else DEFAULT_LANGUAGE) and loads active staff grants.
 *
 * Cached in-process for `ttlMs` (default USER_CACHE_TTL_MS) so an update costs no round trip for them, in the bot's
 * `UserCache` (created with the bot, bot/index.ts; `ctx.userCache`):
 * - in this process a language change (/language), an enrolment or a revocation calls `forget`, so it shows at once;
 * - the cached grants (`ctx.actor`) decide only what is harmless: which menu, greeting, command list, button or
 *   screen to show. They never decide an act: every service action that records money, releases cattle, issues a
 *   document or changes a case reads the grants again inside its own transaction (`authorizeInTx`,
 *   src/services/staff/actor.ts), and a register export reads them first (`requireStaffNow`). So a revocation —
 *   by `npm run admin -- revoke` or any other process — stops a keeper's next confirmation, release or entry at
 *   once; only what he is shown may lag, by USER_CACHE_TTL_MS at most;
 * - a changed first name or language_code in the update bypasses the cache (and is stored);
 * - `lastSeenAt` is therefore written at most once per TTL per user.
 */
export const USER_CACHE_TTL_MS = 30_000;
/** Most users kept; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 10_000;

interface CachedUser {
  firstName: string;
  languageCode: string | null;
  lang: Lang;
  staff: Grant[];
  loadedAt: number;
}

/** Users' languages and grants, kept for `ttlMs` (0: nothing kept); one per bot, created with it. */
export class UserCache {
  private readonly users = new Map<bigint, CachedUser>();

  constructor(readonly ttlMs = USER_CACHE_TTL_MS) {}

  /** The cached user, if he is still what this update may use (fresh, and the same name and language_code). */
  get(person: Person): CachedUser | undefined {
    const user = this.ttlMs > 0 ? this.users.get(person.id) : undefined;
    if (
      !user ||
      performance.now() - user.loadedAt >= this.ttlMs ||
      user.firstName !== person.firstName ||
      user.languageCode !== person.languageCode
    )
      return undefined;
    return user;
  }

  keep(id: bigint, user: CachedUser): void {
    if (this.ttlMs <= 0) return;
    this.users.delete(id);
    if (this.users.size >= MAX_ENTRIES) this.users.delete(this.users.keys().next().value!);
    this.users.set(id, user);
  }

  /** Drops a user's cached language and grants (after a language change, an enrolment or a revocation). */
  forget(telegramUserId: bigint | number): void {
    this.users.delete(BigInt(telegramUserId));
  }
}

/**
 * The statement that records the user and reads his active grants (one row per grant and pound, or one row with none),
 * sent to the pool directly on Postgres: through Prisma (an upsert, then a findMany with the pounds) it cost most of a
 * returning owner's update every USER_CACHE_TTL_MS.
 */
function userSql(id: bigint, firstName: string, languageCode: string | null, now: Date): Prisma.Sql {
  return Prisma.sql`
    WITH u AS (
      INSERT INTO "TelegramUser" ("id", "firstName", "languageCode", "createdAt", "lastSeenAt")
      VALUES (${id}, ${firstName}, ${languageCode}, ${now}, ${now})
      ON CONFLICT ("id") DO UPDATE SET "firstName" = EXCLUDED."firstName", "languageCode" = EXCLUDED."languageCode", "lastSeenAt" = EXCLUDED."lastSeenAt"
      RETURNING "language"
    )
    SELECT u."language", g."staffId", g."role", g."name", g."poundId"
    FROM u LEFT JOIN (
      SELECT s."id" AS "staffId", s."role"::text AS "role", s."name", p."poundId"
      FROM "StaffMember" s LEFT JOIN "StaffPound" p ON p."staffId" = s."id"
      WHERE s."telegramUserId" = ${id} AND s."revokedAt" IS NULL
    ) g ON true
    ORDER BY g."staffId", g."poundId"`;
}

type UserRow = GrantRow & { language: string | null };

function userOfRows(ctx: BotContext, rows: UserRow[], { firstName, languageCode }: Person): CachedUser {
  const language = rows[0]?.language ?? null;
  const staff = grantsOfRows(rows.filter((r) => r.staffId !== null));
  return {
    firstName,
    languageCode,
    lang: userLanguage(ctx.deps.config, { language, languageCode }),
    staff,
    loadedAt: performance.now(),
  };
}

/** The sender of an update who is a person (not a bot): his id (the cache's key), first name and language_code. */
interface Person {
  id: bigint;
  firstName: string;
  languageCode: string | null;
}
function personOf(ctx: BotContext): Person | undefined {
  const from = ctx.from;
  return from && !from.is_bot
    ? { id: BigInt(from.id), firstName: from.first_name, languageCode: from.language_code ?? null }
    : undefined;
}

/** The user middleware, reading from and filling `cache`. */
export function loadUser(cache: UserCache): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const { config, translator, db } = ctx.deps;
    ctx.userCache = cache;
    let lang: Lang = config.DEFAULT_LANGUAGE;
    const person = personOf(ctx);
    if (person) {
      // From the cache, else read now (and cached).
      const cached = cache.get(person);
      const user =
        cached ??
        userOfRows(
          ctx,
          await db.$queryRaw<UserRow[]>(
            userSql(person.id, person.firstName, person.languageCode, ctx.deps.clock.now()),
          ),
          person,
        );
      if (user !== cached) cache.keep(person.id, user);
      lang = user.lang;
      // A copy: handlers must not change the cached grants.
      ctx.actor = staffActorOf(
        user.staff.map((g) => ({ ...g, poundIds: [...g.poundIds] })),
        viaOf(ctx),
      );
    }
    ctx.lang = lang;
    ctx.t = translator.forLang(lang);
    return next();
  };
}
