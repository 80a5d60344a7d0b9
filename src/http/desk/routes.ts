import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusalText, type Lang } from '../../i18n';
import { CASE_STATUSES, CATTLE_CLASS_CODES, type CaseStatus } from '../../law';
import type { CoreDeps } from '../../deps';
import {
  deskEntry,
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
import { enrolmentLink } from '../../services/enrolment';
import { registerSeizure, type HeadGroup } from '../../services/register-seizure';
import { isRefusal, Refusal } from '../../services/refusal';
import { loadGrants, may, poundsInScope, staffActorOf, type StaffActor } from '../../services/staff-actor';
import { administersStaff, issueStaffCode, listStaff, revokeStaffGrant } from '../../services/staff-admin';
import { checkInitData, INIT_DATA_HEADER } from './auth';
import {
  districtView,
  entryView,
  frame,
  moneyView,
  registerView,
  SEIZE_ROWS,
  seizeView,
  shell,
  staffView,
  todayView,
  type Frame,
} from './views';

/**
 * The staff desk, a Telegram Mini App served under /desk by the HTTP server the bot already runs.
 *
 * GET /desk is the page (no data) and its assets (our script and stylesheet, uPlot from node_modules — nothing from
 * another origin). Every view under /desk/v/ is an HTML fragment the page fetches with Telegram's signed initData in
 * the X-Telegram-Init-Data header: checked on every request (signature with the bot token, age against the clock),
 * then the user's grants are read from the database — a revoked official is refused at once. Anything wrong: 401 and
 * an empty body. Every read is scoped to the pounds of the user's grants.
 */

export const DESK_PATH = '/desk';

export interface DeskOptions {
  /** The bot token initData is signed with (Telegram's key; the local chat's stand-in token there). */
  token: string;
  /** The bot's username for links back to the chat (t.me/<bot>?start=...), once known. */
  botUsername: () => string;
  perMinute: number;
}

const require = createRequire(import.meta.url);
const HERE = import.meta.dirname;
const asset = (file: string) => readFileSync(path.join(HERE, file), 'utf8');
const UPLOT_DIR = path.dirname(require.resolve('uplot/dist/uPlot.iife.min.js'));

/** Content-Security-Policy of the page and its fragments: our own script and styles only. */
export const DESK_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  // Telegram Web shows a Mini App in a frame; the phone apps in a web view.
  'frame-ancestors https://web.telegram.org',
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': DESK_CSP,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

type Query = Record<string, string | undefined>;

/** Why a request is answered 400: a parameter of the wrong shape (nothing is read or saved). */
class BadInput extends Error {}

/** A well-formed request the law or the register refuses: answered 422 with the page that says why (nothing saved). */
class Unprocessable extends Error {
  constructor(readonly html: string) {
    super('unprocessable');
  }
}

const CONTROL = /[\p{Cc}\p{Cf}]/u;

function text(q: Query, name: string, max: number): string | undefined {
  const v = q[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string' || v.length > max || CONTROL.test(v)) throw new BadInput(name);
  return v;
}

function int(q: Query, name: string): number | undefined {
  const v = text(q, name, 10);
  if (v === undefined) return undefined;
  if (!/^\d{1,9}$/.test(v)) throw new BadInput(name);
  return Number(v);
}

function oneOf<T extends string>(q: Query, name: string, values: readonly T[]): T | undefined {
  const v = text(q, name, 40);
  if (v === undefined) return undefined;
  if (!(values as readonly string[]).includes(v)) throw new BadInput(name);
  return v as T;
}

export async function registerDesk(app: FastifyInstance, deps: CoreDeps, o: DeskOptions): Promise<void> {
  const css = asset('desk.css');
  const js = asset('client.js');
  const uplotJs = readFileSync(path.join(UPLOT_DIR, 'uPlot.iife.min.js'), 'utf8');
  const uplotCss = readFileSync(path.join(UPLOT_DIR, 'uPlot.min.css'), 'utf8');
  const windows = windowsFromConfig(deps.config);
  const rateLimit = { max: o.perMinute, timeWindow: 60_000 };
  const tr = deps.translator;

  const statics: Array<[string, string, string]> = [
    ['/desk/desk.css', 'text/css; charset=utf-8', css],
    ['/desk/app.js', 'text/javascript; charset=utf-8', js],
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
    const lang = languageOf(undefined, undefined, req.headers['accept-language'], deps.config.DEFAULT_LANGUAGE);
    return reply
      .headers(SECURITY_HEADERS)
      .type('text/html; charset=utf-8')
      .send(shell((l, k) => tr.t(l, k), lang));
  });

  /** The official behind the request, or null (answered 401 by the caller). */
  const who = async (
    req: FastifyRequest,
  ): Promise<{ actor: StaffActor; storedLang: string | null; tgLang?: string } | null> => {
    const raw = req.headers[INIT_DATA_HEADER];
    const user = checkInitData(
      typeof raw === 'string' ? raw : undefined,
      o.token,
      deps.clock.now(),
      deps.config.DESK_AUTH_MAX_AGE_SECONDS,
    );
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

  const unauthorized = (reply: FastifyReply) => reply.code(401).headers(SECURITY_HEADERS).send('');

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
        const lang = languageOf(
          oneOf(q, 'lang', ['en', 'hi'] as const) ??
            (posted ? oneOf(posted, 'lang', ['en', 'hi'] as const) : undefined),
          w.storedLang ?? w.tgLang,
          undefined,
          deps.config.DEFAULT_LANGUAGE,
        );
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
      return registerView(f, pounds, pound, query, page);
    }),
  );

  app.get(
    '/desk/v/entry',
    { config: { rateLimit } },
    view('entry', async ({ actor, f, q }) => {
      const id = int(q, 'id');
      if (id === undefined) throw new BadInput('id');
      const entry = await deskEntry(deps.db, actor, id, deps.clock.now(), windows);
      return entry ? entryView(f, entry, chatLink(entry.number)) : null;
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

  const staffPage = view('staff', async ({ actor, f, body }) => {
    if (!administersStaff(actor)) return null;
    const now = deps.clock.now();
    let issued: { code: string; link: string; expiresAt: Date } | null = null;
    let message: { ok: boolean; text: string } | null = null;
    if (body) {
      const op = oneOf(body, 'op', ['enrol', 'revoke'] as const);
      if (op === 'enrol') {
        try {
          const r = await issueStaffCode(deps.db, actor, {
            role: oneOf(body, 'role', ['POUND_KEEPER', 'OFFICER', 'MAGISTRATE'] as const) ?? '',
            poundCodes: [text(body, 'pound', 20) ?? ''],
            name: text(body, 'name', 60) ?? null,
            ttlHours: deps.config.ENROLMENT_CODE_TTL_HOURS,
            now,
          });
          issued = { code: r.code, link: enrolmentLink(o.botUsername(), r.code), expiresAt: r.expiresAt };
        } catch (e) {
          if (!(e instanceof Refusal)) throw e;
          message = { ok: false, text: refusalText(f.t, e, 'staff') };
        }
      } else if (op === 'revoke') {
        const staffId = int(body, 'staff');
        if (staffId === undefined) throw new BadInput('staff');
        try {
          const done = await revokeStaffGrant(deps.db, actor, staffId, now);
          message = { ok: true, text: f.t('desk:staff.revoked', { name: done.name }) };
        } catch (e) {
          if (!(e instanceof Refusal)) throw e;
          message = { ok: false, text: refusalText(f.t, e, 'staff') };
        }
      } else throw new BadInput('op');
    }
    const [staff, pounds] = await Promise.all([listStaff(deps.db, actor), deskPounds(deps.db, actor)]);
    return staffView(f, staff, pounds, issued, message);
  });
  app.get('/desk/v/staff', { config: { rateLimit } }, staffPage);

  // s. 8: a seizure registered from one form, through the service the chat's /register uses. The form carries a
  // key made when it was shown: a double submit or a retried request records one entry (Case.registerKey).
  const seizePage = view('seize', async ({ actor, f, body }) => {
    if (!may(actor, 'seizure.register')) return null;
    const scope = poundsInScope(actor, 'seizure.register');
    const pounds = (await deskPounds(deps.db, actor)).filter((p) => scope === 'all' || scope.includes(p.id));
    if (!body) return seizeView(f, pounds, CATTLE_CLASS_CODES, randomUUID(), {}, null);
    const key = text(body, 'key', 36);
    if (!key || !/^[0-9a-f-]{36}$/.test(key)) throw new BadInput('key');
    const poundId = int(body, 'pound');
    if (poundId === undefined) throw new BadInput('pound');
    const when = (name: string, required: boolean) => {
      const v = text(body, name, 16);
      if (!v) {
        if (required) throw new BadInput(name);
        return null;
      }
      // A datetime-local field: the day and hour in India time.
      const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? new Date(`${v}:00+05:30`) : null;
      if (!at || Number.isNaN(at.getTime())) throw new BadInput(name);
      return at;
    };
    const impoundedAt = when('impounded', true)!;
    const seizedAt = when('seized', false);
    const groups: HeadGroup[] = [];
    for (let n = 1; n <= SEIZE_ROWS; n++) {
      const cls = oneOf(body, `class${n}`, CATTLE_CLASS_CODES);
      const count = int(body, `count${n}`);
      const desc = text(body, `desc${n}`, 200);
      if (!cls && count === undefined && !desc) continue;
      if (!cls || count === undefined || count < 1 || count > 500 || !desc) throw new BadInput(`row ${n}`);
      groups.push({ cattleClass: cls, count, descriptions: [desc] });
    }
    if (!groups.length) throw new BadInput('cattle');
    const values = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Query;
    try {
      const r = await registerSeizure(deps.db, {
        actor,
        now: deps.clock.now(),
        registerKey: `desk:${actor.telegramId}:${key}`,
        entry: {
          poundId,
          groups,
          impoundedAt,
          seizedAt,
          seizerName: text(body, 'seizer', 200) ?? '',
          seizerResidence: text(body, 'seizer_residence', 200) ?? '',
          ownerName: text(body, 'owner', 200) ?? null,
          ownerResidence: text(body, 'owner_residence', 200) ?? null,
          placeOfSeizure: text(body, 'place', 200) ?? '',
        },
      });
      const entry = await deskEntry(deps.db, actor, r.case.id, deps.clock.now(), windows);
      return entry
        ? entryView({ ...f, tab: 'register' }, entry, chatLink(entry.number), { replay: r.replay ?? false })
        : null;
    } catch (err) {
      if (isRefusal(err, 'NOT_ALLOWED', 'WRONG_POUND')) return null;
      if (!(err instanceof Refusal)) throw err;
      throw new Unprocessable(seizeView(f, pounds, CATTLE_CLASS_CODES, key, values, refusalText(f.t, err, 'staff')));
    }
  });
  app.get('/desk/v/seize', { config: { rateLimit } }, seizePage);
  app.post('/desk/v/seize', { config: { rateLimit }, bodyLimit: 16_384 }, seizePage);
  app.post('/desk/v/staff', { config: { rateLimit }, bodyLimit: 4096 }, staffPage);
}

/** The request's path and query without `lang` (the language switch adds the other). */
function hereOf(url: string, override?: string): string {
  const u = new URL(override ?? url, 'http://desk.invalid');
  u.searchParams.delete('lang');
  const q = u.searchParams.toString();
  return `${u.pathname}${q ? `?${q}` : ''}`;
}

/** The desk's language: the switch (?lang=), else the bot's stored choice or Telegram's, else the browser's. */
export function languageOf(
  chosen: Lang | undefined,
  telegram: string | undefined,
  acceptLanguage: string | undefined,
  fallback: Lang,
): Lang {
  if (chosen) return chosen;
  const tg = telegram?.toLowerCase().split('-')[0];
  if (tg === 'hi' || tg === 'en') return tg;
  const accepted = (acceptLanguage ?? '').toLowerCase();
  const hi = accepted.indexOf('hi');
  const en = accepted.indexOf('en');
  if (hi >= 0 && (en < 0 || hi < en)) return 'hi';
  if (en >= 0) return 'en';
  return fallback;
}
