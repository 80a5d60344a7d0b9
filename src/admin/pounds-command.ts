import { audit } from '../services/audit';
import { hasOfficialUpi } from '../services/upi';
import { EXIT, parseOptions, usageError, type AdminDeps } from './args';

/** Pound codes start case numbers ("JAI1-2026-17"): 1–8 letters and up to 3 digits. */
export const POUND_CODE = /^[A-Z]{1,8}\d{0,3}$/;

/** `pounds` / `pound list|add|set-upi ...`: the pounds established by the District Magistrate (s. 4). */
export async function poundsCommand(deps: AdminDeps, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === 'list') return listPounds(deps, rest);
  if (sub === 'add') return addPound(deps, rest);
  if (sub === 'set-upi') return setUpi(deps, rest);
  return usageError(deps, deps.t('staff:admin.unknown_subcommand', { value: sub }), 'staff:admin.usage.pounds');
}

async function listPounds(deps: AdminDeps, args: string[]): Promise<number> {
  if (!parseOptions(deps, args, {}, 'staff:admin.usage.pounds')) return EXIT.USAGE;
  const pounds = await deps.db.pound.findMany({ include: { area: true }, orderBy: { code: 'asc' } });
  if (pounds.length === 0) deps.out(deps.t('staff:admin.pounds.none'));
  for (const p of pounds) {
    deps.out(
      deps.t('staff:admin.pounds.line', {
        code: p.code,
        name: p.name,
        nameHi: p.nameHi,
        area: p.area.code,
        station: p.policeStation,
        upi: p.upiId ?? '—',
      }),
    );
  }
  return EXIT.OK;
}

async function addPound(deps: AdminDeps, args: string[]): Promise<number> {
  const usage = 'staff:admin.usage.pound_add';
  const spec = {
    code: { type: 'string' },
    area: { type: 'string' },
    name: { type: 'string' },
    'name-hi': { type: 'string' },
    address: { type: 'string' },
    'police-station': { type: 'string' },
    market: { type: 'string' },
  } as const;
  const o = parseOptions(deps, args, spec, usage, ['code', 'area', 'name', 'name-hi', 'address', 'police-station']);
  if (!o) return EXIT.USAGE;
  const code = o.code!.toUpperCase();
  if (!POUND_CODE.test(code)) return usageError(deps, deps.t('staff:admin.bad_pound_code', { value: o.code }), usage);
  const area = await deps.db.area.findUnique({ where: { code: o.area!.toUpperCase() } });
  if (!area) {
    deps.err(deps.t('staff:admin.unknown_area', { code: o.area }));
    return EXIT.REFUSED;
  }
  if (await deps.db.pound.findUnique({ where: { code } })) {
    deps.err(deps.t('staff:admin.pounds.exists', { code }));
    return EXIT.REFUSED;
  }
  await deps.db.$transaction(async (tx) => {
    await tx.pound.create({
      data: {
        code,
        areaId: area.id,
        name: o.name!.trim(),
        nameHi: o['name-hi']!.trim(),
        address: o.address!.trim(),
        policeStation: o['police-station']!.trim(),
        nearestMarket: o.market?.trim() || null,
        createdAt: deps.clock.now(),
      },
    });
    await audit(tx, { role: 'admin' }, 'pound.add', null, { code, area: area.code });
  });
  deps.out(deps.t('staff:admin.pounds.added', { code, area: area.code }));
  return EXIT.OK;
}

async function setUpi(deps: AdminDeps, args: string[]): Promise<number> {
  const usage = 'staff:admin.usage.pound_set_upi';
  const o = parseOptions(
    deps,
    args,
    { code: { type: 'string' }, upi: { type: 'string' }, payee: { type: 'string' } },
    usage,
    ['code', 'upi', 'payee'],
  );
  if (!o) return EXIT.USAGE;
  const code = o.code!.toUpperCase();
  const upiId = o.upi!.trim();
  const payee = o.payee!.replace(/\s+/g, ' ').trim();
  // The same rule the owner's UPI intent uses: an id it would refuse must not be stored.
  if (!hasOfficialUpi({ upiId, upiPayeeName: payee, name: payee }))
    return usageError(deps, deps.t('staff:admin.bad_upi', { value: upiId }), usage);
  if (payee.length < 2 || payee.length > 100)
    return usageError(deps, deps.t('staff:admin.bad_payee', { value: payee }), usage);
  const pound = await deps.db.pound.findUnique({ where: { code } });
  if (!pound) {
    deps.err(deps.t('staff:admin.unknown_pound', { code }));
    return EXIT.REFUSED;
  }
  await deps.db.$transaction(async (tx) => {
    await tx.pound.update({ where: { id: pound.id }, data: { upiId, upiPayeeName: payee } });
    await audit(tx, { role: 'admin' }, 'pound.set_upi', null, { code, upiId, previous: pound.upiId });
  });
  deps.out(deps.t('staff:admin.pounds.upi_set', { code, upi: upiId, payee }));
  return EXIT.OK;
}
