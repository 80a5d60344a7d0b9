import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/admin/run';
import { botUsernameFrom, createApp } from '../../src/app';
import { ManualClock } from '../../src/clock';
import { createConfig } from '../../src/config';
import { createTranslator } from '../../src/i18n';
import { createLogger } from '../../src/logging';
import { FakeBotApi } from '../support/fake-bot-api';
import { TEST_REDIS_URL, uniqueQueuePrefix } from '../support/jobs-harness';

const TOKEN = '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST';

// Deep links printed on receipts, seizure slips and enrolment codes must name the bot this token belongs to
// (getMe), never a default name someone else could register, nor a BOT_USERNAME that disagrees with Telegram.
describe('the bot username in deep links comes from getMe', () => {
  let dir: string;
  let server: Server;
  let apiRoot: string;
  const fake = new FakeBotApi();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kanji-username-'));
    // A Bot API over real HTTP for the admin CLI (a separate Api client, as in production).
    server = createServer((req, res) => {
      const method = (req.url ?? '').split('/').pop();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(method === 'getMe' ? { ok: true, result: fake.botInfo } : { ok: true, result: true }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    apiRoot = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await rm(dir, { recursive: true, force: true });
  });

  it('botUsernameFrom: getMe decides; a BOT_USERNAME that agrees (any case) is fine, one that disagrees stops with one line', () => {
    expect(botUsernameFrom({}, { username: 'KanjiSahayakTestBot' })).toBe('KanjiSahayakTestBot');
    expect(botUsernameFrom({ BOT_USERNAME: 'kanjisahayaktestbot' }, { username: 'KanjiSahayakTestBot' })).toBe(
      'KanjiSahayakTestBot',
    );
    expect(() => botUsernameFrom({ BOT_USERNAME: 'kanji_sahayak_bot' }, { username: 'KanjiSahayakTestBot' })).toThrow(
      'BOT_USERNAME is "kanji_sahayak_bot" but Telegram says this BOT_TOKEN belongs to @KanjiSahayakTestBot: correct BOT_USERNAME or unset it',
    );
  });

  it('the service refuses to start when BOT_USERNAME disagrees with getMe, before taking any update', async () => {
    const config = createConfig({
      BOT_TOKEN: TOKEN,
      BOT_USERNAME: 'kanji_sahayak_bot',
      DATA_DIR: path.join(dir, 'app'),
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: uniqueQueuePrefix('usr'),
      LOG_LEVEL: 'silent',
    });
    const app = await createApp(config, {
      mode: 'all',
      botClient: fake.client,
      clock: new ManualClock('2026-11-29T10:00:00+05:30'),
      logger: createLogger('silent'),
    });
    try {
      await expect(app.start()).rejects.toThrow(
        /^BOT_USERNAME is "kanji_sahayak_bot" but Telegram says this BOT_TOKEN belongs to @KanjiSahayakTestBot/,
      );
      expect(fake.calls.map((c) => c.method)).toEqual(['getMe']);
    } finally {
      await app.stop();
    }
  }, 60_000);

  it('admin enrol prints a link to the bot getMe names when BOT_USERNAME is unset, and refuses a disagreeing one', async () => {
    const dataDir = path.join(dir, 'admin');
    // The demo district, so that pound JAI1 exists.
    const seedApp = await createApp(createConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
      mode: 'workers',
      seed: true,
      logger: createLogger('silent'),
    });
    await seedApp.database.close();
    const translator = await createTranslator({ strict: true });
    const run = async (env: Record<string, string>) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAdmin(['enrol', '--role', 'pound-keeper', '--pound', 'JAI1'], {
        env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', TELEGRAM_API_ROOT: apiRoot, ...env },
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      });
      return { code, out: out.join('\n'), err };
    };
    const ok = await run({ BOT_TOKEN: TOKEN });
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/https:\/\/t\.me\/KanjiSahayakTestBot\?start=enrol_\S+/);
    expect(ok.out).not.toContain('kanji_sahayak_bot');
    const wrong = await run({ BOT_TOKEN: TOKEN, BOT_USERNAME: 'kanji_sahayak_bot' });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toEqual([
      translator.t('en', 'staff:admin.bot_username_mismatch', {
        configured: 'kanji_sahayak_bot',
        actual: 'KanjiSahayakTestBot',
      }),
    ]);
    expect(wrong.out).toBe('');
  }, 120_000);
});
