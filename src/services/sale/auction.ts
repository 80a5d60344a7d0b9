import { isS16Path } from '../../law';
import type { Db } from '../../db';
import { audit } from '../audit';
import {
  caseStateOf,
  loadCaseAs,
  mustAllow,
  mustMayAttempt,
  requireText,
  transition,
  type CaseForLaw,
  caseTransaction,
} from '../case-transition';
import { Refusal } from '../refusal';
import { type StaffActor, authorize } from '../staff';
import { planDeadlines } from '../deadlines';
import { addToOutbox } from '../outbox';
import { queueOwnerSms } from '../sms';

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
export function checkAuctionTime(c: CaseForLaw, act: StaffActor, at: Date, now: Date): void {
  const role = authorize(act, 'auction', c.poundId).lawRole;
  mustAllow(caseStateOf(c), 'SCHEDULE_AUCTION', role, now, { auctionAt: at });
}

/**
 * Checks that the officer may arrange an auction on this case at all (role, pound, status): a first
 * auction, or — s. 14 — a further one for heads left without a bid at the last (case PARTLY_SOLD).
 */
export function checkCanSchedule(c: CaseForLaw, act: StaffActor, now: Date): void {
  const role = authorize(act, 'auction', c.poundId).lawRole;
  checkNotPending(c, now);
  // The time is not known yet: everything but the time (checked when it is given).
  mustMayAttempt(caseStateOf(c), 'SCHEDULE_AUCTION', role, now);
}

/**
 * An auction already fixed and not yet held stands (ALREADY_DONE). Once its time has passed with no sale
 * recorded, no one bid: another day may be fixed (the engine's SCHEDULE_AUCTION from AUCTION_SCHEDULED).
 */
function checkNotPending(c: CaseForLaw, now: Date): void {
  if (c.auction?.status === 'SCHEDULED' && now.getTime() < c.auction.scheduledFor.getTime()) {
    throw new Refusal('ALREADY_DONE', 's. 14', { at: c.auction.scheduledFor.toISOString() });
  }
}

/** True when the case's auction was fixed, its time has passed and no result was recorded: no one bid. */
export function heldWithoutBids(c: Pick<CaseForLaw, 'auction'>, now: Date): boolean {
  return c.auction?.status === 'SCHEDULED' && now.getTime() >= c.auction.scheduledFor.getTime();
}

/** The round the next auction of a case will be (1 for the first). */
export function nextRound(c: Pick<CaseForLaw, 'auctions'>): number {
  return c.auctions.reduce((m, a) => Math.max(m, a.round), 0) + 1;
}
/** Outbox key of a per-round message or broadcast: round 1 keeps the key it always had. */
export function roundJobKey(caseId: number, round: number, suffix: string): string {
  return round <= 1 ? `case:${caseId}:${suffix}` : `case:${caseId}:r${round}:${suffix}`;
}

/**
 * Schedules the public auction (s. 14; s. 16 on the refusal path): refused before the auction-eligible
 * date with s. 14. Broadcasts the auction to subscribers and re-plans the case's deadlines.
 */
export async function scheduleAuction(db: Db, act: StaffActor, input: AuctionInput, now: Date) {
  const place = requireText(input.place, 200);
  const conditions = requireText(input.conditions, 1000);
  const directionRef = requireText(input.directionRef, 100);
  return caseTransaction(db, async (tx) => {
    const { c, who } = await loadCaseAs(tx, act, 'auction', input.caseId);
    const role = who.lawRole;
    checkNotPending(c, now);
    const allowed = mustAllow(caseStateOf(c), 'SCHEDULE_AUCTION', role, now, { auctionAt: input.at });
    const adjourned = heldWithoutBids(c, now) ? c.auction! : null;
    // The auction held without a single bid is closed as such; the heads go to the next round.
    if (adjourned) {
      const closed = await tx.auction.updateMany({
        where: { id: adjourned.id, status: 'SCHEDULED' },
        data: { status: 'CANCELLED', completedAt: now },
      });
      if (closed.count !== 1) throw new Refusal('CONFLICT');
    }
    const round = nextRound(c);
    // (caseId, round) is unique: two officers scheduling at once — the second is a CONFLICT.
    const auction = await tx.auction.create({
      data: {
        caseId: c.id,
        round,
        scheduledFor: input.at,
        place,
        conditions,
        directionRef,
        scheduledByStaffId: who.grant.staffId,
      },
    });
    // The trigger "Auction_is_current" makes this round the case's current auction (Case.auction).
    await transition(tx, c, allowed);
    await audit(tx, who.audit, 'S14_AUCTION_SCHEDULED', c.id, {
      auctionId: auction.id,
      round,
      at: input.at.toISOString(),
      place,
      conditions,
      directionRef,
      s16Path: isS16Path(c),
      headsOffered: c.heads.filter((h) => h.status === 'IMPOUNDED').length,
      ...(adjourned
        ? { adjournedAuctionId: adjourned.id, adjournedFrom: adjourned.scheduledFor.toISOString(), reason: 'no_bids' }
        : {}),
    });
    await addToOutbox(
      tx,
      { name: 'broadcast', payload: { kind: 'auction', caseId: c.id } },
      roundJobKey(c.id, round, 'broadcast:auction'),
      now,
    );
    // Owners who gave a mobile: the day and place, one SMS per round.
    await queueOwnerSms(tx, c.id, 'auction', now, auction.id);
    await planDeadlines(tx, c.id, now);
    return { caseNumber: c.number, auction };
  });
}
