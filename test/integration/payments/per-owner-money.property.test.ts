import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig } from '../../../src/config';
import { paiseOf } from '../../../src/db';
import { scheduleAuction, registerBidder, recordSplit, splitOfCase, recordSale } from '../../../src/services/sale';
import { recordClaim } from '../../../src/services/claims';
import { recordDepositOutcome, recordPartDepositOutcome } from '../../../src/services/deposit-outcome';
import { recordNotice } from '../../../src/services/notice';
import { setClaimHeads } from '../../../src/services/part-claim';
import { confirmPayment, declarePayment } from '../../../src/services/payments';
import { releaseCattle } from '../../../src/services/release';
import type { StaffActor } from '../../../src/services/staff';
import { actAs, ist } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { createTestDatabase, type TestDatabase } from '../../support/db';
import { seed } from '../../support/fixtures';

const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST' });

/**
 * Per-owner conservation of money, through the services on PGlite. Random register
 * entries of 2–6 heads split among 1–4 owners; each owner, on his own day within the claim period, claims his heads
 * and pays (s. 13), or deposits under protest (s. 15) with the Magistrate's outcome "apply" or "refund", or stays
 * away; the heads left go to a s. 14 auction on 17 Nov (some may get no bid). Then, computed by hand from the rate
 * tables (no engine call):
 *  - each paying owner's OWNER_PAYMENT is Σ over HIS heads of (fine + days × feeding rate), and its s. 17 division is
 *    exactly those fines to the Magistrate and that feeding to the keeper;
 *  - each depositor's OWNER_DEPOSIT is the same sum; "refund" returns it whole, "apply" divides it the same way;
 *  - the auction deducts the dues of the heads still in the pound only (never a head its owner took home), and the
 *    rounds' parts add up to the bids; all sold → the recorded s. 17 split adds up to the proceeds;
 *  - per case: the ledger has exactly these entries (with the sale's SALE_PROCEEDS), nothing twice; every head is released or sold once, or is
 *    still in the pound without a bid.
 * Seed rates (src/db/seed.ts), impounded 1 Nov 2026 10:00 IST: s. 12 scale of 1 June 2026, s. 5 rates of 1 Oct 2026.
 */
const FINE: Record<string, number> = { cow: 10000, buffalo: 20000, goat: 4000 };
const FEED: Record<string, number> = { cow: 7000, buffalo: 9000, goat: 3000 };
/** Hand rule: one head's dues on the n-th India day of its stay (both ends counted). */
const headDues = (cls: string, days: number) => ({ fine: FINE[cls]!, feeding: days * FEED[cls]! });
const RUNS = Number(process.env.PER_OWNER_RUNS ?? 15);

type Act = 's13' | 's15apply' | 's15refund' | 'absent';
const scenario = fc.record({
  heads: fc.array(
    fc.record({ cls: fc.constantFrom('cow', 'buffalo', 'goat'), owner: fc.integer({ min: 0, max: 3 }) }),
    { minLength: 2, maxLength: 6 },
  ),
  acts: fc.array(fc.constantFrom<Act>('s13', 's15apply', 's15refund', 'absent'), { minLength: 4, maxLength: 4 }),
  /** Day of November each owner comes (2–7: within the claim period and the s. 20 window). */
  days: fc.array(fc.integer({ min: 2, max: 7 }), { minLength: 4, maxLength: 4 }),
  /** Per head: a bid at the auction (a multiple of ₹20,000: more than the dues of six buffaloes and the expenses) or none. */
  bids: fc.array(fc.option(fc.integer({ min: 1, max: 9 }), { nil: null, freq: 3 }), { minLength: 6, maxLength: 6 }),
  expenses: fc.integer({ min: 0, max: 20000 }),
});

describe('per-owner money conservation over random multi-owner entries (PGlite, services)', () => {
  let t: TestDatabase;
  let keeper: StaffActor;
  let officer: StaffActor;
  let magistrate: StaffActor;
  let nextOwner = 880_000n;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    await seed(t.prisma, ist('2026-11-01 09:00'));
    keeper = await actAs(t.prisma, 8801, 'POUND_KEEPER', ['JAI1']);
    officer = await actAs(t.prisma, 8802, 'OFFICER', ['JAI1']);
    magistrate = await actAs(t.prisma, 8803, 'MAGISTRATE', ['JAI1']);
  }, 60_000);
  afterAll(() => t?.destroy());

  it('no paisa created or lost, per owner and per case', async () => {
    /** The paths the runs went through (the fixed seed must cover each, or the property proves less than it says). */
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const db = t.prisma;
        const c = await caseFixture(db, {
          pound: 'JAI1',
          impoundedAt: '2026-11-01T10:00:00+05:30',
          place: 'Kunda',
          heads: s.heads.map((h, i) => [h.cls, `head ${i + 1}`] as [string, string]),
        }).build();
        const owners = [...new Set(s.heads.map((h) => h.owner))].map((o) => ({
          o,
          act: s.acts[o]!,
          day: s.days[o]!,
          heads: c.heads.filter((_, i) => s.heads[i]!.owner === o),
        }));
        owners.sort((a, b) => a.day - b.day || a.o - b.o);
        const expected: Array<{ account: string; paise: number }> = [];

        for (const w of owners) {
          if (w.act === 'absent') continue;
          const at = ist(`2026-11-0${w.day} 11:00`);
          const days = w.day; // 1 Nov … w.day Nov, both counted
          const fine = w.heads.reduce((sum, h) => sum + headDues(h.cattleClass, days).fine, 0);
          const feeding = w.heads.reduce((sum, h) => sum + headDues(h.cattleClass, days).feeding, 0);
          const user = nextOwner++;
          await db.telegramUser.create({ data: { id: user, firstName: 'Owner' } });
          const deposit = w.act !== 's13';
          const claim = await recordClaim(db, {
            caseId: c.id,
            kind: deposit ? 'S15_PROTEST' : 'S13_CLAIM',
            telegramUserId: user,
            claimantName: 'Owner',
            isAgent: false,
            ownerName: 'Owner',
            intendsComplaint: deposit,
          });
          await setClaimHeads(
            db,
            claim.id,
            w.heads.map((h) => h.id),
          );
          const d = await declarePayment(
            { db, config },
            {},
            { claimId: claim.id, telegramUserId: user, method: 'CASH', amountPaise: null, upiRef: null, now: at },
          );
          if (d.kind !== 'declared') throw new Error(`declaration: ${JSON.stringify(d)}`);
          expect(d.duesPaise).toBe(fine + feeding);
          const done = await confirmPayment(db, { paymentId: d.paymentId, actor: keeper, now: at, botUsername: 'bot' });
          expect(done.status).toBe('confirmed');
          // Replayed: nothing more.
          expect(
            (await confirmPayment(db, { paymentId: d.paymentId, actor: keeper, now: at, botUsername: 'bot' })).status,
          ).toBe('already');
          const p = await db.payment.findUniqueOrThrow({ where: { id: d.paymentId } });
          seen.add(`${p.part ? 'part' : 'whole'}:${w.act}`);
          if (!p.part) {
            // The last heads in the pound: the case's own path, released by the keeper.
            expect((await releaseCattle(db, { caseNumber: c.number, actor: keeper, now: at })).status).toBe('released');
          }
          expected.push({ account: deposit ? 'OWNER_DEPOSIT' : 'OWNER_PAYMENT', paise: fine + feeding });
          if (!deposit) {
            expected.push({ account: 'DISTRICT_MAGISTRATE', paise: fine }, { account: 'POUND_KEEPER', paise: feeding });
            continue;
          }
          const outcome = w.act === 's15apply' ? 'apply' : 'refund';
          const ref = `DM/${c.id}/${p.id}`;
          if (p.part)
            await recordPartDepositOutcome(db, magistrate, { paymentId: p.id, outcome, orderReference: ref }, at);
          else await recordDepositOutcome(db, magistrate, { caseId: c.id, outcome, orderReference: ref }, at);
          if (outcome === 'refund') expected.push({ account: 'DEPOSIT_REFUND', paise: fine + feeding });
          else
            expected.push({ account: 'DISTRICT_MAGISTRATE', paise: fine }, { account: 'POUND_KEEPER', paise: feeding });
        }

        // s. 14: the heads left (the absent owners') are reported, noticed and auctioned on 17 Nov.
        const left = await db.head.findMany({
          where: { caseId: c.id, status: 'IMPOUNDED' },
          orderBy: { index: 'asc' },
        });
        let soldIds: number[] = [];
        if (left.length > 0) {
          await recordNotice(
            db,
            officer,
            {
              caseId: c.id,
              postedAt: ist('2026-11-09 11:00'),
              village: { place: 'Kunda', at: ist('2026-11-09 12:00') },
              market: { place: 'Amer Haat', at: ist('2026-11-09 16:00') },
            },
            ist('2026-11-09 17:00'),
          );
          await scheduleAuction(
            db,
            officer,
            {
              caseId: c.id,
              at: ist('2026-11-17 11:00'),
              place: 'Pound yard',
              conditions: 'Cash',
              directionRef: 'DM/JPR/12/2026',
            },
            ist('2026-11-10 10:00'),
          );
          const bidder = await registerBidder(
            db,
            officer,
            { caseId: c.id, name: 'Gopal Meena', address: 'Kunda', declarationSigned: true },
            ist('2026-11-17 10:31'),
          );
          const bids = left.map((h, i) => ({ head: h, price: s.bids[i] ?? null })).filter((b) => b.price !== null);
          if (bids.length === 0) bids.push({ head: left[0]!, price: 5 });
          soldIds = bids.map((b) => b.head.id);
          const proceeds = bids.reduce((sum, b) => sum + b.price! * 2_000_000, 0);
          const out = await recordSale(
            db,
            officer,
            {
              caseId: c.id,
              bids: bids.map((b) => ({
                headId: b.head.id,
                bidderId: bidder.bidderId,
                pricePaise: b.price! * 2_000_000,
              })),
              saleExpensesPaise: s.expenses,
              ownerPresentAndSigned: false,
            },
            ist('2026-11-17 12:00'),
          );
          // Deducted: the dues of the heads in the pound on the sale day (17 days), never a head taken home.
          const fine = left.reduce((sum, h) => sum + headDues(h.cattleClass, 17).fine, 0);
          const feeding = left.reduce((sum, h) => sum + headDues(h.cattleClass, 17).feeding, 0);
          expect(out.sale.account.c_finesAndCharges).toMatchObject({ finePaise: fine, feedingPaise: feeding });
          expect(out.sale.account.e_proceedsPaise).toBe(proceeds);
          expected.push({ account: 'SALE_PROCEEDS', paise: proceeds });
          const split = await splitOfCase(db, c.id);
          expect(split.proceedsPaise).toBe(proceeds);
          expect(split.lines.reduce((sum, l) => sum + l.amountPaise, 0)).toBe(proceeds);
          seen.add(bids.length === left.length ? 'sale:all-sold' : 'sale:some-unsold');
          if (bids.length === left.length) {
            await recordSplit(db, officer, c.id, ist('2026-11-18 10:00'));
            expected.push(
              ...(s.expenses > 0 ? [{ account: 'SALE_EXPENSES', paise: s.expenses }] : []),
              { account: 'DISTRICT_MAGISTRATE', paise: fine },
              { account: 'POUND_KEEPER', paise: feeding },
              { account: 'MAGISTRATE_DEPOSIT', paise: proceeds - s.expenses - fine - feeding },
            );
          }
        }

        // The ledger holds exactly the expected entries (as a multiset), nothing twice, nothing lost.
        const ledger = (await db.ledgerEntry.findMany({ where: { caseId: c.id } })).map((e) => ({
          account: e.account as string,
          paise: paiseOf(e.amountPaise),
        }));
        const key = (e: { account: string; paise: number }) => `${e.account}:${e.paise}`;
        expect(ledger.map(key).sort()).toEqual(expected.map(key).sort());
        // Heads: released once on their owner's claim, sold once, or still in the pound without a bid.
        const heads = await db.head.findMany({ where: { caseId: c.id }, orderBy: { index: 'asc' } });
        heads.forEach((h, i) => {
          const owner = owners.find((w) => w.o === s.heads[i]!.owner)!;
          const want = owner.act !== 'absent' ? 'RELEASED' : soldIds.includes(h.id) ? 'SOLD' : 'IMPOUNDED';
          expect(h.status).toBe(want);
        });
        const released = await db.release.findMany({ where: { caseId: c.id } });
        expect(released.reduce((sum, r) => sum + r.headCount, 0)).toBe(
          heads.filter((h) => h.status === 'RELEASED').length,
        );
      }),
      { numRuns: RUNS, seed: Number(process.env.PER_OWNER_SEED ?? 20261201) },
    );
    for (const path of [
      'part:s13',
      'part:s15apply',
      'part:s15refund',
      'whole:s13',
      'sale:all-sold',
      'sale:some-unsold',
    ])
      expect([...seen]).toContain(path);
  }, 240_000);
});
