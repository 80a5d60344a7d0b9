import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CoreDeps } from '../deps';
import { publicCase, publicCasePhoto } from '../services/public-case';
import { CONTROL_OR_FORMAT } from '../services/typed-input';
import { publicReceipt } from '../services/verify';
import { renderCasePage } from './case-page';
import { pageLanguage } from './page';
import { renderReceiptPage } from './receipt-page';

// The pages anyone may open without signing in, each rate-limited per client (the server registers the limits
// first): a receipt's verification page (/r/<code>, the QR on every receipt) and a case's page with the photos its
// notice shows (/c/<number>, the QR on the s. 14 notice).

/** /r/<code>: the receipt's verification page. */
export function registerReceiptPage(app: FastifyInstance, deps: CoreDeps): void {
  const { config } = deps;
  app.get<{ Params: { code: string }; Querystring: { lang?: string } }>(
    '/r/:code',
    {
      config: {
        rateLimit: {
          max: config.RECEIPT_PAGE_PER_MINUTE,
          timeWindow: 60_000,
          errorResponseBuilder: (req) => {
            const lang = pageLanguage(undefined, req.headers['accept-language'], deps.config.DEFAULT_LANGUAGE);
            return { statusCode: 429, message: deps.translator.t(lang, 'web:receipt.too_many') };
          },
        },
      },
    },
    async (req, reply) => receiptPage(req, reply, deps),
  );
}

/** /c/<number> and its photos; `botUsername` for the page's link back to the chat, once known. */
export function registerCasePages(app: FastifyInstance, deps: CoreDeps, botUsername: () => string): void {
  const { config } = deps;
  // The public case page and its photos: a page asks for one image per photographed group, so photos get a wider limit.
  const tooMany = (req: FastifyRequest) => {
    const lang = pageLanguage(undefined, req.headers['accept-language'], deps.config.DEFAULT_LANGUAGE);
    return { statusCode: 429, message: deps.translator.t(lang, 'casepage:too_many') };
  };
  app.get<{ Params: { number: string }; Querystring: { lang?: string } }>(
    '/c/:number',
    { config: { rateLimit: { max: config.CASE_PAGE_PER_MINUTE, timeWindow: 60_000, errorResponseBuilder: tooMany } } },
    async (req, reply) => casePage(req, reply, deps, botUsername()),
  );
  app.get<{ Params: { number: string; photo: string } }>(
    '/c/:number/photo/:photo',
    {
      config: {
        rateLimit: { max: config.CASE_PAGE_PER_MINUTE * 6, timeWindow: 60_000, errorResponseBuilder: tooMany },
      },
    },
    async (req, reply) => casePhoto(req, reply, deps),
  );
}

async function receiptPage(
  req: FastifyRequest<{ Params: { code: string }; Querystring: { lang?: string } }>,
  reply: FastifyReply,
  deps: CoreDeps,
) {
  const lang = pageLanguage(req.query.lang, req.headers['accept-language'], deps.config.DEFAULT_LANGUAGE);
  // Any code, well-formed or not, is looked up the same way; every miss gets the same status and page.
  const receipt = await publicReceipt(deps.db, String(req.params.code).slice(0, 100));
  return reply
    .code(receipt ? 200 : 404)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      vary: 'Accept-Language',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'content-language': lang,
    })
    .send(renderReceiptPage(deps.translator, lang, receipt));
}

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  vary: 'Accept-Language',
  // Images from this server only (the case's photos); no script, no other asset.
  'content-security-policy':
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
} as const;

async function casePage(
  req: FastifyRequest<{ Params: { number: string }; Querystring: { lang?: string } }>,
  reply: FastifyReply,
  deps: CoreDeps,
  botUsername: string,
) {
  const lang = pageLanguage(req.query.lang, req.headers['accept-language'], deps.config.DEFAULT_LANGUAGE);
  // Any number, well-formed or not, ends in the same 404 page when there is no such case; one with a control or
  // format character is no case number, however forgiving the reading of a typed number is. A case whose cattle left
  // the pound PUBLIC_DAYS_AFTER_CUSTODY days ago is 410 Gone (src/services/public-case.ts).
  const number = String(req.params.number).slice(0, 60);
  const found = CONTROL_OR_FORMAT.test(number) ? null : await publicCase(deps, number);
  return reply
    .code(!found ? 404 : found.gone ? 410 : 200)
    .headers({ ...PAGE_HEADERS, 'content-language': lang })
    .send(renderCasePage(deps.translator, lang, found && !found.gone ? { ...found, botUsername } : found));
}

async function casePhoto(
  req: FastifyRequest<{ Params: { number: string; photo: string } }>,
  reply: FastifyReply,
  deps: CoreDeps,
) {
  const number = String(req.params.number).slice(0, 60);
  // Not cached: a photo not shown yet (still being fetched) may be shown a minute later.
  const photo = CONTROL_OR_FORMAT.test(number) ? null : await publicCasePhoto(deps, number, String(req.params.photo));
  if (!photo) return reply.code(404).headers({ 'cache-control': 'no-store' }).type('text/plain').send('not found');
  if (photo === 'gone')
    return reply.code(410).headers({ 'cache-control': 'public, max-age=3600' }).type('text/plain').send('gone');
  return reply
    .code(200)
    .headers({
      'content-type': photo.contentType,
      // A photo's public name is never reused for other bytes, but the keeper may replace it (the old name then
      // answers 404) and the page goes after the case: an hour in a browser or proxy, not a day.
      'cache-control': 'public, max-age=3600',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
    })
    .send(photo.bytes);
}
