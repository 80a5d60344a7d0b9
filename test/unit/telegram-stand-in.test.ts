import { Api, GrammyError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { serveStandIn } from '../../bot/local/telegram/http';
import { TELEGRAM_LIMITS } from '../../bot/local/telegram/limits';
import { TelegramStandIn } from '../../bot/local/telegram/stand-in';

// The one Telegram stand-in (tests, the local chat, the chaos script, the benchmarks) refuses what Telegram
// refuses, so an over-long message or a flood fails where it is made.
const TOKEN = '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST';
const api = (s: TelegramStandIn) => new Api(TOKEN, s.client);
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof GrammyError)
      return { code: e.error_code, description: e.description, retryAfter: e.parameters.retry_after };
    throw e;
  }
  return undefined;
};

describe('Telegram stand-in: limits', () => {
  it('4096 characters of text, 1024 of caption, 64 bytes of callback data', async () => {
    const s = new TelegramStandIn({ flood: false });
    const a = api(s);
    await a.sendMessage(1, 'x'.repeat(TELEGRAM_LIMITS.text));
    expect(await refusal(a.sendMessage(2, 'x'.repeat(TELEGRAM_LIMITS.text + 1)))).toMatchObject({
      code: 400,
      description: 'Bad Request: message is too long',
    });
    expect(
      await refusal(a.sendPhoto(3, 'file-id', { caption: 'y'.repeat(TELEGRAM_LIMITS.caption + 1) })),
    ).toMatchObject({ code: 400, description: 'Bad Request: message caption is too long' });
    const data = 'क'.repeat(22); // 66 bytes in UTF-8, 22 characters
    expect(
      await refusal(
        a.sendMessage(4, 'tap', { reply_markup: { inline_keyboard: [[{ text: 'go', callback_data: data }]] } }),
      ),
    ).toMatchObject({ code: 400, description: 'Bad Request: BUTTON_DATA_INVALID' });
    expect(s.accepted.map((m) => m.chatId)).toEqual(['1']);
  });

  it('one message a second per chat and 30 a second overall, else 429 with retry_after', async () => {
    const s = new TelegramStandIn();
    const a = api(s);
    await a.sendMessage(1, 'first');
    expect(await refusal(a.sendMessage(1, 'second, too soon'))).toMatchObject({ code: 429, retryAfter: 1 });
    for (let chat = 2; chat <= TELEGRAM_LIMITS.perSecond; chat++) await a.sendMessage(chat, 'broadcast');
    expect(await refusal(a.sendMessage(99, 'the 31st in a second'))).toMatchObject({ code: 429, retryAfter: 1 });
    expect(s.accepted).toHaveLength(TELEGRAM_LIMITS.perSecond);
    expect(s.rejected429).toHaveLength(2);
  });

  it('fails on demand: a responder, a blocked chat, and `failing` (5xx, 429, or no answer at all over HTTP)', async () => {
    const s = new TelegramStandIn({ flood: false });
    const a = api(s);
    s.block(5);
    expect(await refusal(a.sendMessage(5, 'hi'))).toMatchObject({ code: 403 });
    s.respond((method, p) =>
      method === 'sendMessage' && p.chat_id === 6
        ? { ok: false, error_code: 502, description: 'Bad Gateway' }
        : undefined,
    );
    expect(await refusal(a.sendMessage(6, 'hi'))).toMatchObject({ code: 502 });
    const server = await serveStandIn(s);
    try {
      const remote = new Api(TOKEN, { apiRoot: server.url, timeoutSeconds: 5 });
      s.failing = true;
      s.failureMix = { serverError: 0, timeout: 1, maxRetryAfter: 1, timeoutHoldMs: 10 };
      await expect(remote.sendMessage(7, 'dropped')).rejects.toThrow();
      s.failureMix = { serverError: 0, timeout: 0, maxRetryAfter: 3, timeoutHoldMs: 10 };
      expect((await refusal(remote.sendMessage(7, 'flooded')))?.code).toBe(429);
      s.failing = false;
      await remote.sendMessage(7, 'fine again');
      expect(s.to(7).map((m) => m.text)).toEqual(['fine again']);
    } finally {
      await server.stop();
    }
  });
});
