// The demo cases taken through every step that produces a document, on the real services (used by the
// documents tests, `npm run docs:render` and the bench). Dates are fixed so the documents are reproducible.
import { randomUUID } from 'node:crypto';
import type { Config } from '../src/config';
import { type Db, paiseOf } from '../src/db';
import { seedDemo } from '../src/db/seed';
import type { DocumentRef } from '../src/documents';
import { monthRange } from '../src/documents/returns';
import { addDays } from '../src/law';
import { loadGrants, loadStaffActor, staffActorOf, type StaffActor } from '../src/services/staff';
import { recordClaim } from '../src/services/claims';
import { confirmRemittance, recordSplit, scheduleAuction, registerBidder, recordSale } from '../src/services/sale';
import { auctionEligibleOf, recordNotice } from '../src/services/notice';
import { confirmPayment, declarePayment } from '../src/services/payments';
import { releaseCattle } from '../src/services/release';

/** The seed's "now": 20 Nov 2026, 10:00 IST (penalties, Act 8 of 2026; the October feeding rates). */
export const DEMO_START = new Date('2026-11-20T10:00:00+05:30');
export const KEEPER = 8701;
export const OFFICER = 8702;
export const OWNER = 8801;
export const DEPOSITOR = 8802;

const hours = (d: Date, h: number) => new Date(d.getTime() + h * 3_600_000);
const at = (day: string, hm: string) => new Date(`${day}T${hm}:00+05:30`);

async function staff(db: Db, telegramUserId: number, role: 'POUND_KEEPER' | 'OFFICER', pounds: string[], name: string) {
  const id = BigInt(telegramUserId);
  await db.telegramUser.upsert({ where: { id }, create: { id, firstName: name }, update: {} });
  const code = await db.enrolmentCode.create({
    data: {
      codeHash: `demo-${randomUUID()}`,
      role,
      poundCodes: pounds,
      name,
      expiresAt: new Date(Date.now() + 86_400_000),
      usedAt: new Date(),
    },
  });
  const rows = await db.pound.findMany({ where: { code: { in: pounds } } });
  const s = await db.staffMember.create({
    data: {
      telegramUserId: id,
      role,
      name,
      enrolmentCodeId: code.id,
      pounds: { create: rows.map((p) => ({ poundId: p.id })) },
    },
    include: { pounds: true },
  });
  return s;
}

/** A demo case (seedDemo) found by its place of seizure. */
function demoCase(db: Db, place: string) {
  return db.case.findFirstOrThrow({ where: { placeOfSeizure: place }, include: { heads: true } });
}

export interface DocumentCases {
  /** Every document of the demo cases, with a short label (the PNG folder's file names). */
  refs: Array<{ label: string; ref: DocumentRef }>;
  s13: {
    caseId: number;
    caseNumber: string;
    receiptId: number;
    amountPaise: number;
    receiptNumber: string;
    code: string;
  };
  s15: { caseId: number; receiptId: number; amountPaise: number };
  sale: { caseId: number; caseNumber: string; proceedsPaise: number; poundId: number; month: string; auctionAt: Date };
  unposted: { caseId: number; caseNumber: string };
}

/**
 * Seeds the demo district and takes its cases through the flows' services:
 * Kunda (JAI1): s. 13 payment confirmed by the keeper, cattle released (receipt, release slip);
 * Samod (JAI2): s. 15 deposit under protest confirmed (receipt);
 * Nangal (JAI1): s. 14 notice and both proclamations, auction, sale, s. 16 account, s. 17 division and
 * remittances (notice, proclamation, account, remittance statement, register extract);
 * Loni Kalbhor (PUN1): unclaimed, notice not yet posted (the notice as the s. 14 report sends it).
 */
export async function buildDocumentCases(
  db: Db,
  config: Pick<Config, 'BOT_TOKEN' | 'WEBHOOK_SECRET'>,
): Promise<DocumentCases> {
  const now = DEMO_START;
  await seedDemo(db, now, { photos: true });
  const keeper = await staff(db, KEEPER, 'POUND_KEEPER', ['JAI1', 'JAI2'], 'Suresh Kumar');
  const officerRow = await staff(db, OFFICER, 'OFFICER', ['JAI1'], 'Vikram Singh Rathore');
  void officerRow;
  const officer: StaffActor = await loadStaffActor(db, { telegramId: BigInt(OFFICER), chatId: OFFICER, messageId: 1 });
  const grants = await loadGrants(db, BigInt(KEEPER));
  const via = (messageId: number) => ({ telegramId: BigInt(KEEPER), chatId: KEEPER, messageId });
  void keeper;

  // Kunda: s. 13.
  const kunda = await demoCase(db, 'Kunda');
  await db.telegramUser.create({ data: { id: BigInt(OWNER), firstName: 'Ramesh' } });
  const claim = await recordClaim(db, {
    caseId: kunda.id,
    kind: 'S13_CLAIM',
    telegramUserId: BigInt(OWNER),
    claimantName: 'Ramesh Gurjar',
    isAgent: false,
    ownerName: 'Ramesh Gurjar',
  });
  const d = await declarePayment(
    { db, config },
    {},
    {
      claimId: claim.id,
      telegramUserId: BigInt(OWNER),
      method: 'CASH',
      amountPaise: null,
      upiRef: null,
      now: hours(now, 1),
    },
  );
  if (d.kind !== 'declared') throw new Error(`demo s. 13 declaration: ${d.kind}`);
  const c13 = await confirmPayment(db, {
    paymentId: d.paymentId,
    actor: staffActorOf(grants, via(11)),
    now: hours(now, 2),
    botUsername: 'demo',
  });
  if (c13.status !== 'confirmed') throw new Error(`demo s. 13 confirmation: ${c13.status}`);
  const rel = await releaseCattle(db, {
    caseNumber: kunda.number,
    actor: staffActorOf(grants, via(12)),
    now: hours(now, 3),
  });
  if (rel.status !== 'released') throw new Error(`demo release: ${rel.status}`);
  const r13 = await db.receipt.findUniqueOrThrow({ where: { paymentId: d.paymentId } });

  // Samod: s. 15.
  const samod = await demoCase(db, 'Samod');
  await db.telegramUser.create({ data: { id: BigInt(DEPOSITOR), firstName: 'Kailash' } });
  const claim15 = await recordClaim(db, {
    caseId: samod.id,
    kind: 'S15_PROTEST',
    telegramUserId: BigInt(DEPOSITOR),
    claimantName: 'Kailash Meena',
    isAgent: false,
    ownerName: 'Kailash Meena',
    intendsComplaint: true,
  });
  const d15 = await declarePayment(
    { db, config },
    {},
    {
      claimId: claim15.id,
      telegramUserId: BigInt(DEPOSITOR),
      method: 'UPI',
      amountPaise: null,
      upiRef: 'UTR4455667788',
      now: hours(now, 1),
    },
  );
  if (d15.kind !== 'declared') throw new Error(`demo s. 15 declaration: ${d15.kind}`);
  const c15 = await confirmPayment(db, {
    paymentId: d15.paymentId,
    actor: staffActorOf(grants, via(13)),
    now: hours(now, 2),
    botUsername: 'demo',
  });
  if (c15.status !== 'confirmed') throw new Error(`demo s. 15 confirmation: ${c15.status}`);
  const r15 = await db.receipt.findUniqueOrThrow({ where: { paymentId: d15.paymentId } });

  // Nangal: s. 14 all the way to the s. 17 remittances.
  const nangal = await demoCase(db, 'Nangal');
  const posted = hours(now, 1);
  await recordNotice(
    db,
    officer,
    {
      caseId: nangal.id,
      postedAt: posted,
      village: { place: 'Nangal', at: hours(now, 2) },
      market: { place: 'Chomu Haat', at: hours(now, 5) },
    },
    hours(now, 6),
  );
  const after = await db.case.findUniqueOrThrow({ where: { id: nangal.id } });
  const eligible = auctionEligibleOf(after)!;
  const auctionAt = at(eligible.actionableFrom, '11:00');
  await scheduleAuction(
    db,
    officer,
    {
      caseId: nangal.id,
      at: auctionAt,
      place: 'Chomu pound yard',
      conditions: 'Cash on the fall of the hammer; the buyer removes the animal the same day',
      directionRef: 'DM/JPR/27/2026',
    },
    hours(now, 24),
  );
  const bidder = await registerBidder(
    db,
    officer,
    { caseId: nangal.id, name: 'Gopal Meena', address: 'Kunda', declarationSigned: true },
    hours(auctionAt, -0.5),
  );
  const price = 12_500_000; // ₹1,25,000.00
  await recordSale(
    db,
    officer,
    {
      caseId: nangal.id,
      bids: nangal.heads.map((h) => ({ headId: h.id, bidderId: bidder.bidderId, pricePaise: price })),
      saleExpensesPaise: 50_000,
      ownerPresentAndSigned: false,
    },
    hours(auctionAt, 1),
  );
  await recordSplit(db, officer, nangal.id, hours(auctionAt, 24));
  await confirmRemittance(db, officer, nangal.id, 'FINES_TO_MAGISTRATE', hours(auctionAt, 26));
  await confirmRemittance(db, officer, nangal.id, 'FEEDING_TO_POUND_KEEPER', hours(auctionAt, 26));
  await confirmRemittance(db, officer, nangal.id, 'SURPLUS_TO_MAGISTRATE', hours(auctionAt, 27));
  const month = eligible.actionableFrom.slice(0, 7);
  const range = monthRange(month);

  const loni = await demoCase(db, 'Loni Kalbhor');
  const refs: DocumentCases['refs'] = [
    { label: `notice-${nangal.number}`, ref: { kind: 'notice', caseId: nangal.id } },
    { label: `proclamation-${nangal.number}`, ref: { kind: 'proclamation', caseId: nangal.id } },
    { label: `notice-unposted-${loni.number}`, ref: { kind: 'notice', caseId: loni.id } },
    { label: `receipt-s13-${r13.number}`, ref: { kind: 'receipt', receiptId: r13.id } },
    { label: `receipt-s15-${r15.number}`, ref: { kind: 'receipt', receiptId: r15.id } },
    { label: `release-${kunda.number}`, ref: { kind: 'release', caseId: kunda.id } },
    { label: `account-${nangal.number}`, ref: { kind: 'account', caseId: nangal.id } },
    { label: `remittance-JAI1-${month}`, ref: { kind: 'remittance', poundId: nangal.poundId, month } },
    {
      label: `register-JAI1-${month}`,
      ref: { kind: 'register', poundId: nangal.poundId, from: range.first, to: addDays(range.next, -1) },
    },
  ];
  return {
    refs,
    s13: {
      caseId: kunda.id,
      caseNumber: kunda.number,
      receiptId: r13.id,
      amountPaise: paiseOf(r13.amountPaise),
      receiptNumber: r13.number,
      code: r13.verificationCode,
    },
    s15: { caseId: samod.id, receiptId: r15.id, amountPaise: paiseOf(r15.amountPaise) },
    sale: {
      caseId: nangal.id,
      caseNumber: nangal.number,
      proceedsPaise: price,
      poundId: nangal.poundId,
      month,
      auctionAt,
    },
    unposted: { caseId: loni.id, caseNumber: loni.number },
  };
}
