import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DocumentUnavailable, makeDocument } from '../../documents';
import { toIstDate } from '../../law';
import {
  auditCashBook,
  BOOK_KINDS,
  cashBook,
  deskPounds,
  headcount,
  isBookPeriod,
  isDeskDate,
  periodDays,
} from '../../services/desk';
import { exportRegister } from '../../services/register';
import { loadGrants, may, staffActorOf } from '../../services/staff';
import { checkBookLink, DOCUMENT_LINK_SECONDS, signBookLink } from './document-link';
import { documentDeps, sendFile } from './documents';
import { BadInput, type DeskContext, int, oneOf, type Query, SECURITY_HEADERS, text } from './request';
import { booksView } from './views';

/**
 * The pound's books (src/services/desk/books.ts): the Books tab (the cash book of a day and of a month, the headcount
 * of the cattle in the pound today, the month's register), and its files through short-lived links as the entry's
 * PDFs go (document-link.ts): GET /desk/v/book?pound=&kind=register|register_csv|cashbook&period=YYYY-MM[-DD]
 * answers a link for this user (initData checked, the pound in his scope), GET /desk/file?t= checks the link, reads
 * his grants again and sends the register (PDF, or CSV through the chat's export: exportRegister, audited
 * 'register.export') or the cash book (PDF, audited 'document.view').
 */
export function registerDeskBooks(app: FastifyInstance, { deps, o, view, rateLimit, windows, who }: DeskContext): void {
  const unauthorized = (reply: FastifyReply) => reply.code(401).headers(SECURITY_HEADERS).send('');

  app.get(
    '/desk/v/books',
    { config: { rateLimit } },
    view('books', async ({ actor, f, q }) => {
      const pounds = await deskPounds(deps.db, actor);
      const poundId = int(q, 'pound') ?? pounds[0]?.id;
      const pound = pounds.find((p) => p.id === poundId);
      const now = deps.clock.now();
      const day = text(q, 'day', 10) ?? toIstDate(now);
      const month = text(q, 'month', 7) ?? day.slice(0, 7);
      if (!isDeskDate(day) || !/^\d{4}-\d{2}$/.test(month) || !isBookPeriod(month)) throw new BadInput('period');
      if (!pound) return null;
      const m = periodDays(month);
      const [dayBook, monthBook, count] = await Promise.all([
        cashBook(deps.db, [pound.id], day, day),
        cashBook(deps.db, [pound.id], m.from, m.to),
        headcount(deps.db, [pound.id], now),
      ]);
      return booksView(f, pounds, pound, { day, month, dayBook, monthBook, count });
    }),
  );

  app.get(
    '/desk/v/book',
    { config: { rateLimit } },
    async (req: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
      const w = await who(req);
      if (!w) return unauthorized(reply);
      const q = (req.query ?? {}) as Query;
      let asked;
      try {
        asked = {
          poundId: int(q, 'pound'),
          kind: oneOf(q, 'kind', BOOK_KINDS),
          period: q.period,
          lang: oneOf(q, 'lang', ['en', 'hi'] as const) ?? 'hi',
        };
      } catch (err) {
        if (!(err instanceof BadInput)) throw err;
      }
      if (!asked || asked.poundId === undefined || !asked.kind || !isBookPeriod(asked.period))
        return reply.code(400).headers(SECURITY_HEADERS).type('text/plain; charset=utf-8').send('Bad Request');
      const { poundId, kind, period, lang } = asked;
      if (!may(w.actor, 'register.export', poundId))
        return reply.code(404).headers(SECURITY_HEADERS).type('text/plain; charset=utf-8').send('');
      const expires = Math.floor(deps.clock.now().getTime() / 1000) + DOCUMENT_LINK_SECONDS;
      const token = signBookLink(o.token, { telegramId: w.actor.telegramId, poundId, kind, period, lang, expires });
      return reply
        .headers(SECURITY_HEADERS)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ url: `/desk/file?t=${token}` }));
    },
  );

  app.get<{ Querystring: Query }>('/desk/file', { config: { rateLimit } }, async (req, reply) => {
    const token = req.query?.t;
    const grant = typeof token === 'string' ? checkBookLink(o.token, token, deps.clock.now()) : null;
    if (!grant) return unauthorized(reply);
    const grants = await loadGrants(deps.db, grant.telegramId);
    const actor = staffActorOf(grants, { telegramId: grant.telegramId, chatId: null, messageId: null });
    const pound = await deps.db.pound.findUnique({ where: { id: grant.poundId }, select: { id: true, code: true } });
    if (!grants.length || !pound || !may(actor, 'register.export', pound.id)) return unauthorized(reply);
    const { from, to } = periodDays(grant.period);
    const t = deps.translator.forLang(grant.lang);
    if (grant.kind === 'register_csv') {
      const out = await exportRegister(deps.db, actor, { pound, from, to, t, format: 'csv' });
      return sendFile(reply, 'text/csv; charset=utf-8', `register-${pound.code}-${grant.period}.csv`, out?.csv ?? '');
    }
    try {
      const made = await makeDocument(documentDeps({ deps, o, windows }), {
        kind: grant.kind === 'register' ? 'register' : 'cashbook',
        poundId: pound.id,
        from,
        to,
      });
      if (grant.kind === 'register') await exportRegister(deps.db, actor, { pound, from, to, t, format: 'pdf' });
      else await auditCashBook(deps.db, actor, pound, grant.period);
      return sendFile(reply, 'application/pdf', made.filename, made.pdf);
    } catch (err) {
      if (err instanceof DocumentUnavailable)
        return reply.code(404).headers(SECURITY_HEADERS).type('text/plain; charset=utf-8').send('');
      throw err;
    }
  });
}
