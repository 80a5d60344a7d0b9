import type { CoreDeps } from '../deps';
import { toIstDate } from '../law';
import type { DbReader } from './dues';
import { caseCard, type CaseCard } from './case-card';
import { caseNumberKey, parseCaseNumber } from './cases';
import { windowsFromConfig } from './dues';
import type { NextDeadline } from './next-deadline';
import { auctionEligibleOf, headsTheNoticeReports } from './notice';
import { photoGroups } from './photo-groups';

/**
 * The public case page's read model (GET /c/<number>, src/http/case-page.ts): what the s. 14 notice makes public —
 * the number and description of the cattle with their photos, the place of seizure, the pound (the place of
 * impounding) and when they were brought in, the notice's dates and the auction — and nothing of who claimed, paid,
 * deposited or complained: a claim, a payment or a deposit under protest is the owner's business, not the public's.
 * Null for a number that is malformed or names no case — the page cannot tell them apart, so neither can a visitor.
 *
 * It stays up while any head is in the pound or an auction is fixed, and PUBLIC_DAYS_AFTER_CUSTODY days after the
 * last head left (released, sold, disposed of); after that the page and its photos answer 410 Gone.
 */

/**
 * How long the page and its photos stay public after the last head left the pound. The notice's purpose (that the
 * owner learns where his cattle are and claims them before the s. 14 auction) ends when they leave; a month lets
 * whoever saw the notice, the slip's QR code or the drum proclamation late learn that the cattle are gone, and covers
 * the s. 20 complaint window (10 days from the seizure) and the time to deliver the s. 16 account. The s. 17
 * surplus (held three months) is claimed from the District Magistrate, not through this page.
 */
export const PUBLIC_DAYS_AFTER_CUSTODY = 30;

/** The case's state as the public may know it (never a claim, payment or deposit). */
export type PublicStatus = 'in_pound' | 'notice' | 'auction' | 'partly_sold' | 'sold' | 'left';

/** One group of the cattle with its photo's public name (null: no photo kept). */
export interface PublicGroup {
  cattleClass: string;
  description: string;
  count: number;
  photoKey: string | null;
}

export interface PublicCaseView {
  number: string;
  pound: CaseCard['pound'];
  placeOfSeizure: string;
  impoundedAt: Date;
  status: PublicStatus;
  headCount: number;
  inPound: number;
  groups: PublicGroup[];
  /** The s. 14 notice: when it was posted, and the first day of sale it announces (null: not posted). */
  notice: { postedOn: string; auctionFrom: string | null } | null;
  auction: { scheduledFor: Date; place: string } | null;
  /** The statute's next date while the cattle wait for their owner: claim by, or the auction's first day. */
  next: Extract<NextDeadline, { kind: 'claim_by' | 'report_due' | 'auction_from' }> | null;
}

export type PublicCase = { gone: false; view: PublicCaseView } | { gone: true; number: string };

/** The public facts of a case at `now` (or that its time is over); null when there is no such case. */
export async function publicCase(
  deps: Pick<CoreDeps, 'db' | 'clock' | 'config'>,
  typed: string,
): Promise<PublicCase | null> {
  const parsed = parseCaseNumber(typed);
  if (!parsed) return null;
  const now = deps.clock.now();
  const card = await caseCard(deps.db, { number: parsed }, null, now, windowsFromConfig(deps.config));
  if (!card) return null;
  if (await pastRetention(deps.db, card, now)) return { gone: true, number: card.number };
  const heads = await deps.db.head.findMany({
    where: { caseId: card.id },
    orderBy: { index: 'asc' },
    select: {
      id: true,
      status: true,
      cattleClass: true,
      description: true,
      photoId: true,
      photo: { select: { publicKey: true, status: true } },
    },
  });
  // The heads the printed notice reports (not those an owner took home), and only their photos.
  const reported = headsTheNoticeReports(heads);
  const keyOf = new Map(
    reported.flatMap((h) => (h.photo?.status === 'STORED' ? [[h.photoId, h.photo.publicKey]] : [])),
  );
  const groups = photoGroups(reported).map((g) => ({
    cattleClass: g.cattleClass,
    description: g.description,
    count: g.count,
    photoKey: (g.photoId !== null && keyOf.get(g.photoId)) || null,
  }));
  const inPound = card.heads.filter((h) => h.status === 'IMPOUNDED').length;
  const sold = card.heads.some((h) => h.status === 'SOLD');
  const auction = card.auction?.status === 'SCHEDULED' ? card.auction : null;
  const status: PublicStatus = auction
    ? 'auction'
    : inPound > 0
      ? sold
        ? 'partly_sold'
        : card.noticePostedAt
          ? 'notice'
          : 'in_pound'
      : sold
        ? 'sold'
        : 'left';
  const next = card.next;
  return {
    gone: false,
    view: {
      number: card.number,
      pound: card.pound,
      placeOfSeizure: card.placeOfSeizure,
      impoundedAt: card.impoundedAt,
      status,
      headCount: reported.length,
      inPound,
      groups,
      notice: card.noticePostedAt
        ? { postedOn: toIstDate(card.noticePostedAt), auctionFrom: auctionEligibleOf(card)?.actionableFrom ?? null }
        : null,
      auction: auction ? { scheduledFor: auction.scheduledFor, place: auction.place } : null,
      next:
        inPound > 0 && next && (next.kind === 'claim_by' || next.kind === 'report_due' || next.kind === 'auction_from')
          ? next
          : null,
    },
  };
}

/**
 * Whether the case left the public PUBLIC_DAYS_AFTER_CUSTODY days ago: no head in the pound, no auction fixed, and
 * the last head left (a release, the auction's end, the case's closing) that long before `now`.
 */
async function pastRetention(
  db: DbReader,
  card: { id: number; heads: ReadonlyArray<{ status: string }>; auction: { status: string } | null },
  now: Date,
): Promise<boolean> {
  if (card.heads.some((h) => h.status === 'IMPOUNDED') || card.auction?.status === 'SCHEDULED') return false;
  const c = await db.case.findUnique({
    where: { id: card.id },
    select: {
      closedAt: true,
      releases: { select: { releasedAt: true }, orderBy: { releasedAt: 'desc' }, take: 1 },
      auctions: {
        select: { completedAt: true },
        where: { completedAt: { not: null } },
        orderBy: { completedAt: 'desc' },
        take: 1,
      },
      orders: { select: { recordedAt: true }, orderBy: { recordedAt: 'desc' }, take: 1 },
    },
  });
  const left = [c?.closedAt, c?.releases[0]?.releasedAt, c?.auctions[0]?.completedAt, c?.orders[0]?.recordedAt]
    .filter((d): d is Date => d instanceof Date)
    .reduce<number | null>((a, d) => (a === null || d.getTime() > a ? d.getTime() : a), null);
  // No date of leaving recorded (an entry made before they were kept): the page stays up rather than guess.
  if (left === null) return false;
  return now.getTime() >= left + PUBLIC_DAYS_AFTER_CUSTODY * 86_400_000;
}

/** What the photo route answers: the bytes, 404 (not a photo the page shows now) or 410 (the case's time is over). */
export type PublicPhoto = { bytes: Buffer; contentType: string } | 'gone' | null;

/**
 * One photo of the page: only a stored photo the page shows now (a group's current photo of that very case), by its
 * random public name. An owner's claim photo, a replaced photo, another case's photo or a guessed name: null (404).
 */
export async function publicCasePhoto(
  deps: Pick<CoreDeps, 'db' | 'clock' | 'config'>,
  typed: string,
  key: string,
): Promise<PublicPhoto> {
  const parsed = parseCaseNumber(typed);
  if (!parsed || !/^[0-9a-f]{32}$/.test(key)) return null;
  // The case's heads and auction round only: what retention and the notice's heads need (no card, no dues).
  const c = await deps.db.case.findUnique({
    where: { numberKey: caseNumberKey(parsed) },
    select: { id: true, heads: { select: { id: true, status: true } }, auction: { select: { status: true } } },
  });
  if (!c) return null;
  if (await pastRetention(deps.db, c, deps.clock.now())) return 'gone';
  const p = await deps.db.photo.findFirst({
    where: { publicKey: key, caseId: c.id, status: 'STORED', heads: { some: { caseId: c.id } } },
    select: { bytes: true, contentType: true, heads: { select: { id: true } } },
  });
  // Served only while the page shows it: the current photo of a head the notice reports.
  const reported = new Set(headsTheNoticeReports(c.heads).map((h) => h.id));
  if (!p?.heads.some((h) => reported.has(h.id))) return null;
  if (!p.bytes || (p.contentType !== 'image/jpeg' && p.contentType !== 'image/png')) return null;
  return { bytes: Buffer.from(p.bytes), contentType: p.contentType };
}
