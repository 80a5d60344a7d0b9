import { revokeStaff } from '../services/enrolment';
import { EXIT, parseOptions, usageError, type AdminDeps } from './args';
import { ROLE_ARGS } from './enrol-command';

/** `revoke --user <telegramId> [--role ..]`: ends that person's grants (all, or one role) at once. */
export async function revokeCommand(deps: AdminDeps, args: string[]): Promise<number> {
  const usage = 'staff:admin.usage.revoke';
  const o = parseOptions(deps, args, { user: { type: 'string' }, role: { type: 'string' } }, usage, ['user']);
  if (!o) return EXIT.USAGE;
  if (!/^\d{1,20}$/.test(o.user!)) return usageError(deps, deps.t('staff:admin.bad_user', { value: o.user }), usage);
  const role = o.role === undefined ? undefined : ROLE_ARGS[o.role.toLowerCase()];
  if (o.role !== undefined && !role) return usageError(deps, deps.t('staff:admin.bad_role', { value: o.role }), usage);
  const n = await revokeStaff(deps.db, {
    telegramId: BigInt(o.user!),
    now: deps.clock.now(),
    ...(role ? { role } : {}),
  });
  if (n === 0) {
    deps.err(deps.t('staff:admin.revoke.none', { user: o.user }));
    return EXIT.REFUSED;
  }
  deps.out(deps.t('staff:admin.revoke.done', { user: o.user, n }));
  return EXIT.OK;
}
