// The sale and what follows it (ss. 14, 16, 17): the auction fixed and its bidders checked (auction.ts, bidders.ts), the
// sale recorded and its account (sale.ts, record.ts, account.ts), the s. 17 split of the proceeds (split.ts), the surplus
// held three months and claimed or lapsed (surplus.ts, surplus-request.ts), and the s. 14 proviso's disposal (proviso.ts).
// This index is the folder's public surface.
export { deliverAccount, recordAccountOwnerAbsent } from './account';
export { checkAuctionTime, checkCanSchedule, heldWithoutBids, scheduleAuction } from './auction';
export { admittedBidders, normaliseName, registerBidder } from './bidders';
export { disposeUnderProviso } from './proviso';
export {
  accountParams,
  type AuctionAccountJson,
  carriedOf,
  completedRounds,
  saleFrom,
  type StoredAccount,
  storedAccountOf,
  type StoredSaleInputs,
} from './record';
export { checkCanRecordSale, previewSale, recordSale } from './sale';
export {
  confirmRemittance,
  holdEndOf,
  isSplitKey,
  moneyStatus,
  recordSplit,
  REMITTANCE_ACCOUNT,
  type RemittanceKindCode,
  type SplitLine,
  splitOfCase,
  totalsByAccount,
} from './split';
export { requestSurplus, surplusClaimants, surplusRequestOffer } from './surplus-request';
export { claimSurplus, surplusesHeld, surplusToRevenue } from './surplus';
