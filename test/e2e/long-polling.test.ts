import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Update } from 'grammy/types';
import { createBot, type BotDeps } from '../../bot';
import { startPolling } from '../../bot/polling';
import { ManualClock } from '../../src/clock';
import { createConfig } from '../../src/config';
import { createTranslator } from '../../src/i18n';
import { createLogger } from '../../src/logging';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { FakeBotApi } from '../support/fake-bot-api';
import { seed } from '../support/fixtures';
import { caseFixture } from '../support/case-builder';

// long polling through @grammyjs/runner (bot/polling.ts) — the real bot fetches updates with
// getUpdates from a fake Bot API; one chat's updates are handled one at a time and in order (the same per-chat
// key as under webhooks), while another chat's update is handled meanwhile.

const START = '2026-11-21T10:00:00+05:30';

function textUpdate(updateId: number, userId: number, text: string): Update {
  const entities = text.startsWith('/')
    ? [{ type: 'bot_command' as const, offset: 0, length: text.split(/\s/)[0]!.length }]
    : undefined;
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(new Date(START).getTime() / 1000),
      chat: { id: userId, type: 'private', first_name: 'Ramesh' },
      from: { id: userId, is_bot: false, first_name: 'Ramesh', language_code: 'en' },
      text,
      ...(entities ? { entities } : {}),
    },
  } as Update;
}

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('long polling with the runner (pglite)', () => {
  let db: TestDatabase;
  let caseNumber: string;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await seed(db.prisma, new Date(START));
    caseNumber = (
      await caseFixture(db.prisma, {
        pound: 'JAI1',
        impoundedAt: '2026-11-20T10:00:00+05:30',
        heads: [['cow', 'white']],
      }).build()
    ).number;
  }, 120_000);
  afterAll(() => db?.destroy());

  it('two quick messages of one chat in order, another chat concurrently', async () => {
    const api = new FakeBotApi();
    const queue: Update[] = [];
    const fetched: number[] = [];
    // sendMessage to chat A is held back while `gate` is set: A's first update is still running.
    let gate: Promise<void> | undefined;
    let open: () => void = () => {};
    const CHAT_A = 7301;
    const CHAT_B = 7302;
    const fetch = async (input: string | URL, init?: { body?: unknown; headers?: unknown; signal?: AbortSignal }) => {
      const url = String(input);
      if (url.endsWith('/getUpdates')) {
        const { offset = 0 } = JSON.parse(String(init?.body ?? '{}')) as { offset?: number };
        // Long poll: answer when there is something at or after `offset`, else after a short wait.
        for (let i = 0; i < 10 && !queue.some((u) => u.update_id >= offset); i++)
          await new Promise((r) => setTimeout(r, 20));
        const batch = queue.filter((u) => u.update_id >= offset);
        fetched.push(...batch.map((u) => u.update_id));
        return new Response(JSON.stringify({ ok: true, result: batch }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      if (gate && url.endsWith('/sendMessage') && String(init?.body).includes(`"chat_id":${CHAT_A}`)) await gate;
      return api.fetch(input, init);
    };
    const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST' });
    const deps: BotDeps = {
      config,
      db: db.prisma,
      clock: new ManualClock(START),
      logger: createLogger('silent'),
      translator: await createTranslator({ strict: true }),
      botUsername: api.botInfo.username,
    };
    const bot = createBot(config.BOT_TOKEN!, deps, { client: { fetch: fetch as never }, botInfo: api.botInfo });
    const t = (key: string) => deps.translator.t('en', key);
    const sent = (chat: number) => api.sentTo(chat).filter((m) => m.method === 'sendMessage');

    gate = new Promise((r) => (open = r));
    // One batch: A asks /case, A answers with the number at once, B asks for /help.
    queue.push(
      textUpdate(9001, CHAT_A, '/case'),
      textUpdate(9002, CHAT_A, caseNumber),
      textUpdate(9003, CHAT_B, '/help'),
    );
    const runner = startPolling(bot);
    try {
      await until(() => fetched.includes(9003));
      // B is answered while A's first update is still sending its question: chats run concurrently.
      await until(() => sent(CHAT_B).length === 1);
      expect(sent(CHAT_A)).toHaveLength(0);
      // A's second message waits for the first (per-chat order): it has not even been claimed yet.
      expect(await db.prisma.processedUpdate.count({ where: { updateId: 9002n } })).toBe(0);
      open();
      gate = undefined;
      await until(() => sent(CHAT_A).length === 2);
      const texts = sent(CHAT_A).map((m) => m.text);
      expect(texts[0]).toBe(t('owner:case.prompt'));
      expect(texts[1]).toContain(caseNumber); // the card: the number was taken as the answer to /case
      // The answer ended the /case question: the first run's session write did not come after it.
      await until(
        async () =>
          (await db.prisma.botSession.findUnique({ where: { key: `${CHAT_A}:${CHAT_A}` } }))?.lockToken === null,
      );
      // No flow is left in it; only the case just opened, which a typed "how much?" would refer to.
      expect((await db.prisma.botSession.findUnique({ where: { key: `${CHAT_A}:${CHAT_A}` } }))?.value).toEqual({
        caseId: expect.any(Number),
      });
    } finally {
      open();
      if (runner.isRunning()) await runner.stop();
    }
  }, 60_000);
});
