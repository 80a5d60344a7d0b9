import { Bot, type ApiClientOptions } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { BotContext, BotDeps } from './context';
import { features, lastFeature } from './features';
import { attachDeps } from './middleware/deps';
import { dedupeUpdates, FinishedClaims } from './middleware/dedupe-updates';
import { handleBotError } from './middleware/errors';
import { observeUpdates } from './middleware/observe';
import { dbSession, HeldLeases, inChatOrder } from './middleware/session-storage';
import { loadUser, UserCache } from './middleware/user';

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
 * The bot, and what it keeps across updates: its users' languages and grants (`users`; a test forgets one there) and
 * the session leases it holds (`leases`, ended at shutdown: src/app.ts).
 */
export type KanjiBot = Bot<BotContext> & { readonly users: UserCache; readonly leases: HeldLeases };

/**
 * The composition of the bot. Middleware order is fixed and reads top to bottom:
 * deps → log scope & metrics → per-chat order → replay guard → user & language & roles → session (one update per chat at a
 * time, across processes) → [error boundary: features → unhandled, for updates that have a sender].
 */
export function createBot(token: string, deps: BotDeps, options: CreateBotOptions = {}): KanjiBot {
  const bot = new Bot<BotContext>(token, {
    ...(options.client ? { client: options.client } : {}),
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
  });
  // What the middleware keeps across updates lives here, one of each per bot; what it learns about one update (the
  // session key, the lease taken with the claim, the user) goes on that update's context.
  const users = new UserCache(options.userCacheTtlMs);
  const leases = new HeldLeases(deps.db, deps.logger);
  const claims = new FinishedClaims(deps.db, deps.clock, deps.logger);
  // Every update runs them all, in this order (plain grammY middleware).
  bot.use(
    attachDeps(deps),
    observeUpdates,
    // Replies share the deployment's Telegram budget with the sender and wait out a 429 (jobs/reply-limiter.ts).
    (ctx: BotContext, next: () => Promise<void>) => {
      if (deps.replyTransformer) ctx.api.config.use(deps.replyTransformer);
      return next();
    },
    // One update of a chat at a time, in arrival order (webhooks, the runner's long polling, the local chat alike).
    inChatOrder(),
    dedupeUpdates(claims, leases),
    loadUser(users),
    dbSession(leases),
  );
  // A handler that fails is answered ("nothing was changed, try again") and logged here, the same way under
  // long polling, webhooks and tests. Failures before this point (the database down while reading the
  // user or session) still propagate, so a webhook answers 500 and Telegram delivers the update again.
  const flows = bot.errorBoundary(handleBotError);
  // An update from nobody outside a private chat (a channel post, a message sent as a group, a poll's new state, a
  // reaction count, a boost, a kind Telegram adds later) has no one to answer and no conversation: claimed above, so
  // a redelivery is skipped, and left there — a command posted in a channel the bot administers is not answered into
  // the channel. A private chat has one person in it, who is answered.
  flows.filter((ctx) => ctx.from !== undefined || ctx.chat?.type === 'private').use(...features, lastFeature);
  bot.catch(handleBotError);
  return Object.assign(bot, { users, leases });
}
