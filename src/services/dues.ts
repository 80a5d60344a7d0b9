import type { Config } from '../config';
import { Prisma } from '../db';
import { queryRows } from '../db/direct';
import { Refusal } from './refusal';
import {
  computeDues,
  duesAfterPartialSale,
  unrecoveredOf,
  LawError,
  STATE_WIDE_AREA,
  type DuesBreakdown,
  type DuesMode,
  type UnrecoveredDues,
  type LawResult,
  type LawRules,
  type Pound as LawPound,
  type StatutoryWindows,
  type SalePathFacts,
  isS16Path,
} from '../law';
import { SALE_PATH_SELECT } from './law-case';
import { saleFrom, storedAccountOf } from './sale-record';
import type { Tx } from './outbox';

/**
 * The bridge between the database's dated rule rows (FineScale per area, FeedingRate per pound,
 * SecurityScale per state) and the statute engine. Every amount a user sees is computed here by
 * src/law from those rows; nothing in this file does statute arithmetic itself.
 */

/** A Prisma client or a transaction client: dues can be computed inside the caller's transaction. */
export type DbReader = Tx;

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

/** Statutory period lengths with the deployment's configured s. 20 window. */
export function windowsFromConfig(config: Pick<Config, 'S20_COMPLAINT_WINDOW_DAYS'>): Partial<StatutoryWindows> {
  return { s20ComplaintDays: config.S20_COMPLAINT_WINDOW_DAYS };
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
  const rows = await queryRows<{ rules: unknown }>(
    db,
    Prisma.sql`SELECT ${RULES_JSON_SQL} AS "rules" FROM "Pound" p JOIN "Area" ar ON ar."id" = p."areaId" WHERE p."id" = ${poundId}`,
  );
  if (rows.length === 0) throw new Error(`pound ${poundId} not found`);
  return rulesFromJson(rows[0]!.rules, windows);
}

/** Which heads of the case are valued. */
export type HerdSelection =
  /** Heads still in the pound; if none are (released, sold), every head of the register entry. */
  | 'in_custody'
  /** Every head of the s. 8 register entry (e.g. the s. 16 sale account after heads were marked SOLD). */
  | 'all';

/** Options of `duesForCase`. */
export interface DuesOptions {
  /** 'claim' (s. 13, default), 'deposit' (s. 15) or 'sale' (s. 16 deductions). */
  mode?: DuesMode;
  /** Maharashtra s. 15 case: the owner makes the s. 12A declaration instead of depositing security. */
  s12aDeclaration?: boolean;
  /** Defaults to 'in_custody'. */
  herd?: HerdSelection;
  /**
   * Only these heads (Head ids) of those `herd` selects: an owner's part claim on a multi-owner entry values his
   * heads still in custody. Absent: every head selected.
   */
  headIds?: readonly number[];
  /**
   * Heads left without a bid at a s. 14 auction, claimed under s. 13: what the last round left unrecovered and
   * when it was held (src/law `duesAfterPartialSale`). Found by `duesForCase` / `duesAndNextDayOf` themselves.
   */
  afterSale?: AfterSaleFacts | null;
}

/** The last s. 14 auction round of a partly sold case: when it was held and what its proceeds left unrecovered. */
export interface AfterSaleFacts {
  lastSaleAt: Date;
  unrecovered: UnrecoveredDues;
}

/**
 * A case partly sold at a s. 14 auction (some heads sold, some still in the pound, no s. 16 refusal): the last
 * round's time and what its account (f) left unrecovered of each kind of dues. Null for any other case.
 */
export async function afterSaleFacts(
  db: DbReader,
  caseId: number,
  heads: ReadonlyArray<{ status: string }>,
): Promise<AfterSaleFacts | null> {
  if (!heads.some((h) => h.status === 'SOLD') || !heads.some((h) => h.status === 'IMPOUNDED')) return null;
  const c = await db.case.findUnique({
    where: { id: caseId },
    select: {
      ...SALE_PATH_SELECT,
      auctions: { where: { status: 'COMPLETED' }, orderBy: { round: 'desc' }, take: 1, select: { account: true } },
    },
  });
  return c ? afterSaleFactsOf(c, c.auctions[0]?.account) : null;
}

/**
 * From the last completed round's stored sale (`Auction.account`): its sale time and, per kind, what its split
 * left unrecovered — read exactly as a further round reads it (services/sale.ts `duesForRound`, src/law
 * `unrecoveredOf`). Null on the s. 16 path or without a stored sale.
 */
export function afterSaleFactsOf(path: SalePathFacts, lastRoundAccount: unknown): AfterSaleFacts | null {
  const stored = storedAccountOf(lastRoundAccount);
  if (isS16Path(path) || !stored) return null;
  const saleAt = new Date(stored.inputs.saleAt);
  const carried = unrecoveredOf(saleFrom(stored.inputs, false, saleAt).split.parts);
  return {
    lastSaleAt: saleAt,
    unrecovered: {
      finePaise: carried.finePaise,
      feedingPaise: carried.feedingPaise,
      securityPaise: carried.securityPaise,
    },
  };
}

/** The dues of a case and the rules they were computed from. */
export interface CaseDues {
  caseId: number;
  number: string;
  breakdown: DuesBreakdown;
  rules: PoundRules;
}

/**
 * The itemised dues of case `caseId` at the instant `at` (s. 13 claim by default; s. 15 deposit or s. 16
 * deduction with `options.mode`), computed by src/law from the pound's dated rule rows. "What if I come on
 * date D" is the same call with another `at`. Returns the engine's typed error (e.g. SCALE_MISSING, s. 12)
 * rather than a wrong number; throws a Refusal CASE_NOT_FOUND for an unknown id.
 */
export async function duesForCase(
  db: DbReader,
  caseId: number,
  at: Date,
  options: DuesOptions = {},
): Promise<LawResult<CaseDues>> {
  const { c, rules, opts } = await loadForDues(db, caseId, options);
  return duesOfLoaded(c, rules, at, opts);
}

/** The dues of case `caseId` at each of `ats`, from one load of the case and its rules (e.g. today and a named day). */
export async function duesForCaseAt(
  db: DbReader,
  caseId: number,
  ats: readonly Date[],
  options: DuesOptions = {},
): Promise<Array<LawResult<CaseDues>>> {
  const { c, rules, opts } = await loadForDues(db, caseId, options);
  return ats.map((at) => duesOfLoaded(c, rules, at, opts));
}

/**
 * The case, its pound's rules (one statement) and, for heads left unsold at a s. 14 auction, the last round's
 * stored sale (one more statement, only then) — what valuing the dues needs, loaded once.
 */
async function loadForDues(
  db: DbReader,
  caseId: number,
  options: DuesOptions,
): Promise<{ c: CaseForDues; rules: PoundRules; opts: DuesOptions }> {
  const { c, rules } = await caseAndRules(db, caseId);
  const afterSale = options.mode === 'sale' ? null : await afterSaleFacts(db, c.id, c.heads);
  return { c, rules, opts: { ...options, afterSale } };
}

/** A case's heads and its pound's rule rows in one statement (was: case, heads, then six for the rules). */
async function caseAndRules(db: DbReader, caseId: number): Promise<{ c: CaseForDues; rules: PoundRules }> {
  const rows = await queryRows<{
    id: number;
    number: string;
    poundId: number;
    impoundedAt: Date;
    heads: unknown;
    rules: unknown;
  }>(
    db,
    Prisma.sql`
    SELECT c."id", c."number", c."poundId", c."impoundedAt",
           (SELECT coalesce(json_agg(json_build_object('id', h."id", 'cattleClass', h."cattleClass", 'status', h."status") ORDER BY h."id"), '[]'::json) FROM "Head" h WHERE h."caseId" = c."id") AS "heads",
           ${RULES_JSON_SQL} AS "rules"
      FROM "Case" c JOIN "Pound" p ON p."id" = c."poundId" JOIN "Area" ar ON ar."id" = p."areaId"
     WHERE c."id" = ${caseId}`,
  );
  const row = rows[0];
  if (!row) throw new Refusal('CASE_NOT_FOUND', null, { caseId });
  return {
    c: { id: row.id, number: row.number, poundId: row.poundId, impoundedAt: row.impoundedAt, heads: jsonOf(row.heads) },
    rules: rulesFromJson(row.rules),
  };
}

/** A case as `duesOfLoaded` needs it (e.g. a loaded case card). */
export interface CaseForDues {
  id: number;
  number: string;
  poundId: number;
  impoundedAt: Date;
  heads: Array<{ id?: number; cattleClass: string; status: string }>;
}

/** `duesForCase` on a case and rules already loaded (no database access). */
export function duesOfLoaded(
  c: CaseForDues,
  rules: PoundRules,
  at: Date,
  options: DuesOptions = {},
): LawResult<CaseDues> {
  const inCustody = c.heads.filter((h) => h.status === 'IMPOUNDED');
  const selected = (options.herd ?? 'in_custody') === 'all' || inCustody.length === 0 ? c.heads : inCustody;
  const only = options.headIds ? new Set(options.headIds) : null;
  const heads = only ? selected.filter((h) => h.id !== undefined && only.has(h.id)) : selected;
  const input = {
    pound: rules.pound,
    herd: heads.map((h) => ({ cattleClass: h.cattleClass, heads: 1 })),
    impoundedAt: c.impoundedAt,
    asOf: at,
    mode: options.mode ?? 'claim',
    ...(options.s12aDeclaration ? { s12aDeclaration: true } : {}),
  };
  // s. 13 after a partial s. 14 sale: the unrecovered dues and the charges since the sale, not the whole again.
  const result: LawResult<DuesBreakdown> = options.afterSale
    ? duesAfterPartialSale(input, rules.rules, options.afterSale.lastSaleAt, options.afterSale.unrecovered)
    : computeDues(input, rules.rules);
  if (!result.ok) return result;
  return { ok: true, value: { caseId: c.id, number: c.number, breakdown: result.value, rules } };
}

/**
 * How much the dues grow if the owner comes one day later: the engine's valuation 24 hours after `at`
 * minus its valuation at `at` (feeding at the next day's rate). Null when either cannot be computed.
 */
export async function nextDayIncrease(
  db: DbReader,
  caseId: number,
  at: Date,
  options: DuesOptions = {},
): Promise<number | null> {
  return (await duesAndNextDayOf(db, caseId, at, options)).nextDayPaise;
}

/** The dues of case `caseId` at `at` and what one more day adds, from one statement (case, heads and rules). */
export async function duesAndNextDayOf(
  db: DbReader,
  caseId: number,
  at: Date,
  options: DuesOptions = {},
): Promise<{ dues: LawResult<CaseDues>; nextDayPaise: number | null }> {
  const { c, rules, opts } = await loadForDues(db, caseId, options);
  const dues = duesOfLoaded(c, rules, at, opts);
  const tomorrow = dues.ok ? duesOfLoaded(c, rules, new Date(at.getTime() + 86_400_000), opts) : dues;
  return {
    dues,
    nextDayPaise:
      dues.ok && tomorrow.ok
        ? tomorrow.value.breakdown.totals.totalPaise - dues.value.breakdown.totals.totalPaise
        : null,
  };
}

/** True when the pound's state has a variant that asks for s. 12A security (Maharashtra). */
export function requiresSecurity(breakdown: DuesBreakdown): boolean {
  return breakdown.stateVariant !== null;
}

export { LawError };
