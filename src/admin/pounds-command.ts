import { audit } from '../services/audit';
import { POUND_CODE } from '../services/cases';
import { hasOfficialUpi } from '../services/upi';
import { EXIT, parseOptions, usageError, type AdminDeps } from './args';

/** Pound codes start case numbers ("JAI1-2026-17"): the reader of case numbers owns their form. */
export { POUND_CODE };

/** `pounds` / `pound list|add|set-upi ...`: the pounds established by the District Magistrate (s. 4). */
export async function poundsCommand(deps: AdminDeps, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === 'list') return listPounds(deps, rest);
  if (sub === 'add') return addPound(deps, rest);
  if (sub === 'set-upi') return setUpi(deps, rest);
  if (sub === 'set-contact') return setContact(deps, rest);
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
    if (p.openingHours || p.openingHoursHi || p.latitude !== null || p.publicPhone)
      deps.out(
        deps.t('intent:admin.contact_line', {
          hours: p.openingHours ?? '—',
          hoursHi: p.openingHoursHi ?? '—',
          position: p.latitude !== null && p.longitude !== null ? `${p.latitude},${p.longitude}` : '—',
          phone: p.publicPhone ?? '—',
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

/** A public office phone as people write it: digits with spaces, hyphens, a leading + or 0; 6–15 digits. */
export const PUBLIC_PHONE = /^\+?[0-9][0-9 -]{4,18}[0-9]$/;

/** "26.9855,75.8513" → degrees, or null when it is not a position on the globe. */
export function parsePosition(text: string): { latitude: number; longitude: number } | null {
  const m = /^\s*(-?\d{1,2}(?:\.\d{1,7})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,7})?)\s*$/.exec(text);
  if (!m) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/**
 * `pound set-contact --code <code> [--hours <text>] [--hours-hi <text>] [--position <lat,lon>] [--phone <office phone>]`:
 * what owners are told when they ask where the pound is, when it is open and how to reach the keeper. An option
 * given as "" clears it.
 */
async function setContact(deps: AdminDeps, args: string[]): Promise<number> {
  const usage = 'intent:admin.usage_set_contact';
  const o = parseOptions(
    deps,
    args,
    {
      code: { type: 'string' },
      hours: { type: 'string' },
      'hours-hi': { type: 'string' },
      position: { type: 'string' },
      phone: { type: 'string' },
    },
    usage,
    ['code'],
  );
  if (!o) return EXIT.USAGE;
  const data: {
    openingHours?: string | null;
    openingHoursHi?: string | null;
    latitude?: number | null;
    longitude?: number | null;
    publicPhone?: string | null;
  } = {};
  const text = (v: string) => v.replace(/\s+/g, ' ').trim().slice(0, 200) || null;
  if (o.hours !== undefined) data.openingHours = text(o.hours);
  if (o['hours-hi'] !== undefined) data.openingHoursHi = text(o['hours-hi']);
  if (o.position !== undefined) {
    if (o.position.trim() === '') Object.assign(data, { latitude: null, longitude: null });
    else {
      const pos = parsePosition(o.position);
      if (!pos) return usageError(deps, deps.t('intent:admin.bad_position', { value: o.position }), usage);
      Object.assign(data, pos);
    }
  }
  if (o.phone !== undefined) {
    const phone = o.phone.replace(/\s+/g, ' ').trim();
    const digits = phone.replace(/\D/g, '').length;
    if (phone && (!PUBLIC_PHONE.test(phone) || digits < 6 || digits > 15))
      return usageError(deps, deps.t('intent:admin.bad_phone'), usage);
    data.publicPhone = phone || null;
  }
  if (Object.keys(data).length === 0) return usageError(deps, deps.t('intent:admin.nothing_to_set'), usage);
  const code = o.code!.toUpperCase();
  const pound = await deps.db.pound.findUnique({ where: { code } });
  if (!pound) {
    deps.err(deps.t('staff:admin.unknown_pound', { code }));
    return EXIT.REFUSED;
  }
  await deps.db.$transaction(async (tx) => {
    await tx.pound.update({ where: { id: pound.id }, data });
    // The audit names what changed, not the phone number itself (no phone number in logs or audit details).
    await audit(tx, { role: 'admin' }, 'pound.set_contact', null, { code, fields: Object.keys(data) });
  });
  deps.out(deps.t('intent:admin.contact_set', { code }));
  return EXIT.OK;
}
