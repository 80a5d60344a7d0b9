import { audit } from '../services/audit';
import { EXIT, parseOptions, usageError, type AdminDeps } from './args';

const AREA_CODE = /^[A-Z]{2}-[A-Z0-9-]{2,30}$/;
const STATE_CODE = /^[A-Z]{2}$/;

/** `areas [list]` / `areas add --code --name --name-hi --state [--state-name --state-name-hi]`: local areas of s. 12 scales. */
export async function areasCommand(deps: AdminDeps, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === 'list') {
    if (!parseOptions(deps, rest, {}, 'staff:admin.usage.areas')) return EXIT.USAGE;
    const areas = await deps.db.area.findMany({
      include: { state: true, _count: { select: { pounds: true } } },
      orderBy: { code: 'asc' },
    });
    if (areas.length === 0) deps.out(deps.t('staff:admin.areas.none'));
    for (const a of areas)
      deps.out(
        deps.t('staff:admin.areas.line', {
          code: a.code,
          name: a.name,
          nameHi: a.nameHi,
          state: a.state.code,
          n: a._count.pounds,
        }),
      );
    return EXIT.OK;
  }
  if (sub !== 'add')
    return usageError(deps, deps.t('staff:admin.unknown_subcommand', { value: sub }), 'staff:admin.usage.areas');
  const usage = 'staff:admin.usage.area_add';
  const o = parseOptions(
    deps,
    rest,
    {
      code: { type: 'string' },
      name: { type: 'string' },
      'name-hi': { type: 'string' },
      state: { type: 'string' },
      'state-name': { type: 'string' },
      'state-name-hi': { type: 'string' },
    },
    usage,
    ['code', 'name', 'name-hi', 'state'],
  );
  if (!o) return EXIT.USAGE;
  const code = o.code!.toUpperCase();
  const stateCode = o.state!.toUpperCase();
  if (!AREA_CODE.test(code)) return usageError(deps, deps.t('staff:admin.bad_area_code', { value: o.code }), usage);
  if (!STATE_CODE.test(stateCode)) return usageError(deps, deps.t('staff:admin.bad_state', { value: o.state }), usage);
  const state = await deps.db.state.findUnique({ where: { code: stateCode } });
  if (!state && !(o['state-name'] && o['state-name-hi'])) {
    deps.err(deps.t('staff:admin.areas.unknown_state', { state: stateCode }));
    return EXIT.REFUSED;
  }
  if (await deps.db.area.findUnique({ where: { code } })) {
    deps.err(deps.t('staff:admin.areas.exists', { code }));
    return EXIT.REFUSED;
  }
  await deps.db.$transaction(async (tx) => {
    if (!state)
      await tx.state.create({
        data: { code: stateCode, name: o['state-name']!.trim(), nameHi: o['state-name-hi']!.trim() },
      });
    await tx.area.create({ data: { code, name: o.name!.trim(), nameHi: o['name-hi']!.trim(), stateCode } });
    await audit(tx, { role: 'admin' }, 'area.add', null, { code, state: stateCode });
  });
  deps.out(deps.t('staff:admin.areas.added', { code, state: stateCode }));
  return EXIT.OK;
}
