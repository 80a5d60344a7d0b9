import { describe, expect, it } from 'vitest';
import { createConfig } from '../../../src/config';
import { paiseOf } from '../../../src/db';
import { recordClaim } from '../../../src/services/claims';
import { recordClaimDivision } from '../../../src/services/claim-division';
import { confirmRemittance, moneyStatus } from '../../../src/services/sale';
import { confirmPayment, declarePayment } from '../../../src/services/payments';
import { loadGrants, staffActorOf } from '../../../src/services/staff';
import { dbKinds, suiteDatabase } from '../../support/db';
import { enrolStaff, seed } from '../../support/fixtures';
import { actAs } from '../../support/case-fixture';

const config = createConfig({ LOG_LEVEL: 'silent', BOT_TOKEN: '123456:TEST-TOKEN-TEST-TOKEN-TEST-TOKEN-TEST' });

/**
 * s. 13 money divided in the ledger (s. 17 second paragraph): the keeper retains the feeding
 * charges, the fines/penalties are the District Magistrate's and their remittance is tracked as for a sale.
 */
describe.each(await dbKinds())('s. 13 payment divided in the ledger on %s', (kind) => {
  const now = new Date('2026-11-29T10:00:00+05:30');
  const tdb = suiteDatabase(kind, async (db) => {
    await seed(db, now);
    await enrolStaff(db, 7101, 'POUND_KEEPER', ['JAI1']);
  });

  it('fines to the Magistrate, feeding to the keeper, conserved per case; replayed twice, no new rows; fines remitted once', async () => {
    const db = tdb.prisma;
    const c = await db.case.findFirstOrThrow({ where: { pound: { code: 'JAI1' }, placeOfSeizure: 'Kunda' } });
    await db.telegramUser.upsert({ where: { id: 7199n }, create: { id: 7199n, firstName: 'Owner' }, update: {} });
    const claim = await recordClaim(db, {
      caseId: c.id,
      kind: 'S13_CLAIM',
      telegramUserId: 7199n,
      claimantName: 'Ramesh',
      isAgent: false,
      ownerName: 'Ramesh',
      intendsComplaint: false,
    });
    const d = await declarePayment(
      { db, config },
      {},
      { claimId: claim.id, telegramUserId: 7199n, method: 'CASH', amountPaise: null, upiRef: null, now },
    );
    if (d.kind !== 'declared') throw new Error(d.kind);
    const grants = await loadGrants(db, 7101n);
    const via = { telegramId: 7101n, chatId: 7101, messageId: 55 };
    const r = await confirmPayment(db, {
      paymentId: d.paymentId,
      actor: staffActorOf(grants, via),
      now,
      botUsername: 'b',
    });
    expect(r.status).toBe('confirmed');

    const p = await db.payment.findUniqueOrThrow({ where: { id: d.paymentId } });
    const totals = (p.duesSnapshot as { totals: { finePaise: number; feedingPaise: number; totalPaise: number } })
      .totals;
    const ledger = async () =>
      (await db.ledgerEntry.findMany({ where: { caseId: c.id }, orderBy: { id: 'asc' } })).map(
        (e) => [e.account, e.idempotencyKey, paiseOf(e.amountPaise)] as const,
      );
    const first = await ledger();
    expect(first).toEqual([
      ['OWNER_PAYMENT', `payment:${p.id}:received`, totals.totalPaise],
      ['DISTRICT_MAGISTRATE', `payment:${p.id}:split:DISTRICT_MAGISTRATE`, totals.finePaise],
      ['POUND_KEEPER', `payment:${p.id}:split:POUND_KEEPER`, totals.feedingPaise],
    ]);
    // Conserved to the paisa: the parts are what was received.
    expect(first.slice(1).reduce((s, e) => s + e[2], 0)).toBe(first[0]![2]);

    // Replayed twice (the confirmation and the division itself): no new rows.
    for (let i = 0; i < 2; i++) {
      expect(
        (await confirmPayment(db, { paymentId: d.paymentId, actor: staffActorOf(grants, via), now, botUsername: 'b' }))
          .status,
      ).toBe('already');
      await db.$transaction((tx) =>
        recordClaimDivision(tx, {
          caseId: c.id,
          paymentId: p.id,
          snapshot: p.duesSnapshot,
          receivedPaise: paiseOf(p.amountPaise),
          now,
        }),
      );
    }
    expect(await ledger()).toEqual(first);

    // The fines are owed to the Magistrate (the feeding charges are already the keeper's): remitted once.
    expect((await moneyStatus(db, c.id)).pending).toEqual(['FINES_TO_MAGISTRATE']);
    const officer = await actAs(db, 7102, 'OFFICER', ['JAI1']);
    const rem = await confirmRemittance(db, officer, c.id, 'FINES_TO_MAGISTRATE', now);
    expect(rem.amountPaise).toBe(totals.finePaise);
    expect((await moneyStatus(db, c.id)).pending).toEqual([]);
    await expect(confirmRemittance(db, officer, c.id, 'FEEDING_TO_POUND_KEEPER', now)).rejects.toMatchObject({
      code: 'NOTHING_TO_REMIT',
    });
  });
});
