import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Update } from 'grammy/types';
import { createBot, type BotDeps } from '../../bot';
import { FORGET_AFTER_MS, PRUNE_EVERY_MS } from '../../bot/middleware/dedupe-updates';
import { ManualClock } from '../../src/clock';
import { createConfig } from '../../src/config';
import { createTranslator } from '../../src/i18n';
import { createLogger } from '../../src/logging';
import { createTestDatabase, dbKinds, type TestDatabase } from '../support/db';
import { FakeBotApi } from '../support/fake-bot-api';
import { seed } from '../support/fixtures';
import { caseFixture } from '../support/case-builder';

// one update id is handled once, concurrent or redelivered while the
// first run goes on; an id seen more than 24 h ago is new again and old ids are pruned; one chat's updates are
// handled one at a time and in order — also by two bot instances on one database (two createBot in this test
// process, each with its own in-process queue, as two processes behind one webhook would be).

const START = '2026-11-21T10:00:00+05:30';

/** The real bot on `db`, with a Bot API fake whose sendMessage can be held back (to keep a run going). */
async function gatedBot(db: TestDatabase, clock: ManualClock) {
  const api = new FakeBotApi();
  let gate: Promise<void> | undefined;
  let open: () => void = () => {};
  const fetch = async (input: string | URL, init?: { body?: unknown; headers?: unknown }) => {
    if (gate && String(input).endsWith('/sendMessage')) await gate;
    return api.fetch(input, init);
  };
  const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST' });
  const deps: BotDeps = {
    config,
    db: db.prisma,
    clock,
    logger: createLogger('silent'),
    translator: await createTranslator({ strict: true }),
    botUsername: api.botInfo.username,
  };
  const bot = createBot(config.BOT_TOKEN!, deps, { client: { fetch: fetch as never }, botInfo: api.botInfo });
  await bot.init();
  return {
    bot,
    api,
    deps,
    hold() {
      gate = new Promise((r) => (open = r));
    },
    release() {
      gate = undefined;
      open();
    },
  };
}

let nextId = 5000;
function textUpdate(userId: number, text: string, clock: ManualClock, updateId = nextId++): Update {
  const entities = text.startsWith('/')
    ? [{ type: 'bot_command' as const, offset: 0, length: text.split(/\s/)[0]!.length }]
    : undefined;
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(clock.now().getTime() / 1000),
      chat: { id: userId, type: 'private', first_name: 'Ramesh' },
      from: { id: userId, is_bot: false, first_name: 'Ramesh', language_code: 'en' },
      text,
      ...(entities ? { entities } : {}),
    },
  } as Update;
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe.each(await dbKinds())('update ids and per-chat order (%s)', (kind) => {
  let db: TestDatabase;
  let clock: ManualClock;
  let a: Awaited<ReturnType<typeof gatedBot>>;
  let b: Awaited<ReturnType<typeof gatedBot>>;
  let caseNumber: string;
  const sent = (bot: typeof a, chat: number) => bot.api.sentTo(chat).filter((m) => m.method === 'sendMessage');

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    clock = new ManualClock(START);
    await seed(db.prisma, clock.now());
    caseNumber = (
      await caseFixture(db.prisma, {
        pound: 'JAI1',
        impoundedAt: '2026-11-20T10:00:00+05:30',
        heads: [['cow', 'white']],
      }).build()
    ).number;
    a = await gatedBot(db, clock);
    b = await gatedBot(db, clock);
  }, 120_000);
  afterAll(() => db?.destroy());

  it('the same update id posted twice at once is handled once (one reply)', async () => {
    const u = textUpdate(7101, '/help', clock);
    await Promise.all([a.bot.handleUpdate(u), a.bot.handleUpdate(u), b.bot.handleUpdate(u)]);
    expect(sent(a, 7101).length + sent(b, 7101).length).toBe(1);
  });

  it('a redelivery while the first run is still going (webhook answered 500 on its timeout) is skipped', async () => {
    const u = textUpdate(7102, '/help', clock);
    a.hold();
    const first = a.bot.handleUpdate(u);
    await until(
      async () => (await db.prisma.processedUpdate.count({ where: { updateId: BigInt(u.update_id) } })) === 1,
    );
    await b.bot.handleUpdate(u); // returns without waiting for the first run
    expect(sent(b, 7102)).toHaveLength(0);
    a.release();
    await first;
    expect(sent(a, 7102)).toHaveLength(1);
  });

  it('an id first seen more than 24 h ago is new again (Telegram restarted ids), and old ids are pruned', async () => {
    const reused = 42;
    const old = new Date(clock.now().getTime() - FORGET_AFTER_MS - 60_000);
    await db.prisma.processedUpdate.create({ data: { updateId: BigInt(reused), processedAt: old, finishedAt: old } });
    await db.prisma.processedUpdate.create({ data: { updateId: 43n, processedAt: old, finishedAt: old } });
    await a.bot.handleUpdate(textUpdate(7103, '/help', clock, reused));
    expect(sent(a, 7103)).toHaveLength(1);
    // A recent id is still a duplicate.
    await a.bot.handleUpdate(textUpdate(7103, '/help', clock, reused));
    expect(sent(a, 7103)).toHaveLength(1);
    // Pruning runs at most every PRUNE_EVERY_MS per process (by deps.clock): the next update after that removes id 43.
    clock.advance(PRUNE_EVERY_MS + 1000);
    await a.bot.handleUpdate(textUpdate(7104, '/help', clock));
    await until(async () => (await db.prisma.processedUpdate.count({ where: { updateId: 43n } })) === 0);
    expect(await db.prisma.processedUpdate.count({ where: { updateId: BigInt(reused) } })).toBe(1);
  });

  it('two quick messages of one chat, on two bot instances: handled in order, neither lost', async () => {
    const chat = 7105;
    a.hold(); // the first run (on a) is still sending its question when the answer arrives on b
    const first = a.bot.handleUpdate(textUpdate(chat, '/case', clock));
    await until(
      async () =>
        (await db.prisma.botSession.count({ where: { key: `${chat}:${chat}`, lockToken: { not: null } } })) === 1,
    );
    const second = b.bot.handleUpdate(textUpdate(chat, caseNumber, clock));
    await new Promise((r) => setTimeout(r, 100));
    expect(sent(b, chat)).toHaveLength(0); // b waits for a's lease
    a.release();
    await Promise.all([first, second]);
    expect(sent(a, chat).map((m) => m.text)).toEqual([a.deps.translator.t('en', 'owner:case.prompt')]);
    expect(sent(b, chat)).toHaveLength(1);
    expect(sent(b, chat)[0]!.text).toContain(caseNumber);
    // The answer ended the /case question: the session is not left in the flow by the first run's write.
    // No flow is left in it; only the case just opened, which a typed "how much?" would refer to.
    expect((await db.prisma.botSession.findUnique({ where: { key: `${chat}:${chat}` } }))?.value).toEqual({
      caseId: expect.any(Number),
    });
  });

  it('a message that changes nothing writes no session', async () => {
    const chat = 7106;
    await a.bot.handleUpdate(textUpdate(chat, '/help', clock));
    const row = await db.prisma.botSession.findUniqueOrThrow({ where: { key: `${chat}:${chat}` } });
    clock.advance(60_000);
    await a.bot.handleUpdate(textUpdate(chat, '/help', clock));
    const again = await db.prisma.botSession.findUniqueOrThrow({ where: { key: `${chat}:${chat}` } });
    expect(again.updatedAt).toEqual(row.updatedAt);
    // Its lease is held a moment (HOLD_MS) and then ended with no write (no statement of its own under load).
    await until(
      async () =>
        (await db.prisma.botSession.findUniqueOrThrow({ where: { key: `${chat}:${chat}` } })).lockToken === null,
      2000,
    );
  });

  it('a lease held after an unchanged update: the next update of the chat on this instance takes it over, on another waits only for its end', async () => {
    const chat = 7107;
    await a.bot.handleUpdate(textUpdate(chat, '/help', clock));
    const held = (await db.prisma.botSession.findUniqueOrThrow({ where: { key: `${chat}:${chat}` } })).lockToken;
    expect(held).not.toBeNull(); // still held: the update changed no session
    await a.bot.handleUpdate(textUpdate(chat, '/help', clock)); // same instance: no wait, same lease renewed
    expect(sent(a, chat)).toHaveLength(2);
    const started = Date.now();
    await b.bot.handleUpdate(textUpdate(chat, '/help', clock)); // another instance: after a's held lease ends
    expect(sent(b, chat)).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2000);
    await until(
      async () =>
        (await db.prisma.botSession.findUniqueOrThrow({ where: { key: `${chat}:${chat}` } })).lockToken === null,
      2000,
    );
  });
});
