import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paiseOf } from '../../../src/db';
import { sumPaise, toIstDate } from '../../../src/law';
import {
  cashBook,
  KEEPER_ACCOUNTS,
  periodDays,
  RECEIVED_ACCOUNTS,
  TREASURY_ACCOUNTS,
} from '../../../src/services/desk';
import { postLedger } from '../../../src/services/ledger';
import { ist } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { createTestDatabase, type TestDatabase } from '../../support/db';
import { seed } from '../../support/fixtures';

/**
 * The cash book equals the ledger to the paisa. Random days of November 2026 at two pounds: owners' s. 13 payments
 * divided under s. 17 (fines to the Magistrate, feeding to the keeper), s. 15 deposits, s. 14 / s. 16 sales with
 * their division and expenses, deposit refunds, and s. 17 remittances confirmed, at random hours of the India day
 * (the small hours and the last minutes too: the book's day is India's). Then for every day of the month and for the
 * month: what the book says was received by section, due to the treasury and to the keeper, other, and remitted is
 * what the ledger and the remittances hold for that India day, read back row by row; every ledger line is in one
 * bucket; the other pound's money is in none.
 */
const RUNS = Number(process.env.CASH_BOOK_RUNS ?? 12);

type Move = 's13' | 's15' | 'sale14' | 'sale16' | 'refund' | 'remit';
const move = fc.record({
  kind: fc.constantFrom<Move>('s13', 's15', 'sale14', 'sale16', 'refund', 'remit'),
  day: fc.integer({ min: 1, max: 30 }),
  minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  paise: fc.integer({ min: 1, max: 5_000_000 }),
  share: fc.integer({ min: 0, max: 100 }),
  other: fc.boolean(),
});

describe('cash book = ledger over random days (PGlite)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    await seed(t.prisma, ist('2026-10-01 09:00'));
  }, 60_000);
  afterAll(() => t?.destroy());

  it('received, due, other and remitted equal the ledger of each India day and of the month', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 25 }), async (moves) => {
        const db = t.prisma;
        run++;
        const [mine, other] = await Promise.all(
          ['JAI1', 'JAI2'].map((pound) =>
            caseFixture(db, {
              pound,
              impoundedAt: '2026-10-30T10:00:00+05:30',
              place: 'Kunda',
              heads: [['cow', 'white cow']],
            }).build(),
          ),
        );
        const remitted = new Set<string>();
        for (const [i, m] of moves.entries()) {
          const c = m.other ? other! : mine!;
          const at = new Date(ist(`2026-11-${String(m.day).padStart(2, '0')} 00:00`).getTime() + m.minute * 60_000);
          const part = Math.floor((m.paise * m.share) / 100);
          const key = (s: string) => `prop:${run}:${i}:${s}`;
          switch (m.kind) {
            case 's13':
              await postLedger(db, c.id, at, [
                { account: 'OWNER_PAYMENT', amountPaise: m.paise, section: 's. 13', idempotencyKey: key('paid') },
                { account: 'DISTRICT_MAGISTRATE', amountPaise: part, section: 's. 17', idempotencyKey: key('dm') },
                { account: 'POUND_KEEPER', amountPaise: m.paise - part, section: 's. 17', idempotencyKey: key('pk') },
              ]);
              break;
            case 's15':
              await postLedger(db, c.id, at, [
                { account: 'OWNER_DEPOSIT', amountPaise: m.paise, section: 's. 15', idempotencyKey: key('dep') },
              ]);
              break;
            case 'sale14':
            case 'sale16': {
              const section = m.kind === 'sale14' ? 's. 14' : 's. 16';
              await postLedger(db, c.id, at, [
                { account: 'SALE_PROCEEDS', amountPaise: m.paise, section, idempotencyKey: key('sale') },
                { account: 'SALE_EXPENSES', amountPaise: part, section: 's. 17', idempotencyKey: key('exp') },
                {
                  account: 'MAGISTRATE_DEPOSIT',
                  amountPaise: m.paise - part,
                  section: 's. 17',
                  idempotencyKey: key('md'),
                },
              ]);
              break;
            }
            case 'refund':
              await postLedger(db, c.id, at, [
                { account: 'DEPOSIT_REFUND', amountPaise: m.paise, section: 's. 15', idempotencyKey: key('ref') },
              ]);
              break;
            case 'remit': {
              // One remittance per case and kind (as the selling officer confirms them).
              const kinds = ['FINES_TO_MAGISTRATE', 'FEEDING_TO_POUND_KEEPER', 'SURPLUS_TO_MAGISTRATE'] as const;
              const kind = kinds.find((k) => !remitted.has(`${c.id}:${k}`));
              if (!kind) break;
              remitted.add(`${c.id}:${kind}`);
              await db.remittance.create({
                data: { caseId: c.id, kind, amountPaise: BigInt(m.paise), confirmedAt: at },
              });
              break;
            }
          }
        }
        // The pound's ledger and remittances as stored (this run's and the earlier runs'), read back row by row.
        const ofPound = { case: { poundId: mine!.poundId } };
        const ledger = (await db.ledgerEntry.findMany({ where: ofPound })).map((l) => ({
          account: l.account as string,
          section: l.section,
          paise: paiseOf(l.amountPaise),
          day: toIstDate(l.createdAt),
        }));
        const remits = (await db.remittance.findMany({ where: ofPound })).map((r) => ({
          kind: r.kind as string,
          paise: paiseOf(r.amountPaise),
          day: toIstDate(r.confirmedAt),
        }));
        const ids = [mine!.poundId];
        const check = async (from: string, to: string) => {
          const book = await cashBook(db, ids, from as never, to as never);
          const inDays = <T extends { day: string }>(xs: T[]) => xs.filter((x) => x.day >= from && x.day <= to);
          const lines = inDays(ledger);
          const of = (accounts: readonly string[]) =>
            sumPaise(lines.filter((l) => accounts.includes(l.account)).map((l) => l.paise));
          const all = sumPaise(lines.map((l) => l.paise));
          expect(book.lines.length).toBe(lines.length);
          expect(sumPaise(book.totals.map((x) => x.amountPaise))).toBe(all);
          expect(book.receivedPaise).toBe(of(RECEIVED_ACCOUNTS));
          for (const s of ['s. 13', 's. 14', 's. 15', 's. 16'])
            expect(book.received.find((r) => r.section === s)?.amountPaise ?? 0).toBe(
              sumPaise(
                lines
                  .filter((l) => (RECEIVED_ACCOUNTS as readonly string[]).includes(l.account) && l.section === s)
                  .map((l) => l.paise),
              ),
            );
          expect(book.treasuryPaise).toBe(of(TREASURY_ACCOUNTS));
          expect(book.keeperPaise).toBe(of(KEEPER_ACCOUNTS));
          expect(book.receivedPaise + book.treasuryPaise + book.keeperPaise + book.otherPaise).toBe(all);
          const r = inDays(remits);
          expect(book.remittedKeeperPaise).toBe(
            sumPaise(r.filter((x) => x.kind === 'FEEDING_TO_POUND_KEEPER').map((x) => x.paise)),
          );
          expect(book.remittedTreasuryPaise + book.remittedKeeperPaise).toBe(sumPaise(r.map((x) => x.paise)));
          return book;
        };
        const month = await check(...(Object.values(periodDays('2026-11')) as [string, string]));
        // Each day's book, and the month's day rows, are the same money.
        let received = 0;
        for (const d of month.days) {
          const day = await check(d.day, d.day);
          expect(d.receivedPaise).toBe(day.receivedPaise);
          expect(d.treasuryPaise).toBe(day.treasuryPaise);
          expect(d.keeperPaise).toBe(day.keeperPaise);
          expect(d.remittedPaise).toBe(day.remittedTreasuryPaise + day.remittedKeeperPaise);
          received += day.receivedPaise;
        }
        expect(received).toBe(month.receivedPaise);
        // Every book line is of this pound; the other pound's money is in none.
        const otherIds = new Set((await db.case.findMany({ where: { poundId: other!.poundId } })).map((c) => c.id));
        expect(month.lines.some((l) => otherIds.has(l.caseId))).toBe(false);
      }),
      { numRuns: RUNS, seed: 20261129 },
    );
  }, 300_000);
});
