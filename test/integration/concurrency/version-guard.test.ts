import { describe, expect, it } from 'vitest';
import { createConfig } from '../../../src/config';
import { recordClaim } from '../../../src/services/claims';
import { confirmPayment, declarePayment } from '../../../src/services/payments';
import { releaseCattle } from '../../../src/services/release';
import { loadStaffActor } from '../../../src/services/staff';
import { postgresOnly, suiteDatabase } from '../../support/db';
import { enrolStaff, seed } from '../../support/fixtures';

/**
 * Every status change goes through `transition()` (src/services/case-transition.ts), guarded by Case.version:
 * a change committed by someone else between our read and our write makes the whole action a CONFLICT refusal
 * with nothing kept — payment confirmation, rejection and release included. The other change is held open in a
 * second transaction (a row lock on the case) while the action runs, so the interleaving is certain. Real
 * Postgres only (PGlite has one connection).
 */
const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST' });
const kinds = (await postgresOnly()) ? (['postgres'] as const) : [];

describe.each(kinds)('a case changed under an action is a CONFLICT (%s)', (kind) => {
  const now = new Date('2026-11-29T10:00:00+05:30');
  const db = () => tdb.prisma;
  const keeper = (messageId: number) => loadStaffActor(db(), { telegramId: 7301n, chatId: 7301, messageId });

  const tdb = suiteDatabase(kind, async () => {
    await seed(tdb.prisma, now);
    await enrolStaff(tdb.prisma, 7301, 'POUND_KEEPER', ['JAI1', 'JAI2']);
  });

  /** Bumps the case's version in a transaction that stays open until `action` is blocked on it, then commits. */
  async function underConcurrentChange<T>(caseId: number, action: () => Promise<T>): Promise<PromiseSettledResult<T>> {
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const other = db().$transaction(
      async (tx) => {
        await tx.case.update({ where: { id: caseId }, data: { version: { increment: 1 } } });
        locked();
        await new Promise((r) => setTimeout(r, 700));
      },
      { timeout: 10_000 },
    );
    await isLocked;
    const [result] = await Promise.allSettled([action(), other]);
    return result!;
  }

  async function declared(place: string, owner: bigint) {
    const c = await db().case.findFirstOrThrow({ where: { placeOfSeizure: place } });
    await db().telegramUser.create({ data: { id: owner, firstName: 'Owner' } });
    const claim = await recordClaim(db(), {
      caseId: c.id,
      kind: 'S13_CLAIM',
      telegramUserId: owner,
      claimantName: 'Owner',
      isAgent: false,
      ownerName: 'Owner',
    });
    const d = await declarePayment(
      { db: db(), config },
      {},
      { claimId: claim.id, telegramUserId: owner, method: 'CASH', amountPaise: null, upiRef: null, now },
    );
    if (d.kind !== 'declared') throw new Error(d.kind);
    return { c, paymentId: d.paymentId };
  }

  it('a confirmation: refused as CONFLICT, the payment stays pending, no ledger row, no receipt', async () => {
    const { c, paymentId } = await declared('Kunda', 7401n);
    const r = await underConcurrentChange(c.id, async () =>
      confirmPayment(db(), { paymentId, actor: await keeper(1), now, botUsername: 'bot' }),
    );
    expect(r.status === 'rejected' && r.reason).toMatchObject({ name: 'Refusal', code: 'CONFLICT' });
    expect((await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe('PENDING');
    expect(await db().ledgerEntry.count({ where: { caseId: c.id } })).toBe(0);
    expect(await db().receipt.count({ where: { caseId: c.id } })).toBe(0);
    // Asked again on the fresh case, it is confirmed.
    expect((await confirmPayment(db(), { paymentId, actor: await keeper(2), now, botUsername: 'bot' })).status).toBe(
      'confirmed',
    );
  });

  it('a release: refused as CONFLICT, the cattle stay in the pound, no Release row', async () => {
    const c = await db().case.findFirstOrThrow({ where: { placeOfSeizure: 'Kunda' } });
    const r = await underConcurrentChange(c.id, async () =>
      releaseCattle(db(), { caseNumber: c.number, actor: await keeper(3), now }),
    );
    expect(r.status === 'rejected' && r.reason).toMatchObject({ name: 'Refusal', code: 'CONFLICT' });
    expect(await db().release.count({ where: { caseId: c.id } })).toBe(0);
    expect(await db().head.count({ where: { caseId: c.id, status: 'IMPOUNDED' } })).toBe(2);
    expect((await releaseCattle(db(), { caseNumber: c.number, actor: await keeper(4), now })).status).toBe('released');
  });

  it("an owner's declaration is retried once on the fresh case (version moved by both)", async () => {
    const c = await db().case.findFirstOrThrow({ where: { placeOfSeizure: 'Samod' } });
    await db().telegramUser.create({ data: { id: 7402n, firstName: 'Owner' } });
    const claim = await recordClaim(db(), {
      caseId: c.id,
      kind: 'S13_CLAIM',
      telegramUserId: 7402n,
      claimantName: 'Owner',
      isAgent: false,
      ownerName: 'Owner',
    });
    const r = await underConcurrentChange(c.id, () =>
      declarePayment(
        { db: db(), config },
        {},
        { claimId: claim.id, telegramUserId: 7402n, method: 'CASH', amountPaise: null, upiRef: null, now },
      ),
    );
    expect(r.status === 'fulfilled' && r.value.kind).toBe('declared');
    expect(await db().payment.count({ where: { caseId: c.id, status: 'PENDING' } })).toBe(1);
    expect((await db().case.findUniqueOrThrow({ where: { id: c.id } })).version).toBe(c.version + 2);
  });
});
