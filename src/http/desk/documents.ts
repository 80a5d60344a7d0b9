import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DocumentDeps, DocumentUnavailable, makeDocument } from '../../documents';
import { auditDocumentView, DESK_DOCUMENT_KINDS, type DeskDocument, deskDocumentRef } from '../../services/desk';
import { loadGrants, type StaffActor, staffActorOf } from '../../services/staff-actor';
import { checkDocumentLink, DOCUMENT_LINK_SECONDS, signDocumentLink } from './document-link';
import { BadInput, type DeskContext, int, oneOf, type Query, SECURITY_HEADERS } from './request';

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
  { deps, o, rateLimit, windows, who }: Pick<DeskContext, 'deps' | 'o' | 'rateLimit' | 'windows' | 'who'>,
): void {
  const unauthorized = (reply: FastifyReply) => reply.code(401).headers(SECURITY_HEADERS).send('');

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
      const expires = Math.floor(deps.clock.now().getTime() / 1000) + DOCUMENT_LINK_SECONDS;
      const token = signDocumentLink(o.token, { telegramId: w.actor.telegramId, caseId, doc, expires });
      return reply
        .headers(SECURITY_HEADERS)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ url: `/desk/pdf?t=${token}` }));
    },
  );

  app.get<{ Querystring: Query }>('/desk/pdf', { config: { rateLimit } }, async (req, reply) => {
    const token = req.query?.t;
    const grant = typeof token === 'string' ? checkDocumentLink(o.token, token, deps.clock.now()) : null;
    if (!grant) return unauthorized(reply);
    const grants = await loadGrants(deps.db, grant.telegramId);
    if (!grants.length) return unauthorized(reply);
    const actor: StaffActor = staffActorOf(grants, { telegramId: grant.telegramId, chatId: null, messageId: null });
    const found = await deskDocumentRef(deps.db, actor, grant.caseId, grant.doc);
    if (!found) return unauthorized(reply);
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
