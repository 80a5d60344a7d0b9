import { describe, expect, it } from 'vitest';
import { poundStats, takeSnapshot } from '../../../src/services/open-data';
import { caseFixture } from '../../support/case-builder';
import { dbKinds, suiteDatabase } from '../../support/db';

// The stock now, as the public pages read it (liveMaxAgeMs 30 s): a reading is shared by the requests of a quarter
// minute; the first request after that is answered from it and starts a fresh one, which the next requests get; no
// reading is used on another India day; without sharing (liveMaxAgeMs 0) every request reads the stock itself.

/** 5 Dec 2026, 10:00 IST. */
const T0 = new Date('2026-12-05T04:30:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe.each(await dbKinds())('the stock now on %s', (kind) => {
  const db = suiteDatabase(kind);

  it('changes within half a minute of a release today, and never carries a reading into the next day', async () => {
    const p = db.prisma;
    await p.state.upsert({ where: { code: 'LV' }, create: { code: 'LV', name: 'Live', nameHi: 'लाइव' }, update: {} });
    const area = await p.area.create({ data: { code: 'LIVE1', name: 'Live', nameHi: 'लाइव', stateCode: 'LV' } });
    await p.pound.create({
      data: { code: 'LIV1', name: 'Live 1', nameHi: 'लाइव 1', areaId: area.id, address: 'x', policeStation: 'y' },
    });
    // Four entries of one head each, impounded 2 to 5 days ago.
    const ids: number[] = [];
    for (let k = 0; k < 4; k++) {
      const c = await caseFixture(p, {
        pound: 'LIV1',
        impoundedAt: new Date(T0.getTime() - (2 + k) * 86_400_000),
        heads: [['cow', 'brown']],
      }).build();
      ids.push(c.id);
    }
    await takeSnapshot({ db: p, clock: { now: () => at(-3600) } }, at(-3600));
    const LIVE = { liveMaxAgeMs: 30_000 };
    const read = async (s: number, opts: { liveMaxAgeMs?: number } = LIVE) =>
      (await poundStats(p, 'LIV1', at(s), opts))!;

    const first = await read(0);
    expect(first.stock.in_pound).toBe(4);
    expect(first.stock.pending_0_7).toBe(4);
    expect(first.stockAsOf).toBe(at(0).toISOString());

    // One entry's head goes back to its owner (s. 13).
    await p.release.create({ data: { caseId: ids[0]!, basis: 'S13_PAYMENT', headCount: 1, releasedAt: at(1) } });
    await p.head.updateMany({ where: { caseId: ids[0]! }, data: { status: 'RELEASED' } });

    // Read afresh, the page has it at once.
    expect((await read(2, {})).stock.in_pound).toBe(3);
    // Shared: within a quarter minute the reading of 0 s is served.
    expect((await read(10)).stock.in_pound).toBe(4);
    // At 20 s the request is still answered from it, and a fresh reading starts...
    const stale = await read(20);
    expect(stale.stock.in_pound).toBe(4);
    expect(stale.stockAsOf).toBe(at(0).toISOString());
    // ...which the next requests get, read at 20 s.
    let next = await read(21);
    for (let i = 0; i < 50 && next.stockAsOf !== at(20).toISOString(); i++) {
      await new Promise((r) => setTimeout(r, 100));
      next = await read(21);
    }
    expect(next.stockAsOf).toBe(at(20).toISOString());
    expect(next.stock.in_pound).toBe(3);

    // Past 30 s a request waits for its own reading.
    await p.release.create({ data: { caseId: ids[1]!, basis: 'S13_PAYMENT', headCount: 1, releasedAt: at(40) } });
    await p.head.updateMany({ where: { caseId: ids[1]! }, data: { status: 'RELEASED' } });
    const late = await read(55);
    expect(late.stockAsOf).toBe(at(55).toISOString());
    expect(late.stock.in_pound).toBe('< 3');

    // The next India day (00:00:10 IST) gets a reading of its own: the entries moved on by a day in the pound.
    const midnight = (new Date('2026-12-05T18:30:10Z').getTime() - T0.getTime()) / 1000;
    const tomorrow = await read(midnight);
    expect(tomorrow.stockAsOf).toBe(at(midnight).toISOString());
    expect(tomorrow.today).toBe('2026-12-06');
  }, 60_000);
});
