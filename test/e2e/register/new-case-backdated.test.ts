import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToOutbox } from '../../../src/services/outbox';
import { createBotHarness, type BotHarness } from '../../support/bot-harness';
import { createCase, seedPounds } from '../../integration/jobs/cases';
import { ist } from '../../support/case-fixture';

// A register entry made late (back-dated): its seven days for claiming (s. 14) have already run. The
// new-case alert must not tell village subscribers to claim "by" a day that has passed; it says the period
// is over and that the cattle can be claimed until sold. A fresh entry keeps the "claim by" date.
describe('new-case alert for a back-dated entry (e2e, jobs)', () => {
  let h: BotHarness;
  const HI = 9501;
  const EN = 9502;
  const t = (lang: 'en' | 'hi', key: string, p?: Record<string, unknown>) => h.deps.translator.t(lang, key, p);
  const params = (lang: 'en' | 'hi', number: string, impoundedAt: Date, claimBy: string) => ({
    number,
    place: 'Kunda',
    pound: lang === 'hi' ? 'आमेर कांजी हाउस' : 'Amer Pound',
    count: 2,
    cattle: ['buffalo', 'cow']
      .map((cls) =>
        t(lang, 'jobs:notice.cattle_count', { count: 1, cattle: t(lang, `common:cattle.${cls}`, { count: 1 }) }),
      )
      .join(', '),
    impoundedAt: impoundedAt.toISOString(),
    claimBy,
  });

  beforeAll(async () => {
    h = await createBotHarness({ start: '2026-11-29T10:00:00+05:30', jobs: true });
    const db = h.deps.db;
    await seedPounds(db, ist('2026-11-01 09:00'));
    for (const [id, language] of [
      [HI, 'hi'],
      [EN, 'en'],
    ] as const) {
      await db.telegramUser.create({ data: { id: BigInt(id), language } });
      await db.subscription.create({
        data: { telegramUserId: BigInt(id), kind: 'VILLAGE', villageKey: 'kunda', filter: '' },
      });
    }
  });
  afterAll(() => h?.close());

  it('back-dated 10 days: "the seven days ended with 26 Nov … claim until sold", in Hindi and English', async () => {
    // Impounded 19 Nov: seven days from it end with 26 Nov (GCA s. 9: the first day excluded).
    const impoundedAt = ist('2026-11-19 10:00');
    const c = await createCase(h.deps.db, { impoundedAt, place: 'Kunda', planAt: h.clock.now() });
    await addToOutbox(
      h.deps.db,
      { name: 'broadcast', payload: { kind: 'new_case', caseId: c.id } },
      `case:${c.id}:broadcast:new_case`,
      h.clock.now(),
    );
    await h.drain();
    const hi = h.api.sentTo(HI).map((m) => m.text);
    const en = h.api.sentTo(EN).map((m) => m.text);
    expect(hi).toEqual([
      t('hi', 'jobs:broadcast.new_case_period_over', params('hi', c.number, impoundedAt, '2026-11-26')),
    ]);
    expect(en).toEqual([
      t('en', 'jobs:broadcast.new_case_period_over', params('en', c.number, impoundedAt, '2026-11-26')),
    ]);
    expect(en[0]).toContain('until they are sold');
    expect(en[0]).not.toContain('by 26 Nov');
  });

  it('a fresh entry still says "claim by" its last day', async () => {
    const impoundedAt = ist('2026-11-29 08:00');
    const c = await createCase(h.deps.db, { impoundedAt, place: 'Kunda' });
    await addToOutbox(
      h.deps.db,
      { name: 'broadcast', payload: { kind: 'new_case', caseId: c.id } },
      `case:${c.id}:broadcast:new_case`,
      h.clock.now(),
    );
    await h.drain();
    expect(h.api.lastTo(EN)!.text).toBe(
      t('en', 'jobs:broadcast.new_case', params('en', c.number, impoundedAt, '2026-12-06')),
    );
    expect(h.api.lastTo(HI)!.text).toBe(
      t('hi', 'jobs:broadcast.new_case', params('hi', c.number, impoundedAt, '2026-12-06')),
    );
  });
});
