import { enrolmentLink, issueEnrolmentCode, type StaffRoleCode } from '../services/staff';
import { Refusal } from '../services/refusal';
import { cleanPersonName } from '../services/person-name';
import { EXIT, parseOptions, usageError, type AdminDeps } from './args';

/** CLI spelling of the roles. */
export const ROLE_ARGS: Record<string, StaffRoleCode> = {
  'pound-keeper': 'POUND_KEEPER',
  officer: 'OFFICER',
  magistrate: 'MAGISTRATE',
  admin: 'ADMIN',
};

/**
 * `enrol --role pound-keeper|officer|magistrate|admin --pound <code>[,<code>] [--name ..] [--ttl-hours N]`:
 * prints a single-use, expiring code and its deep link. Only the code's hash is stored.
 */
export async function enrolCommand(deps: AdminDeps, args: string[]): Promise<number> {
  const usage = 'staff:admin.usage.enrol';
  const o = parseOptions(
    deps,
    args,
    { role: { type: 'string' }, pound: { type: 'string' }, name: { type: 'string' }, 'ttl-hours': { type: 'string' } },
    usage,
    ['role'],
  );
  if (!o) return EXIT.USAGE;
  const role = ROLE_ARGS[o.role!.toLowerCase()];
  if (!role) return usageError(deps, deps.t('staff:admin.bad_role', { value: o.role }), usage);
  const ttlText = o['ttl-hours'] ?? String(deps.config.ENROLMENT_CODE_TTL_HOURS);
  if (!/^\d{1,4}$/.test(ttlText)) return usageError(deps, deps.t('staff:admin.bad_ttl', { value: ttlText }), usage);
  const name = o.name === undefined ? null : cleanPersonName(o.name);
  if (o.name !== undefined && !name)
    return usageError(deps, deps.t('staff:admin.bad_name', { value: o.name.replace(/[\p{Cc}\p{Cf}]/gu, '?') }), usage);
  const poundCodes = (o.pound ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    const issued = await issueEnrolmentCode(deps.db, {
      role,
      poundCodes,
      name,
      ttlHours: Number(ttlText),
      now: deps.clock.now(),
    });
    deps.out(
      deps.t('staff:admin.enrol.done', {
        role: o.role!.toLowerCase(),
        pounds: poundCodes.map((c) => c.toUpperCase()).join(', ') || '*',
        at: issued.expiresAt.toISOString(),
      }),
    );
    deps.out(deps.t('staff:admin.enrol.code', { code: issued.code }));
    deps.out(deps.t('staff:admin.enrol.link', { link: enrolmentLink(deps.botUsername, issued.code) }));
    return EXIT.OK;
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    if (e.code === 'ENROL_BAD_TTL') return usageError(deps, deps.t('staff:admin.bad_ttl', { value: ttlText }), usage);
    if (e.code === 'ENROL_POUND_REQUIRED')
      return usageError(deps, deps.t('staff:admin.missing', { option: '--pound' }), usage);
    deps.err(deps.t('staff:admin.unknown_pound', { code: e.params.code }));
    return EXIT.REFUSED;
  }
}
