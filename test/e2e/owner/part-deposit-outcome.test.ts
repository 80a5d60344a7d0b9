import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig } from '../../../src/config';
import { REMINDERS } from '../../../src/services/reminders';
import { paiseOf } from '../../../src/db';
import type { BotHarness } from '../../support/bot-harness';
import { dbKinds } from '../../support/db';
import { actorOf } from '../../support/case-fixture';
import { caseFixture } from '../../support/case-builder';
import { payCase } from '../../support/paid-case';
import { enrolStaff } from '../../support/fixtures';
import { englishOwner, hindiOwner, ownerHarness, t } from './owner-harness';

const keeper = { id: 7901, firstName: 'Keeper Amer', languageCode: 'en' };
const magistrate = { id: 7902, firstName: 'DM office', languageCode: 'en' };
const hindiMagistrate = { id: 7903, firstName: 'DM karyalay', languageCode: 'hi' };

/**
 * The District Magistrate's outcome of one owner's deposit under protest for his own heads (ss. 15, 20–22; issue
 * 10.11): two owners of one entry each deposit for their own head; asked by case number the office is shown both
 * deposits by receipt (nothing recorded); `/outcome <receipt> refund|apply <ref>` records each on its own, the
 * depositor is told, the case goes on; a second outcome for the same receipt is refused and changes nothing.
 *
 * Amounts by hand (demo rates of JAI1, src/db/seed.ts): impounded 27 Nov 2026 11:00 IST, deposited 29 Nov 10:00
 * → 3 feeding days (27, 28, 29 Nov); cow ₹100 fine + 3 × ₹70 = ₹310 (31000 paise); buffalo ₹200 + 3 × ₹90 = ₹470.
 */
describe.each(await dbKinds())('magistrate: the outcome of an owner’s part deposit, by its receipt (%s)', (dbKind) => {
  let h: BotHarness;
  let c: { id: number; number: string; heads: Array<{ id: number }> };
  const receipts: string[] = [];
  beforeAll(async () => {
    h = await ownerHarness({ dbKind, jobs: true });
    await enrolStaff(h.deps.db, keeper.id, 'POUND_KEEPER', ['JAI1'], 'Amer keeper');
    await enrolStaff(h.deps.db, magistrate.id, 'MAGISTRATE', ['JAI1'], 'DM Jaipur');
    await enrolStaff(h.deps.db, hindiMagistrate.id, 'MAGISTRATE', ['JAI1'], 'DM Jaipur (hi)');
    for (const u of [keeper, magistrate]) await h.send(u, '/help');
    await h.send(hindiMagistrate, '/language hi');
    c = await caseFixture(h.deps.db, {
      pound: 'JAI1',
      impoundedAt: '2026-11-27T11:00:00+05:30',
      place: 'Achrol',
      heads: [
        ['cow', 'black, white star'],
        ['buffalo', 'brown'],
        ['buffalo', 'black'],
      ],
    }).build();
    const act = await actorOf(h.deps.db, keeper.id);
    const config = createConfig(process.env);
    for (const [owner, head, name] of [
      [englishOwner, c.heads[0]!, 'Sunita Devi'],
      [hindiOwner, c.heads[1]!, 'रमेश चौधरी'],
    ] as const) {
      await h.send(owner, '/start');
      const d = await payCase(h.deps.db, c.id, {
        owner: { id: owner.id, name },
        section: 's15',
        heads: [c.heads.indexOf(head) + 1],
        at: h.clock.now(),
        config,
        confirmedBy: act,
      });
      const p = await h.deps.db.payment.findUniqueOrThrow({ where: { id: d.paymentId }, include: { receipt: true } });
      expect(p.part).toBe(true);
      receipts.push(p.receipt!.number);
    }
    await h.drain();
  });
  afterAll(() => h?.close());

  const footprint = async () => ({
    ledger: await h.deps.db.ledgerEntry.count(),
    orders: await h.deps.db.courtOrder.count(),
    version: (await h.deps.db.case.findUniqueOrThrow({ where: { id: c.id } })).version,
  });

  it('s. 20: each part depositor is reminded of his own deposit until he records his complaint', async () => {
    const ctx = { db: h.deps.db, config: h.deps.config, translator: h.deps.translator };
    const now = h.clock.now();
    const due = async () =>
      (await REMINDERS['s20-complaint-early'](ctx, c.id, now)).map((m) => [m.chatId, m.key, m.params?.amount]);
    expect(await due()).toEqual([
      [String(englishOwner.id), 'jobs:complaint.early', 31000],
      [String(hindiOwner.id), 'jobs:complaint.early', 47000],
    ]);
    await h.send(englishOwner, `/complaint ${c.number}`);
    await h.send(englishOwner, 'CMP-11/2026');
    await h.send(englishOwner, '29/11/2026');
    expect(await h.deps.db.complaint.count({ where: { caseId: c.id } })).toBe(1);
    expect(await due()).toEqual([[String(hindiOwner.id), 'jobs:complaint.early', 47000]]);
  });

  it('asked by case number: both part deposits are listed by receipt, amount and depositor; nothing is recorded', async () => {
    const before = await footprint();
    await h.send(magistrate, `/outcome ${c.number} refund DM/JPR/S20/7/2026`);
    const lines = [
      t(h, 'en', 'officer:outcome.part_line', { receipt: receipts[0], amount: 31000, depositor: 'Sunita Devi' }),
      t(h, 'en', 'officer:outcome.part_line', { receipt: receipts[1], amount: 47000, depositor: 'रमेश चौधरी' }),
    ];
    expect(h.api.lastTo(magistrate.id)!.text).toBe(
      t(h, 'en', 'officer:outcome.part_deposits', {
        number: c.number,
        count: 2,
        lines: lines.join('\n'),
        example: receipts[0],
      }),
    );
    expect(h.api.lastTo(magistrate.id)!.text).toContain('2 owners deposited for their own heads');
    expect(await footprint()).toEqual(before);
  });

  it('refund of Sunita’s deposit by its receipt: recorded, she is told, the case goes on; a second outcome is refused', async () => {
    await h.send(magistrate, `/outcome ${receipts[0]} refund DM/JPR/S20/7/2026`);
    expect(h.api.lastTo(magistrate.id)!.text).toBe(
      t(h, 'en', 'officer:outcome.part_refunded', {
        receipt: receipts[0],
        number: c.number,
        amount: 31000,
        reference: 'DM/JPR/S20/7/2026',
      }),
    );
    const refund = await h.deps.db.ledgerEntry.findMany({ where: { caseId: c.id, account: 'DEPOSIT_REFUND' } });
    expect(refund.map((e) => paiseOf(e.amountPaise))).toEqual([31000]);
    expect((await h.deps.db.case.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('IMPOUNDED');
    await h.drain();
    expect(h.api.lastTo(englishOwner.id)!.text).toContain('DM/JPR/S20/7/2026');

    const before = await footprint();
    await h.send(magistrate, `/outcome ${receipts[0]} apply DM/JPR/S20/8/2026`);
    expect(h.api.lastTo(magistrate.id)!.text).toContain(c.number);
    expect(await footprint()).toEqual(before);
  });

  it('in Hindi: Ramesh’s deposit applied to his buffalo’s dues — ₹200 fine to the Magistrate, ₹270 feeding to the keeper (s. 17)', async () => {
    await h.send(hindiMagistrate, `/outcome ${receipts[1]!.toLowerCase()} apply DM/JPR/S20/9/2026`);
    const text = h.api.lastTo(hindiMagistrate.id)!.text;
    expect(text.startsWith(`दर्ज हो गया: रसीद ${receipts[1]} (प्रकरण ${c.number}) की धारा 15 की जमा राशि ₹470.00`)).toBe(
      true,
    );
    expect(text).toContain('शेष पशुओं के लिए प्रकरण जारी है');
    const entries = await h.deps.db.ledgerEntry.findMany({
      where: { caseId: c.id, idempotencyKey: { contains: ':deposit:apply:' } },
    });
    expect(Object.fromEntries(entries.map((e) => [e.account, paiseOf(e.amountPaise)]))).toEqual({
      DISTRICT_MAGISTRATE: 20000,
      POUND_KEEPER: 27000,
    });
  });

  it('a receipt that is no part deposit, or unknown, is answered and changes nothing', async () => {
    const before = await footprint();
    await h.send(magistrate, '/outcome JAI1-R-2026-999999 refund DM/1');
    expect(h.api.lastTo(magistrate.id)!.text).toBe(
      t(h, 'en', 'officer:outcome.no_part_deposit', { receipt: 'JAI1-R-2026-999999' }),
    );
    expect(await footprint()).toEqual(before);
  });
});
