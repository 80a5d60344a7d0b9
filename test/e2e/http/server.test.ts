import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/app';
import { ManualClock } from '../../../src/clock';
import { createConfig } from '../../../src/config';
import { createLogger } from '../../../src/logging';
import { FakeBotApi } from '../../support/fake-bot-api';
import { freePort, RedisProcess } from '../../support/own-services';
import { confirmedPartReceipt, confirmedReceipt } from '../../support/paid-case';

// The HTTP server as `npm start` runs it in webhook mode, hit over real HTTP on a real port: the bot on the
// embedded database, its own Redis (a redis-server this test starts and stops), the Bot API answered by the fake.
const SECRET = 'test-webhook-secret-0123456789';
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const DASH = { user: 'ops', password: 'dashboard-password-1' };

describe('HTTP server (webhook mode)', () => {
  let app: App;
  let dir: string;
  let redis: RedisProcess;
  let base: string;
  const api = new FakeBotApi();
  const clock = new ManualClock('2026-11-29T10:00:00+05:30');
  const logLines: Array<Record<string, unknown>> = [];
  const rawLines: string[] = [];
  const logger = createLogger('info', {
    write: (line: string) => {
      rawLines.push(line);
      logLines.push(JSON.parse(line));
    },
  });
  let receiptCode = '';
  let receiptNumber = '';
  let caseNumber = '';
  let part: Awaited<ReturnType<typeof confirmedPartReceipt>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kanji-http-'));
    redis = await RedisProcess.create();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const config = createConfig({
      BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST',
      DATA_DIR: dir,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `t-http-${randomUUID().slice(0, 8)}`,
      WEBHOOK_URL: 'https://bot.example.test/webhook',
      WEBHOOK_SECRET: SECRET,
      PORT: String(port),
      HTTP_HOST: '127.0.0.1',
      METRICS_TOKEN,
      DASHBOARD_USER: DASH.user,
      DASHBOARD_PASSWORD: DASH.password,
      RECEIPT_PAGE_PER_MINUTE: '12',
      LOG_LEVEL: 'info',
    });
    app = await createApp(config, {
      mode: 'all',
      seed: true,
      botClient: api.client,
      botInfo: api.botInfo,
      clock,
      logger,
    });
    await app.start();
    const r = await confirmedReceipt(app.deps.db, app.deps.config, clock.now());
    receiptCode = r.receipt.verificationCode;
    receiptNumber = r.receipt.number;
    caseNumber = r.caseNumber;
    part = await confirmedPartReceipt(app.deps.db, config, clock.now());
  }, 180_000);

  afterAll(async () => {
    await redis?.start().catch(() => {});
    await app?.stop();
    await redis?.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  const update = (id: number, chatId: number, text: string) => ({
    update_id: id,
    message: {
      message_id: id,
      date: 1,
      chat: { id: chatId, type: 'private', first_name: 'u' },
      from: { id: chatId, is_bot: false, first_name: 'u', language_code: 'en' },
      text,
      entities: [{ type: 'bot_command', offset: 0, length: text.length }],
    },
  });
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const metricsText = async () =>
    (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();

  it('GET /healthz answers 200 text/plain with a request id', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.text()).toBe('ok');
  });

  it('GET /readyz answers 200 JSON when the database, Redis and the Bot API answer', async () => {
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', bot_api: 'ok' } });
  });

  it('the webhook refuses a wrong or missing secret token (401) and handles an update with it', async () => {
    expect((await post(JSON.stringify(update(5001, 61001, '/help')))).status).toBe(401);
    expect(
      (
        await post(JSON.stringify(update(5001, 61001, '/help')), {
          'x-telegram-bot-api-secret-token': 'wrong-secret-0123456789',
        })
      ).status,
    ).toBe(401);
    expect(api.sentTo(61001)).toHaveLength(0);
    const res = await post(JSON.stringify(update(5002, 61001, '/help')), { 'x-telegram-bot-api-secret-token': SECRET });
    expect(res.status).toBe(200);
    expect(api.sentTo(61001).length).toBeGreaterThan(0);
    // The update's log line carries its ids and the HTTP request's id — no name, no text.
    const reqId = res.headers.get('x-request-id');
    const line = logLines.find((l) => l.msg === 'update handled' && l.update_id === 5002);
    expect(line).toMatchObject({
      chat_id: 61001,
      user_id: 61001,
      update_kind: 'message',
      outcome: 'ok',
      req_id: reqId,
    });
    expect(Number(line!.statements)).toBeGreaterThan(0);
    expect(JSON.stringify(line)).not.toMatch(/first_name|\/help/);
    expect(logLines.find((l) => l.msg === 'http request' && l.req_id === reqId)).toMatchObject({
      route: '/webhook',
      status: 200,
      method: 'POST',
    });
  });

  it('the webhook answers 413 to a body over the limit, without handling it', async () => {
    const big = JSON.stringify({ ...update(5003, 61002, '/help'), padding: 'x'.repeat(2 * 1024 * 1024) });
    const res = await post(big, { 'x-telegram-bot-api-secret-token': SECRET });
    expect(res.status).toBe(413);
    expect(api.sentTo(61002)).toHaveLength(0);
  });

  it('the webhook refuses a wrong secret before reading the body: a large non-JSON post is 401, never parsed', async () => {
    const body = `{${'x'.repeat(500_000)}`;
    expect((await post(body, { 'x-telegram-bot-api-secret-token': 'wrong-secret-0123456789' })).status).toBe(401);
    expect((await post(body)).status).toBe(401);
    // With the right secret the same body is read, and is no JSON.
    expect((await post(body, { 'x-telegram-bot-api-secret-token': SECRET })).status).toBe(400);
  });

  it('GET /metrics refuses without the bearer token (401) and serves Prometheus text with it', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // The /help update handled above: counted by kind and outcome, timed, its SQL statements counted.
    expect(text).toMatch(/kanji_updates_total\{kind="message",outcome="ok"\} 1\b/);
    expect(text).toMatch(/kanji_update_duration_seconds_count\{kind="message"\} 1\b/);
    const statements = Number(/kanji_update_db_statements_sum (\d+)/.exec(text)?.[1]);
    expect(statements).toBeGreaterThan(0);
    for (const name of [
      'kanji_jobs{queue="send",state="waiting"}',
      'kanji_deliveries_total{outcome="sent"}',
      'kanji_telegram_429_total',
      'kanji_sender_rate_per_second',
      'kanji_outbox_backlog',
      'kanji_outbox_oldest_age_seconds',
      'kanji_deadline_lateness_seconds',
    ]) {
      expect(text).toContain(name);
    }
  });

  it('counts one more update per webhook post, with the statements it issued', async () => {
    const before = Number(/kanji_update_db_statements_count (\d+)/.exec(await metricsText())?.[1]);
    await post(JSON.stringify(update(5004, 61003, '/help')), { 'x-telegram-bot-api-secret-token': SECRET });
    const after = await metricsText();
    expect(Number(/kanji_update_db_statements_count (\d+)/.exec(after)?.[1])).toBe(before + 1);
    expect(after).toMatch(/kanji_updates_total\{kind="message",outcome="ok"\} 2\b/);
  });

  it('the webhook answers 400 to JSON that is not an update (with the right secret), logged once, handled never', async () => {
    const message =
      '"message":{"message_id":1,"date":1,"chat":{"id":61005,"type":"private","first_name":"u"},"text":"/help"}';
    const bodies = [
      '{}',
      '[]',
      `{"update_id":"abc",${message}}`,
      `{"update_id":123456789012345678901234567890,${message}}`,
      `{"update_id":18446744073709551617,${message}}`,
      `{"update_id":9007199254740993,${message}}`,
      `{"update_id":-1,${message}}`,
      `{"update_id":1.5,${message}}`,
      '{"update_id":5010}',
    ];
    for (const body of bodies) {
      const res = await post(body, { 'x-telegram-bot-api-secret-token': SECRET });
      expect([body, res.status]).toEqual([body, 400]);
      const reqId = res.headers.get('x-request-id');
      const lines = logLines.filter((l) => l.req_id === reqId);
      expect(lines.map((l) => [l.level, l.msg])).toEqual([
        [40, 'webhook body is not a Telegram update'],
        [30, 'http request'],
      ]);
      expect(lines[1]).toMatchObject({ route: '/webhook', status: 400 });
    }
    expect(api.sentTo(61005)).toHaveLength(0);
    expect(logLines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    // A wrong secret is still 401 whatever the body, and a real update still goes through.
    expect((await post('{}', { 'x-telegram-bot-api-secret-token': 'wrong-secret-0123456789' })).status).toBe(401);
    const ok = await post(`{"update_id":5011,${message}}`, { 'x-telegram-bot-api-secret-token': SECRET });
    expect(ok.status).toBe(200);
    expect(api.sentTo(61005).length).toBeGreaterThan(0);
  });

  it('every log line of a webhook request carries its req_id once', async () => {
    const res = await post(JSON.stringify(update(5012, 61006, '/help')), { 'x-telegram-bot-api-secret-token': SECRET });
    expect(res.status).toBe(200);
    const reqId = res.headers.get('x-request-id')!;
    const lines = rawLines.filter((l) => l.includes(reqId));
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(
      expect.arrayContaining(['update handled', 'http request']),
    );
    for (const line of lines) expect([line, line.split('"req_id":').length - 1]).toEqual([line, 1]);
    // A line's own fields stay on it: the update's outcome is not on the request line written after it.
    expect(logLines.find((l) => l.msg === 'http request' && l.req_id === reqId)).not.toHaveProperty('outcome');
  });

  it('the queue dashboard refuses without credentials (401) and opens with basic auth', async () => {
    const none = await fetch(`${base}/admin/queues`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);
    const wrong = await fetch(`${base}/admin/queues`, {
      headers: { authorization: `Basic ${Buffer.from(`${DASH.user}:nope`).toString('base64')}` },
    });
    expect(wrong.status).toBe(401);
    const apiNone = await fetch(`${base}/admin/queues/api/queues`);
    expect(apiNone.status).toBe(401);
    const auth = { authorization: `Basic ${Buffer.from(`${DASH.user}:${DASH.password}`).toString('base64')}` };
    const ok = await fetch(`${base}/admin/queues`, { headers: auth });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/html/);
    const queues = await fetch(`${base}/admin/queues/api/queues`, { headers: auth });
    expect(queues.status).toBe(200);
    expect(JSON.stringify(await queues.json())).toContain('deadline');
  });

  it('GET /r/<code> shows a genuine receipt in English or Hindi by Accept-Language, with nothing personal', async () => {
    const en = await fetch(`${base}/r/${receiptCode}`, { headers: { 'accept-language': 'en-IN,en;q=0.9' } });
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(en.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await en.text();
    expect(html).toContain('<html lang="en">');
    for (const fact of [receiptNumber, caseNumber, '₹940.00', 'pound-keeper', 's. 13']) expect(html).toContain(fact);
    expect(html).not.toMatch(/Ramesh|Suresh|<script/);
    // A receipt of the whole entry lists no heads (as the receipt PDF and /verify).
    expect(html).not.toMatch(/Heads? covered|class="heads"|covers only/);
    const hi = await (
      await fetch(`${base}/r/${receiptCode.toLowerCase()}`, {
        headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' },
      })
    ).text();
    expect(hi).toContain('<html lang="hi">');
    expect(hi).toContain('असली रसीद');
    expect(hi).toContain('कांजी हाउस प्रभारी');
    // The switch link.
    expect(hi).toContain('href="?lang=en"');
    expect(
      await (await fetch(`${base}/r/${receiptCode}?lang=en`, { headers: { 'accept-language': 'hi' } })).text(),
    ).toContain('<html lang="en">');
  });

  it("GET /r/<code> of a receipt for one owner's heads lists those heads (escaped) and says it covers only them, in en and hi; never a co-owner's head or a name", async () => {
    const [mine, coOwners, nobodys] = part.heads;
    const en = await fetch(`${base}/r/${part.receipt.verificationCode}`, { headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(200);
    const html = await en.text();
    for (const fact of [part.receipt.number, part.caseNumber, '₹310.00']) expect(html).toContain(fact);
    // Class and description, the description escaped (it holds & " < >): the list holds Suresh's cow alone.
    expect(mine!.description).toBe('black & white, "Moti" <star>');
    expect(html).toContain(
      '<dt>Animal covered (1)</dt><dd><ul class="heads"><li>Cow, black &#38; white, &#34;Moti&#34; &#60;star&#62;</li></ul>',
    );
    expect(html).toContain(
      'This receipt covers only the animal listed here; it does not cover the other animals of the case.',
    );
    expect(html).not.toContain('<star>');
    for (const other of [coOwners!, nobodys!]) expect(html).not.toContain(other.description);
    expect(html).not.toMatch(/Suresh|Mahesh|Dinesh|Mohan|Achrol|99010|<script/);
    const hi = await (
      await fetch(`${base}/r/${part.receipt.verificationCode}`, { headers: { 'accept-language': 'hi' } })
    ).text();
    expect(hi).toContain('<html lang="hi">');
    expect(hi).toContain(
      '<dt>पशु, जिसके लिए यह रसीद है (1)</dt><dd><ul class="heads"><li>गाय, black &#38; white, &#34;Moti&#34; &#60;star&#62;</li></ul>',
    );
    expect(hi).toContain('यह रसीद केवल यहाँ लिखे पशु के लिए है; प्रकरण के अन्य पशुओं के लिए नहीं।');
    for (const other of [coOwners!, nobodys!]) expect(hi).not.toContain(other.description);
    expect(hi).not.toMatch(/Suresh|Mahesh|Dinesh|भैंस/);
  });

  it('GET /r/<code> answers every unknown code the same way, whatever it looks like (no oracle)', async () => {
    const answers = await Promise.all(
      [
        'ZZZZ9999',
        'AB',
        `${receiptCode.slice(0, 7)}${receiptCode.endsWith('Q') ? 'R' : 'Q'}`,
        '%3Cscript%3E',
        'x'.repeat(90),
      ].map(async (c) => {
        const r = await fetch(`${base}/r/${c}`, { headers: { 'accept-language': 'en' } });
        return { status: r.status, type: r.headers.get('content-type'), body: await r.text() };
      }),
    );
    expect(answers[0]!.status).toBe(404);
    expect(answers[0]!.body).toContain('Not verified');
    for (const a of answers) expect(a).toEqual(answers[0]);
  });

  it('GET /r/<code> is rate-limited per client (429 past RECEIPT_PAGE_PER_MINUTE)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await fetch(`${base}/r/ZZZZ${i}`)).status);
    expect(statuses).toContain(429);
    // Health checks are not limited.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('GET /readyz turns 503 naming Redis when the test-owned Redis is stopped, and 200 again after it is back', async () => {
    await redis.stop();
    const down = await fetch(`${base}/readyz`);
    expect(down.status).toBe(503);
    const body = (await down.json()) as { failing: string[]; checks: Record<string, string> };
    expect(body.failing).toEqual(['redis']);
    expect(body.checks.database).toBe('ok');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await redis.start();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await fetch(`${base}/readyz`)).status;
    }
    expect(status).toBe(200);
  }, 30_000);
});
