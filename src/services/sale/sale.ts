import { findDeductionOrder, laterRoundDues, toIstDate, type SaleResult, isS16Path } from '../../law';
import type { Db, Prisma } from '../../db';
import { audit } from '../audit';
import {
  caseStateOf,
  loadCase,
  loadCaseAs,
  mustAllow,
  mustMayAttempt,
  transition,
  type CaseForLaw,
  caseTransaction,
} from '../case-transition';
import { Refusal } from '../refusal';
import { type StaffActor, authorize } from '../staff';
import { roundJobKey } from './auction';
import { planDeadlines } from '../deadlines';
import { duesForCase } from '../dues';
import { rulesForPound } from '../pound-rules';
import type { Tx } from '../outbox';
import { deliverAccountTx } from './account';
import {
  completedRounds,
  saleFrom,
  type AuctionAccountJson,
  type DuesParts,
  type StoredAccount,
  type StoredSaleInputs,
} from './record';
import { postLedger } from '../ledger';

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

/** Result of recording a sale: the engine's computation and whether the account was delivered now. */
export interface SaleOutcome {
  caseNumber: string;
  /** Auction round (1 for the first auction of the case). */
  round: number;
  sale: SaleResult;
  delivered: StoredAccount | null;
  /** Register numbers (Head.index) of heads left without a bid: still in the pound (s. 14). */
  unsoldHeads: number[];
  /** What the engine computed the sale from (round, carried dues), for rendering the account. */
  inputs: StoredSaleInputs;
}

/** Ledger key of the proceeds of an auction round (round 1 keeps `case:<id>:sale:proceeds`). */
export function proceedsKey(caseId: number, round: number): string {
  return roundJobKey(caseId, round, 'sale:proceeds');
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
  if (bids.length === 0) throw new Refusal('NO_BIDS', 's. 14');
  for (const b of bids) {
    if (!inPound.has(b.headId) || seen.has(b.headId)) throw new Refusal('HEAD_UNKNOWN', 's. 16', { headId: b.headId });
    seen.add(b.headId);
    // s. 19: a bidder refused at registration (an officer or pound-keeper) can never be a buyer.
    if (refused.has(b.bidderId)) throw new Refusal('BIDDER_IS_STAFF', 's. 19');
    if (!admitted.has(b.bidderId)) throw new Refusal('BIDDER_UNKNOWN', 's. 14', { bidderId: b.bidderId });
    if (!Number.isSafeInteger(b.pricePaise) || b.pricePaise <= 0) throw new Refusal('TEXT_REQUIRED', 's. 16');
  }
}

/** The engine's s. 16 dues (sale mode) of the heads still in the pound, valued at `at`. */
async function saleDues(tx: Tx, caseId: number, at: Date): Promise<DuesParts> {
  const dues = await duesForCase(tx, caseId, at, { mode: 'sale' });
  if (!dues.ok) throw new Refusal('DUES_UNAVAILABLE', dues.error.section, { code: dues.error.code });
  const t = dues.value.breakdown.totals;
  return { finePaise: t.finePaise, feedingPaise: t.feedingPaise, securityPaise: t.securityPaise };
}

/**
 * What this sale deducts. The first round: the dues of the heads in the pound today (all of them). A later
 * s. 14 round: the statute engine's `laterRoundDues` (src/law/rounds.ts) from the previous round's split and the
 * heads' dues today and on the previous sale date.
 */
async function duesForRound(tx: Tx, c: CaseForLaw, typedExpensesPaise: number, now: Date) {
  const previous = completedRounds(c).at(-1);
  const today = await saleDues(tx, c.id, now);
  if (!previous) return { dues: today, saleExpensesPaise: typedExpensesPaise, extra: {} };
  const before = saleFrom(previous.stored.inputs, false, new Date(previous.stored.inputs.saleAt));
  const then = await saleDues(tx, c.id, new Date(previous.stored.inputs.saleAt));
  const r = laterRoundDues({
    previousParts: before.split.parts,
    duesNow: today,
    duesAtPreviousSale: then,
    saleExpensesPaise: typedExpensesPaise,
  });
  if (!r.ok) throw new Refusal('LAW_ERROR', r.error.section, { code: r.error.code });
  return {
    dues: r.value.dues,
    saleExpensesPaise: r.value.saleExpensesPaise,
    extra: { carried: r.value.carried, accrued: r.value.accrued },
  };
}

/** The s. 16 order of deductions directed for the pound's area on the India date of `at` (src/law). */
async function deductionOrderFor(tx: Tx, poundId: number, at: Date) {
  const { pound, rules } = await rulesForPound(tx, poundId);
  const r = findDeductionOrder(rules.deductionOrders ?? [], pound, toIstDate(at));
  if (!r.ok) throw new Refusal('LAW_ERROR', r.error.section, { code: r.error.code });
  return r.value;
}

/**
 * Validates the bids and computes the sale with the statute engine (no writes). On the s. 14 path a head
 * may have no bid: it stays in the pound for a further auction or a disposal under the s. 14 proviso.
 */
async function prepareSale(tx: Tx, c: CaseForLaw, input: SaleInput, now: Date) {
  const s16 = isS16Path(c);
  const inPound = c.heads.filter((h) => h.status === 'IMPOUNDED');
  validateBids(c, input.bids);
  const round = c.auction?.round ?? 1;
  const { dues, saleExpensesPaise, extra } = await duesForRound(tx, c, input.saleExpensesPaise, now);
  const headById = new Map(c.heads.map((h) => [h.id, h]));
  // Heads delivered to their owners on part claims (ss. 13, 15: one owner of a mixed lot paid for his) are not this
  // sale's: neither offered nor "remaining"; the herd of the sale is the rest.
  const herd = c.heads.filter((h) => h.status !== 'RELEASED');
  const headsSoldEarlier = herd.length - inPound.length;
  const order = await deductionOrderFor(tx, c.poundId, now);
  const inputs: StoredSaleInputs = {
    mode: s16 ? 'S16_AS_MANY_AS_NECESSARY' : 'S14_ALL',
    herdHeads: herd.length,
    ...(round > 1 ? { round, headsSoldEarlier, ...extra } : {}),
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
    dues,
    saleExpensesPaise,
    deductionOrder: [...order.order],
    deductionOrderRef: order.reference,
  };
  const ownerPresent = s16 && input.ownerPresentAndSigned;
  const sale = saleFrom(inputs, ownerPresent, now);
  return { inputs, sale, s16, ownerPresent };
}

/**
 * Checks, before the officer enters the results, that they can be recorded now: role and pound, an
 * auction scheduled and already due, the s. 14 notice period over (s. 16 path: at once).
 */
export function checkCanRecordSale(c: CaseForLaw, act: StaffActor, now: Date): void {
  const role = authorize(act, 'auction', c.poundId).lawRole;
  const auction = c.auction;
  if (auction?.status !== 'SCHEDULED')
    throw new Refusal(auction?.status === 'COMPLETED' ? 'ALREADY_DONE' : 'NO_AUCTION', 's. 14');
  mustMayAttempt(caseStateOf(c), 'RECORD_SALE', role, now);
  if (now.getTime() < auction.scheduledFor.getTime())
    throw new Refusal('AUCTION_NOT_YET', 's. 14', { at: auction.scheduledFor.toISOString() });
}

/**
 * What recording these results would give (the engine's choice of heads, deductions and balance),
 * without recording anything: the confirmation screen shows it before the officer taps Record.
 */
export async function previewSale(
  db: Db,
  act: StaffActor,
  input: SaleInput,
  now: Date,
): Promise<{ sale: SaleResult; inputs: StoredSaleInputs }> {
  const c = await loadCase(db, input.caseId);
  const role = authorize(act, 'auction', c.poundId).lawRole;
  if (c.auction?.status !== 'SCHEDULED') throw new Refusal('NO_AUCTION', 's. 14');
  mustMayAttempt(caseStateOf(c), 'RECORD_SALE', role, now);
  const { sale, inputs } = await prepareSale(db, c, input, now);
  return { sale, inputs };
}

/**
 * Records the auction results (ss. 14, 16): the engine chooses what is sold (on the s. 16 path only as
 * many head as necessary to cover the dues and the expenses of sale; on the s. 14 path every head),
 * deducts the fines/penalties, feeding charges, expenses of sale (and s. 12A security) and produces the
 * account (a)–(f). The proceeds go into the ledger. On the s. 14 path, or when the owner is present and
 * has signed, the account is delivered at once (see `deliverAccount`). One transaction.
 */
export async function recordSale(db: Db, act: StaffActor, input: SaleInput, now: Date): Promise<SaleOutcome> {
  if (!Number.isSafeInteger(input.saleExpensesPaise) || input.saleExpensesPaise < 0)
    throw new Refusal('TEXT_REQUIRED', 's. 16');
  return caseTransaction(db, async (tx) => {
    const { c, who } = await loadCaseAs(tx, act, 'auction', input.caseId);
    const role = who.lawRole;
    const auction = c.auction;
    if (auction?.status !== 'SCHEDULED') {
      throw new Refusal(
        auction?.status === 'COMPLETED' ? 'ALREADY_DONE' : 'NO_AUCTION',
        's. 14',
        auction?.completedAt ? { at: auction.completedAt.toISOString() } : {},
      );
    }
    mustMayAttempt(caseStateOf(c), 'RECORD_SALE', role, now);
    if (now.getTime() < auction.scheduledFor.getTime())
      throw new Refusal('AUCTION_NOT_YET', 's. 14', { at: auction.scheduledFor.toISOString() });
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
      await tx.sale.create({
        data: { auctionId: auction.id, headId, bidderId: bid.bidderId, pricePaise: lot.pricePaise },
      });
    }
    await tx.head.updateMany({ where: { id: { in: soldHeadIds }, status: 'IMPOUNDED' }, data: { status: 'SOLD' } });
    const stored: AuctionAccountJson = { inputs, soldHeadIds, delivered: null };
    await tx.auction.update({
      where: { id: auction.id },
      data: {
        status: 'COMPLETED',
        completedAt: now,
        saleExpensesPaise: input.saleExpensesPaise,
        account: stored as unknown as Prisma.InputJsonValue,
      },
    });
    await transition(tx, c, allowed);
    await postLedger(tx, c.id, now, [
      {
        account: 'SALE_PROCEEDS',
        amountPaise: sale.sold.proceedsPaise,
        section: s16 ? 's. 16' : 's. 14',
        memo: `auction ${auction.id} (round ${auction.round})`,
        idempotencyKey: proceedsKey(c.id, auction.round),
      },
    ]);
    const unsoldHeads = c.heads
      .filter((h) => h.status === 'IMPOUNDED' && !soldHeadIds.includes(h.id))
      .map((h) => h.index);
    await audit(tx, who.audit, 'S16_SALE_RECORDED', c.id, {
      auctionId: auction.id,
      round: auction.round,
      unsoldHeads,
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
    // s. 14 with heads left unsold: this round's account is drawn up now, but the case stays PARTLY_SOLD —
    // the rest go to a further auction or to the Magistrate under the proviso.
    if (!s16 && allowed.to === 'PARTLY_SOLD')
      delivered = await deliverAccountTx(tx, act, c.id, false, now, { transition: false });
    else if (!s16 || ownerPresent) delivered = await deliverAccountTx(tx, act, c.id, ownerPresent, now);
    await planDeadlines(tx, c.id, now);
    return { caseNumber: c.number, round: auction.round, sale, delivered, unsoldHeads, inputs };
  });
}
