import { describe, expect, it } from 'vitest';
import { dispatchAdmin } from '../../../src/admin/run';
import { paiseOf } from '../../../src/db';
import { botSuite, type SuiteStaff, type TestUser } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { auctionFixedThroughBot, ist } from '../../support/case-fixture';
import { lastText, press } from '../../support/press';

// s. 16 ¶2 names what is deducted, not in what order short proceeds meet it; the order is a dated per-area
// rule (DeductionOrder; default: expenses of sale, fines/penalties, feeding — src/law/README.md). The account
// states the order used. Seed: Jaipur cow penalty ₹100, feeding ₹70 a day.
const PENALTY_COW = 10000;

describe.each(await dbKinds())('s. 16 order of deductions from short proceeds (%s)', (dbKind) => {
  const officerHi: TestUser = { id: 8601, firstName: 'Rakesh', languageCode: 'hi' };
  const officerEn: TestUser = { id: 8602, firstName: 'Anil', languageCode: 'en' };
  const t = (lang: 'en' | 'hi', key: string, p?: Record<string, unknown>) => h.deps.translator.t(lang, key, p);

  const staff: SuiteStaff[] = [
    [officerHi, 'OFFICER', ['JAI1'], 'Rakesh Yadav'],
    [officerEn, 'OFFICER', ['JAI1'], 'Anil Sharma'],
  ];
  const h = botSuite({ start: '2026-11-17T09:00:00+05:30', dbKind, seededAt: ist('2026-11-01 09:00'), staff });

  /** A one-cow s. 14 case whose notice period is over, auctioned on 17.11.2026 11:00 for ₹300, expenses ₹50. */
  async function shortSale(officer: TestUser, lang: 'en' | 'hi', place: string) {
    const db = h.deps.db;
    h.clock.set('2026-11-17T09:00:00+05:30');
    const c = await auctionFixedThroughBot(h, officer, lang, { heads: [['cow', 'old, lame']], place });
    await h.send(officer, `/auction ${c.number}`);
    await press(h, officer, t(lang, 'officer:auction.register_bidder_button'));
    await h.send(officer, 'Harish Jat');
    await h.send(officer, 'Amer');
    await press(h, officer, t(lang, 'officer:auction.declaration_signed_button'));
    h.clock.set('2026-11-17T11:30:00+05:30');
    await h.send(officer, `/sale ${c.number}`);
    await press(h, officer, t(lang, 'officer:sale.bidder_button', { n: 1, name: 'Harish Jat' }));
    await h.send(officer, '300');
    await h.send(officer, '50');
    await press(h, officer, t(lang, 'officer:sale.record_button'));
    const account =
      h.api
        .sentTo(officer.id)
        .map((m) => m.text)
        .find((x) => x.includes(c.number) && x.includes('16')) ?? '';
    await h.send(officer, `/split ${c.number}`);
    const preview = lastText(h, officer);
    await press(h, officer, t(lang, 'officer:split.record_button'));
    const ledger = await db.ledgerEntry.findMany({
      where: { caseId: c.id, idempotencyKey: { startsWith: `case:${c.id}:split:` } },
    });
    return {
      c,
      account,
      preview,
      split: Object.fromEntries(ledger.map((e) => [e.account, paiseOf(e.amountPaise)])),
      total: ledger.reduce((s, e) => s + paiseOf(e.amountPaise), 0),
    };
  }

  it('no order directed: expenses, then the penalty, then feeding; the account says so (English)', async () => {
    const { account, preview, split, total } = await shortSale(officerEn, 'en', 'Kunda');
    // Act 8 of 2026 amends s. 16 only: the s. 16 account says "penalties", the s. 17 division "fines".
    expect(account).toContain('(c) penalties and charges: penalty ₹100.00');
    expect(preview).toContain(
      t('en', 'officer:split.line', { account: 'DISTRICT_MAGISTRATE', term: 'fine', amount: PENALTY_COW }),
    );
    expect(preview).toContain('• fines — to the District Magistrate: ₹100.00');
    // 17 feeding days (1–17 Nov, both counted) × ₹70 = ₹1,190 due; proceeds ₹300 − ₹50 − ₹100 = ₹150 to feeding.
    expect(split).toEqual({
      SALE_EXPENSES: 5000,
      DISTRICT_MAGISTRATE: PENALTY_COW,
      POUND_KEEPER: 30000 - 5000 - PENALTY_COW,
    });
    expect(total).toBe(30000);
    const line = t('en', 'officer:account.order.default', {
      o1: 'sale_expenses',
      o2: 'fine',
      o3: 'feeding',
      o4: 'security',
      term: 'penalty',
    });
    expect(line).toBe(
      'Order of deductions: expenses of sale → penalties (to the District Magistrate) → feeding and watering (to the pound-keeper) → security (s. 12A). s. 16 sets no order and none is directed for this area: the order in which s. 16 names them, expenses of sale first.',
    );
    expect(account).toContain(line);
  });

  it('an order directed for the area (admin, dated): feeding before the penalty from its date; the account names it (Hindi)', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const admin = {
      ...h.deps,
      t: h.deps.translator.forLang('en'),
      out: (l: string) => out.push(l),
      err: (l: string) => err.push(l),
      botUsername: 'KanjiTestBot',
    };
    expect(
      await dispatchAdmin(admin, [
        'fees',
        'add-order',
        '--area',
        'RJ-JAIPUR',
        '--from',
        '2026-11-15',
        '--order',
        'sale_expenses,fine',
        '--reference',
        'X',
      ]),
    ).toBe(2);
    expect(err.join('\n')).toContain(
      t('en', 'staff:admin.fees.bad_order', {
        value: 'sale_expenses,fine',
        kinds: 'sale_expenses,fine,feeding,security',
      }),
    );
    expect(
      await dispatchAdmin(admin, [
        'fees',
        'add-order',
        '--area',
        'RJ-JAIPUR',
        '--from',
        '2026-11-15',
        '--order',
        'sale_expenses,feeding,fine,security',
        '--reference',
        'DM Jaipur circular 7/2026',
      ]),
    ).toBe(0);
    expect(out).toContain(
      t('en', 'staff:admin.fees.order_added', {
        scope: 'RJ-JAIPUR',
        from: '2026-11-15',
        order: 'sale_expenses → feeding → fine → security',
        ref: 'DM Jaipur circular 7/2026',
      }),
    );
    const { account, preview, split, total } = await shortSale(officerHi, 'hi', 'Kukas');
    expect(account).toContain('(ग) शास्तियाँ और खर्च: शास्ति ₹100.00');
    expect(preview).toContain(
      t('hi', 'officer:split.line_short', {
        account: 'DISTRICT_MAGISTRATE',
        term: 'fine',
        amount: 0,
        due: PENALTY_COW,
        unrecovered: PENALTY_COW,
      }),
    );
    expect(preview).toContain('जुर्माने');
    // ₹300 − ₹50 expenses = ₹250, all to feeding (₹1,190 due); nothing left for the penalty.
    expect(split).toEqual({ SALE_EXPENSES: 5000, POUND_KEEPER: 25000 });
    expect(total).toBe(30000);
    const line = t('hi', 'officer:account.order.directed', {
      o1: 'sale_expenses',
      o2: 'feeding',
      o3: 'fine',
      o4: 'security',
      term: 'penalty',
      orderRef: 'DM Jaipur circular 7/2026',
    });
    expect(line).toBe(
      'कटौती का क्रम: बिक्री का व्यय → चारा-पानी का खर्च (कांजी हाउस प्रभारी को) → शास्तियाँ (जिला मजिस्ट्रेट को) → प्रतिभूति राशि (धारा 12क), इस क्षेत्र के लिए दिए गए निर्देश (DM Jaipur circular 7/2026) के अनुसार; धारा 16 में कोई क्रम नहीं दिया गया है।',
    );
    expect(account).toContain(line);
    expect(lastText(h, officerHi)).not.toBe('');
  });
});
