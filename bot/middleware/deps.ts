import type { MiddlewareFn } from 'grammy';
import { staffActorOf } from '../../src/services/staff';
import type { BotContext, BotDeps } from '../context';
import { viaOf } from './via';

/** First middleware: puts the dependencies on the context (no globals). */
export function attachDeps(deps: BotDeps): MiddlewareFn<BotContext> {
  return (ctx, next) => {
    ctx.deps = deps;
    ctx.actor = staffActorOf([], viaOf(ctx));
    return next();
  };
}
