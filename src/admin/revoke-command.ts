import { refusalText } from '../i18n';
import { revokeStaff } from '../services/staff';
import { Refusal } from '../services/refusal';
import { EXIT, parseOptions, usageError, type AdminDeps } from './args';
import { ROLE_ARGS } from './enrol-command';

/**
 * `revoke --user <telegramId> [--role ..]`: ends that person's grants (all, or one role) at once — unless that would
 * remove the last administrator, or the last Magistrate's office of a pound with no administrator: refused with the
 * reason (enrol the successor first).
 */
export async function revokeCommand(deps: AdminDeps, args: string[]): Promise<number> {
  const usage = 'staff:admin.usage.revoke';
  const o = parseOptions(deps, args, { user: { type: 'string' }, role: { type: 'string' } }, usage, ['user']);
  if (!o) return EXIT.USAGE;
  if (!/^\d{1,20}$/.test(o.user!)) return usageError(deps, deps.t('staff:admin.bad_user', { value: o.user }), usage);
  const role = o.role === undefined ? undefined : ROLE_ARGS[o.role.toLowerCase()];
  if (o.role !== undefined && !role) return usageError(deps, deps.t('staff:admin.bad_role', { value: o.role }), usage);
  let n: number;
  try {
    n = await revokeStaff(deps.db, {
      telegramId: BigInt(o.user!),
      now: deps.clock.now(),
      ...(role ? { role } : {}),
    });
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    deps.err(refusalText(deps.t, e, 'staff'));
    return EXIT.REFUSED;
  }
  if (n === 0) {
    deps.err(deps.t('staff:admin.revoke.none', { user: o.user }));
    return EXIT.REFUSED;
  }
  deps.out(deps.t('staff:admin.revoke.done', { user: o.user, n }));
  return EXIT.OK;
}
