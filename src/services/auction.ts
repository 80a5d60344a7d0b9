import { isOfficialBuyer } from '../law';
import type { Db } from '../db';
import { audit } from './audit';
import {
  auditActor,
  caseStateOf,
  loadCase,
  mustAllow,
  requireScope,
  requireText,
  saveTransition,
  StaffActionError,
  type CaseForLaw,
  type StaffAct,
  staffTransaction,
} from './case-transition';
import { planDeadlines } from './deadlines';
import { addToOutbox } from './outbox';

/** The auction as the officer schedules it, per the District Magistrate's directions (s. 14). */
export interface AuctionInput {
  caseId: number;
  at: Date;
  place: string;
  conditions: string;
  /** Reference of the Magistrate's general or special order directing place, time and conditions. */
  directionRef: string;
}

/**
 * Checks an auction time against s. 14 (not before the notice period has run; on the s. 16 path at
 * once) and the case's status. Throws the refusal with the section and the first allowed instant.
 */
export function checkAuctionTime(c: CaseForLaw, act: StaffAct, at: Date, now: Date): void {
  const role = requireScope(act, ['OFFICER'], c.poundId);
  mustAllow(caseStateOf(c), 'SCHEDULE_AUCTION', role, now, { auctionAt: at });
}

/** Checks that the officer may arrange an auction on this case at all (role, pound, status). */
export function checkCanSchedule(c: CaseForLaw, act: StaffAct, now: Date): void {
  const role = requireScope(act, ['OFFICER'], c.poundId);
  if (c.auction) throw new StaffActionError('ALREADY_DONE', 's. 14', { at: c.auction.scheduledFor.toISOString() });
  // The time is not known yet: check everything but the time with a far-future probe.
  mustAllow(caseStateOf(c), 'SCHEDULE_AUCTION', role, now, { auctionAt: new Date(now.getTime() + 3650 * 86_400_000) });
}

/**
 * Schedules the public auction (s. 14; s. 16 on the refusal path): refused before the auction-eligible
 * date with s. 14. Broadcasts the auction to subscribers and re-plans the case's deadlines.
 */
export async function scheduleAuction(db: Db, act: StaffAct, input: AuctionInput, now: Date) {
  const place = requireText(input.place, 200);
  const conditions = requireText(input.conditions, 1000);
  const directionRef = requireText(input.directionRef, 100);
  return staffTransaction(db, async (tx) => {
    const c = await loadCase(tx, input.caseId);
    const role = requireScope(act, ['OFFICER'], c.poundId);
    if (c.auction) throw new StaffActionError('ALREADY_DONE', 's. 14', { at: c.auction.scheduledFor.toISOString() });
    const allowed = mustAllow(caseStateOf(c), 'SCHEDULE_AUCTION', role, now, { auctionAt: input.at });
    const auction = await tx.auction.create({
      data: { caseId: c.id, scheduledFor: input.at, place, conditions, directionRef, scheduledByStaffId: act.staffId },
    });
    await saveTransition(tx, c, allowed);
    await audit(tx, auditActor(act), 'S14_AUCTION_SCHEDULED', c.id, {
      auctionId: auction.id,
      at: input.at.toISOString(),
      place,
      conditions,
      directionRef,
      s16Path: c.ownerRefusedAt != null,
    });
    await addToOutbox(tx, { name: 'broadcast', payload: { kind: 'auction', caseId: c.id } }, `case:${c.id}:broadcast:auction`, now);
    await planDeadlines(tx, c.id, now);
    return { caseNumber: c.number, auction };
  });
}

/**
 * s. 16: the owner or agent appeared and refused or omitted to pay (or deposit). From then on the cattle,
 * or as many as necessary, may be sold without the s. 14 notice period. Recording it twice keeps the first time.
 */
export async function recordOwnerRefusal(db: Db, act: StaffAct, caseId: number, now: Date) {
  return staffTransaction(db, async (tx) => {
    const c = await loadCase(tx, caseId);
    const role = requireScope(act, ['OFFICER', 'POUND_KEEPER'], c.poundId);
    if (c.ownerRefusedAt) throw new StaffActionError('ALREADY_DONE', 's. 16', { at: c.ownerRefusedAt.toISOString() });
    const allowed = mustAllow(caseStateOf(c), 'REFUSE_TO_PAY', role, now);
    await saveTransition(tx, c, allowed, { ownerRefusedAt: now });
    await audit(tx, auditActor(act), 'S16_OWNER_REFUSED', c.id, { at: now.toISOString() });
    await planDeadlines(tx, c.id, now);
    return { caseNumber: c.number, at: now };
  });
}

const HONORIFICS = new Set(['shri', 'shree', 'sri', 'smt', 'sh', 'mr', 'mrs', 'ms', 'dr', 'kumari', 'km', 'श्री', 'श्रीमती', 'सुश्री', 'कुमारी', 'डॉ']);

/**
 * A name reduced for identity matching (s. 19 check): lower case, punctuation and honorifics dropped,
 * words sorted — "Shri Sharma, Ramesh" and "ramesh  sharma" are the same person.
 */
export function normaliseName(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w && !HONORIFICS.has(w))
    .sort()
    .join(' ');
}

/** A bidder as registered: refused (s. 19) or admitted. */
export interface BidderResult {
  caseNumber: string;
  bidderId: number;
  name: string;
  refused: boolean;
  /** Position among the auction's admitted bidders (B1, B2 …), when admitted. */
  number: number | null;
}

/**
 * Registers a bidder with name, address and the signed declaration that he is not an officer or
 * pound-keeper (s. 19). A name matching an active officer or pound-keeper is refused under s. 19 and
 * recorded as refused. Registering the same name again returns the earlier registration.
 */
export async function registerBidder(
  db: Db,
  act: StaffAct,
  input: { caseId: number; name: string; address: string; declarationSigned: boolean },
  now: Date,
): Promise<BidderResult> {
  const name = requireText(input.name, 120);
  const address = requireText(input.address, 300);
  if (!input.declarationSigned) throw new StaffActionError('DECLARATION_REQUIRED', 's. 19');
  const key = normaliseName(name);
  if (!key) throw new StaffActionError('TEXT_REQUIRED');
  return staffTransaction(db, async (tx) => {
    const c = await loadCase(tx, input.caseId);
    requireScope(act, ['OFFICER'], c.poundId);
    const auction = c.auction;
    if (!auction || auction.status !== 'SCHEDULED') throw new StaffActionError('NO_AUCTION', 's. 14');
    const admitted = auction.bidders.filter((b) => !b.refusedSection);
    const same = auction.bidders.find((b) => normaliseName(b.name) === key);
    if (same) {
      const idx = admitted.findIndex((b) => b.id === same.id);
      return { caseNumber: c.number, bidderId: same.id, name: same.name, refused: Boolean(same.refusedSection), number: idx >= 0 ? idx + 1 : null };
    }
    const staff = await tx.staffMember.findMany({ where: { revokedAt: null, role: { in: ['OFFICER', 'POUND_KEEPER'] } }, select: { id: true, name: true, role: true } });
    const match = staff.find((s) => normaliseName(s.name) === key);
    // s. 19: "no officer ... or pound-keeper ... shall, directly or indirectly, purchase".
    const official = match ? isOfficialBuyer({ role: match.role === 'OFFICER' ? 'officer' : 'pound_keeper' }) : false;
    const bidder = await tx.bidder.create({
      data: { auctionId: auction.id, name, address, declarationSigned: true, refusedSection: official ? 's. 19' : null, registeredAt: now },
    });
    await audit(tx, auditActor(act), official ? 'S19_BIDDER_REFUSED' : 'S19_BIDDER_REGISTERED', c.id, {
      bidderId: bidder.id,
      name,
      declarationSigned: true,
      ...(match ? { matchedStaffId: match.id } : {}),
    });
    return { caseNumber: c.number, bidderId: bidder.id, name, refused: official, number: official ? null : admitted.length + 1 };
  });
}

/** Admitted bidders (not refused under s. 19) of an auction, numbered B1, B2 … in registration order. */
export function admittedBidders<B extends { id: number; refusedSection: string | null }>(bidders: readonly B[]): Array<B & { number: number }> {
  return bidders.filter((b) => !b.refusedSection).map((b, i) => ({ ...b, number: i + 1 }));
}
