import { describe, expect, it } from 'vitest';
import { recordNotice } from '../../../src/services/notice';
import { poundStats, districtStats, takeSnapshot } from '../../../src/services/open-data';
import { recordOrder } from '../../../src/services/orders';
import { disposeUnderProviso } from '../../../src/services/sale';
import { caseFixture } from '../../support/case-builder';
import { actAs, ist } from '../../support/case-fixture';
import { dbKinds, suiteDatabase } from '../../support/db';
import { seed } from '../../support/fixtures';

// The s. 14 proviso figure through the services the Magistrate uses: three entries at Chomu (JAI2) unclaimed after
// the notice, each disposed of on a recorded PROVISO_DISPOSAL order — two before the day's snapshot, one on the day
// — are counted in their India month, this year and the 24 months (four heads, three entries: exact; an entry is
// disposed of once, so the day's adds to the snapshot's), at the instant of the disposal as the service's clock gave it.

describe.each(await dbKinds())('cattle disposed of under the s. 14 proviso on %s', (kind) => {
  const t = suiteDatabase(kind, async (db) => {
    await seed(db, ist('2026-11-01 09:00'));
  });

  it('are published as disposed_s14_proviso in the pound and its district, dated by the service clock', async () => {
    const db = t.prisma;
    const officer = await actAs(db, 9201, 'OFFICER', ['JAI2'], 'Vikram Singh');
    const magistrate = await actAs(db, 9202, 'MAGISTRATE', ['JAI1', 'JAI2']);
    const heads: Array<Array<[string, string]>> = [
      [['ass', 'lame donkey']],
      [
        ['ass', 'old grey'],
        ['ass', 'white'],
      ],
      [['pig', 'black']],
    ];
    const when = [ist('2026-11-17 10:05'), ist('2026-11-17 11:05'), ist('2026-11-18 10:00')];
    const ids: number[] = [];
    for (const [i, h] of heads.entries()) {
      const c = await caseFixture(db, { pound: 'JAI2', impoundedAt: '2026-11-01T10:00:00+05:30', heads: h }).build();
      ids.push(c.id);
      await recordNotice(
        db,
        officer,
        {
          caseId: c.id,
          postedAt: ist('2026-11-09 11:00'),
          village: { place: 'Kunda', at: ist('2026-11-09 12:00') },
          market: { place: 'Kunda', at: ist('2026-11-09 12:00') },
        },
        ist('2026-11-09 12:30'),
      );
      await recordOrder(
        db,
        magistrate,
        {
          caseId: c.id,
          kind: 'PROVISO_DISPOSAL',
          authority: 'MAGISTRATE',
          reference: `DM/${i}`,
          orderedOn: '2026-11-16',
        },
        ist('2026-11-17 10:00'),
      );
    }
    const dispose = (i: number) =>
      disposeUnderProviso(db, magistrate, { caseId: ids[i]!, manner: 'to the gaushala' }, when[i]!);
    await dispose(0);
    await dispose(1);
    await takeSnapshot({ db, clock: { now: () => ist('2026-11-18 00:05') } }, ist('2026-11-18 00:05'));
    await dispose(2);

    // The audit row of each disposal carries the service's instant, which the figure is dated by.
    const rows = await db.auditEvent.findMany({
      where: { action: 'S14_PROVISO_DISPOSAL', caseId: { in: ids } },
      orderBy: { caseId: 'asc' },
    });
    expect(rows.map((r) => r.at.toISOString())).toEqual(when.map((w) => w.toISOString()));

    const now = ist('2026-11-18 12:00');
    for (const v of [(await poundStats(db, 'JAI2', now))!, (await districtStats(db, 'RJ-JAIPUR', now))!]) {
      const nov = v.months.find((m) => m.month === '2026-11')!;
      expect(nov.figures.disposed_s14_proviso, v.scope.code).toBe(4);
      expect(v.totals.disposed_s14_proviso, v.scope.code).toBe(4);
      expect(v.glance.disposed_s14_proviso_year, v.scope.code).toBe(4);
      expect(v.months.filter((m) => m.month !== '2026-11').every((m) => m.figures.disposed_s14_proviso === 0)).toBe(
        true,
      );
    }
    // The four heads are out of the pound (DISPOSED), which the stock now counts from the heads themselves.
    expect(await db.head.count({ where: { caseId: { in: ids }, status: 'IMPOUNDED' } })).toBe(0);
    expect(await db.head.count({ where: { caseId: { in: ids }, status: 'DISPOSED' } })).toBe(4);
  }, 60_000);
});
