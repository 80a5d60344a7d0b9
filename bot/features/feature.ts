import {
  Composer,
  Context,
  type CallbackQueryMiddleware,
  type CommandMiddleware,
  type Filter,
  type FilterQuery,
  type Middleware,
  type MiddlewareFn,
} from 'grammy';
import type { Update } from 'grammy/types';
import type { BotContext } from '../context';

/**
 * A feature's handlers, kept apart by the kind of update they can match (CPU per update). grammY walks
 * every handler of every feature for each update (some 90 steps, each a few promises — more CPU than the rest of
 * a plain update); here an update walks only the handlers that could match it, in the same order: a tap only
 * the callback handlers, a command only the message handlers and that command's, a plain text the message
 * handlers — and, always, the unfiltered ones. A handler left out could not have matched the update (it would
 * have passed it on), so what runs, and in which order, is what grammY's full walk would run.
 *
 * Narrowed: `on('callback_query…')` and `callbackQuery()` → taps; `on('message…')` → messages; `command(name)`
 * → messages whose bot_command entity at offset 0 names it (grammY matches only those; `name@bot` included) and
 * other updates (channel posts). Anything else (`use`, `filter`, `chatType`, `hears`, other queries) → every update.
 * Register handlers when the module loads (as every feature does): the routes are built on first use.
 */
export type Route = string; // 'callback' | 'text' | 'other' | '/' (a command no feature registered) | '/<command>'

interface Registration {
  on: (route: Route) => boolean;
  mw: MiddlewareFn<BotContext>;
}
const ANY = () => true;
const MESSAGE = (r: Route) => r === 'text' || r.startsWith('/');
const CALLBACK = (r: Route) => r === 'callback';

/** The route of an update: a tap, a message with a command (by name, if `known`), another message, or else. */
export function routeOf(update: Update, known: ReadonlySet<string>): Route {
  if (update.callback_query) return 'callback';
  const m = update.message;
  if (!m) return 'other';
  const e = m.entities?.find((x) => x.type === 'bot_command' && x.offset === 0);
  if (!e || m.text === undefined) return 'text';
  const name = m.text.substring(1, e.length).split('@')[0]!;
  return known.has(name) ? `/${name}` : '/';
}

function onQuery(filter: string | string[]): (r: Route) => boolean {
  const l1s = new Set((Array.isArray(filter) ? filter : [filter]).map((q) => q.split(':')[0]));
  if ([...l1s].every((l) => l === 'callback_query')) return CALLBACK;
  if ([...l1s].every((l) => l === 'message')) return MESSAGE;
  if ([...l1s].every((l) => l === 'message' || l === 'callback_query')) return (r) => CALLBACK(r) || MESSAGE(r);
  return ANY;
}

/**
 * Middleware run one after the other, each passing on with `next`, as grammY's Composer chains them — without its
 * two async frames per step: an update walks some 30 to 75 handlers that pass it on, and those frames were a large
 * part of its CPU. `next` still answers a promise and refuses a second call, as grammY's does.
 */
export function inOrder(fns: ReadonlyArray<MiddlewareFn<BotContext>>): MiddlewareFn<BotContext> {
  if (fns.length === 1) return fns[0]!;
  return (ctx, next) => {
    const run = (i: number): Promise<unknown> | unknown => {
      if (i === fns.length) return next();
      let called = false;
      return fns[i]!(ctx, () => {
        if (called) return Promise.reject(new Error('`next` already called before!'));
        called = true;
        try {
          return Promise.resolve(run(i + 1)) as Promise<void>;
        } catch (e) {
          return Promise.reject(e);
        }
      });
    };
    return run(0) as Promise<void>;
  };
}

/** `inner` behind `predicate` (grammY's `filter`), the predicate tested at once rather than in `lazy`'s async frames. */
function gated(
  predicate: (ctx: BotContext) => boolean | Promise<boolean>,
  inner: Composer<BotContext>,
): MiddlewareFn<BotContext> {
  return (ctx, next) => {
    let ok: boolean | Promise<boolean>;
    try {
      ok = predicate(ctx);
    } catch (e) {
      return Promise.reject(e);
    }
    if (ok instanceof Promise) return ok.then((yes) => (yes ? inner.middleware()(ctx, next) : next()));
    return ok ? inner.middleware()(ctx, next) : next();
  };
}

/**
 * A Composer whose filters (`on`, `command`, `callbackQuery`, `hears`, `chatType`, `filter`, `drop`: all go through
 * `filter`) test their predicate at once; grammY's go through `branch` and `lazy`, a new Composer and several
 * promises per handler passed over. What runs, and in which order, is the same.
 */
export class LeanComposer extends Composer<BotContext> {
  // grammY's overloads of `filter` (type-narrowing predicates) in one signature.
  override filter(predicate: any, ...middleware: any[]): any {
    const inner = new LeanComposer(...middleware);
    this.use(gated(predicate, inner));
    return inner;
  }
}

/** A feature's Composer (`new Feature()` in place of `new Composer<BotContext>()`), routed by update kind. */
export class Feature extends LeanComposer {
  private readonly registrations: Registration[] = [];
  /** The commands this feature registered (the part before any `@bot`). */
  readonly commands = new Set<string>();
  private readonly parts = new Map<Route, MiddlewareFn<BotContext> | null>();

  constructor() {
    super();
    // Used on its own (inside another feature, a test): route here. The bot routes once for all (routeFeatures).
    super.use((ctx, next) => {
      const part = this.partFor(routeOf(ctx.update, this.commands));
      return part ? part(ctx, next) : next();
    });
  }

  private add<T extends BotContext>(
    on: (r: Route) => boolean,
    mw: MiddlewareFn<BotContext>,
    inner: Composer<T>,
  ): Composer<T> {
    this.registrations.push({ on, mw });
    this.parts.clear();
    return inner;
  }

  /** The handlers that may match an update of `route`, in order; undefined when none. */
  partFor(route: Route): MiddlewareFn<BotContext> | undefined {
    let part = this.parts.get(route);
    if (part === undefined) {
      const regs = this.registrations.filter((r) => r.on(route));
      part = regs.length ? inOrder(regs.map((r) => r.mw)) : null;
      this.parts.set(route, part);
    }
    return part ?? undefined;
  }

  override use(...middleware: Array<Middleware<BotContext>>): Composer<BotContext> {
    const inner = new LeanComposer(...middleware);
    return this.add(ANY, (ctx, next) => inner.middleware()(ctx, next), inner);
  }

  override on<Q extends FilterQuery>(
    filter: Q | Q[],
    ...middleware: Array<Middleware<Filter<BotContext, Q>>>
  ): Composer<Filter<BotContext, Q>> {
    const inner = new LeanComposer(...(middleware as Array<Middleware<BotContext>>));
    return this.add(onQuery(filter), gated(Context.has.filterQuery(filter), inner), inner) as unknown as Composer<
      Filter<BotContext, Q>
    >;
  }

  override command(
    command: Parameters<Composer<BotContext>['command']>[0],
    ...middleware: Array<CommandMiddleware<BotContext>>
  ): ReturnType<Composer<BotContext>['command']> {
    const names = new Set((Array.isArray(command) ? command : [command]).map((c) => String(c).split('@')[0]!));
    for (const n of names) this.commands.add(n);
    const inner = new LeanComposer(...(middleware as Array<Middleware<BotContext>>));
    return this.add(
      (r) => r === 'other' || (r.startsWith('/') && names.has(r.slice(1))),
      gated(Context.has.command(command), inner),
      inner,
    ) as unknown as ReturnType<Composer<BotContext>['command']>;
  }

  override callbackQuery(
    trigger: Parameters<Composer<BotContext>['callbackQuery']>[0],
    ...middleware: Array<CallbackQueryMiddleware<BotContext>>
  ): ReturnType<Composer<BotContext>['callbackQuery']> {
    const inner = new LeanComposer(...(middleware as Array<Middleware<BotContext>>));
    return this.add(CALLBACK, gated(Context.has.callbackQuery(trigger), inner), inner) as unknown as ReturnType<
      Composer<BotContext>['callbackQuery']
    >;
  }
}

/**
 * The features in order as one middleware that walks, for each update, only the handlers of its route (a plain
 * Composer among them counts for every route).
 */
export function routeFeatures(features: ReadonlyArray<Composer<BotContext>>): MiddlewareFn<BotContext> {
  const known = new Set(features.flatMap((f) => (f instanceof Feature ? [...f.commands] : [])));
  const routes = new Map<Route, MiddlewareFn<BotContext>>();
  return (ctx, next) => {
    const route = routeOf(ctx.update, known);
    let mw = routes.get(route);
    if (!mw) {
      const parts = features
        .map((f) =>
          f instanceof Feature ? f.partFor(route) : (ctx: BotContext, n: () => Promise<void>) => f.middleware()(ctx, n),
        )
        .filter((p): p is MiddlewareFn<BotContext> => p !== undefined);
      routes.set(route, (mw = inOrder(parts)));
    }
    return mw(ctx, next);
  };
}
