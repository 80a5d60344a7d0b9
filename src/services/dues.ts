import type { Config } from '../config';
import { Prisma } from '../db';
import { Refusal } from './refusal';
import {
  computeDues,
  duesAfterPartialSale,
  unrecoveredOf,
  LawError,
  type DuesBreakdown,
  type DuesMode,
  type UnrecoveredDues,
  type LawResult,
  type StatutoryWindows,
  type SalePathFacts,
  isS16Path,
} from '../law';
import { SALE_PATH_SELECT } from './law-case';
import { saleFrom, storedAccountOf } from './sale';
import type { Tx } from './outbox';
import { jsonOf, RULES_JSON_SQL, rulesFromJson, type PoundRules } from './pound-rules';

/**
 * The bridge between the database's dated rule rows (FineScale per area, FeedingRate per pound,
 * SecurityScale per state) and the statute engine. Every amount a user sees is computed here by
 * src/law from those rows; nothing in this file does statute arithmetic itself.
 */

/** A Prisma client or a transaction client: dues can be computed inside the caller's transaction. */
export type DbReader = Tx;

/** Statutory period lengths with the deployment's configured s. 20 window. */
export function windowsFromConfig(config: Pick<Config, 'S20_COMPLAINT_WINDOW_DAYS'>): Partial<StatutoryWindows> {
  return { s20ComplaintDays: config.S20_COMPLAINT_WINDOW_DAYS };
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
 * left unrecovered — read exactly as a further round reads it (services/sale/sale.ts `duesForRound`, src/law
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
  const rows = await db.$queryRaw<
    {
      id: number;
      number: string;
      poundId: number;
      impoundedAt: Date;
      heads: unknown;
      rules: unknown;
    }[]
  >(Prisma.sql`
    SELECT c."id", c."number", c."poundId", c."impoundedAt",
           (SELECT coalesce(json_agg(json_build_object('id', h."id", 'cattleClass', h."cattleClass", 'status', h."status") ORDER BY h."id"), '[]'::json) FROM "Head" h WHERE h."caseId" = c."id") AS "heads",
           ${RULES_JSON_SQL} AS "rules"
      FROM "Case" c JOIN "Pound" p ON p."id" = c."poundId" JOIN "Area" ar ON ar."id" = p."areaId"
     WHERE c."id" = ${caseId}`);
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
