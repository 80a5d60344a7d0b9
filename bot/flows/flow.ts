import type { Composer, Filter, FilterQuery } from 'grammy';
import type { z } from 'zod';
import type { BotContext } from '../context';
import type { CallbackCodec } from './callback-codec';
import { may, type StaffRight } from '../../src/services/staff';

/**
 * The one way to declare a multi-step flow (docs/BOT.md, "Flows"). A flow is a small state machine in
 * the chat's session — `{ flow, step, data }`, stored in the database by bot/middleware/session-storage.ts —
 * declared once with its name, its steps and the schema of its data:
 *
 *   const bidder = defineFlow('bidder', { steps: ['name', 'address', 'declaration'], data: z.object({ ... }) });
 *   bidder.enter(ctx, 'name', { caseId, number });          // typed: only its steps, only its data
 *   bidder.texts(feature, { name: async (ctx, d, text) => ... });  // a text routed to the current step
 *   bidder.tap(feature, declaredCb, 'declaration', async (ctx, tap, d) => ...);  // a button of a step
 *
 * The data is read back through the schema (a session written by an older release that no longer fits is left,
 * not cast). Leaving is `leave(ctx)` or any command (bot/middleware/leave-flow.ts, which runs first); /cancel
 * says so. Every flow of the bot, staff and owner (the claim, payment and dues flows included), is declared this
 * way: nothing else reads or writes `ctx.session` (`inAnyFlow` says whether some flow waits for an answer).
 */
export interface Flow<Step extends string, Data> {
  readonly name: string;
  readonly steps: readonly Step[];
  /** Enters the flow (or moves within it) at `step` with `data` (JSON: ids, ISO strings, codes). */
  enter(ctx: BotContext, step: Step, data: Data): void;
  /** True when the chat is in this flow (and, if given, at one of `steps`). */
  at(ctx: BotContext, ...steps: Step[]): boolean;
  /** The current step, when the chat is in this flow. */
  step(ctx: BotContext): Step | undefined;
  /** The flow's data, validated by its schema; undefined when not in this flow or the stored data does not fit. */
  data(ctx: BotContext): Data | undefined;
  /** Leaves the flow (whatever flow the chat is in: there is one at a time). */
  leave(ctx: BotContext): void;
  /**
   * Routes messages of `query` (default text) to the handler of the current step (grammY `composer.route`); a
   * step without a handler gets `otherwise` (e.g. "use the buttons"). Chats not in this flow pass on.
   */
  messages<Q extends FilterQuery>(
    composer: Composer<BotContext>,
    query: Q,
    handlers: Partial<Record<Step, (ctx: Filter<BotContext, Q>, data: Data) => Promise<unknown>>>,
    otherwise?: (ctx: Filter<BotContext, Q>, data: Data) => Promise<unknown>,
  ): void;
  /** `messages` for text, with the trimmed text passed along. */
  texts(
    composer: Composer<BotContext>,
    handlers: Partial<
      Record<Step, (ctx: Filter<BotContext, 'message:text'>, data: Data, text: string) => Promise<unknown>>
    >,
    otherwise?: (ctx: Filter<BotContext, 'message:text'>, data: Data, text: string) => Promise<unknown>,
  ): void;
  /**
   * One handler for a codec's taps that belong to this flow at `steps` (all steps when empty). A tap outside them
   * (an older message's button, or one of a flow left) is answered "out of date" (an alert, as a forged one) and
   * changes nothing.
   */
  tap<D>(
    composer: Composer<BotContext>,
    codec: CallbackCodec<D>,
    steps: Step | readonly Step[],
    handler: (ctx: BotContext, tap: D, data: Data) => Promise<unknown>,
  ): void;
}

/** Forgets whatever flow the chat is in. The one writer of an empty flow state. */
export function leaveAnyFlow(ctx: BotContext): void {
  ctx.session.flow = undefined;
  ctx.session.step = undefined;
  ctx.session.data = undefined;
}

/** True when the chat is in some flow (the owner's fallback leaves a flow's answers to it). */
export function inAnyFlow(ctx: BotContext): boolean {
  return Boolean(ctx.session.flow);
}

const names = new Set<string>();

/** Declares a flow. Names are unique across the bot (checked when the module loads). */
export function defineFlow<const Step extends string, S extends z.ZodType<Record<string, unknown>>>(
  name: string,
  spec: {
    steps: readonly Step[];
    data: S;
    /**
     * The right every step needs (src/services/staff/actor.ts): checked again on every message and tap of the flow,
     * so an official revoked mid-flow is refused at his next tap (the flow is left).
     */
    right?: StaffRight;
  },
): Flow<Step, z.infer<S>> {
  if (names.has(name)) throw new Error(`flow declared twice: ${name}`);
  names.add(name);
  type Data = z.infer<S>;
  const isStep = (s: string | undefined): s is Step => s !== undefined && (spec.steps as readonly string[]).includes(s);

  const flow: Flow<Step, Data> = {
    name,
    steps: spec.steps,
    enter(ctx, step, data) {
      ctx.session.flow = name;
      ctx.session.step = step;
      ctx.session.data = { ...data };
    },
    at(ctx, ...steps) {
      return ctx.session.flow === name && (steps.length === 0 || steps.includes(ctx.session.step as Step));
    },
    step(ctx) {
      return ctx.session.flow === name && isStep(ctx.session.step) ? ctx.session.step : undefined;
    },
    data(ctx) {
      if (ctx.session.flow !== name) return undefined;
      const parsed = spec.data.safeParse(ctx.session.data ?? {});
      return parsed.success ? parsed.data : undefined;
    },
    leave: leaveAnyFlow,
    messages(composer, query, handlers, otherwise) {
      const routed = Object.fromEntries(
        Object.entries(handlers).map(([step, h]) => [
          step,
          withData(h as (ctx: Filter<BotContext, typeof query>, d: Data) => Promise<unknown>),
        ]),
      );
      composer
        .on(query)
        .filter((ctx) => flow.at(ctx))
        .route((ctx) => flow.step(ctx), routed, otherwise ? withData(otherwise) : (_ctx, next) => next());
    },
    texts(composer, handlers, otherwise) {
      const withText =
        (h: (ctx: Filter<BotContext, 'message:text'>, d: Data, text: string) => Promise<unknown>) =>
        (ctx: Filter<BotContext, 'message:text'>, d: Data) =>
          h(ctx, d, ctx.msg.text.trim());
      const routed = Object.fromEntries(
        Object.entries(handlers).map(([step, h]) => [step, withText(h as Parameters<typeof withText>[0])]),
      );
      flow.messages(
        composer,
        'message:text',
        routed as Parameters<typeof flow.messages<'message:text'>>[2],
        otherwise && withText(otherwise),
      );
    },
    tap(composer, codec, steps, handler) {
      const wanted = (typeof steps === 'string' ? [steps] : [...steps]) as Step[];
      const expected = (ctx: BotContext) => flow.at(ctx, ...wanted) && flow.data(ctx) !== undefined;
      codec.handle(
        composer,
        async (ctx, tap) => {
          if (await refused(ctx)) return;
          await handler(ctx, tap, flow.data(ctx)!);
        },
        expected,
      );
    },
  };

  /** The flow's right is gone (revoked since the flow began): leave the flow and say so. */
  async function refused(ctx: BotContext): Promise<boolean> {
    if (!spec.right || may(ctx.actor, spec.right)) return false;
    leaveAnyFlow(ctx);
    await ctx.reply(ctx.t('common:error.not_allowed'));
    return true;
  }

  /** A routed handler gets the validated data; a session that does not fit is left and the update passes on. */
  function withData<C extends BotContext>(h: (ctx: C, d: Data) => Promise<unknown>) {
    return async (ctx: C, next: () => Promise<void>) => {
      const data = flow.data(ctx);
      if (!data) {
        leaveAnyFlow(ctx);
        return next();
      }
      if (await refused(ctx)) return;
      await h(ctx, data);
    };
  }
  return flow;
}
