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
    await h.send(user, '', { sticker: { file_id: 's', file_unique_id: 'u', type: 'regular', width: 1, height: 1, is_animated: false, is_video: false } } as never);
    expect(h.api.lastTo(501)?.text).toBe(h.deps.translator.t('hi', 'common:error.unsupported_message'));
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
});
