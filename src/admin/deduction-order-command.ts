import { addDays, DEDUCTION_KINDS, type DeductionKind } from '../law';
import { audit } from '../services/audit';
import { parseDate } from '../services/typed-input';
import { EXIT, parseOptions, usageError, type AdminDeps } from './args';

const asDbDate = (d: string) => new Date(`${d}T00:00:00Z`);
const fromDbDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * `fees add-order --area <code> --from <date> --order sale_expenses,fine,feeding,security --reference <order>`:
 * the order in which a s. 16 sale's proceeds meet the deductions when they fall short, directed for a local
 * area from a date (the Act sets none; src/law/README.md "Open readings"). Like the fee rows: added in date
 * order, the open row before it closed the day before.
 */
export async function addDeductionOrder(deps: AdminDeps, args: string[]): Promise<number> {
  const usage = 'staff:admin.usage.fees_add_order';
  const str = { type: 'string' } as const;
  const o = parseOptions(deps, args, { area: str, from: str, order: str, reference: str }, usage, [
    'area',
    'from',
    'order',
    'reference',
  ]) as Record<string, string | undefined> | null;
  if (!o) return EXIT.USAGE;
  const kinds = o
    .order!.split(',')
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);
  const valid =
    kinds.length === DEDUCTION_KINDS.length && DEDUCTION_KINDS.every((k) => kinds.filter((x) => x === k).length === 1);
  if (!valid)
    return usageError(
      deps,
      deps.t('staff:admin.fees.bad_order', { value: o.order, kinds: DEDUCTION_KINDS.join(',') }),
      usage,
    );
  const from = parseDate(o.from!);
  if (!from) return usageError(deps, deps.t('staff:admin.bad_date', { value: o.from }), usage);
  const area = await deps.db.area.findUnique({ where: { code: o.area!.toUpperCase() } });
  if (!area) {
    deps.err(deps.t('staff:admin.unknown_area', { code: o.area }));
    return EXIT.REFUSED;
  }
  const reference = o.reference!.replace(/\s+/g, ' ').trim();
  const dayBefore = addDays(from, -1);
  const refused = await deps.db.$transaction(async (tx) => {
    const rows = await tx.deductionOrder.findMany({ where: { areaId: area.id } });
    const later = rows.find((r) => fromDbDate(r.effectiveFrom) >= from);
    if (later) return { key: 'staff:admin.fees.later_order', params: { from: fromDbDate(later.effectiveFrom) } };
    for (const r of rows.filter((x) => x.effectiveTo === null))
      await tx.deductionOrder.update({ where: { id: r.id }, data: { effectiveTo: asDbDate(dayBefore) } });
    await tx.deductionOrder.create({ data: { areaId: area.id, effectiveFrom: asDbDate(from), kinds, reference } });
    await audit(tx, { role: 'admin' }, 'fees.add_deduction_order', null, { area: area.code, from, kinds, reference });
    return null;
  });
  if (refused) {
    deps.err(deps.t(refused.key, refused.params));
    return EXIT.REFUSED;
  }
  deps.out(
    deps.t('staff:admin.fees.order_added', { scope: area.code, from, order: kinds.join(' → '), ref: reference }),
  );
  return EXIT.OK;
}

/** The s. 16 order rows of an area, for `fees list --area`. */
export async function listDeductionOrders(deps: AdminDeps, areaId: number): Promise<number> {
  const rows = await deps.db.deductionOrder.findMany({ where: { areaId }, orderBy: { effectiveFrom: 'asc' } });
  for (const r of rows) {
    deps.out(
      deps.t('staff:admin.fees.order_line', {
        from: fromDbDate(r.effectiveFrom),
        to: r.effectiveTo ? fromDbDate(r.effectiveTo) : '…',
        order: (r.kinds as DeductionKind[]).join(' → '),
        ref: r.reference,
      }),
    );
  }
  return rows.length;
}
