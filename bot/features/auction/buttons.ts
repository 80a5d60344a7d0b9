import { isS16Path } from '../../../src/law';
import { callbackCodec } from '../../flows/callback-codec';
import type { CaseForLaw } from '../../../src/services/case-transition';

/**
 * The buttons of `/auction`, `/refusal` and `/sale` (one codec each; the wire format is the one these buttons
 * always had, "au|sch|<caseId>|<mac>", so buttons already in officers' chats keep working).
 */
export const auctionCb = {
  /** Schedule (or adjourn, s. 14) the auction of a case. */
  schedule: callbackCodec('au|sch', ['caseId:int']),
  /** s. 16: record that the owner appeared and refused or omitted to pay. */
  refusal: callbackCodec('au|ref', ['caseId:int']),
  refusalConfirm: callbackCodec('au|refok', ['caseId:int']),
  /** s. 19: register a bidder at a scheduled auction. */
  bidder: callbackCodec('au|bid', ['caseId:int']),
  /** Record the results (starts /sale). */
  results: callbackCodec('au|res', ['caseId:int']),
  cancel: callbackCodec('au|cancel'),
  poundPlace: callbackCodec('au|pp'),
  usualConditions: callbackCodec('au|uc'),
  direction: callbackCodec('au|dir', ['orderId:int']),
  save: callbackCodec('au|save'),
  declarationSigned: callbackCodec('au|dy'),
  declarationNotSigned: callbackCodec('au|dn'),
  confirmNotStaff: callbackCodec('au|dc'),
};

export const saleCb = {
  /** The s. 16 account delivered to the owner present, or kept for him (absent). */
  deliver: callbackCodec('sl|dlv', ['caseId:int']),
  ownerAbsentAccount: callbackCodec('sl|abs', ['caseId:int']),
  /** A head sold to a bidder (the head's position in the draft, so an old message's button is refused). */
  bid: callbackCodec('sl|b', ['head:int', 'bidderId:int']),
  notSold: callbackCodec('sl|ns', ['head:int']),
  ownerPresent: callbackCodec('sl|op'),
  ownerAbsent: callbackCodec('sl|oa'),
  save: callbackCodec('sl|save'),
  cancel: callbackCodec('sl|cancel'),
};

/** Longest place, conditions, direction, bidder name or address typed. */
export const MAX_TEXT = 300;

/** s. 14: heads no one bid for at the last auction, still in the pound (a further auction may be held). */
export function unsoldAfterAuction(c: CaseForLaw): number {
  return c.status === 'PARTLY_SOLD' && !isS16Path(c) && c.auction?.status === 'COMPLETED'
    ? c.heads.filter((h) => h.status === 'IMPOUNDED').length
    : 0;
}
