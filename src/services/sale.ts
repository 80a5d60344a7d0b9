import { computeSale, type S16Account, type SaleLotInput, type SaleMode, type SaleResult } from '../law';
import type { Db, Prisma } from '../db';
import { audit } from './audit';
import {
  auditActor,
  caseStateOf,
  loadCase,
  mustAllow,
  requireScope,
  saveTransition,
  StaffActionError,
  type CaseForLaw,
  type StaffAct,
  staffTransaction,
} from './case-transition';
import { planDeadlines } from './deadlines';
import { duesForCase } from './dues';
import { queueMessage, type Tx } from './outbox';
import { issueReceipt } from './receipts';

/** One head knocked down at the auction: to which admitted bidder, at what price. */
export interface BidInput {
  headId: number;
  bidderId: number;
  pricePaise: number;
}

/** The officer's record of the auction results. */
export interface SaleInput {
  caseId: number;
  bids: BidInput[];
  /** Expenses of sale (s. 16), whole paise; 0 if none. */
  saleExpensesPaise: number;
  /**
   * s. 16 path only: the owner or agent is present, takes the account, the remaining cattle and the
   * balance, and has signed the receipt. Ignored on the s. 14 path (the owner never appeared).
   */
  ownerPresentAndSigned: boolean;
}

/** What the sale was computed from, kept on the auction so the account can be delivered later. */
interface StoredSaleInputs {
  mode: SaleMode;
  herdHeads: number;
  impoundedAt: string;
  saleAt: string;
  lots: Array<SaleLotInput & { bidderId: number }>;
  dues: { finePaise: number; feedingPaise: number; securityPaise: number };
  saleExpensesPaise: number;
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

/** Result of recording a sale: the engine's computation and whether the account was delivered now. */
export interface SaleOutcome {
  caseNumber: string;
  sale: SaleResult;
  delivered: StoredAccount | null;
}

/** Reads the sale record kept on an auction (null before the results are recorded). */
export function storedAccountOf(json: unknown): AuctionAccountJson | null {
  const j = json as AuctionAccountJson | null;
  return j && typeof j === 'object' && j.inputs ? j : null;
}

function lotId(headId: number): string {
  return `h${headId}`;
}

/** Validates the bids against the case's heads in the pound and the auction's admitted bidders. */
function validateBids(c: CaseForLaw, bids: readonly BidInput[]): void {
  const auction = c.auction!;
  const admitted = new Set(auction.bidders.filter((b) => !b.refusedSection).map((b) => b.id));
  const refused = new Set(auction.bidders.filter((b) => b.refusedSection).map((b) => b.id));
  const inPound = new Set(c.heads.filter((h) => h.status === 'IMPOUNDED').map((h) => h.id));
  const seen = new Set<number>();
  if (bids.length === 0) throw new StaffActionError('NO_BIDS', 's. 14');
  for (const b of bids) {
    if (!inPound.has(b.headId) || seen.has(b.headId)) throw new StaffActionError('HEAD_UNKNOWN', 's. 16', { headId: b.headId });
    seen.add(b.headId);
    // s. 19: a bidder refused at registration (an officer or pound-keeper) can never be a buyer.
    if (refused.has(b.bidderId)) throw new StaffActionError('BIDDER_IS_STAFF', 's. 19');
    if (!admitted.has(b.bidderId)) throw new StaffActionError('BIDDER_UNKNOWN', 's. 14', { bidderId: b.bidderId });
    if (!Number.isSafeInteger(b.pricePaise) || b.pricePaise <= 0) throw new StaffActionError('TEXT_REQUIRED', 's. 16');
  }
}

function saleFrom(inputs: StoredSaleInputs, ownerPresent: boolean, accountAt: Date): SaleResult {
  const r = computeSale({
    mode: inputs.mode,
    herdHeads: inputs.herdHeads,
    impoundedAt: new Date(inputs.impoundedAt),
    saleAt: new Date(inputs.saleAt),
    lots: inputs.lots.map(({ bidderId: _b, ...lot }) => lot),
    dues: inputs.dues,
    saleExpensesPaise: inputs.saleExpensesPaise,
    ownerPresent,
    accountAt,
  });
  if (!r.ok) throw new StaffActionError('LAW_ERROR', r.error.section, { code: r.error.code });
  return r.value;
}

/** Validates the bids and computes the sale with the statute engine (no writes). */
async function prepareSale(tx: Tx, c: CaseForLaw, input: SaleInput, now: Date) {
  const s16 = c.ownerRefusedAt != null;
  const inPound = c.heads.filter((h) => h.status === 'IMPOUNDED');
  if (!s16) {
    // s. 14: the unclaimed cattle are sold; a head nobody bids fairly for goes to the Magistrate (proviso).
    const missing = inPound.find((h) => !input.bids.some((b) => b.headId === h.id));
    if (missing) throw new StaffActionError('BID_MISSING', 's. 14', { head: missing.index });
  }
  validateBids(c, input.bids);
  const dues = await duesForCase(tx, c.id, now, { mode: 'sale' });
  if (!dues.ok) throw new StaffActionError('DUES_UNAVAILABLE', dues.error.section, { code: dues.error.code });
  const totals = dues.value.breakdown.totals;
  const headById = new Map(c.heads.map((h) => [h.id, h]));
  const inputs: StoredSaleInputs = {
    mode: s16 ? 'S16_AS_MANY_AS_NECESSARY' : 'S14_ALL',
    herdHeads: c.heads.length,
    impoundedAt: c.impoundedAt.toISOString(),
    saleAt: now.toISOString(),
    lots: input.bids.map((b) => ({
      id: lotId(b.headId),
      heads: 1,
      headIds: [String(b.headId)],
      cattleClass: headById.get(b.headId)!.cattleClass,
      pricePaise: b.pricePaise,
      bidderId: b.bidderId,
    })),
    dues: { finePaise: totals.finePaise, feedingPaise: totals.feedingPaise, securityPaise: totals.securityPaise },
    saleExpensesPaise: input.saleExpensesPaise,
  };
  const ownerPresent = s16 && input.ownerPresentAndSigned;
  const sale = saleFrom(inputs, ownerPresent, now);
  return { inputs, sale, s16, ownerPresent };
}

/**
 * Checks, before the officer enters the results, that they can be recorded now: role and pound, an
 * auction scheduled and already due, the s. 14 notice period over (s. 16 path: at once).
 */
export function checkCanRecordSale(c: CaseForLaw, act: StaffAct, now: Date): void {
  const role = requireScope(act, ['OFFICER'], c.poundId);
  const auction = c.auction;
  if (!auction || auction.status !== 'SCHEDULED') throw new StaffActionError(auction?.status === 'COMPLETED' ? 'ALREADY_DONE' : 'NO_AUCTION', 's. 14');
  mustAllow(caseStateOf(c), 'RECORD_SALE', role, now, { headsSold: 1, buyers: [{ role: 'public' }] });
  if (now.getTime() < auction.scheduledFor.getTime()) throw new StaffActionError('AUCTION_NOT_YET', 's. 14', { at: auction.scheduledFor.toISOString() });
}

/**
 * What recording these results would give (the engine's choice of heads, deductions and balance),
 * without recording anything: the confirmation screen shows it before the officer taps Record.
 */
export async function previewSale(db: Db, act: StaffAct, input: SaleInput, now: Date): Promise<SaleResult> {
  const c = await loadCase(db, input.caseId);
  const role = requireScope(act, ['OFFICER'], c.poundId);
  if (!c.auction || c.auction.status !== 'SCHEDULED') throw new StaffActionError('NO_AUCTION', 's. 14');
  mustAllow(caseStateOf(c), 'RECORD_SALE', role, now, { headsSold: 1, buyers: [{ role: 'public' }] });
  return (await prepareSale(db, c, input, now)).sale;
}

/**
 * Records the auction results (ss. 14, 16): the engine chooses what is sold (on the s. 16 path only as
 * many head as necessary to cover the dues and the expenses of sale; on the s. 14 path every head),
 * deducts the fines/penalties, feeding charges, expenses of sale (and s. 12A security) and produces the
 * account (a)–(f). The proceeds go into the ledger. On the s. 14 path, or when the owner is present and
 * has signed, the account is delivered at once (see `deliverAccount`). One transaction.
 */
export async function recordSale(db: Db, act: StaffAct, input: SaleInput, now: Date): Promise<SaleOutcome> {
  if (!Number.isSafeInteger(input.saleExpensesPaise) || input.saleExpensesPaise < 0) throw new StaffActionError('TEXT_REQUIRED', 's. 16');
  return staffTransaction(db, async (tx) => {
    const c = await loadCase(tx, input.caseId);
    const role = requireScope(act, ['OFFICER'], c.poundId);
    const auction = c.auction;
    if (!auction || auction.status !== 'SCHEDULED') {
      throw new StaffActionError(auction?.status === 'COMPLETED' ? 'ALREADY_DONE' : 'NO_AUCTION', 's. 14', auction?.completedAt ? { at: auction.completedAt.toISOString() } : {});
    }
    mustAllow(caseStateOf(c), 'RECORD_SALE', role, now, { headsSold: 1, buyers: [{ role: 'public' }] });
    if (now.getTime() < auction.scheduledFor.getTime()) throw new StaffActionError('AUCTION_NOT_YET', 's. 14', { at: auction.scheduledFor.toISOString() });
    const { inputs, sale, s16, ownerPresent } = await prepareSale(tx, c, input, now);
    const soldLots = sale.sold.lots;
    const buyers = soldLots.map(() => ({ role: 'public' as const }));
    const allowed = mustAllow(caseStateOf(c), 'RECORD_SALE', role, now, { headsSold: sale.sold.heads, buyers });
    const bidByLot = new Map(inputs.lots.map((l) => [l.id, l]));
    const soldHeadIds: number[] = [];
    for (const lot of soldLots) {
      const bid = bidByLot.get(lot.id)!;
      const headId = Number(bid.headIds![0]);
      soldHeadIds.push(headId);
      await tx.sale.create({ data: { auctionId: auction.id, headId, bidderId: bid.bidderId, pricePaise: lot.pricePaise } });
    }
    await tx.head.updateMany({ where: { id: { in: soldHeadIds }, status: 'IMPOUNDED' }, data: { status: 'SOLD' } });
    const stored: AuctionAccountJson = { inputs, soldHeadIds, delivered: null };
    await tx.auction.update({
      where: { id: auction.id },
      data: { status: 'COMPLETED', completedAt: now, saleExpensesPaise: input.saleExpensesPaise, account: stored as unknown as Prisma.InputJsonValue },
    });
    await saveTransition(tx, c, allowed);
    await tx.ledgerEntry.createMany({
      data: [{ caseId: c.id, account: 'SALE_PROCEEDS', amountPaise: sale.sold.proceedsPaise, section: s16 ? 's. 16' : 's. 14', memo: `auction ${auction.id}`, idempotencyKey: `case:${c.id}:sale:proceeds`, createdAt: now }],
      skipDuplicates: true,
    });
    await audit(tx, auditActor(act), 'S16_SALE_RECORDED', c.id, {
      auctionId: auction.id,
      mode: inputs.mode,
      selectionRule: sale.selectionRule,
      bids: input.bids.map((b) => ({ headId: b.headId, bidderId: b.bidderId, pricePaise: b.pricePaise })),
      soldHeadIds,
      proceedsPaise: sale.sold.proceedsPaise,
      saleExpensesPaise: input.saleExpensesPaise,
      covered: sale.covered,
      shortfallPaise: sale.shortfallPaise,
    });
    let delivered: StoredAccount | null = null;
    if (!s16 || ownerPresent) delivered = await deliverAccountTx(tx, act, c.id, ownerPresent, now);
    await planDeadlines(tx, c.id, now);
    return { caseNumber: c.number, sale, delivered };
  });
}

/**
 * s. 16 path, owner absent at the sale: the owner (or agent) comes later, takes the account, the
 * remaining cattle and the balance, and signs the receipt.
 */
export async function deliverAccount(db: Db, act: StaffAct, caseId: number, now: Date): Promise<StoredAccount> {
  return staffTransaction(db, (tx) => deliverAccountTx(tx, act, caseId, true, now));
}

/**
 * Delivers the s. 16 account: recomputes it from the stored sale at the delivery date (the word
 * "fine"/"penalty" follows that date), releases the remaining cattle to the owner (Release S16_REMAINING)
 * with a receipt for the cattle and the balance when the owner is present, and queues the account to the
 * owner if we know him on Telegram. Inside the caller's transaction.
 */
async function deliverAccountTx(tx: Tx, act: StaffAct, caseId: number, ownerPresent: boolean, now: Date): Promise<StoredAccount> {
  const c = await loadCase(tx, caseId);
  const role = requireScope(act, ['OFFICER'], c.poundId);
  const stored = storedAccountOf(c.auction?.account);
  if (!stored) throw new StaffActionError('NO_AUCTION', 's. 16');
  if (stored.delivered) throw new StaffActionError('ALREADY_DONE', 's. 16', { at: stored.delivered.deliveredAt });
  const s16 = c.ownerRefusedAt != null;
  const allowed = mustAllow(caseStateOf(c), 'DELIVER_ACCOUNT', role, now, { receiptSigned: ownerPresent });
  const sale = saleFrom(stored.inputs, ownerPresent, now);
  const account = sale.account;
  let receiptNumber: string | null = null;
  if (ownerPresent) {
    const remaining = c.heads.filter((h) => h.status === 'IMPOUNDED');
    if (remaining.length > 0) {
      await tx.release.create({
        data: { caseId: c.id, basis: 'S16_REMAINING', headCount: remaining.length, releasedAt: now, releasedByStaffId: act.staffId, viaMessageId: act.messageId },
      });
      await tx.head.updateMany({ where: { id: { in: remaining.map((h) => h.id) }, status: 'IMPOUNDED' }, data: { status: 'RELEASED' } });
    }
    const receipt = await issueReceipt(tx, {
      caseId: c.id,
      pound: c.pound,
      kind: 'S16_BALANCE',
      amountPaise: account.balancePaise,
      items: [{ kind: 'total', section: 's. 16', amountPaise: account.balancePaise, heads: remaining.length }],
      issuedToTelegramId: c.ownerTelegramId,
      now,
    });
    receiptNumber = receipt.number;
  }
  const delivered: StoredAccount = { deliveredAt: now.toISOString(), ownerPresent, receiptNumber, account };
  const json: AuctionAccountJson = { ...stored, delivered };
  await tx.auction.update({ where: { id: c.auction!.id }, data: { account: json as unknown as Prisma.InputJsonValue } });
  await saveTransition(tx, c, allowed);
  const recipients = await ownerChats(tx, c);
  for (const chatId of recipients) {
    await queueMessage(tx, { chatId, key: 'officer:account.to_owner', params: accountParams(c.number, delivered), priority: 'personal' }, `case:${c.id}:s16-account:${chatId}`, now);
  }
  await audit(tx, auditActor(act), 'S16_ACCOUNT_DELIVERED', c.id, {
    ownerPresent,
    receiptSigned: ownerPresent,
    receiptNumber,
    remainingCattle: account.remainingCattle,
    balancePaise: account.balancePaise,
    balanceTo: account.balanceTo,
    s16Path: s16,
    sentTo: recipients.length,
  });
  return delivered;
}

/** Telegram chats of the owner: the registered owner's id and anyone who claimed the case. */
export async function ownerChats(tx: Tx, c: { id: number; ownerTelegramId: bigint | null }): Promise<string[]> {
  const claims = await tx.claim.findMany({ where: { caseId: c.id }, select: { telegramUserId: true }, orderBy: { id: 'asc' } });
  const ids = [c.ownerTelegramId, ...claims.map((x) => x.telegramUserId)].filter((x): x is bigint => x != null).map(String);
  return [...new Set(ids)];
}

/** Flat parameters of the s. 16 account for the i18n templates (amounts in paise, dates ISO). */
export function accountParams(caseNumber: string, d: StoredAccount): Record<string, string | number> {
  const a = d.account;
  const part = (kind: string) => a.f_disposal.find((p) => p.kind === kind);
  return {
    number: caseNumber,
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
  };
}
