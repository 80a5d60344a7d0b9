import type { Composer } from 'grammy';
import { callbackSecret, decodeCallback, encodeCallback } from '../../src/callback-data';
import type { BotContext } from '../context';

/**
 * Typed callback data on top of the signed wire format of src/callback-data.ts (HMAC, 64 bytes): one codec per
 * kind of button, declared once with its prefix and its fields, used to draw the button (`encode`) and to
 * route and read the tap (`handle`, `decode`). The idea is the template's `createCallbackData` (pack/unpack/
 * filter); the signature is ours. The wire format is unchanged — `callbackCodec('au|sch', ['caseId:int'])`
 * draws "au|sch|17|<mac>", as `encodeCallback(secret, 'au', 'sch', 17)` did — so buttons already in chats work.
 *
 *   const schedule = callbackCodec('au|sch', ['caseId:int']);
 *   kb.text(label, schedule.encode(ctx, { caseId: c.id }));
 *   schedule.handle(feature, async (ctx, { caseId }) => { ... });
 */

/** A field: its name and kind — `int` (a safe integer, e.g. an id) or `str` (a short code without "|"). */
export type FieldSpec = `${string}:int` | `${string}:str`;

type FieldName<S> = S extends `${infer N}:${string}` ? N : never;
type FieldValue<S> = S extends `${string}:int` ? number : string;

/** The typed data of a codec with these fields. */
export type CodecData<F extends readonly FieldSpec[]> = { [S in F[number] as FieldName<S>]: FieldValue<S> };

/** What a handler may do after a tap (the query is already answered). */
export type TapHandler<D> = (ctx: BotContext, data: D) => Promise<unknown>;

export interface CallbackCodec<D> {
  /** The prefix on the wire, e.g. "au|sch". */
  readonly prefix: string;
  /** Signed callback data for a button. Throws over Telegram's 64 bytes (a programming error, as before). */
  encode(ctx: BotContext | string, data: D): string;
  /** Matches this codec's callback data (signed or not): for `composer.callbackQuery(codec.filter, ...)`. */
  readonly filter: RegExp;
  /** The tap's data, verified and typed; null when forged, altered, malformed or another codec's. */
  decode(ctx: BotContext | string, data: string | undefined): D | null;
  /**
   * One handler for this codec's taps: a forged or altered one — or one `expected` refuses (a flow's button
   * tapped outside its step) — is answered with common:error.stale_button (an alert) and nothing runs; a valid
   * one is answered (the spinner stops) and the handler gets typed data.
   */
  handle(composer: Composer<BotContext>, handler: TapHandler<D>, expected?: (ctx: BotContext) => boolean): void;
}

const secretOf = (ctx: BotContext | string): string =>
  typeof ctx === 'string' ? ctx : callbackSecret(ctx.deps.config);
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const INT = /^-?\d{1,15}$/;

/** Declares a codec: `prefix` is the action and any fixed codes ("sl|b"), `fields` the values after them. */
export function callbackCodec<const F extends readonly FieldSpec[] = []>(
  prefix: string,
  fields: F = [] as unknown as F,
): CallbackCodec<CodecData<F>> {
  const fixed = prefix.split('|');
  if (fixed.some((s) => !s)) throw new Error(`bad callback prefix: ${prefix}`);
  const specs = fields.map((f) => {
    const cut = f.lastIndexOf(':');
    return { name: f.slice(0, cut), int: f.slice(cut + 1) === 'int' };
  });
  type D = CodecData<F>;
  const filter = new RegExp(`^${escapeRegExp(prefix)}\\|`);

  const encode = (ctx: BotContext | string, data: D): string => {
    const values = specs.map(({ name, int }) => {
      const v = (data as Record<string, string | number>)[name];
      if (int ? !Number.isSafeInteger(v) : typeof v !== 'string' || v.includes('|') || v === '')
        throw new Error(`callback ${prefix}: bad ${name}`);
      return v!;
    });
    return encodeCallback(secretOf(ctx), fixed[0]!, ...fixed.slice(1), ...values);
  };

  const decode = (ctx: BotContext | string, raw: string | undefined): D | null => {
    if (!raw || !filter.test(raw)) return null;
    const tap = decodeCallback(secretOf(ctx), raw);
    if (!tap) return null;
    const parts = [tap.action, ...tap.args];
    if (parts.length !== fixed.length + specs.length || fixed.some((s, i) => parts[i] !== s)) return null;
    const out: Record<string, string | number> = {};
    for (const [i, { name, int }] of specs.entries()) {
      const v = parts[fixed.length + i]!;
      if (int && !INT.test(v)) return null;
      out[name] = int ? Number(v) : v;
    }
    return out as D;
  };

  return {
    prefix,
    filter,
    encode,
    decode,
    handle(composer, handler, expected) {
      composer.callbackQuery(filter, async (ctx) => {
        const data = decode(ctx, ctx.callbackQuery.data);
        if (!data || (expected && !expected(ctx))) {
          await ctx.answerCallbackQuery({ text: ctx.t('common:error.stale_button'), show_alert: true });
          return;
        }
        await ctx.answerCallbackQuery();
        await handler(ctx, data);
      });
    },
  };
}
