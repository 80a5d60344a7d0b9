import { readFile } from 'node:fs/promises';
import { importRowText } from '../http/desk/views';
import { importWords, importRegister, MAX_IMPORT_CHARS, previewRegisterImport } from '../services/register';
import { Refusal } from '../services/refusal';
import { loadStaffActor } from '../services/staff';
import { MobileVault, smsEnabled } from '../services/sms';
import { EXIT, parseOptions, usageError, type AdminDeps } from './args';

/**
 * `register-import --pound <code> --file <csv> --user <telegram id> [--import]`: the paper register's CSV (the desk's
 * import, src/services/register/import.ts) acting as the pound-keeper whose Telegram id is given (his grants are
 * read again in each entry's transaction). Without --import a dry run: every row checked, nothing saved.
 */
export async function registerImportCommand(deps: AdminDeps, args: string[]): Promise<number> {
  const usage = 'staff:admin.usage.register_import';
  const o = parseOptions(
    deps,
    args,
    { pound: { type: 'string' }, file: { type: 'string' }, user: { type: 'string' }, import: { type: 'boolean' } },
    usage,
    ['pound', 'file', 'user'],
  );
  if (!o) return EXIT.USAGE;
  if (!/^\d{1,20}$/.test(o.user!)) return usageError(deps, deps.t('staff:admin.bad_user', { value: o.user }), usage);
  const pound = await deps.db.pound.findUnique({ where: { code: o.pound!.toUpperCase() } });
  if (!pound) {
    deps.err(deps.t('staff:admin.unknown_pound', { code: o.pound }));
    return EXIT.REFUSED;
  }
  const csv = await readFile(o.file!, 'utf8');
  if (csv.length > MAX_IMPORT_CHARS) return usageError(deps, deps.t('desk:import.problem.TOO_MANY_ROWS'), usage);
  const actor = await loadStaffActor(deps.db, { telegramId: BigInt(o.user!), chatId: null, messageId: null });
  const now = deps.clock.now();
  // The owner's mobile as the desk takes it: sealed as read, only where SMS is set up.
  const mobiles = { seal: smsEnabled(deps.config) ? new MobileVault(deps.config.SMS_DATA_KEY!) : null };
  const words = importWords(deps.translator);
  let rows;
  try {
    rows = o.import
      ? await importRegister(deps.db, actor, pound.id, csv, now, words, mobiles)
      : await previewRegisterImport(deps.db, actor, pound.id, csv, now, words, mobiles);
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    deps.err(deps.t('common:error.not_allowed'));
    return EXIT.REFUSED;
  }
  for (const r of rows) deps.out(`${r.line}\t${r.serial}\t${importRowText(deps, r)}`);
  const ok = rows.filter((r) => r.status !== 'refused' && r.status !== 'unreadable').length;
  deps.out(deps.t(`desk:import.summary_${o.import ? 'import' : 'preview'}`, { count: rows.length, ok }));
  return ok === rows.length ? EXIT.OK : EXIT.REFUSED;
}
