import { Composer, InputFile } from 'grammy';
import { audit } from '../../src/services/audit';
import { buildRegisterExport, ExportRangeError } from '../../src/services/register-export';
import { parseDateTyped } from '../../src/services/staff-input';
import { poundsInScope, requireGrant, staffActor } from '../../src/services/staff-scope';
import type { BotContext } from '../context';
import { requireStaff } from '../middleware/roles';
import { grantsOf, viaOf } from '../views/staff-refusals';

const EXPORT_ROLES = ['POUND_KEEPER', 'OFFICER', 'MAGISTRATE'] as const;

/** `/register_export <from> <to> [pound]` — the s. 7 register of a pound for a date range, as a CSV document. */
export const registerExportFeature = new Composer<BotContext>();

registerExportFeature.command('register_export', async (ctx) => {
  if (!(await requireStaff(ctx, EXPORT_ROLES))) return;
  const [a, b, code] = ctx.match.trim().split(/\s+/).filter(Boolean);
  const from = a ? parseDateTyped(a) : null;
  const to = b ? parseDateTyped(b) : null;
  if (!from || !to) {
    await ctx.reply(ctx.t('staff:export.usage'));
    return;
  }
  const scope = poundsInScope(grantsOf(ctx), EXPORT_ROLES);
  const pounds = await ctx.deps.db.pound.findMany({ where: scope === 'all' ? {} : { id: { in: scope } }, orderBy: { code: 'asc' } });
  const pound = code ? await ctx.deps.db.pound.findUnique({ where: { code: code.toUpperCase() } }) : pounds.length === 1 ? pounds[0]! : null;
  if (!pound) {
    await ctx.reply(ctx.t(code ? 'staff:export.unknown_pound' : 'staff:export.which_pound', { code: code ?? '', codes: pounds.map((p) => p.code).join(', ') }));
    return;
  }
  if (!(await requireStaff(ctx, EXPORT_ROLES, { poundId: pound.id, caseNumber: pound.code }))) return;
  let out;
  try {
    out = await buildRegisterExport(ctx.deps.db, { poundId: pound.id, from, to, t: ctx.t });
  } catch (e) {
    if (e instanceof ExportRangeError) {
      await ctx.reply(ctx.t(`staff:export.error.${e.problem}`));
      return;
    }
    throw e;
  }
  const grant = requireGrant(grantsOf(ctx), EXPORT_ROLES, pound.id);
  await audit(ctx.deps.db, staffActor(grant, viaOf(ctx)), 'register.export', null, { pound: pound.code, from, to, rows: out.rows });
  await ctx.replyWithDocument(new InputFile(Buffer.from(out.csv, 'utf8'), `register-${pound.code}-${from}-${to}.csv`), {
    caption: ctx.t('staff:export.caption', { pound: pound.code, from, to, cases: out.counts.case, rows: out.rows }),
  });
});
