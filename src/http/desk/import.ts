import type { FastifyInstance } from 'fastify';
import { deskPounds } from '../../services/desk';
import { Refusal } from '../../services/refusal';
import { importRegister, MAX_IMPORT_CHARS, previewRegisterImport } from '../../services/register-import';
import { may, poundsInScope } from '../../services/staff-actor';
import { BadInput, type DeskContext, int, oneOf } from './request';
import { importView } from './views';

// The paper register as a CSV file (src/services/register-import.ts): shown, previewed (a dry run, nothing written),
// then imported — each row an s. 8 entry with its s. 14 steps already taken on paper, once per serial number.

export function registerDeskImport(app: FastifyInstance, { deps, view, rateLimit }: DeskContext): void {
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
    try {
      const rows =
        op === 'preview'
          ? await previewRegisterImport(deps.db, actor, poundId, csv, now)
          : await importRegister(deps.db, actor, poundId, csv, now);
      return importView(f, pounds, poundId, csv, { op, rows });
    } catch (err) {
      if (err instanceof Refusal) return null;
      throw err;
    }
  });
  app.get('/desk/v/import', { config: { rateLimit } }, page);
  app.post('/desk/v/import', { config: { rateLimit }, bodyLimit: MAX_IMPORT_CHARS * 4 + 4096 }, page);
}
