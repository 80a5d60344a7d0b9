import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../i18n';
import { loadGrants } from '../../services/staff';
import { escapeHtml, otherLanguage, pageLanguage } from '../page';
import { standalonePage } from './views';
import { type DeskContext, type Query, standaloneHeaders } from './request';
import { clientAddress } from '../client-limits';
import { auditLogin, type LoginRefusal, loginGuard } from './login-guard';
import {
  cookieOf,
  judgeLoginWidget,
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
 * with no active grant, nothing is set and the page says so (401); an answer used before is refused as replayed.
 * Otherwise the session cookie is set and the browser goes to the desk. Each sign-in is audited and failures are
 * throttled per address and per Telegram id (login-guard.ts): past the limit, 429 and a page saying when to try
 * again. POST /desk/logout ends it.
 */
export function registerDeskLogin(app: FastifyInstance, { deps, o, rateLimit }: DeskContext): void {
  const tr = deps.translator;
  const guard = loginGuard(o.limits);
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
          // Telegram's answer is used once: the other language of a refusal is the sign-in page, not the answer again.
          here: req.url.startsWith('/desk/login/telegram') ? '/desk/login' : req.url,
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
    const now = deps.clock.now();
    const nowMs = now.getTime();
    const address = clientAddress(req.ip);
    const clearLogin = setCookie(LOGIN_COOKIE, '', { maxAge: 0, secure, sameSite: 'Lax' });
    const refused = async (reason: LoginRefusal, key: string, telegramId?: bigint) => {
      await guard.failed(address, telegramId, nowMs);
      await auditLogin(deps.db, { ok: false, reason, ...(telegramId !== undefined ? { telegramId } : {}) });
      return page(
        req,
        reply.header('set-cookie', clearLogin),
        401,
        lang,
        `<p class="bad" role="alert">${e(t(key))}</p><p><a class="button" href="/desk/login?lang=${lang}">${e(t('deskbrowser:login.again'))}</a></p>`,
        false,
      );
    };
    const { lang: _lang, ...fields } = (req.query ?? {}) as Record<string, unknown>;
    // Throttled first, before anything is checked: the right answer too waits, or guessing would simply go on.
    const claimed = typeof fields.id === 'string' && /^[1-9]\d{0,15}$/.test(fields.id) ? BigInt(fields.id) : undefined;
    const wait = await guard.blockedFor(address, claimed, nowMs);
    if (wait > 0) {
      await auditLogin(deps.db, { ok: false, reason: 'throttled' });
      const minutes = Math.max(1, Math.ceil(wait / 60));
      return page(
        req,
        reply.header('set-cookie', clearLogin).header('retry-after', String(wait)),
        429,
        lang,
        `<p class="bad" role="alert">${e(t('deskbrowser:login.throttled', { count: minutes }))}</p>`,
        false,
      );
    }
    const started = cookieOf(req.headers.cookie, LOGIN_COOKIE);
    if (!started || !/^[A-Za-z0-9_-]{24}(~\d{1,9})?$/.test(started))
      return refused('not_begun', 'deskbrowser:login.not_begun');
    const maxAge = deps.config.DESK_AUTH_MAX_AGE_SECONDS;
    const judged = judgeLoginWidget(fields, o.token, now, maxAge);
    if (!judged.ok) return refused(judged.reason, 'deskbrowser:login.not_confirmed', judged.telegramId);
    const user = judged.user;
    // Telegram's answer is good until its auth_date is too old: used once within that time.
    if (!(await guard.firstUse(judged.hash, (maxAge + 120) * 1000, nowMs)))
      return refused('replayed', 'deskbrowser:login.not_confirmed', user.telegramId);
    // The same identity and grants as in Telegram: an owner, or an official whose grants were all revoked, gets none.
    const grants = await loadGrants(deps.db, user.telegramId);
    if (!grants.length) return refused('not_staff', 'deskbrowser:login.not_staff', user.telegramId);
    await guard.succeeded(address, user.telegramId);
    await auditLogin(deps.db, { ok: true, telegramId: user.telegramId, grants });
    const entry = started.split('~')[1];
    return reply
      .headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
      .header('set-cookie', [
        setCookie(SESSION_COOKIE, signSession(o.token, user.telegramId, deps.clock.now()), {
          maxAge: SESSION_SECONDS,
          secure,
          sameSite: 'Strict',
        }),
        clearLogin,
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
