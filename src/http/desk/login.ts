import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../i18n';
import { loadGrants } from '../../services/staff';
import { escapeHtml, otherLanguage, pageLanguage } from '../page';
import { standalonePage } from './views';
import { type DeskContext, type Query, standaloneHeaders } from './request';
import {
  checkLoginWidget,
  cookieOf,
  LOGIN_COOKIE,
  LOGIN_SECONDS,
  loginNonce,
  SESSION_COOKIE,
  SESSION_SECONDS,
  setCookie,
  signSession,
} from './session';

const e = escapeHtml;

/**
 * Signing in to the desk in an ordinary browser (session.ts has the checks). GET /desk/login shows Telegram's Login
 * Widget (its script from telegram.org, on this page only) and sets a one-use cookie; Telegram sends the browser
 * back to GET /desk/login/telegram with the user's signed fields: without the one-use cookie (a sign-in this browser
 * did not begin: another site forcing its own account on it) or with a forged or stale hash, or for a Telegram user
 * with no active grant, nothing is set and the page says so (401). Otherwise the session cookie is set and the
 * browser goes to the desk. POST /desk/logout ends it.
 */
export function registerDeskLogin(app: FastifyInstance, { deps, o, rateLimit }: DeskContext): void {
  const tr = deps.translator;
  const secure = deps.config.PUBLIC_URL?.startsWith('https://') ?? false;
  const langOf = (req: FastifyRequest<{ Querystring: Query }>) =>
    pageLanguage(req.query?.lang, req.headers['accept-language'], deps.config.DEFAULT_LANGUAGE);
  const page = (req: FastifyRequest, reply: FastifyReply, code: number, lang: Lang, body: string, widget: boolean) =>
    reply
      .code(code)
      .headers(standaloneHeaders(lang, widget))
      .send(
        standalonePage({
          lang,
          title: tr.t(lang, 'deskbrowser:login.title'),
          switchLabel: tr.t(otherLanguage(lang), 'desk:switch_here'),
          here: req.url,
          body,
        }),
      );

  app.get<{ Querystring: Query }>('/desk/login', { config: { rateLimit } }, async (req, reply) => {
    const lang = langOf(req);
    const t = tr.forLang(lang);
    const bot = o.botUsername();
    if (!bot) return page(req, reply, 503, lang, `<p>${e(t('deskbrowser:login.unavailable'))}</p>`, false);
    // Where to go once signed in: an entry (a link from an expired document's page), else Today.
    const entry = /^\d{1,9}$/.test(req.query?.entry ?? '') ? req.query.entry : '';
    const origin = deps.config.PUBLIC_URL ? new URL(deps.config.PUBLIC_URL).origin : `${req.protocol}://${req.host}`;
    reply.header(
      'set-cookie',
      setCookie(LOGIN_COOKIE, `${loginNonce()}${entry ? `~${entry}` : ''}`, {
        maxAge: LOGIN_SECONDS,
        secure,
        // Lax: sent when Telegram sends the browser back here, a top-level navigation from oauth.telegram.org.
        sameSite: 'Lax',
      }),
    );
    return page(
      req,
      reply,
      200,
      lang,
      `<p>${e(t('deskbrowser:login.why'))}</p>
<div class="widget"><script async src="https://telegram.org/js/telegram-widget.js?22" data-telegram-login="${e(bot)}" data-size="large" data-userpic="false" data-lang="${lang}" data-auth-url="${e(`${origin}/desk/login/telegram`)}"></script></div>
<p class="empty">${e(t('deskbrowser:login.note'))}</p>`,
      true,
    );
  });

  app.get<{ Querystring: Query }>('/desk/login/telegram', { config: { rateLimit } }, async (req, reply) => {
    const lang = langOf(req);
    const t = tr.forLang(lang);
    const started = cookieOf(req.headers.cookie, LOGIN_COOKIE);
    const refused = (key: string) =>
      page(
        req,
        reply.header('set-cookie', setCookie(LOGIN_COOKIE, '', { maxAge: 0, secure, sameSite: 'Lax' })),
        401,
        lang,
        `<p class="bad" role="alert">${e(t(key))}</p><p><a class="button" href="/desk/login?lang=${lang}">${e(t('deskbrowser:login.again'))}</a></p>`,
        false,
      );
    if (!started || !/^[A-Za-z0-9_-]{24}(~\d{1,9})?$/.test(started)) return refused('deskbrowser:login.not_begun');
    const { lang: _lang, ...fields } = (req.query ?? {}) as Record<string, unknown>;
    const user = checkLoginWidget(fields, o.token, deps.clock.now(), deps.config.DESK_AUTH_MAX_AGE_SECONDS);
    if (!user) return refused('deskbrowser:login.not_confirmed');
    // The same identity and grants as in Telegram: an owner, or an official whose grants were all revoked, gets none.
    if (!(await loadGrants(deps.db, user.telegramId)).length) return refused('deskbrowser:login.not_staff');
    const entry = started.split('~')[1];
    return reply
      .headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
      .header('set-cookie', [
        setCookie(SESSION_COOKIE, signSession(o.token, user.telegramId, deps.clock.now()), {
          maxAge: SESSION_SECONDS,
          secure,
          sameSite: 'Strict',
        }),
        setCookie(LOGIN_COOKIE, '', { maxAge: 0, secure, sameSite: 'Lax' }),
      ])
      .redirect(entry ? `/desk?entry=${entry}` : '/desk', 303);
  });

  app.post('/desk/logout', { config: { rateLimit }, bodyLimit: 1024 }, async (req, reply) => {
    // Only the desk's own page may sign out (its header; a form of another site cannot send one).
    if (req.headers['x-desk-request'] !== '1') return reply.code(403).send('');
    return reply
      .code(204)
      .header('cache-control', 'no-store')
      .header('set-cookie', setCookie(SESSION_COOKIE, '', { maxAge: 0, secure, sameSite: 'Strict' }))
      .send();
  });
}
