import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness } from '../support/bot-harness';

describe('bot smoke', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness();
  });
  afterAll(() => h?.close());

  it('answers a sticker in the sender’s language and records the user', async () => {
    const user = { id: 501, firstName: 'Ramesh', languageCode: 'hi' };
    await h.send(user, '', {
      sticker: {
        file_id: 's',
        file_unique_id: 'u',
        type: 'regular',
        width: 1,
        height: 1,
        is_animated: false,
        is_video: false,
      },
    } as never);
    // What the bot understands instead (it cannot look at pictures), in Hindi, with the main buttons.
    expect(h.api.lastTo(501)?.text).toBe(h.deps.translator.t('hi', 'intent:media'));
    expect((await h.deps.db.telegramUser.findUnique({ where: { id: 501n } }))?.languageCode).toBe('hi');
  });

  it('handles a replayed update once', async () => {
    const user = { id: 502, firstName: 'Sam', languageCode: 'en' };
    const update = await h.send(user, 'hello there');
    const before = h.api.sentTo(502).length;
    expect(before).toBe(1);
    await h.feed(update);
    expect(h.api.sentTo(502).length).toBe(before);
  });

  it('answers a handler failure in the user’s language instead of throwing, and records the update as handled', async () => {
    const user = { id: 503, firstName: 'Sita', languageCode: 'en' };
    let refused = 0;
    // Telegram refuses the first reply to this chat: the handler fails part-way.
    h.api.respond((method, payload) =>
      method === 'sendMessage' && payload.chat_id === 503 && refused++ === 0
        ? { ok: false, error_code: 400, description: 'Bad Request: message is too long' }
        : undefined,
    );
    const update = await h.send(user, '/help');
    expect(h.api.lastTo(503)?.text).toBe(h.deps.translator.t('en', 'common:error.generic'));
    expect(await h.deps.db.processedUpdate.count({ where: { updateId: BigInt(update.update_id) } })).toBe(1);
  });
});
