import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DocumentDeps, DocumentUnavailable, makeDocument } from '../../documents';
import { auditDocumentView, DESK_DOCUMENT_KINDS, type DeskDocument, deskDocumentRef } from '../../services/desk';
import { loadGrants, type StaffActor, staffActorOf } from '../../services/staff';
import { pageLanguage } from '../page';
import {
  checkDocumentLink,
  DOCUMENT_LINK_SECONDS,
  type DocumentGrant,
  expiredDocumentLink,
  signDocumentLink,
} from './document-link';
import { expiredLinkPage } from './expired-link';
import { BadInput, type DeskContext, int, oneOf, type Query, SECURITY_HEADERS, standaloneHeaders } from './request';

/**
 * The entry's PDFs (src/services/desk/documents.ts). The page asks GET /desk/v/document?case=&kind=[&n=] with its
 * initData, like every desk view: 401 for anyone not on the staff, 404 for an entry outside his pounds, 400 for a
 * parameter of the wrong shape; otherwise a signed link valid DOCUMENT_LINK_SECONDS (document-link.ts), which the
 * page opens. GET /desk/pdf?t=<token> checks the link, reads the user's rights from the database again (a revoked
 * official, or a pound no longer his: 401), typesets the document from the recorded facts with the functions the
 * jobs use, audits it ('document.view') and sends it as application/pdf.
 */
export function registerDeskDocuments(
  app: FastifyInstance,
  {
    deps,
    o,
    rateLimit,
    windows,
    who,
    chatLink,
  }: Pick<DeskContext, 'deps' | 'o' | 'rateLimit' | 'windows' | 'who' | 'chatLink'>,
): void {
  const unauthorized = (reply: FastifyReply) => reply.code(401).headers(SECURITY_HEADERS).send('');
  const linkFor = (grant: Omit<DocumentGrant, 'expires'>) =>
    `/desk/pdf?t=${signDocumentLink(o.token, {
      ...grant,
      expires: Math.floor(deps.clock.now().getTime() / 1000) + DOCUMENT_LINK_SECONDS,
    })}`;
  /** The official a link names, with his rights read again, when the entry and document are still his to see. */
  const stillHis = async (grant: DocumentGrant) => {
    const grants = await loadGrants(deps.db, grant.telegramId);
    if (!grants.length) return null;
    const actor: StaffActor = staffActorOf(grants, { telegramId: grant.telegramId, chatId: null, messageId: null });
    const found = await deskDocumentRef(deps.db, actor, grant.caseId, grant.doc);
    return found ? { actor, found } : null;
  };

  app.get(
    '/desk/v/document',
    { config: { rateLimit } },
    async (req: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
      const w = await who(req);
      if (!w) return unauthorized(reply);
      let caseId: number;
      let doc: DeskDocument;
      try {
        const q = (req.query ?? {}) as Query;
        const id = int(q, 'case');
        const kind = oneOf(q, 'kind', DESK_DOCUMENT_KINDS);
        if (id === undefined || !kind) throw new BadInput('document');
        caseId = id;
        const n = int(q, 'n');
        // A receipt is named by its id, an account by its auction round; the other documents by the entry alone.
        doc = kind === 'receipt' || kind === 'account' ? { kind, n } : { kind };
      } catch (err) {
        if (err instanceof BadInput)
          return reply.code(400).headers(SECURITY_HEADERS).type('text/plain; charset=utf-8').send('Bad Request');
        throw err;
      }
      const found = await deskDocumentRef(deps.db, w.actor, caseId, doc);
      if (!found) return reply.code(404).headers(SECURITY_HEADERS).type('text/plain; charset=utf-8').send('');
      return reply
        .headers(SECURITY_HEADERS)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ url: linkFor({ telegramId: w.actor.telegramId, caseId, doc }) }));
    },
  );

  app.get<{ Querystring: Query }>('/desk/pdf', { config: { rateLimit } }, async (req, reply) => {
    const token = req.query?.t;
    const now = deps.clock.now();
    const grant = typeof token === 'string' ? checkDocumentLink(o.token, token, now) : null;
    if (!grant) {
      // A link of ours that ran out, still to a document of his: the page that says so and offers a fresh one.
      const old = typeof token === 'string' ? expiredDocumentLink(o.token, token, now) : null;
      const his = old ? await stillHis(old) : null;
      if (!old || !his) return unauthorized(reply);
      const lang = pageLanguage(req.query.lang, req.headers['accept-language'], deps.config.DEFAULT_LANGUAGE);
      const c = await deps.db.case.findUnique({ where: { id: old.caseId }, select: { number: true } });
      return reply
        .code(410)
        .headers(standaloneHeaders(lang))
        .send(
          expiredLinkPage(deps.translator.forLang(lang), lang, {
            here: `/desk/pdf?t=${token}`,
            fresh: `/desk/pdf/renew?t=${token}`,
            chat: c ? chatLink(c.number) : null,
            switchLabel: deps.translator.t(lang === 'hi' ? 'en' : 'hi', 'desk:switch_here'),
          }),
        );
    }
    const his = await stillHis(grant);
    if (!his) return unauthorized(reply);
    const { actor, found } = his;
    let pdf: Buffer;
    let filename: string;
    try {
      const made = await makeDocument(documentDeps({ deps, o, windows }), found.ref);
      pdf = made.pdf;
      filename = made.filename;
    } catch (err) {
      if (err instanceof DocumentUnavailable)
        return reply.code(404).headers(SECURITY_HEADERS).type('text/plain; charset=utf-8').send('');
      throw err;
    }
    await auditDocumentView(deps.db, actor, grant.caseId, found.poundId, grant.doc);
    return sendFile(reply, 'application/pdf', filename, pdf);
  });

  // A fresh link for one that ran out: made at once for a browser signed in to the desk as the person the old link
  // names (his rights read again); anyone else is sent to the entry in the desk, which asks who he is first.
  app.get<{ Querystring: Query }>('/desk/pdf/renew', { config: { rateLimit } }, async (req, reply) => {
    const token = req.query?.t;
    const now = deps.clock.now();
    const old =
      typeof token === 'string'
        ? (checkDocumentLink(o.token, token, now) ?? expiredDocumentLink(o.token, token, now))
        : null;
    if (!old) return unauthorized(reply);
    const w = await who(req);
    if (!w || w.actor.telegramId !== old.telegramId || !(await stillHis(old)))
      return reply.headers(SECURITY_HEADERS).redirect(`/desk?entry=${old.caseId}`, 303);
    return reply
      .headers(SECURITY_HEADERS)
      .redirect(linkFor({ telegramId: old.telegramId, caseId: old.caseId, doc: old.doc }), 303);
  });
}

/** What the document builders read, from the desk's dependencies (the clock's time now). */
export function documentDeps({ deps, o, windows }: Pick<DeskContext, 'deps' | 'o' | 'windows'>): DocumentDeps {
  return {
    db: deps.db,
    translator: deps.translator,
    botUsername: o.botUsername(),
    publicUrl: deps.config.PUBLIC_URL,
    now: deps.clock.now(),
    windows,
  };
}

/**
 * A file a short-lived link gives: a PDF shown by the browser (inline), a CSV saved (attachment); never cached. No
 * Content-Security-Policy here: the browser's own PDF viewer shows the file.
 */
export function sendFile(reply: FastifyReply, type: string, filename: string, body: Buffer | string) {
  const disposition = type.startsWith('text/csv') ? 'attachment' : 'inline';
  return reply
    .headers({
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-disposition': `${disposition}; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    })
    .type(type)
    .send(body);
}
