import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deskPounds } from '../../services/desk';
import { Refusal } from '../../services/refusal';
import {
  importTemplate,
  importWords,
  importRegister,
  MAX_IMPORT_CHARS,
  previewRegisterImport,
} from '../../services/register';
import { may, poundsInScope } from '../../services/staff';
import { MobileVault, smsEnabled } from '../../services/sms';
import { BadInput, type DeskContext, int, oneOf, type Query, SECURITY_HEADERS } from './request';
import { importView } from './views';

// The paper register as a CSV file (src/services/register/import.ts): shown, previewed (a dry run, nothing written),
// then imported — each row an s. 8 entry with its s. 14 steps already taken on paper, once per serial number.

export function registerDeskImport(app: FastifyInstance, { deps, view, rateLimit, who }: DeskContext): void {
  // Column names and cattle classes in English or Hindi (src/services/register/import-words.ts).
  const words = importWords(deps.translator);
  // The owner's mobile only where SMS is set up (else a number in the file is the row's problem), sealed as read.
  const seal = smsEnabled(deps.config) ? new MobileVault(deps.config.SMS_DATA_KEY!) : null;
  const page = view('seize', async ({ actor, f, body }) => {
    if (!may(actor, 'seizure.register')) return null;
    const scope = poundsInScope(actor, 'seizure.register');
    const pounds = (await deskPounds(deps.db, actor)).filter((p) => scope === 'all' || scope.includes(p.id));
    if (!body) return importView(f, pounds, null, '', null);
    const op = oneOf(body, 'op', ['preview', 'import'] as const);
    const poundId = int(body, 'pound');
    const csv = body.csv;
    if (!op || poundId === undefined || typeof csv !== 'string' || csv.length > MAX_IMPORT_CHARS)
      throw new BadInput('import');
    if (!pounds.some((p) => p.id === poundId)) return null;
    const now = deps.clock.now();
    const mobiles = { seal };
    try {
      const rows =
        op === 'preview'
          ? await previewRegisterImport(deps.db, actor, poundId, csv, now, words, mobiles)
          : await importRegister(deps.db, actor, poundId, csv, now, words, mobiles);
      return importView(f, pounds, poundId, csv, { op, rows });
    } catch (err) {
      if (err instanceof Refusal) return null;
      throw err;
    }
  });
  app.get('/desk/v/import', { config: { rateLimit } }, page);
  app.post('/desk/v/import', { config: { rateLimit }, bodyLimit: MAX_IMPORT_CHARS * 4 + 4096 }, page);

  // The template in Hindi or English: the page asks with its initData (as for a PDF) and opens the file's address,
  // which holds no data of any pound (the column names and an example entry).
  app.get(
    '/desk/v/import-template',
    { config: { rateLimit } },
    async (req: FastifyRequest<{ Querystring: Query }>, reply) => {
      const w = await who(req);
      if (!w || !may(w.actor, 'seizure.register')) return reply.code(401).headers(SECURITY_HEADERS).send('');
      const lang = req.query?.lang === 'en' ? 'en' : 'hi';
      return reply
        .headers(SECURITY_HEADERS)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ url: `/desk/import-template-${lang}.csv` }));
    },
  );
  for (const lang of ['hi', 'en'] as const) {
    const csv = importTemplate(deps.translator, lang);
    app.get(`/desk/import-template-${lang}.csv`, { config: { rateLimit } }, async (_req, reply) =>
      reply
        .headers({
          'x-content-type-options': 'nosniff',
          'content-disposition': `attachment; filename="register-template-${lang}.csv"`,
        })
        .type('text/csv; charset=utf-8')
        .send(csv),
    );
  }
}
