import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What is being worked on right now — one Telegram update, one job, one HTTP request — carried through
 * every await by AsyncLocalStorage. The root logger mixes `log` into each line it writes (src/logging.ts),
 * so any `deps.logger` call made while handling an update is in effect that update's child logger; the
 * database adapter counts the SQL statements the unit of work issued (src/db/count-statements.ts).
 * Only ids go into `log`: never a name, a phone number or a message text.
 */
export interface WorkScope {
  log: Record<string, string | number>;
  statements: number;
  /** Set by the bot's error handler: the update was answered with "something went wrong". */
  failed?: boolean;
}

export const workScope = new AsyncLocalStorage<WorkScope>();

/** Runs `fn` in a new scope whose log fields extend the enclosing one's (an update inside an HTTP request keeps its req_id). */
export function runInScope<T>(fields: Record<string, string | number | undefined>, fn: (scope: WorkScope) => T): T {
  const log: Record<string, string | number> = { ...workScope.getStore()?.log };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) log[k] = v;
  const scope: WorkScope = { log, statements: 0 };
  return workScope.run(scope, () => fn(scope));
}

/** The log fields of the current unit of work (empty outside one). */
export function scopeFields(): Record<string, string | number> {
  return workScope.getStore()?.log ?? {};
}

/** Counts one SQL statement against the current unit of work. */
export function countStatement(): void {
  const s = workScope.getStore();
  if (s) s.statements += 1;
}

/** Marks the current update as failed (its handler threw and the user got the generic error). */
export function markFailed(): void {
  const s = workScope.getStore();
  if (s) s.failed = true;
}
