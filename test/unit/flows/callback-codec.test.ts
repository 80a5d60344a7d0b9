import { Composer, Context, type Api } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { callbackCodec } from '../../../bot/flows/callback-codec';
import type { BotContext } from '../../../bot/context';
import { encodeCallback } from '../../../src/callback-data';

const secret = 'codec-secret';

/** A real grammY context for a tap, with what our handlers read (t) and what they call (answers, replies). */
function tapCtx(data: string) {
  const calls: Array<{ method: string; payload: unknown }> = [];
  const api = {
    answerCallbackQuery: async (...a: unknown[]) => (calls.push({ method: 'answer', payload: a[1] }), true),
  } as unknown as Api;
  const ctx = new Context(
    {
      update_id: 1,
      callback_query: { id: 'q', chat_instance: 'c', from: { id: 5, is_bot: false, first_name: 'A' }, data },
    },
    api,
    { id: 9, is_bot: true, first_name: 'B', username: 'b' } as UserFromGetMe,
  ) as BotContext;
  Object.assign(ctx, { t: (k: string) => k, deps: { config: { BOT_TOKEN: undefined, WEBHOOK_SECRET: undefined } } });
  return { ctx, calls };
}

describe('typed callback codecs (bot/flows/callback-codec.ts)', () => {
  const sale = callbackCodec('sl|b', ['head:int', 'bidder:int']);
  const lang = callbackCodec('lang', ['code:str']);
  const cancel = callbackCodec('au|cancel');

  it('round-trips typed data, on the same wire format as encodeCallback (old buttons keep working)', () => {
    const data = sale.encode(secret, { head: 2, bidder: 41 });
    expect(data).toBe(encodeCallback(secret, 'sl', 'b', 2, 41));
    expect(sale.decode(secret, data)).toEqual({ head: 2, bidder: 41 });
    expect(lang.decode(secret, lang.encode(secret, { code: 'hi' }))).toEqual({ code: 'hi' });
    expect(cancel.decode(secret, cancel.encode(secret, {}))).toEqual({});
    expect(sale.filter.test(data)).toBe(true);
    expect(cancel.filter.test(encodeCallback(secret, 'au', 'cancelx'))).toBe(false);
  });

  it('refuses forged, altered and foreign data, and another codec’s', () => {
    const data = sale.encode(secret, { head: 2, bidder: 41 });
    expect(sale.decode(secret, data.replace('|41|', '|42|'))).toBeNull();
    expect(sale.decode('another-secret', data)).toBeNull();
    expect(sale.decode(secret, 'sl|b|2|41')).toBeNull();
    expect(sale.decode(secret, undefined)).toBeNull();
    // Signed, but for another codec, or with the wrong number or kind of fields.
    expect(sale.decode(secret, encodeCallback(secret, 'sl', 'ns', 2))).toBeNull();
    expect(sale.decode(secret, encodeCallback(secret, 'sl', 'b', 2))).toBeNull();
    expect(sale.decode(secret, encodeCallback(secret, 'sl', 'b', 2, 'x'))).toBeNull();
  });

  it('refuses data over Telegram’s 64-byte limit and values that would break the format', () => {
    const long = callbackCodec('xx', ['a:str']);
    expect(() => long.encode(secret, { a: 'y'.repeat(60) })).toThrow(/64 bytes/);
    expect(() => long.encode(secret, { a: 'a|b' })).toThrow(/bad a/);
    expect(() => sale.encode(secret, { head: 1.5, bidder: 1 })).toThrow(/bad head/);
  });

  it('handle: a forged tap is answered "out of date" and the handler never runs; a valid one runs typed', async () => {
    const composer = new Composer<BotContext>();
    const seen: unknown[] = [];
    sale.handle(composer, async (_ctx, d) => void seen.push(d));
    const good = sale.encode('local-mode-secret-unused', { head: 1, bidder: 2 }); // signed with the wrong secret
    const forged = tapCtx(good);
    await composer.middleware()(forged.ctx, async () => {});
    expect(seen).toEqual([]);
    expect(forged.calls).toEqual([
      { method: 'answer', payload: { text: 'common:error.stale_button', show_alert: true } },
    ]);

    const valid = tapCtx(sale.encode(forged.ctx, { head: 1, bidder: 2 }));
    await composer.middleware()(valid.ctx, async () => {});
    expect(seen).toEqual([{ head: 1, bidder: 2 }]);
    expect(valid.calls).toHaveLength(1);
  });
});
