import type { MiddlewareFn } from 'grammy';
import type { BotContext } from '../context';

/**
 * A replayed update (webhook retry, restart during long polling) has no second effect: an update id that
 * was handled to the end is recorded in ProcessedUpdate (primary key) and skipped when it comes again.
 * It is recorded only after the handlers succeed, so a crash mid-way lets Telegram's retry finish the job;
 * the domain operations themselves are idempotent for that case.
 */
export const dedupeUpdates: MiddlewareFn<BotContext> = async (ctx, next) => {
  const updateId = BigInt(ctx.update.update_id);
  const seen = await ctx.deps.db.processedUpdate.findUnique({ where: { updateId } });
  if (seen) {
    ctx.deps.logger.info({ update_id: ctx.update.update_id }, 'duplicate update skipped');
    return;
  }
  await next();
  await ctx.deps.db.processedUpdate.createMany({ data: [{ updateId }], skipDuplicates: true });
};
