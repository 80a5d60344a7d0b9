import type { Db } from '../../db';
import { audit, type Actor } from '../../services/audit';
import { type Grant, lawRole } from '../../services/staff';
import { type SharedLimits, wrongLogins } from '../client-limits';

/**
 * What guards the desk's sign-in with Telegram's Login Widget (login.ts):
 * - failed sign-ins are counted per client address (its IPv4 address or IPv6 /64, client-limits.ts) and per Telegram
 *   id; past the limit within the window the sign-in is refused (429, a page saying when to try again), the right
 *   answer too, or guessing would simply go on. A Telegram id is counted only when Telegram's hash held (a stale or
 *   replayed answer, an account with no grant): a forged answer names nobody, and counting it against the id it
 *   claims would let anyone lock an official out;
 * - an answer of Telegram's is used once: its hash is remembered until its `auth_date` is too old anyway, so the
 *   same answer sent again (a copied address, a link in a browser's history) signs nobody in;
 * - each sign-in, taken or refused, is an audit event `desk.login`: the result, why, and the Telegram id when
 *   Telegram vouched for it — never a name, a username, a photo or the client's address.
 * Counted in the deployment's Redis when given (`<prefix>:http:desk-login:…`, `<prefix>:http:desk-login-used:…`),
 * else in this process's memory.
 */

/** Failed sign-ins from one address, and for one Telegram id, before the sign-in is refused for a while. */
export const DESK_LOGIN_FAILURES_PER_ADDRESS = 20;
export const DESK_LOGIN_FAILURES_PER_USER = 5;
/** How long failures are counted (and a throttled address or id waits at most). */
export const DESK_LOGIN_WINDOW_MS = 15 * 60_000;
/** Most used answers remembered in one process's memory (Redis away); the oldest forgotten first. */
const MAX_REMEMBERED = 20_000;

/** Why a sign-in was refused (the audit's `reason`). */
export type LoginRefusal = 'throttled' | 'not_begun' | 'malformed' | 'forged' | 'stale' | 'replayed' | 'not_staff';

export interface LoginGuard {
  /** Seconds until this address (and this id, when named) may try again; 0: now. */
  blockedFor(address: string, telegramId: bigint | undefined, now: number): Promise<number>;
  failed(address: string, telegramId: bigint | undefined, now: number): Promise<void>;
  succeeded(address: string, telegramId: bigint): Promise<void>;
  /** True the first time Telegram's answer with this hash is used; false when it was used before. */
  firstUse(hash: string, ttlMs: number, now: number): Promise<boolean>;
}

export function loginGuard(shared: SharedLimits | undefined): LoginGuard {
  const byAddress = wrongLogins(DESK_LOGIN_FAILURES_PER_ADDRESS, DESK_LOGIN_WINDOW_MS, shared, 'desk-login');
  const byUser = wrongLogins(DESK_LOGIN_FAILURES_PER_USER, DESK_LOGIN_WINDOW_MS, shared, 'desk-login-user');
  const used = new Map<string, number>();
  const userKey = (id: bigint) => `tg:${id}`;
  const firstUseHere = (hash: string, ttlMs: number, now: number): boolean => {
    const until = used.get(hash);
    if (until !== undefined && until > now) return false;
    used.delete(hash);
    if (used.size >= MAX_REMEMBERED) used.delete(used.keys().next().value!);
    used.set(hash, now + ttlMs);
    return true;
  };
  return {
    async blockedFor(address, telegramId, now) {
      const a = await byAddress.blockedFor(address, now);
      const u = telegramId === undefined ? 0 : await byUser.blockedFor(userKey(telegramId), now);
      return Math.max(a, u);
    },
    async failed(address, telegramId, now) {
      await byAddress.failed(address, now);
      if (telegramId !== undefined) await byUser.failed(userKey(telegramId), now);
    },
    async succeeded(address, telegramId) {
      await byAddress.succeeded(address);
      await byUser.succeeded(userKey(telegramId));
    },
    async firstUse(hash, ttlMs, now) {
      // Both: this process's memory always, Redis for the other processes of the deployment when it answers.
      const here = firstUseHere(hash, ttlMs, now);
      if (!shared) return here;
      try {
        const set = await shared.redis.set(`${shared.prefix}:http:desk-login-used:${hash}`, '1', 'PX', ttlMs, 'NX');
        return here && set === 'OK';
      } catch {
        return here;
      }
    },
  };
}

/** The audit event of one sign-in: taken (with the official's first grant) or refused (why). */
export async function auditLogin(
  db: Db,
  outcome:
    | { ok: true; telegramId: bigint; grants: readonly Grant[] }
    | { ok: false; reason: LoginRefusal; telegramId?: bigint },
): Promise<void> {
  const first = outcome.ok ? outcome.grants[0] : undefined;
  const actor: Actor = {
    telegramId: outcome.telegramId ?? null,
    staffId: first?.staffId ?? null,
    role: first ? lawRole(first.role) : 'system',
  };
  await audit(db, actor, 'desk.login', null, {
    via: 'login_widget',
    result: outcome.ok ? 'signed_in' : 'refused',
    ...(outcome.ok ? { grants: outcome.grants.length } : { reason: outcome.reason }),
  });
}
