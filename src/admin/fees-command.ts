import { addDays, CATTLE_CLASS_CODES, isCattleClass, type LocalDate } from '../law';
import { audit } from '../services/audit';
import { parseDate, parseRupees } from '../services/typed-input';
import { EXIT, parseOptions, usageError, type AdminDeps } from './args';
import { addDeductionOrder, listDeductionOrders } from './deduction-order-command';

/** A @db.Date column holds an India calendar date; Prisma carries it as UTC midnight. */
const asDbDate = (d: LocalDate) => new Date(`${d}T00:00:00Z`);
const fromDbDate = (d: Date) => d.toISOString().slice(0, 10);

/** A dated row that cannot be added. */
class FeeRowRefused extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string>,
  ) {
    super(key);
  }
}

/**
 * `fees list --area <code> | --pound <code>`; `fees add-fine --area --class --from --amount --notification`
 * (s. 12 scale notified for a local area); `fees add-feeding --pound --class --from --amount --order` (s. 5
 * charges fixed by the District Magistrate); `fees add-order --area --from --order --reference` (s. 16 order of
 * deductions, deduction-order-command.ts). A new row starts on --from; the previous open-ended row of the
 * same class is closed the day before. Rows are added in date order: a row starting on or after --from, or
 * a closed row reaching into it, refuses the addition (nothing is rewritten silently).
 */
export async function feesCommand(deps: AdminDeps, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === 'list') return listFees(deps, rest);
  if (sub === 'add-fine' || sub === 'add-feeding') return addFee(deps, sub, rest);
  if (sub === 'add-order') return addDeductionOrder(deps, rest);
  return usageError(deps, deps.t('staff:admin.unknown_subcommand', { value: sub }), 'staff:admin.usage.fees');
}

async function listFees(deps: AdminDeps, args: string[]): Promise<number> {
  const usage = 'staff:admin.usage.fees';
  const o = parseOptions(deps, args, { area: { type: 'string' }, pound: { type: 'string' } }, usage);
  if (!o) return EXIT.USAGE;
  if (!o.area && !o.pound)
    return usageError(deps, deps.t('staff:admin.missing', { option: '--area / --pound' }), usage);
  let areaId: number | null = null;
  let poundId: number | null = null;
  if (o.pound) {
    const pound = await deps.db.pound.findUnique({ where: { code: o.pound.toUpperCase() } });
    if (!pound) return refused(deps, 'staff:admin.unknown_pound', { code: o.pound });
    poundId = pound.id;
    areaId = pound.areaId;
  }
  if (o.area) {
    const area = await deps.db.area.findUnique({ where: { code: o.area.toUpperCase() } });
    if (!area) return refused(deps, 'staff:admin.unknown_area', { code: o.area });
    areaId = area.id;
  }
  const fines = areaId
    ? await deps.db.fineScale.findMany({
        where: { areaId },
        orderBy: [{ cattleClass: 'asc' }, { effectiveFrom: 'asc' }],
      })
    : [];
  printRates(deps, 'staff:admin.fees.fine_line', fines, (r) => [r.paisePerHead, r.notification]);
  const feeding = poundId
    ? await deps.db.feedingRate.findMany({
        where: { poundId },
        orderBy: [{ cattleClass: 'asc' }, { effectiveFrom: 'asc' }],
      })
    : [];
  printRates(deps, 'staff:admin.fees.feeding_line', feeding, (r) => [r.paisePerDay, r.orderRef]);
  const orders = areaId ? await listDeductionOrders(deps, areaId) : 0;
  if (fines.length + feeding.length + orders === 0) deps.out(deps.t('staff:admin.fees.none'));
  return EXIT.OK;
}

/** One line per dated rate row (s. 12 fines, s. 5 feeding): its class, the days it runs, its amount and its order. */
function printRates<R extends { cattleClass: string; effectiveFrom: Date; effectiveTo: Date | null }>(
  deps: AdminDeps,
  key: string,
  rows: R[],
  amountAndRef: (r: R) => [amount: number, ref: string],
): void {
  for (const r of rows) {
    const [amount, ref] = amountAndRef(r);
    const to = r.effectiveTo ? fromDbDate(r.effectiveTo) : '…';
    deps.out(deps.t(key, { cls: r.cattleClass, from: fromDbDate(r.effectiveFrom), to, amount, ref }));
  }
}

function refused(deps: AdminDeps, key: string, params: Record<string, unknown>): number {
  deps.err(deps.t(key, params));
  return EXIT.REFUSED;
}

async function addFee(deps: AdminDeps, sub: 'add-fine' | 'add-feeding', args: string[]): Promise<number> {
  const fine = sub === 'add-fine';
  const usage = fine ? 'staff:admin.usage.fees_add_fine' : 'staff:admin.usage.fees_add_feeding';
  const str = { type: 'string' } as const;
  const spec: Record<string, typeof str> = fine
    ? { area: str, class: str, from: str, amount: str, notification: str }
    : { pound: str, class: str, from: str, amount: str, order: str };
  const o = parseOptions(
    deps,
    args,
    spec,
    usage,
    fine ? ['area', 'class', 'from', 'amount', 'notification'] : ['pound', 'class', 'from', 'amount', 'order'],
  ) as Record<string, string | undefined> | null;
  if (!o) return EXIT.USAGE;
  const classes =
    o.class === 'all'
      ? [...CATTLE_CLASS_CODES]
      : o
          .class!.split(',')
          .map((c) => c.trim().toLowerCase())
          .filter(Boolean);
  const badClass = classes.find((c) => !isCattleClass(c));
  if (badClass || classes.length === 0)
    return usageError(deps, deps.t('staff:admin.bad_class', { value: badClass ?? o.class }), usage);
  const from = parseDate(o.from!);
  if (!from) return usageError(deps, deps.t('staff:admin.bad_date', { value: o.from }), usage);
  const paise = parseRupees(o.amount!);
  if (paise === null) return usageError(deps, deps.t('staff:admin.bad_amount', { value: o.amount }), usage);
  const reference = (fine ? o.notification : o.order)!.replace(/\s+/g, ' ').trim();
  const dayBefore = addDays(from, -1);

  let scope: { areaId: number } | { poundId: number };
  let scopeCode: string;
  if (fine) {
    const area = await deps.db.area.findUnique({ where: { code: o.area!.toUpperCase() } });
    if (!area) return refused(deps, 'staff:admin.unknown_area', { code: o.area });
    scope = { areaId: area.id };
    scopeCode = area.code;
  } else {
    const pound = await deps.db.pound.findUnique({ where: { code: o.pound!.toUpperCase() } });
    if (!pound) return refused(deps, 'staff:admin.unknown_pound', { code: o.pound });
    scope = { poundId: pound.id };
    scopeCode = pound.code;
  }
  try {
    const closed = await deps.db.$transaction(async (tx) => {
      let closedRows = 0;
      for (const cattleClass of classes) {
        const rows = fine
          ? await tx.fineScale.findMany({ where: { ...(scope as { areaId: number }), cattleClass } })
          : await tx.feedingRate.findMany({ where: { ...(scope as { poundId: number }), cattleClass } });
        const later = rows.find((r) => fromDbDate(r.effectiveFrom) >= from);
        if (later)
          throw new FeeRowRefused('staff:admin.fees.later_row', {
            cls: cattleClass,
            from: fromDbDate(later.effectiveFrom),
          });
        const overlapping = rows.find((r) => r.effectiveTo && fromDbDate(r.effectiveTo) >= from);
        if (overlapping)
          throw new FeeRowRefused('staff:admin.fees.overlap', {
            cls: cattleClass,
            from: fromDbDate(overlapping.effectiveFrom),
            to: fromDbDate(overlapping.effectiveTo!),
          });
        const open = rows.filter((r) => r.effectiveTo === null);
        for (const r of open) {
          if (fine) await tx.fineScale.update({ where: { id: r.id }, data: { effectiveTo: asDbDate(dayBefore) } });
          else await tx.feedingRate.update({ where: { id: r.id }, data: { effectiveTo: asDbDate(dayBefore) } });
          closedRows++;
        }
        if (fine)
          await tx.fineScale.create({
            data: {
              areaId: (scope as { areaId: number }).areaId,
              cattleClass,
              effectiveFrom: asDbDate(from),
              paisePerHead: paise,
              notification: reference,
            },
          });
        else
          await tx.feedingRate.create({
            data: {
              poundId: (scope as { poundId: number }).poundId,
              cattleClass,
              effectiveFrom: asDbDate(from),
              paisePerDay: paise,
              orderRef: reference,
            },
          });
      }
      await audit(tx, { role: 'admin' }, fine ? 'fees.add_fine' : 'fees.add_feeding', null, {
        scope: scopeCode,
        classes,
        from,
        paise,
        reference,
      });
      return closedRows;
    });
    deps.out(
      deps.t(fine ? 'staff:admin.fees.fine_added' : 'staff:admin.fees.feeding_added', {
        scope: scopeCode,
        classes: classes.join(','),
        from,
        amount: paise,
        ref: reference,
      }),
    );
    if (closed > 0) deps.out(deps.t('staff:admin.fees.closed', { n: closed, to: dayBefore }));
    return EXIT.OK;
  } catch (e) {
    if (e instanceof FeeRowRefused) return refused(deps, e.key, e.params);
    throw e;
  }
}
