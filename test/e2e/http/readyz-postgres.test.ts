import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/app';
import { createConfig } from '../../../src/config';
import { createLogger } from '../../../src/logging';
import { FakeBotApi } from '../../support/fake-bot-api';
import { TEST_REDIS_URL } from '../../support/jobs-harness';
import { freePort, PostgresProcess } from '../../support/own-services';

// A worker process (npm run worker) on a Postgres cluster this test owns (initdb in a temp dir, the server on a
// free port): /readyz answers 503 naming the database while that Postgres is stopped, and 200 once it is back.
describe('GET /readyz with Postgres stopped', { timeout: 60_000 }, () => {
  let app: App;
  let pgOwn: PostgresProcess;
  let base = '';

  beforeAll(async () => {
    pgOwn = await PostgresProcess.create();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const api = new FakeBotApi();
    const config = createConfig({
      BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST',
      DATABASE_URL: pgOwn.url(),
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: `t-ready-${randomUUID().slice(0, 8)}`,
      PORT: String(port),
      HTTP_HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    });
    app = await createApp(config, { mode: 'workers', botClient: api.client, logger: createLogger('silent') });
    await app.start();
  }, 180_000);

  afterAll(async () => {
    await pgOwn?.start().catch(() => {});
    await app?.stop();
    await pgOwn?.destroy();
  });

  it('is ready with the database up, 503 naming the database when it stops, ready again after it starts', async () => {
    const up = await fetch(`${base}/readyz`);
    expect(up.status).toBe(200);
    await pgOwn.stop();
    const down = await fetch(`${base}/readyz`);
    expect(down.status).toBe(503);
    const body = (await down.json()) as { failing: string[]; checks: Record<string, string> };
    expect(body.failing).toEqual(['database']);
    expect(body.checks.redis).toBe('ok');
    // Liveness does not depend on the database: a load balancer takes the process out, systemd does not kill it.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await pgOwn.start();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await fetch(`${base}/readyz`)).status;
    }
    expect(status).toBe(200);
  });
});
