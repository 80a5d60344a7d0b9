import { describe, expect, it } from 'vitest';
import { Metrics } from '../../../src/observability/metrics';
import type { FakeSmsProvider } from '../../../src/services/sms';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { ist } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { inLanguage, lastText, press } from '../../support/press';

// A provider that answers errors for 60 s (by the deployment's clock) and then recovers: nothing is lost (the
// sms jobs retry, and once their attempts run out the reconciler adds them again while SmsDelivery says they are
// owed), nothing is doubled (one SmsDelivery row per event per owner). The SMS worker's backoff is shortened here
// (20-50 ms instead of 2-60 s) so the attempts of a minute run in a second.
describe('SMS through a provider outage (e2e)', () => {
  const keeper: TestUser = { id: 6201, firstName: 'Suresh', languageCode: 'en' };
  const staff: SuiteStaff[] = [[keeper, 'POUND_KEEPER', ['JAI1'], 'Suresh Kumar']];
  const metrics = new Metrics();
  const numbers: string[] = [];
  const h = botSuite(
    {
      start: '2026-11-02T10:00:00+05:30',
      seededAt: ist('2026-11-01 09:00'),
      jobs: true,
      staff,
      env: { SMS_PROVIDER: 'fake', SMS_DATA_KEY: Buffer.alloc(32, 9).toString('base64') },
      jobsTuning: { smsBackoffBaseMs: 20, smsMaxBackoffMs: 50 },
    },
    async (h) => {
      h.deps.metrics = metrics;
      metrics.bind({ db: h.deps.db, clock: h.clock });
      for (const place of ['Kunda', 'Samod'])
        numbers.push(
          (
            await caseFixture(h.deps.db, {
              pound: 'JAI1',
              impoundedAt: '2026-11-01T10:00:00+05:30',
              place,
              heads: [['cow', 'brown']],
            }).build()
          ).number,
        );
    },
  );
  const en = inLanguage(h, 'en');
  const fake = () => h.deps.sms!.provider as FakeSmsProvider;
  const metric = async (line: string) => {
    const text = await metrics.registry.metrics();
    const m = text.split('\n').find((l) => l.startsWith(line));
    return m ? Number(m.slice(line.length).trim()) : 0;
  };

  it('loses nothing and doubles nothing', async () => {
    const outageEnds = new Date(h.clock.now().getTime() + 60_000);
    fake().failWhile = () => h.clock.now().getTime() < outageEnds.getTime();
    for (const [i, number] of numbers.entries()) {
      await h.send(keeper, `/mobile ${number}`);
      await h.send(keeper, `98290000${i}1`);
      await press(h, keeper, en('sms:record.hi'));
      expect(lastText(h, keeper)).toContain(number);
    }
    // The first 60 s: every attempt is refused; the jobs run out of attempts and fail, and the reconciler adds them
    // again while the SMS is owed.
    const start = h.clock.now().getTime();
    let revivedDuringOutage = 0;
    for (const second of [0, 20, 40]) {
      h.clock.set(new Date(start + second * 1000).toISOString());
      revivedDuringOutage += (await h.jobs!.runtime.reconcile({ full: false })).revived;
      await h.drain();
      expect(fake().sent).toHaveLength(0);
    }
    expect(revivedDuringOutage).toBeGreaterThanOrEqual(4);
    expect(fake().failures).toBeGreaterThanOrEqual(2 * 60);
    const pending = await h.deps.db.smsDelivery.findMany({ where: { status: 'PENDING' } });
    expect(pending).toHaveLength(2);
    expect(pending.every((d) => d.attempts >= 60)).toBe(true);
    expect(await metric('kanji_sms_deliveries{status="PENDING"}')).toBe(2);
    expect(await metric('kanji_sms_total{event="registered",outcome="retry"}')).toBeGreaterThanOrEqual(120);

    // The provider is back: the reconciler revives the failed jobs, and each SMS goes once.
    h.clock.set(new Date(start + 61_000).toISOString());
    const r = await h.jobs!.runtime.reconcile({ full: false });
    expect(r.revived).toBe(2);
    await h.drain();
    expect(fake().sent.map((s) => s.templateKey)).toEqual(['registered.hi', 'registered.hi']);
    expect(new Set(fake().sent.map((s) => s.to)).size).toBe(2);
    // Once more, in full: nothing is sent again.
    await h.jobs!.runtime.reconcile();
    await h.drain();
    expect(fake().sent).toHaveLength(2);
    expect(await h.deps.db.smsDelivery.count({ where: { status: 'SENT' } })).toBe(2);
    expect(await metric('kanji_sms_total{event="registered",outcome="sent"}')).toBe(2);
    expect(await metric('kanji_sms_deliveries{status="SENT"}')).toBe(2);
  });
});

describe('without SMS configuration (e2e)', () => {
  const keeper: TestUser = { id: 6301, firstName: 'Mohan', languageCode: 'en' };
  const h = botSuite({
    start: '2026-11-02T10:00:00+05:30',
    seededAt: 'now',
    staff: [[keeper, 'POUND_KEEPER', ['JAI1']]],
  });
  const en = inLanguage(h, 'en');

  it('asks no mobile number at registration and /mobile says SMS is not set up', async () => {
    expect(h.deps.sms).toBeUndefined();
    await h.send(keeper, '/help');
    expect(lastText(h, keeper)).not.toContain('/mobile');
    await h.send(keeper, '/register');
    await press(h, keeper, en('common:cattle.cow'));
    await h.send(keeper, '1');
    await h.send(keeper, 'brown');
    await press(h, keeper, en('staff:register.skip_photo_button'));
    await press(h, keeper, en('staff:register.done_button'));
    await press(h, keeper, en('staff:register.now_button'));
    await press(h, keeper, en('staff:register.seized_same_button'));
    await h.send(keeper, 'Bhanwar Lal');
    await h.send(keeper, 'Kunda village');
    await h.send(keeper, 'Ramesh Kumar');
    await h.send(keeper, 'Kunda');
    expect(lastText(h, keeper)).toBe(en('staff:register.ask.place'));
    await h.send(keeper, '/cancel');
    const c = await h.deps.db.case.findFirstOrThrow({ where: { pound: { code: 'JAI1' } } });
    await h.send(keeper, `/mobile ${c.number}`);
    expect(lastText(h, keeper)).toBe(en('sms:off'));
    expect(await h.deps.db.ownerMobile.count()).toBe(0);
  });
});
