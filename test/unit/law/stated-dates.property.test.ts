import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTransition, startOfIstDay, type ActionParams, type CaseAction, type CaseState } from '../../../src/law';
import { windowsFromConfig } from '../../../src/services/dues';
import { nextDeadline } from '../../../src/services/next-deadline';

// One source of dates: every date the bot states to a person (the owner's card via nextDeadline; the officer's
// "auction from" is the same entry) is the instant the statute engine's gate opens. Over random cases the
// action is refused one minute before the stated instant and allowed at it.
const MIN = 60_000;
const windows = windowsFromConfig({ S20_COMPLAINT_WINDOW_DAYS: 10 });
const instant = fc
  .integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2028-12-31T00:00:00Z') })
  .map((t) => new Date(t));
const minutes = (maxDays: number) => fc.integer({ min: 0, max: maxDays * 1440 }).map((m) => m * MIN);

const ok = (s: CaseState, a: CaseAction, at: Date, p: ActionParams = {}) =>
  checkTransition(s, a, a === 'REPORT_S14' ? 'pound_keeper' : a === 'SURPLUS_LAPSES' ? 'magistrate' : 'officer', at, p)
    .ok;

describe('stated dates equal the gates (property)', () => {
  it('claim_by: the s. 14 report is refused one minute before the end of the stated day, allowed at it', () => {
    fc.assert(
      fc.property(instant, minutes(6), (impoundedAt, offset) => {
        const now = new Date(impoundedAt.getTime() + offset);
        const n = nextDeadline({ status: 'IMPOUNDED', impoundedAt }, now, windows);
        if (!n.ok || n.value.kind !== 'claim_by') return true; // past the period already: not stated
        const state: CaseState = { status: 'IMPOUNDED', impoundedAt, heads: 1 };
        const stated = n.value.dueAt;
        expect(stated.getTime()).toBe(startOfIstDay(n.value.date).getTime() + 86_400_000);
        expect(ok(state, 'REPORT_S14', new Date(stated.getTime() - MIN))).toBe(false);
        expect(ok(state, 'REPORT_S14', stated)).toBe(true);
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('auction_from: an auction at 00:00 IST of the stated day is allowed, one minute earlier refused (s. 14)', () => {
    fc.assert(
      fc.property(instant, minutes(20), minutes(5), (impoundedAt, toNotice, toNow) => {
        const reportedAt = new Date(impoundedAt.getTime() + 8 * 86_400_000);
        const noticePostedAt = new Date(reportedAt.getTime() + toNotice);
        const now = new Date(noticePostedAt.getTime() + toNow);
        const n = nextDeadline({ status: 'NOTICE_POSTED', impoundedAt, noticePostedAt, reportedAt }, now, windows);
        expect(n.ok && n.value.kind).toBe('auction_from');
        if (!n.ok || n.value.kind !== 'auction_from') return false;
        const from = startOfIstDay(n.value.date);
        const state: CaseState = { status: 'NOTICE_POSTED', impoundedAt, reportedAt, noticePostedAt, heads: 1 };
        const schedule = (at: Date) => ok(state, 'SCHEDULE_AUCTION', now, { auctionAt: at });
        if (from.getTime() - MIN >= now.getTime()) expect(schedule(new Date(from.getTime() - MIN))).toBe(false);
        expect(schedule(from)).toBe(true);
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('complaint_by: a s. 15 deposit (ground: a s. 20 complaint) is allowed one minute before the end of the stated day, refused at it — counted from the seizure', () => {
    fc.assert(
      fc.property(instant, minutes(3), minutes(12), (impoundedAt, seizedBefore, toNow) => {
        // The register's time of seizure: up to 3 days before the cattle were brought in.
        const seizedAt = new Date(impoundedAt.getTime() - seizedBefore);
        const now = new Date(impoundedAt.getTime() + toNow);
        const n = nextDeadline({ status: 'DEPOSITED_S15', impoundedAt, seizedAt }, now, windows);
        if (!n.ok) return false;
        if (n.value.kind !== 'complaint_by') return true; // the window is over: not stated
        const end = n.value.dueAt;
        expect(end.getTime()).toBe(startOfIstDay(n.value.date).getTime() + 86_400_000);
        const state: CaseState = { status: 'IMPOUNDED', impoundedAt, seizedAt, heads: 1 };
        const deposit = (at: Date) => checkTransition(state, 'DEPOSIT_UNDER_PROTEST', 'owner', at).ok;
        if (end.getTime() - MIN >= impoundedAt.getTime()) expect(deposit(new Date(end.getTime() - MIN))).toBe(true);
        expect(deposit(end)).toBe(false);
        // The same function dates it whether or not the seizure was on the day of impounding.
        const fromImpounding = nextDeadline({ status: 'DEPOSITED_S15', impoundedAt }, impoundedAt, windows);
        if (
          fromImpounding.ok &&
          fromImpounding.value.kind === 'complaint_by' &&
          startOfIstDay(n.value.date).getTime() !== startOfIstDay(fromImpounding.value.date).getTime()
        ) {
          expect(fromImpounding.value.dueAt.getTime()).toBeGreaterThan(end.getTime());
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('s16_sale: after a refusal the sale may be fixed from 00:00 IST of the stated day, not a minute before (s. 16, read with s. 14)', () => {
    fc.assert(
      fc.property(instant, minutes(10), minutes(2), (impoundedAt, toRefusal, toNow) => {
        const ownerRefusedAt = new Date(impoundedAt.getTime() + toRefusal);
        const now = new Date(ownerRefusedAt.getTime() + toNow);
        const n = nextDeadline({ status: 'IMPOUNDED', impoundedAt, ownerRefusedAt }, now, windows);
        if (!n.ok || n.value.kind !== 's16_sale') return false;
        const from = startOfIstDay(n.value.saleFrom);
        const state: CaseState = { status: 'IMPOUNDED', impoundedAt, ownerRefusedAt, heads: 2 };
        // Asked on the day of the refusal (a time already past cannot be fixed at all).
        const schedule = (at: Date) => ok(state, 'SCHEDULE_AUCTION', ownerRefusedAt, { auctionAt: at });
        expect(schedule(new Date(from.getTime() - MIN))).toBe(false);
        expect(schedule(from)).toBe(true);
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('surplus_until: the surplus lapses at the end of the stated day, not one minute before (s. 17)', () => {
    fc.assert(
      fc.property(instant, minutes(80), (impoundedAt, toDeposit) => {
        const surplusDepositedAt = new Date(impoundedAt.getTime() + 20 * 86_400_000 + toDeposit);
        const n = nextDeadline(
          { status: 'SURPLUS_HELD', impoundedAt, surplusDepositedAt },
          surplusDepositedAt,
          windows,
        );
        if (!n.ok || n.value.kind !== 'surplus_until') return false;
        const end = new Date(startOfIstDay(n.value.date).getTime() + 86_400_000);
        const state: CaseState = { status: 'SURPLUS_HELD', impoundedAt, surplusDepositedAt, heads: 1 };
        expect(ok(state, 'SURPLUS_LAPSES', new Date(end.getTime() - MIN))).toBe(false);
        expect(ok(state, 'SURPLUS_LAPSES', end)).toBe(true);
        return true;
      }),
      { numRuns: 300 },
    );
  });
});
