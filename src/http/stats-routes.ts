import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CoreDeps } from '../deps';
import { districts, districtStats, poundStats, statsCsv, type StatsView } from '../services/open-data';
import { pageLanguage } from './page';
import { CHARTS_JS } from './stats-chart';
import { renderStatsIndex, renderStatsNotFound, renderStatsPage } from './stats-page';

// Open pound data over HTTP: the pages (/stats, /stats/d/<district>, /stats/p/<pound>), the versioned API
// (/stats/v1/districts.json, /stats/v1/district/<code>.json|.csv, /stats/v1/pound/<code>.json|.csv) and the charts'
// scripts from this server. No login and no personal data (src/services/open-data); limited per client like the other
// public pages. docs/OPEN-DATA.md.

const require = createRequire(import.meta.url);
const UPLOT_DIR = require.resolve('uplot/dist/uPlot.iife.min.js').replace(/uPlot\.iife\.min\.js$/, '');
/** The assets the pages load, read once: uPlot's build and stylesheet, and our drawing script. */
const ASSETS: Record<string, { type: string; body: string }> = {
  'uPlot.iife.min.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(`${UPLOT_DIR}uPlot.iife.min.js`, 'utf8'),
  },
  'uPlot.min.css': { type: 'text/css; charset=utf-8', body: readFileSync(`${UPLOT_DIR}uPlot.min.css`, 'utf8') },
  'charts.js': { type: 'text/javascript; charset=utf-8', body: CHARTS_JS },
};

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  vary: 'Accept-Language',
  // Scripts and the charts' stylesheet from this server only; the page's own JSON is data, never run.
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
} as const;

/**
 * The pages and the API share one reading of today's flows and of the stock now (every pound's) for this long; past half
 * of it a request starts a fresh reading (src/services/open-data `ReadOptions`).
 */
const LIVE = { liveMaxAgeMs: 30_000 };

const API_HEADERS = {
  // Half a minute, as the stock now is shared: a cache in between keeps no figure older than a minute.
  'cache-control': 'public, max-age=30',
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
} as const;

type Req = FastifyRequest<{ Params: { code: string }; Querystring: { lang?: string } }>;

/** A code as typed in a path: letters, digits, - and _, at most 20 (anything else is no district or pound). */
const codeOf = (s: string) => (/^[\w-]{1,20}$/.test(s) ? s : null);

/** Routes open pound data on `app`, each limited to `perMinute` requests per client a minute (assets three times as many). */
export function registerStats(app: FastifyInstance, deps: CoreDeps, perMinute: number): void {
  const tooMany = (req: FastifyRequest) => {
    const lang = pageLanguage(undefined, req.headers['accept-language'], deps.config.DEFAULT_LANGUAGE);
    return { statusCode: 429, message: deps.translator.t(lang, 'stats:too_many') };
  };
  const limit = (max: number) => ({
    config: { rateLimit: { max, timeWindow: 60_000, errorResponseBuilder: tooMany } },
  });
  const langOf = (req: Req) =>
    pageLanguage(req.query.lang, req.headers['accept-language'], deps.config.DEFAULT_LANGUAGE);
  const page = (reply: FastifyReply, lang: string, status: number, html: string) =>
    reply
      .code(status)
      .headers({ ...PAGE_HEADERS, 'content-language': lang })
      .send(html);

  app.get<{ Querystring: { lang?: string } }>('/stats', limit(perMinute), async (req, reply) => {
    const lang = langOf(req as Req);
    return page(reply, lang, 200, renderStatsIndex(deps.translator, lang, await districts(deps.db)));
  });
  const scoped = (read: (code: string) => Promise<StatsView | null>) => async (req: Req, reply: FastifyReply) => {
    const lang = langOf(req);
    const code = codeOf(String(req.params.code));
    const v = code ? await read(code) : null;
    if (!v) return page(reply, lang, 404, renderStatsNotFound(deps.translator, lang));
    return page(reply, lang, 200, renderStatsPage(deps.translator, lang, v));
  };
  app.get(
    '/stats/d/:code',
    limit(perMinute),
    scoped((c) => districtStats(deps.db, c, deps.clock.now(), LIVE)),
  );
  app.get(
    '/stats/p/:code',
    limit(perMinute),
    scoped((c) => poundStats(deps.db, c, deps.clock.now(), LIVE)),
  );

  app.get('/stats/v1/districts.json', limit(perMinute), async (_req, reply) =>
    reply
      .headers(API_HEADERS)
      .type('application/json; charset=utf-8')
      .send({ version: 1, districts: await districts(deps.db) }),
  );
  const api = (read: (code: string) => Promise<StatsView | null>) => async (req: Req, reply: FastifyReply) => {
    const m = /^([\w-]{1,20})\.(json|csv)$/.exec(String(req.params.code));
    const v = m ? await read(m[1]!) : null;
    if (!v)
      return reply
        .code(404)
        .headers({ 'cache-control': 'no-store' })
        .type('application/json')
        .send({ error: 'not_found' });
    if (m![2] === 'csv')
      return reply
        .headers({ ...API_HEADERS, 'content-disposition': `attachment; filename="${v.kind}-${v.scope.code}.csv"` })
        .type('text/csv; charset=utf-8; header=present')
        .send(statsCsv(v));
    return reply.headers(API_HEADERS).type('application/json; charset=utf-8').send(v);
  };
  app.get(
    '/stats/v1/district/:code',
    limit(perMinute),
    api((c) => districtStats(deps.db, c, deps.clock.now(), LIVE)),
  );
  app.get(
    '/stats/v1/pound/:code',
    limit(perMinute),
    api((c) => poundStats(deps.db, c, deps.clock.now(), LIVE)),
  );

  app.get<{ Params: { file: string } }>('/stats/assets/:file', limit(perMinute * 3), async (req, reply) => {
    const a = Object.hasOwn(ASSETS, req.params.file) ? ASSETS[req.params.file] : undefined;
    if (!a) return reply.code(404).type('text/plain').send('not found');
    return reply
      .headers({ 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' })
      .type(a.type)
      .send(a.body);
  });
}
