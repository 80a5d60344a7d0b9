import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jobIdFor, keyFromJobId } from '../../../jobs/queues';
import { localizeParams, splitForTelegram } from '../../../jobs/deliver';
import { createConfig } from '../../../src/config';
import { addDays, computeTimeline, startOfIstDay, toIstDate } from '../../../src/law';
import { planSteps, type CaseForDeadlines } from '../../../src/services/deadlines';

const config = createConfig({ LOG_LEVEL: 'silent' });
const HOUR = 3_600_000;
const at9 = (d: string) => new Date(startOfIstDay(d).getTime() + 9 * HOUR);

function caseOf(over: Partial<CaseForDeadlines>): CaseForDeadlines {
  return {
    id: 17,
    status: 'IMPOUNDED',
    impoundedAt: new Date('2026-11-20T15:30:00+05:30'),
    seizedAt: null,
    reportedAt: null,
    noticePostedAt: null,
    ownerRefusedAt: null,
    surplusDepositedAt: null,
    auction: null,
    payments: [],
    complaints: [],
    ...over,
  };
}

describe('planSteps: when each deadline step runs (dates from src/law)', () => {
  it('an unclaimed case: the s. 14 report at 09:00 IST on the first day after the claim period', () => {
    const c = caseOf({});
    const tl = computeTimeline({ impoundedAt: c.impoundedAt });
    if (!tl.ok) throw tl.error;
    const steps = planSteps(c, config);
    expect(steps.map((s) => [s.step, s.section, s.runAt.toISOString()])).toEqual([
      ['s14-report', 's. 14', at9(tl.value.s14ReportDue.actionableFrom).toISOString()],
    ]);
    expect(steps[0]!.runAt.getTime()).toBeGreaterThanOrEqual(tl.value.s14ReportDue.dueAt.getTime());
  });

  it('claimed, released, refused (s. 16 path) or closed cases get no s. 14 report', () => {
    for (const over of [
      { status: 'PAYMENT_PENDING' },
      { status: 'RELEASED_S13' },
      { status: 'CLOSED' },
      { ownerRefusedAt: new Date('2026-11-22T10:00:00Z') },
    ]) {
      expect(planSteps(caseOf(over), config).filter((s) => s.step === 's14-report')).toEqual([]);
    }
  });

  it('reported without a notice: escalation NOTICE_GRACE_HOURS after the report; none once the notice is posted', () => {
    const reportedAt = new Date('2026-11-28T09:00:00+05:30');
    const steps = planSteps(caseOf({ status: 'REPORTED_S14', reportedAt }), config);
    expect(steps.map((s) => [s.step, s.runAt.getTime() - reportedAt.getTime()])).toEqual([
      ['notice-overdue', config.NOTICE_GRACE_HOURS * HOUR],
    ]);
    expect(planSteps(caseOf({ status: 'NOTICE_POSTED', reportedAt, noticePostedAt: reportedAt }), config)).toEqual([]);
  });

  it('auction: the day before at 09:00 and the morning of at 07:00, or an hour before an early auction', () => {
    const scheduledFor = new Date('2026-12-10T11:00:00+05:30');
    const steps = planSteps(
      caseOf({ status: 'AUCTION_SCHEDULED', auction: { status: 'SCHEDULED', scheduledFor } }),
      config,
    );
    const day = toIstDate(scheduledFor);
    expect(steps.map((s) => [s.step, s.runAt.toISOString()])).toEqual([
      ['auction-day-before', at9(addDays(day, -1)).toISOString()],
      ['auction-morning', new Date(startOfIstDay(day).getTime() + 7 * HOUR).toISOString()],
    ]);
    const early = new Date('2026-12-10T07:30:00+05:30');
    const e = planSteps(
      caseOf({ status: 'AUCTION_SCHEDULED', auction: { status: 'SCHEDULED', scheduledFor: early } }),
      config,
    );
    expect(e.find((s) => s.step === 'auction-morning')!.runAt.toISOString()).toBe(
      new Date(early.getTime() - HOUR).toISOString(),
    );
    expect(
      planSteps(caseOf({ status: 'AUCTION_SCHEDULED', auction: { status: 'CANCELLED', scheduledFor } }), config),
    ).toEqual([]);
  });

  it('moving the auction changes the keys, so a job planned for the old time finds itself gone from the plan', () => {
    const a = planSteps(
      caseOf({
        status: 'AUCTION_SCHEDULED',
        auction: { status: 'SCHEDULED', scheduledFor: new Date('2026-12-10T11:00:00+05:30') },
      }),
      config,
    );
    const b = planSteps(
      caseOf({
        status: 'AUCTION_SCHEDULED',
        auction: { status: 'SCHEDULED', scheduledFor: new Date('2026-12-12T11:00:00+05:30') },
      }),
      config,
    );
    expect(a.map((s) => s.key).filter((k) => b.some((x) => x.key === k))).toEqual([]);
  });

  it('s. 15 deposit: reminders before and on the last day of the s. 20 window (configured length); none after a complaint', () => {
    const impoundedAt = new Date('2026-11-20T10:00:00+05:30');
    const deposit = {
      id: 3,
      kind: 'S15_DEPOSIT',
      status: 'CONFIRMED',
      declaredAt: impoundedAt,
      confirmedAt: new Date('2026-11-21T10:00:00+05:30'),
      payerTelegramId: 9101n,
    };
    const cfg = createConfig({ LOG_LEVEL: 'silent', S20_COMPLAINT_WINDOW_DAYS: '12' });
    const tl = computeTimeline({ impoundedAt }, { s20ComplaintDays: 12 });
    if (!tl.ok) throw tl.error;
    const last = tl.value.s20ComplaintWindowEnd.date;
    const steps = planSteps(caseOf({ status: 'DEPOSITED_S15', impoundedAt, payments: [deposit] }), cfg);
    expect(steps.map((s) => [s.step, s.section, s.runAt.toISOString()])).toEqual([
      ['s20-complaint-early', 's. 20', at9(addDays(last, -2)).toISOString()],
      ['s20-complaint-last-day', 's. 20', at9(last).toISOString()],
    ]);
    expect(
      planSteps(
        caseOf({
          status: 'DEPOSITED_S15',
          impoundedAt,
          payments: [deposit],
          complaints: [{ id: 1, telegramUserId: 9101n }],
        }),
        cfg,
      ),
    ).toEqual([]);
  });

  it('an owner’s part deposit: the entry stays impounded for the other heads, and the s. 20 reminders are planned for the depositor too', () => {
    const impoundedAt = new Date('2026-11-20T10:00:00+05:30');
    const part = {
      id: 4,
      kind: 'S15_DEPOSIT',
      status: 'CONFIRMED',
      declaredAt: impoundedAt,
      confirmedAt: new Date('2026-11-21T10:00:00+05:30'),
      part: true,
      payerTelegramId: 9102n,
    };
    const tl = computeTimeline({ impoundedAt });
    if (!tl.ok) throw tl.error;
    const last = tl.value.s20ComplaintWindowEnd.date;
    const steps = planSteps(caseOf({ status: 'IMPOUNDED', impoundedAt, payments: [part] }), config).filter(
      (s) => s.section === 's. 20',
    );
    expect(steps.map((s) => [s.step, s.runAt.toISOString()])).toEqual([
      ['s20-complaint-early', at9(addDays(last, -2)).toISOString()],
      ['s20-complaint-last-day', at9(last).toISOString()],
    ]);
    // A part deposit still PENDING is no deposit yet: nothing for s. 20.
    expect(
      planSteps(
        caseOf({ status: 'IMPOUNDED', impoundedAt, payments: [{ ...part, status: 'PENDING' }] }),
        config,
      ).filter((s) => s.section === 's. 20'),
    ).toEqual([]);
  });

  it.each(['RELEASED_S13', 'SOLD', 'CLOSED'])(
    'a part deposit outlives the entry: %s by a co-owner, the depositor’s s. 20 reminders stay planned (and nothing else) until he records his complaint',
    (status) => {
      const impoundedAt = new Date('2026-11-20T10:00:00+05:30');
      const part = {
        id: 4,
        kind: 'S15_DEPOSIT',
        status: 'CONFIRMED',
        declaredAt: impoundedAt,
        confirmedAt: new Date('2026-11-21T10:00:00+05:30'),
        part: true,
        payerTelegramId: 9102n,
      };
      const coOwner = {
        id: 5,
        kind: 'S13_PAYMENT',
        status: 'CONFIRMED',
        declaredAt: impoundedAt,
        confirmedAt: new Date('2026-11-22T10:00:00+05:30'),
        payerTelegramId: 9101n,
      };
      const tl = computeTimeline({ impoundedAt });
      if (!tl.ok) throw tl.error;
      const last = tl.value.s20ComplaintWindowEnd.date;
      const open = planSteps(caseOf({ status: 'IMPOUNDED', impoundedAt, payments: [part] }), config).filter(
        (s) => s.section === 's. 20',
      );
      const finished = planSteps(caseOf({ status, impoundedAt, payments: [part, coOwner] }), config);
      expect(finished.map((s) => [s.step, s.runAt.toISOString()])).toEqual([
        ['s20-complaint-early', at9(addDays(last, -2)).toISOString()],
        ['s20-complaint-last-day', at9(last).toISOString()],
      ]);
      // The same keys as while the entry was open: the jobs already queued stay the ones that run.
      expect(finished.map((s) => s.key)).toEqual(open.map((s) => s.key));
      // His complaint recorded: nothing left to plan. The co-owner's complaint does not stop his reminders.
      expect(
        planSteps(
          caseOf({ status, impoundedAt, payments: [part, coOwner], complaints: [{ id: 1, telegramUserId: 9102n }] }),
          config,
        ),
      ).toEqual([]);
      expect(
        planSteps(
          caseOf({ status, impoundedAt, payments: [part, coOwner], complaints: [{ id: 1, telegramUserId: 9101n }] }),
          config,
        ),
      ).toHaveLength(2);
      // A finished entry without a part deposit plans nothing, as before.
      expect(planSteps(caseOf({ status, impoundedAt, payments: [coOwner] }), config)).toEqual([]);
    },
  );

  it('s. 17 surplus: the owner a week before the three calendar months end, the Magistrate when they have', () => {
    const surplusDepositedAt = new Date('2026-11-30T12:00:00+05:30');
    const tl = computeTimeline({ impoundedAt: new Date('2026-11-01T10:00:00+05:30'), surplusDepositedAt });
    if (!tl.ok || !tl.value.surplusHoldEnd) throw new Error('timeline');
    const end = tl.value.surplusHoldEnd;
    const steps = planSteps(
      caseOf({ status: 'SURPLUS_HELD', impoundedAt: new Date('2026-11-01T10:00:00+05:30'), surplusDepositedAt }),
      config,
    );
    expect(steps.map((s) => [s.step, s.runAt.toISOString()])).toEqual([
      ['s17-surplus-owner', at9(addDays(end.date, -7)).toISOString()],
      ['s17-surplus-lapsed', at9(end.actionableFrom).toISOString()],
    ]);
    expect(end.date).toBe('2027-02-28');
  });

  it('a payment pending PAYMENT_NUDGE_HOURS after it was declared nudges the keepers, one step per payment', () => {
    const declaredAt = new Date('2026-11-21T10:00:00+05:30');
    const steps = planSteps(
      caseOf({
        status: 'PAYMENT_PENDING',
        payments: [
          { id: 5, kind: 'S13_PAYMENT', status: 'PENDING', declaredAt, confirmedAt: null, payerTelegramId: 9101n },
          { id: 4, kind: 'S13_PAYMENT', status: 'REJECTED', declaredAt, confirmedAt: null, payerTelegramId: 9101n },
        ],
      }),
      config,
    );
    expect(steps.map((s) => [s.step, s.ref, s.runAt.getTime() - declaredAt.getTime()])).toEqual([
      ['payment-nudge', 5, config.PAYMENT_NUDGE_HOURS * HOUR],
    ]);
  });
});

describe('job ids, message parts, localized parameters', () => {
  it('job ids contain no ":", are never integers, and map back to the key (so different keys never collide)', () => {
    fc.assert(
      fc.property(fc.string(), (key) => {
        const id = jobIdFor(key);
        expect(id.includes(':')).toBe(false);
        expect(`${parseInt(id, 10)}`).not.toBe(id);
        expect(keyFromJobId(id)).toBe(key);
      }),
    );
  });

  it('splits texts over 4096 characters into parts within the limit, losing nothing but the break whitespace', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 900 }), { minLength: 1, maxLength: 20 }), (paras) => {
        const text = paras.join('\n\n');
        const parts = splitForTelegram(text);
        for (const p of parts) expect(p.length).toBeLessThanOrEqual(4096);
        expect(parts.join('').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
        if (text.length <= 4096) expect(parts).toEqual([text]);
      }),
    );
  });

  it('a Hindi reader gets the @hi value under the plain name; an English reader the plain one', () => {
    const p = { pound: 'Amer Pound', 'pound@hi': 'आमेर कांजी हाउस', number: 'JAI1-2026-3' };
    expect(localizeParams(p, 'hi')).toEqual({ pound: 'आमेर कांजी हाउस', number: 'JAI1-2026-3' });
    expect(localizeParams(p, 'en')).toEqual({ pound: 'Amer Pound', number: 'JAI1-2026-3' });
  });
});
