import { Composer, type CallbackQueryMiddleware, type CommandMiddleware, type Filter, type FilterQuery, type Middleware, type MiddlewareFn } from 'grammy';
import type { Update } from 'grammy/types';
import type { BotContext } from '../context';

/**
 * A feature's handlers, kept apart by the kind of update they can match (issue 13: CPU per update). grammY walks
 * every handler of every feature for each update (some 90 steps, each a few promises — about as much CPU as
 * the rest of a plain update); here an update walks only the handlers that could match it, in the same order:
 * a tap only the callback handlers (and the unfiltered ones), a command only the message and command handlers,
 * a plain text the message handlers. A handler left out could not have matched the update (it would have
 * passed it on), so what runs, and in which order, is what grammY's full walk would run.
 *
 * Narrowed: `on('callback_query…')` and `callbackQuery()` → taps; `on('message…')` → messages with or without a
 * command; `command()` → messages with a bot_command entity (grammY matches only those) and other updates
 * (channel posts). Anything else (`use`, `filter`, `chatType`, `hears`, other filter queries) goes to every kind.
 */
export type Route = 'callback' | 'command' | 'text' | 'other';
const ROUTES: readonly Route[] = ['callback', 'command', 'text', 'other'];

/** The kind of an update, for routing: a tap, a message with a bot_command entity, another message, or else. */
export function routeOf(update: Update): Route {
  if (update.callback_query) return 'callback';
  const m = update.message;
  if (m) return m.entities?.some((e) => e.type === 'bot_command') ? 'command' : 'text';
  return 'other';
}

function routesOfQuery(q: string): readonly Route[] {
  const l1 = q.split(':')[0];
  if (l1 === 'callback_query') return ['callback'];
  if (l1 === 'message') return ['command', 'text'];
  return ROUTES;
}

/** A feature's Composer (`new Feature()` in place of `new Composer<BotContext>()`), routed by update kind. */
export class Feature extends Composer<BotContext> {
  private readonly parts = new Map<Route, Composer<BotContext>>(ROUTES.map((r) => [r, new Composer<BotContext>()]));
  private readonly used = new Set<Route>();

  constructor() {
    super();
    // Used on its own (inside another feature, a test): route here. The bot routes once for all (routeFeatures).
    super.use((ctx, next) => this.parts.get(routeOf(ctx.update))!.middleware()(ctx, next));
  }

  private into<T extends BotContext>(routes: readonly Route[], inner: Composer<T>): Composer<T> {
    for (const r of routes) {
      this.used.add(r);
      this.parts.get(r)!.use(inner as unknown as Composer<BotContext>);
    }
    return inner;
  }

  /** The handlers for updates of `route`, if any were registered. */
  partFor(route: Route): Composer<BotContext> | undefined {
    return this.used.has(route) ? this.parts.get(route) : undefined;
  }

  override use(...middleware: Array<Middleware<BotContext>>): Composer<BotContext> {
    return this.into(ROUTES, new Composer<BotContext>(...middleware));
  }

  override on<Q extends FilterQuery>(filter: Q | Q[], ...middleware: Array<Middleware<Filter<BotContext, Q>>>): Composer<Filter<BotContext, Q>> {
    const inner = new Composer<Filter<BotContext, Q>>(...middleware);
    const routes = new Set((Array.isArray(filter) ? filter : [filter]).flatMap((q) => routesOfQuery(q)));
    const gate = new Composer<BotContext>();
    gate.on(filter, inner);
    this.into([...routes], gate);
    return inner;
  }

  override command(command: Parameters<Composer<BotContext>['command']>[0], ...middleware: Array<CommandMiddleware<BotContext>>): ReturnType<Composer<BotContext>['command']> {
    const gate = new Composer<BotContext>();
    const inner = gate.command(command, ...middleware);
    this.into(['command', 'other'], gate);
    return inner;
  }

  override callbackQuery(trigger: Parameters<Composer<BotContext>['callbackQuery']>[0], ...middleware: Array<CallbackQueryMiddleware<BotContext>>): ReturnType<Composer<BotContext>['callbackQuery']> {
    const gate = new Composer<BotContext>();
    const inner = gate.callbackQuery(trigger, ...middleware);
    this.into(['callback'], gate);
    return inner;
  }
}

/**
 * The features in order as one middleware that walks, for each update, only the handlers of its kind (a plain
 * Composer among them counts for every kind).
 */
export function routeFeatures(features: ReadonlyArray<Composer<BotContext>>): MiddlewareFn<BotContext> {
  const byRoute = new Map(
    ROUTES.map((r) => {
      const parts = features.map((f) => (f instanceof Feature ? f.partFor(r) : f)).filter((p): p is Composer<BotContext> => p !== undefined);
      return [r, new Composer<BotContext>(...parts).middleware()] as const;
    }),
  );
  return (ctx, next) => byRoute.get(routeOf(ctx.update))!(ctx, next);
}
