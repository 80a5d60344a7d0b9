import { EXIT, parseOptions, type AdminDeps } from './args';

/** `staff [--all]`: the enrolled staff (active; with --all also revoked), one line each. */
export async function staffCommand(deps: AdminDeps, args: string[]): Promise<number> {
  const o = parseOptions(deps, args, { all: { type: 'boolean' } }, 'staff:admin.usage.staff');
  if (!o) return EXIT.USAGE;
  const rows = await deps.db.staffMember.findMany({
    where: o.all ? {} : { revokedAt: null },
    include: { pounds: { include: { pound: true } } },
    orderBy: [{ role: 'asc' }, { id: 'asc' }],
  });
  if (rows.length === 0) {
    deps.out(deps.t('staff:admin.staff.none'));
    return EXIT.OK;
  }
  for (const s of rows) {
    deps.out(
      deps.t(s.revokedAt ? 'staff:admin.staff.line_revoked' : 'staff:admin.staff.line', {
        id: s.id,
        user: String(s.telegramUserId),
        role: s.role,
        name: s.name,
        pounds:
          s.pounds
            .map((p) => p.pound.code)
            .sort()
            .join(',') || '*',
        at: s.enrolledAt.toISOString(),
        revokedAt: s.revokedAt?.toISOString() ?? '',
      }),
    );
  }
  return EXIT.OK;
}
