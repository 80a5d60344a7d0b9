import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followCase, MY_CASES_SHOWN, subscribersForCase } from '../../../src/services/subscriptions';
import { caseFixture } from '../../support/case-builder';
import type { BotHarness } from '../../support/bot-harness';
import { buttonsOf, data, englishOwner, hindiOwner, lastButton, ownerHarness, t } from './owner-harness';

/** Following a case, /mycases, and village alerts with a description filter. */
describe('owner: follow cases and villages', () => {
  let h: BotHarness;
  let kunda: { id: number };
  let samod: { id: number };
  beforeAll(async () => {
    h = await ownerHarness();
    kunda = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-1' } });
    samod = await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI2-2026-1' } });
  });
  afterAll(() => h?.close());

  it('/mycases is empty at first, then lists a followed case with a button to open it', async () => {
    await h.send(englishOwner, '/mycases');
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'owner:mycases.empty'));

    await h.send(englishOwner, '/case JAI1-2026-1');
    const follow = lastButton(h, englishOwner.id, 'fw')!;
    expect(follow.text).toBe(t(h, 'en', 'owner:case.follow_button'));
    await h.tap(englishOwner, follow.data);
    expect(h.api.lastTo(englishOwner.id)!.text).toBe(t(h, 'en', 'owner:follow.on', { number: 'JAI1-2026-1' }));
    // Tapping twice keeps one subscription.
    await h.tap(englishOwner, follow.data);
    expect(
      await h.deps.db.subscription.count({ where: { telegramUserId: BigInt(englishOwner.id), kind: 'CASE' } }),
    ).toBe(1);

    await h.send(englishOwner, '/mycases');
    const mine = h.api.lastTo(englishOwner.id)!;
    expect(mine.text).toContain(
      t(h, 'en', 'owner:mycases.line', {
        number: 'JAI1-2026-1',
        status: t(h, 'en', 'common:status.IMPOUNDED'),
        place: 'Kunda',
        date: '2026-11-27',
      }),
    );
    expect(buttonsOf(mine.payload)[0]!.data).toBe(data(h, 'cs', kunda.id));
    expect(await subscribersForCase(h.deps.db, kunda.id)).toEqual([BigInt(englishOwner.id)]);

    await h.send(englishOwner, '/case JAI1-2026-1');
    const unfollow = lastButton(h, englishOwner.id, 'fw')!;
    expect(unfollow.text).toBe(t(h, 'en', 'owner:case.unfollow_button'));
    await h.tap(englishOwner, unfollow.data);
    expect(await subscribersForCase(h.deps.db, kunda.id)).toEqual([]);
  });

  it('Hindi owner subscribes to a village (typed in Devanagari) with a filter; only matching impoundings alert', async () => {
    await h.send(hindiOwner, '/subscribe');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'owner:subscribe.ask_village'));
    await h.send(hindiOwner, 'सामोद');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'owner:subscribe.ask_filter'));
    await h.send(hindiOwner, 'बकरी');
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(
      t(h, 'hi', 'owner:subscribe.done_filter', { village: 'सामोद', filter: 'बकरी' }),
    );
    // "Samod" in the register, "सामोद" in the subscription; goats in the case, "बकरी" in the filter.
    expect(await subscribersForCase(h.deps.db, samod.id)).toEqual([BigInt(hindiOwner.id)]);
    expect(await subscribersForCase(h.deps.db, kunda.id)).toEqual([]);

    // A buffalo-only subscriber of the same village is not alerted about goats.
    const other = { id: 9199, firstName: 'Other', languageCode: 'en' };
    await h.send(other, '/subscribe Samod');
    await h.send(other, 'buffalo');
    expect(await subscribersForCase(h.deps.db, samod.id)).toEqual([BigInt(hindiOwner.id)]);
    // "All cattle" matches everything from the village.
    await h.send(other, '/subscribe Kunda');
    await h.tap(other, lastButton(h, other.id, 'sa')!.data);
    expect(h.api.lastTo(other.id)!.text).toBe(t(h, 'en', 'owner:subscribe.done_all', { village: 'Kunda' }));
    expect(await subscribersForCase(h.deps.db, kunda.id)).toEqual([BigInt(other.id)]);

    await h.send(hindiOwner, '/mycases');
    const mine = h.api.lastTo(hindiOwner.id)!;
    expect(mine.text).toContain(t(h, 'hi', 'owner:mycases.village_line', { village: 'सामोद', filter: 'बकरी' }));
    const stop = buttonsOf(mine.payload).find((b) => b.data.startsWith('us|'))!;
    // Another user cannot cancel it with the same button.
    await h.tap(englishOwner, stop.data);
    expect(await subscribersForCase(h.deps.db, samod.id)).toEqual([BigInt(hindiOwner.id)]);
    await h.tap(hindiOwner, stop.data);
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(t(h, 'hi', 'owner:mycases.stopped', { village: 'सामोद' }));
    expect(await subscribersForCase(h.deps.db, samod.id)).toEqual([]);
  });

  it('an owner who follows more cases than /mycases lists sees the newest, one button each, and how many older ones to open by number (hi)', async () => {
    const owner = { id: 9277, firstName: 'Kamla', languageCode: 'hi' };
    await h.send(owner, '/start');
    const numbers: string[] = [];
    for (let d = 1; d <= MY_CASES_SHOWN + 3; d++) {
      // One a day in September: the later the day, the newer the case.
      const c = await caseFixture(h.deps.db, {
        pound: 'JAI1',
        impoundedAt: `2026-09-${String(d).padStart(2, '0')}T10:00:00+05:30`,
        heads: [['goat', 'white']],
      }).build();
      await followCase(h.deps.db, BigInt(owner.id), c.id);
      numbers.push(c.number);
    }
    await h.send(owner, '/mycases');
    const mine = h.api.lastTo(owner.id)!;
    const newest = numbers.slice(3).reverse();
    expect(buttonsOf(mine.payload).map((b) => b.text)).toEqual(
      newest.map((number) => t(h, 'hi', 'owner:mycases.open_button', { number })),
    );
    for (const old of numbers.slice(0, 3)) expect(mine.text).not.toContain(old);
    expect(mine.text).toContain(t(h, 'hi', 'owner:mycases.more', { count: 3 }));
    expect(mine.text).toContain('और 3 पुराने प्रकरण');
  });
});
