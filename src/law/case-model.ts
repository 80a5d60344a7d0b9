import type { StatutoryWindows } from './data/windows';
import type { Section } from './sections';

/**
 * Case statuses (the DB enum `CaseStatus` mirrors these names exactly). Whether the owner appeared
 * and refused or omitted to pay (the s. 16 path) is a fact on the case, `ownerRefusedAt`, not a status.
 */
export const CASE_STATUSES = [
  'IMPOUNDED',
  'PAYMENT_PENDING',
  'DEPOSIT_PENDING',
  'RELEASED_S13',
  'DEPOSITED_S15',
  'REPORTED_S14',
  'NOTICE_POSTED',
  'AUCTION_SCHEDULED',
  'SOLD',
  'PARTLY_SOLD',
  'DISPOSED_PROVISO',
  'ACCOUNT_DELIVERED',
  'SPLIT_RECORDED',
  'SURPLUS_HELD',
  'SURPLUS_CLAIMED',
  'SURPLUS_TO_REVENUE',
  'RELEASED_BY_ORDER',
  'CLOSED',
] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** What someone may do to a case. */
export const CASE_ACTIONS = [
  'CLAIM_AND_PAY',
  'CONFIRM_PAYMENT',
  'PAYMENT_NOT_RECEIVED',
  'DEPOSIT_UNDER_PROTEST',
  'CONFIRM_DEPOSIT',
  'DEPOSIT_NOT_RECEIVED',
  'RELEASE',
  'REFUSE_TO_PAY',
  'REPORT_S14',
  'POST_NOTICE',
  'SCHEDULE_AUCTION',
  'PLACE_BID',
  'RECORD_SALE',
  'DISPOSE_PROVISO',
  'DELIVER_ACCOUNT',
  'RECORD_SPLIT',
  'CLAIM_SURPLUS',
  'SURPLUS_LAPSES',
  'ORDER_RELEASE',
  'DEPOSIT_OUTCOME_REFUND',
  'DEPOSIT_OUTCOME_APPLY',
  'CLOSE',
] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];

/** Who acts. 'system' = background jobs. */
export const ROLES = ['owner', 'pound_keeper', 'officer', 'magistrate', 'admin', 'system'] as const;
export type Role = (typeof ROLES)[number];

/** A person acting. `public` is a member of the public (e.g. a bidder); the flags feed the s. 19 check. */
export interface Actor {
  readonly role: Role | 'public';
  readonly id?: string;
  /** A police officer (s. 19), whatever the role in the bot. */
  readonly isPoliceOfficer?: boolean;
  /** An officer or pound-keeper appointed under the Act (s. 19). */
  readonly appointedUnderAct?: boolean;
  /** Bidding for someone else: s. 19 forbids officials buying "directly or indirectly". */
  readonly actingFor?: Actor | null;
}

/** A release order under s. 19. */
export interface ReleaseOrder {
  readonly by: 'MAGISTRATE' | 'CIVIL_COURT';
  /** Order / case number. */
  readonly ref: string;
}

/** s. 14: the notice stuck up and its drum proclamations (the village where the cattle were seized, the market). */
export interface NoticeFacts {
  readonly stuckUpAt: Date;
  readonly proclaimedInVillageAt?: Date | null;
  readonly proclaimedAtMarketAt?: Date | null;
}

/** Where s. 14 has the notice proclaimed by beat of drum. */
export type ProclamationPlace = 'village' | 'market';

/** s. 14: the proclamations not yet made of a notice (in this order: village, market). */
export function missingProclamations(
  n: Pick<NoticeFacts, 'proclaimedInVillageAt' | 'proclaimedAtMarketAt'> | null | undefined,
): ProclamationPlace[] {
  const out: ProclamationPlace[] = [];
  if (!n?.proclaimedInVillageAt) out.push('village');
  if (!n?.proclaimedAtMarketAt) out.push('market');
  return out;
}

/** s. 14: a notice counts — starts the seven days before a sale — once stuck up and proclaimed in both places. */
export function noticeCounts(n: NoticeFacts | null | undefined): boolean {
  return n != null && missingProclamations(n).length === 0;
}

/** The facts of a case the state machine needs (plain data, as stored). */
export interface CaseState {
  readonly status: CaseStatus;
  readonly impoundedAt: Date;
  /** Defaults to `impoundedAt` (start of the s. 20 window). */
  readonly seizedAt?: Date | null;
  /** Heads impounded. */
  readonly heads: number;
  /** Heads still in the pound after a partial sale or a part release (defaults to `heads`). */
  readonly headsRemaining?: number | null;
  /**
   * Heads already delivered to their owner on his own part claim (one owner of a multi-owner entry paid or deposited
   * for his heads: `checkPartClaim`). They are neither in the pound nor sold (defaults to 0).
   */
  readonly headsReleased?: number | null;
  readonly paymentReceived?: boolean;
  readonly depositReceived?: boolean;
  readonly reportedAt?: Date | null;
  readonly noticePostedAt?: Date | null;
  /**
   * s. 14: the notice as stuck up and the proclamations by beat of drum made of it, as facts (null/absent: none
   * recorded). The notice counts (`noticeCounts`) — and `noticePostedAt` is set by POST_NOTICE — only when it is
   * stuck up AND proclaimed in the village and at the market-place.
   */
  readonly notice?: NoticeFacts | null;
  /**
   * s. 16: when the owner or agent appeared and refused or omitted to pay (or deposit). Once set, the
   * cattle (as many as necessary) may be put to auction without the s. 14 report and notice.
   */
  readonly ownerRefusedAt?: Date | null;
  readonly auctionAt?: Date | null;
  readonly surplusDepositedAt?: Date | null;
  readonly order?: ReleaseOrder | null;
  readonly windows?: Partial<StatutoryWindows>;
}

/** Facts supplied with an action. */
export interface ActionParams {
  /** RELEASE (s. 13) / DELIVER_ACCOUNT (s. 16): the owner signed the receipt. */
  readonly receiptSigned?: boolean;
  /**
   * DELIVER_ACCOUNT on the s. 16 path: the owner is not there when the account is due — it is drawn up and
   * kept for him (no receipt yet), and the surplus goes to the District Magistrate's deposit (s. 17).
   */
  readonly ownerAbsent?: boolean;
  /** ORDER_RELEASE (s. 19). */
  readonly order?: ReleaseOrder | null;
  /** POST_NOTICE (s. 14): particulars (a)–(c) of the notice. */
  readonly notice?: {
    readonly description: string;
    readonly placeOfSeizure: string;
    readonly placeOfImpounding: string;
  } | null;
  /** POST_NOTICE (s. 14): proclamation by beat of drum made. */
  readonly proclaimedByDrum?: boolean;
  /** POST_NOTICE (s. 14): when the notice was stuck up (default `now`); never before the report reached the officer. */
  readonly noticePostedAt?: Date | null;
  /** POST_NOTICE (s. 14): when the drum proclamations were made; never before the notice. */
  readonly proclaimedAt?: readonly Date[];
  /** SCHEDULE_AUCTION: when the auction will be held. */
  readonly auctionAt?: Date | null;
  /** RECORD_SALE: heads sold at this auction. */
  readonly headsSold?: number;
  /** RECORD_SALE: the buyers (s. 19 check). */
  readonly buyers?: readonly Actor[];
  /** DISPOSE_PROVISO: the Magistrate's opinion that the cattle will not fetch a fair price. */
  readonly notLikelyToFetchFairPrice?: boolean;
  /** RECORD_SPLIT: surplus sent to the Magistrate's deposit (0 if the owner took the balance). */
  readonly surplusToDepositPaise?: number;
  /** RECORD_SPLIT: when the surplus reached the Magistrate (defaults to `now`). */
  readonly surplusDepositedAt?: Date | null;
}
export type ActionParamName = keyof ActionParams;

/** One row of the transition table: the statutory data of an action. */
export interface TransitionSpec {
  readonly action: CaseAction;
  readonly from: readonly CaseStatus[];
  /** Who may do it ('public' = a member of the public, e.g. a bidder). */
  readonly roles: readonly (Role | 'public')[];
  /** Section that authorises the action (null for the administrative CLOSE). */
  readonly section: Section | null;
  /** Statuses the action can lead to; 'SAME' = status unchanged (a fact is recorded). */
  readonly to: readonly (CaseStatus | 'SAME')[];
  /** Params the action needs. */
  readonly needs: readonly ActionParamName[];
}

/** Cattle still in the pound, none sold: an owner may still claim or deposit. */
export const CLAIMABLE: readonly CaseStatus[] = ['IMPOUNDED', 'REPORTED_S14', 'NOTICE_POSTED', 'AUCTION_SCHEDULED'];
/** Every status in which impounded cattle are in the pound. */
export const IN_CUSTODY: readonly CaseStatus[] = [...CLAIMABLE, 'PAYMENT_PENDING', 'DEPOSIT_PENDING', 'PARTLY_SOLD'];

/** The transition table (ss. 13–19). Guards on time and facts are in lifecycle.ts. */
export const TRANSITIONS: readonly TransitionSpec[] = [
  // PARTLY_SOLD: on the s. 14 path the heads left without a bid are still "impounded cattle" the owner may claim
  // under s. 13 (lifecycle.ts refuses it on the s. 16 path, where they go back with the account).
  {
    action: 'CLAIM_AND_PAY',
    from: [...CLAIMABLE, 'PARTLY_SOLD'],
    roles: ['owner', 'pound_keeper'],
    section: 's. 13',
    to: ['PAYMENT_PENDING'],
    needs: [],
  },
  {
    action: 'CONFIRM_PAYMENT',
    from: ['PAYMENT_PENDING'],
    roles: ['pound_keeper'],
    section: 's. 13',
    to: ['SAME'],
    needs: [],
  },
  {
    action: 'PAYMENT_NOT_RECEIVED',
    from: ['PAYMENT_PENDING'],
    roles: ['pound_keeper'],
    section: 's. 13',
    to: [...CLAIMABLE, 'PARTLY_SOLD'],
    needs: [],
  },
  {
    action: 'DEPOSIT_UNDER_PROTEST',
    from: CLAIMABLE,
    roles: ['owner', 'pound_keeper'],
    section: 's. 15',
    to: ['DEPOSIT_PENDING'],
    needs: [],
  },
  {
    action: 'CONFIRM_DEPOSIT',
    from: ['DEPOSIT_PENDING'],
    roles: ['pound_keeper'],
    section: 's. 15',
    to: ['SAME'],
    needs: [],
  },
  {
    action: 'DEPOSIT_NOT_RECEIVED',
    from: ['DEPOSIT_PENDING'],
    roles: ['pound_keeper'],
    section: 's. 15',
    to: CLAIMABLE,
    needs: [],
  },
  {
    action: 'RELEASE',
    from: IN_CUSTODY.filter((s) => s !== 'PARTLY_SOLD'),
    roles: ['pound_keeper'],
    section: 's. 13',
    // ACCOUNT_DELIVERED: the rest of a partly sold s. 14 case claimed; the sale's s. 17 division follows.
    to: ['RELEASED_S13', 'DEPOSITED_S15', 'ACCOUNT_DELIVERED'],
    needs: ['receiptSigned'],
  },
  {
    action: 'REFUSE_TO_PAY',
    from: ['IMPOUNDED', 'PAYMENT_PENDING', 'DEPOSIT_PENDING', 'REPORTED_S14', 'NOTICE_POSTED'],
    roles: ['pound_keeper', 'officer'],
    section: 's. 16',
    to: ['IMPOUNDED', 'REPORTED_S14', 'NOTICE_POSTED'],
    needs: [],
  },
  {
    action: 'REPORT_S14',
    from: ['IMPOUNDED'],
    roles: ['pound_keeper'],
    section: 's. 14',
    to: ['REPORTED_S14'],
    needs: [],
  },
  {
    action: 'POST_NOTICE',
    from: ['REPORTED_S14'],
    roles: ['officer'],
    section: 's. 14',
    to: ['NOTICE_POSTED'],
    needs: ['notice', 'proclaimedByDrum'],
  },
  {
    action: 'SCHEDULE_AUCTION',
    // AUCTION_SCHEDULED: the auction was held and no one bid — adjourned to another day (lifecycle.ts).
    from: ['IMPOUNDED', 'REPORTED_S14', 'NOTICE_POSTED', 'PARTLY_SOLD', 'AUCTION_SCHEDULED'],
    roles: ['officer'],
    section: 's. 14',
    to: ['AUCTION_SCHEDULED'],
    needs: ['auctionAt'],
  },
  {
    action: 'PLACE_BID',
    from: ['AUCTION_SCHEDULED'],
    roles: ['owner', 'public'],
    section: 's. 19',
    to: ['SAME'],
    needs: [],
  },
  {
    action: 'RECORD_SALE',
    from: ['AUCTION_SCHEDULED'],
    roles: ['officer'],
    section: 's. 14',
    to: ['SOLD', 'PARTLY_SOLD'],
    needs: ['headsSold', 'buyers'],
  },
  {
    action: 'DISPOSE_PROVISO',
    from: ['IMPOUNDED', 'REPORTED_S14', 'NOTICE_POSTED', 'AUCTION_SCHEDULED', 'PARTLY_SOLD'],
    roles: ['magistrate'],
    section: 's. 14',
    to: ['DISPOSED_PROVISO'],
    needs: ['notLikelyToFetchFairPrice'],
  },
  {
    action: 'DELIVER_ACCOUNT',
    from: ['SOLD', 'PARTLY_SOLD', 'DISPOSED_PROVISO'],
    roles: ['officer'],
    section: 's. 16',
    to: ['ACCOUNT_DELIVERED'],
    needs: ['receiptSigned'],
  },
  {
    action: 'RECORD_SPLIT',
    from: ['ACCOUNT_DELIVERED'],
    roles: ['officer'],
    section: 's. 17',
    to: ['SPLIT_RECORDED', 'SURPLUS_HELD'],
    needs: ['surplusToDepositPaise'],
  },
  {
    action: 'CLAIM_SURPLUS',
    from: ['SURPLUS_HELD'],
    roles: ['magistrate'],
    section: 's. 17',
    to: ['SURPLUS_CLAIMED'],
    needs: [],
  },
  {
    action: 'SURPLUS_LAPSES',
    from: ['SURPLUS_HELD'],
    roles: ['system', 'magistrate'],
    section: 's. 17',
    to: ['SURPLUS_TO_REVENUE'],
    needs: [],
  },
  {
    action: 'ORDER_RELEASE',
    from: IN_CUSTODY,
    roles: ['magistrate', 'pound_keeper', 'officer'],
    section: 's. 19',
    to: ['RELEASED_BY_ORDER'],
    needs: ['order'],
  },
  {
    action: 'DEPOSIT_OUTCOME_REFUND',
    from: ['DEPOSITED_S15'],
    roles: ['magistrate'],
    section: 's. 15',
    to: ['CLOSED'],
    needs: [],
  },
  {
    action: 'DEPOSIT_OUTCOME_APPLY',
    from: ['DEPOSITED_S15'],
    roles: ['magistrate'],
    section: 's. 15',
    to: ['CLOSED'],
    needs: [],
  },
  {
    action: 'CLOSE',
    from: ['RELEASED_S13', 'RELEASED_BY_ORDER', 'SPLIT_RECORDED', 'SURPLUS_CLAIMED', 'SURPLUS_TO_REVENUE'],
    roles: ['pound_keeper', 'officer', 'admin', 'system'],
    section: null,
    to: ['CLOSED'],
    needs: [],
  },
];
