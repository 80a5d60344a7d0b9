import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CASE_STATUSES, type CaseStatus, toIstDate } from '../../law';
import type { CoreDeps } from '../../deps';
import { userLanguage } from '../../i18n';
import {
  deskPounds,
  districtOverview,
  isDeskDate,
  MAX_SEARCH_LENGTH,
  moneySummary,
  REGISTER_SORTS,
  registerPage,
  seesDistrict,
  workList,
  type RegisterQuery,
  type StatusFilter,
} from '../../services/desk';
import { windowsFromConfig } from '../../services/dues';
import { loadGrants, may, staffActorOf, type StaffActor, administersStaff } from '../../services/staff';
import { pageLanguage } from '../page';
import { checkInitData, INIT_DATA_HEADER } from './auth';
import { registerDeskBooks } from './books';
import { registerDeskDocuments } from './documents';
import { registerDeskEntry } from './entry-photo';
import { registerDeskForms } from './forms';
import { registerDeskImport } from './import';
import { registerDeskLogin } from './login';
import { checkSession, cookieOf, SESSION_COOKIE } from './session';
import {
  BadInput,
  type DeskOptions,
  type DeskWho,
  hereOf,
  int,
  oneOf,
  type Query,
  SECURITY_HEADERS,
  text,
  Unprocessable,
} from './request';
import { districtView, frame, moneyView, registerView, shell, todayView, type Frame } from './views';

export { DESK_CSP, type DeskOptions } from './request';

/**
 * The staff desk, a Telegram Mini App served under /desk by the HTTP server the bot already runs.
 *
 * GET /desk is the page (no data) and its assets (our script and stylesheet, uPlot from node_modules — nothing from
 * another origin). Every view under /desk/v/ is an HTML fragment the page fetches with Telegram's signed initData in
 * the X-Telegram-Init-Data header: checked on every request (signature with the bot token, age against the clock),
 * then the user's grants are read from the database — a revoked official is refused at once. Anything wrong: 401 and
 * an empty body. Every read is scoped to the pounds of the user's grants. The parameter checks and the shared
 * headers are in request.ts, the forms (staff administration, the s. 8 seizure) in forms.ts.
 */

export const DESK_PATH = '/desk';

const require = createRequire(import.meta.url);
const HERE = import.meta.dirname;
const asset = (file: string) => readFileSync(path.join(HERE, file), 'utf8');
const UPLOT_DIR = path.dirname(require.resolve('uplot/dist/uPlot.iife.min.js'));

const unauthorized = (reply: FastifyReply) => reply.code(401).headers(SECURITY_HEADERS).send('');

export async function registerDesk(app: FastifyInstance, deps: CoreDeps, o: DeskOptions): Promise<void> {
  const css = asset('desk.css');
  const js = asset('client.js');
  const uplotJs = readFileSync(path.join(UPLOT_DIR, 'uPlot.iife.min.js'), 'utf8');
  const uplotCss = readFileSync(path.join(UPLOT_DIR, 'uPlot.min.css'), 'utf8');
  const windows = windowsFromConfig(deps.config);
  const rateLimit = { max: o.perMinute, timeWindow: 60_000 };
  const tr = deps.translator;

  // Every view needs Telegram's initData, or in an ordinary browser the desk's session cookie (login.ts): checked
  // (signature and age, no database) after the rate limit and before a body is read — a stranger's POST of megabytes
  // is refused unread, never parsed.
  app.addHook('preParsing', async (req, reply) => {
    if (!req.routeOptions.url?.startsWith('/desk/v/')) return;
    if (!signedIn(req)) return unauthorized(reply);
  });

  /**
   * The Telegram user a request is signed by: its initData when it carries one, else its session cookie — and then,
   * for anything but a read, only from the desk's own page: its header (which a form or link of another site cannot
   * send; a script of another origin would need our CORS, which is never given) and no other Origin. The SameSite=Strict
   * cookie is not even sent with a request another site starts.
   */
  const signedIn = (req: FastifyRequest): { telegramId: bigint; languageCode?: string | undefined } | null => {
    const raw = req.headers[INIT_DATA_HEADER];
    const now = deps.clock.now();
    if (typeof raw === 'string' && raw !== '') {
      const user = checkInitData(raw, o.token, now, deps.config.DESK_AUTH_MAX_AGE_SECONDS);
      return user ? { telegramId: user.telegramId, languageCode: user.languageCode } : null;
    }
    const id = checkSession(o.token, cookieOf(req.headers.cookie, SESSION_COOKIE), now);
    if (id === null) return null;
    if (req.method !== 'GET' && req.method !== 'HEAD' && !ownPage(req)) return null;
    // No Telegram app to say his language: the browser's, after the one he chose in the chat (/language).
    const browserLang = pageLanguage(undefined, req.headers['accept-language'], deps.config.DEFAULT_LANGUAGE);
    return { telegramId: id, languageCode: browserLang };
  };
  const ownPage = (req: FastifyRequest) => {
    if (req.headers['x-desk-request'] !== '1') return false;
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    if (typeof site === 'string' && site !== 'same-origin') return false;
    if (origin === undefined) return true;
    const own = deps.config.PUBLIC_URL ? new URL(deps.config.PUBLIC_URL).origin : `${req.protocol}://${req.host}`;
    return origin === own;
  };

  const statics: Array<[string, string, string]> = [
    ['/desk/desk.css', 'text/css; charset=utf-8', css],
    ['/desk/app.js', 'text/javascript; charset=utf-8', js],
    ['/desk/draft.js', 'text/javascript; charset=utf-8', asset('draft.js')],
    ['/desk/uplot.js', 'text/javascript; charset=utf-8', uplotJs],
    ['/desk/uplot.css', 'text/css; charset=utf-8', uplotCss],
  ];
  for (const [url, type, body] of statics)
    app.get(url, { config: { rateLimit } }, async (_req, reply) =>
      reply
        .headers({ ...SECURITY_HEADERS, 'cache-control': 'public, max-age=3600' })
        .type(type)
        .send(body),
    );

  app.get(DESK_PATH, { config: { rateLimit } }, async (req, reply) => {
    const lang = pageLanguage(undefined, req.headers['accept-language'], deps.config.DEFAULT_LANGUAGE);
    return reply
      .headers(SECURITY_HEADERS)
      .type('text/html; charset=utf-8')
      .send(shell((l, k) => tr.t(l, k), lang));
  });

  /** The official behind the request, or null (answered 401 by the caller). */
  const who = async (req: FastifyRequest): Promise<DeskWho | null> => {
    const user = signedIn(req);
    if (!user) return null;
    // Rights from the database on every request: a revocation is refused at the next tap.
    const [grants, stored] = await Promise.all([
      loadGrants(deps.db, user.telegramId),
      deps.db.telegramUser.findUnique({ where: { id: user.telegramId }, select: { language: true } }),
    ]);
    if (!grants.length) return null;
    return {
      actor: staffActorOf(grants, { telegramId: user.telegramId, chatId: null, messageId: null }),
      storedLang: stored?.language ?? null,
      ...(user.languageCode ? { tgLang: user.languageCode } : {}),
    };
  };

  const view = (
    name: Frame['tab'] | 'entry',
    render: (ctx: { actor: StaffActor; f: Frame; q: Query; body?: Query }) => Promise<string | null>,
  ) => {
    const handler = async (req: FastifyRequest<{ Querystring: Query; Body: Query }>, reply: FastifyReply) => {
      const w = await who(req);
      if (!w) return unauthorized(reply);
      const q = (req.query ?? {}) as Query;
      const posted = req.method === 'POST' ? ((req.body ?? {}) as Query) : undefined;
      try {
        // The switch (?lang=, or a form's lang), else the person's language as the bot speaks to him.
        const lang =
          oneOf(q, 'lang', ['en', 'hi'] as const) ??
          (posted ? oneOf(posted, 'lang', ['en', 'hi'] as const) : undefined) ??
          userLanguage(deps.config, { language: w.storedLang, languageCode: w.tgLang ?? null });
        const here = hereOf(
          req.url,
          req.method === 'POST' ? `/desk/v/${name === 'entry' ? 'register' : name}` : undefined,
        );
        const f: Frame = {
          t: tr.forLang(lang),
          lang,
          here,
          tab: name === 'entry' ? 'register' : name,
          seize: may(w.actor, 'seizure.register'),
          district: seesDistrict(w.actor),
          staffAdmin: administersStaff(w.actor),
          switchLabel: tr.t(lang === 'hi' ? 'en' : 'hi', 'desk:switch_here'),
          user: String(w.actor.telegramId),
        };
        const html = await render({ actor: w.actor, f, q, ...(posted ? { body: posted } : {}) });
        if (html === null)
          return reply
            .code(404)
            .headers(SECURITY_HEADERS)
            .type('text/html; charset=utf-8')
            .send(frame(f, f.t('desk:msg.not_found'), ''));
        return reply.headers(SECURITY_HEADERS).type('text/html; charset=utf-8').send(html);
      } catch (err) {
        if (err instanceof Unprocessable)
          return reply.code(422).headers(SECURITY_HEADERS).type('text/html; charset=utf-8').send(err.html);
        if (err instanceof BadInput)
          return reply.code(400).headers(SECURITY_HEADERS).type('text/plain; charset=utf-8').send('Bad Request');
        throw err;
      }
    };
    return handler;
  };

  const chatLink = (number: string) => {
    const bot = o.botUsername();
    return bot ? `https://t.me/${bot}?start=case_${encodeURIComponent(number)}` : null;
  };

  app.get(
    '/desk/v/today',
    { config: { rateLimit } },
    view('today', async ({ actor, f }) => {
      const now = deps.clock.now();
      const [items, pounds] = await Promise.all([workList(deps.db, actor, now, windows), deskPounds(deps.db, actor)]);
      return todayView(f, items, pounds, chatLink);
    }),
  );

  app.get(
    '/desk/v/register',
    { config: { rateLimit } },
    view('register', async ({ actor, f, q }) => {
      const pounds = await deskPounds(deps.db, actor);
      const poundId = int(q, 'pound') ?? pounds[0]?.id;
      const pound = pounds.find((p) => p.id === poundId);
      const from = text(q, 'from', 10);
      const to = text(q, 'to', 10);
      if ((from && !isDeskDate(from)) || (to && !isDeskDate(to))) throw new BadInput('date');
      const query: RegisterQuery = {
        poundId: poundId ?? 0,
        status:
          oneOf<StatusFilter>(q, 'status', ['open', 'all', ...(CASE_STATUSES as readonly CaseStatus[])]) ?? 'open',
        from,
        to,
        q: text(q, 'q', MAX_SEARCH_LENGTH),
        sort: oneOf(q, 'sort', REGISTER_SORTS) ?? 'date',
        dir: oneOf(q, 'dir', ['asc', 'desc'] as const) ?? 'desc',
        page: int(q, 'page') ?? 1,
      };
      if (query.page < 1 || query.page > 100_000) throw new BadInput('page');
      if (!pound) return null;
      const page = await registerPage(deps.db, query, deps.clock.now(), windows);
      return registerView(f, pounds, pound, query, page, (from ?? toIstDate(deps.clock.now())).slice(0, 7));
    }),
  );

  app.get(
    '/desk/v/money',
    { config: { rateLimit } },
    view('money', async ({ actor, f, q }) => {
      const pounds = await deskPounds(deps.db, actor);
      const poundId = int(q, 'pound');
      const current = poundId === undefined ? null : (pounds.find((p) => p.id === poundId) ?? null);
      if (poundId !== undefined && !current) return null;
      const m = await moneySummary(deps.db, current ? [current.id] : pounds.map((p) => p.id), deps.clock.now());
      return moneyView(f, pounds, current, m);
    }),
  );

  app.get(
    '/desk/v/district',
    { config: { rateLimit } },
    view('district', async ({ actor, f }) => {
      if (!seesDistrict(actor)) return null;
      return districtView(f, await districtOverview(deps.db, actor, deps.clock.now(), windows));
    }),
  );

  registerDeskForms(app, { deps, o, view, rateLimit, windows, chatLink, who });
  registerDeskImport(app, { deps, o, view, rateLimit, windows, chatLink, who });
  registerDeskDocuments(app, { deps, o, rateLimit, windows, who, chatLink });
  registerDeskBooks(app, { deps, o, view, rateLimit, windows, chatLink, who });
  registerDeskEntry(app, { deps, o, view, rateLimit, windows, chatLink, who });
  registerDeskLogin(app, { deps, o, view, rateLimit, windows, chatLink, who });
}
