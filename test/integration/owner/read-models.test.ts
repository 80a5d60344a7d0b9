import { describe, expect, it } from 'vitest';
import { runInScope } from '../../../src/observability/scope';
import { caseCard, duesScreen } from '../../../src/services/case-card';
import { parseCaseNumber } from '../../../src/services/cases';
import { duesForCase, nextDayIncrease, windowsFromConfig } from '../../../src/services/dues';
import { followCase, myCases, subscribeVillage } from '../../../src/services/subscriptions';
import { caseFixture, ist } from '../../support/case-builder';
import { actAs } from '../../support/case-fixture';
import { dbKinds, suiteDatabase } from '../../support/db';
import { seed } from '../../support/fixtures';

/**
 * Read models of the owner's screens: the case card, the dues screen and /mycases each come from ONE
 * statement (counted by the adapter, src/db/count-statements.ts), and say which buttons this viewer gets.
 */
const kinds = await dbKinds();
const NOW = new Date('2026-11-29T10:00:00+05:30');
const OWNER = 5_550_001n;
const OTHER = 5_550_002n;
const w = windowsFromConfig({ S20_COMPLAINT_WINDOW_DAYS: 10 });

/** Runs `fn` and returns its result with the number of SQL statements it issued. */
async function counted<T>(fn: () => Promise<T>): Promise<{ value: T; statements: number }> {
  let statements = 0;
  const value = await runInScope({}, async (scope) => {
    const v = await fn();
    statements = scope.statements;
    return v;
  });
  return { value, statements };
}

describe.each(kinds)('owner read models on %s', (kind) => {
  let poundId: number;
  /** A JAI1 entry of a black buffalo and a white cow seized at Kunda (impounded 27 Nov 2026 18:00 unless `impoundedAt`). */
  const makeCase = (impoundedAt = '2026-11-27T18:00:00+05:30') =>
    caseFixture(db.prisma, {
      impoundedAt,
      heads: [
        ['buffalo', 'black'],
        ['cow', 'white'],
      ],
    }).build();

  const db = suiteDatabase(kind, async () => {
    await seed(db.prisma, NOW);
    poundId = (await db.prisma.pound.findUniqueOrThrow({ where: { code: 'JAI1' } })).id;
    await db.prisma.telegramUser.createMany({
      data: [
        { id: OWNER, firstName: 'O' },
        { id: OTHER, firstName: 'P' },
      ],
    });
  });

  it('the case card, by typed number or id, in one statement: heads in order, pound, complaints, next step, buttons', async () => {
    const c = await makeCase();
    const typed = c.number.toLowerCase().replaceAll('-', ' ');
    await db.prisma.complaint.create({
      data: {
        caseId: c.id,
        telegramUserId: OWNER,
        reference: 'CC 12/2026',
        filedOn: new Date('2026-11-28T00:00:00Z'),
        recordedAt: NOW,
      },
    });
    await followCase(db.prisma, OWNER, c.id);
    const byNumber = await counted(() => caseCard(db.prisma, { number: parseCaseNumber(typed)! }, OWNER, NOW, w));
    expect(byNumber.statements).toBe(1);
    const card = byNumber.value!;
    expect(card).toMatchObject({
      id: c.id,
      number: c.number,
      status: 'IMPOUNDED',
      placeOfSeizure: 'Kunda',
      claimable: true,
      inCustody: true,
      auction: null,
    });
    expect(card.impoundedAt.toISOString()).toBe(c.impoundedAt.toISOString());
    expect(card.pound).toMatchObject({ id: poundId, code: 'JAI1' });
    expect(card.heads.map((h) => [h.cattleClass, h.description, h.status])).toEqual([
      ['buffalo', 'black', 'IMPOUNDED'],
      ['cow', 'white', 'IMPOUNDED'],
    ]);
    expect(card.complaints).toEqual([{ reference: 'CC 12/2026', filedOn: '2026-11-28', outcome: null }]);
    expect(card.next).toMatchObject({ kind: 'claim_by', date: '2026-12-04', section: 's. 14' });
    expect(card.actions).toEqual(['dues', 'claim', 'protest', 'unfollow']);
    const other = await counted(() => caseCard(db.prisma, c.id, OTHER, NOW, w));
    expect(other.statements).toBe(1);
    expect(other.value!.actions).toEqual(['dues', 'claim', 'protest', 'follow']);
    expect(await caseCard(db.prisma, { number: parseCaseNumber('JAI1-2026-9999')! }, OWNER, NOW, w)).toBeNull();
    expect(await caseCard(db.prisma, 987_654, null, NOW, w)).toBeNull();
  });

  it('the dues screen in one statement, valued as duesForCase / nextDayIncrease value it', async () => {
    const c = await makeCase();
    const r = await counted(() => duesScreen(db.prisma, c.id, OWNER, NOW, NOW, w));
    expect(r.statements).toBe(1);
    const screen = r.value!;
    const expected = await duesForCase(db.prisma, c.id, NOW);
    if (!screen.dues.ok || !expected.ok) throw new Error('dues');
    expect(screen.dues.value.breakdown).toEqual(expected.value.breakdown);
    expect(screen.rules).toEqual(expected.value.rules);
    expect(screen.nextDayPaise).toBe(await nextDayIncrease(db.prisma, c.id, NOW));
    expect(screen.nextDayPaise).toBeGreaterThan(0);
    expect(await duesScreen(db.prisma, 987_654, OWNER, NOW, NOW, w)).toBeNull();
  });

  it('s. 17: only someone who claimed the case, who has not asked yet, gets "ask for the surplus" while it is held', async () => {
    // Impounded 1 Oct, reported, noticed and sold on the s. 14 path; the split on 20 Nov 12:00 deposits the surplus.
    const officer = await actAs(db.prisma, 5_550_010, 'OFFICER', ['JAI1']);
    const c = await caseFixture(db.prisma, {
      impoundedAt: '2026-10-01T10:00:00+05:30',
      heads: [
        ['buffalo', 'black'],
        ['cow', 'white'],
      ],
      ownerTelegramId: OWNER,
    })
      .reported(ist('2026-10-09 00:00'))
      .noticed(officer, { postedAt: ist('2026-10-09 10:00') })
      .auction(officer, { at: ist('2026-10-17 11:00'), now: ist('2026-10-10 10:00') })
      .bidder(officer, { at: ist('2026-10-17 10:00') })
      .sold(officer, {
        at: ist('2026-10-17 12:00'),
        bids: [
          [1, 500_000],
          [2, 500_000],
        ],
      })
      .split(officer, ist('2026-11-20 12:00'))
      .build();
    expect([c.status, c.surplusDepositedAt]).toEqual(['SURPLUS_HELD', ist('2026-11-20 12:00')]);
    expect((await caseCard(db.prisma, c.id, OWNER, NOW, w))!.actions).toContain('request_surplus');
    expect((await caseCard(db.prisma, c.id, OTHER, NOW, w))!.actions).not.toContain('request_surplus');
    expect((await caseCard(db.prisma, c.id, null, NOW, w))!.actions).not.toContain('request_surplus');
    // A claim under s. 13 makes OTHER a claimant too.
    await db.prisma.claim.create({
      data: { caseId: c.id, kind: 'S13_CLAIM', telegramUserId: OTHER, claimantName: 'P', ownerName: 'P' },
    });
    expect((await caseCard(db.prisma, c.id, OTHER, NOW, w))!.actions).toContain('request_surplus');
    // Three months after the deposit the hold is over.
    expect((await caseCard(db.prisma, c.id, OWNER, new Date('2027-03-01T12:00:00+05:30'), w))!.actions).not.toContain(
      'request_surplus',
    );
    await db.prisma.surplusRequest.create({
      data: { caseId: c.id, telegramUserId: OWNER, claimantName: 'O', requestedAt: NOW },
    });
    expect((await caseCard(db.prisma, c.id, OWNER, NOW, w))!.actions).not.toContain('request_surplus');
    expect((await caseCard(db.prisma, c.id, OWNER, NOW, w))!.actions).toEqual(['follow']);
  });

  it('/mycases in one statement: claimed and followed cases newest first, complaints, village alerts', async () => {
    const a = await makeCase('2026-11-25T10:00:00+05:30');
    const b = await makeCase('2026-11-26T10:00:00+05:30');
    const viewer = 5_550_003n;
    await db.prisma.telegramUser.create({ data: { id: viewer, firstName: 'V' } });
    await db.prisma.claim.create({
      data: { caseId: a.id, kind: 'S13_CLAIM', telegramUserId: viewer, claimantName: 'V', ownerName: 'V' },
    });
    await followCase(db.prisma, viewer, a.id);
    await followCase(db.prisma, viewer, b.id);
    await db.prisma.complaint.create({
      data: {
        caseId: a.id,
        telegramUserId: viewer,
        reference: 'CC 1',
        filedOn: new Date('2026-11-28T00:00:00Z'),
        recordedAt: NOW,
        outcome: 'refund',
      },
    });
    await subscribeVillage(db.prisma, viewer, 'Kunda', 'buffalo');
    // b: the owner appeared and did not pay (s. 16), and one of its two animals has left the pound
    await db.prisma.case.update({ where: { id: b.id }, data: { ownerRefusedAt: NOW } });
    await db.prisma.head.update({ where: { id: b.heads[1]!.id }, data: { status: 'RELEASED' } });
    const r = await counted(() => myCases(db.prisma, viewer));
    expect(r.statements).toBe(1);
    expect(r.value.cases.map((c) => [c.number, c.claimed, c.complaints])).toEqual([
      [b.number, false, []],
      [a.number, true, [{ reference: 'CC 1', outcome: 'refund' }]],
    ]);
    expect(r.value.cases[1]!.impoundedAt.toISOString()).toBe(a.impoundedAt.toISOString());
    // for the status in words: the s. 14 path, and the animals still in the pound (one reads singular)
    expect(r.value.cases.map((c) => [c.ownerRefusedAt?.toISOString() ?? null, c.inPound])).toEqual([
      [NOW.toISOString(), 1],
      [null, 2],
    ]);
    expect(r.value.villages).toEqual([expect.objectContaining({ villageKey: 'kunda', filter: 'buffalo' })]);
    expect(r.value.total).toBe(2);
    // Only the newest `limit` are built; the total still counts them all.
    const newest = await myCases(db.prisma, viewer, 1);
    expect([newest.cases.map((c) => [c.number, c.claimed]), newest.total]).toEqual([[[b.number, false]], 2]);
    expect(await myCases(db.prisma, 5_550_999n)).toEqual({ cases: [], total: 0, villages: [] });
  });
});
