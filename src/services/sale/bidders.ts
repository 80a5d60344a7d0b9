import { isOfficialBuyer } from '../../law';
import type { Db } from '../../db';
import { audit } from '../audit';
import { loadCaseAs, requireText, caseTransaction } from '../case-transition';
import { Refusal } from '../refusal';
import type { StaffActor } from '../staff';
import { nameKey, nameResemblance, sameName } from '../name-match';

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
