import { createHash, timingSafeEqual } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance } from 'fastify';
import type { Queues } from '../../jobs/dispatcher';
import { wrongLogins, type SharedLimits } from './client-limits';

// The queue dashboard (bull-board) behind HTTP basic auth, and the one constant-time comparison of a secret.

export const DASHBOARD_PATH = '/admin/queues';

/**
 * Whether a secret someone sent is the one expected, in a time that tells nothing of either: both are hashed to
 * digests of one length first, so neither the first differing byte nor the secret's length shows in the timing.
 */
export const safeEqual = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/** Wrong dashboard logins one client address may make in DASHBOARD_LOGIN_WINDOW_MS before it is refused. */
export const DASHBOARD_LOGIN_ATTEMPTS = 10;
export const DASHBOARD_LOGIN_WINDOW_MS = 15 * 60_000;

/**
 * The BullMQ dashboard under /admin/queues, behind HTTP basic auth (DASHBOARD_USER / DASHBOARD_PASSWORD), wrong
 * logins throttled per client address (counted in the deployment's Redis when `limits` is given). It only shows the
 * queues unless DASHBOARD_WRITE is set: the board hides its buttons, and any request that would change something
 * (every method but GET and HEAD) is refused 405 here.
 */
export async function mountDashboard(
  app: FastifyInstance,
  queues: Queues,
  user: string,
  password: string,
  write: boolean,
  limits: SharedLimits | undefined,
  clock: { now(): Date },
): Promise<void> {
  const adapter = new FastifyAdapter();
  adapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({
    queues: Object.values(queues).map((q) => new BullMQAdapter(q, { readOnlyMode: !write })),
    serverAdapter: adapter,
  });
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const throttle = wrongLogins(DASHBOARD_LOGIN_ATTEMPTS, DASHBOARD_LOGIN_WINDOW_MS, limits);
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (req, reply) => {
        const now = clock.now().getTime();
        const wait = await throttle.blockedFor(req.ip, now);
        if (wait > 0) {
          req.log.warn({ route: DASHBOARD_PATH }, 'queue dashboard: too many wrong logins from this client');
          return reply
            .code(429)
            .header('retry-after', String(wait))
            .type('text/plain; charset=utf-8')
            .send('Too Many Requests');
        }
        if (!safeEqual(req.headers.authorization ?? '', expected)) {
          // A browser's first request carries no credentials: only a wrong password counts as a failed login.
          if (req.headers.authorization !== undefined) await throttle.failed(req.ip, now);
          req.log.warn({ route: DASHBOARD_PATH }, 'queue dashboard: refused without valid credentials');
          return reply
            .code(401)
            .header('www-authenticate', 'Basic realm="Kanji Sahayak queues", charset="UTF-8"')
            .type('text/plain; charset=utf-8')
            .send('Unauthorized');
        }
        await throttle.succeeded(req.ip);
        if (!write && req.method !== 'GET' && req.method !== 'HEAD')
          return reply.code(405).header('allow', 'GET, HEAD').type('text/plain; charset=utf-8').send('Read-only');
      });
      await scope.register(adapter.registerPlugin());
    },
    { prefix: DASHBOARD_PATH },
  );
}
