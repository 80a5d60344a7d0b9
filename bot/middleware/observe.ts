import type { MiddlewareFn } from 'grammy';
import { runInScope } from '../../src/observability/scope';
import type { BotContext } from '../context';

/** The kind of an update: the name of its one payload field (message, callback_query, my_chat_member, ...). */
export function updateKind(update: object): string {
  return Object.keys(update).find((k) => k !== 'update_id') ?? 'unknown';
}

/**
 * Second middleware (after deps): the update's log scope and its metrics. Every line logged while the
 * update is handled carries update_id, chat_id and user_id (ids only: no names, no text); the update is
 * counted by kind and outcome, timed, and the SQL statements it caused are counted (GET /metrics).
 */
export const observeUpdates: MiddlewareFn<BotContext> = (ctx, next) => {
  const kind = updateKind(ctx.update);
  const started = performance.now();
  return runInScope(
    { update_id: ctx.update.update_id, chat_id: ctx.chat?.id, user_id: ctx.from?.id, update_kind: kind },
    async (scope) => {
      let outcome: 'ok' | 'error' = 'error';
      try {
        await next();
        outcome = scope.failed ? 'error' : 'ok';
      } finally {
        const seconds = (performance.now() - started) / 1000;
        ctx.deps.metrics?.updateHandled(kind, outcome, seconds, scope.statements);
        // One line per update for an operator to follow (the scope adds update_id, chat_id, user_id, req_id).
        ctx.deps.logger.info(
          { outcome, ms: Math.round(seconds * 1000), statements: scope.statements },
          'update handled',
        );
      }
    },
  );
};
