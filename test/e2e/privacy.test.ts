import type { BotError } from 'grammy';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { BotContext } from '../../bot';
import { addToOutbox, queueMessage } from '../../src/services/outbox';
import { botSuite, type TestUser } from '../support/bot-harness';
import { dbKinds } from '../support/db';
import { keysUnder, TEST_REDIS_URL } from '../support/jobs-harness';
import { declareAndDeliver, demoCase } from '../support/paid-case';
import { capturingLogger } from '../support/test-logs';

// The harness's token (test/support/bot-harness.ts): what must never be written anywhere but the config.
const TOKEN = '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST';
const SECRET_PART = 'TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST';
const UPI_REF = '412345678901';

/** A network failure as Node's fetch reports it, with the request URL (and so the token) in its text. */
function networkError(method: string): Error {
  const url = `https://api.telegram.org/bot${TOKEN}/${method}`;
  return new TypeError(`fetch failed: request to ${url} failed`, {
    cause: new Error(`connect ETIMEDOUT 149.154.167.220:443 (${url})`),
  });
}

describe.each(await dbKinds())('nothing leaks: no bot token in the logs, Redis job data is ids only (%s)', (dbKind) => {
  const lines: string[] = [];
  const owner: TestUser = { id: 4_100_201, firstName: 'Ramesh Kumar', languageCode: 'hi' };
  const keeper: TestUser = { id: 4_100_202, firstName: 'Mohan', languageCode: 'en' };
  const follower = 4_100_203;
  const t = (lang: 'en' | 'hi', key: string, params?: Record<string, unknown>) =>
    h.deps.translator.t(lang, key, params);
  const sendCatching = (user: TestUser, text: string) =>
    h.send(user, text).catch((err: BotError<BotContext>) => h.bot.errorHandler(err));

  const h = botSuite({
    dbKind,
    logger: capturingLogger(lines, 'trace'),
    jobs: true,
    seededAt: 'now',
    staff: [[keeper, 'POUND_KEEPER', ['JAI1']]],
  });

  it('a Bot API call failing inside a handler (network error naming the URL) is logged without the token', async () => {
    let failing = true;
    h.api.respond((method) => {
      if (failing && method === 'sendMessage') throw networkError(method);
      return undefined;
    });
    await sendCatching(owner, '/start');
    failing = false;
    const failures = lines.filter((l) => l.includes('"handler failed"'));
    // The failure was logged with its cause, so the check below looked at a real error record.
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('ETIMEDOUT');
    expect(failures[0]).toContain('/bot[token]/sendMessage');
    expect(lines.join('')).not.toContain(SECRET_PART);
  });

  it('a send job failing the same way is logged, retried and recorded without the token', async () => {
    let failures = 0;
    h.api.respond((method, payload) => {
      if (method === 'sendMessage' && String(payload.chat_id) === String(follower) && failures++ === 0)
        throw networkError(method);
      return undefined;
    });
    await h.deps.db.telegramUser.create({ data: { id: BigInt(follower), language: 'en' } });
    await queueMessage(
      h.deps.db,
      { chatId: String(follower), key: 'common:cancelled' },
      'test:privacy:retry',
      h.clock.now(),
    );
    await h.drain(60_000);
    expect(h.api.sentTo(follower)).toHaveLength(1);
    expect(failures).toBe(2);
    const row = await h.deps.db.delivery.findFirstOrThrow({ where: { messageKey: 'test:privacy:retry' } });
    expect([row.status, row.attempts]).toEqual(['SENT', 2]);
    expect(lines.some((l) => l.includes('"send failed"'))).toBe(true);
    expect(lines.join('')).not.toContain(SECRET_PART);
  });

  it('a claim, a payment card, a confirmation, a receipt and a broadcast leave only ids in Redis', async () => {
    const c = await demoCase(h, 'JAI1', 'Kunda');
    const { paymentId, duesPaise, cardOf } = await declareAndDeliver(h, { caseId: c.id, owner, upiRef: UPI_REF });
    // The card (names and the UPI reference in it) went through the queues.
    expect(h.api.lastTo(keeper.id)!.text).toContain(UPI_REF);
    await h.reply(keeper, cardOf(keeper), (duesPaise / 100).toFixed(2));
    // The keeper is told; the receipt and the release slip follow as PDFs (src/documents) through the jobs.
    const receiptNumber = (await h.deps.db.receipt.findFirstOrThrow({ where: { paymentId } })).number;
    expect([h.api.lastTo(keeper.id)!.method, h.api.lastTo(keeper.id)!.text]).toEqual([
      'sendMessage',
      t('en', 'staff:confirm.done', { caseNumber: c.number, amount: duesPaise, receiptNumber }),
    ]);
    // A broadcast to a follower of another case: one send job per recipient.
    const caseId = (await demoCase(h, 'JAI2', 'Samod')).id;
    await h.deps.db.subscription.create({ data: { telegramUserId: BigInt(follower), kind: 'CASE', caseId } });
    await addToOutbox(
      h.deps.db,
      { name: 'broadcast', payload: { kind: 'new_case', caseId } },
      `case:${caseId}:broadcast:new_case`,
      h.clock.now(),
    );
    await h.drain(60_000);
    // The owner got the receipt, the keeper his printouts and the follower the broadcast: real jobs ran for each.
    expect(h.api.sentTo(owner.id).length).toBeGreaterThan(0);
    expect(
      h.api
        .sentTo(keeper.id)
        .slice(-2)
        .map((m) => [m.method, m.text])
        .sort(),
    ).toEqual(
      [
        ['sendDocument', t('en', 'documents:caption.receipt', { number: receiptNumber })],
        ['sendDocument', t('en', 'documents:caption.release', { number: c.number })],
      ].sort(),
    );
    expect(h.api.sentTo(follower).length).toBeGreaterThanOrEqual(2);

    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const prefix = h.jobs!.prefix;
      const forbidden = [
        String(owner.id),
        String(keeper.id),
        String(follower),
        UPI_REF,
        owner.firstName,
        'Ramesh',
        keeper.firstName,
      ];
      let jobs = 0;
      for (const queue of ['send', 'deadline', 'broadcast', 'sms']) {
        const q = h.jobs!.runtime.queues[queue as 'send'];
        for (const job of await q.getJobs(['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed'])) {
          if (!job) continue;
          jobs++;
          const seen = `${job.id} ${job.name} ${JSON.stringify(job.data)}`;
          for (const word of forbidden) expect(seen, `${queue} job ${seen}`).not.toContain(word);
          // No run of digits as long as a phone number or a chat id (a 13-digit epoch-ms stamp in a replan key is neither).
          expect(seen, `${queue} job ${seen}`).not.toMatch(/(?<!\d)\d{7,12}(?!\d)/);
        }
      }
      expect(jobs).toBeGreaterThanOrEqual(4);
      // Every key under our prefix (job hashes, ids in sets and lists): no chat id, name or UPI reference.
      for (const key of await keysUnder(redis, prefix)) {
        const type = await redis.type(key);
        const body =
          type === 'hash'
            ? JSON.stringify(await redis.hgetall(key))
            : type === 'zset'
              ? (await redis.zrange(key, 0, -1)).join(' ')
              : type === 'list'
                ? (await redis.lrange(key, 0, -1)).join(' ')
                : type === 'set'
                  ? (await redis.smembers(key)).join(' ')
                  : type === 'string'
                    ? ((await redis.get(key)) ?? '')
                    : '';
        // The rate limiter's per-chat keys (jobs/rate-limit.ts) included: they name a chat by a keyed hash, never by its id.
        for (const word of [UPI_REF, owner.firstName, keeper.firstName])
          expect(`${key} ${body}`, key).not.toContain(word);
        for (const id of [owner.id, keeper.id, follower])
          expect(`${key} ${body}`, key).not.toMatch(new RegExp(`(?<!\\d)${id}(?!\\d)`));
      }
    } finally {
      await redis.quit();
    }
  }, 120_000);

  it('the whole run logged plenty and never the token', () => {
    expect(lines.length).toBeGreaterThan(3);
    const log = lines.join('');
    expect(log).not.toContain(SECRET_PART);
    expect(log).not.toContain(TOKEN);
  });
});
