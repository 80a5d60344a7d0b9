import type { MiddlewareFn } from 'grammy';
import type { BotContext, BotDeps } from '../context';

/** First middleware: puts the dependencies on the context (no globals). */
export function attachDeps(deps: BotDeps): MiddlewareFn<BotContext> {
  return (ctx, next) => {
    ctx.deps = deps;
    ctx.staff = [];
    return next();
  };
}
