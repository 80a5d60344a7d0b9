import { Bot, type ApiClientOptions } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { BotContext, BotDeps } from './context';
import { features, lastFeature } from './features';
import { inOrder, routeFeatures } from './features/feature';
import { attachDeps } from './middleware/deps';
import { dedupeUpdates } from './middleware/dedupe-updates';
import { handleBotError } from './middleware/errors';
import { observeUpdates } from './middleware/observe';
import { dbSession, inChatOrder } from './middleware/session-storage';
import { loadUser } from './middleware/user';

export type { BotContext, BotDeps } from './context';

export interface CreateBotOptions {
  /** Bot API client options: tests plug a fake in through `fetch`, the local chat through `apiRoot`. */
  client?: ApiClientOptions;
  /** Skip getMe (tests, local chat). */
  botInfo?: UserFromGetMe;
  /** How long a user's language and grants are cached in-process (bot/middleware/user.ts); 0 turns the cache off. */
  userCacheTtlMs?: number;
}

/**
 * The composition of the bot. Middleware order is fixed and reads top to bottom:
 * deps → log scope & metrics → per-chat order → replay guard → user & language & roles → session (one update per chat at a
 * time, across processes) → [error boundary: features → unhandled, for updates that have a sender].
 */
export function createBot(token: string, deps: BotDeps, options: CreateBotOptions = {}): Bot<BotContext> {
  const bot = new Bot<BotContext>(token, {
    ...(options.client ? { client: options.client } : {}),
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
  });
  const user = loadUser(options.userCacheTtlMs);
  // Chained without grammY's two async frames per step (bot/features/feature.ts `inOrder`): every update runs them all.
  bot.use(
    inOrder([
      attachDeps(deps),
      observeUpdates,
      // Replies share the deployment's Telegram budget with the sender and wait out a 429 (jobs/reply-limiter.ts).
      (ctx, next) => {
        if (deps.replyTransformer) ctx.api.config.use(deps.replyTransformer);
        return next();
      },
      // One update of a chat at a time, in arrival order (webhooks, the runner's long polling, the local chat alike).
      inChatOrder(),
      // The claim carries the user's refresh when his cached record cannot serve (and the screen's likely read).
      dedupeUpdates(user.refreshAhead),
      user.load,
      dbSession(),
    ]),
  );
  // A handler that fails is answered ("nothing was changed, try again") and logged here, the same way under
  // long polling, webhooks and tests. Failures before this point (the database down while reading the
  // user or session) still propagate, so a webhook answers 500 and Telegram delivers the update again.
  const flows = bot.errorBoundary(handleBotError);
  // An update from nobody outside a private chat (a channel post, a message sent as a group, a poll's new state, a
  // reaction count, a boost, a kind Telegram adds later) has no one to answer and no conversation: claimed above, so
  // a redelivery is skipped, and left there — a command posted in a channel the bot administers is not answered into
  // the channel. A private chat has one person in it, who is answered.
  flows
    .filter((ctx) => ctx.from !== undefined || ctx.chat?.type === 'private')
    .use(routeFeatures([...features, lastFeature]));
  bot.catch(handleBotError);
  return bot;
}
