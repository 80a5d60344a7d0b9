import {
  computeSale,
  DEFAULT_DEDUCTION_ORDER,
  DEFAULT_DEDUCTION_ORDER_REF,
  sumPaise,
  type DeductionKind,
  type S16Account,
  type SaleLotInput,
  type SaleMode,
  type SaleResult,
} from '../../law';
import type { CaseForLaw } from '../case-transition';
import { Refusal } from '../refusal';

/**
 * The record of an auction's sale kept on the Auction row (`Auction.account`): what the engine computed it from,
 * the delivered s. 16 account, and the flat parameters the account's wording needs. Pure: no database.
 */

/** Fines/penalties, feeding charges and s. 12A security, in paise. */
export interface DuesParts {
  finePaise: number;
  feedingPaise: number;
  securityPaise: number;
}

/** What the sale was computed from, kept on the auction so the account can be delivered later. */
export interface StoredSaleInputs {
  mode: SaleMode;
  herdHeads: number;
  impoundedAt: string;
  saleAt: string;
  lots: Array<SaleLotInput & { bidderId: number }>;
  /** What this sale deducts (a later round: what earlier rounds left unrecovered plus what accrued since). */
  dues: DuesParts;
  /** Expenses of this sale, plus any expenses of an earlier round its proceeds did not cover. */
  saleExpensesPaise: number;
  /** Auction round (absent = 1) and, for a later round, how its dues were made up (src/law README, "Auction rounds"). */
  round?: number;
  headsSoldEarlier?: number;
  carried?: DuesParts & { expensesPaise: number };
  accrued?: DuesParts;
  /** s. 16 order in which the proceeds meet the deductions, in force for the pound's area on the sale date. */
  deductionOrder?: DeductionKind[];
  deductionOrderRef?: string;
}

/** The account (a)–(f) as stored on the auction and sent to the owner; instants as ISO strings. */
export interface StoredAccount {
  deliveredAt: string;
  ownerPresent: boolean;
  receiptNumber: string | null;
  account: S16Account;
}

/** Auction.account JSON. */
export interface AuctionAccountJson {
  inputs: StoredSaleInputs;
  soldHeadIds: number[];
  delivered: StoredAccount | null;
}

/** Reads the sale record kept on an auction (null before the results are recorded). */
export function storedAccountOf(json: unknown): AuctionAccountJson | null {
  const j = json as AuctionAccountJson | null;
  return j && typeof j === 'object' && j.inputs ? j : null;
}

/** The engine's sale from the stored inputs, with the account dated `accountAt` (the word fine/penalty follows it). */
export function saleFrom(inputs: StoredSaleInputs, ownerPresent: boolean, accountAt: Date): SaleResult {
  const r = computeSale({
    mode: inputs.mode,
    herdHeads: inputs.herdHeads,
    ...(inputs.headsSoldEarlier ? { headsSoldEarlier: inputs.headsSoldEarlier } : {}),
    impoundedAt: new Date(inputs.impoundedAt),
    saleAt: new Date(inputs.saleAt),
    lots: inputs.lots.map(({ bidderId: _b, ...lot }) => lot),
    dues: inputs.dues,
    saleExpensesPaise: inputs.saleExpensesPaise,
    ownerPresent,
    accountAt,
    ...(inputs.deductionOrder ? { deductionOrder: inputs.deductionOrder } : {}),
  });
  if (!r.ok) throw new Refusal('LAW_ERROR', r.error.section, { code: r.error.code });
  return r.value;
}

/** Completed auction rounds of a case with their stored results, oldest first. */
export function completedRounds(
  c: Pick<CaseForLaw, 'auctions'>,
): Array<{ id: number; round: number; stored: AuctionAccountJson }> {
  return c.auctions
    .filter((a) => a.status === 'COMPLETED')
    .map((a) => ({ id: a.id, round: a.round, stored: storedAccountOf(a.account) }))
    .filter((a): a is { id: number; round: number; stored: AuctionAccountJson } => a.stored !== null);
}

/** What a later auction round deducts for earlier rounds (their unrecovered charges and expenses), in paise. */
export function carriedOf(inputs: StoredSaleInputs | undefined): number {
  const c = inputs?.carried;
  return c ? sumPaise([c.expensesPaise, c.finePaise, c.feedingPaise, c.securityPaise]) : 0;
}

/** o1…o4: the deduction kinds in the order met; orderScope 'directed' (with orderRef) or 'default'. */
function orderParams(order: readonly string[], ref: string | undefined): Record<string, string> {
  const directed = ref !== undefined && ref !== DEFAULT_DEDUCTION_ORDER_REF;
  return {
    o1: order[0]!,
    o2: order[1]!,
    o3: order[2]!,
    o4: order[3]!,
    orderScope: directed ? 'directed' : 'default',
    orderRef: directed ? ref : '',
  };
}

/**
 * Flat parameters of the s. 16 account for the i18n templates (amounts in paise, dates ISO). `round` > 1
 * (with `soldEarlier` heads and the `carried` part of the charges) marks a further s. 14 auction.
 */
export function accountParams(
  caseNumber: string,
  d: StoredAccount,
  inputs?: StoredSaleInputs,
): Record<string, string | number> {
  const a = d.account;
  const part = (kind: string) => a.f_disposal.find((p) => p.kind === kind);
  return {
    number: caseNumber,
    round: inputs?.round ?? 1,
    soldEarlier: inputs?.headsSoldEarlier ?? 0,
    carried: carriedOf(inputs),
    // s. 14 heads without a bid are not returned to anyone: they stay in the pound for a further auction.
    remainingTo: inputs?.mode === 'S14_ALL' && a.remainingCattle > 0 ? 'POUND' : 'OWNER',
    term: a.term.term,
    seized: a.a_cattleSeized,
    from: new Date(a.b_timeImpounded.fromAt).toISOString(),
    to: new Date(a.b_timeImpounded.toAt).toISOString(),
    days: a.b_timeImpounded.days,
    fine: a.c_finesAndCharges.finePaise,
    feeding: a.c_finesAndCharges.feedingPaise,
    security: a.c_finesAndCharges.securityPaise,
    charges: a.c_finesAndCharges.totalPaise,
    sold: a.d_cattleSold,
    proceeds: a.e_proceedsPaise,
    expensesPart: part('sale_expenses')?.amountPaise ?? 0,
    finePart: part('fine')?.amountPaise ?? 0,
    feedingPart: part('feeding')?.amountPaise ?? 0,
    securityPart: part('security')?.amountPaise ?? 0,
    balance: a.balancePaise,
    balanceTo: a.balanceTo,
    remaining: a.remainingCattle,
    unrecovered: a.f_disposal.reduce((s, p) => s + p.unrecoveredPaise, 0),
    receipt: d.receiptNumber ?? '',
    context: a.c_finesAndCharges.securityPaise > 0 ? 'security' : '',
    // s. 16 sets no order of deductions: the order used (a dated per-area rule) is stated in the account.
    ...orderParams(a.f_order ?? inputs?.deductionOrder ?? DEFAULT_DEDUCTION_ORDER, inputs?.deductionOrderRef),
  };
}
