import { poundParams } from '../i18n';
import { computeTimeline, isOfficialBuyer, type TransitionAllowed, isS16Path, s16RefusedAt } from '../law';
import type { Db } from '../db';
import { audit } from './audit';
import {
  caseStateOf,
  loadCase,
  loadCaseAs,
  mustAllow,
  mustMayAttempt,
  requireText,
  transition,
  type CaseForLaw,
  caseTransaction,
} from './case-transition';
import { Refusal } from './refusal';
import { type StaffActor, actorInTx, authorize } from './staff-actor';
import { planDeadlines } from './deadlines';
import { nameKey, nameResemblance, sameName } from './name-match';
import { addToOutbox, queueMessage } from './outbox';
import { ownerChats, staffChats } from './reminders/recipients';
import { cleanPersonName } from './person-name';
import { queueOwnerSms } from './sms/owner-mobile';

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

/**
 * Outbox key of the owner's note that his refusal to pay was recorded (s. 16), in chat `chatId`: the s. 16 account
 * sent to that chat later waits for it (`after`), so the owner reads the two in the order they happened.
 */
export function refusalNoteKey(caseId: number, chatId: string): string {
  return `case:${caseId}:s16-refusal-owner:${chatId}`;
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

/** Checks that this keeper or officer may record the owner's s. 16 refusal on the case now (no writes). */
export function checkCanRecordRefusal(c: CaseForLaw, act: StaffActor, now: Date): TransitionAllowed {
  const role = authorize(act, 'owner.refusal', c.poundId).lawRole;
  const refusedAt = s16RefusedAt(c);
  if (refusedAt) throw new Refusal('ALREADY_DONE', 's. 16', { at: refusedAt.toISOString() });
  return mustAllow(caseStateOf(c), 'REFUSE_TO_PAY', role, now);
}

/**
 * s. 16: the owner or agent appeared and refused or omitted to pay (or deposit). From then on the cattle,
 * or as many as necessary, may be sold without the s. 14 notice period. The pound-keeper (who meets the
 * owner at the pound) or the officer records it; when the keeper does, the pound's officers are told, since
 * the auction is theirs to arrange. Recording it twice keeps the first time.
 */
export async function recordOwnerRefusal(
  db: Db,
  act: StaffActor,
  caseId: number,
  now: Date,
  appeared: { name: string },
) {
  // Who appeared is part of the record: a name as any other person's name typed into the bot.
  const name = cleanPersonName(appeared.name);
  if (!name) throw new Refusal('TEXT_REQUIRED', 's. 16');
  return caseTransaction(db, async (tx) => {
    // The grants as they stand now (not the bot's cached copy): a revoked keeper or officer records nothing.
    act = await actorInTx(tx, act);
    const c = await loadCase(tx, caseId);
    const allowed = checkCanRecordRefusal(c, act, now);
    // The owner is told what was recorded, under which section, and what follows — the first day of sale comes
    // from the engine function that gates it (src/law s16SaleEligible).
    const owners = await ownerChats(tx, c.id);
    const tl = computeTimeline({ impoundedAt: c.impoundedAt, ownerRefusedAt: now });
    if (!tl.ok || !tl.value.s16SaleEligible) throw new Refusal('LAW_ERROR', 's. 16');
    const saleFrom = tl.value.s16SaleEligible.actionableFrom;
    await transition(tx, c, allowed, {
      ownerRefusedAt: now,
      ownerRefusedBy: name,
      ownerToldOfRefusalAt: owners.length ? now : null,
    });
    for (const chatId of owners) {
      await queueMessage(
        tx,
        {
          chatId,
          key: 'officer:refusal_note.to_owner',
          params: {
            number: c.number,
            at: now.toISOString(),
            name,
            saleFrom,
            ...poundParams(c.pound),
          },
          priority: 'personal',
        },
        refusalNoteKey(c.id, chatId),
        now,
      );
    }
    const who = authorize(act, 'owner.refusal', c.poundId);
    await audit(tx, who.audit, 'S16_OWNER_REFUSED', c.id, {
      at: now.toISOString(),
      appeared: name,
      ownersTold: owners.length,
      saleFrom,
    });
    const officers =
      who.role === 'OFFICER'
        ? []
        : (await staffChats(tx, c.poundId, ['OFFICER'])).filter((id) => id !== String(act.telegramId));
    for (const chatId of officers) {
      await queueMessage(
        tx,
        {
          chatId,
          key: 'officer:refusal_note.to_officer',
          params: { number: c.number, at: now.toISOString(), ...poundParams(c.pound) },
          priority: 'official',
          deskEntry: c.id,
        },
        `case:${c.id}:s16-refusal:${chatId}`,
        now,
      );
    }
    await planDeadlines(tx, c.id, now);
    return { caseNumber: c.number, at: now, officersTold: officers.length, ownersTold: owners.length, name, saleFrom };
  });
}

/**
 * A name reduced for identity matching (s. 19 check): either script, honorifics dropped, words sorted —
 * "Shri Sharma, Ramesh", "ramesh  sharma" and "रमेश शर्मा" are the same person (src/services/name-match.ts).
 */
export const normaliseName = nameKey;

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
  act: StaffActor,
  input: { caseId: number; name: string; address: string; declarationSigned: boolean; confirmedNotStaff?: boolean },
  now: Date,
): Promise<BidderResult> {
  const name = requireText(input.name, 120);
  const address = requireText(input.address, 300);
  if (!input.declarationSigned) throw new Refusal('DECLARATION_REQUIRED', 's. 19');
  if (!nameKey(name)) throw new Refusal('TEXT_REQUIRED');
  return caseTransaction(db, async (tx) => {
    const { c, who } = await loadCaseAs(tx, act, 'auction', input.caseId);
    const auction = c.auction;
    if (auction?.status !== 'SCHEDULED') throw new Refusal('NO_AUCTION', 's. 14');
    const admitted = auction.bidders.filter((b) => !b.refusedSection);
    const same = auction.bidders.find((b) => sameName(b.name, name));
    if (same) {
      const idx = admitted.findIndex((b) => b.id === same.id);
      return {
        caseNumber: c.number,
        bidderId: same.id,
        name: same.name,
        refused: Boolean(same.refusedSection),
        number: idx >= 0 ? idx + 1 : null,
      };
    }
    const staff = await tx.staffMember.findMany({
      where: { revokedAt: null, role: { in: ['OFFICER', 'POUND_KEEPER'] } },
      select: { id: true, name: true, role: true },
    });
    // The same person whether the name was enrolled or typed in Devanagari or in Latin letters.
    const match = staff.find((s) => sameName(s.name, name));
    // s. 19: "no officer ... or pound-keeper ... shall, directly or indirectly, purchase".
    const official = match ? isOfficialBuyer({ role: match.role === 'OFFICER' ? 'officer' : 'pound_keeper' }) : false;
    // Initials or a short form of a staff member's name ("S. Kumar" for Suresh Kumar) may be the same person:
    // not admitted until the officer confirms it is someone else (the confirmation is audited).
    const resembles = match ? undefined : staff.find((s) => nameResemblance(name, s.name) === 'short_form');
    if (resembles && input.confirmedNotStaff !== true)
      throw new Refusal('BIDDER_RESEMBLES_STAFF', 's. 19', { name, staff: resembles.name });
    const bidder = await tx.bidder.create({
      data: {
        auctionId: auction.id,
        name,
        address,
        declarationSigned: true,
        refusedSection: official ? 's. 19' : null,
        registeredAt: now,
      },
    });
    await audit(tx, who.audit, official ? 'S19_BIDDER_REFUSED' : 'S19_BIDDER_REGISTERED', c.id, {
      bidderId: bidder.id,
      name,
      declarationSigned: true,
      ...(match ? { matchedStaffId: match.id } : {}),
      ...(resembles ? { resembledStaffId: resembles.id, confirmedNotStaffBy: String(act.telegramId) } : {}),
    });
    return {
      caseNumber: c.number,
      bidderId: bidder.id,
      name,
      refused: official,
      number: official ? null : admitted.length + 1,
    };
  });
}

/** Admitted bidders (not refused under s. 19) of an auction, numbered B1, B2 … in registration order. */
export function admittedBidders<B extends { id: number; refusedSection: string | null }>(
  bidders: readonly B[],
): Array<B & { number: number }> {
  return bidders.filter((b) => !b.refusedSection).map((b, i) => ({ ...b, number: i + 1 }));
}
