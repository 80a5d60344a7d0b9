import { describe, expect, it } from 'vitest';
import { CHAT_429_GIVE_UP } from '../../../jobs/sender';
import { queueMessage } from '../../../src/services/outbox';
import { harnessPerTest } from './harness';

// A chat's 429 streak (CHAT_429_GIVE_UP in a row → FAILED, never revived) must end when the chat accepts
// any message: a staff chat with many messages queued through a long Bot API outage otherwise collects
// 429s across its messages and loses one for good.
const harness = harnessPerTest();

const A = '7700101';

describe('jobs: a chat that accepted a message has no 429 streak', () => {
  it("another message's success ends the streak: a later single 429 is waited out, not given up", async () => {
    const h = await harness();
    // Earlier 429s of this chat, followed by a success of a message that had failed otherwise (a 5xx).
    await h.redis.set(h.chatKey('429', A), String(CHAT_429_GIVE_UP - 1));
    let calls = 0;
    h.fake.respond((method, p) => {
      if (method !== 'sendMessage' || String(p.chat_id) !== A) return undefined;
      calls += 1;
      return calls === 2
        ? {
            ok: false,
            error_code: 429,
            description: 'Too Many Requests: retry after 1',
            parameters: { retry_after: 1 },
          }
        : undefined;
    });
    await queueMessage(h.db.prisma, { chatId: A, key: 'common:cancelled' }, 'streak:1', h.clock.now());
    await queueMessage(h.db.prisma, { chatId: A, key: 'common:cancelled' }, 'streak:2', h.clock.now());
    await h.runtime.start();
    await h.runtime.drain(60_000);
    const rows = await h.db.prisma.delivery.findMany({
      where: { messageKey: { startsWith: 'streak:' } },
      orderBy: { messageKey: 'asc' },
    });
    expect(rows.map((r) => r.status)).toEqual(['SENT', 'SENT']);
    expect(h.fake.sentTo(A).filter((m) => m.messageId > 0)).toHaveLength(2);
  }, 120_000);
});
