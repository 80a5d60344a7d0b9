import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig } from '../../../src/config';
import { createTranslator } from '../../../src/i18n';
import {
  checkTransition,
  startOfIstDay,
  type ActionParams,
  type Actor,
  type CaseAction,
  type LocalDate,
  type Role,
} from '../../../src/law';
import { caseStateOf, loadCase } from '../../../src/services/case-transition';
import { recordComplaint } from '../../../src/services/complaints';
import { windowsFromConfig } from '../../../src/services/dues';
import { holdEndOf } from '../../../src/services/sale';
import { broadcastMessages, REMINDERS, type ReminderContext } from '../../../src/services/reminders';
import type { OutgoingMessage } from '../../../src/services/outbox';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../support/db';
import { enrolStaff } from '../../support/fixtures';
import { paymentWritten } from '../../support/paid-case';
import { addAuction, createCase, seedPounds } from './cases';

/**
 * One source of dates, for what the jobs tell people: every date a reminder, a
 * broadcast or the s. 17 hold told with a split or a surplus request states is the instant at which the
 * statute engine's gate for that action opens or closes. Over random cases (times of impounding, seizure,
 * notice, deposit and auction), each message is built by the same builder the jobs run, and the action it
 * speaks of is checked against the engine one minute before the stated instant and at it.
 * (Receipts state no deadline: the s. 15 receipt says the deposit is held until the Magistrate decides.)
 */
const MIN = 60_000;
const DAY = 86_400_000;
const OWNER = 7990001n;
const OFFICER = 7990002;
const MAGISTRATE = 7990003;
const config = createConfig({ LOG_LEVEL: 'silent' });
const windows = windowsFromConfig(config);
const instant = fc
  .integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') })
  .map((t) => new Date(t));
const minutes = (maxDays: number) => fc.integer({ min: 0, max: maxDays * 1440 }).map((m) => m * MIN);
const endOf = (d: LocalDate) => new Date(startOfIstDay(d).getTime() + DAY);

describe.each(await dbKinds())('dates the jobs state equal the gates (property) on %s', (kind) => {
  let tdb: TestDatabase;
  let ctx: ReminderContext;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    await seedPounds(tdb.prisma, new Date('2026-01-01T00:00:00Z'));
    await enrolStaff(tdb.prisma, OFFICER, 'OFFICER', ['JAI1']);
    await enrolStaff(tdb.prisma, MAGISTRATE, 'MAGISTRATE', ['JAI1']);
    ctx = { db: tdb.prisma, config, translator: await createTranslator({ strict: true }) };
  }, 120_000);
  afterAll(() => tdb?.destroy());

  const allowed = async (caseId: number, action: CaseAction, role: Role | Actor, at: Date, params: ActionParams = {}) =>
    checkTransition(caseStateOf(await loadCase(tdb.prisma, caseId), windows), action, role, at, params).ok;
  const paramsOf = (messages: readonly OutgoingMessage[], key: string) => {
    const m = messages.find((x) => x.key === key);
    expect(m, key).toBeDefined();
    return m!.params as Record<string, string>;
  };
  const runs = { numRuns: 8 };

  it('s. 20 reminders: a deposit under protest is allowed a minute before the end of the stated last day and refused at it; a complaint filed on it is recorded, the next day not', async () => {
    await fc.assert(
      fc.asyncProperty(instant, minutes(3), minutes(2), async (impoundedAt, seizedBefore, toDeposit) => {
        const seizedAt = new Date(impoundedAt.getTime() - seizedBefore);
        const c = await createCase(tdb.prisma, { impoundedAt, seizedAt, status: 'DEPOSITED_S15' });
        const deposit = await paymentWritten(tdb.prisma, c.id, {
          kind: 'S15_DEPOSIT',
          status: 'CONFIRMED',
          amountPaise: 10_000,
          declaredAt: new Date(impoundedAt.getTime() + toDeposit),
          payer: OWNER,
        });
        const claim = await tdb.prisma.claim.create({
          data: {
            caseId: c.id,
            kind: 'S15_PROTEST',
            telegramUserId: OWNER,
            claimantName: 'Ramesh',
            ownerName: 'Ramesh',
            intendsComplaint: true,
          },
        });
        await tdb.prisma.payment.update({ where: { id: deposit.id }, data: { claimId: claim.id } });
        const now = new Date(impoundedAt.getTime() + toDeposit + MIN);
        const early = paramsOf(await REMINDERS['s20-complaint-early'](ctx, c.id, now), 'jobs:complaint.early');
        const last = paramsOf(await REMINDERS['s20-complaint-last-day'](ctx, c.id, now), 'jobs:complaint.last_day');
        expect(early.lastDay).toBe(last.lastDay);
        const end = endOf(last.lastDay as LocalDate);
        // The gate of the deposit itself (s. 15 rests on a s. 20 complaint), asked of the case as it was before it.
        await tdb.prisma.case.update({ where: { id: c.id }, data: { status: 'IMPOUNDED' } });
        expect(await allowed(c.id, 'DEPOSIT_UNDER_PROTEST', 'owner', new Date(end.getTime() - MIN))).toBe(true);
        expect(await allowed(c.id, 'DEPOSIT_UNDER_PROTEST', 'owner', end)).toBe(false);
        await tdb.prisma.case.update({ where: { id: c.id }, data: { status: 'DEPOSITED_S15' } });
        // /complaint: filed on the stated last day is in time, the day after is not.
        const nextDay = new Date(end.getTime() + 12 * 3_600_000).toISOString().slice(0, 10) as LocalDate;
        const late = recordComplaint(tdb.prisma, windows, {
          caseId: c.id,
          telegramUserId: OWNER,
          reference: `late-${c.id}`,
          filedOn: nextDay,
          now: new Date(end.getTime() + 2 * DAY),
        });
        await expect(late).rejects.toMatchObject({ code: 'COMPLAINT_OUTSIDE_WINDOW', section: 's. 20' });
        const inTime = await recordComplaint(tdb.prisma, windows, {
          caseId: c.id,
          telegramUserId: OWNER,
          reference: `ok-${c.id}`,
          filedOn: last.lastDay as LocalDate,
          now: new Date(end.getTime() + 2 * DAY),
        });
        expect(inTime.kind).toBe('recorded');
      }),
      runs,
    );
  });

  it('s. 17 reminders, the split and a surplus request state one hold end: the surplus lapses at it, not a minute before; a claim is allowed a minute before, not at it', async () => {
    await fc.assert(
      fc.asyncProperty(instant, minutes(60), async (impoundedAt, toDeposit) => {
        const surplusDepositedAt = new Date(impoundedAt.getTime() + 16 * DAY + toDeposit);
        const c = await createCase(tdb.prisma, {
          impoundedAt,
          status: 'SURPLUS_HELD',
          ownerTelegramId: OWNER,
          surplusDepositedAt,
        });
        const owner = paramsOf(
          await REMINDERS['s17-surplus-owner'](ctx, c.id, surplusDepositedAt),
          'jobs:surplus.to_owner',
        );
        const end = endOf(owner.lastDay as LocalDate);
        // The officer's split message and a surplus request date the hold with holdEndOf: the same instant.
        expect(holdEndOf(impoundedAt, surplusDepositedAt).dueAt.getTime()).toBe(end.getTime());
        expect(await allowed(c.id, 'SURPLUS_LAPSES', 'magistrate', new Date(end.getTime() - MIN))).toBe(false);
        expect(await allowed(c.id, 'SURPLUS_LAPSES', 'magistrate', end)).toBe(true);
        expect(await allowed(c.id, 'CLAIM_SURPLUS', 'magistrate', new Date(end.getTime() - MIN))).toBe(true);
        expect(await allowed(c.id, 'CLAIM_SURPLUS', 'magistrate', end)).toBe(false);
        const lapsed = paramsOf(
          await REMINDERS['s17-surplus-lapsed'](ctx, c.id, end),
          'jobs:surplus.lapsed_to_magistrate',
        );
        expect(lapsed.lastDay).toBe(owner.lastDay);
      }),
      runs,
    );
  });

  it('broadcasts: "claim by" is the last day before the s. 14 report may be made; "auction from" is the first day a sale may be fixed', async () => {
    await fc.assert(
      fc.asyncProperty(instant, minutes(6), minutes(10), async (impoundedAt, toNow, toNotice) => {
        const fresh = await createCase(tdb.prisma, { impoundedAt });
        const now = new Date(impoundedAt.getTime() + toNow);
        const alert = await broadcastMessages(ctx, 'new_case', fresh.id, now);
        expect(alert?.message.key).toBe('jobs:broadcast.new_case');
        const end = endOf((alert!.message.params as Record<string, string>).claimBy as LocalDate);
        expect(await allowed(fresh.id, 'REPORT_S14', 'pound_keeper', new Date(end.getTime() - MIN))).toBe(false);
        expect(await allowed(fresh.id, 'REPORT_S14', 'pound_keeper', end)).toBe(true);

        const reportedAt = new Date(impoundedAt.getTime() + 8 * DAY);
        const noticePostedAt = new Date(reportedAt.getTime() + toNotice);
        const posted = await createCase(tdb.prisma, {
          impoundedAt,
          status: 'NOTICE_POSTED',
          reportedAt,
          noticePostedAt,
        });
        const notice = await broadcastMessages(ctx, 'notice', posted.id, noticePostedAt);
        const from = startOfIstDay((notice!.message.params as Record<string, string>).auctionFrom as LocalDate);
        expect(
          await allowed(posted.id, 'SCHEDULE_AUCTION', 'officer', noticePostedAt, {
            auctionAt: new Date(from.getTime() - MIN),
          }),
        ).toBe(false);
        expect(await allowed(posted.id, 'SCHEDULE_AUCTION', 'officer', noticePostedAt, { auctionAt: from })).toBe(true);
      }),
      runs,
    );
  });

  it('auction reminders and the auction broadcast: bidding opens at the stated time, not a minute before', async () => {
    await fc.assert(
      fc.asyncProperty(instant, minutes(5), fc.integer({ min: 8, max: 17 }), async (impoundedAt, toNotice, hour) => {
        const reportedAt = new Date(impoundedAt.getTime() + 8 * DAY);
        const noticePostedAt = new Date(reportedAt.getTime() + toNotice);
        const c = await createCase(tdb.prisma, {
          impoundedAt,
          status: 'AUCTION_SCHEDULED',
          reportedAt,
          noticePostedAt,
          ownerTelegramId: OWNER,
        });
        const at = new Date(
          startOfIstDay(
            (await loadCase(tdb.prisma, c.id)).noticePostedAt!.toISOString().slice(0, 10) as LocalDate,
          ).getTime() +
            9 * DAY +
            hour * 3_600_000,
        );
        await addAuction(tdb.prisma, c.id, at);
        const before = new Date(at.getTime() - DAY);
        const stated = [
          ...(await REMINDERS['auction-day-before'](ctx, c.id, before)).map(
            (m) => (m.params as Record<string, string>).at,
          ),
          ...(await REMINDERS['auction-morning'](ctx, c.id, new Date(at.getTime() - 2 * 3_600_000))).map(
            (m) => (m.params as Record<string, string>).at,
          ),
          ((await broadcastMessages(ctx, 'auction', c.id, before))!.message.params as Record<string, string>).at,
        ];
        expect(stated.length).toBeGreaterThanOrEqual(5); // officer and owner, the day before and the morning; the broadcast
        for (const s of stated) {
          const told = new Date(s!);
          expect(await allowed(c.id, 'PLACE_BID', { role: 'public' }, new Date(told.getTime() - MIN))).toBe(false);
          expect(await allowed(c.id, 'PLACE_BID', { role: 'public' }, told)).toBe(true);
        }
      }),
      runs,
    );
  });
});
