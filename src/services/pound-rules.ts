import { Prisma } from '../db';
import { STATE_WIDE_AREA, type LawRules, type Pound as LawPound, type StatutoryWindows } from '../law';
import type { DbReader } from './dues';

/**
 * A pound's rules as the statute engine reads them: its display facts, the s. 12 fine scale of its local area, the
 * s. 5 feeding rates fixed for it, the s. 12A security scale of its state and the s. 16 order of deductions directed
 * for its area — loaded from the database's dated rule rows in one statement.
 */

/** The rule rows in force for one pound, shaped for src/law, plus the pound's display facts. */
export interface PoundRules {
  /** The pound as the engine sees it (code, state, area code). */
  pound: LawPound;
  rules: LawRules;
  poundRow: {
    id: number;
    code: string;
    name: string;
    nameHi: string;
    address: string;
    upiId: string | null;
    upiPayeeName: string | null;
    stateCode: string;
  };
}

/**
 * The rule rows of a pound as one JSON value, for a query that has the pound as `p` and its area as `ar`
 * (rulesForPound, and the dues screen's one query in case-card.ts): the pound's display facts, the s. 12 fine
 * scale of its local area, the s. 5 feeding rates fixed for it, the s. 12A security scale of its state and the
 * s. 16 order of deductions directed for its area. One round trip instead of six.
 */
export const RULES_JSON_SQL = Prisma.sql`json_build_object(
    'pound', json_build_object('id', p."id", 'code', p."code", 'name', p."name", 'nameHi', p."nameHi", 'address', p."address",
                               'upiId', p."upiId", 'upiPayeeName', p."upiPayeeName", 'stateCode', ar."stateCode", 'areaCode', ar."code"),
    'fines', (SELECT coalesce(json_agg(json_build_object('id', f."id", 'cattleClass', f."cattleClass", 'effectiveFrom', f."effectiveFrom", 'effectiveTo', f."effectiveTo",
                     'paisePerHead', f."paisePerHead", 'notification', f."notification") ORDER BY f."id"), '[]'::json) FROM "FineScale" f WHERE f."areaId" = p."areaId"),
    'feeding', (SELECT coalesce(json_agg(json_build_object('id', r."id", 'cattleClass', r."cattleClass", 'effectiveFrom', r."effectiveFrom", 'effectiveTo', r."effectiveTo",
                     'paisePerDay', r."paisePerDay", 'orderRef', r."orderRef") ORDER BY r."id"), '[]'::json) FROM "FeedingRate" r WHERE r."poundId" = p."id"),
    'security', (SELECT coalesce(json_agg(json_build_object('id', s."id", 'stateCode', s."stateCode", 'cattleClass', s."cattleClass", 'effectiveFrom', s."effectiveFrom",
                     'effectiveTo', s."effectiveTo", 'paisePerHead', s."paisePerHead", 'reference', s."reference") ORDER BY s."id"), '[]'::json) FROM "SecurityScale" s WHERE s."stateCode" = ar."stateCode"),
    'orders', (SELECT coalesce(json_agg(json_build_object('id', o."id", 'effectiveFrom', o."effectiveFrom", 'effectiveTo', o."effectiveTo", 'kinds', o."kinds",
                     'reference', o."reference") ORDER BY o."id"), '[]'::json) FROM "DeductionOrder" o WHERE o."areaId" = p."areaId")
  )::text`;

/** A JSON column as returned by the driver (parsed by one adapter, text from another). */
export function jsonOf<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

interface RulesJson {
  pound: PoundRules['poundRow'] & { areaCode: string };
  fines: Array<{
    id: number;
    cattleClass: string;
    effectiveFrom: string;
    effectiveTo: string | null;
    paisePerHead: number;
    notification: string;
  }>;
  feeding: Array<{
    id: number;
    cattleClass: string;
    effectiveFrom: string;
    effectiveTo: string | null;
    paisePerDay: number;
    orderRef: string;
  }>;
  security: Array<{
    id: number;
    stateCode: string;
    cattleClass: string;
    effectiveFrom: string;
    effectiveTo: string | null;
    paisePerHead: number;
    reference: string;
  }>;
  orders: Array<{ id: number; effectiveFrom: string; effectiveTo: string | null; kinds: string[]; reference: string }>;
}

/** `@db.Date` as JSON gives "YYYY-MM-DD"; a timestamp would give more: keep the India date part. */
const day = (d: string) => d.slice(0, 10);
const dayOrNull = (d: string | null) => (d === null ? null : day(d));

/**
 * The rules as parsed from their JSON text, by that text: the same rule rows always give the same rules, so a pound's
 * rules are parsed once while they stay as they are, and afresh the moment any row changes (the text is read every
 * time). Frozen: shared by every screen that reads them. At most PARSED_RULES_KEPT texts; the oldest goes first.
 */
const parsedRules = new Map<string, PoundRules>();
const PARSED_RULES_KEPT = 256;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The rule rows of RULES_JSON_SQL (its JSON text, or the parsed JSON), shaped for src/law. */
export function rulesFromJson(value: unknown, windows?: Partial<StatutoryWindows>): PoundRules {
  if (typeof value !== 'string' || windows) return rulesOfJson(jsonOf<RulesJson>(value), windows);
  let rules = parsedRules.get(value);
  if (!rules) {
    rules = deepFreeze(rulesOfJson(JSON.parse(value) as RulesJson));
    if (parsedRules.size >= PARSED_RULES_KEPT) parsedRules.delete(parsedRules.keys().next().value!);
    parsedRules.set(value, rules);
  }
  return rules;
}

function rulesOfJson(j: RulesJson, windows?: Partial<StatutoryWindows>): PoundRules {
  const state = j.pound.stateCode;
  const area = j.pound.areaCode;
  const code = j.pound.code;
  return {
    pound: { code, state, area },
    poundRow: {
      id: j.pound.id,
      code,
      name: j.pound.name,
      nameHi: j.pound.nameHi,
      address: j.pound.address,
      upiId: j.pound.upiId,
      upiPayeeName: j.pound.upiPayeeName,
      stateCode: state,
    },
    rules: {
      fineScale: j.fines.map((r) => ({
        id: String(r.id),
        state,
        area,
        cattleClass: r.cattleClass,
        effectiveFrom: day(r.effectiveFrom),
        effectiveTo: dayOrNull(r.effectiveTo),
        paisePerHead: r.paisePerHead,
        notification: r.notification,
      })),
      feedingRates: j.feeding.map((r) => ({
        id: String(r.id),
        poundCode: code,
        cattleClass: r.cattleClass,
        effectiveFrom: day(r.effectiveFrom),
        effectiveTo: dayOrNull(r.effectiveTo),
        paisePerDay: r.paisePerDay,
        order: r.orderRef,
      })),
      securityScale: j.security.map((r) => ({
        id: String(r.id),
        state: r.stateCode,
        area: STATE_WIDE_AREA,
        cattleClass: r.cattleClass,
        effectiveFrom: day(r.effectiveFrom),
        effectiveTo: dayOrNull(r.effectiveTo),
        paisePerHead: r.paisePerHead,
        notification: r.reference,
      })),
      deductionOrders: j.orders.map((r) => ({
        id: String(r.id),
        state,
        area,
        effectiveFrom: day(r.effectiveFrom),
        effectiveTo: dayOrNull(r.effectiveTo),
        order: r.kinds,
        reference: r.reference,
      })),
      ...(windows ? { windows } : {}),
    },
  };
}

/**
 * Loads the s. 12 fine scale of the pound's local area, the s. 5 feeding rates fixed for the pound, the
 * s. 12A security scale of its state (state-wide rows) and the s. 16 order of deductions directed for its
 * area, as src/law rule rows — in one statement (RULES_JSON_SQL), inside the caller's transaction if any.
 */
export async function rulesForPound(
  db: DbReader,
  poundId: number,
  windows?: Partial<StatutoryWindows>,
): Promise<PoundRules> {
  const rows = await db.$queryRaw<{ rules: unknown }[]>(
    Prisma.sql`SELECT ${RULES_JSON_SQL} AS "rules" FROM "Pound" p JOIN "Area" ar ON ar."id" = p."areaId" WHERE p."id" = ${poundId}`,
  );
  if (rows.length === 0) throw new Error(`pound ${poundId} not found`);
  return rulesFromJson(rows[0]!.rules, windows);
}
