import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackSecret, encodeCallback } from '../../../src/callback-data';
import { botSuite, type BotHarness, type TestUser } from '../../support/bot-harness';
import { caseFixture } from '../../support/case-builder';
import { dbKinds } from '../../support/db';
import { actorOf, ist } from '../../support/case-fixture';
import { enrolStaff } from '../../support/fixtures';
import { declareAndDeliver } from '../../support/paid-case';
import { buttonsOf, data, engineDues, englishOwner, hindiOwner, lastButton, ownerHarness, t } from './owner-harness';

/**
 * What the bot tells an owner about money and deadlines, through the real bot: the sum for a later day warns that the
 * cattle may be sold by then; the cash screen names its day and an "I have paid" button from an earlier day gets
 * today's sum and a fresh button, never a refusal; a payment the keeper rejects on the auction day names the auction's
 * time, with advice that follows the way he paid.
 */
describe.each(await dbKinds())('owner: money and deadlines told as the engine applies them (%s)', (dbKind) => {
  let h: BotHarness;
  let kundaId: number;
  const keeper = { id: 7901, firstName: 'Keeper', languageCode: 'en' };
  beforeAll(async () => {
    h = await ownerHarness({ dbKind });
    await enrolStaff(h.deps.db, keeper.id, 'POUND_KEEPER', ['JAI1'], 'Amer keeper');
    kundaId = (await h.deps.db.case.findUniqueOrThrow({ where: { number: 'JAI1-2026-1' } })).id;
  });
  afterAll(() => h?.close());

  // Kunda (JAI1-2026-1) was impounded on 27 Nov 2026. Its seven days end on 4 Dec (s. 14); a notice posted at the
  // earliest, as that day ends, runs seven days from 5 Dec to 12 Dec, so a sale can come from 13 Dec.
  it('"if I come on 20 Dec": the sale may come first (from 13 Dec), and the sum holds only if it has not', async () => {
    await h.tap(englishOwner, data(h, 'wi', kundaId));
    await h.send(englishOwner, '20/12/2026');
    const en = h.api.lastTo(englishOwner.id)!.text;
    const warning = t(h, 'en', 'owner:whatif.sale_warning', {
      sale: '2026-12-13',
      date: '2026-12-20',
      section: 's. 14',
    });
    expect(warning).toContain('may be sold at public auction from 13 Dec 2026 (s. 14)');
    expect(warning).toContain('holds only if they are not sold by 20 Dec 2026');
    expect(en).toContain(warning);
    const engine = await engineDues(h, 'JAI1-2026-1', new Date('2026-12-20T12:00:00+05:30'));
    expect(en).toContain(t(h, 'en', 'owner:dues.total', { total: engine.totals.totalPaise }));
    // The first possible day of sale itself, in Hindi.
    await h.tap(hindiOwner, data(h, 'wi', kundaId));
    await h.send(hindiOwner, '१३/१२/२०२६');
    expect(h.api.lastTo(hindiOwner.id)!.text).toContain(
      t(h, 'hi', 'owner:whatif.sale_warning', { sale: '2026-12-13', date: '2026-12-13', section: 'धारा 14' }),
    );
  });

  it('a day before any sale can come gets the sum with no warning', async () => {
    await h.tap(hindiOwner, data(h, 'wi', kundaId));
    await h.send(hindiOwner, '१२/१२/२०२६');
    const text = h.api.lastTo(hindiOwner.id)!.text;
    expect(text).toContain(t(h, 'hi', 'owner:whatif.header', { date: '2026-12-12' }));
    expect(text).not.toContain('नीलामी में बेचे जा सकते हैं');
  });

  it('the cash screen names its day; the next day the old "I have paid" button gives today’s sum and a fresh button', async () => {
    await h.tap(englishOwner, data(h, 'cl', kundaId));
    await h.tap(englishOwner, lastButton(h, englishOwner.id, 'who')!.data);
    await h.send(englishOwner, 'Sunita Devi');
    await h.tap(englishOwner, lastButton(h, englishOwner.id, 'hda')!.data);
    await h.tap(englishOwner, lastButton(h, englishOwner.id, 'pm')!.data);
    const cash = h.api.lastTo(englishOwner.id)!;
    const first = (await engineDues(h, 'JAI1-2026-1', h.clock.now())).totals.totalPaise;
    expect(cash.text).toContain(`This is the sum for today, 29 Nov 2026`);
    const old = buttonsOf(cash.payload)[0]!;
    expect(old.text).toBe(t(h, 'en', 'owner:pay.paid_button', { amount: first }));

    // He pays at the pound the next day and taps the button he has.
    h.clock.set('2026-11-30T11:00:00+05:30');
    const today = (await engineDues(h, 'JAI1-2026-1', h.clock.now())).totals.totalPaise;
    expect(today).toBeGreaterThan(first);
    await h.tap(englishOwner, old.data);
    const stale = h.api.lastTo(englishOwner.id)!;
    expect(stale.text).toBe(
      t(h, 'en', 'owner:pay.stale_amount', { was: first, amount: today, day: '2026-11-30', section: 's. 13' }),
    );
    expect(stale.text).not.toContain('tell me again');
    expect(await h.deps.db.payment.count({ where: { caseId: kundaId } })).toBe(0);
    const fresh = buttonsOf(stale.payload)[0]!;
    expect(fresh.text).toBe(t(h, 'en', 'owner:pay.paid_button', { amount: today }));

    // Typing the sum is understood too (the question is open again); here he taps the fresh button.
    await h.tap(englishOwner, fresh.data);
    const said = h.api.lastTo(englishOwner.id)!.text;
    expect(said).toBe(
      t(h, 'en', 'owner:pay.declared', {
        amount: today,
        number: 'JAI1-2026-1',
        method: t(h, 'en', 'owner:pay.method_CASH'),
      }),
    );
    expect(said).toContain('This message is NOT a receipt');
    const p = await h.deps.db.payment.findFirstOrThrow({ where: { caseId: kundaId } });
    expect([p.status, Number(p.amountPaise)]).toEqual(['PENDING', today]);
  });

  it('after a stale button, the owner may type the sum he paid instead', async () => {
    const nangal = await h.deps.db.case.findFirstOrThrow({ where: { placeOfSeizure: 'Nangal' } });
    h.clock.set('2026-11-30T11:00:00+05:30');
    await h.tap(hindiOwner, data(h, 'cl', nangal.id));
    await h.tap(hindiOwner, lastButton(h, hindiOwner.id, 'who')!.data);
    await h.send(hindiOwner, 'रमेश चौधरी');
    const heads = lastButton(h, hindiOwner.id, 'hda');
    if (heads) await h.tap(hindiOwner, heads.data);
    await h.tap(hindiOwner, lastButton(h, hindiOwner.id, 'pm')!.data);
    expect(h.api.lastTo(hindiOwner.id)!.text).toContain('यह आज, 30 नवंबर 2026 की राशि है');
    const old = buttonsOf(h.api.lastTo(hindiOwner.id)!.payload)[0]!;
    h.clock.set('2026-12-01T10:00:00+05:30');
    await h.tap(hindiOwner, old.data);
    const today = (await engineDues(h, nangal.number, h.clock.now())).totals.totalPaise;
    expect(h.api.lastTo(hindiOwner.id)!.text).toContain(`आज, 1 दिसंबर 2026 की राशि`);
    await h.send(hindiOwner, String(today / 100));
    expect(h.api.lastTo(hindiOwner.id)!.text).toBe(
      t(h, 'hi', 'owner:pay.declared', {
        amount: today,
        number: nangal.number,
        method: t(h, 'hi', 'owner:pay.method_CASH'),
      }),
    );
  });
});

const AMER_HI = 'आमेर कांजी हाउस';
const AMER_ADDRESS = 'Near Tehsil Office, Amer, Jaipur';

describe.each(await dbKinds())('owner: a payment rejected on the day of the auction (%s)', (dbKind) => {
  const officer: TestUser = { id: 7911, firstName: 'Vikram', languageCode: 'en' };
  const keeper: TestUser = { id: 7912, firstName: 'Suresh', languageCode: 'en' };
  const owner: TestUser = { id: 7913, firstName: 'Ramesh', languageCode: 'hi' };
  let caseId: number;
  let number: string;
  const h = botSuite(
    {
      dbKind,
      start: '2026-11-17T08:00:00+05:30',
      seededAt: ist('2026-11-01 09:00'),
      jobs: true,
      staff: [
        [officer, 'OFFICER', ['JAI1'], 'Vikram Singh'],
        [keeper, 'POUND_KEEPER', ['JAI1'], 'Suresh Kumar'],
      ],
    },
    async (h) => {
      const act = await actorOf(h.deps.db, officer.id);
      // Auction fixed for 17 Nov, 11:00 (case-builder's toS14Auction), at the pound as a Hindi officer's button
      // stores it: the pound's Hindi name.
      const c = await caseFixture(h.deps.db, {
        pound: 'JAI1',
        impoundedAt: '2026-11-01T10:00:00+05:30',
        heads: [['cow', 'red, white tail']],
      })
        .toS14Auction(act, { place: `${AMER_HI}, ${AMER_ADDRESS}` })
        .build();
      caseId = c.id;
      number = c.number;
    },
  );

  it('names the auction time and sends a cash payer to the pound first', async () => {
    await h.drain();
    const { paymentId } = await declareAndDeliver(h, { caseId, owner, method: 'CASH', upiRef: null });
    await h.tap(keeper, encodeCallback(callbackSecret(h.deps.config), 'pc', 'no', paymentId));
    await h.send(keeper, 'no cash received');
    await h.drain();
    const p = await h.deps.db.payment.findUniqueOrThrow({ where: { id: paymentId } });
    const texts = h.api.sentTo(owner.id).map((m) => m.text);
    expect(texts).toContain(
      t(h, 'hi', 'staff:owner.payment_rejected_CASH', {
        count: 1,
        caseNumber: number,
        amount: Number(p.amountPaise),
        reason: 'no cash received',
      }),
    );
    // One cow: the texts read singular.
    expect(texts.join('\n')).toContain('आपका पशु अभी कांजी हाउस में है।');
    const auctionDay = t(h, 'hi', 'staff:owner.rejected_auction_today_CASH', {
      count: 1,
      caseNumber: number,
      at: ist('2026-11-17 11:00').toISOString(),
      place: `${AMER_HI}, ${AMER_ADDRESS}`,
    });
    expect(auctionDay).toContain('आज, 17 नवंबर 2026, सुबह 11:00 बजे');
    expect(auctionDay).toContain('प्रभारी को नकद भुगतान करें');
    expect(texts).toContain(auctionDay);
    expect(texts.join('\n')).not.toContain('UPI');
  });

  it('an English reader of the card gets the pound picked as the place in English', async () => {
    const reader: TestUser = { id: 7914, firstName: 'Sunita', languageCode: 'en' };
    await h.send(reader, `/case ${number}`);
    expect(h.api.lastTo(reader.id)!.text).toContain(
      t(h, 'en', 'owner:next.auction_at', {
        count: 1,
        at: ist('2026-11-17 11:00').toISOString(),
        place: `Amer Pound, ${AMER_ADDRESS}`,
      }),
    );
  });
});
