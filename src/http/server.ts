import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { webhookCallback, type Api, type Bot } from 'grammy';
import type { BotContext } from '../../bot';
import type { Queues } from '../../jobs/dispatcher';
import type { Config } from '../config';
import type { CoreDeps } from '../deps';
import type { Metrics } from '../observability/metrics';
import { runInScope } from '../observability/scope';
import { registerDesk, type DeskOptions } from './desk/routes';
import { rateLimitOptions, type SharedLimits } from './client-limits';
import { mountDashboard, safeEqual } from './dashboard';
import { registerCasePages, registerReceiptPage } from './public-pages';
import { Readiness } from './readiness';
import { registerSmsInbound } from './sms-inbound';
import { registerStats } from './stats-routes';

/** What the HTTP server serves; parts that are absent are not routed (a worker process has no webhook). */
export interface HttpServerOptions {
  config: Config;
  deps: CoreDeps;
  metrics: Metrics;
  /** The bot, in webhook mode: POST /webhook receives Telegram's updates. */
  webhookBot?: Bot<BotContext>;
  /** The Bot API client /readyz checks with getMe (absent: not checked). */
  api?: Api;
  /** The queues for the dashboard (once the jobs runtime has started). */
  queues?: Queues;
  /** The bot's username, for the case page's "open in Telegram" link (read per request: getMe sets it at start). */
  botUsername?: () => string;
  /** The staff desk (Telegram Mini App under /desk): needs the token Telegram signs initData with. */
  desk?: DeskOptions;
  /** Where the per-client limits count: the deployment's Redis (absent: this process's memory). */
  limits?: SharedLimits;
}

/** The server and its readiness probe. */
export interface HttpServer {
  app: FastifyInstance;
  readiness: Readiness;
}

export const WEBHOOK_PATH = '/webhook';

const isLoopback = (ip: string) =>
  ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1' || ip === 'localhost' || ip.startsWith('127.');

/** The address the server listens on (null before it listens, e.g. under inject). */
const boundTo = (app: FastifyInstance): string | null => {
  const a = app.server.address();
  return a && typeof a === 'object' ? a.address : null;
};

/** Headers a proxy adds: a request carrying one came through a proxy, even when it reaches us from loopback. */
const FORWARDED_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/** Browser features no page of this server uses (a photo is chosen through a file input, which needs none of them). */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';
/** Browsers that saw the https address once keep to https for a year (only sent when PUBLIC_URL is https). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The one HTTP server of a process (fastify): Telegram's webhook, /healthz, /readyz, /metrics, the queue
 * dashboard, the public receipt page and the staff desk (/desk). Body size and request time are limited for every route; each
 * request gets an id (X-Request-Id, echoed back) that is on every log line written while it is handled.
 */
export async function createHttpServer(o: HttpServerOptions): Promise<HttpServer> {
  const { config, deps, metrics } = o;
  const log = deps.logger.child({ part: 'http' });
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'req_id' }),
    bodyLimit: config.HTTP_BODY_LIMIT_BYTES,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 65_000,
    // Only the configured hops are believed about the client's address (config.ts): the per-client limits key on it.
    trustProxy: trustProxyOption(config.HTTP_TRUST_PROXY.trust),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
  });
  const readiness = new Readiness({
    db: deps.db,
    redisUrl: config.REDIS_URL,
    ...(o.api ? { api: o.api } : {}),
    botApiCacheSeconds: config.READYZ_BOT_API_CACHE_SECONDS,
  });
  if (config.HTTP_TRUST_PROXY.fromTrue)
    log.warn(
      "HTTP_TRUST_PROXY=true is taken as loopback,uniquelocal (a proxy on this machine or the private network): set the proxies' addresses or their number",
    );
  app.addHook('onClose', () => readiness.close());
  const https = config.PUBLIC_URL?.startsWith('https://') ?? false;
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (https) reply.header('strict-transport-security', HSTS);
  });
  // One line per request: route pattern (never the receipt code or a query), status and time. No client address.
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        method: req.method,
        route: req.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'http request',
    );
  });
  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    // 500 on the webhook: Telegram delivers the update again later (errors past the bot's error boundary).
    void reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(status === 413 ? 'Payload Too Large' : status >= 500 ? 'Internal Server Error' : err.message);
  });

  app.get('/healthz', async (_req, reply) => reply.type('text/plain; charset=utf-8').send('ok'));

  app.get('/readyz', async (_req, reply) => {
    const r = await readiness.check();
    const failing = Object.entries(r.checks)
      .filter(([, v]) => v !== 'ok')
      .map(([k]) => k);
    return reply
      .code(r.ready ? 200 : 503)
      .send({ status: r.ready ? 'ready' : 'not ready', ...(failing.length ? { failing } : {}), checks: r.checks });
  });

  app.get('/metrics', async (req, reply) => {
    if (config.METRICS_TOKEN) {
      if (!safeEqual(req.headers.authorization ?? '', `Bearer ${config.METRICS_TOKEN}`)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .type('text/plain; charset=utf-8')
          .send('Unauthorized');
      }
    } else if (
      !isLoopback(boundTo(app) ?? config.HTTP_HOST) ||
      !isLoopback(req.socket.remoteAddress ?? '') ||
      FORWARDED_HEADERS.some((h) => req.headers[h] !== undefined)
    ) {
      // Without a token only this machine may read the metrics (a Prometheus agent on the host), and only when the
      // server listens on loopback alone: a proxy on the same machine also connects from loopback.
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send('Forbidden: set METRICS_TOKEN to scrape from elsewhere');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  if (o.webhookBot) {
    const handle = webhookCallback(o.webhookBot, 'fastify', {
      secretToken: config.WEBHOOK_SECRET!,
      onTimeout: 'throw',
      timeoutMilliseconds: 10_000,
    });
    const secret = config.WEBHOOK_SECRET!;
    const webhook = (req: FastifyRequest, reply: FastifyReply) =>
      runInScope({ req_id: req.id }, async () => {
        // With the right secret, a JSON body that is not a Telegram update is the sender's mistake, not ours: 400,
        // which Telegram does not retry (a 500 it would post again and again). A wrong secret is grammY's 401.
        const problem = notAnUpdate(req.body);
        if (problem) {
          log.warn({ problem }, 'webhook body is not a Telegram update');
          return reply.code(400).type('text/plain; charset=utf-8').send('Bad Request: not a Telegram update');
        }
        return handle(req, reply);
      });
    // The secret is checked before the body is read: a stranger's post costs no parsing.
    const secretFirst = async (req: FastifyRequest, reply: FastifyReply) => {
      if (!safeEqual(String(req.headers['x-telegram-bot-api-secret-token'] ?? ''), secret))
        return reply.code(401).type('text/plain; charset=utf-8').send('secret token is wrong');
    };
    app.post(WEBHOOK_PATH, { onRequest: secretFirst }, webhook);
    // Telegram posts to the URL it was given; a WEBHOOK_URL with another path is served there too.
    const path = webhookPath(config.WEBHOOK_URL);
    if (path !== WEBHOOK_PATH) app.post(path, { onRequest: secretFirst }, webhook);
  }

  if (o.queues && config.DASHBOARD_USER && config.DASHBOARD_PASSWORD)
    await mountDashboard(
      app,
      o.queues,
      config.DASHBOARD_USER,
      config.DASHBOARD_PASSWORD,
      config.DASHBOARD_WRITE,
      o.limits,
      deps.clock,
    );

  // Every per-client limit below (and the desk's) counts in the deployment's Redis when given: one count per client
  // across all processes behind the load balancer.
  await app.register(rateLimit, rateLimitOptions(o.limits));
  registerReceiptPage(app, deps);
  if (o.desk) await registerDesk(app, deps, { ...o.desk, limits: o.desk.limits ?? o.limits });
  // The owners' replies to the SMS (STOP, START), where the provider delivers them (docs/SMS.md).
  if (config.SMS_INBOUND_SECRET && deps.sms) await registerSmsInbound(app, deps, config.SMS_INBOUND_SECRET);
  registerCasePages(app, deps, () => o.botUsername?.() ?? config.BOT_USERNAME ?? '');

  // Open pound data: the public statistics pages and their API (docs/OPEN-DATA.md).
  registerStats(app, deps, config.STATS_PAGE_PER_MINUTE);

  // Not the instance itself: a fastify instance is thenable, and an async function would await it.
  return { app, readiness };
}

/**
 * Why a webhook body is not a Telegram update, or null when it is one: an object with `update_id` a non-negative
 * integer JavaScript holds exactly (an id past 2^53, or past 64 bits, is not one Telegram sends) and at least one
 * object beside it (the message, callback query… — kinds Telegram may add later count too).
 */
export function notAnUpdate(body: unknown): 'not_an_object' | 'update_id' | 'no_content' | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'not_an_object';
  const { update_id: id, ...rest } = body as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return 'update_id';
  return Object.values(rest).some((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
    ? null
    : 'no_content';
}

/**
 * fastify's trustProxy for the configured proxies: a hop count as a function (fastify 5 believes no hop for a bare
 * number): the connecting peer and the `hops - 1` entries nearest to it in X-Forwarded-For are proxies; the entry
 * before them is the client.
 */
export function trustProxyOption(
  trust: false | number | string[],
): false | string[] | ((a: string, i: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, i) => i < trust;
}

/** The path part of WEBHOOK_URL ("/" when it has none). */
export function webhookPath(url: string | undefined): string {
  if (!url) return WEBHOOK_PATH;
  return new URL(url).pathname || '/';
}
