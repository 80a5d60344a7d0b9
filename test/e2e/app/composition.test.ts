import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/app';
import { ManualClock } from '../../../src/clock';
import { createConfig } from '../../../src/config';
import { createLogger } from '../../../src/logging';
import { FakeBotApi } from '../../support/fake-bot-api';
import { enrolStaff } from '../../support/fixtures';

// The composition root as `npm start` builds it (embedded database, real Redis, real workers), with the
// Bot API answered by the fake: proves the wiring, not a flow.
describe('createApp', () => {
  let app: App;
  let dir: string;
  const api = new FakeBotApi();
  const prefix = `t-app-${randomUUID().slice(0, 8)}`;
  let updateId = 1;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kanji-app-'));
    const config = createConfig({
      BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST',
      DATA_DIR: dir,
      QUEUE_PREFIX: prefix,
      LOG_LEVEL: 'silent',
    });
    app = await createApp(config, {
      mode: 'all',
      noTransport: true,
      seed: true,
      botClient: api.client,
      botInfo: api.botInfo,
      clock: new ManualClock('2026-11-29T10:00:00+05:30'),
      logger: createLogger('silent'),
    });
    await app.start();
  });

  afterAll(async () => {
    await app?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const send = (userId: number, text: string) =>
    app.bot!.handleUpdate({
      update_id: updateId++,
      message: {
        message_id: updateId,
        date: 1,
        chat: { id: userId, type: 'private', first_name: 'u' },
        from: { id: userId, is_bot: false, first_name: 'u', language_code: 'en' },
        text,
        entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }],
      },
    } as Update);

  it('seeds the demo district and migrates the embedded database', async () => {
    expect(await app.deps.db.pound.count()).toBe(3);
    expect(await app.deps.db.case.count()).toBeGreaterThan(0);
  });

  it('answers /status for an administrator from the live job runtime, and refuses anyone else', async () => {
    await enrolStaff(app.deps.db, 880001, 'ADMIN', ['JAI1']);
    await send(880001, '/status');
    const text = api.lastTo(880001)?.text ?? '';
    const t = app.deps.translator.forLang('en');
    expect(text).toContain(t('jobs:status.queue_name.deadline'));
    expect(text).not.toBe(t('jobs:status.unavailable'));
    await send(880002, '/status');
    expect(api.lastTo(880002)?.text).toBe(t('jobs:status.admin_only'));
  });
});
