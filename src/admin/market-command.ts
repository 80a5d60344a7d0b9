import { audit } from '../services/audit';
import { villageKey } from '../services/case-numbers';
import { EXIT, parseOptions, usageError, type AdminDeps } from './args';

/** A market's name as written on the drum proclamation: printable, 2 to 80 characters, no line breaks. */
const MARKET_NAME = /^[^\p{C}]{2,80}$/u;

/**
 * `market list --area <code>` / `market set --area <code> --village <village> --market <market>`: the market-place
 * nearest to a village of an area (s. 14: the notice is proclaimed by beat of drum there). registerSeizure records
 * it on a case seized in that village (Case.nearestMarket); without a row the pound's market is suggested.
 * `set` replaces the village's row; cases already entered keep the market recorded with them.
 */
export async function marketCommand(deps: AdminDeps, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'list') {
    const o = parseOptions(deps, rest, { area: { type: 'string' } }, 'staff:admin.usage.market', ['area']);
    if (!o) return EXIT.USAGE;
    const area = await deps.db.area.findUnique({ where: { code: o.area!.toUpperCase() } });
    if (!area) {
      deps.err(deps.t('staff:admin.market.unknown_area', { code: o.area!.toUpperCase() }));
      return EXIT.REFUSED;
    }
    const rows = await deps.db.villageMarket.findMany({ where: { areaId: area.id }, orderBy: { villageKey: 'asc' } });
    if (rows.length === 0) deps.out(deps.t('staff:admin.market.none', { area: area.code }));
    for (const r of rows) deps.out(deps.t('staff:admin.market.line', { village: r.villageKey, market: r.market }));
    return EXIT.OK;
  }
  if (sub !== 'set')
    return usageError(deps, deps.t('staff:admin.unknown_subcommand', { value: sub ?? '' }), 'staff:admin.usage.market');
  const usage = 'staff:admin.usage.market_set';
  const o = parseOptions(
    deps,
    rest,
    { area: { type: 'string' }, village: { type: 'string' }, market: { type: 'string' } },
    usage,
    ['area', 'village', 'market'],
  );
  if (!o) return EXIT.USAGE;
  const code = o.area!.toUpperCase();
  // The same key a case gets from its place of seizure (services/case-numbers.ts villageKey), so they meet.
  const village = villageKey(o.village!);
  if (!village) return usageError(deps, deps.t('staff:admin.market.bad_village', { value: o.village }), usage);
  const market = o.market!.trim().replace(/\s+/g, ' ');
  if (!MARKET_NAME.test(market))
    return usageError(deps, deps.t('staff:admin.market.bad_market', { value: o.market }), usage);
  const area = await deps.db.area.findUnique({ where: { code } });
  if (!area) {
    deps.err(deps.t('staff:admin.market.unknown_area', { code }));
    return EXIT.REFUSED;
  }
  const replaced = await deps.db.$transaction(async (tx) => {
    const before = await tx.villageMarket.findUnique({
      where: { areaId_villageKey: { areaId: area.id, villageKey: village } },
    });
    await tx.villageMarket.upsert({
      where: { areaId_villageKey: { areaId: area.id, villageKey: village } },
      create: { areaId: area.id, villageKey: village, market },
      update: { market },
    });
    await audit(tx, { role: 'admin' }, 'village_market.set', null, {
      area: code,
      village,
      market,
      before: before?.market ?? null,
    });
    return before;
  });
  deps.out(
    deps.t(replaced ? 'staff:admin.market.replaced' : 'staff:admin.market.added', {
      area: code,
      village,
      market,
      before: replaced?.market ?? '',
    }),
  );
  return EXIT.OK;
}
