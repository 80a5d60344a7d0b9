import { writeFile } from 'node:fs/promises';
import { audit } from '../services/audit';
import { refusalText } from '../i18n';
import { buildRegisterExport } from '../services/register';
import { Refusal } from '../services/refusal';
import { parseDate } from '../services/typed-input';
import { EXIT, parseOptions, usageError, type AdminDeps } from './args';

/** `register-export --pound <code> --from <date> --to <date> [--out file]`: the s. 7 register as CSV. */
export async function registerExportCommand(deps: AdminDeps, args: string[]): Promise<number> {
  const usage = 'staff:admin.usage.register_export';
  const o = parseOptions(
    deps,
    args,
    { pound: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' } },
    usage,
    ['pound', 'from', 'to'],
  );
  if (!o) return EXIT.USAGE;
  const from = parseDate(o.from!);
  const to = parseDate(o.to!);
  if (!from) return usageError(deps, deps.t('staff:admin.bad_date', { value: o.from }), usage);
  if (!to) return usageError(deps, deps.t('staff:admin.bad_date', { value: o.to }), usage);
  const pound = await deps.db.pound.findUnique({ where: { code: o.pound!.toUpperCase() } });
  if (!pound) {
    deps.err(deps.t('staff:admin.unknown_pound', { code: o.pound }));
    return EXIT.REFUSED;
  }
  let result;
  try {
    result = await buildRegisterExport(deps.db, { poundId: pound.id, from, to, t: deps.t });
  } catch (e) {
    if (e instanceof Refusal) return usageError(deps, refusalText(deps.t, e, 'staff'), usage);
    throw e;
  }
  await audit(deps.db, { role: 'admin' }, 'register.export', null, {
    pound: pound.code,
    from,
    to,
    rows: result.rows,
    out: o.out ?? 'stdout',
  });
  if (o.out) {
    await writeFile(o.out, result.csv, 'utf8');
    deps.out(
      deps.t('staff:admin.export.written', {
        file: o.out,
        pound: pound.code,
        from,
        to,
        cases: result.counts.case,
        rows: result.rows,
      }),
    );
  } else {
    deps.out(result.csv.replace(/\r\n$/, ''));
  }
  return EXIT.OK;
}
