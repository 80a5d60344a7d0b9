import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';

// A handler that fails on an update from a group (where the bot has no conversation with the sender) is logged, and
// nothing is posted into the group; a failed tap is answered on the button; a private chat still gets the apology.

const USER = { id: 8201, is_bot: false as const, first_name: 'Ram', language_code: 'en' };
const GROUP = { id: -1005550201, type: 'supergroup' as const, title: 'Village' };
const BOT = { id: 1, is_bot: true as const, first_name: 'Bot', username: 'kanji_bot' };

describe('a failing handler outside a private chat', () => {
  let h: BotHarness;
  let id = 9000;
  beforeAll(async () => {
    h = await createBotHarness();
  });
  afterAll(() => h.close());
  const apology = () => h.deps.translator.t('en', 'common:error.generic');
  const sentToGroup = () =>
    h.api.calls.filter((c) => c.method === 'sendMessage' && Number(c.payload.chat_id) === GROUP.id);
  /** Telegram refuses the first call of `method` for `chat`: the handler fails part-way. */
  const refuseOnce = (method: string, match: (p: Record<string, unknown>) => boolean) => {
    let refused = false;
    h.api.respond((m, p) => {
      if (m !== method || refused || !match(p)) return undefined;
      refused = true;
      return { ok: false, error_code: 400, description: 'Bad Request: message is too long' };
    });
  };

  it('posts nothing into the group when the reply to a group message fails', async () => {
    refuseOnce('sendMessage', (p) => Number(p.chat_id) === GROUP.id);
    const update = {
      update_id: id++,
      message: {
        message_id: 1,
        date: 1,
        chat: GROUP,
        from: USER,
        text: '/help',
        entities: [{ type: 'bot_command', offset: 0, length: 5 }],
      },
    } as Update;
    await h.feed(update);
    const sent = sentToGroup();
    // The handler did try to answer there (the refused call), so it failed; no apology followed.
    expect(sent.length).toBe(1);
    expect(sent.map((c) => c.payload.text)).not.toContain(apology());
  });

  it('answers a failed tap on a group message on the button, not with a message into the group', async () => {
    refuseOnce('answerCallbackQuery', () => true);
    await h.feed({
      update_id: id++,
      callback_query: {
        id: 'cb-group-1',
        from: USER,
        chat_instance: 'ci',
        data: 'junk',
        message: { message_id: 7, date: 1, chat: GROUP, from: BOT, text: 'x' },
      },
    } as Update);
    expect(sentToGroup().length).toBe(1);
    const answers = h.api.calls.filter(
      (c) => c.method === 'answerCallbackQuery' && c.payload.callback_query_id === 'cb-group-1',
    );
    expect(answers.at(-1)!.payload.text).toBe(apology());
    expect(answers.at(-1)!.payload.show_alert).toBe(true);
  });

  it('still tells a person in a private chat that nothing was changed', async () => {
    refuseOnce('sendMessage', (p) => Number(p.chat_id) === 8202);
    await h.send({ id: 8202, firstName: 'Sita', languageCode: 'en' }, '/help');
    expect(h.api.lastTo(8202)?.text).toBe(apology());
  });
});
