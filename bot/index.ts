import { Bot, session, type ApiClientOptions } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { BotContext, BotDeps, SessionData } from './context';
import { features, lastFeature } from './features';
import { attachDeps } from './middleware/deps';
import { dedupeUpdates } from './middleware/dedupe-updates';
import { handleBotError } from './middleware/errors';
import { prismaSessionStorage } from './middleware/session-storage';
import { loadUser } from './middleware/user';

export type { BotContext, BotDeps } from './context';

export interface CreateBotOptions {
  /** Bot API client options: tests plug a fake in through `fetch`, the local chat through `apiRoot`. */
  client?: ApiClientOptions;
  /** Skip getMe (tests, local chat). */
  botInfo?: UserFromGetMe;
}

/**
 * The composition of the bot. Middleware order is fixed and reads top to bottom:
 * deps → replay guard → user & language & roles → session → [error boundary: features → unhandled].
 */
export function createBot(token: string, deps: BotDeps, options: CreateBotOptions = {}): Bot<BotContext> {
  const bot = new Bot<BotContext>(token, {
    ...(options.client ? { client: options.client } : {}),
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
  });
  bot.use(attachDeps(deps));
  // Replies share the deployment's Telegram budget with the sender and wait out a 429 (jobs/reply-limiter.ts).
  bot.use((ctx, next) => {
    if (deps.replyTransformer) ctx.api.config.use(deps.replyTransformer);
    return next();
  });
  bot.use(dedupeUpdates);
  bot.use(loadUser);
  bot.use(
    session<SessionData, BotContext>({
      initial: () => ({}),
      storage: prismaSessionStorage<SessionData>(deps.db),
      getSessionKey: (ctx) => (ctx.chat && ctx.from ? `${ctx.chat.id}:${ctx.from.id}` : undefined),
    }),
  );
  // A handler that fails is answered ("nothing was changed, try again") and logged here, the same way under
  // long polling, webhooks and tests. Failures before this point (the database down while reading the
  // user or session) still propagate, so a webhook answers 500 and Telegram delivers the update again.
  const flows = bot.errorBoundary(handleBotError);
  for (const feature of features) flows.use(feature);
  flows.use(lastFeature);
  bot.catch(handleBotError);
  return bot;
}
