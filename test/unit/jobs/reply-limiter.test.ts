import { Api } from 'grammy';
import { describe, expect, it } from 'vitest';
import { isMessageMethod, rateLimitedReplies } from '../../../jobs/reply-limiter';
import type { TelegramRateLimiter } from '../../../jobs/rate-limit';
import { capturingLogger } from '../../support/test-logs';

// Every Bot API method that puts a message in a chat takes the shared Telegram budget and has a 429 waited out and
// retried, whatever kind of message it is: a venue after the pound's address, a contact, an album, a PDF. The methods
// are grammY's own (its Api class), so one Telegram adds later is covered by the same rule the day grammY ships it.
const grammyMethods = Object.getOwnPropertyNames(Api.prototype);
const messageMethods = grammyMethods.filter((m) => /^send/.test(m) || /^(copy|forward)Messages?$/.test(m));
const notMessages = ['sendChatAction', 'sendMessageDraft', 'sendRichMessageDraft'];
const paced = messageMethods.filter((m) => !notMessages.includes(m));

function world() {
  const turns: string[] = [];
  const pauses: number[] = [];
  const limiter = {
    waitTurn: async (chatId: string) => {
      turns.push(chatId);
      return { kind: 'go' };
    },
    departing: () => {},
    pauseAll: async (ms: number) => void pauses.push(ms),
  } as unknown as TelegramRateLimiter;
  const transform = rateLimitedReplies(() => limiter, capturingLogger([]));
  return { turns, pauses, transform };
}

describe('reply pacing covers every send method', () => {
  it('knows the methods that send a message (and those that do not)', () => {
    expect(paced).toEqual(
      expect.arrayContaining([
        'sendMessage',
        'sendVenue',
        'sendLocation',
        'sendContact',
        'sendMediaGroup',
        'sendDocument',
        'sendPhoto',
        'sendPoll',
        'sendDice',
        'sendSticker',
        'sendAnimation',
        'sendVideoNote',
        'sendPaidMedia',
        'sendInvoice',
        'copyMessage',
        'copyMessages',
        'forwardMessage',
        'forwardMessages',
      ]),
    );
    for (const m of paced) expect(isMessageMethod(m), m).toBe(true);
    for (const m of [...notMessages, 'getMe', 'editMessageText', 'answerCallbackQuery', 'deleteMessage'])
      expect(isMessageMethod(m), m).toBe(false);
  });

  it.each(paced)('%s takes the shared budget and a 429 is waited out and retried', async (method) => {
    const { turns, pauses, transform } = world();
    const calls: string[] = [];
    const prev = (async (m: string) => {
      calls.push(m);
      return calls.length === 1
        ? {
            ok: false,
            error_code: 429,
            description: 'Too Many Requests: retry after 0',
            parameters: { retry_after: 0 },
          }
        : { ok: true, result: { message_id: 1 } };
    }) as unknown as Parameters<typeof transform>[0];
    const payload = method === 'sendGift' ? { user_id: 42 } : { chat_id: 42 };
    const res = await transform(prev, method as 'sendMessage', payload as never, undefined);
    expect(res.ok).toBe(true);
    expect(calls).toEqual([method, method]);
    expect(turns).toEqual(['42', '42']);
    expect(pauses).toEqual([0]);
  });

  it.each(notMessages)('%s goes straight through', async (method) => {
    const { turns, transform } = world();
    const prev = (async () => ({ ok: true, result: true })) as unknown as Parameters<typeof transform>[0];
    await transform(prev, method as 'sendChatAction', { chat_id: 42 } as never, undefined);
    expect(turns).toEqual([]);
  });
});
