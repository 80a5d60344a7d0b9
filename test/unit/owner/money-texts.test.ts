import { beforeAll, describe, expect, it } from 'vitest';
import { auctionWordsIn, createTranslator, type Lang, type Translator } from '../../../src/i18n';
import { saleMayComeBy, type NextDeadline } from '../../../src/services/next-deadline';

/**
 * Texts that tell an owner about money or a deadline say what the engine does: a declared payment or deposit is not
 * a receipt, every s. 15 text says what follows the s. 20 last day, and the auction's place and conditions reach each
 * reader in his own language, once punctuated.
 */
describe('owner texts about money and deadlines', () => {
  let tr: Translator;
  beforeAll(async () => {
    tr = await createTranslator({ strict: true });
  });
  const at = '2026-11-29T10:35:00.000Z';

  it('a declared payment or deposit is not a receipt and the keeper will confirm; a deposit is called a deposit', () => {
    const p = { amount: 123_450, number: 'JAI1-2026-7', method: 'UPI' };
    for (const key of ['owner:pay.declared', 'owner:pay.declared_deposit']) {
      expect(tr.t('en', key, p), key).toContain('This message is NOT a receipt');
      expect(tr.t('en', key, p), key).toMatch(/pound-keeper has been asked to check .* and confirm it/);
      expect(tr.t('hi', key, p), key).toContain('यह संदेश रसीद नहीं है');
      expect(tr.t('hi', key, p), key).toContain('पुष्टि करें');
    }
    for (const key of ['owner:pay.declared_deposit', 'owner:pay.declared_deposit_no_keeper']) {
      expect(tr.t('en', key, p), key).toContain('you deposited ₹1,234.50 under protest');
      expect(tr.t('en', key, p), key).not.toContain('you paid');
      expect(tr.t('hi', key, p), key).toContain('₹1,234.50 आपत्ति सहित जमा किए');
      expect(tr.t('hi', key, p), key).not.toContain('का भुगतान किया');
    }
  });

  it('every s. 15 text that names the s. 20 last day says what follows it: the deposit waits for the order', () => {
    const p = {
      number: 'R-1',
      caseNumber: 'JAI1-2026-7',
      amount: 1000,
      fine: 600,
      feeding: 400,
      security: 0,
      term: 'fine',
      headCount: 1,
      at,
      code: 'AB12CD34',
      link: 'https://x',
      lastDay: '2026-12-07',
      date: '2026-12-07',
      receiptNumber: 'R-1',
      list: 'x',
      count: 2,
    };
    const keys = [
      'receipt:owner.s15',
      'receipt:owner.s15_itemised',
      'receipt:owner.s15_security',
      'receipt:owner.s15_part',
      'receipt:owner.s15_part_itemised',
      'receipt:owner.s15_part_security',
      'staff:owner.released_s15',
      'staff:owner.released_part_s15',
      'jobs:complaint.early',
      'jobs:complaint.last_day',
      'owner:next.complaint_by',
    ];
    for (const key of keys) {
      const en = tr.t('en', key, p);
      expect(en, key).toContain('After that day a complaint is too late');
      expect(en, key).toContain('until the Magistrate orders it kept as the fine and charges or returned to you');
      const hi = tr.t('hi', key, p);
      expect(hi, key).toContain('उस दिन के बाद परिवाद का समय निकल जाता है');
      expect(hi, key).toContain('जब तक मजिस्ट्रेट उसे जुर्माने और खर्च के रूप में रखने या आपको लौटाने का आदेश न दें');
    }
    expect(tr.t('en', 'owner:protest.explain', { ...p, fine: 'fine', count: 10 })).toContain(
      'After that last day a complaint is too late',
    );
    expect(tr.t('hi', 'owner:protest.explain', { ...p, fine: 'जुर्माना', count: 10 })).toContain(
      'उस अंतिम तिथि के बाद परिवाद का समय निकल जाता है',
    );
  });

  it('the usual conditions and the pound as the place, picked by an officer in Hindi, read in English', () => {
    const pound = { name: 'Amer Kanji House', nameHi: 'आमेर कांजी हाउस', address: 'Near Bus Stand, Amer' };
    const t = (l: Lang, k: string) => tr.t(l, k);
    const fromHindi = {
      place: 'आमेर कांजी हाउस, Near Bus Stand, Amer',
      conditions: t('hi', 'officer:auction.usual_conditions'),
    };
    const en = auctionWordsIn('en', fromHindi, pound, t);
    expect(en.place).toBe('Amer Kanji House, Near Bus Stand, Amer');
    expect(en.conditions).toBe(
      'Payment in cash on the fall of the hammer; the buyer takes the animal away the same day',
    );
    expect(en.conditions).not.toMatch(/[\u0900-\u097F]/);
    const hi = auctionWordsIn('hi', fromHindi, pound, t);
    expect(hi.place).toBe('आमेर कांजी हाउस, Near Bus Stand, Amer');
    // The template puts "।" after the conditions: one, never two.
    const text = tr.t('hi', 'jobs:broadcast.auction', {
      count: 1,
      cattle: 'भैंस',
      number: 'N',
      pound: pound.nameHi,
      at,
      auctionPlace: hi.place,
      conditions: hi.conditions,
    });
    expect(text).toContain('शर्तें: बोली समाप्त होते ही नकद भुगतान; खरीदार उसी दिन पशु ले जाएगा। ');
    expect(text).not.toContain('।।');
    // What the officer typed is his own words, as typed (without a final stop).
    expect(auctionWordsIn('en', { place: 'Haat ground, Chomu', conditions: 'नकद।' }, pound, t)).toEqual({
      place: 'Haat ground, Chomu',
      conditions: 'नकद',
    });
  });

  it('a what-if day on or after the first possible sale day is told the sale may come first', () => {
    const auctionAt: NextDeadline = {
      kind: 'auction_at',
      section: 's. 14',
      at: new Date('2026-12-10T11:00:00+05:30'),
      place: 'x',
    };
    expect(saleMayComeBy(auctionAt, '2026-12-09')).toBeNull();
    expect(saleMayComeBy(auctionAt, '2026-12-10')).toBe('2026-12-10');
    expect(saleMayComeBy(auctionAt, '2026-12-20')).toBe('2026-12-10');
    const from: NextDeadline = { kind: 'auction_from', section: 's. 14', date: '2026-12-08' };
    expect(saleMayComeBy(from, '2026-12-07')).toBeNull();
    expect(saleMayComeBy(from, '2026-12-08')).toBe('2026-12-08');
    const claimBy: NextDeadline = {
      kind: 'claim_by',
      section: 's. 14',
      date: '2026-12-03',
      dueAt: new Date('2026-12-04T00:00:00+05:30'),
      saleFrom: '2026-12-11',
    };
    expect(saleMayComeBy(claimBy, '2026-12-05')).toBeNull();
    expect(saleMayComeBy(claimBy, '2026-12-11')).toBe('2026-12-11');
    expect(saleMayComeBy({ kind: 'claim_rest', section: 's. 13' }, '2026-12-05')).toBe('2026-12-05');
    expect(saleMayComeBy({ kind: 'none' }, '2026-12-05')).toBeNull();
    expect(saleMayComeBy(null, '2026-12-05')).toBeNull();
  });
});
