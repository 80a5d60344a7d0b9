import { describe, expect, it } from 'vitest';
import { duesForCase, nextDayIncrease, windowsFromConfig } from '../../../src/services/dues';
import { rulesForPound } from '../../../src/services/pound-rules';
import { nextDeadline } from '../../../src/services/next-deadline';
import { dbKinds, type TestDatabase, suiteDatabase } from '../../support/db';
import { caseFixture } from '../../support/case-builder';
import { seed } from '../../support/fixtures';

const kinds = await dbKinds();

/** A case at the demo pound JAI1 (Jaipur area), impounded at `at`, with `heads`. */
function makeCase(db: TestDatabase, at: string, heads: string[]) {
  return caseFixture(db.prisma, {
    impoundedAt: at,
    place: 'Test',
    heads: heads.map((c): [string, string] => [c, '']),
  }).build();
}

describe.each(kinds)('dues service on %s', (kind) => {
  const db = suiteDatabase(kind, async () => {
    await seed(db.prisma, new Date('2026-11-29T10:00:00+05:30'));
  });

  it('loads the pound’s area scale, its own feeding rates and its state’s security rows', async () => {
    const jai1 = await db.prisma.pound.findUniqueOrThrow({ where: { code: 'JAI1' } });
    const pun1 = await db.prisma.pound.findUniqueOrThrow({ where: { code: 'PUN1' } });
    const r = await rulesForPound(db.prisma, jai1.id);
    expect(r.pound).toEqual({ code: 'JAI1', state: 'RJ', area: 'RJ-JAIPUR' });
    expect(r.rules.fineScale.every((f) => f.area === 'RJ-JAIPUR' && f.state === 'RJ')).toBe(true);
    expect(r.rules.feedingRates.every((f) => f.poundCode === 'JAI1')).toBe(true);
    expect(r.rules.securityScale).toEqual([]);
    const buffaloOld = r.rules.fineScale.find((f) => f.cattleClass === 'buffalo' && f.effectiveFrom === '2020-01-01')!;
    expect(buffaloOld).toMatchObject({ effectiveTo: '2026-05-31', paisePerHead: 10000 });
    const p = await rulesForPound(db.prisma, pun1.id);
    expect(p.rules.securityScale!.length).toBeGreaterThan(0);
    expect(p.rules.securityScale!.every((s) => s.state === 'MH' && s.area === '*')).toBe(true);
  });

  it('splits feeding at the 1 October 2026 rate change (worked example)', async () => {
    // Two cows from 29 Sep, valued 2 Oct: 29, 30 Sep at ₹60, 1, 2 Oct at ₹70; penalty ₹100 per cow.
    const c = await makeCase(db, '2026-09-29T18:00:00+05:30', ['cow', 'cow']);
    const r = await duesForCase(db.prisma, c.id, new Date('2026-10-02T09:00:00+05:30'));
    if (!r.ok) throw r.error;
    const feeding = r.value.breakdown.lines.filter((l) => l.kind === 'feeding');
    expect(
      feeding.map((l) => [l.kind === 'feeding' && l.from, l.kind === 'feeding' && l.days, l.ratePaise, l.amountPaise]),
    ).toEqual([
      ['2026-09-29', 2, 6000, 2 * 2 * 6000],
      ['2026-10-01', 2, 7000, 2 * 2 * 7000],
    ]);
    expect(r.value.breakdown.totals.totalPaise).toBe(2 * 10000 + 24000 + 28000);
    // A claim is made under s. 13, which Act 8 of 2026 does not amend: still "fine".
    expect(r.value.breakdown.term.term).toBe('fine');
    // On 30 Sep one more day costs the 1 October rate, not the rate of the day before.
    expect(await nextDayIncrease(db.prisma, c.id, new Date('2026-09-30T09:00:00+05:30'))).toBe(2 * 7000);
  });

  it('uses the old scale and the word "fine" before 1 June 2026', async () => {
    const c = await makeCase(db, '2026-05-30T08:00:00+05:30', ['buffalo']);
    const r = await duesForCase(db.prisma, c.id, new Date('2026-05-31T17:00:00+05:30'));
    if (!r.ok) throw r.error;
    expect(r.value.breakdown.term.term).toBe('fine');
    expect(r.value.breakdown.totals.finePaise).toBe(10000);
    expect(r.value.breakdown.totals.feedingPaise).toBe(2 * 8000);
  });

  it('values only the heads still in the pound, unless asked for all', async () => {
    const c = await makeCase(db, '2026-11-28T08:00:00+05:30', ['goat', 'goat', 'camel']);
    await db.prisma.head.updateMany({ where: { caseId: c.id, cattleClass: 'camel' }, data: { status: 'SOLD' } });
    const at = new Date('2026-11-29T08:00:00+05:30');
    const custody = await duesForCase(db.prisma, c.id, at);
    const all = await duesForCase(db.prisma, c.id, at, { herd: 'all' });
    if (!custody.ok || !all.ok) throw new Error('dues');
    expect(custody.value.breakdown.heads).toBe(2);
    expect(all.value.breakdown.heads).toBe(3);
    expect(all.value.breakdown.totals.totalPaise - custody.value.breakdown.totals.totalPaise).toBe(40000 + 2 * 13000);
  });

  it('returns the engine’s typed error when no scale covers the class (never a wrong number)', async () => {
    const area = await db.prisma.area.create({
      data: { code: 'RJ-EMPTY', name: 'Empty', nameHi: 'खाली', stateCode: 'RJ' },
    });
    const pound = await db.prisma.pound.create({
      data: { code: 'EMP1', name: 'Empty', nameHi: 'खाली', areaId: area.id, address: 'x', policeStation: 'y' },
    });
    const c = await caseFixture(db.prisma, {
      pound: pound.code,
      impoundedAt: '2026-11-28T08:00:00+05:30',
      heads: [['cow', '']],
    }).build();
    const r = await duesForCase(db.prisma, c.id, new Date('2026-11-29T08:00:00+05:30'));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('SCALE_MISSING');
      expect(r.error.section).toBe('s. 12');
    }
  });

  it('says what comes next from the statute engine’s timeline', async () => {
    const w = windowsFromConfig({ S20_COMPLAINT_WINDOW_DAYS: 10 });
    const impoundedAt = new Date('2026-11-27T10:00:00+05:30');
    const before = nextDeadline({ status: 'IMPOUNDED', impoundedAt }, new Date('2026-12-04T23:00:00+05:30'), w);
    const after = nextDeadline({ status: 'IMPOUNDED', impoundedAt }, new Date('2026-12-05T00:00:00+05:30'), w);
    expect(before.ok && before.value).toMatchObject({ kind: 'claim_by', date: '2026-12-04', section: 's. 14' });
    expect(after.ok && after.value).toMatchObject({ kind: 'report_due', date: '2026-12-04' });
    const notice = nextDeadline(
      { status: 'NOTICE_POSTED', impoundedAt, noticePostedAt: new Date('2026-12-06T11:00:00+05:30') },
      new Date('2026-12-06T12:00:00+05:30'),
      w,
    );
    // Notice on 6 Dec: seven days from it end with 13 Dec; the first day of sale is 14 Dec (s. 14, GCA s. 9).
    expect(notice.ok && notice.value).toMatchObject({ kind: 'auction_from', date: '2026-12-14' });
    // After a s. 16 refusal the claim-period promise is gone: a sale is possible now.
    const refused = nextDeadline(
      { status: 'IMPOUNDED', impoundedAt, ownerRefusedAt: new Date('2026-11-29T11:00:00+05:30') },
      new Date('2026-11-29T12:00:00+05:30'),
      w,
    );
    expect(refused.ok && refused.value).toMatchObject({
      kind: 's16_sale',
      date: '2026-11-29',
      saleFrom: '2026-11-30',
      section: 's. 16',
    });
    // Reported (even back-dated): the card says it was reported, not that the keeper will report.
    const reportedAt = new Date('2026-12-05T09:00:00+05:30');
    const reported = nextDeadline(
      { status: 'REPORTED_S14', impoundedAt, reportedAt },
      new Date('2026-12-05T12:00:00+05:30'),
      w,
    );
    expect(reported.ok && reported.value).toMatchObject({ kind: 'reported', date: '2026-12-04', reportedAt });
    const deposited = nextDeadline({ status: 'DEPOSITED_S15', impoundedAt }, new Date('2026-11-29T12:00:00+05:30'), {
      s20ComplaintDays: 15,
    });
    expect(deposited.ok && deposited.value).toMatchObject({
      kind: 'complaint_by',
      date: '2026-12-12',
      section: 's. 20',
    });
  });
});
