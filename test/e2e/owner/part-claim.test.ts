import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '../../../src/i18n';
import type { BotHarness } from '../../support/bot-harness';
import { caseFixture } from '../../support/case-builder';
import { dbKinds } from '../../support/db';
import { enrolStaff } from '../../support/fixtures';
import { flushOutbox } from '../../support/outbox';
import { press } from '../../support/press';
import { buttonsOf, data, englishOwner, hindiOwner, ownerHarness, t } from './owner-harness';

const keeper = { id: 7801, firstName: 'Keeper Amer', languageCode: 'en' };

/**
 * One register entry, several owners, on the real bot: three heads of two classes; Sunita (en)
 * says the cow is hers, pays for it alone, the keeper confirms by replying "ok", and she gets a receipt for her
 * cow's dues and the cow back — the case stays open with the buffaloes. Ramesh (hi) then claims "all of them" (the
 * two buffaloes left), pays, the keeper confirms with the card's button and releases: RELEASED_S13.
 *
 * Dues by hand (demo rates of JAI1, area RJ-JAIPUR, src/db/seed.ts): impounded 27 Nov 2026 11:00 IST, claimed
 * 29 Nov 2026 10:00 IST (the harness clock) → 3 feeding days (27, 28, 29 Nov: both ends counted, s. 5 rule); the
 * s. 12 scale in force on 27 Nov is the 1 June 2026 one, the s. 5 rate the 1 Oct 2026 one.
 *   cow:      fine ₹100 + 3 days × ₹70 = 10000 + 21000 = 31000 paise (₹310.00)
 *   buffalo:  fine ₹200 + 3 days × ₹90 = 20000 + 27000 = 47000 paise; two of them 94000 paise (₹940.00)
 */
const COW = 10000 + 3 * 7000;
const TWO_BUFFALOES = 2 * (20000 + 3 * 9000);

// The bot on PGlite (the e2e default) and, when the test Postgres is up, the money on Postgres too.
describe.each(await dbKinds())(
  'owner: each owner of a mixed entry claims and pays for his own heads (ss. 13, 15) on %s',
  (dbKind) => {
    let h: BotHarness;
    let c: { id: number; number: string };
    beforeAll(async () => {
      h = await ownerHarness({ dbKind });
      await enrolStaff(h.deps.db, keeper.id, 'POUND_KEEPER', ['JAI1'], 'Amer keeper');
      await h.send(keeper, '/help');
      c = await caseFixture(h.deps.db, {
        pound: 'JAI1',
        impoundedAt: '2026-11-27T11:00:00+05:30',
        place: 'Achrol',
        heads: [
          ['cow', 'black, white star'],
          ['buffalo', 'black, curved horns'],
          ['buffalo', 'brown'],
        ],
      }).build();
    });
    afterAll(() => h?.close());

    const statusOf = async () => (await h.deps.db.case.findUniqueOrThrow({ where: { id: c.id } })).status;
    const lastText = (id: number) => h.api.lastTo(id)!.text;

    it('Sunita picks her cow, is told the dues of that head only, pays, and gets a receipt and her cow; the case goes on', async () => {
      await h.tap(englishOwner, data(h, 'cl', c.id));
      await press(h, englishOwner, t(h, 'en', 'owner:claim.owner_button'));
      await h.send(englishOwner, 'Sunita Devi');
      expect(lastText(englishOwner.id)).toBe(
        `${t(h, 'en', 'owner:heads.ask', { number: c.number, count: 3 })}\n\n${t(h, 'en', 'owner:heads.none_yet')}`,
      );
      // "Done" with nothing chosen is not a claim (ss. 13, 15).
      await press(h, englishOwner, 'Done');
      expect(await h.deps.db.claimHead.count()).toBe(0);
      await press(h, englishOwner, 'Cow, black, white star');
      expect(lastText(englishOwner.id)).toContain('Yours so far (1 animal): Cow, black, white star');
      await press(h, englishOwner, 'Done');

      const choice = lastText(englishOwner.id);
      expect(choice).toContain(t(h, 'en', 'owner:heads.yours', { count: 1, list: 'Cow, black, white star' }));
      expect(choice).toContain(
        t(h, 'en', 'owner:pay.choose', {
          what: t(h, 'en', 'owner:pay.what_payment'),
          number: c.number,
          amount: COW,
          section: 's. 13',
        }),
      );
      expect(choice).toContain('₹310.00');
      expect(choice).not.toContain('buffalo');

      await press(h, englishOwner, t(h, 'en', 'owner:pay.cash_button'));
      await press(h, englishOwner, t(h, 'en', 'owner:pay.paid_button', { amount: COW }));
      expect(lastText(englishOwner.id)).toContain(
        t(h, 'en', 'owner:pay.declared', {
          amount: COW,
          number: c.number,
          method: t(h, 'en', 'owner:pay.method_CASH'),
        }),
      );
      // A part declaration leaves the case's status alone.
      expect(await statusOf()).toBe('IMPOUNDED');

      await flushOutbox(h.deps, h.bot.api);
      const card = [...h.api.sentTo(keeper.id)]
        .reverse()
        .find((m) => m.text.includes(c.number) && m.text.includes('of this owner only'))!;
      expect(card.text).toContain('The head of this owner only: 1. black, white star');
      expect(card.text).toContain('₹310.00');
      await h.reply(keeper, card.messageId, 'ok');
      const paid = await h.deps.db.payment.findFirstOrThrow({
        where: { caseId: c.id, payerTelegramId: BigInt(englishOwner.id) },
        include: { receipt: true },
      });
      expect([paid.status, paid.part, Number(paid.amountPaise)]).toEqual(['CONFIRMED', true, COW]);
      // The keeper is told to hand over that head only; the two others stay.
      expect(h.api.sentTo(keeper.id).map((m) => m.text)).toContain(
        t(h, 'en', 'staff:confirm.part_released', {
          caseNumber: c.number,
          amount: COW,
          receiptNumber: paid.receipt!.number,
          count: 1,
          left: 2,
        }),
      );

      await flushOutbox(h.deps, h.bot.api);
      const toSunita = h.api.sentTo(englishOwner.id).map((m) => m.text);
      const receipt = toSunita.find((x) => x.includes(paid.receipt!.number) && x.includes(formatRupees(COW, 'en')))!;
      expect(receipt).toBeDefined();
      expect(receipt).not.toContain(formatRupees(COW + TWO_BUFFALOES, 'en'));
      // Her receipt names her head, and says it covers only that one — not the co-owner's buffaloes.
      expect(receipt).toContain(t(h, 'en', 'receipt:owner.part_heads', { count: 1, heads: 'Cow, black, white star' }));
      expect(receipt).not.toMatch(/buffalo|curved horns|brown/i);
      // /verify says the same to anyone who checks it.
      await h.send(keeper, `/verify ${paid.receipt!.verificationCode}`);
      expect(lastText(keeper.id)).toContain(
        t(h, 'en', 'owner:verify.part_heads', { count: 1, list: 'Cow, black, white star' }),
      );
      const release = await h.deps.db.release.findFirstOrThrow({ where: { caseId: c.id } });
      expect(toSunita).toContain(
        t(h, 'en', 'staff:owner.released_part_s13', {
          caseNumber: c.number,
          count: 1,
          list: '1. black, white star',
          left: 2,
          at: h.clock.now().toISOString(),
          receiptNumber: paid.receipt!.number,
        }),
      );
      expect([release.claimId, release.headCount]).toEqual([paid.claimId, 1]);
      // one animal of his own: the button reads singular
      await press(h, englishOwner, t(h, 'en', 'staff:owner.ack_button', { count: 1 }));
      expect((await h.deps.db.release.findUniqueOrThrow({ where: { id: release.id } })).acknowledgedAt).not.toBeNull();

      // The case is not released: the buffaloes are still in the pound and the card still shows them.
      expect(await statusOf()).toBe('IMPOUNDED');
      expect(
        (await h.deps.db.head.findMany({ where: { caseId: c.id }, orderBy: { index: 'asc' } })).map((x) => x.status),
      ).toEqual(['RELEASED', 'IMPOUNDED', 'IMPOUNDED']);
      await h.tap(hindiOwner, data(h, 'cs', c.id));
      expect(lastText(hindiOwner.id)).toContain('black, curved horns');
      expect(lastText(hindiOwner.id)).toContain('brown');
    });

    it('Ramesh (hi) claims the two buffaloes left ("all of them"), pays, the keeper confirms by button and releases', async () => {
      await h.tap(hindiOwner, data(h, 'cl', c.id));
      await press(h, hindiOwner, t(h, 'hi', 'owner:claim.owner_button'));
      await h.send(hindiOwner, 'रमेश कुमार');
      expect(lastText(hindiOwner.id)).toBe(
        `${t(h, 'hi', 'owner:heads.ask', { number: c.number, count: 2 })}\n\n${t(h, 'hi', 'owner:heads.none_yet')}`,
      );
      // The cow went home: only the buffaloes are offered, one toggle each, then "All of them" and "Done".
      const buffalo = t(h, 'hi', 'common:cattle.buffalo');
      expect(buttonsOf(h.api.lastTo(hindiOwner.id)!.payload).map((b) => b.text)).toEqual([
        `${buffalo}, black, curved horns`,
        `${buffalo}, brown`,
        t(h, 'hi', 'owner:heads.all_button'),
        t(h, 'hi', 'owner:heads.done_button'),
      ]);
      await press(h, hindiOwner, t(h, 'hi', 'owner:heads.all_button'));
      const choice = lastText(hindiOwner.id);
      expect(choice).toContain(
        t(h, 'hi', 'owner:pay.choose', {
          what: t(h, 'hi', 'owner:pay.what_payment'),
          number: c.number,
          amount: TWO_BUFFALOES,
          section: t(h, 'hi', 'common:section', { n: '13' }),
        }),
      );
      expect(choice).toContain(formatRupees(TWO_BUFFALOES, 'hi'));

      await press(h, hindiOwner, t(h, 'hi', 'owner:pay.cash_button'));
      await press(h, hindiOwner, t(h, 'hi', 'owner:pay.paid_button', { amount: TWO_BUFFALOES }));
      expect(lastText(hindiOwner.id)).toBe(
        t(h, 'hi', 'owner:pay.declared', {
          amount: TWO_BUFFALOES,
          number: c.number,
          method: t(h, 'hi', 'owner:pay.method_CASH'),
        }),
      );
      // The rest of the entry: the case's own path.
      expect(await statusOf()).toBe('PAYMENT_PENDING');

      await flushOutbox(h.deps, h.bot.api);
      await press(h, keeper, t(h, 'en', 'card:payment.confirm'));
      const paid = await h.deps.db.payment.findFirstOrThrow({
        where: { caseId: c.id, payerTelegramId: BigInt(hindiOwner.id) },
        include: { receipt: true },
      });
      expect([paid.status, paid.part, Number(paid.amountPaise), paid.confirmedSlot]).toEqual([
        'CONFIRMED',
        false,
        TWO_BUFFALOES,
        `${c.id}:S13_PAYMENT`,
      ]);
      await flushOutbox(h.deps, h.bot.api);
      const receipt = h.api
        .sentTo(hindiOwner.id)
        .find((m) => m.text.includes(paid.receipt!.number) && m.text.includes(formatRupees(TWO_BUFFALOES, 'hi')))!;
      // The rest of the entry is the case's own payment: its receipt names no heads, like the receipt PDF.
      expect(receipt.text).not.toContain(t(h, 'hi', 'receipt:owner.part_heads', { count: 2, heads: '' }).split(':')[0]);

      await h.send(keeper, `/release ${c.number}`);
      expect(await statusOf()).toBe('RELEASED_S13');
      const releases = await h.deps.db.release.findMany({ where: { caseId: c.id }, orderBy: { id: 'asc' } });
      expect(releases.map((r) => [r.slot, r.headCount])).toEqual([
        [releases[0]!.claimId, 1],
        [0, 2],
      ]);
      // Per owner: each paid the dues of his own heads; the case received the dues of all three.
      const ledger = await h.deps.db.ledgerEntry.findMany({
        where: { caseId: c.id, account: 'OWNER_PAYMENT' },
        orderBy: { id: 'asc' },
      });
      expect(ledger.map((e) => Number(e.amountPaise))).toEqual([COW, TWO_BUFFALOES]);
    });

    it('a Hindi owner who pays for one buffalo of a new entry gets a receipt naming that buffalo only, in Hindi (and /verify says so)', async () => {
      const c2 = await caseFixture(h.deps.db, {
        pound: 'JAI1',
        impoundedAt: '2026-11-27T11:00:00+05:30',
        place: 'Achrol',
        heads: [
          ['buffalo', 'grey, broken horn'],
          ['cow', 'red, white tail'],
        ],
      }).build();
      await h.tap(hindiOwner, data(h, 'cl', c2.id));
      await press(h, hindiOwner, t(h, 'hi', 'owner:claim.owner_button'));
      await h.send(hindiOwner, 'रमेश कुमार');
      const buffalo = t(h, 'hi', 'common:cattle.buffalo');
      await press(h, hindiOwner, `${buffalo}, grey, broken horn`);
      await press(h, hindiOwner, t(h, 'hi', 'owner:heads.done_button'));
      await press(h, hindiOwner, t(h, 'hi', 'owner:pay.cash_button'));
      const BUFFALO = TWO_BUFFALOES / 2;
      await press(h, hindiOwner, t(h, 'hi', 'owner:pay.paid_button', { amount: BUFFALO }));
      await flushOutbox(h.deps, h.bot.api);
      await press(h, keeper, t(h, 'en', 'card:payment.confirm'));
      const paid = await h.deps.db.payment.findFirstOrThrow({
        where: { caseId: c2.id, payerTelegramId: BigInt(hindiOwner.id) },
        include: { receipt: true },
      });
      expect([paid.status, paid.part, Number(paid.amountPaise)]).toEqual(['CONFIRMED', true, BUFFALO]);
      await flushOutbox(h.deps, h.bot.api);
      const receipt = h.api
        .sentTo(hindiOwner.id)
        .find((m) => m.text.includes(paid.receipt!.number) && m.text.includes(formatRupees(BUFFALO, 'hi')))!;
      expect(receipt.text).toContain(
        t(h, 'hi', 'receipt:owner.part_heads', { count: 1, heads: `${buffalo}, grey, broken horn` }),
      );
      expect(receipt.text).toContain('प्रकरण के केवल आपके 1 पशु के लिए: भैंस, grey, broken horn।');
      // Not the co-owner's cow.
      expect(receipt.text).not.toContain('red, white tail');
      expect(receipt.text).not.toContain(t(h, 'hi', 'common:cattle.cow'));
      await h.send(hindiOwner, `/verify ${paid.receipt!.verificationCode}`);
      expect(lastText(hindiOwner.id)).toContain(
        t(h, 'hi', 'owner:verify.part_heads', { count: 1, list: `${buffalo}, grey, broken horn` }),
      );
      expect(lastText(hindiOwner.id)).not.toContain('red, white tail');
    });
  },
);
