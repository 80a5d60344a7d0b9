import { describe, expect, it } from 'vitest';
import { createConfig } from '../../../src/config';
import { createHttpServer } from '../../../src/http/server';
import { createTranslator } from '../../../src/i18n';
import { createLogger } from '../../../src/logging';
import { Metrics } from '../../../src/observability/metrics';
import { systemClock } from '../../../src/clock';
import type { Db } from '../../../src/db';

// Without METRICS_TOKEN, /metrics answers only this machine (a Prometheus agent on the host), and only when the server
// listens on loopback alone (a proxy on this machine would also connect from loopback); the other branch (bearer
// token) is tested over real HTTP in test/e2e/http/server.test.ts, the bound address in test/e2e/http/doors.test.ts.
describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers a loopback client of a loopback-bound server and refuses any other address (403)', async () => {
    const config = createConfig({ LOG_LEVEL: 'silent', HTTP_HOST: '127.0.0.1' });
    const metrics = new Metrics();
    const deps = {
      config,
      db: {} as Db,
      clock: systemClock,
      logger: createLogger('silent'),
      translator: await createTranslator(),
      metrics,
    };
    const { app } = await createHttpServer({ config, deps, metrics });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.7' })).statusCode).toBe(403);
      // The dashboard is not mounted at all without DASHBOARD_USER/PASSWORD: never open.
      expect((await app.inject({ method: 'GET', url: '/admin/queues', remoteAddress: '127.0.0.1' })).statusCode).toBe(
        404,
      );
    } finally {
      await app.close();
    }
  });

  it('refuses even a loopback client when the server listens on every address', async () => {
    const config = createConfig({ LOG_LEVEL: 'silent' });
    const metrics = new Metrics();
    const deps = {
      config,
      db: {} as Db,
      clock: systemClock,
      logger: createLogger('silent'),
      translator: await createTranslator(),
      metrics,
    };
    const { app } = await createHttpServer({ config, deps, metrics });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});
